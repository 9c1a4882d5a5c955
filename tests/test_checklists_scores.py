"""Adjusted-score calculators (Loi 12C2 and 12C3, Loi 12C1(c), Loi 12C4) on the command line, the Law 16
checklists, the faster revoke: real commands on the real corpus, expected values read in the law
(tests/adjusted_score_cases.yaml)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from conftest import nonempty, run_lois, ids
from lois.core.resolve import resolve_text
from lois.core.ids import ProvisionId
from lois.features.checklists import load_checklists, run
from lois.features.scores.calc import RULES, CalcError, artificial, fmt, knockout, number, weighted

ROOT = Path(__file__).resolve().parents[1]
CASES = yaml.safe_load((ROOT / "tests" / "adjusted_score_cases.yaml").read_text(encoding="utf-8"))
OPTIONS = ("score_seance", "moyenne_moins", "moyenne_plus", "equivalent_imp")


@pytest.fixture(scope="module")
def lists(model):
    return load_checklists(ROOT / "corpus", model)


def _args(inp: dict) -> list[str]:
    out = ["marque-ajustee", "--epreuve", inp["epreuve"], "--responsabilite", inp["responsabilite"]]
    for k in OPTIONS:
        if k in inp:
            out += ["--" + k.replace("_", "-"), str(inp[k])]
    return out


def _check(r, expected: dict, model, python_error):
    if "error" in expected:
        assert r.returncode == 1 and r.stdout == "", r.stdout
        assert "Traceback" not in r.stderr
        assert python_error is not None and python_error.code == expected["error"]
        assert r.stderr.strip() == f"erreur : {python_error}"
        return
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert set(data) >= {"score", "unit", "citations", "explanation"}
    assert isinstance(data["score"], (int, float)) and data["score"] == expected["score"]
    assert data["unit"] == expected["unit"]
    assert set(expected["citations"]) <= set(data["citations"])
    # a value kept but said (a top, a session score the organiser's value would have bettered): in the JSON and
    # on stderr, beside the result
    assert [n["code"] for n in data["notes"]] == expected.get("notes", [])
    for n in data["notes"]:
        assert f"attention : {n['text']}" in r.stderr
    # every provision the explanation names resolves in the corpus (or is a law the corpus lacks)
    found, problems = resolve_text(model, data["explanation"], None)
    assert found and not problems, data["explanation"]
    for _c, targets in found:
        for t in targets:
            assert t in model.provisions or t.law not in model.laws, t


@pytest.mark.parametrize("case", CASES["artificielle"], ids=lambda c: c["name"])
def test_artificial_adjusted_score_command(case, model):
    inp = case["input"]
    try:
        artificial(inp["epreuve"], inp["responsabilite"], inp.get("score_seance"),
                   **{k: inp[k] for k in OPTIONS[1:] if k in inp})
        err = None
    except CalcError as exc:
        err = exc
    _check(run_lois(*_args(inp), "--json"), case["expected"], model, err)


@pytest.mark.parametrize("case", CASES["ponderee"], ids=lambda c: c["name"])
def test_weighted_adjusted_score_command(case, model):
    inp = case["input"]
    try:
        weighted(inp["epreuve"], [tuple(r) for r in inp["resultats"]])
        err = None
    except CalcError as exc:
        err = exc
    # « -- »: a result typed with a minus sign (« -10:70 ») is not an option
    r = run_lois("marque-ponderee", "--epreuve", inp["epreuve"], "--json", "--",
                 *[f"{p}:{s}" for p, s in inp["resultats"]])
    _check(r, case["expected"], model, err)
    if "error" not in case["expected"]:
        data = json.loads(r.stdout)
        # the arithmetic shown: each probability × score, then the total
        for p, _s in nonempty(inp["resultats"]):
            assert f"{fmt(number(p, 'p'))} % × " in data["arithmetic"]
        assert data["arithmetic"] in data["explanation"]


@pytest.mark.parametrize("case", CASES["ko"], ids=lambda c: c["name"])
def test_knockout_command(case, model):
    inp, expected = case["input"], case["expected"]
    try:
        knockout(inp["marque"], inp["marque_adverse"])
        err = None
    except CalcError as exc:
        err = exc
    r = run_lois("marque-ko", "--marque", inp["marque"], "--marque-adverse", inp["marque_adverse"], "--json")
    _check(r, expected, model, err)
    if "error" not in expected:
        data = json.loads(r.stdout)
        assert data["opponent"] == expected["opponent"] and data["score"] + data["opponent"] == 0
        text = run_lois("marque-ko", "--marque", inp["marque"], "--marque-adverse", inp["marque_adverse"]).stdout
        assert text.startswith(f"Marque : {fmt(expected['score'])} IMP\n"
                               f"Marque du second concurrent : {fmt(expected['opponent'])} IMP\n"), text
        assert "Loi 12C4" in text


def test_negative_decimal_comma_is_a_value_not_an_option():
    """« -2,5 » after an option, and « -10:70 » as a result, are values (argparse alone takes them for options)."""
    r = run_lois("marque-ajustee", "--epreuve", "imp", "--responsabilite", "fautif", "--moyenne-moins", "-2,5")
    assert r.returncode == 0 and r.stdout.startswith("Marque : -2,5 IMP"), r.stderr
    r = run_lois("marque-ko", "--marque", "-2,5", "--marque-adverse", "-0,5")
    assert r.returncode == 0 and r.stdout.startswith("Marque : -1 IMP\nMarque du second concurrent : 1 IMP"), r.stderr
    r = run_lois("marque-ponderee", "--epreuve", "imp", "-10,5:70", "110:20")
    assert r.returncode == 1 and "la probabilité -10,5 % doit être comprise" in r.stderr


def test_every_result_stays_within_the_law_for_every_responsibility_and_session():
    """Loi 12C2: whatever the organiser's values (inside their bounds) and the session score, a moyenne moins is
    at most 40 % (a loss in IMPs), a moyenne 50 % (0 IMP), a moyenne plus at least 60 % (a gain in IMPs)."""
    values = {"%": ["0", "20", "35", "40", "40,01", "50", "59,99", "60", "65", "100"],
              "IMP": ["-24", "-3", "-0,01", "0", "0,01", "3", "24"]}
    sessions = ["", "0", "39,99", "40", "50", "60", "60,01", "100"]
    seen = set()
    for event, ev in RULES["events"].items():
        unit = ev["unit"]
        for who in RULES["names"]:
            for low in [""] + values[unit]:
                for high in [""] + values[unit]:
                    for session in sessions:
                        for eq in ([""] + values["IMP"]) if unit == "IMP" else [""]:
                            try:
                                res = artificial(event, who, session, moyenne_moins=low, moyenne_plus=high,
                                                 equivalent_imp=eq)
                            except CalcError as exc:
                                seen.add(exc.code)
                                continue
                            x = res["score"]
                            if unit == "%":
                                assert {"fautif": x <= 40, "partiel": x == 50, "non-fautif": x >= 60}[who], res
                            else:
                                assert {"fautif": x < 0, "partiel": x == 0, "non-fautif": x > 0}[who], res
    assert {"bounds_low", "bounds_high", "imp_bounds_low", "imp_bounds_high", "equivalent_high",
            "equivalent_low", "equivalent_alone", "imp_equivalent"} <= seen


def test_what_the_calculators_say_of_the_law_is_in_its_text(model):
    """The numbers and words the calculators give as Loi 12C's stand in the provision they cite (corpus text)."""
    def text(pid: str) -> str:
        return re.sub(r"\s+", " ", model.provisions[ProvisionId.parse(pid)].text.replace("\u00a0", " "))

    said = {"12C2(a)": ["moyenne moins: au plus 40 %", "moyenne : 50%", "moyenne plus : au moins 60 %",
                        "points de match possibles en tournoi par paires", "entièrement fautif",
                        "seulement partiellement fautif", "totalement non fautif"],
            "12C2(b)": ["normalement de plus 3 IMPs ou de moins 3 IMPs", "Avec l'accord de l’organisme responsable",
                        "Lois 78D, 86B3 et (d) ci-dessous"],
            "12C2(c)": ["score supérieur à 60%", "score inférieur à 40%", "(ou l'équivalent en IMPs)",
                        "le pourcentage obtenu (ou l'équivalent en IMPs) sur les autres donnes de la séance"],
            "12C2(d)": ["un concurrent ne peut obtenir de résultat sur plusieurs donnes pendant la même séance",
                        "différentes de celles prévues en (a) ou (b)"],
            "12C3": ["s’appliquent de la même manière pour les deux joueurs du camp fautif",
                     "même si un seul des deux peut être responsable de l'irrégularité",
                     "n’infligera pas de pénalité de procédure au partenaire d’un joueur fautif",
                     "en aucune façon responsable de l'infraction"],
            "12C4": ["qui ne se compensent pas en match par K.O.", "calculé séparément",
                     "La moyenne de ces deux marques est alors attribuée aux deux concurrents"]}
    for pid, words in said.items():
        for w in words:
            assert w in text(pid), (pid, w)
    # the numbers of the rules are those of 12C2(a) and (c)
    ev = RULES["events"]["paires"]
    assert ev["scores"] == {"fautif": 40, "partiel": 50, "non-fautif": 60}
    assert ev["bounds"]["fautif"]["max"] == 40 and ev["bounds"]["non-fautif"]["min"] == 60
    assert (RULES["session"]["high"], RULES["session"]["low"]) == (60, 40)
    assert RULES["events"]["imp"]["scores"] == {"fautif": -3, "partiel": 0, "non-fautif": 3}


