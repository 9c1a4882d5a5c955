"""Ruling checklists on the real built site, in a real browser: same outcomes as the Python engine."""
from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from conftest import PHONE, nonempty, real_checklist_examples, real_checklists, tab_fixtures
from lois.core.typo import french_spacing
from lois.core.ids import ProvisionId
from lois.features.checklists import load_checklists, run

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"

_phone_tab, phone = tab_fixtures(**PHONE)


def _names():
    return sorted(real_checklists())


@pytest.fixture(scope="module")
def lists(model):
    return load_checklists(CORPUS, model)


def _query(answers: dict) -> str:
    return "?r=" + ",".join(f"{quote(k)}:{quote(v)}" for k, v in answers.items())


def _result(page) -> tuple[str, dict]:
    res = page.locator(".lois-cl-result")
    res.wait_for()
    return res.get_attribute("data-outcome"), json.loads(res.get_attribute("data-effects"))


# --------------------------------------------------------------------------- static checks on the build

def test_pages_index_nav_and_law_links(built_site, lists):
    index = (built_site / "checklists" / "index.html").read_text(encoding="utf-8")
    assert "Arbitrage pas à pas" in index
    for name, cl in nonempty(lists.items()):
        html = (built_site / "checklists" / name / "index.html").read_text(encoding="utf-8")
        assert f'data-checklist="{name}"' in html and "<svg" in html
        assert f'href="../{name}/"' in index or f'href="{name}/"' in index
        for n in nonempty(cl.laws):
            law_page = built_site / "lois" / str(n) / "index.html"
            if law_page.exists() and "lois-stub-notice" not in law_page.read_text(encoding="utf-8"):
                assert f"checklists/{name}/" in law_page.read_text(encoding="utf-8"), (name, n)
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert "Arbitrage pas à pas" in home  # nav entry


def test_pages_have_their_table_of_contents_and_no_markdown_left(built_site, lists):
    """The checklist pages are handed to MkDocs already in HTML: the table of contents still lists the decision
    tree, the cases and the coverage of the laws applied, each entry lands on its heading, and no Markdown syntax
    shows in the page."""
    import re

    for name in nonempty(lists):
        html = (built_site / "checklists" / name / "index.html").read_text(encoding="utf-8")
        article = html[html.index("<article"):html.index("</article>")]
        toc = html[html.index('data-md-component="toc"'):]
        toc = toc[:toc.index("</nav>")]
        entries = re.findall(r'href="#([^"]+)"[^>]*>\s*<span class="md-ellipsis">\s*([^<]+?)\s*</span>', toc)
        assert [e for e in entries] == [("arbre", "Arbre de décision"), ("cas", "Cas types"),
                                        ("couverture", "Couverture des lois appliquées")], name
        for anchor, _ in entries:
            assert re.search(rf'<h2 id="{anchor}">', article), (name, anchor)
        assert re.search(r'<h1 id="[a-z0-9-]+-arbitrage-pas-a-pas">', article), name
        assert "markdown=" not in article and "{ #" not in article and not re.search(r"^#+ ", article, re.M), name


def test_generated_json_is_the_python_data(built_site, lists):
    data = json.loads((built_site / "assets" / "lois" / "checklists.json").read_text(encoding="utf-8"))
    assert set(data) == set(lists)
    for name, cl in lists.items():
        d = data[name]
        assert d["start"] == cl.start
        assert {q: [(c["id"], c["next"]) for c in v["choices"]] for q, v in d["questions"].items()} == \
            {q.id: [(c.id, c.next) for c in q.choices] for q in cl.questions.values()}
        assert {o: {e["key"]: e["value"] for e in v["effects"]} for o, v in d["outcomes"].items()} == \
            {o.id: o.effects for o in cl.outcomes.values()}
        for c in nonempty(cite for q in list(d["questions"].values()) + list(d["outcomes"].values())
                          for cite in q["cites"]):
            assert c["preview"], (name, c)
            law = ProvisionId.parse(c["id"]).law
            has_page = (built_site / "lois" / str(law) / "index.html").exists()
            assert bool(c["href"]) == has_page, (name, c)  # a law with no page at all: text, no dead link
            if not has_page:
                continue
            path, _, anchor = c["href"].partition("#")
            target = built_site / path / "index.html"
            assert target.exists(), (name, c)
            if anchor:
                assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), (name, c)


