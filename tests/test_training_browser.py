"""« S'entraîner » in a real browser (Debian's chromium) on the real built site, at phone size with touch and at
desktop size: the right answers score, a wrong one is explained (ruling, linked provisions) and comes back, the
situations missed are kept in localStorage, and refused or damaged storage is said, never thrown."""
from __future__ import annotations

import json

import pytest

from conftest import SIZES, Tab, training_data
from taps import PHONE, press

KEY = "lois-entrainement-v1"


@pytest.fixture(scope="module")
def data(built_site):
    return training_data(built_site)


def test_page_holds_no_situation(built_site, data):
    """The page's weight does not grow with the corpus: its data is the count of situations and where their files
    are; each file holds at most ``chunk`` situations, every situation once, and each checklist they use."""
    page = (built_site / "entrainement" / "index.html").read_text(encoding="utf-8")
    assert data["count"] == len(data["items"]) > data["chunk"]
    assert len({i["id"] for i in data["items"]}) == data["count"]
    assert {i["checklist"] for i in data["items"]} == set(data["checklists"])
    assert not any(i["id"] in page for i in data["items"])


@pytest.fixture()
def open_page(browser, site_url, sized_tab):
    """« S'entraîner » opened at phone size (touch) or desktop size, in that size's tab kept for the module (a
    blank page, the stored data cleared), or, with an ``init_script`` (a browser that refuses storage), in a new
    context of its own. ``stored``: what an earlier visit left in localStorage, found by the page at its load.
    The test fails on any page error or request to another host."""
    opened = []

    def make(size: str, stored: str | None = None, init_script: str | None = None):
        if init_script:
            tab = Tab(browser, site_url, **SIZES[size], device_scale_factor=2)
            tab.ctx.add_init_script(init_script)
            opened.append((tab, True))
        else:
            tab = sized_tab(size, device_scale_factor=2)
            tab.begin()
            opened.append((tab, False))
        pg = tab.page
        pg.goto(site_url + "entrainement/")
        if stored is not None:
            pg.evaluate("([k, v]) => localStorage.setItem(loisStorageKey(k), v)", [KEY, stored])
            pg.reload()
        pg.locator(".lois-train-start").wait_for()
        return pg

    yield make
    for tab, own in opened:
        try:
            tab.end()
        finally:
            if own:
                tab.ctx.close()


def _start(pg, mode: str, count: int | None, touch: bool):
    press(pg.locator(f"input[name='lois-train-mode'][value='{mode}']"), touch)
    if count:
        press(pg.locator(f"input[name='lois-train-count'][value='{count}']"), touch)
    press(pg.locator(".lois-train-start"), touch)


def _item(pg, data) -> dict:
    panel = pg.locator(".lois-train-panel[data-item]")
    panel.wait_for()
    iid = panel.get_attribute("data-item")
    return next(i for i in data["items"] if i["id"] == iid)


def _choice(cl, item, node: str, first: str | None = None) -> str:
    """The answer given at question ``node``: ``first`` at the first question if given, else the validated answer;
    off the validated path, the question's first choice."""
    if first and node == cl["start"]:
        return first
    return item["answers"].get(node) or cl["questions"][node]["choices"][0]["id"]


def _reached(cl, item, first: str | None = None) -> str:
    """The outcome the checklist reaches with the answers of ``_choice``."""
    node = cl["start"]
    while node in cl["questions"]:
        choice = _choice(cl, item, node, first)
        node = next(c["next"] for c in cl["questions"][node]["choices"] if c["id"] == choice)
    return node


def _answer_questions(pg, data, item, touch: bool, first: str | None = None):
    """Walk the checklist's questions with the validated answers (``first``, if given, at the first question; off
    the validated path, any answer: each question's first choice)."""
    cl = data["checklists"][item["checklist"]]
    node = cl["start"]
    while node in cl["questions"]:
        q = cl["questions"][node]
        step = pg.locator(f".lois-train-step[data-question='{node}']")
        assert q["text"] in step.inner_text()
        choice = _choice(cl, item, node, first)
        press(step.locator(f"button[data-choice='{choice}']"), touch)
        node = next(c["next"] for c in q["choices"] if c["id"] == choice)
    return node


