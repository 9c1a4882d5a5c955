"""The floor of a rebuild under `mkdocs serve`: Material alone rebuilding the same pages, CPU in one process.

    python bench/bench_rebuild_floor.py [--facteur 9] [--tours 3]

MkDocs rebuilds every page at each save. This builds, in one process as `mkdocs serve` does (MkDocs' ``build`` with
a ``serve_url``, after one untimed build), the two peers of bench_first_build.py on the corpus ×F (bench/synth.py):
``material`` (the plugin's pages as HTML, no plugin: bench_build.prepare_baseline) and ``mots`` (the same words as
plain Markdown, Material as it comes with its search). Prints the CPU seconds (``time.process_time``) of each
rebuild, alternated, and the machine's load; compare with bench/bench_rebuild.py (our rebuild after each kind of
save) run just before or after.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facteur", type=int, default=9, help="corpus synthétique ×F (bench/synth.py)")
    ap.add_argument("--tours", type=int, default=3, help="reconstructions mesurées de chaque sorte")
    args = ap.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    import bench_build as bb
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from synth import make_corpus

    work = Path(tempfile.mkdtemp(prefix="bench-rebuild-floor-"))
    try:
        corpus = work / "corpus"
        make_corpus(args.facteur, corpus)
        full = bb.write_config(work / "mkdocs.yml", corpus, bb.ROOT / "site_src")
        configs = {"material": bb.prepare_baseline(full, work), "mots": work / bb.WORDS_CONFIG}
        cpu: dict[str, list[float]] = {k: [] for k in configs}
        for i in range(args.tours + 1):
            for kind in list(configs) if i % 2 == 0 else list(reversed(configs)):
                config = load_config(str(configs[kind]), site_dir=str(work / f"site-{kind}"))
                t = time.process_time()
                build(config, serve_url="http://127.0.0.1:8000/")
                took = time.process_time() - t
                print(f"{kind:8} tour {i} : {took:.2f} s CPU, charge {os.getloadavg()[0]:.1f}"
                      + (" (non compté)" if i == 0 else ""), file=sys.stderr, flush=True)
                if i:
                    cpu[kind].append(took)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nCorpus ×{args.facteur} ; charge moyenne {os.getloadavg()[0]:.1f} ({os.cpu_count()} cœurs)\n")
    print("| reconstruction (Material seul) | CPU médian (s) | min–max (s) |")
    print("|---|---:|---:|")
    for kind, v in cpu.items():
        print(f"| {kind} | {statistics.median(v):.2f} | {min(v):.2f}–{max(v):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
