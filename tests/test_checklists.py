"""Ruling checklists: loading, validator refusals, engine, coverage, CLI (including the interactive prompts)."""
from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from conftest import ids, nonempty, pid, real_checklist_examples, real_checklists
from lois.features.checklists import MissingAnswer, load_checklist, load_checklists, run
from lois.features.checklists.engine import coverage
from lois.features.checklists.flowchart import flowchart_svg
from lois.core.errors import LoisError
from lois.core.grounds import grounds_of
from lois.core.resolve import resolve_text
from lois.core.typo import count

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"


@pytest.fixture(scope="module")
def lists(model):
    return load_checklists(CORPUS, model)


def _all_cases():
    return [(cl.name, c.name) for cl in real_checklists().values() for c in cl.cases]


REQUIRED = {"renonce", "carte-penalisee", "enchere-insuffisante", "passe-hors-tour", "enchere-hors-tour",
            "declaration-comparable", "procedure-irregularite", "information-non-autorisee",
            "information-autres-sources", "actions-retirees"}


def test_the_required_checklists_exist(lists):
    assert REQUIRED <= set(lists)


@pytest.mark.parametrize("name,case", _all_cases())
def test_every_case_reaches_its_outcome_asking_only_the_path(lists, name, case):
    cl = lists[name]
    c = next(x for x in cl.cases if x.name == case)
    res = run(cl, c.answers)
    assert res.outcome == c.expected
    asked = [s.question for s in res.trace]
    assert len(asked) == len(set(asked))
    assert set(asked) == set(c.answers), "un cas ne doit donner que les réponses du chemin"
    # each step carries the provisions of its question; the result those of the outcome
    for s in nonempty(res.trace):
        assert s.cites == cl.questions[s.question].cites and s.cites
    assert res.citations == cl.outcomes[res.outcome].cites
    assert res.ruling == cl.outcomes[res.outcome].ruling


def test_every_outcome_is_reached_by_a_case(lists):
    for cl in nonempty(lists.values()):
        cov = coverage(cl)
        assert all(cov.values()), (cl.name, [o for o, v in cov.items() if not v])


def test_answers_off_the_path_are_ignored(lists):
    cl = lists["renonce"]
    res = run(cl, {"consommee": "non", "auteur": "defense", "signale_defense": "joueur", "recidive": "oui",
                   "cas_particulier": "recidive"})
    assert res.outcome == "corrigee_defense"
    assert [s.question for s in res.trace] == ["consommee", "auteur", "signale_defense"]
    assert res.effects["penalty_card"] == "major"


def test_every_citation_resolves_through_the_corpus_resolver(lists, model):
    for cl in nonempty(lists.values()):
        cited = {c for q in cl.questions.values() for c in q.cites} | {c for o in cl.outcomes.values() for c in o.cites}
        for c in nonempty(cited):
            found, problems = resolve_text(model, f"Loi {c}", None)
            assert not problems and found and found[0][1] == [c], (cl.name, c)
            if c.law in model.laws:
                # a provision of the master, or a passage its partial source leaves out, said in edition.yaml
                assert c in model.provisions or model.edition.summary(c, model.provisions), (cl.name, c)


def _revoke_answers(player_won: bool, partner_won: bool, later: bool) -> dict:
    """Who won the revoke trick, and whether the offending side won a trick after it (one question)."""
    if player_won:
        won = "joueur_et_apres" if later else "joueur_seul"
    elif partner_won:
        won = "partenaire"
    else:
        won = "non_fautif_apres" if later else "aucune"
    return {"consommee": "oui", "cas_particulier": "aucun", "levee_renonce": won}


@pytest.mark.parametrize("player_won,partner_won,later", [
    (True, False, True), (True, False, False), (False, True, True), (False, True, False),
    (False, False, True), (False, False, False)])
def test_revoke_transfer_follows_law_64A(lists, player_won, partner_won, later):
    """64A1: the revoke trick plus one if the side won a later trick; 64A2: one if the side won the revoke
    trick or a later one; 64B1: none if it won neither."""
    if player_won:
        expected = 2 if later else 1
    else:
        expected = 1 if (partner_won or later) else 0
    res = run(lists["renonce"], _revoke_answers(player_won, partner_won, later))
    assert res.effects["tricks_transferred"] == expected
    cited_laws = {str(c) for s in res.trace for c in s.cites} | set(ids(res.citations))
    assert ("64A1" if player_won else "64A2") in cited_laws


@pytest.mark.parametrize("exception,answers", [
    ("64B4", {"cas_particulier": "donne_suivante"}), ("64B5", {"cas_particulier": "fin_tour"}),
    ("64B7", {"cas_particulier": "deux_camps"}), ("64B3", {"cas_particulier": "carte_exposee"}),
    ("64B2", {"cas_particulier": "recidive"}), ("64B6", {"cas_particulier": "douzieme"}),
    ("64B8", {"cas_particulier": "meme_levee"})])
def test_revoke_exceptions_transfer_nothing(lists, exception, answers):
    base = _revoke_answers(True, False, True)
    base.update(answers)
    res = run(lists["renonce"], base)
    assert res.effects["tricks_transferred"] == 0
    assert exception in ids(res.citations)
    assert res.effects["adjusted_score_possible"], "64C : l'arbitre rétablit l'équité"


