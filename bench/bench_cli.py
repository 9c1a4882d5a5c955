"""Start-up of the `lois` command: prints figures (issue 13: `lois cherche` ≤ 12× a bare `python -c pass`).

    python bench/bench_cli.py [--runs 21]

Whole processes, as a person runs them: `python -c pass` and `python -m lois.adapters.cli cherche 27B1b`
(and the installed `lois` script when it runs this checkout), in alternation so that the load of the
machine weighs on both alike; medians and minimums of wall time. The search index is warmed first (a first
`lois cherche` on a new corpus builds it). Also lists the heavy libraries each subcommand imports
(-X importtime), which must be only those it uses.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 12.0
HEAVY = ("whoosh", "yaml", "markdown_it", "jinja2", "mkdocs", "material")
COMMANDS = {
    "cherche 27B1b": ["cherche", "27B1b"],
    "arbitre --liste": ["arbitre", "--liste"],
    "permaliens": ["permaliens"],
    "--help": ["--help"],
}


def env() -> dict:
    path = str(ROOT / "plugins") + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    return dict(os.environ, PYTHONPATH=path, NO_MKDOCS_2_WARNING="1")


def wall(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def heavy_imports(args: list[str]) -> list[str]:
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "lois.adapters.cli", *args], cwd=ROOT,
                       env=env(), capture_output=True, text=True)
    found = set()
    for line in r.stderr.splitlines():
        name = line.rsplit("|", 1)[-1].strip()
        if name.split(".")[0] in HEAVY:
            found.add(name.split(".")[0])
    return sorted(found)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    bare = [sys.executable, "-c", "pass"]
    lois = [sys.executable, "-m", "lois.adapters.cli", "cherche", "27B1b"]
    wall(lois)  # warm the search index and the file cache
    runs = {"python -c pass": [], "lois cherche 27B1b": []}
    for i in range(args.runs):
        order = [("python -c pass", bare), ("lois cherche 27B1b", lois)]
        for name, cmd in order if i % 2 == 0 else reversed(order):
            runs[name].append(wall(cmd))
    med = {k: statistics.median(v) for k, v in runs.items()}
    low = {k: min(v) for k, v in runs.items()}
    print(f"Machine : {os.cpu_count()} cœurs, Python {sys.version.split()[0]}, charge moyenne "
          f"{os.getloadavg()[0]:.1f} ; {args.runs} essais de chaque, en alternance.\n")
    print("| processus | médiane (ms) | min (ms) |")
    print("|---|---:|---:|")
    for k in runs:
        print(f"| {k} | {med[k] * 1000:.0f} | {low[k] * 1000:.0f} |")
    ratio = med["lois cherche 27B1b"] / med["python -c pass"]
    ratio_min = low["lois cherche 27B1b"] / low["python -c pass"]
    print(f"\nlois cherche / python -c pass : {ratio:.1f}× (médianes), {ratio_min:.1f}× (minimums) ; objectif "
          f"≤ {TARGET:.0f}× → {'oui' if ratio <= TARGET else 'non'}\n")
    print("| sous-commande | bibliothèques lourdes importées |")
    print("|---|---|")
    for name, a in COMMANDS.items():
        print(f"| lois {name} | {', '.join(heavy_imports(a)) or '—'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
