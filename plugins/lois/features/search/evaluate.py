"""Relevance measurement on a query set (tests/search_relevance.yaml by default, or any file of the same form,
e.g. tests/search_directors.yaml, tests/search_situations.yaml): hit@1, hit@3, MRR; for a set whose entries say
« tune: true », the figures of the tuning part and of the held-out rest are reported apart; for entries that name
« tools » (the checklist or « Que faire si… » entry that rules the situation), the share with one of them in the
first three (tool@3), and the share whose first result is an expected provision or one of those tools (answer@1: what
the issue asks, « the provision that governs it first, or the tool that rules it »; hit@1 counts the provision
only)."""
from __future__ import annotations

from pathlib import Path

from lois.core.errors import LoisError
from lois.core.yamlfile import load_yaml

DEFAULT_SET = Path(__file__).resolve().parents[4] / "tests" / "search_relevance.yaml"


def load_set(path: Path | None = None) -> list[dict]:
    path = Path(path or DEFAULT_SET)
    if not path.exists():
        raise LoisError(f"jeu de requêtes introuvable : {path}")
    doc = load_yaml(path)  # the project's one YAML loader: French errors with file and line
    data = doc.data
    if not isinstance(data, list) or not data:
        raise doc.error("chaque entrée doit avoir « q » et une liste « expect » non vide")
    for i, d in enumerate(data):
        # (« q: 12 » reached the search as a number: a traceback; each entry is now said at its own line)
        if not isinstance(d, dict) or not isinstance(d.get("q"), str) or not d["q"].strip():
            raise doc.error("chaque entrée doit avoir « q » (la requête, un texte) et une liste « expect » non vide",
                            i, "q")
        for key in ("expect", "tools"):  # « expect: [54] » is the law 54, as « "54" »: YAML reads digits as a number
            value = d.get(key)
            if (key == "expect" and not value) or (value is not None and (
                    not isinstance(value, list) or not all(isinstance(x, (str, int)) and not isinstance(x, bool)
                                                           for x in value))):
                raise doc.error(f"« {key} » doit être une liste d'identifiants{' non vide' if key == 'expect' else ''} "
                                f"(requête « {d['q'][:80]} »)", i, key)
            if value is not None:
                d[key] = [str(x) for x in value]
    return data


def score(cases: list[dict], ranked: list[list[str]], shown: list[list[str]] | None = None) -> dict:
    """The figures of ranked result ids; ``shown``: what the first three results show, tools that come with them
    included (:func:`first_three`; by default the first three ids)."""
    rows, h1, h3, mrr, t3, nt, a1 = [], 0, 0, 0.0, 0, 0, 0
    for i, (case, ids) in enumerate(zip(cases, ranked, strict=True)):
        rank = next((i + 1 for i, r in enumerate(ids) if r in case["expect"]), None)
        h1 += rank == 1
        a1 += rank == 1 or bool(ids) and ids[0] in (case.get("tools") or ())
        h3 += rank is not None and rank <= 3
        mrr += 1.0 / rank if rank else 0.0
        tool = None
        if case.get("tools"):
            nt += 1
            tool = any(r in case["tools"] for r in (shown[i] if shown else ids[:3]))
            t3 += tool
        rows.append({"q": case["q"], "expect": case["expect"], "top3": ids[:3], "rank": rank, "ranked": ids,
                     "tool": tool, "shown": shown[i] if shown else ids[:3]})
    n = len(cases) or 1
    return {"n": len(cases), "hit1": h1 / n, "hit3": h3 / n, "mrr": mrr / n, "answer1": a1 / n, "rows": rows,
            "tools": nt, "tool3": t3 / nt if nt else None}


def evaluate_cli(corpus: Path, path: Path | None = None) -> dict:
    from lois.features.search.query import SearchEngine

    cases = load_set(path)
    engine = SearchEngine(corpus)
    for c in cases:  # an expectation that names no document would never be met: said, not counted
        unknown = [i for i in [*c["expect"], *(c.get("tools") or [])] if i not in engine.docnum]
        if unknown:
            raise LoisError(f"« {c['q']} » attend un document inconnu : {', '.join(unknown)}", str(path or DEFAULT_SET))
    results = [engine.search(c["q"], 10) for c in cases]
    rep = score(cases, [[r.id for r in res] for res in results], [first_three(res) for res in results])
    rep["parts"] = split(cases, rep)
    return rep


def first_three(results) -> list[str]:
    """The ids the first three results show: theirs, and a tool that comes with one of them (Result.tool)."""
    return [i for r in results[:3] for i in (r.id, *([r.tool["id"]] if r.tool else []))]


def split(cases: list[dict], rep: dict) -> dict[str, dict] | None:
    """The figures of the « tune: true » entries and of the others (held out), when a set marks some."""
    tuned = [i for i, c in enumerate(cases) if c.get("tune")]
    if not tuned or len(tuned) == len(cases):
        return None
    out = {}
    for name, keep in (("réglage", True), ("réservé", False)):
        idx = [i for i, c in enumerate(cases) if bool(c.get("tune")) == keep]
        out[name] = score([cases[i] for i in idx], [rep["rows"][i]["ranked"] for i in idx],
                          [rep["rows"][i]["shown"] for i in idx])
    return out


def print_report(rep: dict, label: str) -> None:
    for r in rep["rows"]:
        mark = "ok " if r["rank"] == 1 else ("~  " if r["rank"] else "NON")
        tool = {True: "  outil ok", False: "  outil NON"}.get(r["tool"], "")
        print(f"{mark} {r['q'][:45]:45} rang {r['rank'] or '-':>2}  attendu {', '.join(r['expect'][:3])}  "
              f"obtenu {', '.join(r['top3'])}{tool}")
    print(f"\n{label} : {rep['n']} requêtes — {_figures(rep)}")
    for name, part in (rep.get("parts") or {}).items():
        print(f"  dont {name} : {part['n']} requêtes — {_figures(part)}")


def _figures(rep: dict) -> str:
    out = f"hit@1 {rep['hit1']:.1%}, hit@3 {rep['hit3']:.1%}, MRR {rep['mrr']:.3f}"
    if rep.get("tools"):
        out += (f", outil dans les 3 premiers {rep['tool3']:.1%} (sur {rep['tools']}), provision ou outil en tête "
                f"{rep['answer1']:.1%}")
    return out
