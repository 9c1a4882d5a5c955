"""Taps to a ruling: for each checklist, the answers each scenario case needs (one tap each), and the longest.

    python bench/checklist_taps.py [--corpus corpus]

Prints one line per checklist (cases, mean and longest path) and, for the revoke, the taps to each outcome."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))


def main() -> int:
    from lois.core.corpus import load_corpus
    from lois.features.checklists import load_checklists, run

    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=str(ROOT / "corpus"))
    corpus = Path(ap.parse_args().corpus)
    lists = load_checklists(corpus, load_corpus(corpus))
    for name, cl in lists.items():
        taps = [len(run(cl, c.answers).trace) for c in cl.cases]
        print(f"{name:28} {len(cl.cases):3} cas  moyenne {sum(taps) / len(taps):4.1f} touchers  max {max(taps)}")
    cl = lists["renonce"]
    print("\nrenonce, touchers jusqu'à chaque issue (le plus court cas) :")
    best: dict[str, int] = {}
    for c in cl.cases:
        res = run(cl, c.answers)
        best[res.outcome] = min(best.get(res.outcome, 99), len(res.trace))
    for o, n in best.items():
        print(f"  {n}  {cl.outcomes[o].title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
