"""Issue 34: a checklist is a one-handed tool on a phone, readable in the dark. In Chromium at 390×844 and 360×640
with touch, on the real built site: every validated case of every checklist walked tap by tap, and after each tap
the question and every answer (or the ruling's title and « Ce que je dis aux joueurs ») inside the screen, under the
sticky header, covered by nothing, each target at least 44×44 CSS px with space around it; « Mode table » brings
them into view and is remembered across reloads and checklists; the decision tree readable; the buttons reach WCAG
AA contrast in the light and the dark (slate) scheme, measured on the colours the browser computes."""
from __future__ import annotations

import pytest

from conftest import nonempty, open_anew, real_checklists, tab_fixtures
from lois.features.annotations import load_annotations
from lois.features.checklists import load_checklists, run
from taps import PHONE, SMALL_PHONE

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


# In the page: once the runner shows `state` (if given), each element of `sel` measured against the screen. An
# element is in view when its box lies inside the window and below the sticky header; covered when the point at its
# centre shows something else (document.elementFromPoint); a target (`targets`) is at least 44×44 and keeps 8 px from
# every other target (boxes grown by 4 px on each side do not meet). At a ruling (`ruling`), its title and each
# sentence of « Ce que je dis aux joueurs », or, when they are taller than the screen, the title, the heading and the
# first three lines of the first sentence (the rest follows as the reader scrolls). Returns the problems, in French,
# and the centre of the element `tap` (the answer the finger takes next).
CHECK = """async ({state, sel, targets, ruling, tap}) => {
  for (let i = 0; state && document.querySelector('.lois-cl')?.dataset.state !== state; i++) {
    if (i > 600) return [[`l'étape ${state} n'est jamais affichée`], null];
    await new Promise(ok => requestAnimationFrame(ok));
  }
  const head = document.querySelector('.md-header').getBoundingClientRect().bottom;
  if (ruling) {
    const r = document.querySelector('.lois-cl-result');
    const fits = r.querySelector('.lois-cl-players').getBoundingClientRect().bottom
      - r.querySelector('.lois-cl-stepno').getBoundingClientRect().top <= innerHeight - head - 16;
    sel = '.lois-cl-result h2.lois-cl-ruling-title, .lois-cl-players h3'
      + (fits ? ', .lois-cl-players-list > li' : '');
    targets = '.lois-cl-toolbar .md-button, .lois-cl-result .lois-cl-cites :is(a, span)';
    const said = r.querySelector('.lois-cl-players-list > li');
    const y = said && said.getBoundingClientRect().top;
    const lines = said && 3 * parseFloat(getComputedStyle(said).lineHeight);
    if (!fits && said && (y < head || y + lines > innerHeight))
      return [[`la première phrase pour les joueurs commence hors de l'écran`], null];
  }
  const problems = [];
  const name = e => (e.dataset.choice || e.className || e.tagName) + ' « ' + e.textContent.trim().slice(0, 40) + ' »';
  const els = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length);
  if (!els.length) problems.push('rien ne correspond à ' + sel);
  for (const e of els) {
    const r = e.getBoundingClientRect();
    if (r.top < head - 0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5)
      problems.push(`${name(e)} hors de l'écran : ${Math.round(r.top)}–${Math.round(r.bottom)}`
                    + ` (en-tête ${head}, écran ${innerHeight})`);
    else {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === e || e.contains(hit)))
        problems.push(`${name(e)} couvert par ${hit && (hit.className || hit.tagName)}`);
    }
  }
  const boxes = [...document.querySelectorAll(targets)].filter(e => e.getClientRects().length);
  boxes.forEach((e, i) => {
    const r = e.getBoundingClientRect();
    if (r.width < 44 || r.height < 44)
      problems.push(`${name(e)} : cible de ${r.width.toFixed(1)}×${r.height.toFixed(1)} px`);
    boxes.slice(i + 1).forEach(o => {
      const s = o.getBoundingClientRect();
      if (r.left - 4 < s.right + 4 && s.left - 4 < r.right + 4 && r.top - 4 < s.bottom + 4 && s.top - 4 < r.bottom + 4)
        problems.push(`${name(e)} et ${name(o)} : moins de 8 px entre les cibles`);
    });
  });
  const t = tap && document.querySelector(tap), c = t && t.getBoundingClientRect();
  return [problems, c && [c.left + c.width / 2, c.top + c.height / 2]];
}"""

