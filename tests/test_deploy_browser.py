"""Failures at the edges of time and place, in Chromium, on real builds served as a host serves them:

* a page open across a deploy: two builds of the site (the corpus changed in between) served in turn from one
  address; a page of the first, searched after the second is published, answers with the first's data or says
  that a new version is published, never silently with a mix of both;
* damaged search data (a login page served with status 200 in place of a shard, a shard cut short): a French
  message, never the browser's parser error;
* two copies of the site on one host (/ and /club/lois/): visiting one keeps the other's saved copy, and each
  keeps its own ruling records (« Fiches d'arbitrage »).
"""
from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from conftest import QuietServer, _Quiet, nonempty
from lois.features.offline.serviceworker import MANIFEST_PATH, cache_name
from lois.features.search.query import SearchEngine
from lois.features.search.shards import FOLDER

NOTICE = "Une nouvelle version du site est publiée"


@pytest.fixture(scope="module")
def two_builds(built_site, variant_build):
    """(folder of build A: the real site, folder of build B, B's corpus). B is conftest's variant build: its corpus
    has a glossary entry before the others, so that every document after it moves (the documents' numbers of the
    two builds disagree, as after any real change of the corpus); the entry holds a word no document of A has
    (« xylophone »)."""
    site, corpus, _work, _res = variant_build
    return built_site, site, corpus


def build_of(site: Path) -> str:
    return (site / "assets" / "lois" / "version.txt").read_text(encoding="utf-8")


class Host:
    """A static server whose folder can be replaced while it runs (a deploy that swaps the served folder).

    With ``prefix`` (« club/lois/ »), the site is served from that sub-folder of the host, under a copy of the same
    build at the root that no deploy touches (two copies on one origin, as a club publishes the site beside its own):
    :meth:`publish` then replaces the sub-folder only. ``url`` is the site's address, ``origin`` the host's."""

    def __init__(self, folder: Path, prefix: str = "", work: Path | None = None):
        self.prefix = prefix
        if prefix:
            root = work / "hote"
            root.mkdir()
            for entry in folder.iterdir():
                (root / entry.name).symlink_to(entry)
            self.link = root / prefix.rstrip("/")
            self.link.parent.mkdir(parents=True)
            self.link.symlink_to(folder)
            folder = root
        self.folder = folder
        host = self

        class Handler(_Quiet):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(host.folder), **kwargs)

        self.server = QuietServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.url = self.origin + prefix

    def publish(self, folder: Path) -> None:
        """Another build served at the site's address from now on (the sub-folder's link replaced at once)."""
        if not self.prefix:
            self.folder = folder
            return
        new = self.link.with_name(self.link.name + ".nouveau")
        new.symlink_to(folder)
        os.replace(new, self.link)


@pytest.fixture(params=["", "club/lois/"], ids=["racine", "sous-dossier"])
def host(request, two_builds, tmp_path):
    """Build A served at the root of a host, or in its sub-folder /club/lois/ under another copy of A at the root."""
    a, _, _ = two_builds
    h = Host(a, request.param, tmp_path)
    yield h
    h.server.shutdown()


@pytest.fixture(scope="module")
def engines(two_builds, corpus_dir):
    return SearchEngine(corpus_dir), SearchEngine(two_builds[2])


def _context(browser, host, workers: bool = False):
    ctx = browser.new_context(service_workers="allow" if workers else "block")
    errors: list[str] = []
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith((host.origin, "data:", "blob:"))
              else r.abort())
    pg = ctx.new_page()
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" and "404" not in m.text else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, pg, errors


def _page_search(pg, q: str) -> str:
    """Type q in the search page's box: the status line once it answers q (results, none, or why not)."""
    pg.wait_for_function("() => document.querySelector('.lois-search-status').textContent !== ''")  # listening
    pg.locator("#lois-search-q").fill(q)
    pg.wait_for_function("q => { const s = document.querySelector('.lois-search-status').textContent; return"
                         " [q, 'publiée', 'indisponible', 'pas pu'].some(w => s.includes(w)); }", arg=q)
    return pg.locator(".lois-search-status").inner_text()


