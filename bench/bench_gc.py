"""Python's garbage collector during a build, with and without lois.adapters.gcpolicy: prints figures.

    python bench/bench_gc.py                      # the seed corpus
    python bench/bench_gc.py --facteur 100        # the synthetic ×100 corpus (bench/synth.py), ≈ 1 min

Each build runs in its own process (`mkdocs build`, empty build cache), in alternation: « politique » is the
plugin as it is; « sans » replaces gcpolicy.long_lived by a context that does nothing (Python's default
thresholds, nothing frozen). Collections and their time are counted with gc.callbacks; peak memory is the
process's VmHWM (/proc/self/status).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent


def child(config: str, site: str, policy: bool) -> None:
    """(In a child process) one build; prints its figures as JSON."""
    import contextlib
    import gc

    from lois.adapters import gcpolicy

    if not policy:
        gcpolicy.long_lived = contextlib.nullcontext
    acc = {"collections": 0, "full": 0, "seconds": 0.0}
    started = [0.0]

    def watch(phase, info):
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            acc["collections"] += 1
            acc["full"] += info["generation"] == 2
            acc["seconds"] += time.perf_counter() - started[0]

    gc.callbacks.append(watch)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    t = time.perf_counter()
    cfg = load_config(config, site_dir=site)
    cfg.plugins.on_startup(command="build", dirty=False)
    build(cfg)
    cfg.plugins.on_shutdown()
    acc["wall"] = time.perf_counter() - t
    with open("/proc/self/status", encoding="ascii") as f:
        acc["peak_mb"] = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
    print(json.dumps(acc))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--facteur", type=int, default=1, help="taille du corpus (1 = la graine)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--enfant", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.enfant:
        child(args.enfant[0], args.enfant[1], args.enfant[2] == "1")
        return 0
    sys.path.insert(0, str(BENCH))
    import bench_build as bb

    work = Path(tempfile.mkdtemp(prefix="bench-gc-", dir="/dev/shm" if Path("/dev/shm").is_dir() else None))
    try:
        if args.facteur == 1:
            config = ROOT / "mkdocs.yml"
        else:
            from synth import make_corpus

            make_corpus(args.facteur, work / "corpus")
            config = bb.write_config(work / "mkdocs.yml", work / "corpus", ROOT / "site_src")
        res: dict[str, list[dict]] = {"politique": [], "sans": []}
        for i in range(args.runs):
            for kind in ("politique", "sans") if i % 2 == 0 else ("sans", "politique"):
                env = bb.env_for(work / f"cache-{kind}-{i}")
                r = subprocess.run([sys.executable, __file__, "--enfant", str(config), str(work / "site"),
                                    "1" if kind == "politique" else "0"], cwd=ROOT, env=env, capture_output=True,
                                   text=True, timeout=900)
                if r.returncode:
                    sys.exit(f"échec de la construction ({kind}) :\n{r.stderr[-2000:]}")
                res[kind].append(json.loads(r.stdout.strip().splitlines()[-1]))
                shutil.rmtree(work / "site", ignore_errors=True)
        print(f"## Ramasse-miettes pendant la construction — `python bench/bench_gc.py --facteur {args.facteur} "
              f"--runs {args.runs}`\n")
        print("| construction | collectes | dont complètes | temps des collectes (s) | construction (s) "
              "| mémoire max (Mo) |")
        print("|---|---:|---:|---:|---:|---:|")
        for kind, runs in res.items():
            med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            print(f"| {kind} | {med['collections']:.0f} | {med['full']:.0f} | {med['seconds']:.2f} | {med['wall']:.2f} "
                  f"| {med['peak_mb']:.0f} |")
        print(f"\nMédianes de {args.runs} constructions de chaque sorte, en alternance, cache de construction vide. "
              "Tous les essais (s) : " + " ; ".join(f"{kind} " + ", ".join(f"{r['wall']:.2f}" for r in runs)
                                                  for kind, runs in res.items()))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