def _check_explanation(pg, data, item, site_url):
    o = data["checklists"][item["checklist"]]["outcomes"][item["expected"]]
    fb = pg.locator(".lois-train-feedback")
    assert fb.locator(".lois-train-outcome").inner_text() == o["title"]
    links = fb.locator(".lois-train-ruling .lois-train-cites a")
    assert [a.inner_text() for a in links.all()] == [c["label"] for c in o["cites"] if c["href"]]
    for a in links.all():  # each citation is a link to the provision's page
        href = a.evaluate("a => a.href")
        assert href.startswith(site_url) and "/lois/" in href


def test_phone_touch_right_answers_full_score(open_page, data, site_url, tmp_path):
    pg = open_page("phone")
    pg.screenshot(path=str(tmp_path / "entrainement-telephone-debut.png"))
    # as the page opens, not scrolled: how a session goes folded, the choices and « Commencer » on the first screen
    how = pg.locator(".lois-train-how li")
    assert how.count() and not how.first.is_visible()
    assert pg.locator(".lois-train-start").evaluate("b => b.getBoundingClientRect().bottom <= innerHeight")
    # and on a small phone (360×640): the counts side by side, on one row, « Commencer » still on the first screen
    pg.set_viewport_size({"width": 360, "height": 640})
    assert pg.locator(".lois-train-start").evaluate("b => b.getBoundingClientRect().bottom <= innerHeight")
    tops = {round(b["y"]) for b in (lab.bounding_box() for lab in pg.locator(".lois-train-counts label").all())}
    assert len(tops) == 1
    pg.set_viewport_size(PHONE["viewport"])
    _start(pg, "questions", 5, touch=True)
    seen = []
    for n in range(5):
        item = _item(pg, data)
        seen.append(item["id"])
        assert pg.locator(".lois-train-where").inner_text() == f"Situation {n + 1} / 5"
        _answer_questions(pg, data, item, touch=True)
        assert pg.locator(".lois-train-verdict").inner_text() == "Juste\u202f!"
        _check_explanation(pg, data, item, site_url)
        if n == 0:
            pg.screenshot(path=str(tmp_path / "entrainement-telephone-reponse.png"), full_page=True)
            # the buttons are large enough for a finger and the panel fits the screen's width
            box = pg.locator(".lois-train-next").bounding_box()
            assert box["height"] >= 40 and box["x"] + box["width"] <= 390
        press(pg.locator(".lois-train-next"), True)
    assert len(set(seen)) == 5
    assert pg.locator(".lois-train-score").inner_text() == "Score\u00a0: 5 / 5"
    assert "Aucune situation à revoir." in pg.locator(".lois-train-panel").inner_text()
    pg.screenshot(path=str(tmp_path / "entrainement-telephone-score.png"))


def test_desktop_wrong_answer_explained_comes_back_and_is_kept(open_page, data, site_url, tmp_path):
    pg = open_page("desktop")
    _start(pg, "decision", 5, touch=False)
    missed = None
    for n in range(5):
        item = _item(pg, data)
        outcomes = list(data["checklists"][item["checklist"]]["outcomes"])
        pick = item["expected"] if n else next(o for o in outcomes if o != item["expected"])
        pg.locator(f".lois-train-choices button[data-outcome='{pick}']").click()
        verdict = pg.locator(".lois-train-verdict").inner_text()
        if n == 0:
            missed = item
            assert verdict == "Pas tout à fait."
            yours = data["checklists"][item["checklist"]]["outcomes"][pick]["title"]
            assert pg.locator(".lois-train-yours").inner_text() == f"Votre réponse mène à\u00a0: «\u00a0{yours}\u00a0»."
            pg.screenshot(path=str(tmp_path / "entrainement-ordinateur-faux.png"), full_page=True)
        else:
            assert verdict == "Juste\u202f!"
        _check_explanation(pg, data, item, site_url)
        stored = json.loads(pg.evaluate(f"localStorage.getItem(loisStorageKey('{KEY}'))"))
        assert stored["missed"] == [missed["id"]]
        pg.locator(".lois-train-next").click()
    # the situation missed comes back at the end of the session, outside the score
    assert _item(pg, data)["id"] == missed["id"]
    assert pg.locator(".lois-train-where").inner_text() == "À revoir 1 / 1 (hors score)"
    pg.reload()  # … and first in the next session, after a reload
    pending = pg.locator(".lois-train-pending").inner_text()
    assert "1 situation manquée lors des séances précédentes\u00a0: elle passe en premier" in pending
    _start(pg, "decision", 5, touch=False)
    assert _item(pg, data)["id"] == missed["id"]
    pg.locator(f".lois-train-choices button[data-outcome='{missed['expected']}']").click()
    assert pg.locator(".lois-train-verdict").inner_text() == "Juste\u202f!"
    assert json.loads(pg.evaluate(f"localStorage.getItem(loisStorageKey('{KEY}'))"))["missed"] == []


