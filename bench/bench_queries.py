"""CPU time of many queries against one SearchEngine of the real corpus (what the tests of the search do: the sets'
queries, every title, random queries made of the vocabulary's words and of the lexicon's expressions), and a digest
of every answer (results, words read as the Code's, relaxed phrases, counts by kind): two checkouts that give the
same digest answer every query alike.

    python bench/bench_queries.py [--seed 1] [--random 3000]

The development sets only (never a held-out blind set); the package of this checkout."""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.features.search.evaluate import load_set  # noqa: E402
from lois.features.search.query import SearchEngine  # noqa: E402

SETS = ["search_directors.yaml", "search_situations.yaml", "search_situations_blind.yaml",
        "search_situations_blind2.yaml", "search_situations_blind3.yaml", "search_situations_blind4.yaml",
        "search_situations_blind5.yaml", "search_situations_blind6.yaml",
        "search_situations_blind7.yaml", "search_situations_blind8.yaml", "search_situations_blind9.yaml",
        "search_situations_blind10.yaml"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random", type=int, default=3000)
    args = ap.parse_args()
    engine = SearchEngine(ROOT / "corpus")
    queries = [c["q"] for path in [None, *(ROOT / "tests" / n for n in SETS)] for c in load_set(path)]
    queries += sorted({f["title"] for f in engine.stored if f.get("title")})
    rnd = random.Random(args.seed)
    expressions = [" ".join(r[0]) for r in engine.vocab.rewrites]
    surfaces = list(engine.vocab.surfaces)
    for _ in range(args.random):
        parts = [rnd.choice(expressions if rnd.random() < 0.4 else surfaces) for _ in range(rnd.randint(1, 6))]
        if rnd.random() < 0.2:
            parts.insert(rnd.randint(0, len(parts)), f'"{rnd.choice(surfaces)} {rnd.choice(surfaces)}"')
        q = " ".join(parts)
        queries.append(q.upper() if rnd.random() < 0.3 else q)
    t = time.process_time()
    answers = []
    for q in queries:
        res = engine.search(q, 10)
        answers.append([[r.to_json() for r in res], res.readings, res.relaxed, engine.kind_counts(q)])
    cpu = time.process_time() - t
    digest = hashlib.sha256(json.dumps(answers, ensure_ascii=False).encode()).hexdigest()[:16]
    print(f"{len(queries)} requêtes : {cpu:.2f} s de CPU ({1000 * cpu / len(queries):.2f} ms par requête), "
          f"empreinte des réponses {digest}")


if __name__ == "__main__":
    main()
