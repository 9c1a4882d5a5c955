"""The search's analysis (analysis.py) as a whoosh analyser, for whoosh's own machinery (its query parser, an
index of the documents: tests/search_oracle.py writes one to check the postings). A module of its own so that
`lois cherche` does not import whoosh's analysis package."""
from __future__ import annotations

from whoosh.analysis import Token, Tokenizer

from lois.features.search.analysis import normalize, term_of, tokens


class LoisTokenizer(Tokenizer):
    """Whoosh tokenizer + filter in one: the terms of :func:`term_of` (the lexicon's ``stems``), positions
    renumbered."""

    def __init__(self, stems: dict[str, str] | None = None):
        self.stems = stems or {}

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for surface, s, e in tokens(value):
            term = term_of(surface, self.stems)
            if term is None:
                if removestops:
                    continue
                t.stopped = True
                term = normalize(surface)
            else:
                t.stopped = False
            t.text = term
            t.boost = 1.0
            if keeporiginal:
                t.original = surface
            if positions:
                t.pos = pos
                pos += 1
            if chars:
                t.startchar = start_char + s
                t.endchar = start_char + e
            yield t