# a question: its text and every answer in view; its answers, the toolbar's buttons and its provisions are targets
QUESTION = dict(sel=".lois-cl-step h2.lois-cl-question, .lois-cl-step .lois-cl-choice",
                targets=".lois-cl-choice, .lois-cl-toolbar .md-button, .lois-cl-step .lois-cl-cites :is(a, span)")


def check(page, state: str | None = None, tap: str | None = None, **what) -> tuple[list[str], list | None]:
    return page.evaluate(CHECK, {"state": state, "sel": "", "targets": "", "ruling": False, "tap": tap, **what})


def question_in_view(page, state: str | None = None) -> list[str]:
    return check(page, state, **QUESTION)[0]


def ruling_in_view(page, state: str | None = None) -> list[str]:
    return check(page, state, ruling=True)[0]


def tap_in_place(page, locator) -> None:
    """A finger on the button where the screen shows it, without scrolling the page first (the check before the
    tap said it was in view and uncovered)."""
    box = locator.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _names():
    return sorted(real_checklists())


# In the page, the answers of a case given one after the other: before each one the question and its answers checked
# in view (CHECK, as question_in_view), then the answer touched at the point CHECK gives for it, on whatever the page
# shows there (document.elementFromPoint: a covered answer is not reached), a frame drawn after each touch; at the end
# the ruling checked in view (as ruling_in_view). Returns null, or [where, problems] at the first problem. One call to
# the page per case instead of two per answer (the touches are the page's own click events; the first case of each
# checklist is played with Playwright's touchscreen, the finger's events).
PLAY = f"""async ({{steps, outcome, question}}) => {{
  const check = {CHECK};
  const frame = () => new Promise(f => requestAnimationFrame(() => setTimeout(f)));
  const touch = ([x, y]) => document.elementFromPoint(x, y)?.click();
  for (const [state, answer] of steps) {{
    const [problems, at] = await check({{state, ruling: false,
      tap: `.lois-cl-step .lois-cl-choice[data-choice="${{answer}}"]`, ...question}});
    if (problems.length || !at) return [state, problems.length ? problems : [`réponse ${{answer}} absente`]];
    touch(at);
    await frame();
  }}
  const [problems] = await check({{state: outcome, sel: '', targets: '', ruling: true, tap: null}});
  return problems.length ? [outcome, problems] : null;
}}"""


def check_tree(page, start: str) -> None:
    """The decision tree on a 360 px screen: no label drawn smaller than 12 px; the tree scrolls sideways in its own
    box, the page does not; it opens on its first question (``start``)."""
    svg = page.locator(".lois-cl-flow")
    m = svg.evaluate("""(s, start) => {
      const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
      const sizes = [...s.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
      const wrap = s.parentElement;
      const root = s.querySelector(`[data-node='${start}'] rect`).getBoundingClientRect();
      const box = wrap.getBoundingClientRect();
      return {smallest: Math.min(...sizes), labels: sizes.length, page: document.documentElement.scrollWidth,
              first_question_shown: root.left >= box.left - 1 && root.right <= box.right + 1,
              screen: innerWidth, wide: s.getBoundingClientRect().width > wrap.clientWidth + 1,
              scrolls: wrap.scrollWidth > wrap.clientWidth, overflow: getComputedStyle(wrap).overflowX};
    }""", start)
    assert m["labels"] > 2 and m["smallest"] >= 12, m
    assert m["page"] <= m["screen"], m
    assert m["wide"] == m["scrolls"] and m["overflow"] == "auto", m
    assert m["first_question_shown"], m  # the tree opens on its first question