def test_case_file_covers_what_the_issue_asks():
    names = " ".join(c["name"] for c in CASES["artificielle"])
    inputs = [c["input"] for c in CASES["artificielle"]]
    assert {i["epreuve"] for i in inputs} == set(RULES["events"]) == {"paires", "individuel", "imp"}
    assert {i["responsabilite"] for i in inputs} == {"fautif", "partiel", "non-fautif"}
    assert "12C2(c)" in names and "Organisateur" in names
    errors = {c["expected"].get("error") for c in CASES["artificielle"]}
    assert {"percentage", "not_a_number"} <= errors
    # every bound of 12C2 and every note of the artificial score is reached by a case
    assert errors >= {"bounds_low", "bounds_high", "imp_bounds_low", "imp_bounds_high", "equivalent_high",
                      "equivalent_low", "equivalent_unit", "equivalent_alone", "imp_equivalent"}
    notes = {n for c in CASES["artificielle"] for n in c["expected"].get("notes", [])}
    assert notes == {"session_below", "session_above"}
    assert {c["expected"].get("error") for c in CASES["ko"]} >= {None, "ko_incomplete", "imp_range"}


def test_text_output_and_bad_input_in_french():
    r = run_lois("marque-ajustee", "--epreuve", "imp", "--responsabilite", "fautif")
    assert r.returncode == 0 and r.stdout.startswith("Marque : -3 IMP") and "Loi 12C2(b)" in r.stdout
    r = run_lois("marque-ajustee", "--epreuve", "paires", "--responsabilite", "fautif", "--score-seance", "140")
    assert r.returncode == 1 and "n'est pas un pourcentage" in r.stderr and "Traceback" not in r.stderr
    r = run_lois("marque-ajustee", "--epreuve", "rubber", "--responsabilite", "fautif")
    assert r.returncode == 2 and "choix invalide" in r.stderr and "Traceback" not in r.stderr
    r = run_lois("marque-ajustee", "--epreuve", "individuel", "--responsabilite", "fautif")
    assert r.returncode == 0 and r.stdout.startswith("Marque : 40 %") and "Loi 12C3" in r.stdout
    r = run_lois("marque-ajustee", "--epreuve", "imp", "--responsabilite", "non-fautif", "--moyenne-plus", "-3")
    assert r.returncode == 1 and r.stdout == "" and "n'est pas une moyenne plus" in r.stderr
    r = run_lois("marque-ponderee", "--epreuve", "paires", "60-70", "40:20")
    assert r.returncode == 1 and "PROBABILITÉ:MARQUE" in r.stderr


