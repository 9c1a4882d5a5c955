"""Ids that are JavaScript's own names (issue 36): a copy of the real corpus whose checklist « carte-penalisee »
has a question « constructor », a question and a choice « __proto__ », a choice « hasOwnProperty », an outcome
« toString », and whose example is « constructor ». `lois verifie`, the CLI and the build accept them (they are
ids like others); the built site's checklist and training, in a real chromium, walk them like any id — the
scripts read every table keyed by an id with `own` (never Object.prototype) and make them with no prototype."""
from __future__ import annotations

import functools
import json
import re
import threading
from pathlib import Path

import pytest

from conftest import QuietServer, Tab, _Quiet, nonempty, run_lois, training_data

QUESTIONS = {"rang": "constructor", "delibere": "__proto__"}
OUTCOMES = {"secondaire": "toString"}
CHOICES = {"inadvertance": "hasOwnProperty", "delibere": "__proto__"}
EXAMPLE = ("50-carte-secondaire", "constructor")
TO_STRING = {"joueur": "defense", "constructor": "non", "__proto__": "hasOwnProperty"}  # → toString
KEY = "lois-entrainement-v1"
WORDS = ("constructor", "toString", "hasOwnProperty", "valueOf")  # words of the example's question: search terms


def _rename(text: str) -> str:
    """The ids renamed where YAML uses them as ids (id, next, start, expected…, the answers' keys and values),
    never in the texts."""
    for old, new in {**QUESTIONS, **OUTCOMES, **CHOICES}.items():
        text = re.sub(rf"(\b(?:id|next|start|expected|expected_outcome): ){old}\b", rf"\g<1>{new}", text)

    def answers(m):
        s = m.group(0)
        for old, new in QUESTIONS.items():
            s = re.sub(rf"([{{,] ?){old}:", rf"\g<1>{new}:", s)
        for old, new in CHOICES.items():
            s = re.sub(rf": {old}([,}}])", rf": {new}\g<1>", s)
        return s

    return re.sub(r"answers: \{[^}]*\}", answers, text)


def name_ids(dest: Path) -> Path:
    """Rename, in the corpus folder ``dest`` (a copy of the real one), the checklist's and the example's ids to
    JavaScript's names (conftest's variant corpus is made with it)."""
    for f in [dest / "checklists" / "carte-penalisee.yaml", dest / "exemples" / f"{EXAMPLE[0]}.yaml"]:
        f.write_text(_rename(f.read_text(encoding="utf-8")), encoding="utf-8")
    ex = dest / "exemples" / f"{EXAMPLE[0]}.yaml"
    ex.write_text(ex.read_text(encoding="utf-8").replace(f"id: {EXAMPLE[0]}", f"id: {EXAMPLE[1]}", 1)
                  .replace("question: >\n", f"question: >\n  {' '.join(WORDS)} :\n", 1), encoding="utf-8")
    sit = dest / "situations.yaml"
    sit.write_text(sit.read_text(encoding="utf-8").replace(f"[{EXAMPLE[0]},", f"[{EXAMPLE[1]},"), encoding="utf-8")
    return dest


@pytest.fixture(scope="module")
def corpus(variant_build) -> Path:
    """conftest's variant corpus: the real one with these names (name_ids), among other changes that do not meet
    them."""
    return variant_build[1]


def test_the_renamed_corpus_holds_every_name_and_is_valid(corpus):
    text = (corpus / "checklists" / "carte-penalisee.yaml").read_text(encoding="utf-8")
    for name in ("id: constructor", "id: __proto__", "id: hasOwnProperty", "id: toString", "next: toString",
                 "expected: toString", "__proto__: hasOwnProperty"):
        assert name in text, name
    res = run_lois("--corpus", corpus, "verifie")
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr


