"""Hostile input to the commands of issue 24 « Numbers without bounds » and « Shared links and stored records »,
on the real commands:

* every subcommand's ``--help`` (listed from the parser itself) prints its help and exits 0;
* the calculators (`lois marque-ajustee`, `lois marque-ponderee`, `lois marque-ko`) fuzzed with hypothesis: any
  text, any float, any number of results gives either a score inside the range of its unit — and, for the
  artificial score, inside the bounds of Loi 12C2 for its responsibility — or one French line and exit 1;
* `lois arbitre --reponses` with nested, huge or mistyped JSON: one French line, exit 1, no traceback;
* the ruling record's schema (lois.features.scores.fiche): forged records fuzzed against the Python
  validator (the browser's side is tests/test_fiche_records_browser.py).
"""
from __future__ import annotations

import contextlib
import io
import json
import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import lois_commands, run_lois
from lois.adapters.cli import main
from lois.features.scores import fiche
from lois.features.scores.calc import RULES, CalcError, artificial, knockout, number, weighted

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _lois(*args) -> tuple[int, str, str]:
    """`lois ARGS` in this process (fast enough for fuzzing): exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------- --help of every subcommand

COMMANDS = [(c,) for c in lois_commands()]  # as `lois --help` lists them


def test_the_parser_lists_the_calculators():
    assert {("marque-ajustee",), ("marque-ponderee",), ("marque-ko",), ("arbitre",)} <= set(COMMANDS)
    assert len(COMMANDS) >= 9


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_subcommand_help_works(words):
    code, out, err = _lois(*words, "--help")
    assert code == 0, err
    assert out.startswith("usage : lois ") and "Traceback" not in err + out
    assert "afficher cette aide et quitter" in out


def test_help_of_the_calculators_as_a_person_runs_it():
    for cmd, words in (("marque-ajustee", ("de 0 à 100 %", "62,5 ou 62.5", "au plus 40 %", "au moins 60 %",
                                           "individuel")),
                       ("marque-ponderee", ("probabilité en %", "-24 à 24")),
                       ("marque-ko", ("Loi 12C4", "-24 à 24", "de son point de vue"))):
        r = run_lois(cmd, "--help")
        assert r.returncode == 0 and not r.stderr, r.stderr
        flat = " ".join(r.stdout.split())
        assert all(w in flat for w in words), flat


# --------------------------------------------------------------------------- the calculators, fuzzed

TYPED = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="0123456789,.-+−% eEinfaIMPs\u00a0", max_size=12),
    st.from_regex(r"[+-]?[0-9]{1,500}([.,][0-9]{1,4})?", fullmatch=True),
    st.sampled_from(["nan", "inf", "-inf", "1e999", "Infinity", "", " ", "5,5", "1 000", "0x10", "٣", "１２"]),
)
NUMBERS = st.one_of(TYPED, st.floats(allow_nan=True, allow_infinity=True), st.integers(-10 ** 400, 10 ** 400))


def _in_range(res: dict) -> None:
    r = RULES["ranges"][res["unit"]]
    assert isinstance(res["score"], (int, float)) and math.isfinite(res["score"])
    assert r["min"] <= res["score"] <= r["max"], res


EVENTS = st.sampled_from(sorted(RULES["events"]))
# values near the bounds of Loi 12C2, typed as a person would
NEAR = st.one_of(NUMBERS, st.sampled_from(["40", "40,01", "39,99", "60", "59,99", "60,01", "0", "-0", "−0,01",
                                           "0,01", "3", "-3", "+24", "-24", "50"]))


def _within_the_law(event: str, who: str, res: dict) -> None:
    """Loi 12C2: a moyenne moins at most 40 % (a loss in IMPs), a moyenne 50 % (0 IMP), a moyenne plus at least
    60 % (a gain in IMPs), whatever the organiser's values and the session score."""
    x = res["score"]
    if RULES["events"][event]["unit"] == "%":
        assert {"fautif": x <= 40, "partiel": x == 50, "non-fautif": x >= 60}[who], res
    else:
        assert {"fautif": x < 0, "partiel": x == 0, "non-fautif": x > 0}[who], res


@FUZZ
@given(event=EVENTS, who=st.sampled_from(["fautif", "partiel", "non-fautif"]),
       session=NEAR, low=NEAR, high=NEAR, equivalent=NEAR)
def test_artificial_score_is_bounded_or_refused(event, who, session, low, high, equivalent):
    try:
        res = artificial(event, who, session, moyenne_moins=low, moyenne_plus=high, equivalent_imp=equivalent)
    except CalcError as exc:
        assert str(exc) and exc.code in RULES["errors"]
        return
    _in_range(res)
    _within_the_law(event, who, res)


@FUZZ
@given(a=st.one_of(NEAR, st.decimals(-24, 24, places=2).map(lambda d: str(d).replace(".", ","))),
       b=st.one_of(NEAR, st.decimals(-24, 24, places=2).map(str)))
