"""The search data in shards, on a phone, as a server sees it: a first visit downloads none of it, a query downloads
a part of it only, and the results are the command line's (real build, real chromium, every request logged by the
server, the service worker's included)."""
from __future__ import annotations

import functools
import http.server
import threading
from urllib.parse import unquote, urlsplit

import pytest

from conftest import PHONE, QuietServer, allow_only
from lois.features.search.query import SearchEngine
from lois.features.search.shards import FOLDER

DATA = "/" + FOLDER


class _Logged(http.server.SimpleHTTPRequestHandler):
    log: list[str] = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.log.append(unquote(urlsplit(self.path).path))
        super().do_GET()


@pytest.fixture()
def logged_site(built_site):
    handler = type("H", (_Logged,), {"log": []})
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", handler.log
    server.shutdown()


@pytest.fixture(scope="module")
def cli(corpus_dir):
    return SearchEngine(corpus_dir)


def _phone_page(browser, url):
    ctx = browser.new_context(**PHONE)
    allow_only(ctx, url)
    return ctx, ctx.new_page()


def _search_files(log: list[str]) -> list[str]:
    return [p for p in log if p.startswith(DATA)]


def _dropdown(pg, q: str) -> list[str]:
    """Type a query in the header box; the ids of the results it shows, once shown for this query."""
    pg.locator("#lois-search-dropdown").evaluate("l => { l.textContent = ''; }")
    pg.locator(".lois-search-header-input").fill(q)
    # the first results may come before the others: the list answers the query in full when it says so
    pg.wait_for_function("q => document.getElementById('lois-search-dropdown').dataset.q === q", arg=q)
    return pg.eval_on_selector_all("#lois-search-dropdown .lois-search-result a", "as => as.map(a => a.dataset.id)")


def test_first_visit_downloads_no_search_data(browser, logged_site):
    """A phone opening a page: the service worker installs and keeps its core, none of it search data."""
    url, log = logged_site
    ctx, pg = _phone_page(browser, url)
    try:
        pg.goto(url + "lois/50/")
        # the worker is active: its install (the core it keeps) is over, and it controls the page
        pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
        pg.wait_for_function("document.readyState === 'complete'")
        assert pg.locator(".lois-search-header-input").is_visible()
        assert "/sw.js" in log and _search_files(log) == []
        cached = pg.evaluate("""() => caches.keys().then(ns => Promise.all(ns.map(n => caches.open(n)
            .then(c => c.keys()).then(ks => ks.map(r => new URL(r.url).pathname))))).then(a => a.flat())""")
        assert any(p.endswith("/lois/") for p in cached)  # the core is there (the laws' index page)
        assert not any(p.startswith(DATA) for p in cached)
    finally:
        ctx.close()


def test_a_query_downloads_part_of_the_index_and_answers_as_the_cli(browser, logged_site, built_site, cli):
    url, log = logged_site
    ctx, pg = _phone_page(browser, url)
    build = (built_site / "assets" / "lois" / "version.txt").read_text(encoding="utf-8")  # the pages' build
    whole = {"/" + p.relative_to(built_site).as_posix(): p.stat().st_size
             for p in (built_site / FOLDER / build).glob("*.json")}
    try:
        pg.goto(url + "lois/50/")
        pg.wait_for_function("document.readyState === 'complete'")
        assert _search_files(log) == []
        q = "carte pénalisée défense"
        assert _dropdown(pg, q) == [r.id for r in cli.search(q, 8)]
        first = set(_search_files(log))
        assert f"{DATA}{build}/index.json" in first and first <= set(whole)
        # a part of the data: fewer files, fewer bytes than the whole
        assert len(first) < len(whole) / 2
        assert sum(whole[p] for p in first) < sum(whole.values()) / 2
        # a second query reuses what the first fetched: only shards not fetched yet
        before = len(log)
        q2 = "carte exposée"
        assert _dropdown(pg, q2) == [r.id for r in cli.search(q2, 8)]
        again = _search_files(log[before:])
        assert not set(again) & first and len(again) == len(set(again))
    finally:
        ctx.close()
