"""Shared fixtures: the real corpus, a real MkDocs build, a local server, a real browser (Debian's chromium)."""
from __future__ import annotations

import contextlib
import functools
import io
import itertools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

# the two sizes the site is tried at and the press on its widgets, kept with the taps' walker (bench/ uses it)
from taps import DESKTOP, PHONE, press

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
# Debian's headless shell of Chromium (same engine, no window layers: the whole suite in 217 s instead of 271 s in
# the full browser, README « Tests et mesures »); LOIS_CHROMIUM names another binary, e.g. /usr/bin/chromium
CHROMIUM = (os.environ.get("LOIS_CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium-headless-shell")
FULL_CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"  # Debian's full browser (tests/test_full_browser.py)


def ids(values) -> list[str]:
    """Provisions (lois.core.ids.ProvisionId) as their canonical ids, to compare with ids written in a test."""
    return [str(v) for v in values]


def pid(text: str):
    """The provision of a canonical id written in a test (« 27B1(b) »)."""
    from lois.core.ids import ProvisionId

    return ProvisionId.parse(text)


def nonempty(items):
    """The items, as a list; the test fails if there is none: assertions in a loop over nothing check nothing
    (tests/test_tests.py asks for this, or another assertion, around every such loop)."""
    items = list(items)
    assert items, "aucun élément : la boucle ne vérifierait rien"
    return items


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return ROOT / "corpus"


@pytest.fixture(scope="session")
def model(corpus_dir):
    from lois.core.corpus import load_corpus

    return load_corpus(corpus_dir)


@functools.cache
def real_corpus():
    """The real corpus read once while the tests are collected (names of checklists, cases and examples to
    parametrize tests with: several modules ask for them); the tests themselves take the ``model`` fixture."""
    from lois.core.corpus import load_corpus

    return load_corpus(ROOT / "corpus")


@functools.cache
def real_checklists() -> dict:
    """The real corpus's checklists (name → checklist), read once while the tests are collected (``real_corpus``)."""
    from lois.features.checklists import load_checklists

    return load_checklists(ROOT / "corpus", real_corpus())


def real_checklist_examples() -> list:
    """The real corpus's worked examples that open a checklist, read once while the tests are collected."""
    from lois.features.annotations import load_annotations

    return [ex for ex in load_annotations(real_corpus()).examples.values() if ex.checklist]


def project_env(**extra) -> dict:
    """Environment for subprocesses: this checkout's package first on the path."""
    path = str(ROOT / "plugins") + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    return dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=path, **extra)