def test_questions_mode_wrong_path_names_the_question(open_page, data):
    """A wrong answer to the first question that leads to another ruling: « Pas tout à fait. » and the question
    where the path left the right one, with its right answer. (A few situations reach the same ruling whatever
    the first answer: that answer is judged right, with no gap named; the session's next situation is tried.)"""
    pg = open_page("desktop")
    _start(pg, "questions", 5, touch=False)
    for _situation in range(5):
        item = _item(pg, data)
        cl = data["checklists"][item["checklist"]]
        q = cl["questions"][cl["start"]]
        right = next(c for c in q["choices"] if c["id"] == item["answers"][cl["start"]])
        others = [c["id"] for c in q["choices"] if c is not right]
        wrong = next((c for c in others if _reached(cl, item, c) != item["expected"]), others[0])
        reached = _answer_questions(pg, data, item, touch=False, first=wrong)
        assert reached == _reached(cl, item, wrong)
        if reached == item["expected"]:
            assert pg.locator(".lois-train-verdict").inner_text() == "Juste\u202f!"
            assert pg.locator(".lois-train-feedback").get_by_text("Écart à la question").count() == 0
            pg.locator(".lois-train-next").click()
            continue
        assert pg.locator(".lois-train-verdict").inner_text() == "Pas tout à fait."
        assert pg.locator(".lois-train-diverged").inner_text() == (
            f"Écart à la question «\u00a0{q['text']}\u00a0»\u00a0: "
            f"la bonne réponse est «\u00a0{right['label']}\u00a0».")
        break
    else:
        pytest.fail("aucune des 5 situations de la séance n'a de mauvaise première réponse menant ailleurs")


