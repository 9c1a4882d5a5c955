"""Shared fixtures: the real corpus, a real MkDocs build, a local server, a real browser (Debian's chromium)."""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return ROOT / "corpus"


@pytest.fixture(scope="session")
def model(corpus_dir):
    from lois.core.corpus import load_corpus

    return load_corpus(corpus_dir)


def project_env(**extra) -> dict:
    """Environment for subprocesses: this checkout's package first on the path."""
    path = str(ROOT / "plugins") + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    return dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=path, **extra)


def run_lois(*args, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the `lois` command of this checkout."""
    return subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=project_env(), input=input, timeout=300)


def mkdocs_build(dest: Path, config: Path | None = None, extra_env: dict | None = None,
                 verbose: bool = False) -> subprocess.CompletedProcess:
    env = project_env(**(extra_env or {}))
    # no -q: with it, mkdocs does not count warnings and --strict lets them through
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(dest),
           "-f", str(config or ROOT / "mkdocs.yml")] + (["-v"] if verbose else [])
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site, built once per test session with `mkdocs build --strict`."""
    dest = tmp_path_factory.mktemp("site")
    res = mkdocs_build(dest)
    assert res.returncode == 0, res.stderr
    return dest


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
def browser():
    pw = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium absent (installé par .ci/run)")
    with pw.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


def allow_only(ctx, *prefixes: str) -> list[str]:
    """Let the pages of browser context `ctx` load only addresses that start with one of `prefixes`: any other
    request is aborted and its address added to the list returned (which a test asserts stays empty)."""
    foreign: list[str] = []

    def check(route):
        url = route.request.url
        if url.startswith(prefixes):
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    ctx.route("**/*", check)
    return foreign


@pytest.fixture()
def page(browser, site_url):
    """A fresh page that fails the test on any console error or any request to another host."""
    ctx = browser.new_context()
    pg = ctx.new_page()
    errors: list[str] = []
    expected_404: set[str] = set()

    def on_console(m):
        # a page the test asks for on purpose at an unknown address (the 404 page) is itself a 404 response
        if m.type == "error" and not (m.location.get("url") in expected_404 and "404" in m.text):
            errors.append(m.text)

    pg.on("console", on_console)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    foreign = allow_only(ctx, site_url, "data:", "blob:")
    pg.lois_expect_404 = expected_404  # add the URLs the test opens knowing they do not exist
    pg.lois_errors = errors
    pg.lois_foreign = foreign
    yield pg
    ctx.close()
    assert not foreign, f"requêtes vers d'autres hôtes : {foreign}"
    assert not errors, f"erreurs console : {errors}"
