"""CPU time of reading every YAML text of the corpus (its .yaml files and the front matters of its Markdown files)
with the one YAML loader (lois.core.yamlfile.parse_yaml), and a digest of what was read (data, lines, lines of the
texts written over several lines): two checkouts that give the same digest read the corpus alike.

    python bench/bench_yaml_read.py [--passes 20]

The package of this checkout."""
from __future__ import annotations

import argparse
import hashlib
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.core import yamlfile  # noqa: E402
from lois.core.parse import read_text  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--passes", type=int, default=20)
    args = ap.parse_args()
    corpus = ROOT / "corpus"
    texts = [(read_text(f), str(f.relative_to(ROOT)), 1) for f in sorted(corpus.rglob("*.yaml"))]
    for f in sorted(corpus.rglob("*.md")):
        t = read_text(f)
        if t.startswith("---\n") and "\n---" in t[4:]:
            texts.append((t[4:t.index("\n---", 4)], str(f.relative_to(ROOT)), 2))
    t0 = time.process_time()
    for _ in range(args.passes):
        docs = [yamlfile.parse_yaml(text, path, first) for text, path, first in texts]
    cpu = (time.process_time() - t0) / args.passes
    digest = hashlib.sha256(pickle.dumps([(d.data, d.lines, d.texts) for d in docs])).hexdigest()[:16]
    print(f"{len(texts)} textes YAML ({sum(len(t) for t, _, _ in texts)} caractères) : {1000 * cpu:.1f} ms de CPU "
          f"par lecture du corpus, empreinte {digest}")


if __name__ == "__main__":
    main()
