"""Issue 34: a checklist is a one-handed tool on a phone, readable in the dark. In Chromium at 390×844 and 360×640
with touch, on the real built site: every validated case of every checklist walked tap by tap, and after each tap
the question and every answer (or the ruling's title and « Ce que je dis aux joueurs ») inside the screen, under the
sticky header, covered by nothing, each target at least 44×44 CSS px with space around it; « Mode table » brings
them into view and is remembered across reloads and checklists; the decision tree readable; the buttons reach WCAG
AA contrast in the light and the dark (slate) scheme, measured on the colours the browser computes."""
from __future__ import annotations

import pytest

from conftest import open_anew, tab_fixtures
from lois.features.annotations import load_annotations
from lois.features.checklists import load_checklists, run
from taps import PHONE, SMALL_PHONE, press

_phone_tab, phone = tab_fixtures(**PHONE)
_small_tab, small_phone = tab_fixtures(**SMALL_PHONE)
PHONES = ["phone", "small_phone"]


@pytest.fixture(params=PHONES)
def tab(request):
    """The page of a phone's tab (390×844 or 360×640, touch), asking for reduced motion: the page then scrolls at
    once, and each check sees where it stops (smooth scrolling has its own test)."""
    pg = request.getfixturevalue(request.param)
    pg.emulate_media(media="screen", reduced_motion="reduce", color_scheme="light")
    return pg


@pytest.fixture(scope="module")
def lists(corpus_dir, model):
    return load_checklists(corpus_dir, model)


# In the page: each element of `sel` (a selector list, `root` the element they are looked for in) measured against
# the screen. An element is in view when its box lies inside the window and below the sticky header; covered when the
# point at its centre shows something else (document.elementFromPoint); a target (`targets`) is at least 44×44 and
# keeps 8 px from every other target (boxes grown by 4 px on each side do not meet). Returns the problems, in French.
CHECK = """([sel, targets]) => {
  const head = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const problems = [];
  const name = e => (e.dataset.choice || e.className || e.tagName) + ' « ' + e.textContent.trim().slice(0, 40) + ' »';
  const els = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length);
  if (!els.length) problems.push('rien ne correspond à ' + sel);
  for (const e of els) {
    const r = e.getBoundingClientRect();
    if (r.top < head - 0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5)
      problems.push(`${name(e)} hors de l'écran : ${Math.round(r.top)}–${Math.round(r.bottom)} (en-tête ${head}, écran ${innerHeight})`);
    else {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === e || e.contains(hit))) problems.push(`${name(e)} couvert par ${hit && (hit.className || hit.tagName)}`);
    }
  }
  const boxes = [...document.querySelectorAll(targets)].filter(e => e.getClientRects().length);
  boxes.forEach((e, i) => {
    const r = e.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) problems.push(`${name(e)} : cible de ${r.width.toFixed(1)}×${r.height.toFixed(1)} px`);
    boxes.slice(i + 1).forEach(o => {
      const s = o.getBoundingClientRect();
      if (r.left - 4 < s.right + 4 && s.left - 4 < r.right + 4 && r.top - 4 < s.bottom + 4 && s.top - 4 < r.bottom + 4)
        problems.push(`${name(e)} et ${name(o)} : moins de 8 px entre les cibles`);
    });
  });
  return problems;
}"""

QUESTION = (".lois-cl-step h2.lois-cl-question, .lois-cl-step .lois-cl-choice",
            ".lois-cl-choice, .lois-cl-toolbar .md-button, .lois-cl-step .lois-cl-cites :is(a, span)")
# on an outcome: its title and the words for the players, each sentence of them (when they are longer than the
# screen, the title, the heading and the first sentence: the rest follows as the reader scrolls)
RULING = (".lois-cl-result h2.lois-cl-ruling-title, .lois-cl-players h3, .lois-cl-players-list > li",
          ".lois-cl-toolbar .md-button, .lois-cl-result .lois-cl-cites :is(a, span)")
RULING_START = (".lois-cl-result h2.lois-cl-ruling-title, .lois-cl-players h3, .lois-cl-players-list > li:first-child",
                RULING[1])
FITS = """() => { const r = document.querySelector('.lois-cl-result'), head = document.querySelector('.md-header');
  return r.querySelector('.lois-cl-players').getBoundingClientRect().bottom - r.querySelector('.lois-cl-stepno')
    .getBoundingClientRect().top <= innerHeight - head.getBoundingClientRect().height - 16; }"""


def in_view(page, what) -> list[str]:
    return page.evaluate(CHECK, list(what))


def ruling_in_view(page) -> list[str]:
    return in_view(page, RULING if page.evaluate(FITS) else RULING_START)


def tap_in_place(page, locator) -> None:
    """A finger on the button where the screen shows it, without scrolling the page first (the check before the
    tap said it was in view and uncovered)."""
    box = locator.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def state(page, node: str) -> None:
    page.wait_for_function("n => document.querySelector('.lois-cl')?.dataset.state === n", arg=node)


def _names():
    from lois.core.corpus import load_corpus
    from conftest import ROOT

    return sorted(load_checklists(ROOT / "corpus", load_corpus(ROOT / "corpus")))


