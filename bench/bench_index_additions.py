"""Are phrasings added to one page of the site's index safe for the others? — `python bench/bench_index_additions.py`.

For a few pages without text (those with the fewest phrasings), the page's phrasings are written COPIES times (as if
that many more were added), and the first results of every query of the development sets (relevance, directors,
situations, blind1–blind10; never the session's blind set) that does not expect that page are compared with those
before: how many change their first result, their first three. Once with the index's phrasings weighed against a
fixed length (index.INDEX_LENGTH, the rule), once against the average length of the documents' (whoosh's, the rule
before).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.features.search import index  # noqa: E402
from lois.features.search.evaluate import load_set  # noqa: E402
from lois.features.search.query import TEXTLESS_KINDS, SearchEngine, corpus_docs  # noqa: E402

SETS = ["search_relevance", "search_directors", "search_situations", "search_situations_blind",
        "search_situations_blind2", "search_situations_blind3", "search_situations_blind4",
        "search_situations_blind5", "search_situations_blind6", "search_situations_blind7", "search_situations_blind8",
        "search_situations_blind9", "search_situations_blind10"]
PAGES = 2
COPIES = 4


def average(docs) -> float:
    from lois.features.search.analysis import analyze

    return sum(len(analyze(d.index or "")) for d in docs) / len(docs)


def firsts(docs, cases) -> list[list[str]]:
    engine = SearchEngine(ROOT / "corpus", docs=docs, cache=False)
    return [[r.id for r in engine.search(c["q"], 3)] for c in cases]


def main() -> None:
    cases = [c for s in SETS for c in load_set(ROOT / "tests" / f"{s}.yaml")]
    docs = corpus_docs(ROOT / "corpus")
    pages = sorted((d for d in docs if d.kind in TEXTLESS_KINDS and d.index),
                   key=lambda d: (d.index.count(index.INDEX_SEP), d.id))[:PAGES]
    fixed = index.INDEX_LENGTH
    for label, length in (("longueur fixe (INDEX_LENGTH)", lambda ds: fixed),
                          ("longueur moyenne des documents", average)):
        index.INDEX_LENGTH = length(docs)
        before = firsts(docs, cases)
        for page in pages:
            kept = page.index
            page.index = index.INDEX_SEP.join([kept] * COPIES)
            index.INDEX_LENGTH = length(docs)
            after = firsts(docs, cases)
            page.index = kept
            other = [(b, a) for c, b, a in zip(cases, before, after, strict=True) if page.id not in c["expect"]]
            print(f"{label} : formulations de {page.id} écrites {COPIES} fois — sur {len(other)} requêtes qui ne "
                  f"l'attendent pas, premier résultat changé {sum(b[:1] != a[:1] for b, a in other)}, "
                  f"trois premiers changés {sum(b != a for b, a in other)}")
    index.INDEX_LENGTH = fixed


if __name__ == "__main__":
    main()