def test_revoke_both_sides_same_trick_is_asked_before_both_sides_same_board(lists):
    """« Si plusieurs s'appliquent, choisissez le premier » : both sides revoking in the same trick, one side
    having played to the next (62C3: both corrected, 64B8), is also « both sides revoked on the board » (64B7),
    so it must come first; and the labels say what the Code says (64B2, 64B3, 64B7): in 2017, 64B2 is a later revoke
    « the first revoke having been established », and 64B7 requires that « both revokes have become established »
    (full 2017 text, sources.acbl2017 of corpus/edition.yaml; session 11 put back what session 6 had removed)."""
    choices = [c.id for c in lists["renonce"].questions["cas_particulier"].choices]
    assert choices.index("meme_levee") < choices.index("deux_camps")
    labels = {c.id: c.label for c in lists["renonce"].questions["cas_particulier"].choices}
    assert "les deux renonces sont consommées" in labels["deux_camps"]
    assert "la première étant consommée" in labels["recidive"]
    # 2017 Law 64B3: a penalty card or a card of dummy (« any card faced on the table » was the 2007 wording)
    assert "carte pénalisée ou une carte du mort" in labels["carte_exposee"]
    assert "exposée sur la table" not in labels["carte_exposee"] and "étalée" not in labels["carte_exposee"]


def test_dummy_who_warns_declarer(lists):
    """Dummy may try to prevent an irregularity and ask declarer about a revoke (9A3, 42B1): no infraction;
    after a 43A2 violation, the warning lets a defender choose the hand (43B2(a)), the question applies Law 64
    as if the revoke were established (43B2(b)); each outcome says only what happened."""
    cl = lists["procedure-irregularite"]
    legal = run(cl, {"qui": "mort_averti", "mort_averti_43A2": "non"})
    assert legal.outcome == "mort_droit" and not legal.effects["procedural_penalty_possible"]
    assert {"9A3", "42B1"} <= set(ids(legal.citations))
    hand = run(cl, {"qui": "mort_averti", "mort_averti_43A2": "main"})
    revoke = run(cl, {"qui": "mort_averti", "mort_averti_43A2": "renonce"})
    assert "43B2(a)" in ids(hand.citations) and "43B2(b)" not in ids(hand.citations)
    assert "43B2(b)" in ids(revoke.citations) and "43B2(a)" not in ids(revoke.citations)
    assert hand.effects["procedural_penalty_possible"] and revoke.effects["procedural_penalty_possible"]
    assert "peut choisir la main d'où le déclarant attaquera" in " ".join(hand.players)
    # a revoke of declarer pointed out by a dummy who had broken 43A2 is the same rule
    pointed = run(cl, {"qui": "mort_a_signale", "mort_43A2": "renonce_declarant"})
    assert pointed.outcome == revoke.outcome


def test_penalty_card_minor_or_major(lists):
    cl = lists["carte-penalisee"]
    honour = run(cl, {"joueur": "defense", "rang": "oui", "partenaire_entame": "non"})
    small = run(cl, {"joueur": "defense", "rang": "non", "delibere": "inadvertance"})
    deliberate = run(cl, {"joueur": "defense", "rang": "non", "delibere": "delibere", "partenaire_entame": "non"})
    several = run(cl, {"joueur": "defense_plusieurs", "plusieurs_entame": "non"})
    declarer = run(cl, {"joueur": "declarant"})
    assert [r.effects["penalty_card"] for r in (honour, small, deliberate, several, declarer)] == \
        ["major", "minor", "major", "major", "none"]


def test_missing_and_unknown_answers_name_the_question_and_choices(lists):
    cl = lists["enchere-insuffisante"]
    with pytest.raises(MissingAnswer) as e:
        run(cl, {"a_son_tour": "oui"})
    assert e.value.question == "acceptee" and "il manque la réponse" in str(e.value) and "oui" in str(e.value)
    with pytest.raises(MissingAnswer) as e:
        run(cl, {"a_son_tour": "peut-être"})
    assert "réponse inconnue « peut-être »" in str(e.value) and "a_son_tour" in str(e.value)


# --------------------------------------------------------------------------- validator refusals

BASE = {
    "title": "Essai",
    "laws": [27],
    "start": "q1",
    "questions": [
        {"id": "q1", "text": "Première question ?", "cites": ["27A1"],
         "choices": [{"id": "oui", "label": "Oui", "next": "q2"}, {"id": "non", "label": "Non", "next": "fin_a"}]},
        {"id": "q2", "text": "Deuxième question ?", "cites": ["27B"],
         "choices": [{"id": "oui", "label": "Oui", "next": "fin_a"}, {"id": "non", "label": "Non", "next": "fin_b"}]},
    ],
    "outcomes": [
        {"id": "fin_a", "title": "A", "ruling": "Décision A.", "cites": ["27B2"],
         "effects": {"partner_must_pass": True},
         "players": ["Votre partenaire doit passer jusqu'à la fin des annonces (Loi 27B2)."]},
        {"id": "fin_b", "title": "B", "ruling": "Décision B.", "cites": ["64A1"],
         "players": ["Le Contre est annulé (Loi 27B3).", "Vous choisissez sans consulter votre partenaire "
                     "(Loi 10C2). Le jeu continue (Loi 9B2)."]},
    ],
}


def _write(tmp_path, data, name="essai.yaml") -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return p


def _line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def _refuse(tmp_path, model, data) -> tuple[LoisError, Path]:
    p = _write(tmp_path, data)
    with pytest.raises(LoisError) as e:
        load_checklist(p, model)
    assert e.value.path == str(p)
    assert e.value.line
    return e.value, p


def _copy():
    return json.loads(json.dumps(BASE))


def test_base_is_valid(tmp_path, model):
    cl = load_checklist(_write(tmp_path, BASE), model)
    assert run(cl, {"q1": "oui", "q2": "non"}).outcome == "fin_b"
    assert run(cl, {"q1": "oui", "q2": "oui"}).effects["partner_must_pass"] is True


