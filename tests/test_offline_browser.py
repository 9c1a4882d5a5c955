"""Offline use on the real build: the served site with the network cut (service worker, real chromium), and
the downloadable archive unzipped and opened as files (file://), plus static checks of the archive."""
from __future__ import annotations

import functools
import http.server
import json
import posixpath
import re
import shutil
import threading
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from conftest import QuietServer, ROOT, mkdocs_build
from lois.core.errors import LoisError
from lois.features.offline import archive
from lois.features.offline.serviceworker import MANIFEST_PATH, SW_PATH, cache_name
from lois.features.offline.site import ARCHIVE_PATH, FOLDER, PLACEHOLDER, archive_note, finish
from lois.features.search.query import SearchEngine
from lois.render.site import SiteBuild

SAVE_ALL = "Enregistrer tout le code sur cet appareil"
LINK_ATTR = re.compile(r"""\s(?:xlink:)?(?:href|src|action)\s*=\s*["']([^"']*)["']""", re.I)
REFRESH = re.compile(r"""http-equiv=["']?refresh["']?[^>]*content=["']\s*\d+\s*;\s*url=([^"']*)""", re.I)
ARCHIVE_BLOCK = re.compile(r'(<div class="lois-hl-archive"[^>]*>).*?(</div>)', re.S)


# --------------------------------------------------------------------------- the archive, statically

@pytest.fixture(scope="module")
def entries(built_site) -> dict[str, bytes]:
    with zipfile.ZipFile(built_site / ARCHIVE_PATH) as zf:
        return {i.filename.removeprefix(FOLDER + "/"): zf.read(i) for i in zf.infolist()}


def _links(html: str) -> list[str]:
    return LINK_ATTR.findall(html) + REFRESH.findall(html)


def test_archive_is_deterministic(built_site, tmp_path):
    again = tmp_path / "again"
    res = mkdocs_build(again)
    assert res.returncode == 0, res.stderr
    assert (again / ARCHIVE_PATH).read_bytes() == (built_site / ARCHIVE_PATH).read_bytes()
    assert (again / SW_PATH).read_bytes() == (built_site / SW_PATH).read_bytes()
    with zipfile.ZipFile(built_site / ARCHIVE_PATH) as zf:
        infos = zf.infolist()
    names = [i.filename for i in infos]
    # the same bytes from two builds (above); entries in the order the site was written (pages as the build
    # made them, the rest after), each once
    assert len(set(names)) == len(names) and names[-1] == f"{FOLDER}/sw.js"
    assert {i.date_time for i in infos} == {archive.zip_time()}
    assert all(n.startswith(FOLDER + "/") for n in names)


def test_archive_links_stay_inside(entries):
    """No link to another host or to an absolute path; no link naming a folder; every target is in the copy."""
    from sitecheck import declared_external_links

    external = declared_external_links()  # plain links to the edition's publisher and title sources only
    pages = [p for p in entries if p.endswith(".html")]
    assert "index.html" in pages and len(pages) > 50
    followed = 0
    for path in pages:
        html = entries[path].decode("utf-8")
        for url in _links(html):
            if url in external:
                continue
            absolute = re.match(r"^(?:[a-z][a-z0-9+.-]*:|//|/)", url, re.I)
            assert not absolute or url.startswith(("data:", "#")), (path, url)
            if not url or url.startswith(("#", "?", "data:")):
                continue
            target = url.split("#")[0].split("?")[0]
            assert not target.endswith("/") and target not in (".", ".."), (path, url)
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            assert resolved in entries, (path, url)
            followed += 1
    assert followed > len(pages), followed  # the pages' own links were read and followed
    for path in entries:
        if path.endswith(".css"):
            urls = re.findall(r"""url\(\s*["']?([^"')]*)""", entries[path].decode("utf-8"))
            assert all(u.startswith("data:") or not re.match(r"^(?:[a-z][a-z0-9+.-]*:|/)", u, re.I) for u in urls), path
    assert not [p for p in entries if p.endswith(".map") or p.endswith(".zip") or p.startswith("sitemap")]


