"""Every citation the scanner finds in the corpus (every .md and .yaml file of corpus/) and everything `lois renvois`
would say of those texts (unknown forms, refused ranges), one line each, to diff the grammar before/after a change:

    python bench/corpus_citations.py > /tmp/avant.txt   (then, after the change, > /tmp/apres.txt; diff)
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.core.cite import find_citations  # noqa: E402
from lois.core.resolve import unknown_forms  # noqa: E402


def main() -> None:
    for p in sorted(q for q in (ROOT / "corpus").rglob("*") if q.suffix in (".md", ".yaml")):
        text = p.read_text(encoding="utf-8")
        found = find_citations(text)
        name = p.relative_to(ROOT)
        for c in found:
            print(f"{name}:{c.start} {c.text!r} {' '.join(r.canonical() for r in c.refs)}")
        for problem in unknown_forms(text, found):
            print(f"{name}:{problem.start} AVIS {problem.message}")


if __name__ == "__main__":
    main()
