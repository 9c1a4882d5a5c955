"""Size of what a club page loads: the linkifier bundle and the per-law data files, at seed size and ×F.

    python bench/bench_linkifier.py [--facteur 20]

Prints, for the seed corpus and the synthetic corpus ×F (bench/synth.py): the size of
assets/lois/linkifier.js (raw and gzip -9; the budget is 30 KB gzipped at seed size), the number of data files
assets/lois/donnees/<n>.js, their total and their largest (raw and gzip). A club page loads the bundle and only the
data files of the laws it cites.
"""
from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lois.core.corpus import load_corpus  # noqa: E402
from lois.features.api.linkifier import law_data_js, laws_table, linkifier_js  # noqa: E402
from lois.features.api.site import CITATION_SOURCE  # noqa: E402
from lois.render.site import SiteBuild  # noqa: E402
from synth import make_corpus  # noqa: E402


def kb(text: str) -> tuple[float, float]:
    data = text.encode("utf-8")
    return len(data) / 1024, len(gzip.compress(data, 9, mtime=0)) / 1024


def measure(corpus: Path, label: str) -> None:
    model = load_corpus(corpus)
    site = SiteBuild(model)
    raw, gz = kb(linkifier_js(model, CITATION_SOURCE))
    files = {n: kb(law_data_js(site, int(n))) for n in laws_table(model)}
    largest = max(files, key=lambda n: files[n][1])
    print(f"{label:<18} linkifier.js {raw:7.1f} Ko, gzip {gz:5.1f} Ko | {len(files):3d} fichiers de données : "
          f"{sum(f[0] for f in files.values()):8.1f} Ko (gzip {sum(f[1] for f in files.values()):7.1f}), "
          f"le plus gros (Loi {largest}) {files[largest][0]:6.1f} Ko (gzip {files[largest][1]:5.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facteur", type=int, default=20)
    args = ap.parse_args()
    measure(ROOT / "corpus", "graine")
    with tempfile.TemporaryDirectory() as tmp:
        make_corpus(args.facteur, Path(tmp) / "corpus")
        measure(Path(tmp) / "corpus", f"synthétique ×{args.facteur}")


if __name__ == "__main__":
    main()