def test_knockout_scores_balance_or_are_refused(a, b):
    try:
        res = knockout(a, b)
    except CalcError as exc:
        assert str(exc) and exc.code in RULES["errors"]
        return
    _in_range(res)
    # Loi 12C4: the two contestants get opposite scores, the average of the two from the first one's side
    assert res["score"] + res["opponent"] == 0 and abs(res["opponent"]) <= 24
    x, y = number(a, "a"), number(b, "b")
    assert x is not None and y is not None
    assert res["score"] == (x if x == -y else pytest.approx((x - y) / 2, abs=0.00501))  # to the hundredth


@FUZZ
@given(event=EVENTS, rows=st.lists(st.tuples(NUMBERS, NUMBERS), max_size=25))
def test_weighted_score_is_bounded_or_refused(event, rows):
    try:
        res = weighted(event, rows)
    except CalcError as exc:
        assert str(exc) and exc.code in RULES["errors"]
        return
    _in_range(res)
    scores = [number(s, "s") for _p, s in rows if number(s, "s") is not None]
    assert min(scores) - 0.01 <= res["score"] <= max(scores) + 0.01  # a weighted mean of the results


@FUZZ
@given(text=TYPED)
def test_a_typed_number_is_a_bounded_float_or_a_french_message(text):
    try:
        x = number(text, "champ", "champ", "%")
    except CalcError as exc:
        assert str(exc).startswith("champ : ")
        return
    assert x is None or (math.isfinite(x) and abs(x) < 10 ** RULES["input"]["max_length"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=EVENTS, rows=st.lists(st.tuples(TYPED, TYPED), min_size=1, max_size=4))
@example(event="paires", rows=[("", "\n")])  # a line break in a value: the message stays one line (« ⏎ »)
@example(event="imp", rows=[("50", "1\u20282"), ("50", "\x00")])
def test_weighted_command_fuzzed(event, rows):
    args = [f"{p}:{s}" for p, s in rows]
    code, out, err = _lois("marque-ponderee", "--epreuve", event, "--json", "--", *args)
    assert "Traceback" not in err
    if code == 0:
        _in_range(json.loads(out))
    else:
        assert code in (1, 2) and out == "" and err.count("\n") == 1 and "erreur : " in err, err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=EVENTS, who=st.sampled_from(["fautif", "partiel", "non-fautif"]),
       option=st.sampled_from(["--score-seance", "--moyenne-moins", "--moyenne-plus", "--equivalent-imp"]),
       value=TYPED)
def test_artificial_command_fuzzed(event, who, option, value):
    code, out, err = _lois("marque-ajustee", "--epreuve", event, "--responsabilite", who, "--json",
                           f"{option}={value}")
    assert "Traceback" not in err
    if code == 0:
        _in_range(json.loads(out))
        _within_the_law(event, who, json.loads(out))
    else:
        assert code == 1 and out == "" and err.startswith("erreur : ") and err.count("\n") == 1, err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=TYPED, b=TYPED)
def test_knockout_command_fuzzed(a, b):
    code, out, err = _lois("marque-ko", f"--marque={a}", f"--marque-adverse={b}", "--json")
    assert "Traceback" not in err
    if code == 0:
        res = json.loads(out)
        _in_range(res)
        assert res["score"] + res["opponent"] == 0
    else:
        assert code == 1 and out == "" and err.startswith("erreur : ") and err.count("\n") == 1, err


def test_the_examples_of_the_issue_on_the_real_command():
    r = run_lois("marque-ponderee", "--epreuve", "imp", "50:100", "50:-620")
    assert r.returncode == 1 and r.stdout == "" and "Traceback" not in r.stderr
    assert "n'est pas un résultat en IMPs" in r.stderr and "Loi 78B" in r.stderr and "-188" not in r.stderr
    r = run_lois("marque-ajustee", "--epreuve", "paires", "--responsabilite", "fautif", "--score-seance", "9" * 400)
    assert r.returncode == 1 and "trop long" in r.stderr and "Traceback" not in r.stderr
    r = run_lois("marque-ponderee", "--epreuve", "paires", "50:100", "50:20")
    assert r.returncode == 0 and r.stdout.startswith("Marque : 60 %")
    assert "attention : résultat 1, marque : 100 % est un top" in r.stderr


# --------------------------------------------------------------------------- lois arbitre --reponses

