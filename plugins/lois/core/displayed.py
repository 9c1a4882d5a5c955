"""What a text is as it is displayed, read the same by the citation scanner (:mod:`lois.core.cite`) and by the search
(:func:`lois.features.search.query.read_query`), here and in the browser (``loisDisplayed`` of render/assets/ids.js,
from :func:`reading`, the one script both the club linkifier and the site's search load):

* an invisible format character (zero-width space, soft hyphen, direction marks, BOM) is skipped;
* a full-width form (« １６ ») is read as ASCII;
* a white space of Python's that JavaScript does not know (U+0085, U+001C–U+001F) is read as a space (U+FEFF, the
  other way round, is invisible), so that the two engines' « \\s » agree on every text read;
* a character followed by combining marks (« e » + U+0301, « e » + U+0301 + U+0323) is read as the composed form of
  that cluster (NFC), whatever its length: « é », « ẹ́ » (two characters, the marks reordered).

:func:`displayed` says where each character read comes from in the text as written (the spans of a citation are
those of the text as written). A module without the citation grammar, so that `lois cherche` reads a query without
compiling it.
"""
from __future__ import annotations

import re
import unicodedata

INVISIBLE = ("\u00ad\u061c\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063"
             "\u2064\u2066\u2067\u2068\u2069\ufeff")
WIDE = (0xFF01, 0xFF5E, 0xFEE0)  # full-width forms of « ! » to « ~ », and what they are apart from ASCII
# White space to Python, not to JavaScript, read as the space it is here (lois.render.jsregex, spaces="native")
SPACES = "\x1c\x1d\x1e\x1f\x85"
# Combining marks (the body of a character class): they belong to the character before them
MARKS = r"\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
MARK = re.compile(f"[{MARKS}]")
# A text without any of these is read as it is written
ODD = re.compile(f"[{INVISIBLE}{SPACES}{chr(WIDE[0])}-{chr(WIDE[1])}{MARKS}]")


def reading() -> dict:
    """The data of the browser's reader (``loisDisplayed``); ``odd`` and ``mark`` are compiled patterns, which the
    exporters translate (lois.render.ids_js.reading_data)."""
    return {"invisible": INVISIBLE, "spaces": SPACES, "wide": list(WIDE), "odd": ODD, "mark": MARK}


def displayed(text: str) -> tuple[str, list[int], list[int]] | None:
    """The text as displayed, with where each of its characters starts and ends in ``text`` (the characters of a
    composed cluster all span the cluster); None when it is ``text`` itself. Linear: each cluster is composed once."""
    if not ODD.search(text):
        return None
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    cluster: list[str] = []  # the character being read and the marks after it
    first = last = 0

    def flush() -> None:
        shown = unicodedata.normalize("NFC", "".join(cluster)) if len(cluster) > 1 else cluster[0]
        out.extend(shown)
        starts.extend([first] * len(shown))
        ends.extend([last] * len(shown))

    for i, ch in enumerate(text):
        if ch in INVISIBLE:
            continue
        if cluster and MARK.match(ch):
            cluster.append(ch)
            last = i + 1
            continue
        if cluster:
            flush()
        if WIDE[0] <= ord(ch) <= WIDE[1]:
            ch = chr(ord(ch) - WIDE[2])
        elif ch in SPACES:
            ch = " "
        cluster, first, last = [ch], i, i + 1
    if cluster:
        flush()
    return "".join(out), starts, ends


def read(text: str) -> str:
    """The text as displayed, without the spans (:func:`displayed`)."""
    shown = displayed(text)
    return text if shown is None else shown[0]
