"""Lighthouse's mobile performance of one page in two builds, runs alternated (A, B, A, B…), with the machine's load:
score, total blocking time and largest contentful paint, median and range — a page-level change measured against
the build before it, on the same machine at the same moments.

    python bench/bench_lighthouse_ab.py SITE_A SITE_B [--page lois/50/] [--tours 3]

SITE_A, SITE_B: built sites (`mkdocs build -d DIR` of two commits). Needs Lighthouse (npm install --prefix bench).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_page_weight import lighthouse_report  # noqa: E402


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site_a", type=Path)
    ap.add_argument("site_b", type=Path)
    ap.add_argument("--page", default="lois/50/")
    ap.add_argument("--tours", type=int, default=3)
    args = ap.parse_args()
    got: dict[str, dict[str, list[float]]] = {"A": {}, "B": {}}
    loads = []
    with tempfile.TemporaryDirectory() as work:
        for _ in range(args.tours):
            for name, site in (("A", args.site_a), ("B", args.site_b)):
                loads.append(os.getloadavg()[0])
                d = lighthouse_report(site, args.page, Path(work))
                a = d["audits"]
                row = got[name]
                row.setdefault("score", []).append(100 * (d["categories"]["performance"]["score"] or 0))
                row.setdefault("tbt", []).append(a["total-blocking-time"]["numericValue"])
                row.setdefault("lcp", []).append(a["largest-contentful-paint"]["numericValue"])
    print(f"Lighthouse (mobile), {args.page}, {args.tours} tours alternés, charge {min(loads):.1f}–{max(loads):.1f}")
    print("| site | score | total-blocking-time (ms) | largest-contentful-paint (ms) |")
    print("|---|---:|---:|---:|")
    for name, site in (("A", args.site_a), ("B", args.site_b)):
        r = got[name]
        print(f"| {name} {site} | {spread(r['score'])} | {spread(r['tbt'])} | {spread(r['lcp'])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
