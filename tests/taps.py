"""Taps from the home page to a ruling, as a finger does on a phone: the scenarios of
tests/frequent_rulings.yaml, walked in Chromium by tests/test_frequent_rulings_browser.py and
bench/taps_from_home.py (one walker for both)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

SCENARIOS = Path(__file__).resolve().parent / "frequent_rulings.yaml"
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
SMALL_PHONE = dict(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)  # a small phone
DESKTOP = dict(viewport={"width": 1280, "height": 900})


def press(locator, touch: bool = False) -> None:
    """A tap (``touch``) or a click on one of the site's own widgets (a checklist's answer, a calculator's or a
    record's button), sent as soon as the widget is shown: it is brought to the middle of the screen (clear of the
    sticky header) and the pointer event goes to the point at its centre, to whatever the page shows there, as a
    finger's would (a widget covered by another element is not reached, and the test sees it). Playwright's own
    wait for the element to keep its box over animation frames and its check of the element hit, which cost about
    half of each click (``python bench/bench_test_clicks.py``), are left out: these widgets have no CSS transition
    or animation and move only when the page draws them again, or when a checklist scrolls its next question into
    view (smoothly: the press waits until the page stops scrolling, as a finger would). Links to other pages, and
    Material's own controls (its drawer slides), take Playwright's click."""
    # one call to the page (the wait until shown, the wait until the page stops scrolling, the widget brought to
    # the middle, the centre of its box) and the pointer event at that point: what Playwright's click(force=True)
    # or tap(force=True) sends after its own scroll, without its three more round trips to the browser. A widget
    # the page replaces meanwhile is looked for again (the locator is resolved anew).
    for _ in range(50):
        at = locator.evaluate("""async e => {
          const frame = () => new Promise(f => requestAnimationFrame(f)), end = performance.now() + 30000;
          const shown = () => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
          while (e.isConnected && !shown()) { if (performance.now() > end) return 'absent'; await frame(); }
          for (let y = scrollY, still = 0, i = 0; still < 2 && i < 120; i++) {
            await frame(); still = scrollY === y ? still + 1 : 0; y = scrollY; }
          if (!e.isConnected) return null;
          e.scrollIntoView({block: 'center', inline: 'center'});
          const r = e.getBoundingClientRect();
          return [r.left + r.width / 2, r.top + r.height / 2]; }""")
        if at == "absent":
            raise AssertionError(f"{locator} n'est pas affiché après 30 s")
        if at:
            page = locator.page
            (page.touchscreen.tap if touch else page.mouse.click)(*at)
            return
    raise AssertionError(f"{locator} est remplacé sans cesse par la page")


def scenarios() -> list[dict]:
    return yaml.safe_load(SCENARIOS.read_text(encoding="utf-8"))


@dataclass
class Walk:
    taps: int
    outcome: str | None     # the outcome shown at the end (data-outcome of the ruling), None if none
    checklist: str | None   # the checklist page the walk ended on
    ruling: str             # the ruling's visible title
    players: list[str]      # « Ce que je dis aux joueurs », as shown


def walk(page, site_url: str, sc: dict, touch: bool = True) -> Walk:
    """Open the home page and tap what `sc["taps"]` says (click, with ``touch=False``), counting the taps; each tap
    waits for what it opens."""
    page.goto(site_url)
    taps = 0
    for step in sc["taps"]:
        situation = page.locator(f'.ann-situation[data-situation="{sc["situation"]}"]')
        if "link" in step:
            name = re.compile(r"^\s*" + re.escape(step["link"]))
            target, leaves = page.locator(".md-content a").filter(has_text=name).first, True
        elif situation.count():
            target, leaves = situation.locator(f'.ann-sit-start-choices a[data-choice="{step["answer"]}"]'), True
        else:
            target, leaves = page.locator(f'.lois-cl-step .lois-cl-choice[data-choice="{step["answer"]}"]'), False
        if leaves:  # a link: the tap opens another page (Playwright's tap: under the sticky header, a link is
            with page.expect_navigation():  # scrolled again until the finger can reach it)
                target.tap() if touch else target.click()
        else:  # a checklist's answer: the next question or the ruling replaces this question
            asked = page.locator(".lois-cl-step").get_attribute("data-question")
            press(target, touch)
            page.wait_for_function("q => !document.querySelector(`.lois-cl-step[data-question='${q}']`)", arg=asked)
        taps += 1
    result = page.locator(".lois-cl-result")
    m = re.search(r"/checklists/([\w-]+)/", page.url)
    if not m:
        return Walk(taps, None, None, "", [])
    result.wait_for()
    players = page.locator(".lois-cl-result .lois-cl-players-list li").all_inner_texts()
    return Walk(taps, result.get_attribute("data-outcome"), m.group(1),
                result.locator("h2, h3").first.inner_text().strip(), players)