def test_archive_data_twins_and_pages(built_site, entries):
    for path in entries:
        if path.endswith(".json"):
            twin = entries[path + ".js"].decode("utf-8")
            head = f'(window.loisFichiers = window.loisFichiers || {{}})[{json.dumps(path)}] = '
            assert twin.startswith(head)
            assert json.loads(twin[len(head):].rstrip().rstrip(";")) == json.loads(entries[path])
    online = (built_site / "hors-ligne" / "index.html").read_text(encoding="utf-8")
    size = (built_site / ARCHIVE_PATH).stat().st_size
    assert f'data-octets="{size}"' in online and "code-bridge-2017-hors-ligne.zip" in online
    assert f"{size / 1e6:.1f}".replace(".", ",") + " Mo" in online and PLACEHOLDER not in online
    copy = entries["hors-ligne/index.html"].decode("utf-8")
    assert archive_note() in copy and ".zip" not in copy and PLACEHOLDER not in copy
    assert "index.html" in entries["LISEZMOI.txt"].decode("utf-8")


def _as_before_finish(built_site: Path, dest: Path) -> None:
    """The built site as MkDocs wrote it, before the offline step."""
    shutil.copytree(built_site, dest)
    for rel in (ARCHIVE_PATH, SW_PATH, MANIFEST_PATH):
        (dest / rel).unlink()
    page = dest / "hors-ligne" / "index.html"
    page.write_text(ARCHIVE_BLOCK.sub(lambda m: m.group(1) + PLACEHOLDER + m.group(2),
                                      page.read_text(encoding="utf-8"), count=1), encoding="utf-8")


def test_finish_is_a_function_of_the_built_site(built_site, model, tmp_path):
    site_dir = tmp_path / "site"
    _as_before_finish(built_site, site_dir)
    site_name = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["site_name"]
    report = finish(SiteBuild(model), site_dir, site_name)
    assert report.archive_size == (built_site / ARCHIVE_PATH).stat().st_size
    for rel in (SW_PATH, MANIFEST_PATH, "hors-ligne/index.html"):
        assert (site_dir / rel).read_bytes() == (built_site / rel).read_bytes(), rel
    # the same entries, byte for byte (the build gives its pages as it writes them: their order may differ)
    with zipfile.ZipFile(site_dir / ARCHIVE_PATH) as a, zipfile.ZipFile(built_site / ARCHIVE_PATH) as b:
        assert sorted(a.namelist()) == sorted(b.namelist())
        assert all(a.read(n) == b.read(n) for n in a.namelist())


def test_failures_leave_the_site_as_built(built_site, model, tmp_path):
    site_dir = tmp_path / "site"
    _as_before_finish(built_site, site_dir)
    page = site_dir / "hors-ligne" / "index.html"
    before = page.read_bytes()
    (site_dir / ARCHIVE_PATH).mkdir()  # the archive cannot be written
    with pytest.raises(LoisError) as err:
        finish(SiteBuild(model), site_dir)
    assert "écriture impossible" in str(err.value)
    assert page.read_bytes() == before and not (site_dir / SW_PATH).exists()
    assert not list(site_dir.rglob("*.tmp"))
    (site_dir / ARCHIVE_PATH).rmdir()
    page.write_bytes(before.replace(PLACEHOLDER.encode(), b""))
    with pytest.raises(LoisError) as err:
        finish(SiteBuild(model), site_dir)
    assert "hors-ligne/index.html" in str(err.value) and "marque" in str(err.value)
    assert not (site_dir / ARCHIVE_PATH).exists() and not (site_dir / SW_PATH).exists()


def test_folder_links_are_rewritten_alike_however_read(built_site):
    """The copy's folder links, found in one pass of the values that can name a folder, are those found attribute by
    attribute: on every page of the site and on random fragments (nested quotes, unclosed values, odd names)."""
    import random

    pages = [p.read_text(encoding="utf-8") for p in sorted(built_site.rglob("*.html"))]
    assert sum(p.count("index.html") < archive.folder_links(p).count("index.html") for p in pages) > 50
    for page in pages:
        assert archive.folder_links(page) == archive.folder_links_by_attribute(page)
    for odd in ("""<a href="a href='../' b">""", """<i data-x=" href='../'/">""",
                """<a title='a href="../"' src=".">"""):
        assert archive.folder_links(odd) == archive.folder_links_by_attribute(odd), odd  # a value within a value
    rnd = random.Random(37)
    parts = [" href=", " src=", " ACTION=", " xlink:href=", " title=", "href", "=", '"', "'", " ", "\n", "/", ".",
             "..", "../", "lois/", "#x", "?q", "a", "https://x/", "<a", ">"]
    for _ in range(30000):
        fragment = "".join(rnd.choice(parts) for _ in range(rnd.randint(1, 14)))
        assert archive.folder_links(fragment) == archive.folder_links_by_attribute(fragment), fragment


