"""First build against plain Material, alternated, in CPU time (issue 37): the project's one first-build comparison
(bench_build.py's « part du plugin » is one run of its ``material`` peer, in its wider table).

    python bench/bench_first_build.py [--sizes 1,9,100] [--runs 3] [--plugins AUTRE/plugins] [--garder DOSSIER]

For each size (1: the seed; F > 1: the synthetic corpus ×F of bench/synth.py), ``mkdocs build --strict`` (each in
its own process) of:

- ``ours``: the project, a first build (empty LOIS_CACHE);
- ``material``: the same pages without the plugin (bench_build.prepare_baseline: the plugin's pages, HTML, and its
  data files written into a docs folder, the plugin's menu, styles and scripts, no ``plugins``): what Material costs
  on pages of our size, search off on both sides;
- ``mots``: the same words as plain Markdown (bench_build.prepare_words: each page holds only the words it shows,
  same paths and menu, no data files), built by Material as it comes, its search plugin on: the issue's peer;
- ``other`` (with ``--plugins``): the ``plugins`` folder of another checkout (e.g. an export of main) on the same
  corpus, to compare two versions of the code.

Each kind is built ``--runs`` times, the kinds in turn (order reversed every other round), after one untimed build of
each (Python compiles its modules; ``--sans-chauffe``: none). Printed: each run's CPU seconds (user + sys of the
build's process), wall seconds, peak memory (VmHWM, bench/peak_rss.py) and the load (``os.getloadavg``) before and
after it; then per kind the median and range of CPU, its ratio to both peers, and the words of the generated pages.
``--sortes``: some kinds only. Work files in /dev/shm (memory), removed at the end unless ``--garder``.
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
    ap.add_argument("--sortes", default="ours,material,mots,other",
                    help="sortes de constructions mesurées, parmi ours, material, mots, other (other : avec --plugins)")
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
    words: dict[int, int] = {}
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
            if wanted & {"material", "mots"}:
                base = bb.prepare_baseline(full, w)
                if "material" in wanted:
                    kinds["material"] = (base, None)
                if "mots" in wanted:
                    kinds["mots"] = (w / bb.WORDS_CONFIG, None)
                words[f] = int((w / "mots.txt").read_text(encoding="ascii"))
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
    print("\n| size | build | CPU s, median (min–max; runs) | / material | / mots | wall s, median | peak MB |")
    print("|---|---|---|---:|---:|---:|---:|")
    for f, res in rows:
        peers = {k: statistics.median(r[0] for r in res[k]) for k in ("material", "mots") if res.get(k)}
        for k, got in res.items():
            cpu = [r[0] for r in got]
            ratios = " | ".join(f"{statistics.median(cpu) / peers[p]:.2f}×" if p in peers else "—"
                                for p in ("material", "mots"))
            print(f"| ×{f} | {k} | {statistics.median(cpu):.2f} ({min(cpu):.2f}–{max(cpu):.2f}; {len(cpu)}) "
                  f"| {ratios} | {statistics.median(r[1] for r in got):.2f} | {max(r[2] for r in got):.0f} |")
    for f, n in words.items():
        print(f"\n×{f} : {n} mots dans les pages générées (le texte qu'elles montrent, celui des pages « mots »)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