def test_every_citation_of_the_rules_resolves(model):
    from lois.core.yamlfile import YamlDoc
    from lois.features.checklists.model import check_citation

    doc = YamlDoc(RULES, "calc.py")
    texts = " ".join([*RULES["texts"].values(), *RULES["errors"].values(), *RULES["notes"].values()])
    cites = {c for ev in RULES["events"].values() for c in ev["citations"] + ev["organiser_citations"]}
    for c in cites | set(RULES["session"]["citations"]) | set(RULES["knockout"]["citations"]):
        check_citation(model, c, "RULES", doc)
    found, problems = resolve_text(model, texts, None)
    assert found and not problems


# --------------------------------------------------------------------------- Law 16 checklists

NEW = ("information-non-autorisee", "information-autres-sources", "actions-retirees")


@pytest.mark.parametrize("name", NEW)
def test_new_checklists_have_eight_table_cases_reaching_every_outcome(lists, name):
    cl = lists[name]
    assert len(cl.cases) >= 8
    reached = {run(cl, c.answers).outcome for c in cl.cases}
    assert reached == set(cl.outcomes)
    assert 16 in cl.laws


def test_unauthorised_information_outcomes_follow_12C1(lists):
    cl = lists["information-non-autorisee"]
    yes = {"information": "suggere", "alternative": "oui", "dommage": "oui"}
    adjusted = run(cl, yes)
    split = run(cl, {**yes, "dommage": "contribution"})
    stands = [run(cl, a) for a in ({"information": "non"}, {"information": "non_suggere"},
                                   {**yes, "alternative": "non"}, {**yes, "dommage": "non"})]
    assert adjusted.effects["adjusted_score"] and adjusted.effects["weighted_score_possible"]
    assert not adjusted.effects["non_offending_self_inflicted"]
    assert {"12C1(b)", "12C1(c)"} <= set(ids(adjusted.citations))
    assert split.effects["adjusted_score"] and split.effects["non_offending_self_inflicted"]
    assert {"12C1(e)(i)", "12C1(e)(ii)"} <= set(ids(split.citations))
    for r in nonempty(stands):
        assert not r.effects["adjusted_score"] and not r.effects["weighted_score_possible"]
        assert "maintenu" in r.ruling
    # the logical-alternative question cites the definition: Law 16B1 as a whole, whose sub-paragraphs differ
    # between the corpus source (a, b) and the 2017 Code (a, b, c)
    assert "16B1" in ids(cl.questions["alternative"].cites)
    every = [c for o in cl.outcomes.values() for t in (o.ruling, *o.players) for c in re.findall(r"16B1\(\w\)", t)]
    assert set(every) <= {"16B1(a)"}, every