def _wait_build(pg, build: str) -> None:
    """Until the page shown is one of ``build`` (a reload on its way) and its search page is ready (its status line
    written: search.js listens to the box)."""
    pg.wait_for_function("b => { const m = document.querySelector('meta[name=lois-build]'), "
                         "st = document.querySelector('.lois-search-status'); "
                         "return !!m && m.content === b && !!st && st.textContent !== ''; }", arg=build, timeout=60000)


def _shown_ids(pg) -> list[str]:
    return pg.eval_on_selector_all("#lois-search-results .lois-search-result > a:not(.lois-search-tool)",
                                   "as => as.map(a => a.dataset.id)")


def _old_or_notice(pg, queries, old) -> int:
    """Each query answered as build A answers it (its shards were all read before the deploy) or with the notice
    and no result: never another answer. How many showed the notice."""
    notices = 0
    for q in queries:
        status = _page_search(pg, q)
        if NOTICE in status:
            assert _shown_ids(pg) == [], q
            notices += 1
        else:
            assert _shown_ids(pg)[:3] == [r.id for r in old.search(q, 3)], (q, status)
    return notices


QUERIES = ["glossaire mort", "checklist renonce", "xylophone"]


def test_builds_differ_where_a_mix_would_show(two_builds, engines):
    """The two builds disagree on the documents' numbers (a page mixing them would show other documents)."""
    a, b, _ = two_builds
    assert build_of(a) != build_of(b)
    index_a = json.loads((a / FOLDER / build_of(a) / "index.json").read_text(encoding="utf-8"))
    index_b = json.loads((b / FOLDER / build_of(b) / "index.json").read_text(encoding="utf-8"))
    assert index_a["kindRuns"] != index_b["kindRuns"]  # the kinds of the documents, by runs
    old, new = engines
    assert [r.id for r in old.search("xylophone", 3)] == [] and [r.id for r in new.search("xylophone", 3)]


def _publish_then_reload(pg, host, b, engines) -> None:
    """Build B published under a search page of A that has read its index: each query answered as A or with the
    notice, a query whose shards A never read with the notice; its button brings B, whose results are B's."""
    host.publish(b)
    old, new = engines
    assert _old_or_notice(pg, QUERIES, old) >= 1
    assert NOTICE in _page_search(pg, "glossaire mort")  # its shards were not read before the deploy
    pg.get_by_role("button", name="Recharger la page").click()
    _wait_build(pg, build_of(b))
    for q in QUERIES:
        assert NOTICE not in _page_search(pg, q)
        assert _shown_ids(pg)[:3] == [r.id for r in new.search(q, 3)], q


def test_page_open_across_a_deploy_says_a_new_version_is_published(browser, two_builds, host, engines):
    """A search page of build A, with its index already read (a first query), then B published (the folder
    swapped, A's data gone): every later query shows the notice and no result, never B's data read with A's
    index; its button shows B, whose results are B's."""
    a, b, _ = two_builds
    ctx, pg, errors = _context(browser, host)
    try:
        pg.goto(host.url + "recherche/")
        assert _page_search(pg, "renonce")  # index.json and some shards of A are loaded
        _publish_then_reload(pg, host, b, engines)
        assert errors == []
    finally:
        ctx.close()


def _publish_then_start_again(pg, host, b, timeout: float = 30000) -> None:
    """B published while « S'entraîner » of A is open: starting a session says a new version is published; its
    button « Recharger la page » brings B's page (within ``timeout`` ms), whose session starts."""
    host.publish(b)
    pg.locator(".lois-train-start").click()
    said = pg.locator(".lois-train-unavailable")
    said.wait_for()
    assert said.inner_text().startswith(NOTICE), said.inner_text()
    pg.get_by_role("button", name="Recharger la page").click()
    pg.wait_for_function("b => (document.querySelector('meta[name=lois-build]') || {}).content === b",
                         arg=build_of(b), timeout=timeout)
    pg.locator(".lois-train-start").click()
    pg.locator(".lois-train-where").wait_for()
    assert pg.locator(".lois-train-unavailable").count() == 0


