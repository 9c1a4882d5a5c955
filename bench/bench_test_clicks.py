"""What one click or tap on the site's own widgets costs the browser tests: the figures behind tests/taps.py's
``press`` (the pointer event sent as soon as the widget is shown) against Playwright's own click and tap (which
first wait for the element to keep its box over animation frames and check that the point hits it).

    python bench/bench_test_clicks.py [--runs 10] [CHECKLIST]

Builds the site once (mkdocs build --strict into a temporary folder), serves it as tests/conftest.py does and, on
the checklist's page (default: renonce), answers every validated case by clicking (desktop) and by tapping (phone,
touch) each way; prints the median and the best time of one answer over `--runs` rounds, and how many answers
each round gave.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "plugins")]

from conftest import CHROMIUM, Tab, built_and_served  # noqa: E402
from taps import DESKTOP, PHONE, press  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("checklist", nargs="?", default="renonce")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from lois.core.corpus import load_corpus
    from lois.features.checklists import load_checklists, run

    model = load_corpus(ROOT / "corpus")
    cl = load_checklists(ROOT / "corpus", model)[args.checklist]
    traces = [[(s.question, s.answer) for s in run(cl, case.answers).trace] for case in cl.cases]
    with built_and_served() as base:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            print(f"{'way':32s} {'median ms':>9s} {'best ms':>8s} {'answers':>8s}")
            for size, opts in (("desktop", DESKTOP), ("phone", PHONE)):
                tab = Tab(browser, base, **opts)
                touch = size == "phone"
                ways = {f"{size}, Playwright's " + ("tap" if touch else "click"):
                        lambda loc, t=touch: loc.tap() if t else loc.click(),
                        f"{size}, press": lambda loc, t=touch: press(loc, t)}
                for way, act in ways.items():
                    per_answer: list[float] = []
                    for _ in range(args.runs):
                        pg = tab.begin()
                        pg.goto(f"{base}checklists/{args.checklist}/")
                        n, t = 0, time.perf_counter()
                        for trace in traces:
                            if pg.locator(".lois-cl-restart").is_enabled():
                                act(pg.locator(".lois-cl-restart"))
                            for question, answer in trace:
                                act(pg.locator(f'.lois-cl-step[data-question="{question}"] '
                                               f'[data-choice="{answer}"]'))
                                n += 1
                            pg.locator(".lois-cl-result").wait_for()
                        per_answer.append((time.perf_counter() - t) / n)
                        tab.end()
                    print(f"{way:32s} {statistics.median(per_answer) * 1000:9.1f} {min(per_answer) * 1000:8.1f} "
                          f"{n:8d}")
                tab.ctx.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