def _answers(href: str) -> dict[str, str]:
    """The answers of a link « ?r=q1:oui,q2:non » (the runner's address)."""
    assert href.startswith("?r="), href
    return dict(unquote(part).split(":", 1) for part in href[3:].split(","))


def test_each_page_shows_the_coverage_of_the_laws_it_applies(built_site, lists, model):
    """« Couverture des lois appliquées » on each checklist's built page: one row per provision of the coverage
    (lois arbitre --couverture), in the same order and with the same status; a provision reached lists the outcomes
    that reach it, each a link whose answers lead the engine to that very outcome; a gap says « non traitée »."""
    from lois.features.checklists.coverage import coverage

    for name, cl in nonempty(lists.items()):
        html = (built_site / "checklists" / name / "index.html").read_text(encoding="utf-8")
        article = html[html.index('<h2 id="couverture">'):html.index("</article>")]
        table = coverage(cl, model)
        rows = re.findall(r'<tr data-provision="([^"]+)" data-status="([a-z]+)">(.*?)</tr>', article, re.S)
        assert [(p, st) for p, st, _ in rows] == [(r.provision, r.status.value) for r in table.rows], name
        assert french_spacing(f"{table.summary()}.") in article
        for (pid, status, cell), row in zip(rows, table.rows, strict=True):
            assert f">Loi {pid}</" in cell, (name, pid)
            links = re.findall(r'<a href="([^"]+)" data-outcome="([^"]+)">', cell)
            assert [o for _, o in links] == list(row.outcomes), (name, pid)
            for href, outcome in links:
                assert run(cl, _answers(unescape(href))).outcome == outcome, (name, pid, href)
            if status == "reached":
                assert "atteinte par\u00a0: issue" in cell
            elif status == "aside":
                shown = unescape(re.sub(r"<[^>]+>", "", cell))
                assert "laissée de côté" in cell and french_spacing(row.reason)[:40] in shown
            else:
                assert "non traitée" in cell, (name, pid)


def test_provision_links_open_the_runner_at_that_question(page, site_url, lists):
    page.goto(f"{site_url}lois/50/")
    link = page.locator('#D2 a[data-checklist-step="carte-penalisee:partenaire_entame"]')
    link.click()
    page.locator('.lois-cl-step[data-question="partenaire_entame"]').wait_for()
    assert "checklists/carte-penalisee/" in page.url


# --------------------------------------------------------------------------- browser

def test_the_coverage_table_fits_a_phone(phone, site_url, lists, model):
    """On a phone (390 px wide), the largest coverage table does not make the page scroll sideways: it stays in its
    box, which scrolls by itself if the table is wider."""
    from lois.features.checklists.coverage import coverage

    sizes = {n: len(coverage(cl, model).rows) for n, cl in lists.items()}
    name = max(sizes, key=lambda n: sizes[n])
    phone.goto(f"{site_url}checklists/{name}/#couverture")
    box = phone.locator(".lois-cl-cov-scroll")
    box.scroll_into_view_if_needed()
    assert phone.locator(".lois-cl-cov-scroll tbody tr").count() == sizes[name]
    assert phone.get_by_role("heading", name="Couverture des lois appliquées").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert box.evaluate("e => e.getBoundingClientRect().right <= window.innerWidth + 1"
                        " && getComputedStyle(e).overflowX === 'auto'")



# In the page: the answers changed in the URL as a person following a shared link (history navigation, no reload),
# then, once the ruling is shown, [its outcome, its effects, the questions of the trail, the citations of the ruling]
VIA_URL = """async u => {
  history.pushState(null, '', u);
  window.dispatchEvent(new PopStateEvent('popstate'));
  for (let i = 0; i <= 600 && !document.querySelector('.lois-cl-result'); i++)
    await new Promise(f => requestAnimationFrame(f));
  const r = document.querySelector('.lois-cl-result');
  if (!r) return [null, null, null, null];
  return [r.dataset.outcome, JSON.parse(r.dataset.effects),
          [...document.querySelectorAll('.lois-cl-trail > li')].map(l => l.dataset.question),
          [...r.querySelectorAll('.lois-cl-cites li')].map(l => l.textContent)];
}"""