def test_file_url_rule():
    cases = {"../lois/50/#D2": "../lois/50/index.html#D2", ".": "index.html", "..": "../index.html",
             "../..": "../../index.html", "../checklists/x/?r=a:b": "../checklists/x/index.html?r=a:b",
             "#D2": "#D2", "?q=1": "?q=1", "a.css": "a.css", "https://x.org/": "https://x.org/", "/.": "/.",
             "data:,": "data:,", "lois/": "lois/index.html", "": ""}
    assert {k: archive.file_url(k) for k in cases} == cases


# --------------------------------------------------------------------------- the archive, opened as files

@pytest.fixture(scope="module")
def unzipped(built_site, tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("archive")
    with zipfile.ZipFile(built_site / ARCHIVE_PATH) as zf:
        zf.extractall(dest)
    return dest / FOLDER


@pytest.fixture()
def file_page(browser, unzipped):
    """A page for the unzipped copy: fails on console errors, on any request that is not a file (or data:,
    blob:) and on any request for a folder (the browser would show its listing)."""
    ctx = browser.new_context()
    pg = ctx.new_page()
    errors: list[str] = []
    foreign: list[str] = []
    folders: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))

    def on_request(req):
        url = req.url
        pg.requested.append(url)
        if url.startswith("file:"):
            if urlsplit(url).path.endswith("/"):
                folders.append(url)
        elif not url.startswith(("data:", "blob:")):
            foreign.append(url)

    def abort(route):
        foreign.append(route.request.url)
        route.abort()

    ctx.on("request", on_request)
    ctx.route(re.compile(r"^(?!file:|data:|blob:)"), abort)
    pg.root = unzipped.as_uri() + "/"
    pg.requested = []
    yield pg
    ctx.close()
    assert not foreign, f"requêtes hors de la copie : {foreign}"
    assert not folders, f"dossiers ouverts (liste de fichiers affichée) : {folders}"
    assert not errors, f"erreurs console : {errors}"


def _folder_links(pg) -> list[str]:
    """Links and form targets of the page (static or created by scripts) that name a folder."""
    return pg.evaluate("""() => Array.from(document.querySelectorAll('[href], form[action]'))
        .map(e => new URL(e.getAttribute(e.tagName === 'FORM' ? 'action' : 'href'), document.baseURI).href)
        .filter(h => h.startsWith('file:') && new URL(h).pathname.endsWith('/'))""")


def _anchor_exists(pg) -> bool:
    return pg.evaluate("() => !!document.getElementById(decodeURIComponent(location.hash.slice(1)))")


def test_archive_menu_and_citation(file_page):
    pg = file_page
    pg.goto(pg.root + "index.html")
    pg.locator(".md-nav--primary a.md-nav__link", has_text="Les 93 lois").first.click()
    pg.wait_for_url(pg.root + "lois/index.html")
    pg.locator("table.lois-index a", has_text=re.compile(r"^Loi 50$")).click()
    pg.wait_for_url(pg.root + "lois/50/index.html")
    assert "Loi 50" in pg.title()
    cite = pg.locator('.lois-prov a.lois-cite[href*="#"]:not(.lois-cite-stub)').first
    href = cite.get_attribute("href")
    assert re.search(r"index\.html#", href)
    cite.click()
    pg.wait_for_url(re.compile(r".*/lois/\d+/index\.html#.+"))
    assert _anchor_exists(pg)
    assert not _folder_links(pg)
    assert not [u for u in pg.requested if u.endswith("/sw.js")]  # no service worker under file://


def test_archive_search(file_page):
    pg = file_page
    pg.goto(pg.root + "lois/50/index.html")
    box = pg.locator(".lois-search-header-input")
    box.fill("renonce")
    _follow_as_file(pg, pg.locator("#lois-search-dropdown li a").first)
    # Enter on a provision id: the provision itself, as a file
    box = pg.locator(".lois-search-header-input")
    box.fill("27B1b")
    pg.locator("#lois-search-dropdown li a").first.wait_for()
    box.press("Enter")
    pg.wait_for_url(re.compile(r".*/lois/27/index\.html#B1b$"))
    assert _anchor_exists(pg)
    # Enter on words, no result selected: the search page, as a file, with its results
    box = pg.locator(".lois-search-header-input")
    box.fill("enchère insuffisante")
    box.press("Enter")
    pg.wait_for_url(re.compile(r".*/recherche/index\.html\?q=.*$"))
    _follow_as_file(pg, pg.locator("#lois-search-results li a").first)