def test_what_loading_fills_is_not_read_from_the_file(tmp_path, model):
    """A checklist, a question, a choice, an outcome and a case are each one class, file and loaded
    (lois.core.yamlfile.Loaded): their lines are the file's, and a « line » (or any field loading fills) written in
    the file is an unknown field, refused at its line like any other."""
    d = _copy()
    d["description"] = "Une   description\nsur deux lignes."
    d["cases"] = [{"name": "essai", "answers": {"q1": "oui", "q2": "non"}, "expected": "fin_b"}]
    d["questions"][1]["choices"][1]["label"] = "Non,\n  pas du tout"
    p = _write(tmp_path, d)
    cl = load_checklist(p, model)
    assert cl.cases[0].line == _line_of(p, "- name: essai")
    assert cl.questions["q2"].line == _line_of(p, "- id: q2")
    assert cl.outcomes["fin_b"].line == _line_of(p, "- id: fin_b")
    choice = cl.questions["q2"].choices[1]
    assert (choice.label, choice.short, choice.next) == ("Non, pas du tout", "Non, pas du tout", "fin_b")
    assert choice.next_line == _line_of(p, "next: fin_b") > choice.line
    assert (cl.name, cl.file, cl.laws_line) == ("essai", str(p), _line_of(p, "laws:"))
    assert cl.description == "Une   description\nsur deux lignes." and cl.aside == {}
    filled = {"cases": lambda d: d["cases"][0], "questions": lambda d: d["questions"][0],
              "choices": lambda d: d["questions"][0]["choices"][0], "outcomes": lambda d: d["outcomes"][1],
              "top": lambda d: d}
    for where, field in [("cases", "line"), ("questions", "line"), ("choices", "line"), ("choices", "next_line"),
                         ("outcomes", "line"), ("top", "name"), ("top", "file"), ("top", "laws_line")]:
        changed = json.loads(json.dumps(d))
        filled[where](changed)[field] = 3
        err, p = _refuse(tmp_path, model, changed)
        assert f"champ inconnu « {field} »" in err.message and err.line == _line_of(p, f"{field}: 3"), (where, err)


def _append(*keys, value):
    def change(d):
        for k in keys[:-1]:
            d = d[k]
        d[keys[-1]].append(value)
    return change


# the errors of one file in the order they are reported: form, citations against the corpus, then its structure
# (question by question, then outcome by outcome, in the file's order; the links of its tree), its cases, what is
# said to the players
IN_ORDER = [
    (lambda d: d["questions"][1].__setitem__("help", 5), "« help » doit être un texte (trouvé : 5)"),
    (_append("outcomes", 1, "cites", value="27Z"), "issue « fin_b » : provision « 27Z » introuvable"),
    (lambda d: d.__setitem__("aside", {"99": "hors du Code"}), "« aside » : provision « 99 » introuvable"),
    (lambda d: d["questions"][0]["choices"][1].pop("next"), "le choix « non » ne mène nulle part"),
    (_append("questions", value={"id": "q1", "text": "Encore ?", "cites": ["27A1"], "choices": [
        {"id": "a", "label": "A", "next": "fin_a"}, {"id": "b", "label": "B", "next": "fin_b"}]}),
     "question « q1 » définie deux fois (aussi ligne "),
    (lambda d: d["outcomes"][0]["effects"].__setitem__("tricks_transferred", 3), "« tricks_transferred » vaut 0"),
    (_append("outcomes", value={"id": "q2", "title": "Q", "ruling": "R.", "cites": ["27A1"]}),
     "issue « q2 » : identifiant déjà utilisé"),
    (lambda d: d.__setitem__("start", "q9"), "« start » : « q9 » n'est pas une question"),
    (_append("cases", value={"name": "essai", "answers": {"q7": "oui"}, "expected": "fin_a"}),
     "cas « essai » : question inconnue « q7 »"),
    (lambda d: d["outcomes"][1].pop("players"), "issue « fin_b » : il manque « players »"),
]


@pytest.mark.parametrize("first", range(len(IN_ORDER)))
def test_errors_are_reported_in_the_order_of_the_checks(tmp_path, model, first):
    """A file holding several errors is refused for the first in the order of the checks, whichever comes first
    in the file: the one at `first` when it and those after it are present."""
    d = _copy()
    d["cases"] = []
    for change, _ in IN_ORDER[first:]:
        change(d)
    err, _ = _refuse(tmp_path, model, d)
    assert IN_ORDER[first][1] in err.message, err


def _set_next(question: int, choice: int, target: str):
    def change(d):
        d["questions"][question]["choices"][choice]["next"] = target
    return change


# a checklist whose graph is broken: the change to BASE, words of the message, the line it names
BROKEN_GRAPHS = {
    "cycle": (_set_next(1, 0, "q1"), ["cycle", "q1 → q2 → q1"], "next: q1"),
    "issue-inaccessible": (lambda d: d["outcomes"].append({"id": "fin_c", "title": "C", "ruling": "Jamais.",
                                                           "cites": ["27A1"]}),
                           ["fin_c", "inaccessible"], "id: fin_c"),
    "choix-vers-rien": (_set_next(1, 1, "fin_z"), ["fin_z", "ni une question ni une issue"], "next: fin_z"),
    "question-orpheline": (lambda d: d["questions"].append({
        "id": "q3", "text": "Orpheline ?", "cites": ["27A2"],
        "choices": [{"id": "a", "label": "A", "next": "fin_a"}, {"id": "b", "label": "B", "next": "fin_b"}]}),
        ["q3", "aucun chemin"], "id: q3"),
}


@pytest.mark.parametrize("case", BROKEN_GRAPHS)
def test_refuses_a_broken_graph_with_its_line(tmp_path, model, case):
    change, words, needle = BROKEN_GRAPHS[case]
    d = _copy()
    change(d)
    err, p = _refuse(tmp_path, model, d)
    assert all(w in err.message for w in words), err.message
    assert err.line == _line_of(p, needle)


