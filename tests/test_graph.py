"""Provision tree, citation resolution and the graph contract (`lois graphe --json`, `lois renvois`)."""
import json
from pathlib import Path

from conftest import nonempty, pid

ROOT = Path(__file__).resolve().parents[1]


def lois(*args):
    from conftest import run_lois

    return run_lois(*args)


def test_provision_tree_ids_and_parents(model):
    provisions = {str(k): v for k, v in model.provisions.items()}
    p = provisions["30B1(b)(i)"]
    assert p.level == "item" and p.parent.id == "30B1(b)" and p.parent.parent.id == "30B1"
    assert provisions["12C1(d)"].text.startswith("Si les possibilités sont nombreuses")
    assert [c.id for c in provisions["12C1"].children] == ["12C1(a)", "12C1(b)", "12C1(c)", "12C1(d)", "12C1(e)"]
    assert [c.id for c in provisions["12C1(e)"].children] == ["12C1(e)(i)", "12C1(e)(ii)"]
    # unnumbered introductory text belongs to its parent
    assert provisions["50D"].text.startswith("Quand un joueur de la défense a une carte pénalisée principale")
    assert provisions["50"].text.startswith("Une carte prématurément exposée")
    # the paragraph the source quotes after 27B3 is 27D in the Code (a section without a title in its master,
    # after the section C its source leaves out), neither 27B nor 27B3
    assert provisions["27D"].text.startswith("Si le Directeur juge à la fin du jeu")
    assert provisions["27D"].level == "section" and provisions["27D"].title is None
    assert "Si le Directeur juge" not in provisions["27B"].text + provisions["27B3"].text
    assert [c.id for c in model.laws[27].root.children] == ["27A", "27B", "27D"]
    assert provisions["50B1"].title == "Carte pénalisée secondaire"


def test_required_edges(model):
    edges = {(str(s), str(t)) for s, t, _ in model.edges}
    for e in [("9A4", "20F5"), ("23C", "27B1(b)"), ("23C", "30B1(b)(i)"), ("23C", "31A2(a)"),
              ("23C", "32A2(a)"), ("12C2(b)", "12C2(d)")]:
        assert e in edges, e
    by_law = {(model.provisions[s].law, t.law) for s, t, _ in model.edges if s in model.provisions}
    for target in (49, 51, 57):
        assert (50, target) in by_law
    for target in (27, 30, 31):
        assert (23, target) in by_law


def test_stub_nodes_for_absent_laws(model):
    assert pid("20F5") in model.stubs and pid("20") in model.stubs
    assert not model.stubs[pid("20F5")].in_corpus_law
    # every target is a provision or a stub: no dead end
    for _, t, _ in nonempty(model.edges):
        assert t in model.provisions or t in model.stubs


def test_graphe_json_contract():
    res = lois("graphe", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    ids = {n["id"] for n in data["nodes"]}
    for n in nonempty(data["nodes"]):
        assert set(n) == {"id", "law", "kind", "title"} and isinstance(n["law"], int)
        assert n["kind"] in {"law", "provision", "stub", "commentary"}
    for e in data["edges"]:
        assert set(e) == {"source", "target", "text"}
        assert e["source"] in ids and e["target"] in ids
    assert {"source": "9A4", "target": "20F5", "text": "Loi 20F5"} in data["edges"]
    com = [n for n in data["nodes"] if n["kind"] == "commentary"]
    assert {n["law"] for n in com} >= {23, 64}
    assert any(e["source"] == "commentaire:renonce-64" and e["target"] == "61" for e in data["edges"])


def test_renvois_relative_in_context():
    res = lois("renvois", "--contexte", "12C2(b)", "--json", "comme le prévoient les Lois 78D, 86B3 et (d) ci-dessous")
    data = json.loads(res.stdout)
    assert [c["targets"] for c in data] == [["78D", "86B3", "12C2(d)"]]
    text = "comme le prévoient les Lois 78D, 86B3 et (d) ci-dessous"
    assert text[data[0]["start"]:data[0]["end"]] == data[0]["text"]


def test_renvois_forms():
    cases = {
        ("50E4", "Si suite à l'application de E1 l'arbitre"): [["50E1"]],
        ("31B2", "le Directeur décide comme en A2(a) ou A2(b) ci-dessus"): [["31A2(a)", "31A2(b)"]],
        ("16D3", "l'arbitre procède comme en 2(c)."): [["16D2(c)"]],
        ("9A1", "Lois 61 à 64"): [["61", "62", "63", "64"]],
        ("9A1", "voir LOI 57 Loi 57"): [["57"]],
        ("9A1", "à moins qu'une Loi ne l'interdise, ces Lois, cette loi, 40 %, 3 IMPs, levée 12"): [],
    }
    for (ctx, text), expected in cases.items():
        data = json.loads(lois("renvois", "--contexte", ctx, "--json", text).stdout)
        assert [c["targets"] for c in data] == expected, text


def test_impossible_law_is_reported():
    res = lois("renvois", "--json", "voir la Loi 94")
    assert "la Loi 94 n'existe pas" in res.stderr
    assert json.loads(res.stdout)[0]["targets"] == []
    assert res.returncode != 0


def test_bad_context_is_a_french_error():
    res = lois("renvois", "--contexte", "n'importe quoi", "Loi 12")
    assert res.returncode == 1 and "contexte invalide" in res.stderr and "Traceback" not in res.stderr