def test_cli_walks_javascript_names(corpus):
    answers = ",".join(f"{k}:{v}" for k, v in TO_STRING.items())
    res = run_lois("--corpus", corpus, "arbitre", "carte-penalisee", "--reponses", answers, "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["outcome"] == "toString"
    res = run_lois("--corpus", corpus, "arbitre", "carte-penalisee", input="1\n2\n2\n")  # défense, non, inadvertance
    assert res.returncode == 0, res.stderr
    assert "carte pénalisée secondaire" in res.stdout.lower()


@pytest.fixture(scope="module")
def js_site_url(variant_build):
    site = variant_build[0]
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", site
    server.shutdown()


@pytest.fixture(scope="module")
def _js_tab(browser, js_site_url):
    tab = Tab(browser, js_site_url[0])
    yield tab
    tab.ctx.close()


@pytest.fixture()
def jpage(_js_tab):
    pg = _js_tab.begin()
    yield pg
    _js_tab.end()


def _state(pg) -> str:
    return pg.locator(".lois-cl[data-checklist]").get_attribute("data-state")


def test_search_finds_words_that_are_javascript_names_as_the_cli_does(jpage, js_site_url, corpus):
    """The search's tables keyed by a term (postings, fuzzy terms, families) have no prototype: « constructor »,
    typed or misspelt, finds the example whose text has it (and the provisions it cites), in the page as in
    `lois cherche`."""
    from lois.features.search.query import SearchEngine

    engine = SearchEngine(corpus)
    jpage.goto(js_site_url[0] + "recherche/")
    jpage.wait_for_function("window.loisSearch !== undefined")
    queries = [*WORDS, "constructr", "tostrin", "hasownproperti", "__proto__", "prototype", "__defineGetter__"]
    got = jpage.evaluate("qs => Promise.all(qs.map(async q => (await window.loisSearch.search(q, 3)).map(r => r.id)))",
                         queries)
    for q, ids in nonempty(zip(queries, got, strict=True)):
        assert ids == [r.id for r in engine.search(q, 3)], q
    for q, ids in zip(queries[:7], got, strict=False):
        assert f"exemple:{EXAMPLE[1]}" in ids, q  # or a provision it cites, through its situation


def test_checklist_clicked_through_javascript_names(jpage, js_site_url):
    url = js_site_url[0] + "checklists/carte-penalisee/"
    jpage.goto(url)
    jpage.locator("button[data-choice='defense']").click()
    step = jpage.locator(".lois-cl-step[data-question='constructor']")
    assert "du rang d'un honneur" in step.inner_text()
    step.locator("button[data-choice='non']").click()
    step = jpage.locator(".lois-cl-step[data-question='__proto__']")
    assert "jeu délibéré" in step.inner_text()
    step.locator("button[data-choice='hasOwnProperty']").click()
    result = jpage.locator(".lois-cl-result[data-outcome='toString']")
    assert "secondaire" in result.locator(".lois-cl-ruling-title").inner_text().lower()
    assert _state(jpage) == "toString"
    # the trail lists the answers given, the address keeps them
    assert jpage.locator(".lois-cl-trail > li").count() == 3
    assert "__proto__:hasOwnProperty" in jpage.url
    jpage.locator(".lois-cl-back").click()  # back to « __proto__ »
    assert _state(jpage) == "__proto__"


@pytest.mark.parametrize("answers, state, warning", [
    ("joueur:defense,constructor:non,__proto__:hasOwnProperty", "toString", None),
    ("joueur:defense,constructor:non,__proto__:__proto__", "partenaire_entame", None),
    ("joueur:toString", "joueur", "Réponse inconnue « toString » à la question « joueur »"),
    ("joueur:defense,constructor:valueOf", "constructor", "Réponse inconnue « valueOf » à la question « constructor »"),
    ("constructor:non,__proto__:x,toString:y", "joueur", None),
])
def test_checklist_opened_with_answers_naming_javascript_names(jpage, js_site_url, answers, state, warning):
    jpage.goto(js_site_url[0] + "checklists/carte-penalisee/?r=" + answers)
    assert _state(jpage) == state
    shown = jpage.locator(".lois-cl-warning")
    if warning:
        assert warning in " ".join(shown.inner_text().split())  # no-break spaces of French typography
    else:
        assert shown.count() == 0


@pytest.fixture()
def train_data(js_site_url) -> dict:
    return training_data(js_site_url[1])


def _store_missed(jpage, data, ids) -> None:
    """What an earlier visit left: these situations missed, with their places in the order of the situations."""
    places = {i["id"]: n for n, i in enumerate(data["items"])}
    jpage.evaluate("([k, v, p]) => { k = loisStorageKey(k); localStorage.setItem(k, v); "
                   "localStorage.setItem(k + '-places', p); }",
                   [KEY, json.dumps({"missed": ids}), json.dumps({i: places[i] for i in ids})])


def _named_items(data) -> list[dict]:
    """The situations whose right path goes through JavaScript names (« toString » and « __proto__ »)."""
    return [i for i in data["items"] if i["checklist"] == "carte-penalisee" and "__proto__" in i["answers"]]


def test_training_with_javascript_names(jpage, js_site_url, train_data):
    items = _named_items(train_data)
    assert any(i["expected"] == "toString" for i in items) and f"ex-{EXAMPLE[1]}" in [i["id"] for i in items]
    cl = train_data["checklists"]["carte-penalisee"]
    jpage.goto(js_site_url[0] + "entrainement/")
    # the situations « missed » before come first: these, in this order
    _store_missed(jpage, train_data, [i["id"] for i in items])
    jpage.reload()
    assert f"{len(items)} situations manquées" in " ".join(jpage.locator(".lois-train-pending").inner_text().split())
    jpage.locator("input[name='lois-train-mode'][value='questions']").click()
    jpage.locator(".lois-train-start").click()
    for item in items:
        assert jpage.locator(".lois-train-panel[data-item]").get_attribute("data-item") == item["id"]
        node = cl["start"]
        while node in cl["questions"]:
            choice = item["answers"][node]
            jpage.locator(f".lois-train-step[data-question='{node}'] button[data-choice='{choice}']").click()
            node = next(c["next"] for c in cl["questions"][node]["choices"] if c["id"] == choice)
        assert " ".join(jpage.locator(".lois-train-verdict").inner_text().split()) == "Juste !", item["id"]
        assert jpage.locator(".lois-train-outcome").get_attribute("data-outcome") == item["expected"]
        jpage.locator(".lois-train-next").click()
    assert json.loads(jpage.evaluate(f"localStorage.getItem(loisStorageKey('{KEY}'))"))["missed"] == []


def test_training_wrong_path_through_javascript_names_is_explained(jpage, js_site_url, train_data):
    item = next(i for i in _named_items(train_data) if i["expected"] == "toString")
    jpage.goto(js_site_url[0] + "entrainement/")
    _store_missed(jpage, train_data, [item["id"]])
    jpage.reload()
    jpage.locator("input[name='lois-train-mode'][value='questions']").click()
    jpage.locator(".lois-train-start").click()
    for node, choice in (("joueur", "defense"), ("constructor", "non"), ("__proto__", "__proto__")):
        jpage.locator(f".lois-train-step[data-question='{node}'] button[data-choice='{choice}']").click()
    # « délibéré » leads on to « partenaire_entame »: its first choice, then whatever comes, until a ruling
    while jpage.locator(".lois-train-verdict").count() == 0:
        jpage.locator(".lois-train-choices button").first.click()
    assert jpage.locator(".lois-train-verdict").inner_text() == "Pas tout à fait."
    diverged = " ".join(jpage.locator(".lois-train-diverged").inner_text().split())
    assert "la bonne réponse est « Par inadvertance »" in diverged
    # mode « décision »: the outcome « toString » is a button like another, and graded
    # (the data parsed in the page, as the page parses its own: a « __proto__ » key is kept as a key)
    grade = jpage.evaluate("""([text, iid]) => { const d = JSON.parse(text), it = d.items.find(i => i.id === iid);
      return [window.loisTraining.gradeDecision(d.checklists[it.checklist], it, "toString"),
        window.loisTraining.gradeAnswers(d.checklists[it.checklist], it, it.answers),
        window.loisTraining.gradeAnswers(d.checklists[it.checklist], it,
                                         {joueur: "defense", constructor: "valueOf"})]; }""",
                           [json.dumps(train_data), item["id"]])
    assert grade[0]["correct"] and grade[1]["correct"] and grade[1]["outcome"] == "toString"
    assert not grade[2]["correct"] and grade[2]["outcome"] is None