def test_refuses_a_choice_without_next(tmp_path, model):
    d = _copy()
    del d["questions"][0]["choices"][0]["next"]
    err, p = _refuse(tmp_path, model, d)
    assert "ne mène nulle part" in err.message


@pytest.mark.parametrize("cite,words", [
    ("94A", "la Loi 94 n'existe pas"),
    ("27B7", "provision « 27B7 » introuvable dans le texte de la Loi 27 du corpus"),
    ("pas une loi", "n'est pas un identifiant"),
])
def test_refuses_a_citation_that_does_not_resolve(tmp_path, model, cite, words):
    d = _copy()
    d["questions"][1]["cites"] = ["27B", cite]
    err, p = _refuse(tmp_path, model, d)
    assert words in err.message and "q2" in err.message
    assert err.line == _line_of(p, f"- {cite}")


def test_refuses_an_outcome_citation_that_does_not_resolve_naming_the_outcome(tmp_path, model):
    d = _copy()
    d["outcomes"][1]["cites"] = ["64A1", "64Z"]
    err, p = _refuse(tmp_path, model, d)
    assert err.message == ("issue « fin_b » : provision « 64Z » introuvable : ce n'est pas un identifiant de provision "
                           "(ex. 64A1, 50D2(a))")
    assert err.line == _line_of(p, "- 64Z")


def test_refuses_bad_effects_and_missing_citations(tmp_path, model):
    d = _copy()
    d["outcomes"][0]["effects"] = {"tricks_transferred": 3}
    err, _ = _refuse(tmp_path, model, d)
    assert "tricks_transferred" in err.message
    d["outcomes"][0]["effects"] = {"tricks_transferred": "plus tard"}
    err, _ = _refuse(tmp_path, model, d)
    assert "« tricks_transferred » vaut 0, 1 ou 2 (Loi 64A), ou fin_du_jeu" in err.message
    d = _copy()
    d["outcomes"][0]["effects"] = {"partner_must_pas": True}
    err, _ = _refuse(tmp_path, model, d)
    assert "effet inconnu" in err.message
    d = _copy()
    del d["questions"][0]["cites"]
    err, _ = _refuse(tmp_path, model, d)
    assert "cites" in err.message


def test_refuses_a_duplicate_key_with_its_line(tmp_path, model):
    p = _write(tmp_path, BASE)
    p.write_text(p.read_text(encoding="utf-8") + "title: Encore\n", encoding="utf-8")
    with pytest.raises(LoisError) as e:
        load_checklist(p, model)
    assert "en double" in e.value.message and e.value.line == len(p.read_text().splitlines())


# --------------------------------------------------------------------------- flowchart

def test_flowchart_has_every_node_and_arrow(lists):
    for cl in nonempty(lists.values()):
        svg = flowchart_svg(cl)
        root = ET.fromstring(svg)
        ns = "{http://www.w3.org/2000/svg}"
        nodes = {g.get("data-node") for g in root.iter(ns + "g")}
        assert nodes == set(cl.questions) | set(cl.outcomes)
        arrows = {(p.get("data-from"), p.get("data-to")) for p in root.iter(ns + "path") if p.get("data-from")}
        assert arrows == {(q.id, c.next) for q in cl.questions.values() for c in q.choices}
        assert "http://" not in svg.replace("http://www.w3.org/2000/svg", "")


# --------------------------------------------------------------------------- CLI

def _lois(*args, stdin: str | None = None):
    from conftest import run_lois

    return run_lois(*args, input=stdin, env={"LOIS_CORPUS": str(CORPUS)})


def test_cli_list_json(lists):
    r = _lois("arbitre", "--liste", "--json")
    assert r.returncode == 0, r.stderr
    data = {d["name"]: d for d in json.loads(r.stdout)}
    assert set(data) == set(lists)
    for name, cl in lists.items():
        assert [q["id"] for q in data[name]["questions"]] == list(cl.questions)
        for q in data[name]["questions"]:
            assert [c["id"] for c in q["choices"]] == [c.id for c in cl.questions[q["id"]].choices]