def test_training_page_open_across_a_deploy_says_a_new_version_is_published(browser, two_builds, host):
    """« S'entraîner » of build A, opened before B is published (A's situations gone with it): starting a session
    says that a new version is published, and its button reloads the page, on B, whose situations load — never
    « pas de réseau » for a file that the server no longer has because the site changed."""
    from conftest import training_data

    a, b, _ = two_builds
    assert training_data(a)["data"] != training_data(b)["data"]  # B's situations are in another folder
    ctx, pg, errors = _context(browser, host)
    try:
        pg.goto(host.url + "entrainement/")
        pg.locator(".lois-train-start").wait_for()
        _publish_then_start_again(pg, host, b)
        assert errors == []
    finally:
        ctx.close()


def test_training_page_kept_by_the_worker_reloads_into_the_new_version(browser, two_builds, host):
    """The same with the service worker of A controlling « S'entraîner »: its button « Recharger la page » reloaded
    the page A's worker keeps (A's, again: the same notice at the next start, as often as it was pressed). It now
    brings B's worker first, then B's page, whose situations load."""
    a, b, _ = two_builds
    ctx, pg, errors = _context(browser, host, workers=True)
    try:
        pg.goto(host.url + "entrainement/")
        _sw_ready(pg)
        pg.goto(host.url + "entrainement/")  # from A's worker now
        pg.locator(".lois-train-start").wait_for()
        _publish_then_start_again(pg, host, b, timeout=60000)  # (B's worker installed first)
        assert errors == []
    finally:
        ctx.close()


def test_header_box_of_a_page_loaded_before_the_deploy(browser, two_builds, host):
    """A law page of A, nothing of the search read yet, then B published: the header box says so."""
    a, b, _ = two_builds
    ctx, pg, errors = _context(browser, host)
    try:
        pg.goto(host.url + "lois/50/")
        host.publish(b)
        pg.locator(".lois-search-header-input").fill("glossaire mort")
        box = pg.locator("#lois-search-dropdown")
        box.get_by_text(NOTICE).wait_for()
        assert box.locator(".lois-search-result").count() == 0
        assert box.get_by_role("button", name="Recharger la page").is_visible()
        assert errors == []
    finally:
        ctx.close()


def test_header_box_whose_search_script_is_gone_with_the_deploy(browser, two_builds, host, tmp_path):
    """A law page of A, then B published whose search script differs (named by its content: A's is gone): the header
    box said « La recherche n'a pas pu être chargée … une nouvelle version est peut-être publiée », with no way to
    reload; it now says what the rest of the site says — the new version, and its button, which brings B."""
    a, b, _ = two_builds
    b2 = tmp_path / "B"
    shutil.copytree(b, b2)
    (old,) = [f for f in (b2 / "assets" / "lois").glob("search.*.js")]
    new = old.with_name("search.0123456789.js")
    new.write_text(old.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    old.unlink()
    for page in b2.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if old.name in text:
            page.write_text(text.replace(old.name, new.name), encoding="utf-8")
    ctx, pg, errors = _context(browser, host)
    try:
        pg.goto(host.url + "lois/50/")
        host.publish(b2)
        pg.locator(".lois-search-header-input").fill("glossaire mort")
        box = pg.locator("#lois-search-dropdown")
        box.get_by_text(NOTICE).wait_for()
        box.get_by_role("button", name="Recharger la page").click()
        pg.wait_for_function("b => (document.querySelector('meta[name=lois-build]') || {}).content === b",
                             arg=build_of(b), timeout=60000)
        pg.locator(".lois-search-header-input").fill("xylophone")
        pg.locator("#lois-search-dropdown .lois-search-result").first.wait_for()
        assert errors == []
    finally:
        ctx.close()


def test_old_data_kept_by_the_host_answers_as_before(browser, two_builds, host, engines, tmp_path):
    """A deploy that leaves the old files in place (a copy without deleting): the page of A keeps reading A's data,
    and answers exactly as A does (the command line on A's corpus), without a notice."""
    a, b, _ = two_builds
    both = tmp_path / "les-deux"
    shutil.copytree(b, both)
    shutil.copytree(a / FOLDER / build_of(a), both / FOLDER / build_of(a))
    ctx, pg, errors = _context(browser, host)
    try:
        pg.goto(host.url + "recherche/")
        host.publish(both)
        old, _ = engines
        for q in QUERIES:
            status = _page_search(pg, q)
            assert NOTICE not in status and "indisponible" not in status, status
            assert _shown_ids(pg)[:3] == [r.id for r in old.search(q, 3)], q
        assert errors == []
    finally:
        ctx.close()


def _sw_ready(pg) -> None:
    pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)