def run_lois_process(*args, input: str | None = None, cwd: Path | None = None,
                     env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the `lois` command of this checkout in a process of its own, as a shell runs it."""
    return subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=project_env(**(env or {})), input=input, timeout=300)


_MODELS: dict[tuple[str, str], object] = {}  # (corpus folder, digest of its files) → the model read from them


def _corpus_digest(root: Path) -> str | None:
    """A digest of every file of the corpus folder ``root`` (names and bytes); None when it holds anything but
    folders and regular files (a pipe, a device, a link: ``load_corpus`` must meet it and refuse it)."""
    import hashlib

    h = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(dirs + files):
            p = Path(folder) / name
            if p.is_symlink() or not (p.is_dir() or p.is_file()):
                return None
            if p.is_file():
                h.update(f"{p.relative_to(root)}\0".encode("utf-8", "surrogateescape") + p.read_bytes() + b"\0")
    return h.hexdigest()


@contextlib.contextmanager
def shared_models():
    """Within the block, `lois` commands run in this process read each corpus once: ``load_corpus`` gives the model
    it gave for the same files (same names, same bytes), as the session's ``model`` fixture is shared; a corpus
    that changed, failed to load or holds an odd file is read again. Reading the corpus (0.2 to 1 s, checklists
    and situations included) is what most commands spend their time on; the reading itself is tested by the
    tests of the corpus and by every build."""
    from lois.core import corpus as corpus_module

    real = corpus_module.load_corpus

    def load_corpus(root):
        root = Path(root).resolve()
        digest = _corpus_digest(root) if root.is_dir() else None
        if digest is None:
            return real(root)
        key = (str(root), digest)
        if key not in _MODELS:
            _MODELS[key] = real(root)
        return _MODELS[key]

    corpus_module.load_corpus = load_corpus
    try:
        yield
    finally:
        corpus_module.load_corpus = real


def lois_main(args, stdin: str, stdout, stderr, cwd: Path | None = None, env: dict | None = None) -> int:
    """`lois ARGS` through its entry point (``cli.main``, which every subcommand goes through, errors included) in
    this process: this standard input, writing to ``stdout`` and ``stderr``, in ``cwd`` with ``env`` added to the
    environment, each corpus read once (``shared_models``); its exit code."""
    from lois.adapters import cli

    saved_env, saved_stdin = dict(os.environ), sys.stdin
    os.environ.update(env or {})
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.chdir(cwd or ROOT), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr), \
                shared_models():
            return cli.main([str(a) for a in args])
    finally:
        sys.stdin = saved_stdin
        os.environ.clear()
        os.environ.update(saved_env)


def run_lois(*args, input: str | None = None, cwd: Path | None = None,
             env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `lois` in this process (:func:`lois_main`) with these arguments, standard input, folder and environment:
    what it writes and its exit code, as ``run_lois_process`` gives them without starting Python (a quarter of a
    second a run) nor reading again a corpus already read. The tests of what only a process shows (a closed or
    broken standard output, --help of every command) use the latter."""
    out, err = io.StringIO(), io.StringIO()
    code = lois_main(args, input or "", out, err, cwd, env)
    return subprocess.CompletedProcess(["lois", *args], code, out.getvalue(), err.getvalue())


def lois_commands() -> list[str]:
    """The subcommands that `lois --help` lists, as its reader sees them."""
    import re

    r = run_lois("--help")
    assert r.returncode == 0, r.stderr
    listing = r.stdout.split("\n  COMMANDE\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^ {4}([a-z][a-z-]*)", listing, re.M)


def mkdocs_build(dest: Path, config: Path | None = None, extra_env: dict | None = None,
                 verbose: bool = False) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` through MkDocs' own command line (its click command, which sets up its logging,
    counts the warnings of --strict and turns an abort into exit 1) in this process, from the project's folder
    with ``extra_env`` in the environment: what it writes and its exit code, as `python -m mkdocs build` in a
    process gives them, without starting Python and importing MkDocs, Material and the plugin (about 0.4 s a
    build). An exception MkDocs lets through (a traceback a user would see) is written to the standard error,
    exit 1. (A build that a test kills midway runs in a process of its own: test_lean.)"""
    from click.testing import CliRunner
    from mkdocs.__main__ import cli

    args = ["build", "--strict", "-d", str(dest), "-f", str(config or ROOT / "mkdocs.yml")] + (["-v"] if verbose
                                                                                              else [])
    env = {"NO_MKDOCS_2_WARNING": "1", **(extra_env or {})}
    saved_env = dict(os.environ)
    try:
        with contextlib.chdir(ROOT):
            res = CliRunner().invoke(cli, args, env=env, catch_exceptions=True)
    finally:
        os.environ.clear()
        os.environ.update(saved_env)
    err = res.stderr
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        import traceback
        err += "".join(traceback.format_exception(res.exception))
    return subprocess.CompletedProcess(["mkdocs", *args], res.exit_code, res.stdout, err)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site, built once per test session with `mkdocs build --strict`."""
    dest = tmp_path_factory.mktemp("site")
    res = mkdocs_build(dest)
    assert res.returncode == 0, res.stderr
    return dest


# The real corpus with four changes that do not meet, built once for the tests that read one of them (one build
# instead of four): a glossary entry before the others, so that every search document after it moves (a new
# version of the site: tests/test_deploy_browser.py); NAV_MAX + 3 more notes, copies of one (the menu beyond
# NAV_MAX pages: tests/test_nav_scaling.py); an edition.yaml that is odd but valid (tests/test_edition.py); ids of a
# checklist and an example that are JavaScript's own names (tests/test_js_names_browser.py).
VARIANT_GLOSSARY_ENTRY = """- term: tableau ambulant
  definition: >
    Entrée ajoutée par la nouvelle version du site (essai de publication) : xylophone.
  provisions: ['16']
"""
VARIANT_NOTE = "carte-penalisee-50b"  # the note copied, as notes/note-00.md … (titles « Note 00 — Principale »…)


def variant_extra_notes() -> int:
    from lois.render.site import NAV_MAX

    return NAV_MAX + 3


def variant_edition() -> str:
    """The odd but valid edition.yaml of the variant: spaces around the publisher's address (dropped, as a browser
    drops them), no address for a title's source, the title of Law 26 not read (« non relevé »)."""
    real = (ROOT / "corpus" / "edition.yaml").read_text(encoding="utf-8")
    line26 = next(line for line in real.splitlines() if line.startswith("  26: "))
    return (real.replace('url: "https://www.ffbridge.fr/"', 'url: "  https://www.ffbridge.fr/  "')
            .replace('url: "http://jmmollimard.fr/loi/code.php"', 'url: null')
            .replace(line26, '  26: {title: null}'))


@pytest.fixture(scope="session")
def variant_build(tmp_path_factory):
    """(built site, its corpus, its project folder) of the variant corpus above: `mkdocs build --strict` of a
    project whose corpus is a changed copy (hand-written pages and theme of this checkout, its own build cache)."""
    from live_serve import project_copy

    work = tmp_path_factory.mktemp("variante")
    config = project_copy(work)
    corpus = work / "corpus"
    glossary = corpus / "glossaire.yaml"
    text = glossary.read_text(encoding="utf-8")
    assert "- term: déclarant" in text
    glossary.write_text(text.replace("- term: déclarant", VARIANT_GLOSSARY_ENTRY + "- term: déclarant", 1),
                        encoding="utf-8")
    note = (corpus / "notes" / f"{VARIANT_NOTE}.md").read_text(encoding="utf-8")
    for i in range(variant_extra_notes()):
        copy = note.replace(f"id: {VARIANT_NOTE}", f"id: note-{i:02d}", 1)
        copy = copy.replace("title: Principale", f"title: Note {i:02d} — Principale", 1)
        assert copy.count(f"note-{i:02d}") == 1 and f"Note {i:02d}" in copy
        (corpus / "notes" / f"note-{i:02d}.md").write_text(copy, encoding="utf-8")
    (corpus / "edition.yaml").write_text(variant_edition(), encoding="utf-8")
    from test_js_names_browser import name_ids

    name_ids(corpus)
    res = mkdocs_build(work / "site", config=config, extra_env={"LOIS_CACHE": str(work / "cache")})
    assert res.returncode == 0, res.stderr
    return work / "site", corpus, work, res


@pytest.fixture(scope="session")
def site_visits(browser, built_site, site_url, tmp_path_factory) -> dict:
    """Every page of the built site opened once on a phone (390×844, touch), and one page of each kind on a desktop
    and in the offline copy opened as files on a phone (tests/axecheck.py): on each, axe-core in the light scheme,
    then in the dark (tests/test_axe_browser.py); on the site's, once it loaded, what tests/test_browser_crawl.py
    reads of a page (its READ), its smallest text (« smallest », tests/test_reading_browser.py's SMALLEST_TEXT), its
    headings whose « ¶ » stands alone on a line (« lonely », LONELY_PILCROWS), its folds' summaries and links to
    checklists under 44 px (« short », SHORT_TARGETS), its console and page errors and its requests to other hosts.
    One visit of each page for these modules: a page load and axe are most of what they cost.
    {"phone", "desktop", "offline"} → axecheck.Visit."""
    from axecheck import STATES, axe_source, every_page, new_context, one_of_each_kind, unzip_copy, visit
    from test_browser_crawl import READ as CRAWL
    from test_reading_browser import LONELY_PILCROWS, SHORT_TARGETS, SMALLEST_TEXT

    READ = (f"() => ({{...({CRAWL})(), smallest: ({SMALLEST_TEXT})(), lonely: ({LONELY_PILCROWS})(),"
            f" short: ({SHORT_TARGETS})()}})")

    try:
        axe_source()
    except FileNotFoundError as e:
        pytest.fail(str(e))
    urls = every_page(built_site, site_url, unzip_copy(built_site, tmp_path_factory.mktemp("copie")))
    site = {n: u for n, u in urls.items() if not n.startswith("hors-ligne:")}
    copy = {n.removeprefix("hors-ligne:"): u for n, u in urls.items() if n.startswith("hors-ligne:")}
    assert len(site) >= 60 + len(STATES) and len(copy) >= 60  # every page, not a sample
    kinds, copy_kinds = one_of_each_kind(site), one_of_each_kind(copy)
    assert len(kinds) >= 10 and len(copy_kinds) >= 10, (kinds, copy_kinds)
    visits = {}
    for name, size, pages, more in (
            ("phone", "phone", site, {"read": READ, "site_url": site_url}),
            ("desktop", "desktop", kinds, {"read": READ, "site_url": site_url}),
            ("offline", "phone", {"hors-ligne:" + n: u for n, u in copy_kinds.items()}, {})):
        ctx = new_context(browser, size, "light")
        try:
            visits[name] = visit(ctx, pages, "light", then_dark=True, **more)
        finally:
            ctx.close()
    return visits


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Static server that, like GitHub Pages, Netlify or nginx's `error_page 404`, answers an unknown address
    with the site's own 404.html (status 404)."""

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class QuietServer(http.server.ThreadingHTTPServer):
    """A local test server that says nothing when the browser drops a request it no longer needs (a page left
    while a file was on its way): only real errors are printed."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def built_and_served():
    """For the bench scripts: the real site built (``mkdocs_build``) in a temporary folder and served as the tests
    serve it; yields its base URL (ending in /). A failed build ends the script with MkDocs' messages."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        res = mkdocs_build(site)
        if res.returncode:
            raise SystemExit(res.stderr)
        server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()


@pytest.fixture(scope="session")
def site_url(built_site):
    """Base URL (ending in /) of the built site served on 127.0.0.1."""
    handler = functools.partial(_Quiet, directory=str(built_site))
    server = QuietServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    pw = pytest.importorskip("playwright.sync_api")
    with pw.sync_playwright() as p:
        yield p


def _launch(playwright, executable: str):
    if not Path(executable).exists():
        pytest.fail(f"navigateur absent : {executable} (bash scripts/test.sh installe chromium et "
                    "chromium-headless-shell)")
    return playwright.chromium.launch(executable_path=executable, args=[
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"])


@pytest.fixture(scope="session")
def browser(playwright):
    """The browser of the tests: Debian's Chromium headless shell, or LOIS_CHROMIUM (see CHROMIUM)."""
    b = _launch(playwright, CHROMIUM)
    yield b
    b.close()


@pytest.fixture(scope="session")
def full_browser(playwright):
    """Debian's full Chromium, the browser readers have (tests/test_full_browser.py)."""
    b = _launch(playwright, FULL_CHROMIUM)
    yield b
    b.close()


def open_anew(page, url: str, **goto):
    """``page.goto(url)`` as a new document: through a blank page when the address differs from the page's only by
    its fragment (the browser would only move to the fragment), directly otherwise (a blank page in between costs
    a fifth of a load)."""
    if url.split("#")[0] == page.url.split("#")[0]:
        page.goto("about:blank")
    return page.goto(url, **goto)


def allow_only(ctx, *prefixes: str) -> list[str]:
    """Watch every request of browser context `ctx` (its pages and its service worker): the address of each one
    that does not start with one of `prefixes` is added to the list returned, which a test asserts stays empty.
    A request event, not a route: routing every request through this process costs about 40 ms more per page
    load (``python bench/bench_test_tabs.py``), and detecting the request is what the tests need."""
    foreign: list[str] = []
    ctx.on("request", lambda r: None if r.url.startswith(prefixes) else foreign.append(r.url))
    return foreign


class Tab:
    """A browser context and its page, kept open for a whole test module: a new context and a first load cost
    about half a second, a load in a warm tab about a third of that (the browser's memory cache holds the theme;
    ``python bench/bench_test_tabs.py``). Each test that uses it starts on a blank page with the site's stored
    data cleared (localStorage, sessionStorage), the screen media, the tab's own size and no route, and fails on
    any console error, page error or request to another host made during it. The page is a Playwright ``Page``
    with, as ``page``'s, ``lois_errors``, ``lois_foreign`` and ``lois_expect_404`` (the URLs the test opens
    knowing they do not exist)."""

    def __init__(self, browser, site_url: str, allowed: tuple[str, ...] = (), dialogs_are_errors: bool = False,
                 **options):
        """``allowed``: other origins the pages may load from (a club's server), their storage cleared too."""
        # no service worker unless asked (service_workers="allow"): each test then sees the pages as a first visit
        # does, the way a new context showed them, and not what a worker cached for an earlier test
        self.ctx = browser.new_context(**{"service_workers": "block", **options})
        self.viewport = options.get("viewport", {"width": 1280, "height": 720})  # Playwright's default
        self.site_url = site_url
        self.origins = {site_url.rstrip("/")} | {a.rstrip("/") for a in allowed if a.startswith("http")}
        self.foreign = allow_only(self.ctx, site_url, "data:", "blob:", "about:", *allowed)
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.expect_404: set[str] = set()
        self.touch = bool(options.get("has_touch"))
        self.page = pg = self.ctx.new_page()
        self.cdp = self.ctx.new_cdp_session(pg)  # clears the site's stored data between tests

        def on_console(m):
            # a page the test asks for on purpose at an unknown address (the 404 page) is itself a 404 response
            if m.type == "error" and not (m.location.get("url") in self.expect_404 and "404" in m.text):
                self.errors.append(m.text)
            elif m.type == "warning":
                self.warnings.append(m.text)

        pg.on("console", on_console)
        pg.on("pageerror", lambda e: self.errors.append(str(e)))
        if dialogs_are_errors:  # an alert, confirm or prompt fails the test (and is dismissed)
            pg.on("dialog", lambda d: (self.errors.append("dialogue : " + d.message), d.dismiss()))
        pg.lois_errors, pg.lois_foreign, pg.lois_expect_404 = self.errors, self.foreign, self.expect_404
        pg.lois_warnings = self.warnings

    def press(self, locator) -> None:
        """A tap on a touch screen, a click with the mouse, on one of the site's own widgets (taps.press)."""
        press(locator, self.touch)

    def begin(self):
        pg = self.page
        for extra in self.ctx.pages[1:]:
            extra.close()
        # a new document for the test's first address, even one differing by a fragment; a navigation the last
        # test left on its way (a link followed just before it ended) is stopped first, and the tab's session
        # storage of the site emptied while its page is still there to reach it
        for attempt in range(3):
            try:
                pg.evaluate("() => { window.stop(); try { sessionStorage.clear(); } catch (e) {} }")
                pg.goto("about:blank")
                break
            except PlaywrightError:
                if attempt == 2:
                    raise
                pg.wait_for_load_state()
        for origin in self.origins:
            self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
        pg.unroute_all()
        pg.emulate_media(media="screen")
        if pg.viewport_size != self.viewport:  # a test that resized the page
            pg.set_viewport_size(self.viewport)
        self.errors.clear()
        self.warnings.clear()
        self.foreign.clear()
        self.expect_404.clear()
        return pg

    def end(self) -> None:
        assert not self.foreign, f"requêtes vers d'autres hôtes : {self.foreign}"
        assert not self.errors, f"erreurs console : {self.errors}"


def tab_fixtures(**options):
    """A module-scoped Tab with these context options and the function-scoped fixture that hands its page to a
    test: ``_phone_tab, phone = tab_fixtures(**PHONE)`` in a test module (both must be module globals; the
    test asks for ``phone``)."""
    holder = f"_lois_tab_{next(_TABS)}"

    @pytest.fixture(scope="module", name=holder)
    def module_tab(browser, site_url):
        tab = Tab(browser, site_url, **options)
        yield tab
        tab.ctx.close()

    @pytest.fixture()
    def test_page(request):
        tab = request.getfixturevalue(holder)
        yield tab.begin()
        tab.end()

    return module_tab, test_page


_TABS = itertools.count()
SIZES = {"phone": PHONE, "desktop": DESKTOP}


@pytest.fixture(scope="module")
def sized_tab(browser, site_url):
    """``sized_tab("phone")`` or ``sized_tab("desktop")``: that size's Tab, made once for the module; the test
    calls its ``begin()`` (which returns the page) and its ``end()``."""
    made: dict[str, Tab] = {}

    def tab(size: str, **more) -> Tab:
        if size not in made:
            made[size] = Tab(browser, site_url, **{**SIZES[size], **more})
        return made[size]

    yield tab
    for t in made.values():
        t.ctx.close()


# conftest's `page`: a page of the module's desktop tab (see Tab), blank, stored data cleared, failing the test on
# any console error or any request to another host. For a test that changes its browser context (offline, an
# init script, a service worker that must not be installed yet), ``fresh_page``.
_desktop_tab, page = tab_fixtures()


@pytest.fixture()
def fresh_page(browser, site_url):
    """A page in a new browser context of its own (no service worker installed yet, nothing cached or stored; the
    site's worker may install), that fails the test on any console error or any request to another host."""
    tab = Tab(browser, site_url, service_workers="allow")
    try:
        yield tab.page
        tab.end()
    finally:
        tab.ctx.close()


def word_no_statement_rests_on(model, law: int, min_len: int = 8) -> str:
    """A word of the text of `law` that no « words » of the corpus quotes (lois.core.grounds): a test may change it
    in the law's text without breaking a statement that rests on that text."""
    import re as _re

    from lois.core.grounds import normalized
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists

    quoted: list[str] = []
    ann = load_annotations(model)
    units = [*(o.words for cl in load_checklists(model.root, model).values() for o in cl.outcomes.values()),
             *(cl.words for cl in load_checklists(model.root, model).values()),
             *(e.words for e in ann.examples.values()), *(n.words for n in ann.notes.values()),
             *(s.words for s in ann.situations), *(t.words for t in ann.terms)]
    import yaml as _yaml

    for page in (ROOT / "site_src").glob("*.md"):  # hand-written pages quote words of the Code too
        head = page.read_text(encoding="utf-8")
        if head.startswith("---\n"):
            units.append(_yaml.safe_load(head[4:head.index("\n---", 4)]).get("words"))
    for w in units:
        for ws in (w or {}).values():
            quoted.extend(normalized(x) for x in ([ws] if isinstance(ws, str) else ws))
    text = "\n".join(p.text for p in model.laws[law].provisions())
    for word in _re.findall(rf"\w{{{min_len},}}", text):
        if not any(normalized(word) in q for q in quoted):
            return word
    raise AssertionError(f"chaque mot de la Loi {law} est cité par des « words »")


def training_data(site_dir) -> dict:
    """The data of « S'entraîner » in a built site: the page's own (the count of situations and where their files
    are), with the situations (``items``, in order) and checklists (``checklists``) the script fetches from them."""
    import json as _json
    import re as _re
    page = Path(site_dir) / "entrainement" / "index.html"
    m = _re.search(r'<script type="application/json" class="lois-train-data">(.*?)</script>',
                   page.read_text(encoding="utf-8"), _re.S)
    data = _json.loads(m.group(1))
    folder = (page.parent / data["data"]).resolve()
    chunks = sorted(folder.glob("situations-*.json"), key=lambda f: int(f.stem.split("-")[1]))
    data["items"] = [it for f in chunks for it in _json.loads(f.read_text(encoding="utf-8"))]
    data["checklists"] = {f.stem: _json.loads(f.read_text(encoding="utf-8"))
                          for f in (folder / "listes").glob("*.json")}
    return data


def build_with_corpus(proj: Path, corpus: Path, site_src: Path | None = None) -> Path:
    """The real site built from another `corpus` in the project folder `proj` (its own mkdocs.yml, site_src — a
    copy of the project's unless given — and build cache): the built folder."""
    if site_src is None:
        shutil.copytree(ROOT / "site_src", proj / "site_src")
    cfg = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "corpus: corpus" in cfg
    (proj / "mkdocs.yml").write_text(cfg.replace("corpus: corpus", f"corpus: {corpus}"), encoding="utf-8")
    site = proj / "site"
    res = mkdocs_build(site, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(proj / "cache")})
    assert res.returncode == 0, res.stderr
    return site