def _follow_as_file(pg, link) -> None:
    """Follow a search result of the archive: no folder link on the page, and it opens a file (…/index.html)."""
    link.wait_for()
    assert not _folder_links(pg)
    href = link.get_attribute("href")
    link.click()
    pg.wait_for_url(href)
    assert re.search(r"/index\.html(#.*)?$", pg.url)


def test_archive_checklist(file_page):
    pg = file_page
    pg.goto(pg.root + "checklists/index.html")
    pg.locator(".lois-cl-index a").first.click()
    pg.wait_for_url(re.compile(r".*/checklists/[^/]+/index\.html$"))
    runner = pg.locator(".lois-cl[data-checklist]")
    start = runner.get_attribute("data-state")
    pg.locator(".lois-cl-choice").first.click()
    pg.wait_for_function("s => document.querySelector('.lois-cl').getAttribute('data-state') !== s", arg=start)
    assert re.search(r"/index\.html\?r=", pg.url)
    assert not _folder_links(pg)
    cite = pg.locator(".lois-cl-ui a.lois-cite:visible").first
    assert re.search(r"/index\.html(#.*)?$", cite.get_attribute("href"))
    cite.click()
    pg.wait_for_url(re.compile(r".*/lois/\d+/index\.html(#.+)?$"))
    if "#" in pg.url:
        assert _anchor_exists(pg)


def test_archive_short_links(file_page):
    pg = file_page
    """The short links of the copy: one resolver page, l/index.html?<id> or #<id>, read as files."""
    pg.goto(pg.root + "l/index.html?50D2")
    pg.wait_for_url(pg.root + "lois/50/index.html#D2")
    assert _anchor_exists(pg)
    pg.goto(pg.root + "l/index.html#L27")
    pg.wait_for_url(pg.root + "lois/27/index.html")


def test_archive_every_page_type(file_page, entries):
    """One page of each kind (first of each top folder, and the demo pages): no folder link once scripts ran."""
    pages = sorted(p for p in entries if p.endswith(".html") and b"lois-lien-court" not in entries[p])
    kinds: dict[str, str] = {}
    for p in pages:
        kinds.setdefault(p.split("/")[0] if "/" in p else p, p)
    stub = next(p for p in pages if b"lois-stub-notice" in entries[p])
    chosen = sorted(set(kinds.values()) | {p for p in pages if p.startswith("clubs/")}
                    | {"recherche/index.html", "checklists/index.html", stub})
    assert len(chosen) >= 12
    pg = file_page
    for p in chosen:
        pg.goto(pg.root + p + ("?q=renonce" if p.startswith("recherche/") else ""))
        if p.startswith("recherche/"):
            pg.locator("#lois-search-results li a").first.wait_for()
        if b"linkifier.js" in entries[p]:  # citations turned into links from the JSON data, read as files
            pg.locator("a.lois-lien").first.wait_for()
        assert not _folder_links(pg), p
    pg.goto(pg.root + "hors-ligne/index.html")
    assert "copie téléchargée" in pg.locator("#lois-hl-appareil").inner_text()


# --------------------------------------------------------------------------- the served site, network cut

def _until(page, predicate: str, arg=None, seconds: float = 60) -> None:
    """Wait until the asynchronous JS ``predicate(arg)`` resolves truthy (wait_for_function does not await)."""
    ok = page.evaluate("""async ([src, arg, ms]) => {
        const pred = eval(src), end = Date.now() + ms;
        const late = () => new Promise(r => setTimeout(() => r(false), Math.max(0, end - Date.now())));
        while (Date.now() < end) {
            if (await Promise.race([Promise.resolve().then(() => pred(arg)), late()])) return true;
            await new Promise(r => setTimeout(r, 50));
        }
        return false;
    }""", [predicate, arg, seconds * 1000])
    assert ok, f"délai dépassé : {predicate}"


def _sw_ready(page) -> None:
    """The worker is active (its core is saved) and controls the page."""
    _until(page, "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)", seconds=30)