# In the page: once the element `sel` is shown (and, for a button, enabled), it is brought to the middle of the screen
# and the centre of its box returned, where the mouse then clicks (whatever the page shows there gets the click, as
# press of tests/taps.py sends it); null if it is not shown after 600 frames, or is a disabled button. One call per
# click instead of press's three (the wait, the scroll, Playwright's click), a third of the walk's time.
AT = """async sel => {
  for (let i = 0; i <= 600; i++) {
    const e = document.querySelector(sel);
    if (e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden') {
      if (e.disabled) return null;
      e.scrollIntoView({block: 'center', inline: 'center'});
      const r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    }
    await new Promise(f => requestAnimationFrame(f));
  }
  return null;
}"""
# In the page: once the ruling is shown, its outcome, its effects and the page's address
RESULT = """async () => {
  for (let i = 0; i <= 600 && !document.querySelector('.lois-cl-result'); i++)
    await new Promise(f => requestAnimationFrame(f));
  const r = document.querySelector('.lois-cl-result');
  return r && [r.dataset.outcome, JSON.parse(r.dataset.effects), location.href];
}"""


# In the page, a case after the first one given in one go: « Recommencer », then each answer, clicked each at the
# point AT gives for it, on whatever the page shows there (document.elementFromPoint: a covered button is not reached);
# then RESULT's ruling, or ["absente", the answer's selector] when an answer is never shown. One call to the page per
# case instead of two per click (the clicks are the page's own click events; the first case of each checklist is
# clicked with Playwright's mouse).
PLAY = f"""async ({{answers}}) => {{
  const at = {AT}, result = {RESULT};
  const click = ([x, y]) => document.elementFromPoint(x, y)?.click();
  const restart = await at('.lois-cl-restart');
  if (restart) click(restart);
  for (const sel of answers) {{
    const point = await at(sel);
    if (!point) return ['absente', sel];
    click(point);
  }}
  return await result();
}}"""


@pytest.mark.parametrize("name", _names())
def test_every_case_same_outcome_by_clicks_and_via_url_and_flowchart_on_one_page(page, site_url, lists, name):
    """One visit of each checklist's page for three things: its decision tree printed (the runner hidden, the chart
    on one A4 page), then every case clicked (the ruling, its effects and the address: Python's), then every case
    given in the address as a person following a shared link (VIA_URL: the ruling, its effects, the trail and the
    citations: Python's)."""
    cl = lists[name]
    base = f"{site_url}checklists/{name}/"
    page.goto(base)
    # printed: the decision tree alone, on one page
    page.emulate_media(media="print")
    assert not page.locator(".lois-cl").is_visible()
    svg = page.locator(".lois-cl-flow")
    assert svg.is_visible()
    box = svg.bounding_box()
    # A4 at 96 dpi: about 1122 px high; the chart is capped at 20 cm
    assert box["height"] <= 20 / 2.54 * 96 + 1
    pdf = page.pdf(format="A4")
    assert pdf[:4] == b"%PDF"
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, "l'arbre s'imprime sur une page"
    # by clicks: with reduced motion the page brings each question into view at once (the smooth scroll, and what a
    # finger sees, are tested on the phone: tests/test_checklists_phone_browser.py); each answer is clicked at the
    # centre of its box, once shown (AT): with the mouse for the first case, by the page's own click events for the
    # others
    page.emulate_media(media="screen", reduced_motion="reduce")
    try:
        first = cl.cases[0]
        for case in nonempty(cl.cases):
            res = run(cl, case.answers)
            answers = [f'.lois-cl-step[data-question="{step.question}"] [data-choice="{step.answer}"]'
                       for step in nonempty(res.trace)]
            if case is first:  # on the page as it opens (« Recommencer » disabled)
                for sel in nonempty(answers):
                    at = page.evaluate(AT, sel)
                    assert at, (case.name, sel)
                    page.mouse.click(*at)
                shown = page.evaluate(RESULT)
            else:
                shown = page.evaluate(PLAY, {"answers": answers})
            assert shown and shown[0] != "absente", (case.name, shown)
            outcome, effects, url = shown
            assert outcome == res.outcome and effects == res.effects, case.name
            assert url.endswith(_query(case.answers)), "les réponses sont dans l'adresse"
    finally:
        page.emulate_media(reduced_motion="no-preference")
    # via the address: one call per case (VIA_URL), the answers changed in the URL, then what the ruling shows
    for case in nonempty(cl.cases):
        outcome, effects, trail, cites = page.evaluate(VIA_URL, base + _query(case.answers))
        res = run(cl, case.answers)
        assert (outcome, effects) == (res.outcome, res.effects), case.name
        # the trail shows exactly the questions of the path
        assert trail == [s.question for s in res.trace]
        assert cites == [f"Loi {c}" for c in res.citations]


