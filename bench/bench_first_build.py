"""First build against plain Material on the same words, alternated, in CPU time (issue 37): a lighter run of
bench_build.py's first measure, for a loaded machine.

    python bench/bench_first_build.py [--sizes 1,9,100] [--runs 3] [--plugins AUTRE/plugins] [--garder DOSSIER]

For each size (1: the seed; F > 1: the synthetic corpus ×F of bench/synth.py), the same pages are built by ``mkdocs
build --strict`` with the plugin (a first build: empty LOIS_CACHE) and without it (bench_build.py's baseline: the
plugin's pages written into a docs folder, built by Material as Markdown), in turn, ``--runs`` times each after one
untimed build of each (Python compiles its modules; ``--sans-chauffe``: none). Printed: CPU seconds (user + sys of
the build's process) of each run, their medians and ratio, wall seconds, peak memory (VmHWM, bench/peak_rss.py) and
the load (``os.getloadavg``) before and after each run. ``--sortes``: some of them only. ``--plugins``: the
``plugins`` folder of another checkout (e.g. an export of main), measured on the same corpora in the same
alternation (ours, Material, the other), to compare two versions of the code. Work files in /dev/shm (memory),
removed at the end unless ``--garder``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import bench_build as bb  # noqa: E402
from synth import make_corpus  # noqa: E402


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1,9", help="facteurs, 1 : la graine (ex. 1,9,100)")
    ap.add_argument("--runs", type=int, default=3, help="constructions mesurées de chaque sorte")
    ap.add_argument("--plugins", type=Path, help="dossier plugins d'une autre version du code, mesurée aussi")
    ap.add_argument("--garder", type=Path, help="dossier de travail gardé (corpus, sites)")
    ap.add_argument("--sans-chauffe", action="store_true",
                    help="sans la construction non comptée de chaque sorte (modules déjà compilés par un essai)")
    ap.add_argument("--sortes", default="ours,material,other",
                    help="sortes de constructions mesurées, parmi ours, material, other (other : avec --plugins)")
    args = ap.parse_args()
    wanted = {k.strip() for k in args.sortes.split(",")}
    shm = Path("/dev/shm")
    work = Path(args.garder or tempfile.mkdtemp(prefix="bench-first-", dir=shm if shm.is_dir() else None))
    work.mkdir(parents=True, exist_ok=True)
    other_env = None
    if args.plugins:
        other, ours_env = str(args.plugins.resolve()), bb.env_for
        other_env = lambda cache: dict(ours_env(cache), PYTHONPATH=other)  # noqa: E731
    rows = []
    try:
        for f in (int(x) for x in args.sizes.split(",") if x.strip()):
            w = work / f"x{f}"
            w.mkdir(exist_ok=True)
            if f == 1:
                full = bb.ROOT / "mkdocs.yml"
            else:
                corpus = w / "corpus"
                if not corpus.exists():
                    make_corpus(f, corpus)
                full = bb.write_config(w / "mkdocs.yml", corpus, bb.ROOT / "site_src")
            kinds = {"ours": (full, None)} if "ours" in wanted else {}
            if "material" in wanted:
                kinds["material"] = (bb.prepare_baseline(full, w), None)
            if other_env and "other" in wanted:
                kinds["other"] = (full, other_env)
            res: dict[str, list] = {k: [] for k in kinds}
            for i in range(1 if args.sans_chauffe else 0, args.runs + 1):
                order = list(kinds) if i % 2 == 0 else list(reversed(kinds))
                for k in order:
                    cfg, env = kinds[k]
                    before = load()
                    saved = bb.env_for
                    if env:
                        bb.env_for = env
                    try:
                        wall, cpu, rss = bb.timed_build(cfg, w / f"site-{k}", w)
                    finally:
                        bb.env_for = saved
                    line = f"×{f} {k:8} run {i}: CPU {cpu:6.2f} s, wall {wall:6.2f} s, peak {rss / 1024:5.0f} MB, " \
                           f"load {before} → {load()}" + ("  (untimed: compiles)" if i == 0 else "")
                    print(line, file=sys.stderr, flush=True)
                    if i:
                        res[k].append((cpu, wall, rss / 1024))
            rows.append((f, res))
    finally:
        if not args.garder:
            shutil.rmtree(work, ignore_errors=True)
    print("\n| size | build | CPU s, median (runs) | / Material | wall s, median | peak MB |")
    print("|---|---|---|---:|---:|---:|")
    for f, res in rows:
        base_cpu = statistics.median(r[0] for r in res["material"]) if res.get("material") else None
        for k, got in res.items():
            cpu = statistics.median(r[0] for r in got)
            ratio = f"{cpu / base_cpu:.2f}×" if base_cpu else "—"
            print(f"| ×{f} | {k} | {cpu:.2f} ({', '.join(f'{r[0]:.2f}' for r in got)}) | {ratio} "
                  f"| {statistics.median(r[1] for r in got):.2f} | {max(r[2] for r in got):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