@pytest.mark.parametrize("name", _names())
def test_every_case_tap_by_tap_keeps_the_question_in_view(tab, site_url, lists, name):
    """Each validated case, from « Recommencer »: before each tap the question and all its answers are in view and
    uncovered, targets of 44×44 spaced out; the tap, where the finger sees the answer, leads to the next question,
    brought into view by the page; at the end, the ruling's title and « Ce que je dis aux joueurs » in view. After
    the longest case, « Parcours » opened: its « modifier » and provisions are targets too, in type of 14 px or more.
    « Recommencer » and the answers of the first case touched by the finger (Playwright's touchscreen), the answers of
    the other cases given in the page (PLAY). On the 360 px phone, the page as it opens shows its decision tree
    readable first (check_tree: the same visit of the page)."""
    page, cl = tab, lists[name]
    page.goto(f"{site_url}checklists/{name}/")
    page.locator(".lois-cl-step").wait_for()
    if page.viewport_size == SMALL_PHONE["viewport"]:
        check_tree(page, cl.start)
    longest = max(cl.cases, key=lambda c: len(run(cl, c.answers).trace))
    first = cl.cases[0]
    for case in nonempty(cl.cases):
        res = run(cl, case.answers)
        shown, steps = cl.start, []
        for step in res.trace:
            steps.append((shown, step.answer))
            shown = next(c.next for c in cl.questions[step.question].choices if c.id == step.answer)
        assert shown == res.outcome
        if case is not first:  # the reader scrolls back up to « Recommencer » and touches it
            page.touchscreen.tap(*page.locator(".lois-cl-restart").evaluate(
                "b => { b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect();"
                " return [r.left + r.width / 2, r.top + r.height / 2]; }"))
            problems = page.evaluate(PLAY, {"steps": steps, "outcome": shown, "question": QUESTION})
            assert problems is None, (case.name, problems)
        else:  # on the page as it opens: the first question brought into view by the reader
            page.locator(".lois-cl-step").evaluate("e => e.scrollIntoView({block: 'start'})")
            for state, answer in steps:
                problems, at = check(page, state, tap=f'.lois-cl-step .lois-cl-choice[data-choice="{answer}"]',
                                     **QUESTION)
                assert problems == [], (case.name, state)
                page.touchscreen.tap(*at)  # where the finger sees the answer, the page not scrolled first
            assert ruling_in_view(page, shown) == [], case.name
        if case is longest:
            assert parcours_problems(page) == [], case.name


def parcours_problems(page) -> list[str]:
    """« Parcours » opened and scrolled to: its summary, « modifier » and the provisions of each answer are targets
    of 44×44, spaced out; no text in it smaller than 14 px."""
    page.locator(".lois-cl-trail-box").evaluate(
        "d => { d.open = true; scrollBy(0, d.getBoundingClientRect().top - document.querySelector('.md-header')"
        ".offsetHeight - 10); }")
    problems, _ = check(page, sel=".lois-cl-trail-box > summary", targets=".lois-cl-trail-box > summary, "
                        ".lois-cl-goto, .lois-cl-trail .lois-cl-cites :is(a, span)")
    small = page.locator(".lois-cl-trail-box").evaluate(
        "t => [...t.querySelectorAll('*')].filter(e => [...e.childNodes].some(n => n.nodeType === 3 && "
        "n.textContent.trim())).map(e => [e.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize)])"
        ".filter(([, s]) => s < 14)")
    return problems + [f"« {t} » en {size} px" for t, size in small]


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
        answer = phone.locator(f'.lois-cl-choice[data-choice="{q.choices[0].id}"]')
        y1 = answer.evaluate("b => { b.click(); return scrollY; }")
        y2 = phone.evaluate("""() => new Promise(ok => { let y = scrollY, n = 0;
            const f = () => { if (scrollY === y) n++; else { n = 0; y = scrollY; }
                              n >= 5 ? ok(y) : requestAnimationFrame(f); }; requestAnimationFrame(f); })""")
        assert (y1 == y2) == instant, (motion, y1, y2)
        assert question_in_view(phone) == [], motion