@pytest.mark.parametrize("name", _names())
def test_every_case_tap_by_tap_keeps_the_question_in_view(tab, site_url, lists, name):
    """Each validated case, from « Recommencer »: before each tap the question and all its answers are in view and
    uncovered, targets of 44×44 spaced out; the tap, where the finger sees the answer, leads to the next question,
    brought into view by the page; at the end, the ruling's title and « Ce que je dis aux joueurs » in view, then
    « Parcours » opened: its « modifier » and provisions are targets too, in type no smaller than 14 px."""
    page, cl = tab, lists[name]
    page.goto(f"{site_url}checklists/{name}/")
    page.locator(".lois-cl-step").wait_for()
    for case in cl.cases:
        if page.locator(".lois-cl-restart").is_enabled():  # the reader scrolls back to it, after « Parcours »
            press(page.locator(".lois-cl-restart"), touch=True)
            state(page, cl.start)
        else:  # the first case, on the page as it opens: the first question brought into view by the reader
            page.locator(".lois-cl-step").evaluate("e => e.scrollIntoView({block: 'start'})")
        res = run(cl, case.answers)
        for step in res.trace:
            assert in_view(page, QUESTION) == [], (case.name, step.question)
            tap_in_place(page, page.locator(f'.lois-cl-step[data-question="{step.question}"] '
                                            f'.lois-cl-choice[data-choice="{step.answer}"]'))
            state(page, next(c.next for c in cl.questions[step.question].choices if c.id == step.answer))
        assert page.locator(".lois-cl-result").get_attribute("data-outcome") == res.outcome, case.name
        assert ruling_in_view(page) == [], case.name
        # « Parcours » opened: « modifier » and the provisions of each answer, targets of 44×44 in readable type
        page.locator(".lois-cl-trail-box").evaluate("d => { d.open = true; }")
        page.locator(".lois-cl-trail-box").evaluate(
            "d => scrollBy(0, d.getBoundingClientRect().top - document.querySelector('.md-header').offsetHeight - 10)")
        trail = page.evaluate(CHECK, [".lois-cl-trail-box > summary",
                                      ".lois-cl-trail-box > summary, .lois-cl-goto, .lois-cl-trail .lois-cl-cites :is(a, span)"])
        assert trail == [], case.name
        small = page.locator(".lois-cl-trail").evaluate(
            "t => [...t.querySelectorAll('*')].filter(e => e.childNodes.length && [...e.childNodes].some("
            "n => n.nodeType === 3 && n.textContent.trim())).map(e => [e.textContent.trim().slice(0, 30), "
            "parseFloat(getComputedStyle(e).fontSize)]).filter(([, s]) => s < 14)")
        assert small == [], (case.name, small)


def test_smooth_scroll_unless_reduced_motion(phone, site_url, lists):
    """The page scrolls the next question into view itself: smoothly (not yet moved when the tap's handler ends,
    in view once it stops), at once when the reader asks for reduced motion."""
    cl = lists["carte-penalisee"]
    q = cl.questions[cl.start]
    for motion, instant in (("reduce", True), ("no-preference", False)):
        phone.emulate_media(media="screen", reduced_motion=motion)
        open_anew(phone, f"{site_url}checklists/carte-penalisee/")
        phone.locator(".lois-cl-step").wait_for()
        phone.evaluate("document.getElementById('cas').scrollIntoView()")  # the reader is further down the page
        # where the page is as the tap's handler ends (the browser may already have kept the content in place
        # as the question changed: scroll anchoring), then where it stops
        y1 = phone.locator(f'.lois-cl-choice[data-choice="{q.choices[0].id}"]').evaluate("b => { b.click(); return scrollY; }")
        y2 = phone.evaluate("""() => new Promise(ok => { let y = scrollY, n = 0;
            const f = () => { if (scrollY === y) n++; else { n = 0; y = scrollY; }
                              n >= 5 ? ok(y) : requestAnimationFrame(f); }; requestAnimationFrame(f); })""")
        assert (y1 == y2) == instant, (motion, y1, y2)
        assert in_view(phone, QUESTION) == [], motion


def test_an_answer_link_opens_its_question_in_view(tab, site_url, lists):
    """Opened with answers (a shared link, an answer chosen on « Que faire si… »): the question they lead to is in
    view; at a ruling, its title and the words for the players. The issue's example first."""
    url = f"{site_url}checklists/carte-penalisee/?r=joueur:defense,rang:non"
    tab.goto(url)
    state(tab, "delibere")
    assert in_view(tab, QUESTION) == []
    case = next(c for c in lists["renonce"].cases if c.expected == "deux_levees")
    tab.goto(f"{site_url}checklists/renonce/?r=" + ",".join(f"{k}:{v}" for k, v in case.answers.items()))
    state(tab, "deux_levees")
    assert ruling_in_view(tab) == []


def test_situations_show_their_first_question_in_view(tab, site_url, model):
    """« Que faire si… » opened at a situation (as from the home page): the first question of its checklist and
    its answers in view, uncovered, targets of 44×44; an answer opens the checklist at the next question, in view."""
    situations = [s for s in load_annotations(model).situations if s.checklist]
    assert situations
    tab.goto(f"{site_url}que-faire-si/")
    for s in situations:
        tab.evaluate("id => { location.hash = id; }", s.id)
        tab.wait_for_function("id => location.hash === '#' + id", arg=s.id)
        box = f'.ann-situation[data-situation="{s.id}"] .ann-sit-start'
        assert in_view(tab, (f"{box} .ann-sit-start-q, {box} .md-button", f"{box} .md-button")) == [], s.id
    s = next((s for s in situations if s.id == "carte-exposee"), situations[0])  # the example
    open_anew(tab, f"{site_url}que-faire-si/#{s.id}")
    link = tab.locator(f'.ann-situation[data-situation="{s.id}"] .ann-sit-start .md-button').first
    with tab.expect_navigation():
        tap_in_place(tab, link)
    tab.locator(".lois-cl-step, .lois-cl-result").first.wait_for()
    assert (in_view(tab, QUESTION) if tab.locator(".lois-cl-step").count() else ruling_in_view(tab)) == []
