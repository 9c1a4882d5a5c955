"""Speed of the citation scanner on hostile texts: long runs where a word may begin at every character (« [[[[… »,
« a[a[… », « [[[[…@x.fr »), of growing length, in Python (lois.core.cite) and, when `node` is installed, in the club
linkifier's scanner (the same program, run by the browser on a club's page). Linear time: the CPU time grows as the
length (×4 per line), not as its square (×16).

    python bench/bench_scan_hostile.py [--fois 3]
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scan import NODE  # noqa: E402
from lois.core import cite  # noqa: E402

RUNS = {"[[[[…": "[", "a[a[…": "a[", "[[[[…@x.fr": "["}


def texts(n: int) -> dict[str, str]:
    return {name: unit * (n // len(unit)) + ("@x.fr" if name.endswith("fr") else "x") for name, unit in RUNS.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fois", type=int, default=3)
    args = parser.parse_args()
    node = None
    if shutil.which("node"):
        from lois.features.api.linkifier import grammar_export
        from lois.render.ids_js import SCRIPT, id_data

        node = (SCRIPT.read_text(encoding="utf-8") + (ROOT / "plugins/lois/features/api/assets/scan.js").read_text(
            encoding="utf-8"), {"program": grammar_export(), "ids": id_data()})
    for n in (8_000, 32_000, 128_000):
        for name, text in texts(n).items():
            best = float("inf")
            for _ in range(args.fois):
                start = time.process_time()
                cite._scan(text, None)  # not find_citations: its cache would time the 2nd and 3rd runs at 0
                best = min(best, time.process_time() - start)
            line = f"{name:12} {n:>7} caractères : Python {best * 1000:6.0f} ms CPU"
            if node:
                out = subprocess.run(["node", "-e", NODE], input=json.dumps(
                    {"code": node[0], "data": node[1], "texts": [text], "times": args.fois}),
                    capture_output=True, text=True, check=True)
                line += f" ; node {json.loads(out.stdout)[0]:6.0f} ms CPU"
            print(line + f" (meilleur de {args.fois})")


if __name__ == "__main__":
    main()