def test_unauthorised_information_during_the_board_does_not_rule_yet(lists):
    """Called during the auction or play (a hesitation), the director rules nothing yet: the auction and play
    continue, the partner is told his duty (16B1, 73C1), the opponents to call back at the end (16B3)."""
    cl = lists["information-non-autorisee"]
    now = run(cl, {"information": "pendant"})
    assert now.outcome == "continuer" and not now.effects["adjusted_score"]
    assert now.effects["adjusted_score_possible"] and now.effects["unauthorized_information"]
    said = " ".join(now.players)
    assert "rappelez-moi à la fin du jeu (Loi 16B3)" in said
    assert "(Loi 16B1)" in said and "(Loi 73C1)" in said and "(Loi 16B2)" in said
    assert "maintenu" not in now.ruling


def test_mistaken_explanation_is_corrected_at_the_right_time_with_the_opponents_remedies(lists):
    """Declarer or dummy corrects after the final pass, a defender at the end of play (20F5(b)); an opponent may
    change a call only while the auction period lasts (21B1(a)), else an adjusted score (21B3)."""
    cl = lists["information-non-autorisee"]
    early = run(cl, {"information": "explication", "correction": "declarant_mort"})
    late = run(cl, {"information": "explication", "correction": "defenseur"})
    assert {"20F5(a)", "20F5(b)", "21B1(a)", "21B3", "16B1(a)"} <= set(ids(early.citations))
    assert "après le dernier Passe" in " ".join(early.players)
    assert "21B1(a)" not in ids(late.citations) and {"20F5(b)", "21B3"} <= set(ids(late.citations))
    assert "Il est trop tard pour changer une déclaration" in " ".join(late.players)
    # the player who finds his own explanation mistaken calls the director before the opening lead is faced (or
    # during the play, if he finds it then), and may but need not do so before the auction ends (2017 Law 75B2;
    # "at once" was the 2007 Law 20F4)
    own = run(cl, {"information": "explication", "correction": "auteur"})
    assert own.outcome == "explication_par_son_auteur"
    assert {"75B2", "21B1(a)", "21B3"} <= set(ids(own.citations)) and "20F5(a)" not in ids(own.citations)
    said = re.sub(r"\s+", " ", " ".join(own.players))
    assert "avant que l'entame soit faite face visible, ou pendant le jeu s'il ne s'en aperçoit qu'alors (Loi 75B2)" \
        in said and "tout de suite" not in said
    assert "sans y être obligé" in own.ruling and "immédiatement" not in own.ruling


