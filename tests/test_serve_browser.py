"""`mkdocs serve` with the site's service worker active (issue 25): a corpus edit, saved, reaches the tab open on
the page, through the worker, with one reload; the page then waits for the next edit (no reload loop)."""
from __future__ import annotations

import re
import time

import pytest

from conftest import allow_only

MARKER = "MARQUESERVICE"
CONTROLLED = "navigator.serviceWorker.controller !== null"
# the browser's own check for a new sw.js, done now: under `mkdocs serve` the worker stays the same from one
# rebuild to the next (a new one would tell the reader « Une nouvelle version du site est publiée »)
NO_NEW_WORKER = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  return reg.installing === null && reg.waiting === null;
}"""


def _text(page) -> str:
    """The visible text of the page, or "" while a reload replaces it."""
    try:
        return page.locator("body").inner_text(timeout=2000)
    except Exception:  # the document went away under the locator (a navigation): the next read sees the new one
        return ""


def _held_polls(srv) -> int:
    """How many pages' live-reload polls the server has held (it logs a page when it keeps its poll waiting for
    the next build; a page older than the site gets its answer at once, unlogged, and reloads)."""
    return srv.output().count("Browser connected:")


@pytest.mark.timeout(600)
def test_an_edit_reaches_the_open_tab_with_the_service_worker_active(tmp_path, browser, built_site):
    import shutil

    from conftest import ROOT
    from live_serve import Server, edit, project_copy, wait_for
    from lois.core.cachedir import cache_base

    config = project_copy(tmp_path)
    # the server's first build starts from the cache the session's build left (same corpus, same code); the edit
    # below is rendered anew (another corpus, another key)
    if cache_base(ROOT / "corpus").is_dir():
        shutil.copytree(cache_base(ROOT / "corpus"), tmp_path / "cache")
    with Server(config) as srv:
        assert wait_for(srv.url, lambda t: "Code International" in t, timeout=180) is not None, srv.output()
        url = srv.url + "lois/50/"
        ctx = browser.new_context(service_workers="allow")
        foreign = allow_only(ctx, srv.url)
        try:
            page = ctx.new_page()
            loads: list[str] = []
            page.on("load", lambda p: loads.append(p.url))
            served: list = []  # the responses the page got for lois/50/
            page.on("response", lambda r: served.append(r) if r.url == url else None)
            page.goto(url)
            page.wait_for_function(CONTROLLED, timeout=60_000)  # the worker of this first visit took the page
            page.reload()
            assert served[-1].from_service_worker  # from now on, the page comes through the worker
            assert MARKER not in _text(page)
            deadline = time.monotonic() + 60
            while _held_polls(srv) < 2:  # the page shown waits for the next build
                assert time.monotonic() < deadline, srv.output()[-2000:]
                page.wait_for_timeout(100)
            loads.clear()

            edit(tmp_path / "corpus/lois/50.md", "jusqu'à ce qu'un arbitrage soit intervenu.",
                 f"jusqu'à ce qu'un arbitrage soit intervenu. {MARKER}")
            deadline = time.monotonic() + 120
            while MARKER not in _text(page):
                assert time.monotonic() < deadline, (f"modification jamais affichée ({len(loads)} rechargements)",
                                                     srv.output()[-2000:])
                page.wait_for_timeout(100)
            # the reloaded page is the new version, and the server holds its poll until the next build: it will
            # not reload again (before the fix, a cached page of the previous version reloaded without end)
            while _held_polls(srv) < 3:
                assert time.monotonic() < deadline, (f"{len(loads)} rechargements", srv.output()[-2000:])
                page.wait_for_timeout(100)
            page.wait_for_load_state("load")
            assert len(loads) == 1, loads
            assert served[-1].from_service_worker and MARKER in served[-1].text()
            epoch = re.search(r"livereload\((\d+),", served[-1].text())
            assert epoch and page.evaluate(CONTROLLED)
            assert page.evaluate(NO_NEW_WORKER)
            assert page.locator("#lois-hl-maj").count() == 0  # no « nouvelle version » notice: nothing is newer
        finally:
            ctx.close()
    assert not foreign, foreign
