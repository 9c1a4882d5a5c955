"""At phone size (390×844, touch) in Chromium, on the real built site: the calculators give what the command
gives on every case of tests/adjusted_score_cases.yaml; the revoke's common path in four taps; the ruling
record created, listed, edited, printed, exported, shared and reopened, deleted."""
from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path

import pytest
import yaml

from conftest import PHONE, nonempty, tab_fixtures
from taps import press
from lois.core.typo import french_spacing
from lois.features.scores.calc import RULES, CalcError, artificial, fmt, knockout, weighted

ROOT = Path(__file__).resolve().parents[1]
CASES = yaml.safe_load((ROOT / "tests" / "adjusted_score_cases.yaml").read_text(encoding="utf-8"))
OPTIONS = ("moyenne_moins", "moyenne_plus", "equivalent_imp")


# a phone-sized touch tab kept for the module (tests/conftest.py Tab): a console error or a request to another
# host fails the test
_phone_tab, phone = tab_fixtures(**PHONE, accept_downloads=True)


def _python(kind: str, inp: dict) -> dict:
    try:
        if kind == "artificielle":
            return artificial(inp["epreuve"], inp["responsabilite"], inp.get("score_seance"),
                              fields=RULES["site_fields"], **{k: inp[k] for k in OPTIONS if k in inp})
        if kind == "ko":
            return knockout(inp["marque"], inp["marque_adverse"], fields=RULES["site_fields"])
        return weighted(inp["epreuve"], [tuple(r) for r in inp["resultats"]], fields=RULES["site_fields"])
    except CalcError as exc:
        return {"error": exc.code, "message": str(exc), "where": exc.where}


def _fill_artificial(page, inp):
    form = page.locator("form.lois-sc-artificial")
    press(form.locator(f'input[name="epreuve"][value="{inp["epreuve"]}"]'), touch=True)
    press(form.locator(f'input[name="responsabilite"][value="{inp["responsabilite"]}"]'), touch=True)
    if any(k in inp for k in OPTIONS):
        press(form.locator(".lois-sc-organiser summary"), touch=True)
    for k in ("score_seance",) + OPTIONS:
        if k in inp:
            form.locator(f'input[name="{k}"]').fill(str(inp[k]))
    return form


def _fill_weighted(page, inp):
    form = page.locator("form.lois-sc-weighted")
    press(form.locator(f'input[name="epreuve"][value="{inp["epreuve"]}"]'), touch=True)
    while form.locator("tbody tr.lois-sc-row").count() < len(inp["resultats"]):
        press(form.locator(".lois-sc-add"), touch=True)
    rows = form.locator("tbody tr.lois-sc-row")
    for i in range(rows.count()):
        p, s = inp["resultats"][i] if i < len(inp["resultats"]) else ("", "")
        rows.nth(i).locator('[name="probability"]').fill(p)
        rows.nth(i).locator('[name="score"]').fill(s)
    return form


def _fill_knockout(page, inp):
    form = page.locator("form.lois-sc-knockout")
    for k in ("marque", "marque_adverse"):
        form.locator(f'input[name="{k}"]').fill(inp[k])
    return form


FILL = {"artificielle": _fill_artificial, "ponderee": _fill_weighted, "ko": _fill_knockout}
ALL_CASES = [(k, c) for k in FILL for c in CASES[k] if not c.get("cli_only")]


def _path(kind: str, case: dict) -> tuple:
    """What a case makes the page show: an error beside a field or for the whole form, or a score in its unit
    with its notes, the organiser's fields opened or not."""
    py = _python(kind, case["input"])
    if "error" in py:
        return kind, "error", py["error"], bool(py["where"])
    return (kind, "score", py["unit"], tuple(n["code"] for n in py["notes"]), any(k in case["input"] for k in OPTIONS),
            case["input"].get("epreuve"))


# the cases typed and tapped into the form: the first of each kind of result it shows (every case goes through the
# page's own functions in the next test)
TYPED = list({_path(k, c): (k, c) for k, c in reversed(ALL_CASES)}.values())[::-1]