def test_keyboard_only_back_restart_and_table_mode(page, site_url, lists):
    cl = lists["renonce"]
    case = next(c for c in cl.cases if c.expected == "deux_levees")
    res = run(cl, case.answers)
    page.goto(f"{site_url}checklists/renonce/")
    page.locator(".lois-cl-choice").first.focus()
    for step in nonempty(res.trace):
        q = cl.questions[step.question]
        idx = [c.id for c in q.choices].index(step.answer)
        # focus is on the first choice (or on the question heading after a step): Tab to the right choice
        # (the question's own citations are links: Tab passes them)
        for _ in range(10):
            if page.evaluate("document.activeElement.classList.contains('lois-cl-choice')"):
                break
            page.keyboard.press("Tab")
        for _ in range(idx):
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.choice") == step.answer
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.tagName") == "H2", "le focus suit la question suivante"
    assert _result(page)[0] == "deux_levees"
    # back: the last question again, and the URL loses its last answer
    page.click(".lois-cl-back")
    last = res.trace[-1].question
    page.locator(f'.lois-cl-step[data-question="{last}"]').wait_for()
    assert f"{last}:" not in page.url
    # browser history goes forward to the ruling again
    page.go_back()
    page.go_forward()
    assert page.locator(f'.lois-cl-step[data-question="{last}"]').count() == 1
    # restart
    page.click(".lois-cl-restart")
    page.locator(f'.lois-cl-step[data-question="{cl.start}"]').wait_for()
    assert "?r=" not in page.url
    # « table » mode: a button toggling a class, larger text
    small = page.locator(".lois-cl-question").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    btn = page.locator(".lois-cl-table-toggle")
    btn.focus()
    page.keyboard.press("Enter")
    assert btn.get_attribute("aria-pressed") == "true"
    assert "lois-cl-table" in page.locator(".lois-cl").get_attribute("class")
    big = page.locator(".lois-cl-question").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert big > small * 1.5
    page.click(".lois-cl-table-toggle")
    assert btn.get_attribute("aria-pressed") == "false"


def test_step_provisions_are_links_with_previews(page, site_url, lists):
    cl = lists["carte-penalisee"]
    page.goto(f"{site_url}checklists/carte-penalisee/?r=joueur:defense")
    links = page.locator('.lois-cl-step[data-question="rang"] a.lois-cite')
    assert links.count() == len(cl.questions["rang"].cites)
    for i in range(links.count()):
        a = links.nth(i)
        assert a.get_attribute("title").startswith("Loi 50B")
        href = a.get_attribute("href")
        resp = page.request.get(page.evaluate("h => new URL(h, location.href).href", href))
        assert resp.ok
    links.first.click()
    page.wait_for_url(re.compile(r"/lois/50/#B1$"))


def test_unknown_answer_in_url_is_reported(page, site_url):
    page.goto(f"{site_url}checklists/renonce/?r=consommee:peut-etre")
    assert "Réponse inconnue" in page.locator(".lois-cl-warning").text_content()
    assert page.locator('.lois-cl-step[data-question="consommee"]').count() == 1


def _examples():
    return real_checklist_examples()


@pytest.mark.parametrize("ex", _examples(), ids=lambda e: e.id)
def test_worked_examples_same_outcome_in_browser(page, site_url, lists, ex):
    page.goto(f"{site_url}checklists/{ex.checklist}/" + _query(ex.answers))
    assert _result(page)[0] == ex.expected_outcome == run(lists[ex.checklist], ex.answers).outcome
