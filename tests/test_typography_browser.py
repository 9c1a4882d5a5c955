"""French typography of what the scripts write at run time, read in Chromium as a reader sees it (innerText):
a checklist's ruling, a training session's verdict and explanation, search results and « aucun résultat », the
adjusted-score calculator, the offline page. And the browser's spacing (typo.js) is Python's (lois.core.typo)."""
from __future__ import annotations

from urllib.parse import quote

import pytest

from conftest import PHONE, nonempty, tab_fixtures, training_data
from lois.core.typo import count, faults, french_spacing
from lois.features.checklists import load_checklists
from taps import press

_phone_tab, phone = tab_fixtures(**PHONE)

SAMPLES = ["Arbitre ! Une renonce ? « Loi 12 » : 50% ; fin en % x »", "«x»", "a  ;b", "a%20b 1%2F 50%", "« »",
           "12:30 http://x?a=1;b", "»début", "fin«", "x\u00a0!", "Loi 12C1(e) : « déjà\u00a0»", ""]


def _shown(page, selector: str = "article") -> str:
    return page.locator(selector).first.inner_text()


def _faults(text: str) -> list[str]:
    return [f for f in faults(text) if not f.startswith("mot collé") or "http" not in f]


def test_the_browser_spaces_and_counts_as_python(phone, site_url):
    phone.goto(site_url)
    got = phone.evaluate("s => s.map(t => loisTypo.spacing(t))", SAMPLES)
    assert got == [french_spacing(t) for t in SAMPLES]
    counts = phone.evaluate("ns => ns.map(n => loisTypo.count(n, 'situation manquée', 'situations manquées'))",
                            [0, 1, 2, 15])
    assert counts == [count(n, "situation manquée", "situations manquées") for n in (0, 1, 2, 15)]


@pytest.fixture(scope="module")
def lists(model):
    from conftest import ROOT

    return load_checklists(ROOT / "corpus", model)


def test_a_checklist_walked_to_each_ruling_writes_french(phone, site_url, lists):
    seen = 0
    for name, cl in lists.items():
        case = cl.cases[0]
        phone.goto(f"{site_url}checklists/{name}/?r=" + ",".join(f"{quote(k)}:{quote(v)}"
                                                                for k, v in case.answers.items()))
        phone.locator(".lois-cl-result").wait_for()
        text = _shown(phone, ".lois-cl")
        assert not _faults(text), (name, _faults(text)[:3])
        seen += 1
    assert seen >= 5


def test_training_verdicts_and_counts_write_french(phone, site_url, built_site):
    data = training_data(built_site)
    phone.goto(f"{site_url}entrainement/")
    press(phone.locator("input[name='lois-train-mode'][value='decision']"), True)
    press(phone.locator(".lois-train-start"), True)
    for _ in range(2):  # a wrong answer (explained), then the next situation
        panel = phone.locator(".lois-train-panel[data-item]")
        panel.wait_for()
        item = next(i for i in data["items"] if i["id"] == panel.get_attribute("data-item"))
        wrong = next(o for o in data["checklists"][item["checklist"]]["outcomes"] if o != item["expected"])
        press(phone.locator(f".lois-train-choices button[data-outcome='{wrong}']"), True)
        phone.locator(".lois-train-feedback").wait_for()
        text = _shown(phone, ".lois-train")
        assert "Votre réponse mène à\u00a0: «\u00a0" in text and not _faults(text), _faults(text)[:3]
        press(phone.locator(".lois-train-next"), True)
    phone.reload()  # the situations missed, counted in words
    pending = phone.locator(".lois-train-pending").inner_text()
    assert pending.startswith("2 situations manquées lors des séances précédentes\u00a0: elles passent"), pending
    assert not _faults(_shown(phone, ".lois-train"))


@pytest.mark.parametrize("query", ["carte pénalisée", "renonce", "zzzqqqx"])
def test_search_results_and_messages_write_french(phone, site_url, query):
    phone.goto(f"{site_url}recherche/?q={quote(query)}")
    phone.wait_for_function("q => document.getElementById('lois-search-results').dataset.q === q", arg=query)
    text = _shown(phone)
    status = phone.locator(".lois-search-status").inner_text()
    assert status.endswith(f"pour «\u00a0{query}\u00a0».") and "(s)" not in status, status
    assert not _faults(text), _faults(text)[:3]


def test_the_calculators_write_french(phone, site_url):
    """Each calculator with cases of tests/adjusted_score_cases.yaml (a score, a score with a note, an error): what
    the page writes follows French typography."""
    from test_checklists_scores_browser import ALL_CASES, FILL

    picked = {}  # for each calculator: a score, a score with a note, an error
    for kind, case in ALL_CASES:
        exp = case["expected"]
        picked.setdefault((kind, "error" in exp, bool(exp.get("notes"))), case)
    for (kind, _, _), case in nonempty(picked.items()):
        phone.goto(f"{site_url}calculs/marque-ajustee/")
        form = FILL[kind](phone, case["input"])
        text = form.inner_text()
        assert not _faults(text), (case["name"], _faults(text)[:3])
    assert "\u202f%" in _shown(phone)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_label_of_what_to_say_is_as_large_as_what_it_labels(phone, site_url, lists, scheme):
    """« Ce que je dis aux joueurs »: never smaller than the sentences under it, in normal and table mode, bold, in
    the text's own colour (readable on the dark background)."""
    name, cl = next(iter(lists.items()))
    phone.emulate_media(color_scheme=scheme)
    phone.goto(f"{site_url}checklists/{name}/?r=" + ",".join(f"{quote(k)}:{quote(v)}"
                                                            for k, v in cl.cases[0].answers.items()))
    phone.locator(".lois-cl-players h3").wait_for()
    measure = """() => { const h = document.querySelector('.lois-cl-players h3'),
                              li = document.querySelector('.lois-cl-players-list li'), s = e => getComputedStyle(e);
                         return [parseFloat(s(h).fontSize), parseFloat(s(li).fontSize), Number(s(h).fontWeight),
                                 s(h).color, s(li).color]; }"""
    label, text, weight, label_colour, text_colour = phone.evaluate(measure)
    assert label >= text and weight >= 700 and label_colour == text_colour, (label, text, weight)
    phone.locator(".lois-cl-table-toggle").click()
    label, text, *_ = phone.evaluate(measure)
    assert label >= text, (label, text)
    phone.emulate_media(color_scheme="light")
