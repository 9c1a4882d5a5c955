"""« S'entraîner » on the command line (`lois entraine`, answers piped in) and the training data: every situation
is a validated checklist case or a replayed worked example, and the ruling taught is the checklist's."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT, nonempty, run_lois
from lois.core.typo import count


@pytest.fixture(scope="module")
def training(model):
    from lois.features.training.items import load_items

    return load_items(model)


def _expected_keys(lists, model):
    """What the corpus itself says: (checklist, what the director hears — the case's facts, else its name) of every
    case and the id of every example that names a checklist."""
    from lois.features.annotations import load_annotations

    cases = {(cl.name, " ".join((c.facts or c.name).split())) for cl in lists.values() for c in cl.cases}
    examples = {e.id for e in load_annotations(model).examples.values() if e.checklist}
    return cases, examples


def test_every_situation_is_a_validated_case_or_a_replayed_example(training, model):
    from lois.features.checklists import run

    lists, items = training
    cases, examples = _expected_keys(lists, model)
    assert cases and examples
    got_cases = {(i.checklist, i.situation) for i in items if i.kind == "case"}
    got_examples = {i.id[len("ex-"):] for i in items if i.kind == "example"}
    assert got_cases == cases and got_examples == examples  # all of them, and nothing else
    assert len({i.id for i in items}) == len(items)
    for i in items:
        res = run(lists[i.checklist], i.answers)
        assert res.outcome == i.expected, i.id
        assert list(i.answers) == [s.question for s in res.trace]  # the answers of the path, in order


def _answer_lines(lists, items, mode: str) -> list[str]:
    """The right answers (numbers typed) for these situations, read from the checklists' data."""
    lines = []
    for it in items:
        cl = lists[it.checklist]
        if mode == "decision":
            lines.append(str(list(cl.outcomes).index(it.expected) + 1))
            continue
        node = cl.start
        while node in cl.questions:
            q = cl.questions[node]
            ids = [c.id for c in q.choices]
            lines.append(str(ids.index(it.answers[node]) + 1))
            node = q.choice(it.answers[node]).next
    return lines


def _session(training, seed: int, n: int):
    from lois.features.training.items import draw

    lists, items = training
    return draw(items, n, seed)


@pytest.mark.parametrize("mode", ["questions", "decision"])
def test_right_answers_piped_score_full_marks(training, mode):
    lists, _ = training
    session = _session(training, 7, 4)
    answers = _answer_lines(lists, session, mode)
    res = run_lois("entraine", "--graine", "7", "--nombre", "4", "--mode", mode, input="\n".join(answers) + "\n")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.count("Juste.") == 4 and "Pas tout à fait" not in out
    assert "Score : 4/4" in out and "À revoir" not in out
    # each situation is shown in the order drawn, with the ruling of its outcome and its provisions
    pos = 0
    for it in nonempty(session):
        o = lists[it.checklist].outcomes[it.expected]
        at = out.index(f"La décision : {o.title}", pos)
        assert " ".join(it.situation.split())[:50] in " ".join(out[pos:at].split())
        assert "Provisions : " + ", ".join(f"Loi {c}" for c in o.cites) in out[at:]
        pos = at
    assert "Traceback" not in res.stderr


def test_wrong_answers_are_explained_and_come_back(training):
    lists, _ = training
    session = _session(training, 11, 2)
    wrong = []
    for it in session:  # the first outcome that is not the right one
        outcomes = list(lists[it.checklist].outcomes)
        wrong.append(str(next(i for i, o in enumerate(outcomes, 1) if o != it.expected)))
    right = _answer_lines(lists, session, "decision")
    res = run_lois("entraine", "--graine", "11", "-n", "2", "--mode", "decision",
                   input="\r\n".join(wrong + right) + "\r\n")  # Windows line endings
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert out.count("Pas tout à fait : votre réponse mène à") == 2
    assert "À revoir : 2 situations manquées reviennent" in out
    review = out[out.index("À revoir : 2"):]
    assert review.count("Juste.") == 2  # they came back, and were answered right: still not in the score
    assert "Score : 0/2" in out and "Situations manquées :" in out


def test_same_seed_same_session_and_numbers(training):
    a = run_lois("entraine", "--graine", "3", "-n", "3", input="")
    b = run_lois("entraine", "--graine", "3", "-n", "3", input="")
    assert a.stdout == b.stdout and "Situation 1/3" in a.stdout


def test_end_of_input_and_garbage_end_cleanly_in_french(training):
    res = run_lois("entraine", "-n", "2", input="")
    assert res.returncode == 0 and "Entrée terminée : fin de la séance." in res.stdout and "Score : 0/0" in res.stdout
    res = run_lois("entraine", "-n", "2", "--mode", "decision", input="abc\n99\n\x00\xff\n")
    assert res.returncode == 1
    assert "Réponse non comprise « abc »" in res.stdout and "Réponse non comprise « 99 »" in res.stdout
    assert "3 réponses non comprises de suite : séance arrêtée." in res.stdout
    res = run_lois("entraine", "-n", "1", input="q\n")
    assert res.returncode == 0 and "Séance arrêtée." in res.stdout
    for args, msg in ((["-n", "0"], "il faut au moins 1 question"), (["--graine", "x"], "n'est pas un nombre entier"),
                      (["--mode", "vite"], "argument --mode"), (["--liste", "inconnue"], "liste d'arbitrage inconnue")):
        res = run_lois("entraine", *args, input="")
        assert res.returncode != 0 and msg in res.stderr, (args, res.stderr)
        assert "Traceback" not in res.stderr


def test_bytes_not_utf8_are_refused_like_garbage():
    import subprocess
    import sys

    from conftest import project_env

    res = subprocess.run([sys.executable, "-m", "lois.adapters.cli", "entraine", "-n", "1", "--mode", "decision"],
                         input=b"\xff\xfe\n\x80\n\xc3\n", capture_output=True, cwd=ROOT, env=project_env(), timeout=120)
    out = res.stdout.decode("utf-8")
    assert res.returncode == 1 and out.count("Réponse non comprise") == 3 and b"Traceback" not in res.stderr


def test_one_checklist_only(training):
    lists, items = training
    name = next(iter(lists))
    n = sum(1 for i in items if i.checklist == name)
    res = run_lois("entraine", "--liste", name, "-n", "100", input="")
    assert f" : {count(n, 'situation')}, mode" in res.stdout
    assert re.findall(r"^\[([^\]]+)\]", res.stdout, re.M) == [lists[name].title]