def test_service_worker_page_across_a_deploy(browser, two_builds, host, engines):
    """The same with the service worker of A controlling the page (its cache read first): the notice, never B's
    data under A's index nor A's kept in B's; its button brings B (the worker of B installed first)."""
    a, b, _ = two_builds
    ctx, pg, errors = _context(browser, host, workers=True)
    try:
        pg.goto(host.url + "recherche/")
        _sw_ready(pg)
        assert _page_search(pg, "renonce")
        _publish_then_reload(pg, host, b, engines)
        assert errors == []
    finally:
        ctx.close()


def test_service_worker_outdated_by_a_new_page_serves_the_new_scripts(browser, two_builds, host, engines, tmp_path):
    """The worker of A controls the tab; B is published, whose search script differs; a page never read before
    comes from the network (B's): its scripts are B's too, not A's kept by the worker (code of one build with
    the data of the other), and A's cache does not keep that page."""
    a, b, _ = two_builds
    b2 = tmp_path / "B"
    shutil.copytree(b, b2)
    # the scripts every page loads (search.js among them) are one file named by build A's content: build B's code
    # under the same address, as a host that keeps old names would serve it
    bundles = nonempty((b2 / "assets" / "lois").glob("site.*.js"))
    for script in bundles:
        script.write_text(script.read_text(encoding="utf-8") + "\nwindow.loisCodeB = true;\n", encoding="utf-8")
    ctx, pg, errors = _context(browser, host, workers=True)
    try:
        pg.goto(host.url + "lois/50/")
        _sw_ready(pg)
        pg.wait_for_function("() => caches.keys().then(k => k.length === 1)")
        host.publish(b2)
        pg.goto(host.url + "lois/64/")
        assert pg.get_attribute("meta[name=lois-build]", "content") == build_of(b)
        assert pg.evaluate("window.loisCodeB === true")
        pg.locator(".lois-search-header-input").fill("xylophone")
        _, new = engines
        first = pg.locator("#lois-search-dropdown .lois-search-result > a:not(.lois-search-tool)").first
        first.wait_for()
        assert first.get_attribute("data-id") == new.search("xylophone", 1)[0].id
        old = cache_name(json.loads((a / MANIFEST_PATH).read_text(encoding="utf-8"))["version"], "/" + host.prefix)
        assert not pg.evaluate("([n, u]) => caches.has(n).then(h => h && caches.open(n).then(c => c.match(u))"
                               ".then(r => !!r))", [old, host.url + "lois/64/"])  # B's page not kept as A's
        assert errors == []
    finally:
        ctx.close()


# --------------------------------------------------------------------------- damaged search data

LOGIN_PAGE = "<!DOCTYPE html><html><body><form>Connexion à l'intranet du club</form></body></html>"