def test_other_sources_before_and_after_the_first_call(lists):
    cl = lists["information-autres-sources"]
    before = {"moment": "avant", "interfere": "oui"}
    paths = {"16D2(a)": {"position": "oui"}, "16D2(b)": {"position": "non", "redonner": "oui"},
             "16D2(c)": {"position": "non", "redonner": "non", "jeu_possible": "oui"},
             "16D2(d)": {"position": "non", "redonner": "non", "jeu_possible": "non"}}
    for option, answers in paths.items():
        r = run(cl, {**before, **answers})
        assert option in ids(r.citations), (option, r.outcome)
        # 10C1: every measure the director takes is told with the four he could take before any call
        assert "changer vos places, faire redonner la donne, la laisser jouer" in " ".join(r.players)
    after = run(cl, {"moment": "apres", "apres_suite": "continuer"})
    assert ids(after.citations[1:3]) == ["16D3", "16D2"] and after.effects["adjusted_score_possible"]
    assert "Rappelez-moi à la fin de la donne" in " ".join(after.players)
    artificial = run(cl, {**before, **paths["16D2(d)"]})
    assert artificial.effects["adjusted_score"] and "12A2" in ids(artificial.citations)


def test_withdrawn_actions_authorised_for_non_offenders_only(lists):
    cl = lists["actions-retirees"]
    end = {"remplacement": "non", "moment": "fin"}
    assert ids(run(cl, {**end, "camp": "non_fautif"}).citations) == ["16C1", "16A1(b)"]
    r = run(cl, {**end, "camp": "fautif", "suggere": "oui", "alternative": "oui", "dommage": "oui",
                 "contribution": "non"})
    assert r.effects["adjusted_score"] and "16C2" in ids(r.citations)


def test_withdrawn_call_replaced_under_23B_or_27B1_is_never_said_unauthorised(lists):
    """After a comparable call (23B) or the lowest sufficient bid in the same denomination (27B1(a)), Law 16C2
    does not apply: no sentence tells the offending side that the withdrawn call's information is
    unauthorised."""
    cl = lists["actions-retirees"]
    for answer in ("comparable", "meme_denomination"):
        r = run(cl, {"remplacement": answer})
        assert not r.effects["unauthorized_information"] and not r.effects["withdrawn_action_information"]
        for text in (r.ruling, *r.players):
            assert "n'est pas autorisée" not in text and "ne l'est pas" not in text, (answer, text)
    comparable = run(cl, {"remplacement": "comparable"})
    assert "ne s'applique pas (Loi 23B)" in " ".join(comparable.players)
    assert {"26A", "23C"} <= set(ids(comparable.citations))
    assert "27D" in ids(run(cl, {"remplacement": "meme_denomination"}).citations)


def test_each_provision_a_ruling_names_is_cited(lists, model):
    """A ruling sentence that names a provision cites it (outcome or question citations), or quotes a cited
    provision that names it (« la Loi 16C2 ne s'applique pas » is 23B's own sentence)."""
    named = 0
    for name, cl in lists.items():
        for o in cl.outcomes.values():
            cited = set(ids(o.cites)) | {str(c) for q in cl.questions.values() for c in q.cites}
            quoted = " ".join(model.provisions[ProvisionId.parse(c)].text for c in cited
                              if ProvisionId.parse(c) in model.provisions)
            for m in re.finditer(r"Loi (\d+[A-Z]\d*(?:\([a-z]+\))*(?:\([ivx]+\))?)", o.ruling):
                pid = m.group(1)
                assert pid in cited or re.search(rf"Loi {re.escape(pid)}(?![\w(])", quoted), (name, o.id, pid)
                named += 1
    assert named, "aucune décision ne nomme de provision : le test ne vérifierait rien"


# --------------------------------------------------------------------------- the faster revoke

def test_revoke_common_path_is_three_answers_and_exceptions_one_question(lists):
    cl = lists["renonce"]
    common = {"consommee": "oui", "cas_particulier": "aucun", "levee_renonce": "joueur_et_apres"}
    res = run(cl, common)
    assert res.outcome == "deux_levees" and len(res.trace) == 3
    exceptions = cl.questions["cas_particulier"]
    cited = set(ids(exceptions.cites))
    assert {"64B2", "64B3", "64B4", "64B5", "64B6", "64B7"} <= cited
    # every exception is one tap from that question and transfers nothing
    for c in nonempty(exceptions.choices):
        if c.id != "aucun":
            r = run(cl, {"consommee": "oui", "cas_particulier": c.id})
            assert len(r.trace) == 2 and r.effects["tricks_transferred"] == 0
    # the longest path of the whole checklist: a revoke established while play goes on, then who drew attention
    # to it (the dummy may not during play: Laws 9A4, 43B3)
    assert max(len(run(cl, c.answers).trace) for c in cl.cases) == 4
