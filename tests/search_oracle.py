"""The oracle of the search's postings: a real whoosh index of the documents, as the site used to write one.

The site and the command line compute the postings directly (lois.features.search.index.postings); these helpers
write the index whoosh would (the schema the search had: TEXT fields with the project's analyser, phrase positions
in title and body) and read back, with whoosh's own searcher and BM25F, what the postings must equal.
"""
from __future__ import annotations

from pathlib import Path

from whoosh import index as windex
from whoosh.fields import ID, STORED, TEXT, Schema
from whoosh.scoring import BM25F

from lois.features.search.analysis import lois_analyzer
from lois.features.search.index import FIELDS, INDEX_LENGTH, SCORE_SCALE, TEXT_FIELDS, field_of


def schema(stems: dict[str, str] | None = None) -> Schema:
    an = lois_analyzer(stems)
    return Schema(
        id=ID(stored=True, unique=True),
        law=STORED(), kind=STORED(), label=STORED(), url=STORED(),
        title=TEXT(analyzer=an, stored=True, phrase=True),
        heading=TEXT(analyzer=an, stored=True, phrase=False),
        body=TEXT(analyzer=an, stored=True, phrase=True),
        context=TEXT(analyzer=an, stored=True, phrase=False),
        refs=STORED(),
        situations=TEXT(analyzer=an, stored=True, phrase=False),
        sources=STORED(),
        index=TEXT(analyzer=an, stored=True, phrase=False),
        tool=STORED(), next_tool=STORED(),
    )


class Weighting(BM25F):
    """whoosh's BM25F, the average length of the index field set to index.INDEX_LENGTH (the phrasings of the site's
    index are weighed against a fixed length, not the documents' average)."""

    def scorer(self, searcher, fieldname, text, qf=1):
        scorer = super().scorer(searcher, fieldname, text, qf=qf)
        if fieldname == "index":
            scorer.avgfl = INDEX_LENGTH
        return scorer


def write_index(docs, dest: Path, stems: dict[str, str] | None = None):
    """A whoosh index of the documents in ``dest`` (``stems``: the lexicon's); returns it opened."""
    dest.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(dest), schema(stems))
    w = ix.writer()
    for d in docs:
        w.add_document(id=d.id, law=d.law, kind=d.kind, label=d.label, url=d.url,
                       title=d.title, heading=d.heading, body=d.body, context=d.context, refs=d.refs,
                       situations=d.situations, sources=d.sources, index=d.index, tool=d.tool,
                       next_tool=d.next_tool)
    w.commit(optimize=True)
    return windex.open_dir(str(dest))


def index_postings(searcher) -> dict[str, list[int]]:
    """term → [doc, field, score×SCORE_SCALE, …] read from a whoosh index: whoosh's BM25F score of the term in
    that field of that document, fields in TEXT_FIELDS order, documents in order (the index field's average length set
    to INDEX_LENGTH), each given as the field index.field_of says (« described »: the index of a page without text
    that at most index.DESCRIBED_MAX_SOURCES documents tell situations of)."""
    weighting = Weighting()
    out: dict[str, list[int]] = {}
    docs = list(searcher.all_stored_fields())
    for fname in TEXT_FIELDS:
        for raw in searcher.lexicon(fname):
            term = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            m = searcher.postings(fname, raw)
            scorer = weighting.scorer(searcher, fname, raw)
            lst = out.setdefault(term, [])
            while m.is_active():
                f = docs[m.id()]
                fi = FIELDS.index(field_of(fname, f["kind"], f.get("sources") or []))
                lst.extend((m.id(), fi, int(round(scorer.score(m) * SCORE_SCALE))))
                m.next()
    return dict(sorted(out.items()))


def index_raw(searcher) -> tuple[dict[str, list[int]], list[float]]:
    """What index.raw_postings gives, read from a whoosh index: term → [doc, field, frequency, length, …] (the
    term's weight in that field of that document, the field's length as whoosh stores it), and the average length
    whoosh's BM25F weighs each field of FIELDS against (the index field's, « described »'s: INDEX_LENGTH)."""
    out: dict[str, list[int]] = {}
    docs = list(searcher.all_stored_fields())
    avgfl = [INDEX_LENGTH if f in ("index", "described") else searcher.avg_field_length(f) or 1 for f in FIELDS]
    for fname in TEXT_FIELDS:
        for raw in searcher.lexicon(fname):
            term = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            m = searcher.postings(fname, raw)
            lst = out.setdefault(term, [])
            while m.is_active():
                f = docs[m.id()]
                fi = FIELDS.index(field_of(fname, f["kind"], f.get("sources") or []))
                lst.extend((m.id(), fi, int(m.weight()), searcher.doc_field_length(m.id(), fname)))
                m.next()
    return dict(sorted(out.items())), avgfl
