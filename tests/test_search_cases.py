"""One case file for the search, run on both sides: `lois cherche` (SearchEngine) and the site (search.js in Chromium).

tests/search_cases.yaml says, for typed queries, which documents come first, which id Enter opens, which kinds
the query names, which words the first snippet highlights, and when there is nothing to find. The same checker
reads the answers of Python and of the browser, so the two cannot drift apart unnoticed.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from lois.features.search.query import SearchEngine, jump_target

CASES = yaml.safe_load((Path(__file__).parent / "search_cases.yaml").read_text(encoding="utf-8"))
KEYS = {"q", "top", "first", "jump", "kinds", "filter", "only", "marked", "unmarked", "snippet", "none", "first_kind",
        "tool"}


def check(case: dict, results: list[dict], jump, kinds: list[str]) -> list[str]:
    """What is wrong with one side's answer; results: [{id, kind, snippet: {text, spans}, tool}] (tool: the id of the
    tool that comes with the result, or None)."""
    bad = []
    ids = [r["id"] for r in results]
    if "top" in case and ids[:len(case["top"])] != case["top"]:
        bad.append(f"début {ids[:len(case['top'])]} ≠ {case['top']}")
    if "first" in case and (not ids or ids[0] not in case["first"]):
        bad.append(f"premier {ids[:1]} ∉ {case['first']}")
    if "first_kind" in case and (not results or results[0]["kind"] not in case["first_kind"]):
        bad.append(f"genre du premier {[r['kind'] for r in results[:1]]} ∉ {case['first_kind']}")
    if "jump" in case and jump != case["jump"]:
        bad.append(f"Entrée ouvre {jump!r} au lieu de {case['jump']!r}")
    if "kinds" in case and kinds != case["kinds"]:
        bad.append(f"genres {kinds} ≠ {case['kinds']}")
    if "only" in case and (not results or any(r["kind"] not in case["only"] for r in results)):
        bad.append(f"genres des résultats {sorted({r['kind'] for r in results})} ⊄ {case['only']}")
    if "tool" in case:
        shown = [i for r in results[:3] for i in (r["id"], r.get("tool")) if i]
        if not set(shown) & set(case["tool"]):
            bad.append(f"aucun outil {case['tool']} dans les trois premiers {shown}")
    if case.get("none") and results:
        bad.append(f"résultats inattendus {ids[:3]}")
    if ("marked" in case or "unmarked" in case or "snippet" in case) and results:
        sn = results[0]["snippet"]
        marked = {sn["text"][s:e].lower() for s, e in sn["spans"]}
        for w in case.get("marked", []):
            if not any(w.lower() in m for m in marked):  # « l'arbitre » is one highlighted word
                bad.append(f"« {w} » non surligné dans « {sn['text'][:80]} » ({sorted(marked)})")
        for w in case.get("unmarked", []):
            if any(w.lower() in m for m in marked):
                bad.append(f"« {w} » surligné sans avoir été tapé ({sorted(marked)})")
            if w.lower() not in sn["text"].lower():  # the word must be there for its absence of highlight to count
                bad.append(f"« {w} » absent de l'extrait « {sn['text'][:80]} »")
        if "snippet" in case and case["snippet"] not in sn["text"]:
            bad.append(f"extrait « {sn['text'][:80]} » sans « {case['snippet']} »")
    elif "marked" in case or "unmarked" in case or "snippet" in case:
        bad.append("aucun résultat")
    return bad


def test_case_file_is_well_formed():
    assert len(CASES) >= 25
    for c in CASES:
        assert set(c) <= KEYS and "q" in c and len(c) > 1, c


@pytest.fixture(scope="module")
def engine(corpus_dir):
    return SearchEngine(corpus_dir)


def python_answer(engine, case) -> tuple[list[dict], object, list[str]]:
    res = engine.search(case["q"], 20, set(case.get("filter") or []) or None)
    out = [{"id": r.id, "kind": r.kind, "snippet": {"text": r.snippet, "spans": [list(s) for s in r.spans]},
            "tool": r.tool["id"] if r.tool else None} for r in res]
    return out, jump_target(case["q"], engine.vocab), engine.plan(case["q"]).kinds


@pytest.mark.parametrize("case", CASES, ids=[c["q"][:40] or "vide" for c in CASES])
def test_cli(engine, case):
    assert check(case, *python_answer(engine, case)) == []


def test_browser(page, site_url, engine):
    """The same cases in Chromium, and the same top 3 as the CLI for each."""
    page.goto(site_url + "recherche/")
    page.wait_for_function("window.loisSearch !== undefined")
    got = page.evaluate("""cases => Promise.all(cases.map(async c => [
        (await window.loisSearch.search(c.q, 20, c.filter || null))
            .map(r => ({id: r.id, kind: r.kind, snippet: r.snippet, tool: r.tool && r.tool.id})),
        await window.loisSearch.jumpTarget(c.q), (await window.loisSearch.plan(c.q)).kinds,
        await window.loisSearch.kindCounts(c.q)]))""", CASES)
    problems = []
    for case, (results, jump, kinds, counts) in zip(CASES, got, strict=True):
        problems += [f"{case['q']!r} : {b}" for b in check(case, results, jump, kinds)]
        if counts != engine.kind_counts(case["q"]):  # the filters' counts for the query, the same on both sides
            problems.append(f"{case['q']!r} : comptes {counts} ≠ CLI {engine.kind_counts(case['q'])}")
        py = python_answer(engine, case)[0]
        if [r["id"] for r in results[:3]] != [r["id"] for r in py[:3]]:
            problems.append(f"{case['q']!r} : navigateur {[r['id'] for r in results[:3]]} "
                            f"≠ CLI {[r['id'] for r in py[:3]]}")
        if results and py and results[0]["snippet"] != py[0]["snippet"]:
            problems.append(f"{case['q']!r} : extrait différent")
    assert problems == []
