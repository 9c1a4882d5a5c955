"""What a text is as it is displayed, read the same by the citation scanner (:mod:`lois.core.cite`) and by the search
(:func:`lois.features.search.query.read_query`), here and in the browser: an invisible format character (zero-width
space, soft hyphen, direction marks, BOM) is skipped, a full-width form (« １６ ») is read as ASCII. A module of
constants only, so that `lois cherche` reads them without compiling the citation grammar."""
from __future__ import annotations

INVISIBLE = ("\u00ad\u061c\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063"
             "\u2064\u2066\u2067\u2068\u2069\ufeff")
WIDE = (0xFF01, 0xFF5E, 0xFEE0)  # full-width forms of « ! » to « ~ », and what they are apart from ASCII