def test_the_first_question_is_on_the_first_screen(tab, site_url):
    """Each checklist's page as it opens, not scrolled (a director who comes from a law's « Arbitrage pas à pas »):
    its first question and its first answer wholly on the first screen, under the sticky header, before the
    checklist's description and the words of the Code it rests on."""
    for name in nonempty(_names()):
        tab.goto(f"{site_url}checklists/{name}/")
        tab.locator(".lois-cl-step .lois-cl-choice").first.wait_for()
        out = tab.evaluate("""() => {
          const head = document.querySelector('.md-header').getBoundingClientRect().bottom;
          return ['.lois-cl-step .lois-cl-question', '.lois-cl-step .lois-cl-choice'].map(s => {
            const r = document.querySelector(s).getBoundingClientRect();
            return r.top >= head && r.bottom <= innerHeight ? null
              : `${s} : ${Math.round(r.top)}–${Math.round(r.bottom)} (en-tête ${head}, écran ${innerHeight})`;
          }).filter(Boolean); }""")
        assert out == [], (name, out)


def test_an_answer_link_opens_its_question_in_view(tab, site_url, lists):
    """Opened with answers (a shared link, an answer chosen on « Que faire si… »): the question they lead to is in
    view; at a ruling, its title and the words for the players. The issue's example first."""
    url = f"{site_url}checklists/carte-penalisee/?r=joueur:defense,rang:non"
    tab.goto(url)
    assert question_in_view(tab, "delibere") == []
    case = next(c for c in lists["renonce"].cases if c.expected == "deux_levees")
    tab.goto(f"{site_url}checklists/renonce/?r=" + ",".join(f"{k}:{v}" for k, v in case.answers.items()))
    assert ruling_in_view(tab, "deux_levees") == []


# The hash set as a link to the situation would set it, then the page's frames until the situation's box stands still
# (two frames at the same place): on a loaded machine the scroll and Material's own handling of the new address can
# come a few frames later, and the check must read the page the player sees, not the one before the scroll.
SETTLED_AT = """id => new Promise(done => {
  location.hash = id;
  const box = document.getElementById(id);
  let last = null, still = 0, frames = 0;
  (function frame() {
    const top = box ? box.getBoundingClientRect().top : 0;
    still = top === last ? still + 1 : 0;
    last = top;
    if (still >= 2 || ++frames > 300) done(); else requestAnimationFrame(frame);
  })();
})"""


def test_situations_show_their_first_question_in_view(tab, site_url, model):
    """« Que faire si… » opened at a situation (as from the home page): the first question of its checklist and
    its answers in view, uncovered, targets of 44×44; an answer opens the checklist at the next question, in view."""
    situations = [s for s in load_annotations(model).situations if s.checklist]
    assert situations
    tab.goto(f"{site_url}que-faire-si/")
    for s in situations:
        tab.evaluate(SETTLED_AT, s.id)
        box = f'.ann-situation[data-situation="{s.id}"] .ann-sit-start'
        assert check(tab, sel=f"{box} .ann-sit-start-q, {box} .md-button", targets=f"{box} .md-button")[0] == [], s.id
    s = next((s for s in situations if s.id == "carte-exposee"), situations[0])  # the example
    open_anew(tab, f"{site_url}que-faire-si/#{s.id}")
    link = tab.locator(f'.ann-situation[data-situation="{s.id}"] .ann-sit-start .md-button').first
    with tab.expect_navigation():
        tap_in_place(tab, link)
    tab.locator(".lois-cl-step, .lois-cl-result").first.wait_for()
    assert (question_in_view(tab) if tab.locator(".lois-cl-step").count() else ruling_in_view(tab)) == []


