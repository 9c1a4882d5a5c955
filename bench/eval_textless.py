"""A query set's hit@1 / hit@3 split in two: the situations whose expected answers are all pages of laws the site has
no text for (waiting pages: query.TEXTLESS_KINDS), and the others — `python bench/eval_textless.py FILE`.
The same ranking and the same figures as `lois cherche --evaluer FILE`."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.features.search.evaluate import first_three, load_set, score  # noqa: E402
from lois.features.search.query import TEXTLESS_KINDS, SearchEngine  # noqa: E402


def main(path: str) -> None:
    engine = SearchEngine(ROOT / "corpus")
    cases = load_set(Path(path))
    results = [engine.search(c["q"], 10) for c in cases]
    rows = score(cases, [[r.id for r in res] for res in results], [first_three(res) for res in results])["rows"]
    for label, textless in (("attendent seulement des pages sans texte", True),
                            ("attendent un document avec texte", False)):
        part = [r for c, r in zip(cases, rows, strict=True)
                if all(engine.stored[engine.docnum[e]]["kind"] in TEXTLESS_KINDS for e in c["expect"]) == textless]
        n = len(part) or 1
        first = sum(r["rank"] == 1 for r in part)
        three = sum(r["rank"] is not None and r["rank"] <= 3 for r in part)
        print(f"{len(part)} {label} : en tête {first} ({100 * first / n:.1f} %), dans les trois premiers {three} "
              f"({100 * three / n:.1f} %), hors des dix premiers {sum(r['rank'] is None for r in part)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "tests" / "search_situations_blind4.yaml"))
