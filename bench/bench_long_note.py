"""CPU time of `lois verifie` on the real corpus with one note grown to N citations (« Loi 12C1(c)( » repeated, on one
line, and one citation a line), for growing N: linear time, the CPU time doubling with N (×2 a line), not
quadrupling. Session 12: each citation's line was counted from the start of its text (quadratic: N = 100,000 on one
line, over 120 s; 35 s after, on a loaded machine).

    python bench/bench_long_note.py [--de 5000] [--fois 4]
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTE = "notes/carte-penalisee-50b.md"
UNIT = "Loi 12C1(c)("


def cpu_of_verifie(corpus: Path, cache: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "plugins"), "LOIS_CACHE": str(cache)}
    subprocess.run([sys.executable, "-m", "lois.adapters.cli", "--corpus", str(corpus), "verifie"], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--de", type=int, default=5000, help="nombre de citations de départ (doublé à chaque ligne)")
    ap.add_argument("--fois", type=int, default=4, help="nombre de tailles")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        shutil.copytree(ROOT / "corpus", corpus)
        note = (corpus / NOTE).read_text(encoding="utf-8")
        base = cpu_of_verifie(corpus, Path(tmp) / "cache0")
        print(f"corpus réel : {base:.2f} s CPU")
        for shape, sep in (("une ligne", ""), ("une citation par ligne", "\n")):
            for i in range(args.fois):
                n = args.de * 2 ** i
                (corpus / NOTE).write_text(note + "\n" + (UNIT + sep) * n + "\n", encoding="utf-8")
                cpu = cpu_of_verifie(corpus, Path(tmp) / f"cache-{shape}-{n}")
                print(f"{shape:>24} : {n:>7} citations : {cpu:6.2f} s CPU ({cpu - base:6.2f} s de plus)")


if __name__ == "__main__":
    main()