def test_table_mode_brings_the_question_into_view_and_is_remembered(tab, site_url, lists):
    """« Mode table », touched where it is: the question (larger) and its answers in view; kept after a reload, on
    the ruling (its title and the words for the players in view) and on another checklist; turned off, off
    everywhere."""
    cl = lists["carte-penalisee"]
    tab.goto(f"{site_url}checklists/carte-penalisee/?r=joueur:defense")
    problems, at = check(tab, "rang", tap=".lois-cl-table-toggle", **QUESTION)
    assert problems == []
    small = tab.locator(".lois-cl-question").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    tab.touchscreen.tap(*at)
    assert tab.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "true"
    assert tab.locator(".lois-cl-question").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") > small * 1.3
    assert question_in_view(tab, "rang") == []
    tab.reload()
    assert question_in_view(tab, "rang") == []
    assert "lois-cl-table" in tab.locator(".lois-cl").get_attribute("class")
    assert tab.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "true"
    choice = cl.questions["rang"].choices[0]
    _, at = check(tab, "rang", tap=f'.lois-cl-choice[data-choice="{choice.id}"]', **QUESTION)
    tab.touchscreen.tap(*at)
    if choice.next in cl.outcomes:
        assert ruling_in_view(tab, choice.next) == []
    else:
        assert question_in_view(tab, choice.next) == []
    tab.goto(f"{site_url}checklists/renonce/")  # another checklist: still in table mode
    tab.locator(".lois-cl-step").wait_for()
    assert tab.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "true"
    assert "lois-cl-table" in tab.locator(".lois-cl").get_attribute("class")
    tab.locator(".lois-cl-toolbar").evaluate("e => e.scrollIntoView({block: 'center'})")
    _, at = check(tab, sel=".lois-cl-table-toggle", targets=".lois-cl-toolbar .md-button", tap=".lois-cl-table-toggle")
    tab.touchscreen.tap(*at)  # off, and off after a reload
    tab.reload()
    tab.locator(".lois-cl-step").wait_for()
    assert tab.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "false"
    assert "lois-cl-table" not in tab.locator(".lois-cl").get_attribute("class")


def test_table_mode_when_storage_is_refused(fresh_page, site_url):
    """A browser that refuses storage: « Mode table » still works on the page and says, in French, that it will not
    be kept; no error."""
    fresh_page.add_init_script("""Object.defineProperty(window, 'localStorage', { configurable: true,
        get() { throw new DOMException("refusé", "SecurityError"); } });""")
    fresh_page.goto(f"{site_url}checklists/renonce/")
    fresh_page.click(".lois-cl-table-toggle")
    assert fresh_page.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "true"
    assert "lois-cl-table" in fresh_page.locator(".lois-cl").get_attribute("class")
    note = fresh_page.locator(".lois-cl-storage")
    assert note.inner_text() == ("Ce navigateur refuse l'enregistrement\u00a0: le mode table ne sera pas gardé pour "
                                 "les autres pages.")
    fresh_page.click(".lois-cl-table-toggle")  # said once
    assert note.count() == 1 and fresh_page.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "false"


# WCAG contrast of an element as the browser computes its colours: its text against the background behind it (each
# translucent layer laid over the next, down to the first opaque one), and its boundary (border, or its own
# background when it has one) against what surrounds it.
CONTRAST = """els => {
  const parse = c => { const p = c.match(/rgba?\\(([^)]+)\\)/)[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
                       return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const behind = e => { const layers = [];
    for (let n = e; n; n = n.parentElement) { const c = parse(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c); if (c[3] >= 1) break; }
    return layers.reverse().reduce((under, c) => over(c, under), [255, 255, 255, 1]); };
  const lum = c => c.slice(0, 3).map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  return els.map(e => { const st = getComputedStyle(e), bg = behind(e), around = behind(e.parentElement);
    return {name: (e.dataset.choice || e.className) + ' « ' + e.textContent.trim().slice(0, 30) + ' »',
            text: ratio(over(parse(st.color), bg), bg),
            boundary: Math.max(ratio(over(parse(st.borderTopColor), around), around), ratio(bg, around)),
            page: lum(behind(document.body))}; });
}"""


# the theme's transitions (125 ms on each button's colours, started again by each focus) ended at once: the colours
# measured are those the reader sees once they end, without waiting for each one
STILL = "*, *::before, *::after { transition: none !important; animation: none !important; }"