def test_served_save_all_then_offline(fresh_page, site_url, built_site):
    page = fresh_page  # its own browser context: the service worker is installed by this test
    man = json.loads((built_site / MANIFEST_PATH).read_text(encoding="utf-8"))
    page.goto(site_url + "hors-ligne/")
    # the first paragraph leads to both ways, the download below the fold included
    assert page.get_by_role("link", name="copie à télécharger", exact=True).get_attribute("href") == "#archive"
    assert page.locator("#archive ~ .lois-hl-archive a.lois-hl-zip[download]").count() == 1
    _sw_ready(page)
    button = page.get_by_role("button", name=SAVE_ALL)
    status = page.locator("#lois-hl-appareil .lois-hl-etat")
    page.wait_for_function("b => !b.disabled", arg=button.element_handle())
    total = f"{man['total'] / 1e6:.1f}".replace(".", ",") + "\u00a0Mo"
    assert total in status.inner_text()
    button.click()
    page.wait_for_function("() => /Tout le code est enregistré/"
                           ".test(document.querySelector('#lois-hl-appareil .lois-hl-etat').textContent)",
                           timeout=120000)
    assert total in status.inner_text() and str(len(man["files"])) in status.inner_text()
    assert page.evaluate("() => { const b = document.querySelector('.lois-hl-progression'); "
                         "return b.value === b.max; }")
    saved = page.evaluate("name => caches.open(name).then(c => c.keys()).then(k => k.length)",
                          cache_name(man["version"]))
    assert saved >= len(man["files"])

    page.context.set_offline(True)
    page.goto(site_url + "lois/50/#D2")
    assert "Loi 50" in page.title() and _anchor_exists(page)
    cite = page.locator('.lois-prov a.lois-cite[href*="#"]:not(.lois-cite-stub)').first
    cite.click()
    page.wait_for_url(re.compile(r".*/lois/\d+/#.+"))
    assert _anchor_exists(page)
    page.goto(site_url + "recherche/?q=renonce")
    result = page.locator("#lois-search-results li a").first
    result.wait_for()
    href = result.get_attribute("href")
    result.click()
    page.wait_for_url(href)
    # queries never made with the network: every shard of the search data was saved with the rest
    engine = SearchEngine(ROOT / "corpus")
    box = page.locator(".lois-search-header-input")
    for q in ("hésitation partenaire", "carte pénalisée défense", "12C1", "revoke"):
        page.locator("#lois-search-dropdown").evaluate("l => { l.textContent = ''; }")
        box.fill(q)
        page.wait_for_function("q => document.getElementById('lois-search-dropdown').dataset.q === q", arg=q)
        ids = page.eval_on_selector_all("#lois-search-dropdown .lois-search-result > a:not(.lois-search-tool)",
                                        "as => as.map(a => a.dataset.id)")
        assert ids == [r.id for r in engine.search(q, 8)], q
    page.goto(site_url + "checklists/")
    page.locator(".lois-cl-index a").first.click()
    page.wait_for_url(re.compile(r".*/checklists/[^/]+/$"))
    start = page.locator(".lois-cl[data-checklist]").get_attribute("data-state")
    page.locator(".lois-cl-choice").first.click()
    page.wait_for_function("s => document.querySelector('.lois-cl').getAttribute('data-state') !== s", arg=start)
    page.goto(site_url + "l/?50D2")  # a short link: the resolver page, saved like every page
    page.wait_for_url(site_url + "lois/50/#D2")
    assert _anchor_exists(page)
    page.goto(site_url + "hors-ligne/")
    page.wait_for_function("() => /déjà enregistré/"
                           ".test(document.querySelector('#lois-hl-appareil .lois-hl-etat').textContent)")
    page.context.set_offline(False)