@pytest.mark.parametrize("answers,said", [
    ("[" * 100_000, "caractères, c'est trop"),
    ("[" * 5_000, "JSON trop imbriqué"),
    ('{"a":' * 1_600 + '"x"' + "}" * 1_600, "JSON trop imbriqué"),
    ('{"consommee": {"oui": {"non": 1}}}', "doit être un texte"),
    ('{"consommee": ["oui"]}', "doit être un texte"),
    ('{"consommee": null}', "doit être un texte"),
    ('{"consommee": 1e999}', "doit être un texte"),
    ("[1, 2]", "il faut un objet JSON"),
    ('{"consommee": "oui"', "JSON illisible"),
    ("consommee:oui," * 2_000, "caractères, c'est trop"),
    ("consommee", "n'est pas de la forme question:choix"),
])
def test_reponses_hostile_json(answers, said):
    r = run_lois("arbitre", "renonce", "--reponses", answers)
    assert r.returncode == 1 and r.stdout == "", r.stdout
    assert "Traceback" not in r.stderr and r.stderr.startswith("erreur : --reponses : ") and said in r.stderr, \
        r.stderr[-300:]
    assert r.stderr.count("\n") == 1


@FUZZ
@given(data=st.recursive(st.none() | st.booleans() | st.floats() | st.text(max_size=10),
                         lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                         max_leaves=20))
def test_reponses_parsing_fuzzed(data):
    from lois.core.errors import LoisError
    from lois.features.checklists.commands import parse_answers

    try:
        got = parse_answers(json.dumps(data))
    except LoisError as exc:
        assert str(exc).startswith("--reponses : ")
        return
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in got.items())


# --------------------------------------------------------------------------- the record's schema, in Python

VALID = {"v": 1, "kind": "liste", "title": "Renonce — Deux levées transférées",
         "url": "https://exemple.org/checklists/renonce/?r=consommee:oui", "facts": [["Question", "Oui"]],
         "ruling": "Deux levées sont transférées (Loi 64A1).", "citations": [{"id": "64A1", "href": "/lois/64/"}],
         "date": "2026-11-25", "event": "Mardi", "board": "17", "table": "4", "remark": "",
         "id": "abc123"}


def test_schema_uses_only_what_fiche_js_understands():
    def keywords(node, out):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "properties":
                    for sub in v.values():
                        keywords(sub, out)
                else:
                    out.add(k)
                    keywords(v, out)
        elif isinstance(node, list):
            for v in node:
                keywords(v, out)
        return out

    s = fiche.schema()
    assert keywords(s, set()) <= fiche.KEYWORDS
    assert set(s["required"]) == {"kind", "title", "facts", "ruling", "citations"}
    assert fiche.validate(VALID) == (fiche.Record.model_validate(VALID), set())


@pytest.mark.parametrize("change,faults", [
    ({"title": {"x": 1}}, {"title"}),
    ({"facts": "texte"}, {"facts"}),
    ({"facts": [["a", "b", "c"]]}, {"facts"}),
    ({"facts": [["a", {"b": 1}]]}, {"facts"}),
    ({"citations": [{"id": "<script>alert(1)</script>"}]}, {"citations"}),
    ({"ruling": "x" * 8001}, {"ruling"}),
    ({"v": 2}, {"v"}),
    ({"v": True}, {"v"}),
    ({"v": "1"}, {"v"}),
    ({"date": "demain"}, {"date"}),
    ({"kind": "autre"}, {"kind"}),
    ({"id": "../x"}, {"id"}),
    ({"facts": None}, {"facts"}),
])
def test_forged_records_refused_by_the_python_validator(change, faults):
    assert fiche.validate({**VALID, **change}) == (None, faults)


def test_a_record_without_facts_and_values_that_are_not_records():
    rec = dict(VALID)
    del rec["facts"]
    assert fiche.validate(rec) == (None, {"facts"})
    for value in (None, [None], [], "texte", 1, True):
        assert fiche.validate(value) == (None, {""})
    # an old record (written before the version field) and unknown parts (a newer site) still read
    old = {k: v for k, v in VALID.items() if k != "v"}
    assert fiche.validate({**old, "futur": [1]})[0] is not None


RECORDS = st.fixed_dictionaries({}, optional={
    "v": st.sampled_from([1, 2, 0, True, "1", 1.5, None]),
    "kind": st.sampled_from(["liste", "calcul", "x", 3]),
    "title": st.one_of(st.text(max_size=20), st.integers(), st.just({"a": "<b>x</b>"})),
    "facts": st.one_of(st.lists(st.lists(st.text(max_size=5) | st.integers(), max_size=3), max_size=3), st.text()),
    "ruling": st.one_of(st.text(max_size=20), st.none()),
    "citations": st.lists(st.fixed_dictionaries({"id": st.sampled_from(["12C1(c)", "<img>", "", 4])},
                                                 optional={"href": st.text(max_size=5) | st.none()}), max_size=3),
    "date": st.sampled_from(["", "2026-01-02", "hier", 5]),
    "remark": st.text(max_size=10) | st.lists(st.text(max_size=3), max_size=2),
})


@FUZZ
@given(rec=RECORDS)
def test_forged_records_fuzzed_python(rec):
    got, faults = fiche.validate(rec)
    if got is None:
        assert faults and faults <= set(fiche.Record.model_fields) | {""}
    else:
        assert not faults and got.facts is not None
        json.dumps(got.model_dump())
