"""Cost of the offline step (lois.features.offline.site.finish, run by the plugin's on_post_build): prints figures.

    python bench/bench_offline.py [--runs 7]

Builds the site once (mkdocs build --strict), puts it back as MkDocs left it (no sw.js, no archive, the
« Hors ligne » page with its mark), then times the step alone for several zlib levels: median and
minimum wall time, archive size, number of entries, and the largest memory the step allocates in Python
(tracemalloc): the archive is streamed to disk by zipfile, one file of the site in memory at a time.
"""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
import tracemalloc
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))

from conftest import mkdocs_build  # noqa: E402
from lois.core.corpus import load_corpus  # noqa: E402
from lois.features.offline.serviceworker import MANIFEST_PATH, SW_PATH  # noqa: E402
from lois.features.offline.site import ARCHIVE_PATH, PLACEHOLDER, ZIP_LEVEL, finish  # noqa: E402
from lois.render.site import SiteBuild  # noqa: E402

BLOCK = re.compile(r'(<div class="lois-hl-archive"[^>]*>).*?(</div>)', re.S)  # the page as MkDocs wrote it


def as_built(src: Path, dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    for rel in (ARCHIVE_PATH, SW_PATH, MANIFEST_PATH):
        (dest / rel).unlink()
    page = dest / "hors-ligne" / "index.html"
    page.write_text(BLOCK.sub(lambda m: m.group(1) + PLACEHOLDER + m.group(2), page.read_text(encoding="utf-8"),
                              count=1), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    site_name = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["site_name"]
    model = load_corpus(ROOT / "corpus")
    with tempfile.TemporaryDirectory(prefix="bench-offline-") as tmp:
        built = Path(tmp) / "site"
        res = mkdocs_build(built)
        if res.returncode:
            sys.exit(res.stderr)
        work = Path(tmp) / "work"
        site_bytes = sum(p.stat().st_size for p in built.rglob("*") if p.is_file())
        n_files = sum(1 for p in built.rglob("*") if p.is_file())
        print(f"Site construit : {n_files} fichiers, {site_bytes / 1e6:.1f} Mo.\n")
        print("| niveau zlib | médiane (ms) | min (ms) | archive (octets) | entrées | mémoire Python max (Mo) |")
        print("|---|---|---|---|---|---|")
        for level in sorted({1, ZIP_LEVEL, 9}):
            times, peak = [], 0
            for i in range(args.runs):
                as_built(built, work)
                if i == 0:
                    tracemalloc.start()
                report = finish(SiteBuild(model), work, site_name, level=level)
                if i == 0:
                    peak = tracemalloc.get_traced_memory()[1]
                    tracemalloc.stop()
                else:
                    times.append(report.seconds * 1000)
            mark = " (retenu)" if level == ZIP_LEVEL else ""
            print(f"| {level}{mark} | {statistics.median(times):.0f} | {min(times):.0f} | {report.archive_size} "
                  f"| {report.files} | {peak / 1e6:.1f} |")


if __name__ == "__main__":
    main()
