"""French typography of what the site, its scripts and the `lois` command write: one definition of the rules.

Spaces, as the *Lexique des règles typographiques en usage à l'Imprimerie nationale* sets them:

- a narrow no-break space (U+202F, « espace fine insécable ») before « ; », « ! », « ? » and « % »;
- a no-break word space (U+00A0, « espace-mot insécable ») before « : », after « « » and before « » »;
- never an ordinary space before these signs, so that none of them ever starts a line.

:func:`french_spacing` applies them to a text: the spaces it finds before (or inside) these signs become the
right no-break space, a missing space before « % » after a number is added; no word is changed. The site applies it
to every page once written (:func:`lois.render.typo_html.html_spacing`, uniformly, the texts of the Code included:
only their spaces change), and its scripts to what they write, with the same patterns
(:mod:`lois.render.typo_js`).

Counts: French puts the singular for 0 and 1 and the plural from 2 on, never « résultat(s) »: :func:`count`
(« 1 résultat », « 3 résultats »), for the templates, the scripts (the same rule, :mod:`lois.render.typo_js`) and
the command.

>>> french_spacing("Arbitre ! Une renonce ? « Loi 12 » : 50% ; fin")
'Arbitre\\u202f! Une renonce\\u202f? «\\xa0Loi 12\\xa0»\\xa0: 50\\u202f%\\u202f; fin'
>>> french_spacing("12:30, https://x, «\\xa0déjà\\xa0»") == "12:30, https://x, «\\xa0déjà\\xa0»"
True
>>> count(0, "résultat"), count(1, "situation manquée", "situations manquées"), count(2, "renvoi")
('0 résultat', '1 situation manquée', '2 renvois')
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from lois.core.lazyre import compile_lazily

NARROW_NBSP = "\u202f"  # espace fine insécable
NBSP = "\u00a0"  # espace-mot insécable

_WS = r"[ \t\r\n\u00a0\u202f]"
_NOT_AFTER_WS = r"(?<!" + _WS + ")"  # a run of spaces is read from its start only (no quadratic backtracking)
# (pattern, replacement), applied in this order; each replacement only puts a space where one stood (or, for « % »
# after a number, where one is missing): the words are never touched. Here and below, each pattern is compiled when
# first used (lois.core.lazyre): `lois cherche` counts its results, it spaces nothing
RULES: list[tuple[re.Pattern[str], str]] = [
    (compile_lazily(_NOT_AFTER_WS + _WS + r"+(?=[;!?%])"), NARROW_NBSP),
    (compile_lazily(_NOT_AFTER_WS + _WS + r"+(?=:)"), NBSP),
    (compile_lazily(r"(?<=\d)(?=%(?![0-9A-Fa-f]{2}))"), NARROW_NBSP),  # not « %20 » in an address
    (compile_lazily(r"(?<=«)" + _WS + r"*"), NBSP),
    (compile_lazily(_NOT_AFTER_WS + _WS + r"+(?=»)|(?<!" + _WS + r")(?=»)"), NBSP),
]

# what a reader must never see (tests/test_typography.py reads every page with these): an ordinary space before
# one of the signs or inside the guillemets, no space at all between a word and « ; ! ? » or between a number and
# « % », two no-break spaces in a row, and a « (s) » plural
FAULTS: list[tuple[str, re.Pattern[str]]] = [
    ("espace ordinaire avant le signe", compile_lazily(r"(?<![ \t\r\n])[ \t\r\n]+[;:!?%»]")),
    ("espace ordinaire après «", compile_lazily(r"«[ \t\r\n]")),
    ("mot collé au signe", compile_lazily(r"[^\W\d_][;!?](?=\s|$)")),
    ("nombre collé à %", compile_lazily(r"\d%")),
    ("espace avant « ; ! ? % » autre que l'espace fine insécable", compile_lazily(r"\u00a0[;!?%]")),
    ("deux espaces insécables de suite", compile_lazily(r"[\u00a0\u202f]{2}")),
    ("pluriel « (s) »", compile_lazily(r"[^\W\d_](?<!http)\((?:s|x|e|es)\)(?!\w)")),
]

PLURAL_FROM = 2  # French: « 0 résultat », « 1 résultat », « 2 résultats »


def french_spacing(text: str) -> str:
    return _spaced(text) if len(text) <= _MEMO_LEN else _spacing(text)


def _spacing(text: str) -> str:
    for pattern, space in RULES:
        text = pattern.sub(space, text)
    return text


# a short text (a menu entry, a label, a sentence) comes back on page after page, and under `mkdocs serve` at every
# save: it is spaced once (a pure function of the text)
_MEMO_LEN = 400
_spaced = lru_cache(maxsize=1 << 14)(_spacing)  # at most a few megabytes


def plural(n: int | float, one: str, many: str | None = None) -> str:
    """The form of ``one`` (singular) or ``many`` (plural; by default ``one`` + « s ») that agrees with ``n``."""
    return one if abs(n) < PLURAL_FROM else (many if many is not None else one + "s")


def count(n: int | float, one: str, many: str | None = None) -> str:
    """« 3 situations manquées »: ``n`` and the words that agree with it."""
    return f"{n} {plural(n, one, many)}"


# What a message quotes of a text a person typed or an address carried (a query, an answer, a short link, an anchor):
# :func:`quoted`, the same rule in the scripts (typo.js loisTypo.quoted, generated with these values)
QUOTE_MAX = 80  # characters (code points) quoted at most
# the spaces a quotation leaves out around the text (str.isspace: every Unicode space and line end; written out, the
# same class in typo.js; tests/test_typography.py checks it against str.isspace)
QUOTE_SPACES = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
ZWJ = "\u200d"


def _joins(ch: str) -> bool:
    """Whether ``ch`` is read with the character before it (a cut there would part them): a combining mark (an
    accent typed apart, a variation selector), an emoji's skin tone, a tag character, the zero-width joiner. typo.js:
    the same class (\\p{M} and these ranges)."""
    return (unicodedata.category(ch)[0] == "M" or ch == ZWJ or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or "\U000e0020" <= ch <= "\U000e007f")


def quoted(text: str, most: int = QUOTE_MAX) -> str:
    """``text`` as a message quotes it between « »: without the spaces around it; when it is longer than ``most``
    characters, cut before, never between a letter and its accent nor inside an emoji, the spaces before the cut
    left out, and « … » said where it was cut (the reader knows it was longer).

    >>> quoted("  carte pénalisée ")
    'carte pénalisée'
    >>> quoted("renonce " * 12)[-12:]
    'nce renonce…'
    >>> quoted("ab" + "e\u0301" * 3, 3)
    'ab…'
    """
    text = text.strip(QUOTE_SPACES)
    if len(text) <= most:
        return text
    cut = most
    while cut > 0 and (_joins(text[cut]) or text[cut - 1] == ZWJ):
        cut -= 1
    return text[:cut].rstrip(QUOTE_SPACES) + "\u2026"


def faults(text: str, around: int = 30) -> list[str]:
    """Each place of ``text`` (what a reader sees) that breaks a rule, with its context."""
    out = []
    for what, pattern in FAULTS:
        for m in pattern.finditer(text):
            shown = text[max(0, m.start() - around):m.end() + around].replace("\n", "⏎")
            out.append(f"{what} : …{shown}…")
    return out
