"""What the offline copy costs a build, and what a second build would cost instead (Material's offline plugin
builds the site with ``use_directory_urls: false`` and zips it; this project zips the built site at the end of
the build, in its own process, naming each folder's ``index.html`` in the links of the copy).

    python bench/bench_offline_whole.py [--tailles 1,9] [--runs 3]

For the seed corpus and the synthetic corpus ×F (bench/synth.py; ×9 is the size of the whole Code), prints the
median wall time of: the build as it is (pages, service worker, archive); the same build without the offline
feature; zipping that built site as it is with ``zipfile`` (the compression alone); and a second build without
the offline feature, with ``use_directory_urls: false``, plus zipping that folder (what Material's design would
add to the first build). Builds run in fresh processes, without the build cache."""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from synth import make_corpus  # noqa: E402

# a build without the offline feature (lois.features.FEATURES read at each call)
WITHOUT = ("import sys, lois.features as F; F.FEATURES = tuple(f for f in F.FEATURES if f.name != 'offline'); "
           "from mkdocs.__main__ import cli; sys.argv = ['mkdocs'] + sys.argv[1:]; cli()")


def _config(work: Path, corpus: Path, directory_urls: bool) -> Path:
    cfg = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    cfg["docs_dir"] = str(ROOT / "site_src")
    cfg["theme"]["custom_dir"] = str(ROOT / "site_src" / "overrides")
    cfg["use_directory_urls"] = directory_urls
    cfg["strict"] = False  # without the offline feature, the menu's « Hors ligne » entry has no page
    for p in cfg["plugins"]:
        if isinstance(p, dict) and "lois" in p:
            p["lois"]["corpus"] = str(corpus)
    path = work / f"mkdocs-{int(directory_urls)}.yml"
    path.write_text(yaml.safe_dump(cfg, allow_unicode=True), encoding="utf-8")
    return path


def _build(config: Path, dest: Path, offline: bool) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT / "plugins"), LOIS_CACHE_SITE="0",
               LOIS_CACHE=str(dest.parent / "cache"))
    cmd = [sys.executable] + (["-m", "mkdocs"] if offline else ["-c", WITHOUT]) + \
        ["build", "-q", "-f", str(config), "-d", str(dest)]
    t = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - t


def _zip(folder: Path, dest: Path) -> float:
    t = time.perf_counter()
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for p in sorted(folder.rglob("*")):
            if p.is_file():
                zf.write(p, p.relative_to(folder).as_posix())
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tailles", default="1,9")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print("| corpus | construction (s) | sans hors ligne (s) | coût du hors ligne (s) | zip en fin de construction (s) "
          "| 2e construction + zip (s) |")
    print("|---|---:|---:|---:|---:|---:|")
    for f in (int(x) for x in args.tailles.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            corpus = work / "corpus"
            make_corpus(f, corpus)
            with_dirs, files = _config(work, corpus, True), _config(work, corpus, False)
            full, bare, zipped, second = [], [], [], []
            for _ in range(args.runs):  # the three kinds alternate
                full.append(_build(with_dirs, work / "a", True))
                bare.append(_build(with_dirs, work / "b", False))
                zipped.append(_zip(work / "b", work / "b.zip"))
                second.append(_build(files, work / "c", False) + _zip(work / "c", work / "c.zip"))
                for d in ("a", "b", "c"):
                    shutil.rmtree(work / d, ignore_errors=True)
            m = statistics.median
            print(f"| {'graine' if f == 1 else '×' + str(f)} | {m(full):.2f} | {m(bare):.2f} | "
                  f"{m(full) - m(bare):+.2f} | {m(zipped):.2f} | {m(second):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