@pytest.mark.parametrize("damage", ["page-de-connexion", "coupe", "index"])
def test_damaged_search_data_says_so_in_french(browser, built_site, tmp_path, damage):
    """A shard replaced by an intranet's login page (status 200), the shards cut short, the index damaged: the
    search says, in French, that it could not read its data; no parser message (English) anywhere."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    folder = site / FOLDER / build_of(site)
    for f in folder.glob("*.json"):
        if damage == "index" and f.name == "index.json":
            f.write_text(f.read_text(encoding="utf-8")[:500], encoding="utf-8")
        elif damage == "page-de-connexion" and f.name[0] == "m":  # words and terms
            f.write_text(LOGIN_PAGE, encoding="utf-8")
        elif damage == "coupe" and f.name[0] == "m":
            f.write_text(f.read_text(encoding="utf-8")[:100], encoding="utf-8")
    h = Host(site)
    ctx, pg, errors = _context(browser, h)
    try:
        pg.goto(h.url + "recherche/")
        status = _page_search(pg, "carte pénalisée")
        assert "La recherche n'a pas pu lire ses données" in status, status
        assert NOTICE not in status
        pg.locator(".lois-search-header-input").fill("renonce")
        box = pg.locator("#lois-search-dropdown")
        box.get_by_text("La recherche n'a pas pu lire ses données").wait_for()
        shown = pg.locator("body").inner_text()
        for english in ("JSON", "Unexpected", "token", "SyntaxError"):
            assert english not in shown
        assert errors == []
    finally:
        ctx.close()
        h.server.shutdown()


# --------------------------------------------------------------------------- two copies on one host

def _until(pg, predicate: str, arg=None, seconds: float = 60) -> None:
    ok = pg.evaluate("""async ([src, arg, ms]) => {
        const pred = eval(src), end = Date.now() + ms;
        while (Date.now() < end) { if (await pred(arg)) return true; await new Promise(r => setTimeout(r, 100)); }
        return false;
    }""", [predicate, arg, seconds * 1000])
    assert ok, f"délai dépassé : {predicate}"


def test_two_copies_on_one_host_keep_their_own_offline_copy(browser, built_site, tmp_path):
    """The same build at / and at /club/lois/ of one origin: the Code saved at / (« Enregistrer tout le code »)
    is still saved, and readable without network, after the copy of /club/lois/ was visited (its worker
    installed and activated); each copy has its own cache."""
    root = tmp_path / "hote"
    shutil.copytree(built_site, root)
    shutil.copytree(built_site, root / "club" / "lois")
    h = Host(root)
    ctx, pg, errors = _context(browser, h, workers=True)
    man = json.loads((built_site / MANIFEST_PATH).read_text(encoding="utf-8"))
    mine, theirs = cache_name(man["version"]), cache_name(man["version"], "/club/lois/")
    try:
        pg.goto(h.url + "hors-ligne/")
        _sw_ready(pg)
        button = pg.get_by_role("button", name="Enregistrer tout le code sur cet appareil")
        pg.wait_for_function("b => !b.disabled", arg=button.element_handle())
        button.click()
        pg.wait_for_function("() => /Tout le code est enregistré/.test("
                             "document.querySelector('#lois-hl-appareil .lois-hl-etat').textContent)", timeout=120000)
        complete = h.url + man["complete"]
        assert pg.evaluate("([n, u]) => caches.open(n).then(c => c.match(u)).then(r => !!r)", [mine, complete])

        pg.goto(h.url + "club/lois/lois/50/")
        _until(pg, "() => navigator.serviceWorker.getRegistration().then(r => !!r && !!r.active && "
                   "r.scope.endsWith('/club/lois/'))")
        _until(pg, "n => caches.has(n)", theirs)
        pg.goto(h.url + "club/lois/lois/12/")  # the sub-folder's worker, active, has deleted what it deletes
        assert sorted(pg.evaluate("() => caches.keys()")) == sorted([mine, theirs])
        assert pg.evaluate("([n, u]) => caches.open(n).then(c => c.match(u)).then(r => !!r)", [mine, complete])
        saved = pg.evaluate("n => caches.open(n).then(c => c.keys()).then(k => k.length)", mine)
        assert saved >= len(man["files"])

        ctx.set_offline(True)
        pg.goto(h.url + "lois/64/")
        assert "Loi 64" in pg.title()
        assert errors == []
    finally:
        ctx.close()
        h.server.shutdown()


def _two_copies(built_site: Path, root: Path) -> Host:
    """The same build at / and at /club/lois/ of one host (links to the built files: nothing copied)."""
    root.mkdir()
    for entry in built_site.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / "club").mkdir()
    (root / "club" / "lois").symlink_to(built_site)
    return Host(root)


def test_two_copies_on_one_host_keep_their_own_records(browser, built_site, tmp_path):
    """The ruling records kept in the browser (« Fiches d'arbitrage ») belong to one copy of the site: a record saved
    at / is not listed by the copy at /club/lois/ of the same origin (nor the other way round), each under a name
    that starts with its folder, as its offline caches; the records an earlier version kept under the bare name
    « lois-fiches » are taken over by each copy that reads them, never lost."""
    from test_hostile_numbers import VALID

    h = _two_copies(built_site, tmp_path / "hote")
    ctx, pg, errors = _context(browser, h)

    def listed(folder: str) -> list[str]:
        pg.goto(h.url + folder + "fiches/")
        pg.wait_for_function("document.querySelector('.lois-fiches') && document.querySelector('.lois-fiches')"
                             ".dataset.ready")
        return pg.locator(".lois-fiches-list li").all_text_contents()

    try:
        pg.goto(h.url)
        pg.evaluate("v => localStorage.setItem('lois-fiches', v)", json.dumps([VALID]))  # an earlier version's
        assert len(listed("")) == 1  # taken over by the copy at /
        pg.goto(h.url + "calculs/marque-ajustee/")
        pg.locator('form.lois-sc-artificial input[name="score_seance"]').fill("65")
        pg.locator("form.lois-sc-artificial .lois-fiche-new").click()
        pg.wait_for_url("**/fiches/?fiche=*")
        pg.locator(".lois-fiche-edit .lois-fiche-save").click()
        assert len(listed("")) == 2
        club = listed("club/lois/")
        assert len(club) == 1 and "Renonce" in club[0], club  # the earlier record only, not the one saved at /
        keys = pg.evaluate("() => Object.keys(localStorage).filter(k => k.endsWith('lois-fiches')).sort()")
        assert keys == ["/club/lois/lois-fiches", "/lois-fiches", "lois-fiches"], keys
        assert len(json.loads(pg.evaluate("() => localStorage.getItem('/lois-fiches')"))) == 2
        assert len(listed("")) == 2 and errors == []
    finally:
        ctx.close()
        h.server.shutdown()


def test_a_copy_of_another_version_in_a_sub_folder_leaves_the_root_copy_saving_its_pages(browser, two_builds,
                                                                                          tmp_path):
    """Build A at the root of a host, build B (another version) at /club/lois/: the root's worker, whose scope holds
    /club/lois/, saw a page of B on the first visit there (before B's own worker), took it for a newer version of its
    own site and stopped saving pages — the root's pages read afterwards were not kept, and without network the
    reader got « hors connexion » for a law just read. A page of another copy is now only passed through."""
    a, b, _ = two_builds
    root = tmp_path / "hote"
    root.mkdir()
    for entry in a.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / "club").mkdir()
    (root / "club" / "lois").symlink_to(b)
    h = Host(root)
    ctx, pg, errors = _context(browser, h, workers=True)
    mine = cache_name(json.loads((a / MANIFEST_PATH).read_text(encoding="utf-8"))["version"])
    try:
        pg.goto(h.url + "lois/50/")
        _sw_ready(pg)
        _until(pg, "n => caches.open(n).then(c => c.keys()).then(k => k.length > 0)", mine)
        pg.goto(h.url + "club/lois/lois/50/")  # B's page, through the root's worker (B's not there yet)
        assert pg.get_attribute("meta[name=lois-build]", "content") == build_of(b)
        pg.goto(h.url + "lois/64/")
        assert pg.evaluate("() => navigator.serviceWorker.controller.scriptURL") == h.url + "sw.js"
        _until(pg, "([n, u]) => caches.open(n).then(c => c.match(u)).then(r => !!r)", [mine, h.url + "lois/64/"],
               seconds=10)
        ctx.set_offline(True)
        pg.goto(h.url + "lois/64/")
        assert "Loi 64" in pg.title()
        assert errors == []
    finally:
        ctx.close()
        h.server.shutdown()