def test_served_core_visited_and_uncached(fresh_page, site_url):
    page = fresh_page  # its own browser context: the service worker is installed by this test
    page.goto(site_url)
    _sw_ready(page)
    # the search's script, that the header's box fetches only when a reader is about to search, is in the core:
    # saved at once, before any search, so that a box used for the first time without network searches
    engine = page.evaluate("() => new URL(document.querySelector('meta[name=\"lois-search-script\"]').content, "
                           "location.href).href")
    assert page.evaluate("""async u => { for (const k of await caches.keys())
        if (await (await caches.open(k)).match(u)) return true; return false; }""", engine)
    page.goto(site_url + "lois/12/")  # visited with the network: kept
    page.goto(site_url + "recherche/?q=carte+penalisee")  # searched with the network: the data it read is kept
    page.locator("#lois-search-results[data-q] li a").first.wait_for()  # the whole answer (not the first results,
    page.context.set_offline(True)  # shown while the other results' documents are on their way: aria-busy)
    page.goto(site_url + "lois/")
    assert "93 lois" in page.title()
    page.goto(site_url + "lois/12/")
    assert "Loi 12" in page.title()
    page.goto(site_url + "recherche/?q=carte+penalisee")
    page.locator("#lois-search-results[data-q] li a").first.wait_for()  # answered in full from what was kept
    page.goto(site_url + "lois/27/")  # never visited, not in the core
    heading = page.locator("h1")
    assert heading.inner_text() == "Page non disponible sans réseau"
    assert page.locator("a", has_text="Accueil").get_attribute("href") == site_url
    page.locator("a", has_text="Les 93 lois").click()
    page.wait_for_url(site_url + "lois/")
    assert "93 lois" in page.title()
    page.context.set_offline(False)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture()
def served_copy(built_site, tmp_path):
    """A copy of the built site, served on its own port (so that a test can publish a new build on it)."""
    site_dir = tmp_path / "copie"
    shutil.copytree(built_site, site_dir)
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield site_dir, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_served_new_build_replaces_cache(browser, served_copy, model, tmp_path):
    """A new build installs a new cache and drops the old one; what was kept is kept again, in its new version."""
    site_dir, url = served_copy
    ctx = browser.new_context()
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith((url, "data:", "blob:")) else r.abort())
    try:
        pg.goto(url + "lois/12/")
        _sw_ready(pg)
        v1 = json.loads((site_dir / MANIFEST_PATH).read_text(encoding="utf-8"))
        c1 = cache_name(v1["version"])
        assert pg.evaluate("() => caches.keys()") == [c1]
        # the first page, loaded before the worker, is kept too
        _until(pg, "([n, u]) => caches.open(n).then(c => c.match(u)).then(r => !!r)", [c1, url + "lois/12/"])
        pg.evaluate("([name, u]) => caches.open(name).then(c => c.put(u, new Response('x')))",
                    [c1, url + v1["complete"]])  # as if « Enregistrer tout » had been used

        law12 = site_dir / "lois" / "12" / "index.html"
        text = law12.read_text(encoding="utf-8")
        law12.write_text(text.replace("</body>", '<p id="nouvelle-version">Nouvelle version</p></body>'),
                         encoding="utf-8")
        for rel in (ARCHIVE_PATH, SW_PATH, MANIFEST_PATH):
            (site_dir / rel).unlink()
        page = site_dir / "hors-ligne" / "index.html"
        page.write_text(ARCHIVE_BLOCK.sub(lambda m: m.group(1) + PLACEHOLDER + m.group(2),
                                          page.read_text(encoding="utf-8"), count=1), encoding="utf-8")
        finish(SiteBuild(model), site_dir)
        v2 = json.loads((site_dir / MANIFEST_PATH).read_text(encoding="utf-8"))
        c2 = cache_name(v2["version"])
        assert c2 != c1

        assert pg.locator("#lois-hl-maj").count() == 0  # the first install announced nothing
        pg.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        _until(pg, "n => caches.keys().then(k => k.length === 1 && k[0] === n)", c2, seconds=120)
        # the page on screen is the old version: the reader is told, and shown the new one on request
        notice = pg.locator("#lois-hl-maj[role=status]")
        notice.wait_for(timeout=10_000)
        assert "Une nouvelle version du site est publiée" in notice.inner_text()
        assert pg.locator("#nouvelle-version").count() == 0
        notice.get_by_role("button", name="Afficher la nouvelle version").focus()
        pg.keyboard.press("Enter")
        pg.locator("#nouvelle-version").wait_for()
        assert pg.locator("#lois-hl-maj").count() == 0
        kept = pg.evaluate("n => caches.open(n).then(c => c.keys()).then(k => k.map(r => r.url))", c2)
        assert url + v2["complete"] in kept
        assert {url + f[0] if f[0] != "./" else url for f in v2["files"]} <= set(kept)
        ctx.set_offline(True)
        pg.goto(url + "lois/12/")
        assert pg.locator("#nouvelle-version").count() == 1
        pg.goto(url + "lois/27/#B1b")
        assert _anchor_exists(pg)
        ctx.set_offline(False)
    finally:
        ctx.close()
    assert not errors, f"erreurs console : {errors}"