def _contrasts(page, selector: str, focus: bool = False) -> list[dict]:
    """The contrasts of each element `selector` names, in one call: each one focused first (``focus``, as
    Playwright's focus() does it: the element's own focus()), its colours read once the theme's transitions (none:
    STILL) have ended."""
    return page.locator(selector).evaluate_all(f"""async (els, focus) => {{
        const out = [];
        for (const e of els) {{
          if (focus) e.focus();
          await Promise.all(e.getAnimations().map(a => a.finished));
          out.push(...({CONTRAST})([e]));
        }}
        return out; }}""", focus)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_buttons_reach_wcag_aa_contrast(phone, site_url, scheme):
    """In the light and the dark (slate) scheme: each answer, « Retour », « Recommencer », « Mode table » (off, on,
    focused), « modifier », « Fiche d'arbitrage » and the answers on « Que faire si… »: text 4.5:1 at least,
    boundary 3:1 at least."""
    phone.emulate_media(media="screen", color_scheme=scheme)
    phone.goto(f"{site_url}checklists/carte-penalisee/?r=joueur:defense")
    phone.locator(".lois-cl-step").wait_for()
    phone.add_style_tag(content=STILL)
    assert phone.evaluate("document.body.dataset.mdColorScheme") == {"light": "default", "dark": "slate"}[scheme]
    phone.locator(".lois-cl-trail-box").evaluate("d => { d.open = true; }")
    buttons = ".lois-cl-choice, .lois-cl-back, .lois-cl-restart, .lois-cl-table-toggle, .lois-cl-goto"
    measured = _contrasts(phone, buttons) + _contrasts(phone, buttons, focus=True)
    phone.locator(".lois-cl-table-toggle").click()
    assert phone.locator(".lois-cl-table-toggle").get_attribute("aria-pressed") == "true"
    measured += _contrasts(phone, ".lois-cl-table-toggle") + _contrasts(phone, ".lois-cl-table-toggle", focus=True)
    phone.goto(f"{site_url}checklists/carte-penalisee/?r=joueur:declarant")  # a ruling: its « Fiche d'arbitrage »
    phone.locator(".lois-fiche-new").wait_for()
    phone.add_style_tag(content=STILL)
    measured += _contrasts(phone, ".lois-fiche-new, .lois-cl-restart") + _contrasts(phone, ".lois-fiche-new", True)
    phone.goto(f"{site_url}que-faire-si/")
    phone.add_style_tag(content=STILL)
    measured += _contrasts(phone, ".ann-sit-start .md-button") + _contrasts(phone, ".ann-sit-start .md-button", True)
    assert len(measured) > 12
    dark_page = [m["page"] < 0.05 for m in measured]
    assert all(dark_page) if scheme == "dark" else not any(dark_page)
    low = [(m["name"], round(m["text"], 2), round(m["boundary"], 2)) for m in measured
           if m["text"] < 4.5 or m["boundary"] < 3]
    assert low == [], low
    phone.emulate_media(color_scheme="light")


def test_toolbar_takes_one_row_on_a_small_phone(small_phone, site_url):
    """At 360×640, « ← Retour », « Recommencer » and « Mode table » on one row, each word whole inside its button
    and each a target of 44 px at least: on two rows (Material's wide button sides) they pushed the first question
    60 px down the screen. Every checklist, since a label could be longer on one."""
    small_phone.emulate_media(media="screen", color_scheme="light")
    for name in nonempty(_names()):
        open_anew(small_phone, f"{site_url}checklists/{name}/")
        small_phone.locator(".lois-cl-step").wait_for()
        boxes = small_phone.locator(".lois-cl-toolbar .md-button").evaluate_all(
            "bs => bs.map(b => { const r = b.getBoundingClientRect();"
            " return [b.textContent, r.top, r.height, b.scrollWidth - b.clientWidth]; })")
        assert [b[0] for b in boxes] == ["← Retour", "Recommencer", "Mode table"], name
        assert len({round(b[1]) for b in boxes}) == 1, (name, boxes)
        assert all(b[2] >= 44 and b[3] <= 0 for b in boxes), (name, boxes)