REFUSE = """Object.defineProperty(window, 'localStorage', {configurable: true,
  get() { throw new DOMException("Stockage refusé", "SecurityError"); }});"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_storage_refused_is_said_and_training_works(open_page, data, size, tmp_path):
    pg = open_page(size, init_script=REFUSE)
    note = pg.locator(".lois-train-storage")
    assert note.inner_text() == ("Ce navigateur refuse l'enregistrement\u00a0: les situations manquées ne seront pas "
                                 "gardées après cette page.")
    touch = size == "phone"
    _start(pg, "decision", 5, touch=touch)
    for n in range(5):
        item = _item(pg, data)
        outcomes = list(data["checklists"][item["checklist"]]["outcomes"])
        pick = next(o for o in outcomes if o != item["expected"]) if n == 0 else item["expected"]
        press(pg.locator(f".lois-train-choices button[data-outcome='{pick}']"), touch)
        pg.locator(".lois-train-verdict").wait_for()
        press(pg.locator(".lois-train-next"), touch)
    press(pg.locator(f".lois-train-choices button[data-outcome='{_item(pg, data)['expected']}']"), touch)
    press(pg.locator(".lois-train-next"), touch)
    assert pg.locator(".lois-train-score").inner_text() == "Score\u00a0: 4 / 5"
    assert "refuse l'enregistrement" in pg.locator(".lois-train-panel").inner_text()
    pg.screenshot(path=str(tmp_path / "entrainement-stockage-refuse.png"))


@pytest.mark.parametrize("stored", ["{pas du json", '{"missed": "renonce"}', '[1, 2]',
                                    '{"missed": ["inconnue", 3, null]}'])
def test_damaged_storage_starts_again(open_page, data, site_url, stored):
    pg = open_page("desktop", stored=stored)
    if stored.startswith('{"missed": ["'):
        assert pg.locator(".lois-train-pending").count() == 0  # unknown ids are dropped silently
    else:
        assert "illisible" in pg.locator(".lois-train-storage").inner_text()
    _start(pg, "decision", 5, touch=False)
    item = _item(pg, data)
    pg.locator(f".lois-train-choices button[data-outcome='{item['expected']}']").click()
    assert pg.locator(".lois-train-verdict").inner_text() == "Juste\u202f!"
    assert json.loads(pg.evaluate(f"localStorage.getItem(loisStorageKey('{KEY}'))")) == {"missed": []}


def test_page_reached_from_home_and_menu(built_site):
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="entrainement/"' in home and 'href="chevalets/"' in home


def test_pages_are_in_the_offline_copy(built_site, data):
    """The offline copy (service worker and archive) holds both pages and the training script."""
    listing = json.dumps(json.loads((built_site / "hors-ligne" / "contenu.json").read_text(encoding="utf-8")))
    folder = (built_site / "entrainement" / data["data"]).resolve().relative_to(built_site.resolve()).as_posix()
    for path in ("entrainement/", "chevalets/", "assets/lois/training.js", "assets/lois/tents.css",
                 f"{folder}/situations-0.json", f"{folder}/listes/renonce.json"):
        assert path in listing, path


def _all_paths(cl) -> list[dict]:
    """Every set of answers from the first question to an outcome (the checklist is acyclic)."""
    out, todo = [], [(cl.start, {})]
    while todo:
        node, answers = todo.pop()
        if node not in cl.questions:
            out.append(answers)
            continue
        for c in cl.questions[node].choices:
            todo.append((c.next, {**answers, node: c.id}))
    return out


def test_browser_grades_every_path_as_python_does(page, site_url, data, model):
    """For every situation and every path through its checklist, the browser's grading (walk of the generated
    data) and Python's (lois.features.training.items.grade_answers, the checklist engine) agree: right or not,
    the outcome reached and the first question answered otherwise."""
    from lois.features.training.items import grade_answers, load_items

    lists, items = load_items(model)
    page.goto(site_url + "entrainement/")
    page.wait_for_function("window.loisTraining !== undefined")
    by_id = {i.id: i for i in items}
    cases, n = [], 0
    for it in data["items"]:
        cl = lists[it["checklist"]]
        for answers in _all_paths(cl):
            g = grade_answers(cl, by_id[it["id"]], answers)
            cases.append({"item": it["id"], "answers": answers,
                          "python": {"correct": g.correct, "outcome": g.outcome, "diverged": g.diverged_at}})
            n += g.correct
    assert n >= len(data["items"])  # each situation has at least its validated path graded right
    got = page.evaluate("""([d, cases]) => cases.map(c => {
        const it = d.items.find(i => i.id === c.item);
        return window.loisTraining.gradeAnswers(d.checklists[it.checklist], it, c.answers); })""", [data, cases])
    mismatches = [(c["item"], c["answers"], c["python"], g)
                  for c, g in zip(cases, got, strict=True) if g != c["python"]]
    assert not mismatches, mismatches[:3]


def test_browser_explains_every_wrong_decision_as_python_does(page, site_url, data, model):
    """Mode « décision »: for every situation and every outcome of its checklist, the browser (generated table of
    reachable outcomes) and Python (lois.features.training.items.grade_decision) agree on right or wrong and on the
    question that explains a wrong decision; every wrong decision is explained by a question of the validated path."""
    from lois.features.training.items import grade_decision, load_items

    lists, items = load_items(model)
    page.goto(site_url + "entrainement/")
    page.wait_for_function("window.loisTraining !== undefined")
    by_id = {i.id: i for i in items}
    cases = []
    for it in data["items"]:
        cl = lists[it["checklist"]]
        for oid in cl.outcomes:
            g = grade_decision(cl, by_id[it["id"]], oid)
            assert g.correct or g.diverged_at in it["answers"], (it["id"], oid)
            cases.append({"item": it["id"], "outcome": oid,
                          "python": {"correct": g.correct, "outcome": g.outcome, "diverged": g.diverged_at}})
    assert sum(not c["python"]["correct"] for c in cases) >= len(data["items"])
    got = page.evaluate("""([d, cases]) => cases.map(c => {
        const it = d.items.find(i => i.id === c.item);
        return window.loisTraining.gradeDecision(d.checklists[it.checklist], it, c.outcome); })""", [data, cases])
    mismatches = [(c["item"], c["outcome"], c["python"], g)
                  for c, g in zip(cases, got, strict=True) if g != c["python"]]
    assert not mismatches, mismatches[:3]