def test_cli_answers_json_matches_the_engine(lists):
    cl = lists["renonce"]
    case = next(c for c in cl.cases if c.expected == "deux_levees")
    r = _lois("arbitre", "renonce", "--reponses", json.dumps(case.answers), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == {"outcome", "ruling", "players", "words", "effects", "citations", "trace"}
    assert out["players"] == cl.outcomes["deux_levees"].players and len(out["players"]) >= 3
    res = run(cl, case.answers)
    assert out["outcome"] == "deux_levees" and out["effects"] == res.effects and out["citations"] == ids(res.citations)
    assert [s["question"] for s in out["trace"]] == [s.question for s in res.trace]
    # the site's URL form is accepted too
    r2 = _lois("arbitre", "renonce", "--reponses", ",".join(f"{k}:{v}" for k, v in case.answers.items()), "--json")
    assert json.loads(r2.stdout)["outcome"] == "deux_levees"


def test_cli_missing_answer_is_a_french_error():
    r = _lois("arbitre", "renonce", "--reponses", '{"consommee": "oui"}', "--json")
    assert r.returncode == 1
    assert "il manque la réponse à la question « cas_particulier »" in r.stderr
    assert "aucun" in r.stderr and "fin_tour" in r.stderr and "Traceback" not in r.stderr
    r = _lois("arbitre", "renonce", "--reponses", '{"consommee": "bof"}')
    assert r.returncode == 1 and "réponse inconnue « bof »" in r.stderr
    r = _lois("arbitre", "inconnue", "--reponses", "{}")
    assert r.returncode == 1 and "liste inconnue" in r.stderr


def test_cli_coverage(lists, model):
    """`lois arbitre --couverture` on the real corpus: each outcome reached by a case, then the table of every
    section and paragraph of the laws each checklist applies (and the sections a partial source leaves out, and
    the absent laws as a whole), each gap listed; non-zero while a gap remains."""
    from lois.features.checklists.coverage import Status, coverage as laws_coverage

    r = _lois("arbitre", "--couverture")
    tables = {n: laws_coverage(cl, model) for n, cl in lists.items()}
    gaps = [(n, row) for n, t in tables.items() for row in t.gaps]
    assert r.returncode == (1 if gaps else 0), r.stdout
    assert count(len(gaps), "provision non traitée", "provisions non traitées") in r.stdout
    blocks = _blocks(r.stdout, lists)
    for cl in lists.values():
        block = blocks[cl.name]
        assert block.startswith(f"{cl.name} : {len(cl.outcomes)}/{len(cl.outcomes)} issues atteintes"), block
        assert f"Couverture des lois appliquées (Loi{'s' if len(cl.laws) > 1 else ''} " in block
        listed = re.findall(r"^    (\d+[A-Z]?\d*)(?: \((section|loi) non incluse\))? — (.*)$", block, re.M)
        # the units, computed here from the corpus: the sections and paragraphs of each law's text, the sections
        # edition.yaml says its source leaves out, an absent law as a whole
        expected = []
        for n in cl.laws:
            if n not in model.laws:
                expected.append((str(n), "loi"))
                continue
            expected += [(p.id, "") for p in model.provisions.values() if p.law == n
                         and p.level in ("section", "paragraph")]
            partial = model.edition.partial.get(n)
            expected += [(f"{n}{letter}", "section") for letter in (partial.missing if partial else [])]
        assert sorted((unit, where) for unit, where, _ in listed) == sorted(expected), cl.name
        for unit, _, status in listed:
            row = next(x for x in tables[cl.name].rows if x.provision == unit)
            if row.status is Status.MISSING:
                assert status.startswith("NON TRAITÉE"), (cl.name, unit, status)
            elif row.status is Status.REACHED:
                assert status.startswith("atteinte par : issue") and all(o in status for o in row.outcomes)
            else:
                assert status.startswith("laissée de côté") and row.reason in status
    # facts of the corpus: the sections a partial source leaves out, an absent law
    assert "    27C (section non incluse) — " in blocks["enchere-insuffisante"]
    assert "    30C (section non incluse) — " in blocks["passe-hors-tour"]
    assert "    61 (loi non incluse) — " in blocks["renonce"]
    # one checklist, in JSON: the same rows
    one = _lois("arbitre", "--couverture", "enchere-insuffisante", "--json")
    data = json.loads(one.stdout)
    assert [c["name"] for c in data["checklists"]] == ["enchere-insuffisante"]
    got = data["checklists"][0]
    assert got["coverage"] == [row.as_dict() for row in tables["enchere-insuffisante"].rows]
    assert got["gaps"] == [row.provision for row in tables["enchere-insuffisante"].gaps]
    assert one.returncode == (1 if got["gaps"] else 0)
    assert _lois("arbitre", "--couverture", "inconnue").returncode == 1


def _blocks(out: str, lists) -> dict[str, str]:
    """The output of `lois arbitre --couverture`, checklist by checklist (its first line to the next one's)."""
    starts = sorted((out.index(f"\n{n} : ") + 1 if not out.startswith(f"{n} : ") else 0, n) for n in lists)
    return {n: out[a:(starts[i + 1][0] if i + 1 < len(starts) else len(out))] for i, (a, n) in enumerate(starts)}


def test_cli_coverage_fails_on_an_uncovered_outcome(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "checklists").mkdir(parents=True)
    (corpus / "lois").symlink_to(CORPUS / "lois")
    (corpus / "edition.yaml").symlink_to(CORPUS / "edition.yaml")  # the sections a partial source leaves out
    d = _copy()
    d["cases"] = [{"name": "un seul", "answers": {"q1": "non"}, "expected": "fin_a"}]
    _write(corpus / "checklists", d)
    r = _lois("--corpus", str(corpus), "arbitre", "--couverture")
    assert r.returncode == 1
    assert "essai : 1/2 issues atteintes" in r.stdout and "issue non couverte : fin_b" in r.stdout


# --------------------------------------------------------------------------- coverage of the laws applied (issue 33)

# BASE applying Laws 27, 23 and 26 (absent from the corpus), with the provisions no outcome reaches left aside
ASIDE = {"27A2": "Raison d'essai pour 27A2 (voir la Loi 31).", "27B1": "Raison d'essai pour 27B1.",
         "27B3": "Raison d'essai pour 27B3.", "27C": "Raison d'essai pour la section C.",
         "27 D": "Raison d'essai pour la section D.", "23": "Raison d'essai pour toute la Loi 23.",
         26: "Raison d'essai pour la Loi 26."}


def _with_aside(aside: dict, laws=(27, 23, 26)) -> dict:
    d = _copy()
    d["laws"] = list(laws)
    d["aside"] = aside
    return d


def test_coverage_of_a_checklist_with_provisions_left_aside(tmp_path, model):
    from lois.features.checklists.coverage import coverage as laws_coverage

    cl = load_checklist(_write(tmp_path, _with_aside(ASIDE)), model)
    assert cl.aside[pid("27D")] == "Raison d'essai pour la section D." and cl.aside[pid("26")]  # read once
    rows = {r.provision: (r.status.value, r.outcomes, str(r.aside or ""), r.unit.in_corpus)
            for r in laws_coverage(cl, model).rows}
    assert rows == {
        # q1 (27A1) is on the path to both outcomes, q2 (27B) too; fin_a cites 27B2
        "27A": ("reached", ("fin_a", "fin_b"), "", True), "27A1": ("reached", ("fin_a", "fin_b"), "", True),
        "27A2": ("aside", (), "27A2", True),
        "27B": ("reached", ("fin_a", "fin_b"), "", True), "27B1": ("aside", (), "27B1", True),
        "27B2": ("reached", ("fin_a",), "", True), "27B3": ("aside", (), "27B3", True),
        "27C": ("aside", (), "27C", False), "27D": ("aside", (), "27D", True),
        **{p.id: ("aside", (), "23", True) for p in model.provisions.values()
           if p.law == 23 and p.level in ("section", "paragraph")},
        "26": ("aside", (), "26", False)}


def test_cli_coverage_of_a_fixture_checklist_with_its_reasons(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "checklists").mkdir(parents=True)
    for name in ("lois", "edition.yaml"):
        (corpus / name).symlink_to(CORPUS / name)
    d = _with_aside(ASIDE)
    d["cases"] = [{"name": "a", "answers": {"q1": "non"}, "expected": "fin_a"},
                  {"name": "b", "answers": {"q1": "oui", "q2": "non"}, "expected": "fin_b"}]
    _write(corpus / "checklists", d)
    r = _lois("--corpus", str(corpus), "arbitre", "--couverture", "essai")
    assert r.returncode == 0, r.stdout
    assert "Couverture des lois appliquées (Lois 27, 23, 26) : " in r.stdout
    for line in ("27A1 — atteinte par : issues fin_a, fin_b", "27B2 — atteinte par : issue fin_a",
                 "27A2 — laissée de côté : Raison d'essai pour 27A2 (voir la Loi 31).",
                 "27D — laissée de côté : Raison d'essai pour la section D.",
                 "23A1 — laissée de côté [23] : Raison d'essai pour toute la Loi 23.",
                 "26 (loi non incluse) — laissée de côté : Raison d'essai pour la Loi 26."):
        assert f"\n    {line}\n" in r.stdout, line
    assert "0 provision non traitée, 0 problème." in r.stdout
    # without its reason for 27B3: a gap, listed, and the command fails
    del d["aside"]["27B3"]
    _write(corpus / "checklists", d)
    r = _lois("--corpus", str(corpus), "arbitre", "--couverture", "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data["checklists"][0]["gaps"] == ["27B3"] and data["gaps"] == 1 and data["problems"] == 1
    assert "27B3 — NON TRAITÉE" in _lois("--corpus", str(corpus), "arbitre", "--couverture").stdout


@pytest.mark.parametrize("aside,words,needle", [
    ({"27B4": "x"}, "aside » : « 27B4 » n'est ni une section ou un paragraphe du texte de la Loi 27 du corpus",
     "27B4:"),
    ({"27C1": "x"}, "« 27C1 » n'est ni une section ou un paragraphe du texte de la Loi 27", "27C1:"),
    ({"27A2": "x", "50A": "x"}, "la Loi 50 n'est pas parmi les lois que la liste applique (laws : 27, 23, 26)",
     "50A:"),
    ({"27B1(a)": "x"}, "« 27B1(a) » est un sous-point : la couverture se compte par section et paragraphe "
                       "(laissez de côté 27B1)", "27B1(a):"),
    ({"26B": "x"}, "le texte de la Loi 26 n'est pas dans le corpus ; c'est la loi entière qui se laisse de côté",
     "26B:"),
    ({"27B1": "x", "27 B 1": "y"}, "« 27 B 1 » et « 27B1 » désignent la même provision (27B1)", "27 B 1:"),
    ({"xyz": "x"}, "provision « xyz » introuvable : ce n'est pas un identifiant de provision", "xyz:"),
    ({94: "x"}, "la Loi 94 n'existe pas", "94:"),
    ({"27C": ""}, "ne doit pas être vide", "27C:"),
    ({"27A1": "x"}, "la provision « 27A1 » est laissée de côté, mais les issues « fin_a », « fin_b » l'atteignent "
                    "(elles ou une question sur leur chemin citent 27A1", "27A1:"),
    ({"27B": "x"}, "la provision « 27B » est laissée de côté, mais les issues « fin_a », « fin_b »", "27B:"),
    ({"27B2": "x"}, "mais l'issue « fin_a » l'atteint (elle ou une question sur son chemin cite 27B2", "27B2:"),
])
def test_refuses_a_bad_aside_entry_with_its_line(tmp_path, model, aside, words, needle):
    err, p = _refuse(tmp_path, model, _with_aside(aside))
    assert words in err.message, err.message
    assert err.line == _line_of(p, needle)


def test_refuses_an_aside_that_is_not_a_mapping(tmp_path, model):
    err, p = _refuse(tmp_path, model, _with_aside(["27C"]))
    assert "« aside » doit être une table" in err.message and err.line == _line_of(p, "aside:")


def test_the_page_shows_what_each_provision_became(tmp_path, model):
    """The checklist's page (generated as in the build): « Couverture des lois appliquées », each provision linked,
    reached by the outcomes that reach it (links that open the runner on them), left aside with its reason
    (its citations linked), or not treated."""
    from html import unescape

    from lois.features.checklists.site import render_page
    from lois.render.site import SiteBuild

    aside = {k: v for k, v in ASIDE.items() if k != "27B3"}
    cl = load_checklist(_write(tmp_path, _with_aside(aside)), model)
    page = render_page(SiteBuild(model), cl)
    assert ("couverture", "Couverture des lois appliquées") in [(e.id, e.title) for e in page.toc[0].children]
    body = page.body[page.body.index('id="couverture"'):]
    rows = dict(re.findall(r'<tr data-provision="([^"]+)" data-status="[a-z]+">(.*?)</tr>', body))

    def text(html: str) -> str:
        return " ".join(unescape(re.sub(r"<[^>]+>", "", html.replace("<br>", " ").replace("</td>", " "))).split())

    assert text(rows["27B2"]) == "Loi 27B2 atteinte par : issue A"
    assert 'href="?r=q1:non" data-outcome="fin_a"' in rows["27B2"] and 'href="../../lois/27/#B2"' in rows["27B2"]
    assert text(rows["27A2"]) == "Loi 27A2 laissée de côté : Raison d'essai pour 27A2 (voir la Loi 31)."
    assert 'data-ref="31"' in rows["27A2"]  # the reason's citation, a link
    assert text(rows["27C"]) == "Loi 27C section non incluse laissée de côté : Raison d'essai pour la section C."
    assert 'href="../../lois/27/#C"' in rows["27C"]  # the notice in the section's place
    assert text(rows["23A1"]) == "Loi 23A1 laissée de côté (avec la Loi 23) : Raison d'essai pour toute la Loi 23."
    assert text(rows["26"]) == "Loi 26 loi non incluse laissée de côté : Raison d'essai pour la Loi 26."
    assert text(rows["27B3"]) == "Loi 27B3 non traitée"
    assert "1 non traitée." in text(body)


def test_a_coverage_gap_stops_verifie_and_is_a_warning_when_the_flag_is_off(tmp_path, monkeypatch):
    from lois.core import grounds
    from lois.features.checklists import coverage

    assert coverage.GAPS_ARE_ERRORS  # the real corpus is held to it
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    p = _write(corpus / "checklists", _with_aside({"27C": "Raison.", "27D": "Raison.", "23": "Raison.",
                                                   "26": "Raison."}), name="a-essai.yaml")  # read first
    r = _lois("--corpus", str(corpus), "verifie")
    assert r.returncode == 1 and "Corpus valide" not in r.stdout
    assert r.stderr.startswith("erreur : ") and f"{p}, ligne {_line_of(p, 'laws:')}" in r.stderr, r.stderr
    assert "27A2, 27B1, 27B3" in r.stderr
    # a corpus being written: the gap is a warning after the verdict (its sentences' words too)
    monkeypatch.setattr(coverage, "GAPS_ARE_ERRORS", False)
    monkeypatch.setattr(grounds, "REQUIRE_WORDS", False)
    r = _lois("--corpus", str(corpus), "verifie")
    assert r.returncode == 0 and "Corpus valide" in r.stdout, r.stderr
    warning = (f"attention : {p}, ligne {_line_of(p, 'laws:')} : couverture des lois appliquées incomplète : "
               "3 provisions ni atteintes par une issue ni laissées de côté (« aside ») : 27A2, 27B1, 27B3 ; "
               "détail : lois arbitre --couverture a-essai\n")
    assert warning in r.stdout and r.stdout.index("Corpus valide") < r.stdout.index(warning), r.stdout


def test_cli_interactive_prompts_back_and_result():
    # 2 = « non consommée », r = back, 1 = « consommée », 9 = invalid, 4 = « fin du tour »
    r = _lois("arbitre", "renonce", stdin="2\nr\n1\n9\n4\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.count("\nLa renonce est-elle consommée ?\n") == 2  # asked again after « r »
    assert "  2. La renonce a eu lieu à la douzième levée" in out and "Votre choix" in out
    assert "Choix invalide « 9 » : tapez un numéro de 1 à 8" in out
    assert "Qui a commis la renonce ?" in out
    assert "Renonce signalée trop tard — pas de transfert" in out
    assert "Levées transférées au camp non fautif : 0" in out
    assert "Loi 64B5" in out


def test_revoke_established_while_play_goes_on_says_when_to_call_back(lists):
    """A revoke established mid-hand: the director says « continuez ; rappelez-moi à la fin de la donne », and the
    transfer is shown as counted at the end of play, never as 0 (Loi 64A)."""
    answers = "consommee:oui,cas_particulier:aucun,levee_renonce:en_cours,signale_en_cours:joueur"
    r = _lois("arbitre", "renonce", "--reponses", answers)
    assert r.returncode == 0, r.stderr
    assert "Continuez ; rappelez-moi à la fin de la donne" in r.stdout
    assert "Levées transférées au camp non fautif : à compter à la fin du jeu" in r.stdout
    assert "Levées transférées au camp non fautif : 0" not in r.stdout
    data = json.loads(_lois("arbitre", "renonce", "--reponses", answers, "--json").stdout)
    assert data["outcome"] == "en_cours" and data["effects"]["tricks_transferred"] == "fin_du_jeu"


def test_cli_interactive_quit_and_eof():
    r = _lois("arbitre", "carte-penalisee", stdin="1\nq\n")
    assert r.returncode == 0 and "arbitrage abandonné" in r.stdout
    r = _lois("arbitre", "carte-penalisee", stdin="1\n")
    assert r.returncode == 1 and "arbitrage interrompu" in r.stderr and "Traceback" not in r.stderr


# --------------------------------------------------------------------------- worked examples (issue 4)

def _examples():
    return real_checklist_examples()


@pytest.mark.parametrize("ex", _examples(), ids=lambda e: e.id)
def test_worked_examples_reach_their_outcome(lists, ex):
    assert ex.checklist in lists, f"{ex.file} : liste inconnue « {ex.checklist} »"
    assert run(lists[ex.checklist], ex.answers).outcome == ex.expected_outcome


# --------------------------------------------------------------------------- « Ce que je dis aux joueurs »

@pytest.mark.parametrize("players,words,needle", [
    (None, "il manque « players »", "- id: fin_b"),
    ([], "il manque « players »", "players: []"),
    (["Le Contre est annulé (Loi 27B3).", "Le jeu continue sans rien dire."],
     "la phrase « Le jeu continue sans rien dire. » ne cite aucune provision", "Le jeu continue sans"),
    (["Le Contre est annulé (Loi 27B3). Ensuite on verra."], "la phrase « Ensuite on verra. » ne cite aucune",
     "Ensuite on verra"),
    (["Le Contre est annulé (voir B3)."], "ne cite aucune provision", "voir B3"),
    (["Le Contre est annulé (Loi 27B7)."], "provision « 27B7 » introuvable dans le texte de la Loi 27", "Loi 27B7"),
    (["La Loi 94 le dit (Loi 94A)."], "la Loi 94 n'existe pas", "Loi 94A"),
    (["La procédure d'appel est suivie (Loi 93B)."],  # 93: no text, no commentary, no entry of the register
     "dont ni le texte, ni un commentaire, ni une entrée du registre des lois absentes", "Loi 93B"),
])
def test_refuses_an_outcome_whose_players_text_is_missing_or_uncited(tmp_path, model, players, words, needle):
    d = _copy()
    if players is None:
        del d["outcomes"][1]["players"]
    else:
        d["outcomes"][1]["players"] = players
    err, p = _refuse(tmp_path, model, d)
    assert words in err.message and "fin_b" in err.message, err.message
    assert err.line == _line_of(p, needle)


def test_players_text_may_cite_a_law_the_corpus_comments(tmp_path, model):
    """Laws 61 to 64 are absent, but the corpus holds the revoke guide (corpus/commentaires/renonce-64.md)."""
    d = _copy()
    d["outcomes"][1]["players"] = ["Une levée est transférée au camp non fautif (Loi 64A2)."]
    cl = load_checklist(_write(tmp_path, d), model)
    assert cl.outcomes["fin_b"].players == ["Une levée est transférée au camp non fautif (Loi 64A2)."]


def test_every_outcome_has_players_text_and_every_sentence_cites_the_corpus(lists, model):
    from lois.core.cite import find_citations
    from lois.features.checklists.model import sentences

    n = 0
    for cl in lists.values():
        for o in cl.outcomes.values():
            assert o.players, (cl.name, o.id)
            for item in o.players:
                for s in sentences(item):
                    n += 1
                    pids = [r.pid for c in find_citations(s) for r in c.refs if r.pid is not None]
                    assert pids, (cl.name, o.id, s)
                    # the text of a law of the corpus, a commentary of its law (the revoke guide for Laws 61 to 64)
                    # or an entry of the register of absent laws (Loi 43B3, Loi 51B…)
                    assert any(grounds_of(model, p) for p in pids), s
    assert n >= 3 * sum(len(cl.outcomes) for cl in lists.values()) - 20


def test_cli_json_and_text_give_the_players_text_in_order(lists):
    cl = lists["enchere-insuffisante"]
    answers = {"a_son_tour": "oui", "acceptee": "non", "remplacement": "autre"}
    r = _lois("arbitre", "enchere-insuffisante", "--reponses", json.dumps(answers), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["players"] == cl.outcomes["partenaire_passe"].players
    assert any("doit passer jusqu'à la fin des annonces (Loi 27B2)" in s for s in data["players"])
    r = _lois("arbitre", "enchere-insuffisante", "--reponses", "a_son_tour:oui,acceptee:non,remplacement:autre")
    assert "Ce que je dis aux joueurs :" in r.stdout
    said = r.stdout.split("Ce que je dis aux joueurs :")[1]
    for i, s in enumerate(cl.outcomes["partenaire_passe"].players, 1):
        assert f"{i}. {s}" in said
    assert said.index("1. ") < said.index("2. ") < said.index("3. ")


def test_cli_lists_every_outcome_with_its_players_text(lists):
    r = _lois("arbitre", "--joueurs")
    assert r.returncode == 0, r.stderr
    for cl in lists.values():
        assert f"== {cl.title}" in r.stdout
        for o in cl.outcomes.values():
            assert o.title in r.stdout and o.players[0] in r.stdout
    one = _lois("arbitre", "renonce", "--joueurs")
    assert "deux levées sont transférées au camp non fautif (Loi 64A1)" in one.stdout
    assert "Enchère insuffisante" not in one.stdout
    js = json.loads(_lois("arbitre", "--joueurs", "--json").stdout)
    assert {(c["name"], o["id"]) for c in js for o in c["outcomes"]} == {
        (cl.name, o) for cl in lists.values() for o in cl.outcomes}
    assert all(o["players"] for c in js for o in c["outcomes"])


@pytest.mark.parametrize("directory_urls", [True, False])
def test_the_runner_texts_linked_once_are_those_linked_from_each_page(model, lists, directory_urls):
    """The runner's data is linked once, each link's address a slot (lois.render.site.ANY_PAGE), then placed in the
    checklist's page and in ``checklists.json`` (links from the site's root): what linking it from that page gives,
    for every checklist of the corpus, with and without directory URLs, from a page deeper and one in another folder."""
    from lois.features import site_contributors
    from lois.features.checklists.site import page_of, runner_data
    from lois.render.site import SiteBuild

    site = SiteBuild(model, use_directory_urls=directory_urls, contributors=site_contributors())
    site.build()  # the stubs' and the features' pages exist: links to them are made as in the build
    for cl in nonempty(lists.values()):
        data = runner_data(site, cl)
        assert "\\u0000" in json.dumps(data)  # the addresses are slots
        for page in (page_of(cl.name), "index.md", "lois/27.md", "notes/a/b.md"):
            placed = site.placed(data, page)
            assert placed == runner_data(site, cl, page)
            assert "\\u0000" not in json.dumps(placed)