# every case through the page's functions, with the inputs as the form hands them over (text, « » when empty)
PAGE_CALC = """([kind, inp]) => {
  const data = JSON.parse(document.querySelector(".lois-sc-data").textContent), rules = data.rules;
  const text = k => (k in inp ? String(inp[k]) : "");
  try {
    const r = kind === "artificielle"
      ? window.loisScores.artificial(rules, inp.epreuve, inp.responsabilite, text("score_seance"),
          Object.fromEntries(["moyenne_moins", "moyenne_plus", "equivalent_imp"].map(k => [k, text(k)])),
          rules.site_fields)
      : kind === "ko" ? window.loisScores.knockout(rules, text("marque"), text("marque_adverse"), rules.site_fields)
      : window.loisScores.weighted(rules, inp.epreuve, inp.resultats.map(r => r.map(String)), rules.site_fields);
    const out = {score: r.score, unit: r.unit, explanation: r.explanation, notes: r.notes.map(n => [n.where, n.text]),
                 citations: r.citations};
    if (r.opponent !== undefined) out.opponent = r.opponent;
    return out;
  } catch (e) {
    if (e.code === undefined) throw e;
    return {error: e.code, message: e.message, where: e.where};
  }
}"""


def _spaced(value):
    """A result's texts as the page shows them: French spacing (lois.core.typo; the page's data and scripts follow
    it, the command's output does not need to)."""
    if isinstance(value, str):
        return french_spacing(value)
    if isinstance(value, dict):
        return {k: _spaced(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_spaced(v) for v in value]
    return value


def _as_page(py: dict) -> dict:
    """What the page's functions gave, as Python gives it (the same keys and values, spaced alike)."""
    if "error" in py:
        return {"error": py["error"], "message": py["message"], "where": py["where"]}
    out = {k: py[k] for k in ("score", "unit", "explanation", "citations")}
    out["notes"] = [[n["where"], n["text"]] for n in py["notes"]]
    if "opponent" in py:
        out["opponent"] = py["opponent"]
    return out


def test_every_calculator_case_through_the_pages_functions(phone, site_url):
    phone.goto(f"{site_url}calculs/marque-ajustee/")
    phone.wait_for_function("window.loisScores")
    for kind, case in nonempty(ALL_CASES):
        got, py, expected = phone.evaluate(PAGE_CALC, [kind, case["input"]]), _python(kind, case["input"]), \
            case["expected"]
        assert _spaced(got) == _spaced(_as_page(py)), case["name"]
        if "error" in expected:
            assert got["error"] == expected["error"], case["name"]
            continue
        assert got["score"] == expected["score"] and got["unit"] == expected["unit"], case["name"]
        assert got.get("opponent") == expected.get("opponent"), case["name"]
        assert set(expected["citations"]) <= set(got["citations"]), case["name"]


# random inputs, typed as a person would (near the bounds of Loi 12C2 and 12C4, or anything): the page's functions
# give exactly what Python gives — the score, every sentence, every error and where it is said
ODD = ["", "-0", "+1", "100,01", "150", "-5", "3 %", "3 IMP", "nan", "1e3", "1 000", "62,555", " 61 ", "9" * 30]
NEAR = {"%": ["0", "35", "38", "39,99", "40", "40,01", "50", "59,99", "60", "60,01", "62", "62,5", "65", "70", "100",
              "\u00a035,5"],
        "IMP": ["-24", "-3", "−2,5", "-0,01", "0", "0,01", "2", "3", "24", "25", "-620"]}
RANGE = {"%": (-5, 105), "IMP": (-26, 26)}


def _typed(rng: random.Random, unit: str) -> str:
    """A value typed in a field of ``unit``: near a bound of Loi 12C2, any number, odd text, or any characters."""
    pick = rng.random()
    if pick < 0.5:
        return rng.choice(NEAR[unit])
    if pick < 0.75:
        return f"{rng.uniform(*RANGE[unit]):.2f}".replace(".", rng.choice(",."))
    if pick < 0.9:
        return rng.choice(ODD)
    return "".join(rng.choice("0123456789,.-+−% ") for _ in range(rng.randint(0, 6)))


def _random_cases(n: int, seed: int = 33) -> list[tuple[str, dict]]:
    rng, out = random.Random(seed), []
    for _ in range(n):
        kind = rng.choice(list(FILL))
        event = rng.choice(list(RULES["events"]))
        unit = RULES["events"][event]["unit"]
        if kind == "ko":
            inp = {"marque": _typed(rng, "IMP"), "marque_adverse": _typed(rng, "IMP")}
        elif kind == "ponderee":
            inp = {"epreuve": event, "resultats": [[_typed(rng, "%"), _typed(rng, unit)]
                                                   for _ in range(rng.randint(1, 4))]}
        else:
            inp = {"epreuve": event, "responsabilite": rng.choice(list(RULES["names"]))}
            units = {"score_seance": "%", "moyenne_moins": unit, "moyenne_plus": unit, "equivalent_imp": "IMP"}
            inp |= {k: _typed(rng, u) for k, u in units.items() if rng.random() < 0.5}
        out.append((kind, inp))
    return out


def test_random_inputs_alike_in_python_and_in_the_page(phone, site_url):
    batch = _random_cases(1500)
    phone.goto(f"{site_url}calculs/marque-ajustee/")
    phone.wait_for_function("window.loisScores")
    got = phone.evaluate(f"cases => cases.map(c => ({PAGE_CALC})(c))", [list(c) for c in batch])
    reached = set()
    for (kind, inp), g in zip(batch, got, strict=True):
        assert _spaced(g) == _spaced(_as_page(_python(kind, inp))), (kind, inp)
        reached.add((kind, g.get("error", "score")))
    # the batch reaches a score of each calculator and the errors of the bounds of Loi 12C2
    assert {("artificielle", "score"), ("ko", "score"), ("ponderee", "score")} <= reached
    assert {("artificielle", e) for e in ("bounds_low", "bounds_high", "imp_bounds_low", "imp_bounds_high",
                                          "equivalent_high", "equivalent_low", "equivalent_unit")} <= reached, reached


@pytest.mark.parametrize("kind,case", TYPED, ids=lambda x: x if isinstance(x, str) else x["name"])
def test_calculator_cases_in_chromium(phone, site_url, kind, case):
    phone.goto(f"{site_url}calculs/marque-ajustee/")
    form = FILL[kind](phone, case["input"])
    box = form.locator(".lois-sc-result")
    expected, py = case["expected"], _python(kind, case["input"])
    if "error" in expected:
        assert box.get_attribute("data-error") == expected["error"] == py["error"]
        assert box.get_attribute("data-where") == py["where"]
        if py["where"]:  # the message beside the field it is about, the field marked
            msg = form.locator(f'.lois-sc-msg[data-where="{py["where"]}"]')
            assert msg.text_content() == french_spacing(py["message"]) and msg.is_visible()
            assert form.locator(f'input[aria-describedby="{msg.get_attribute("id")}"]').count() == 1
        else:
            assert box.locator(".lois-sc-error, .lois-sc-pending").text_content() == french_spacing(py["message"])
        assert box.locator(".lois-sc-score").count() == 0  # no score at all, never « Infinity IMP » or « NaN »
        assert not re.search(r"(Infinity|NaN) ?(IMP|%)", form.text_content())
        return
    assert box.get_attribute("data-error") is None
    notes = form.locator(".lois-sc-note")
    assert notes.all_text_contents() == [french_spacing(n["text"]) for n in py["notes"]]
    for n in py["notes"]:  # beside the field it is about
        assert form.locator(f'.lois-sc-note[data-where="{n["where"]}"]').is_visible()
    assert [n["code"] for n in py["notes"]] == expected.get("notes", [])
    assert float(box.get_attribute("data-score")) == expected["score"] == py["score"]
    assert box.get_attribute("data-unit") == expected["unit"]
    shown_score = french_spacing(f"{fmt(expected['score'])} {expected['unit']}")
    assert box.locator(".lois-sc-score").text_content() == shown_score
    if "opponent" in expected:
        assert float(box.get_attribute("data-opponent")) == expected["opponent"]
        said = french_spacing(f"au premier concurrent ; {fmt(expected['opponent'])} IMP au second")
        assert box.locator(".lois-sc-opponent").text_content() == said
    assert box.locator(".lois-sc-explanation").text_content() == french_spacing(py["explanation"])
    # every provision the result names is listed, as a link when the corpus has it, else as a stub
    cited = [a.text_content() for a in box.locator(".lois-sc-cites li > *").all()]
    assert cited == [f"Loi {c}" for c in py["citations"]] and set(expected["citations"]) <= set(py["citations"])


def test_the_first_calculator_is_on_the_first_screen(phone, site_url):
    """The calculators' page as it opens on a phone (390×844, then 360×640): the first form's first choice wholly on
    the first screen, under the sticky header (the law the calculators apply folded above them)."""
    try:
        for size in ({"width": 390, "height": 844}, {"width": 360, "height": 640}):
            phone.set_viewport_size(size)
            phone.goto(f"{site_url}calculs/marque-ajustee/")
            top, bottom, head = phone.locator(".lois-sc label").first.evaluate(
                "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom,"
                " document.querySelector('.md-header').getBoundingClientRect().bottom]; }")
            assert head <= top and bottom <= size["height"], (size, top, bottom)
            about = phone.locator(".lois-sc-about")
            assert not about.locator("p").is_visible()  # folded, and opened by a tap
            about.locator("summary").tap()
            assert "aucun résultat ne peut être obtenu" in about.locator("p").inner_text()
    finally:
        phone.set_viewport_size(PHONE["viewport"])


def test_revoke_common_path_three_taps(phone, site_url):
    phone.goto(f"{site_url}checklists/renonce/")
    taps = 0
    for choice in ("oui", "aucun", "joueur_et_apres"):
        press(phone.locator(f'.lois-cl-choice[data-choice="{choice}"]'), touch=True)
        taps += 1
    assert phone.locator(".lois-cl-result").get_attribute("data-outcome") == "deux_levees"
    assert json.loads(phone.locator(".lois-cl-result").get_attribute("data-effects"))["tricks_transferred"] == 2
    assert taps == 3
    # the rare exceptions: one question listing them, one tap each
    phone.goto(f"{site_url}checklists/renonce/?r=consommee:oui")
    labels = phone.locator('.lois-cl-step[data-question="cas_particulier"] .lois-cl-choice').all_text_contents()
    assert len(labels) == 8 and any("douzième" in t for t in labels) and any("fin du tour" in t for t in labels)


def test_checklist_texts_link_their_citations(phone, site_url):
    phone.goto(f"{site_url}checklists/renonce/")
    intro = phone.locator(".lois-cl-intro a.lois-cite")
    assert {a.text_content() for a in intro.all()} >= {"Loi 63", "Loi 62", "Loi 64A"}
    phone.goto(f"{site_url}checklists/carte-penalisee/?r=joueur:defense,rang:oui,partenaire_entame:non")
    ruling = phone.locator(".lois-cl-ruling a.lois-cite")
    assert "Loi 50D2" in ruling.all_text_contents()
    phone.goto(f"{site_url}checklists/")
    assert phone.locator(".lois-cl-index a.lois-cite").count() >= 5


def _record_life(phone, site_url) -> str:
    """Create, list, edit, print, export, share, delete; returns the shared link."""
    phone.goto(f"{site_url}checklists/information-non-autorisee/")
    for choice in ("suggere", "oui", "oui"):
        press(phone.locator(f'.lois-cl-choice[data-choice="{choice}"]'), touch=True)
    assert phone.locator(".lois-cl-result").get_attribute("data-outcome") == "marque_ajustee"
    calc = phone.locator(".lois-cl-calc a").get_attribute("href")  # 12C1(c): the weighted-score calculator
    assert calc.endswith("calculs/marque-ajustee/#ponderee")
    phone.locator(".lois-fiche-new").tap()  # one tap gives the record
    phone.wait_for_url(re.compile(r"/fiches/\?fiche=\w+$"))
    edit = phone.locator(".lois-fiche-edit")
    assert "Marque ajustée de remplacement" in edit.locator(".lois-fiche-title").text_content()
    facts = edit.locator(".lois-fiche-facts dt").all_text_contents()
    assert len(facts) == 3 and facts[0].startswith("Un joueur a-t-il rendu perceptible")
    cites = edit.locator(".lois-fiche-cites a")
    assert "Loi 12C1(c)" in cites.all_text_contents()
    assert phone.request.get(cites.first.get_attribute("href")).ok
    # edit: board, table, remark; listed
    edit.locator('input[name="board"]').fill("17")
    edit.locator('input[name="table"]').fill("4")
    edit.locator('input[name="event"]').fill("Tournoi du mardi")
    edit.locator('textarea[name="remark"]').fill("Hésitation reconnue par Nord ; 3♦ par Est-Ouest")
    edit.locator(".lois-fiche-save").tap()
    item = phone.locator(".lois-fiches-list li")
    assert item.count() == 1 and "donne 17 · table 4" in item.text_content()
    # a calculator record next to it
    phone.goto(f"{site_url}calculs/marque-ajustee/")
    phone.locator('form.lois-sc-artificial input[name="score_seance"]').fill("65")
    phone.locator("form.lois-sc-artificial .lois-fiche-new").tap()
    phone.wait_for_url(re.compile(r"/fiches/\?fiche=\w+$"))
    assert "65\u202f%" in phone.locator(".lois-fiche-ruling").text_content()
    assert phone.locator(".lois-fiches-list li").count() == 2
    # print (the browser's own, with a record open): the record only (tests/test_fiche_print_browser.py prints it)
    phone.goto(f"{site_url}fiches/")
    phone.locator(".lois-fiches-list li").nth(1).locator(".lois-fiche-open").tap()
    phone.emulate_media(media="print")
    assert phone.locator(".lois-fiche-view").is_visible()
    for hidden in (".lois-fiche-actions", ".lois-fiches-list", ".md-header", "textarea", "article h1"):
        assert not phone.locator(hidden).first.is_visible(), hidden
    phone.emulate_media(media="screen")
    # CSV export
    with phone.expect_download() as dl:
        phone.locator(".lois-fiches-csv").tap()
    text = Path(dl.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:4] == ["date", "épreuve", "donne", "table"] and len(rows) == 3
    mardi = next(r for r in rows if r[1] == "Tournoi du mardi")
    assert mardi[2:4] == ["17", "4"] and "Loi 12C1(c)" in mardi[7] and "3♦" in mardi[8]
    # share: the link holds the record; opened elsewhere (a fresh device), it shows the same ruling
    phone.locator(".lois-fiches-list li").nth(1).locator(".lois-fiche-open").tap()
    phone.locator(".lois-fiche-share").tap()
    link = phone.locator(".lois-fiche-link").input_value()
    assert "#f=" in link and "?" not in link
    # delete
    phone.locator(".lois-fiche-delete").tap()
    assert phone.locator(".lois-fiches-list li").count() == 1
    return link


def test_ruling_record_then_shared_link_reopens_the_ruling_on_another_device(browser, site_url, phone):
    link = _record_life(phone, site_url)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        other = ctx.new_page()
        other.goto(link)
        view = other.locator(".lois-fiche-view")
        assert "Donne" in view.text_content() and "17" in view.locator(".lois-fiche-meta").text_content()
        assert "Hésitation reconnue par Nord" in view.text_content()
        assert other.locator(".lois-fiches-list li").count() == 0  # nothing stored until asked
        other.locator(".lois-fiche-reopen").tap()
        other.wait_for_url(re.compile(r"/checklists/information-non-autorisee/\?r=.+"))
        assert other.locator(".lois-cl-result").get_attribute("data-outcome") == "marque_ajustee"
        # a damaged link says so, in French
        other.goto(link.split("#")[0] + "#f=abc")
        assert "illisible" in other.locator(".lois-fiche-status").text_content()
    finally:
        ctx.close()


def test_record_without_storage_still_opens_and_says_so(browser, site_url):
    """A browser that refuses storage (private mode, policy): the record opens from its link, nothing breaks."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new Error('refusé'); }});")
    try:
        pg = ctx.new_page()
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(f"{site_url}checklists/renonce/?r=consommee:oui,cas_particulier:aucun,levee_renonce:partenaire")
        pg.locator(".lois-fiche-new").tap()
        pg.wait_for_url(re.compile(r"/fiches/#f=.+"))
        assert "Une levée transférée" in pg.locator(".lois-fiche-title").text_content()
        pg.locator(".lois-fiche-save").tap()
        assert "ne garde pas les fiches" in pg.locator(".lois-fiche-status").last.text_content()
        assert not errors, errors
    finally:
        ctx.close()


def test_knockout_result_goes_into_a_ruling_record(phone, site_url):
    """Loi 12C4 on the page: both contestants' scores said, and kept in the ruling record with the facts typed."""
    phone.goto(f"{site_url}calculs/marque-ajustee/")
    form = phone.locator("form.lois-sc-knockout")
    assert form.locator(".lois-sc-result").text_content() == ""  # nothing typed, nothing said
    form.locator('input[name="marque"]').fill("0")
    assert form.locator('.lois-sc-pending[data-where="marque_adverse"]').is_visible()  # quietly: still filling in
    form.locator('input[name="marque_adverse"]').fill("3")
    assert form.locator(".lois-sc-score").text_content() == "-1,5 IMP"
    form.locator(".lois-fiche-new").tap()
    phone.wait_for_url(re.compile(r"/fiches/\?fiche=\w+$"))
    ruling = phone.locator(".lois-fiche-ruling").text_content()
    assert ruling.startswith("premier concurrent -1,5 IMP, second concurrent 1,5 IMP — Match par K.O.")
    facts = phone.locator(".lois-fiche-facts dd").all_text_contents()
    assert facts == ["0", "3"]
    assert "Loi 12C4" in phone.locator(".lois-fiche-cites a").all_text_contents()
