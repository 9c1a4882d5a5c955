"""Bytes of the site's search data (issue 35, index analytique): for each corpus given, the gzip size of index.json
(the first file a query fetches), and the total and largest gzip sizes of each family of shards (m: words and terms,
f: forms, c: citations, d: documents), computed as the build writes them (lois.features.search.site.prepare), without
a site build.

    python bench/bench_index_bytes.py corpus /tmp/corpus-sans-index
"""
from __future__ import annotations

import gzip
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))


def sizes(corpus: Path) -> dict[str, tuple[int, int, int]]:
    from lois.core.corpus import load_corpus
    from lois.features.search.site import prepare

    files, _ = prepare(load_corpus(corpus), "mesure")
    out: dict[str, list[int]] = defaultdict(list)
    for path, text in files.items():
        name = path.rsplit("/", 1)[-1]
        family = "index.json" if name == "index.json" else name[0]
        out[family].append(len(gzip.compress(text.encode("utf-8"), 9)))
    return {k: (len(v), sum(v), max(v)) for k, v in sorted(out.items())}


def main() -> None:
    for corpus in sys.argv[1:] or ["corpus"]:
        print(corpus)
        for family, (n, total, largest) in sizes(Path(corpus)).items():
            print(f"  {family:10} {n:4} fichier(s)  gzip total {total:8} o  plus grand {largest:7} o")


if __name__ == "__main__":
    main()
