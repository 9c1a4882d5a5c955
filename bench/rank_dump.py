"""Per-query ranks on the development sets, to compare two rankings query by query (never blind11, the held-out set):
    python bench/rank_dump.py OUT.tsv [--kind KIND=WEIGHT ...]     # dump (--kind: try another KIND_WEIGHTS value)
    python bench/rank_dump.py --compare BEFORE.tsv AFTER.tsv [-v]    # per set: hit@1 / hit@3 deltas (+up −down),
                                                                      # tool@3 and answer@1 deltas; their totals;
                                                                      # « with text » line (blind4–blind10)
A row: set, index, rank of the first expected id (99: not in the ten first), T (only pages without text expected) or
X (a document with text), the query's start, tool in the first three, answer@1, the first three ids."""
from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

SETS = ["search_relevance", "search_directors", "search_situations", "search_situations_blind"] + [
    f"search_situations_blind{i}" for i in range(2, 11)]


def dump(out: str, kinds: list[str]) -> None:
    from lois.features.search import query
    from lois.features.search.evaluate import first_three, load_set, score
    for k in kinds:
        name, weight = k.split("=")
        query.KIND_WEIGHTS[name] = float(weight)
    engine = query.SearchEngine(ROOT / "corpus")
    lines = []
    for f in SETS:
        cases = load_set(ROOT / "tests" / f"{f}.yaml") if f != "search_relevance" else load_set()
        res = [engine.search(c["q"], 10) for c in cases]
        rows = score(cases, [[r.id for r in rr] for rr in res], [first_three(rr) for rr in res])["rows"]
        for i, (c, r) in enumerate(zip(cases, rows, strict=True)):
            textless = all(engine.stored[engine.docnum[e]]["kind"] in query.TEXTLESS_KINDS for e in c["expect"])
            a1 = r["rank"] == 1 or bool(r["ranked"]) and r["ranked"][0] in (c.get("tools") or ())
            q = c["q"][:50].replace("\t", " ").replace("\n", " ")
            lines.append(f"{f}\t{i}\t{r['rank'] or 99}\t{'T' if textless else 'X'}\t{q}\t{r['tool']}\t{a1}\t"
                         f"{','.join(r['top3'])}")
    Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")


def compare(before: str, after: str, verbose: bool) -> None:
    a = [x.split("\t") for x in Path(before).read_text(encoding="utf-8").splitlines()]
    b = [x.split("\t") for x in Path(after).read_text(encoding="utf-8").splitlines()]
    st: dict[str, list[int]] = defaultdict(lambda: [0] * 8)
    text = [0, 0, 0, 0]
    for x, y in zip(a, b, strict=True):
        s, ra, rb = st[x[0]], int(x[2]), int(y[2])
        s[0] += (rb == 1) - (ra == 1)
        s[1] += (rb <= 3) - (ra <= 3)
        s[2] += rb < ra
        s[3] += rb > ra
        s[4] += (y[5] == "True") - (x[5] == "True")
        s[5] += (y[6] == "True") - (x[6] == "True")
        if x[3] == "X" and x[0][-1] in "4567890":
            text[0] += ra == 1
            text[1] += rb == 1
            text[2] += ra <= 3
            text[3] += rb <= 3
        if verbose and (ra != rb or x[5] != y[5] or x[6] != y[6]):
            print(f"  {x[0]} {ra} → {rb}, outil {x[5]} → {y[5]}, tête {x[6]} → {y[6]} : {x[4]}")
    for k, s in st.items():
        print(f"{k}: hit@1 {s[0]:+d}, hit@3 {s[1]:+d} (+{s[2]} −{s[3]}), tool@3 {s[4]:+d}, answer@1 {s[5]:+d}")
    t = [sum(s[i] for s in st.values()) for i in range(6)]
    print(f"total : hit@1 {t[0]:+d}, hit@3 {t[1]:+d} (+{t[2]} −{t[3]}), tool@3 {t[4]:+d}, answer@1 {t[5]:+d}")
    print(f"blind4–10 avec texte : en tête {text[0]} → {text[1]}, trois premiers {text[2]} → {text[3]}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--compare":
        compare(args[1], args[2], "-v" in args)
    else:
        dump(args[0], [args[i + 1] for i, x in enumerate(args) if x == "--kind"])
