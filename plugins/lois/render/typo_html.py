"""French spacing (:func:`lois.core.typo.french_spacing`) over a whole written page, once, for every page alike.

The text of the page is rewritten, with the tooltips, labels and hints a reader sees (``title``, ``alt``,
``aria-label``, ``placeholder``); markup, scripts, styles and code shown as code (``pre``, ``code``, ``kbd``,
``samp``, ``textarea``) are left exactly as they were. Only spaces change, never a word: the texts of the Code
keep their words (their checks, :mod:`lois.core.grounds`, count no spacing). A page of a few hundred kilobytes is
read by regular expressions in a few milliseconds.

>>> html_spacing('<p title="Loi 12 : texte">Arbitre ! <code>a ; b</code> « <a href="?x=1;y">Loi 9</a> »</p>')
'<p title="Loi 12\\xa0: texte">Arbitre\\u202f! <code>a ; b</code> «\\xa0<a href="?x=1;y">Loi 9</a>\\xa0»</p>'
"""
from __future__ import annotations

import re
from functools import lru_cache

from lois.core.typo import french_spacing

_KEPT = ("script", "style", "pre", "code", "kbd", "samp", "textarea")
# a kept element whole, a comment, a tag, or a run of text
_PARTS = re.compile(r"(<(" + "|".join(_KEPT) + r")\b[^>]*>.*?</\2\s*>)|(<!--.*?-->)|(<[^>]*>)|([^<]+|<)",
                    re.S | re.I)
_SHOWN_NAMES = ("title=", "alt=", "aria-label=", "placeholder=", "TITLE=", "ALT=", "ARIA-LABEL=", "PLACEHOLDER=")
_SHOWN = re.compile(r'''(\s(?:title|alt|aria-label|placeholder)=)("[^"]*"|'[^']*')''', re.I)
_SIGNS = re.compile(r"[;:!?%«»]")
_TAG = re.compile(r"</?[a-z][a-z0-9]*[\s>/]")  # a string of data that holds markup (a sentence with its links)


def _tag(tag: str) -> str:
    if not any(a in tag for a in _SHOWN_NAMES) or not _SIGNS.search(tag):
        return tag
    return _SHOWN.sub(lambda m: m.group(1) + french_spacing(m.group(2)), tag)


def html_spacing(page: str) -> str:
    return _spaced(page) if len(page) <= _MEMO_LEN else _spacing(page)


# The same reading in three passes of a regular expression each, which skip in C what needs no change: the kept
# elements and comments first; between them, the tags holding one of the signs, then the runs of text holding one
# (a run starts after a « > »: a tag ends at its first « > », as above). A page is read part by part instead
# (:func:`html_spacing_by_parts`) when, between kept elements, a « < » has no « > » after it: above, a run of text,
# or a tag that a kept element ends (« <a <code>… »).
_KEPT_PART = re.compile(r"<(" + "|".join(_KEPT) + r")\b[^>]*>.*?</\1\s*>|<!--.*?-->", re.S | re.I)
_SIGNED_TAG = re.compile(r"<[^>;:!?%«»]*+[;:!?%«»][^>]*+>")
_SIGNED_TEXT = re.compile(r">([^<;:!?%«»]*+[;:!?%«»][^<]*+)")


def _signed_text(m: re.Match) -> str:
    return ">" + french_spacing(m.group(1))


def _spacing(page: str) -> str:
    out, at = [], 0
    for m in (*_KEPT_PART.finditer(page), None):
        between = page[at:m.start() if m else len(page)]
        if between.rfind("<") > between.rfind(">"):
            return html_spacing_by_parts(page)
        between = _SIGNED_TAG.sub(lambda t: _tag(t.group()), between)
        out.append(_SIGNED_TEXT.sub(_signed_text, ">" + between)[1:])
        if m:
            out.append(m.group())
            at = m.end()
    return "".join(out)


def html_spacing_by_parts(page: str) -> str:
    """The reading part by part (one regular expression step per tag or run of text): what the three passes of
    :func:`html_spacing` give way to, and the reference they are checked against (tests/test_typography.py)."""
    out = []
    for m in _PARTS.finditer(page):
        kept, _, comment, tag, text = m.groups()
        if text is not None:
            out.append(french_spacing(text) if _SIGNS.search(text) else text)
        elif tag is not None:
            out.append(_tag(tag))
        else:
            out.append(kept or comment)
    return "".join(out)


# a fragment (a linked sentence, a label) comes back in the data of several widgets, and under `mkdocs serve` at every
# save: it is spaced once (a pure function of the text); a whole page is not kept
_MEMO_LEN = 2000
_spaced = lru_cache(maxsize=1 << 12)(_spacing)  # at most a few megabytes


def spaced_data(data):
    """The same spacing over the texts of data a script shows (JSON in a page, a data file): a string whose key ends
    in ``html``, or that holds markup, is HTML (:func:`html_spacing`), any other string text (:func:`french_spacing`);
    keys are kept.

    >>> spaced_data({"q": "Qui ?", "why_html": '<a title="x : y">a</a> : b', "n": [1, "« c »"]})
    {'q': 'Qui\\u202f?', 'why_html': '<a title="x\\xa0: y">a</a>\\xa0: b', 'n': [1, '«\\xa0c\\xa0»']}
    """
    if isinstance(data, str):
        return html_spacing(data) if _TAG.search(data) else french_spacing(data)
    if isinstance(data, dict):
        return {k: html_spacing(v) if isinstance(k, str) and k.endswith("html") and isinstance(v, str)
                else spaced_data(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [spaced_data(v) for v in data]
    return data
