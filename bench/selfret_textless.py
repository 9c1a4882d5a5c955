"""How often each phrasing of the site's index (corpus/index.yaml) of a page without text, typed as a query, finds
that page: first, in the first three — `python bench/selfret_textless.py`. A measure that comes from no query set
(the phrasings are what the index says the page is called); the same ranking as `lois cherche`."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.features.search.index import INDEX_SEP  # noqa: E402
from lois.features.search.query import TEXTLESS_KINDS, SearchEngine  # noqa: E402


def main() -> None:
    engine = SearchEngine(ROOT / "corpus")
    rows = [(f["id"], p) for f in engine.stored if f["kind"] in TEXTLESS_KINDS and f.get("index")
            for p in f["index"].split(INDEX_SEP)]
    ranks = []
    for doc, phrase in rows:
        ids = [r.id for r in engine.search(phrase, 10)]
        ranks.append(ids.index(doc) + 1 if doc in ids else None)
    n = len(ranks) or 1
    first = sum(r == 1 for r in ranks)
    three = sum(r is not None and r <= 3 for r in ranks)
    print(f"{len(ranks)} formulations de pages sans texte : leur page en tête {first} ({100 * first / n:.1f} %), "
          f"dans les trois premiers {three} ({100 * three / n:.1f} %)")


if __name__ == "__main__":
    main()
