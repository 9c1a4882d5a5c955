"""What the tests' scratch files cost where they are written: a copy of the corpus and of a built site (~460
files) written into a new temporary folder and removed, and a hundred small temporary folders (one per example
of tests/test_fuzz_corpus.py), in /tmp and in /dev/shm (a tmpfs), taken in turn: wall and CPU time of each.

    python bench/bench_scratch.py [--runs 5] [--site DOSSIER] [DIR ...]

Without --site, the site is built once (mkdocs build --strict) into a temporary folder of /dev/shm. The figure
behind scripts/test.sh's TMPDIR (on an ext4 disk mounted with `discard`, each removal waits for the disk)."""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "plugins")]


def _copy_and_remove(base: str, site: Path) -> None:
    d = Path(tempfile.mkdtemp(dir=base))
    shutil.copytree(ROOT / "corpus", d / "corpus")
    shutil.copytree(site, d / "site")
    shutil.rmtree(d)


def _small_folders(base: str) -> None:
    for _ in range(100):
        with tempfile.TemporaryDirectory(dir=base) as d:
            (Path(d) / "glossaire.yaml").write_bytes(b"- term: x\n" * 200)


def _timed(fn, *args) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn(*args)
    return time.perf_counter() - w, time.process_time() - c


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", type=Path)
    ap.add_argument("dirs", nargs="*", default=["/tmp", "/dev/shm"])
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir="/dev/shm") as tmp:
        site = args.site
        if site is None:
            from conftest import mkdocs_build

            site = Path(tmp) / "site"
            res = mkdocs_build(site)
            if res.returncode:
                raise SystemExit(res.stderr)
        files = sum(1 for p in site.rglob("*") if p.is_file())
        print(f"site : {files} fichiers ; {args.runs} passages, dossiers tour à tour")
        print(f"{'dossier':12s} {'corpus + site, mur':>19s} {'CPU':>7s} {'100 petits dossiers, mur':>25s} {'CPU':>7s}")
        for _ in range(args.runs):
            for base in args.dirs:
                cw, cc = _timed(_copy_and_remove, base, site)
                sw, sc = _timed(_small_folders, base)
                print(f"{base:12s} {cw * 1000:17.0f} ms {cc * 1000:4.0f} ms {sw * 1000:23.0f} ms {sc * 1000:4.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
