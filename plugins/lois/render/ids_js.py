"""Provision ids in the browser: the data that says how an id is typed, written, keyed and walked up, generated
from the one definition of :mod:`lois.core.ids` and of the lenient parser
:func:`lois.core.cite.parse_provision_id`, and the one generic reader of that data, ``render/assets/ids.js``.

Every script that reads or writes an id gets both: the site's pages (``assets/lois/ids.js``, then the search), the
club linkifier's bundle and the short links' script (:mod:`lois.features.api`). None of them spells a formula of
its own: changing a rule in Python changes what the browser does.
"""
from __future__ import annotations

from pathlib import Path

from lois.core.cite import LENIENT_ID, LENIENT_LAW, LENIENT_MAX_CHARS, LENIENT_PARTS
from lois.core.ids import BARE_PART, CASES, KEY_CASE, KEY_JOIN, LAW_COUNT, PART_BRACKETS
from lois.render.jsregex import js_pattern

SCRIPT = Path(__file__).parent / "assets" / "ids.js"
SITE_SCRIPT = "assets/lois/ids.js"  # where the site's pages load it from


def id_data() -> dict:
    """The data ``loisIds`` (ids.js) reads: the lenient pattern and how its groups make a law and a path; how a
    path is written; how a key is made (the ancestors of a path are its prefixes, as ProvisionId.ancestors)."""
    for groups, case in LENIENT_PARTS:
        assert case in CASES and all(g in LENIENT_ID.groupindex for g in groups), (groups, case)
    return {
        "typed": js_pattern(LENIENT_ID, anchored=True),
        "law": LENIENT_LAW,
        "laws": [1, LAW_COUNT],
        "maxChars": LENIENT_MAX_CHARS,
        "parts": [[list(groups), case] for groups, case in LENIENT_PARTS],
        "bare": js_pattern(BARE_PART, anchored=True),
        "brackets": list(PART_BRACKETS),
        "key": [KEY_JOIN, KEY_CASE],
    }


def script_text() -> str:
    return SCRIPT.read_text(encoding="utf-8")


def reading_data() -> dict:
    """The data ``loisDisplayed`` (ids.js) reads: how a text is read as displayed (:func:`lois.core.displayed.reading`),
    its two patterns translated; the same for the club linkifier's scanner and the site's search."""
    from lois.core.displayed import reading

    read = reading()
    return {**read, "odd": js_pattern(read["odd"]), "mark": js_pattern(read["mark"])}
