"""What one page load costs the browser tests, by the way the test gets its page: the figures behind
tests/conftest.py's Tab (a context kept for a test module) and its request events instead of a route.

    python bench/bench_test_tabs.py [--runs 10] [PAGE ...]

Builds the site once (mkdocs build --strict into a temporary folder), serves it as tests/conftest.py does and,
for each page (default: a law page, the calculators, the records), prints the median and the best of `--runs`
loads for each way:
  - new context, route   : a new browser context whose every request goes through a Playwright route (the old
                           conftest `page`), its page loaded;
  - new context, events  : the same with requests watched by events (allow_only now);
  - warm tab, worker     : a context kept open, the page loaded again after about:blank, the site's service worker
                           installed;
  - warm tab, no worker  : the same context option as Tab's default (service_workers="block").
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "plugins")]

from conftest import CHROMIUM, built_and_served  # noqa: E402


def _route_all(ctx) -> None:
    ctx.route("**/*", lambda route: route.continue_())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("pages", nargs="*", default=["lois/12/", "calculs/marque-ajustee/", "fiches/"])
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with built_and_served() as base:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            print(f"{'page':26s} {'way':24s} {'median s':>9s} {'best s':>7s}")
            for page in args.pages:
                url = base + page
                times: dict[str, list[float]] = {}
                warm = {}
                for sw in ("allow", "block"):
                    ctx = browser.new_context(service_workers=sw)
                    pg = ctx.new_page()
                    pg.goto(url)
                    pg.wait_for_timeout(1000)  # let the worker install (bench warm-up, not a test)
                    warm[sw] = (ctx, pg)
                for _ in range(args.runs):
                    for way in ("new context, route", "new context, events"):
                        t = time.perf_counter()
                        ctx = browser.new_context()
                        if way.endswith("route"):
                            _route_all(ctx)
                        else:
                            ctx.on("request", lambda r: None)
                        ctx.new_page().goto(url)
                        ctx.close()
                        times.setdefault(way, []).append(time.perf_counter() - t)
                    for sw, way in (("allow", "warm tab, worker"), ("block", "warm tab, no worker")):
                        pg = warm[sw][1]
                        t = time.perf_counter()
                        pg.goto("about:blank")
                        pg.goto(url)
                        times.setdefault(way, []).append(time.perf_counter() - t)
                for ctx, _pg in warm.values():
                    ctx.close()
                for way, ts in times.items():
                    print(f"{page:26s} {way:24s} {statistics.median(ts):9.3f} {min(ts):7.3f}")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
