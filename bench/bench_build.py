"""Build and site benchmark (issue 7, quality gates): prints a Markdown table of figures.

    python bench/bench_build.py                                  # everything (≈ 15 min on 2 cores)
    python bench/bench_build.py --sizes 20 --no-lighthouse       # quicker
    python bench/bench_build.py --sizes "" --no-search --runs 3  # seed only

What is measured, and how:

* Build time: wall time of `python -m mkdocs build --strict` in a subprocess, median of --runs runs
  (--runs-synth for the synthetic corpora): first builds, each with an empty cache (LOIS_CACHE), and
  builds with the cache a previous build of the same corpus left (lois.render.buildcache: generated pages,
  search index), as under `mkdocs serve` or in a CI that keeps it. The same pages « sans le plugin »: the
  plugin's generated files (SiteBuild.files: the laws, commentaries, notes, checklists… — every page of the
  site, there are no redirect pages per spelling any more) are written into a copy of the docs folder, with a
  mkdocs.yml without the `lois` plugin whose nav, extra_css and extra_javascript are the ones the plugin sets
  (its own on_config is run to get them); that plain Material build of the same real pages is the baseline and
  « part du plugin » is (full − baseline) / baseline (target ≤ +25 %, i.e. ≤ 1.25×; one run per kind with
  --runs-synth 1: the alternated comparison, with median and range, its load, and the second peer of issue 37,
  the same words as plain Markdown, is bench_first_build.py, which uses the same builds). A second baseline is the
  same build with a MkDocs hook (theme_templates_hook.py) that gives the theme what the plugin gives it, compiled
  templates kept between builds: against it, the share counts only the plugin's own work. The baseline has no
  offline archive or service worker: writing them is counted in the plugin's share. Runs of the two
  alternate. Everything is written in memory (/dev/shm) unless --disque: on this machine creating tens of
  thousands of files on disk costs a system time that varies threefold from one build to the next.
  One more build per corpus runs with the plugin's hooks timed (CPU), to show where its time goes.
* Synthetic corpora ×F (bench/synth.py, the one generator shared with bench_search.py): the seed's
  laws, citations, notes, commentaries, examples, checklists and situations ×F at the seed's density.
  Linear scaling: seconds per unit of corpus between sizes must stay flat.
* Peak memory: VmHWM of the build's process, written by bench/peak_rss.py as it exits (not ru_maxrss from
  os.wait4: Linux keeps across execve the peak of the process that started the build, this benchmark).
* Page weight: cold load (fresh browser context, no cache) in Playwright with Debian's chromium;
  requests counted by the browser, bytes taken from the built files: as served by a host that does not
  compress, and gzip -6 as served by one that does.
* Search: bench_search.py's measures (index build, CLI latency, browser index size, time per query in
  the browser, relevance), re-measured on the seed and on the synthetic ×20 corpus.
* Lighthouse 13 (npm, `npm install --prefix bench`), Debian's chromium headless, default settings:
  mobile emulation with simulated throttling (slow 4G, 4× CPU); performance and accessibility of a law
  page, the search page and a checklist page. The site is served on 127.0.0.1 by this script, with
  gzip like any static host (--no-gzip to serve it raw like `python -m http.server`).
"""
from __future__ import annotations

import argparse
import functools
import gzip
import html as htmllib
import http.server
import io
import json
import mimetypes
import os
import posixpath
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

import yaml

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(BENCH))

from synth import corpus_stats, make_corpus  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
NO_NETWORK = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--no-first-run", "--disable-quic"]
LIGHTHOUSE = BENCH / "node_modules" / ".bin" / "lighthouse"
TARGET_SHARE = 0.25
TARGET_X100_S = 30.0
TARGET_FILES = {1: 250, 100: 5000}   # files of the built site (issue 13)
TARGET_RSS_MB = 600                  # peak memory of the ×100 first build
TARGET_LH = 95


def env_for(cache: Path) -> dict:
    path = str(ROOT / "plugins") + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=path, LOIS_CACHE=str(cache))
    # as on a user's machine, Python keeps its compiled modules (__pycache__): a shell that sets
    # PYTHONDONTWRITEBYTECODE would otherwise time the compiling of the plugin's sources at every build
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


# ------------------------------------------------------------------------------------------- builds
def timed_build(config: Path, dest: Path, work: Path, cache: Path | None = None) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in KiB) of one `mkdocs build --strict`; exits on failure or warning.
    Without ``cache``, a first build (empty cache, removed after); with it, the build uses and keeps it."""
    keep_cache = cache is not None
    cache = cache or Path(tempfile.mkdtemp(prefix="cache-", dir=work))
    if dest.exists():
        shutil.rmtree(dest)
    os.sync()  # the previous build's files are on disk: their write-back is not timed with this build
    peak = work / "pic-memoire.txt"
    peak.unlink(missing_ok=True)
    cmd = [sys.executable, str(BENCH / "peak_rss.py"), str(peak), "-m", "mkdocs", "build", "--strict", "-d",
           str(dest), "-f", str(config)]
    with tempfile.TemporaryFile(dir=work) as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env_for(cache), stdout=subprocess.DEVNULL, stderr=err)
        _pid, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        log = err.read().decode("utf-8", "replace")
    rss = int(peak.read_text(encoding="ascii")) if peak.exists() else usage.ru_maxrss
    if not keep_cache:
        shutil.rmtree(cache, ignore_errors=True)
    warnings = [line for line in log.splitlines() if line.startswith("WARNING")]
    if proc.returncode or warnings:
        sys.exit(f"échec de `{' '.join(cmd)}` (code {proc.returncode}) :\n{log[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime, rss


HOOKS = ("on_config", "on_files", "on_page_content", "on_post_build")


def hooks_main(config: str) -> int:
    """(In a child process) one build with the plugin's hooks timed in CPU seconds; prints JSON."""
    from lois.adapters import mkdocs_plugin as mp

    acc = dict.fromkeys(HOOKS, 0.0)
    for name in HOOKS:
        fn = getattr(mp.LoisPlugin, name, None)
        if fn is None:
            continue

        def timed(self, *a, _fn=fn, _name=name, **k):
            t = time.process_time()
            try:
                return _fn(self, *a, **k)
            finally:
                acc[_name] += time.process_time() - t
        setattr(mp.LoisPlugin, name, timed)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    work = Path(os.environ["LOIS_CACHE"]).parent  # the benchmark's working folder
    cfg = load_config(config, site_dir=tempfile.mkdtemp(prefix="site-crochets-", dir=work))
    t = time.process_time()
    build(cfg)
    acc["build"] = time.process_time() - t
    shutil.rmtree(cfg.site_dir, ignore_errors=True)
    print(json.dumps(acc))
    return 0


def hook_times(config: Path, work: Path, cache: Path | None = None) -> dict:
    """CPU seconds of each hook of the plugin, and of the whole build, in one instrumented build (a first
    build, or one with the given cache)."""
    keep_cache = cache is not None
    cache = cache or Path(tempfile.mkdtemp(prefix="cache-", dir=work))
    r = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--crochets", str(config)], cwd=ROOT,
                       env=env_for(cache), capture_output=True, text=True, timeout=900)
    if not keep_cache:
        shutil.rmtree(cache, ignore_errors=True)
    if r.returncode:
        sys.exit(f"construction instrumentée : échec\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def project_config() -> dict:
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def write_config(path: Path, corpus: Path | None, docs: Path, baseline: dict | None = None) -> Path:
    cfg = project_config()
    cfg["docs_dir"] = str(docs)
    cfg["theme"] = dict(cfg["theme"], custom_dir=str(docs / "overrides"))
    if baseline is None:
        cfg["plugins"] = [{"lois": {"corpus": str(corpus)}}]
    else:
        cfg["plugins"] = []
        cfg.update(baseline)
    path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


_DROPPED = re.compile(r"<(script|style|svg|template)\b.*?</\1\s*>", re.S | re.I)
_HEADING = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1\s*>", re.S | re.I)
_BLOCK = re.compile(r"</?(?:p|div|li|ul|ol|dl|dd|dt|tr|td|th|table|section|article|details|summary|br|blockquote|"
                    r"figure|figcaption|header|footer|nav|aside|form|fieldset|label)\b[^>]*>", re.I)
_TAG = re.compile(r"<[^>]+>")
_MD_SIGN = re.compile(r"([\\`*_\[\]<>#|!{}])")


def page_words(html: str) -> str:
    """The words a page shows (its HTML without scripts, styles and drawings), as plain Markdown: one paragraph per
    block, headings kept as headings, Markdown's signs escaped."""
    html = _DROPPED.sub(" ", html)
    html = _HEADING.sub(lambda m: f"\n\n\0{m.group(1)}\0{m.group(2)}\n\n", html)
    text = htmllib.unescape(_TAG.sub(" ", _BLOCK.sub("\n\n", html)))
    out = []
    for block in text.split("\n\n"):
        level, heading = (int(block.split("\0")[1]), block.split("\0", 2)[2]) if "\0" in block else (0, block)
        words = " ".join(_MD_SIGN.sub(r"\\\1", heading).split())
        if words:
            out.append(("#" * level + " " if level else "") + re.sub(r"^(\d+)\.", r"\1\\.", words.lstrip("-+ ")))
    return "\n\n".join(out) + "\n"


def prepare_baseline(full_config: Path, work: Path) -> Path:
    """Docs folder with the plugin's output pre-generated, and a mkdocs.yml without the plugin (returned); also
    the same words as plain Markdown (:func:`prepare_words`)."""
    from mkdocs.config import load_config

    os.environ["LOIS_CACHE"] = str(work / "cache-baseline")
    cfg = load_config(str(full_config))
    cfg = cfg.plugins.on_config(cfg)
    plugin = cfg.plugins["lois"]
    docs = work / "docs-sans-plugin"
    if docs.exists():
        shutil.rmtree(docs)
    shutil.copytree(Path(cfg.docs_dir), docs)
    for path, gen in plugin.site.files.items():
        dest = docs / path
        dest.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(gen.content, bytes):
            dest.write_bytes(gen.content)
        else:
            dest.write_text(gen.content, encoding="utf-8")
    shutil.rmtree(work / "cache-baseline", ignore_errors=True)
    # pages the plugin leaves out of the menu, by folder (a pattern per page would make MkDocs match every file
    # of the site against hundreds of patterns, a cost the full build does not have)
    hidden = getattr(plugin.site, "not_in_nav", ())
    patterns = sorted({f"/{posixpath.dirname(p)}/*.md" if "/" in p else f"/{p}" for p in hidden})
    not_in_nav = project_config().get("not_in_nav", "") + "".join(f"{pat}\n" for pat in patterns)
    baseline = {
        "not_in_nav": not_in_nav,
        "nav": cfg.nav,
        "extra_css": [str(x) for x in cfg.extra_css],
        "extra_javascript": [str(getattr(x, "path", x)) for x in cfg.extra_javascript],
    }
    write_config(work / "mkdocs-sans-plugin-gabarits.yml", None, docs,
                 dict(baseline, hooks=[str(BENCH / "theme_templates_hook.py")]))
    prepare_words(plugin.site, Path(cfg.docs_dir), work, {"not_in_nav": not_in_nav, "nav": cfg.nav})
    return write_config(work / "mkdocs-sans-plugin.yml", None, docs, baseline)


WORDS_CONFIG = "mkdocs-mots.yml"  # written by prepare_words in the work folder


def prepare_words(site, hand_docs: Path, work: Path, baseline: dict) -> int:
    """The peer of issue 37's « plain Material on the same words »: every page of the site (same paths, same menu)
    holding only the words it shows, as plain Markdown (:func:`page_words`), none of the plugin's data files, built by
    Material as it comes (its search plugin on, as without a ``plugins`` key). Writes the docs folder and
    :data:`WORDS_CONFIG`; returns the number of words of the generated pages."""
    docs = work / "docs-mots"
    if docs.exists():
        shutil.rmtree(docs)
    shutil.copytree(hand_docs, docs)
    words = 0
    for path, gen in site.files.items():
        if gen.page is None:
            continue
        text = page_words(gen.page.body)
        words += len(text.split())
        dest = docs / path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(text, encoding="utf-8")
    quiet = {k: "info" for k in ("not_found", "anchors", "absolute_links", "unrecognized_links")}
    write_config(work / WORDS_CONFIG, None, docs,
                 dict(baseline, plugins=["search"], extra_css=[], extra_javascript=[],
                      validation={"links": quiet, "nav": {"omitted_files": "info", "not_found": "info"}}))
    (work / "mots.txt").write_text(str(words), encoding="ascii")
    return words


def count_pages(site: Path) -> tuple[int, int, int]:
    """(rendered pages, all files, bytes) of a built site; a rendered page is one with the theme's search box."""
    pages = files = size = 0
    for f in site.rglob("*"):
        if f.is_file():
            files += 1
            size += f.stat().st_size
            if f.name == "index.html" and f.stat().st_size > 4000:
                pages += 1
    return pages, files, size


def measure_builds(label: str, factor: int, corpus: Path | None, runs: int, work: Path) -> dict:
    work.mkdir(parents=True, exist_ok=True)
    if corpus is None:
        full_cfg = ROOT / "mkdocs.yml"
        stats = corpus_stats(ROOT / "corpus", 1)
    else:
        full_cfg = write_config(work / "mkdocs.yml", corpus, ROOT / "site_src")
        stats = corpus_stats(corpus, factor)
    base_cfg = prepare_baseline(full_cfg, work)
    kept_cfg = work / "mkdocs-sans-plugin-gabarits.yml"
    full, base, cpu_full, cpu_base, rss_full, rss_base, kept, cpu_kept = [], [], [], [], [], [], [], []
    timed_build(full_cfg, work / "site", work)  # not counted: Python compiles and keeps the modules both use
    timed_build(base_cfg, work / "site-sans-plugin", work)
    timed_build(kept_cfg, work / "site-sans-plugin", work)  # not counted: the theme's templates compiled, kept
    for i in range(runs):
        for which in ("full", "base", "kept") if i % 2 == 0 else ("kept", "base", "full"):  # alternate: no drift
            if which == "kept":
                w, c, _r = timed_build(kept_cfg, work / "site-sans-plugin", work)
                kept.append(w)
                cpu_kept.append(c)
                continue
            if which == "full":
                w, c, r = timed_build(full_cfg, work / "site", work)
                full.append(w)
                cpu_full.append(c)
                rss_full.append(r)
            else:
                w, c, r = timed_build(base_cfg, work / "site-sans-plugin", work)
                base.append(w)
                cpu_base.append(c)
                rss_base.append(r)
        print(f"  {label} : essai {i + 1}/{runs} : complet {full[-1]:.2f} s, sans le plugin {base[-1]:.2f} s, "
              f"sans le plugin, gabarits compilés gardés {kept[-1]:.2f} s", file=sys.stderr)
    # the same build again with the cache a previous build of the same corpus left (lois.render.buildcache):
    # `mkdocs serve` after an edit of a hand-written page, a CI that keeps build/cache
    warm_cache = work / "cache-chaud"
    shutil.rmtree(warm_cache, ignore_errors=True)
    timed_build(full_cfg, work / "site", work, warm_cache)  # fills the cache; not counted
    warm, cpu_warm, rss_warm = [], [], []
    for i in range(runs):
        w, c, r = timed_build(full_cfg, work / "site", work, warm_cache)
        warm.append(w)
        cpu_warm.append(c)
        rss_warm.append(r)
        print(f"  {label} : essai {i + 1}/{runs} avec le cache : complet {w:.2f} s", file=sys.stderr)
    hooks = hook_times(full_cfg, work)
    hooks_warm = hook_times(full_cfg, work, warm_cache)
    shutil.rmtree(warm_cache, ignore_errors=True)
    pages, files, size = count_pages(work / "site")
    pages_b, _files_b, _ = count_pages(work / "site-sans-plugin")
    return {"label": label, "factor": factor, "stats": stats, "full": statistics.median(full),
            "base": statistics.median(base), "full_all": full, "base_all": base,
            "kept": statistics.median(kept), "kept_all": kept, "cpu_kept": statistics.median(cpu_kept),
            "cpu": statistics.median(cpu_full), "cpu_base": statistics.median(cpu_base),
            "rss": max(rss_full), "rss_base": max(rss_base), "pages": pages, "pages_base": pages_b,
            "files": files, "bytes": size, "site": work / "site", "hooks": hooks,
            "warm": statistics.median(warm), "warm_all": warm, "cpu_warm": statistics.median(cpu_warm),
            "rss_warm": max(rss_warm), "hooks_warm": hooks_warm}


# ------------------------------------------------------------------------------------------- server
class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; gzip for text when the browser accepts it and the server was asked to."""

    use_gzip = True
    cache: dict = {}

    def log_message(self, *a):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlparse(self.path).path.endswith("/"):
                return super().send_head()  # redirect to the folder
            path = path / "index.html"
        ctype = mimetypes.guess_type(str(path))[0] or "application/octet-stream"
        textual = ctype.startswith("text/") or ctype in ("application/javascript", "application/json",
                                                         "image/svg+xml")
        if not (self.use_gzip and textual and path.is_file()
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        key = str(path)
        if key not in self.cache:
            self.cache[key] = gzip.compress(path.read_bytes(), 6)
        body = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", ctype + ("; charset=utf-8" if ctype.startswith("text/") else ""))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # a browser that closes early is no error


def serve(directory: Path, use_gzip: bool):
    handler = type("H", (Handler,), {"use_gzip": use_gzip, "cache": {}})
    srv = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/"


def launch(pw):
    return pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", *NO_NETWORK])


# ------------------------------------------------------------------------------------------- page weight
def page_weight(browser, base: str, site: Path, path: str) -> dict:
    """Cold load of one page: requests, bytes raw and gzipped (from the files), bytes the browser received."""
    ctx = browser.new_context()
    page = ctx.new_page()
    done: list = []
    page.on("requestfinished", lambda r: done.append(r))
    foreign: list[str] = []
    ctx.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
              or route.request.url.startswith(("data:", "blob:")) else (foreign.append(route.request.url),
                                                                       route.abort()))
    page.goto(base + path, wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    raw = gz = received = 0
    for r in done:
        u = urlparse(r.url)
        if not r.url.startswith(base):
            continue
        f = site / unquote(u.path).lstrip("/")
        if f.is_dir():
            f = f / "index.html"
        if f.is_file():
            data = f.read_bytes()
            raw += len(data)
            gz += len(gzip.compress(data, 6))
        try:
            received += r.sizes()["responseBodySize"]
        except Exception:
            pass
    ctx.close()
    return {"path": path, "requests": len(done), "raw": raw, "gzip": gz, "received": received,
            "foreign": foreign}


# ------------------------------------------------------------------------------------------- lighthouse
def lighthouse(url: str, out: Path) -> dict | None:
    if not LIGHTHOUSE.exists():
        return None
    flags = " ".join(["--headless=new", "--no-sandbox", "--disable-gpu", *NO_NETWORK])
    cmd = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
           "--only-categories=performance,accessibility", f"--chrome-flags={flags}"]
    r = subprocess.run(cmd, env=dict(os.environ, CHROME_PATH=CHROMIUM), capture_output=True, text=True,
                       timeout=300)
    if r.returncode or not out.exists():
        print(f"lighthouse : échec sur {url}\n{r.stderr[-2000:]}", file=sys.stderr)
        return None
    d = json.loads(out.read_text(encoding="utf-8"))
    res = {"form": d["configSettings"]["formFactor"], "throttling": d["configSettings"]["throttlingMethod"],
           "version": d.get("lighthouseVersion", "?"), "failed": []}
    for cat in ("performance", "accessibility"):
        res[cat] = round(100 * (d["categories"][cat]["score"] or 0))
        for ref in d["categories"][cat]["auditRefs"]:
            a = d["audits"][ref["id"]]
            if ref.get("weight") and a.get("score") is not None and a["score"] < 0.9:
                res["failed"].append(f"{ref['id']} ({a.get('displayValue') or a['score']})")
    for k in ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
              "cumulative-layout-shift", "speed-index"):
        res[k] = d["audits"][k].get("displayValue", "")
    return res


# ------------------------------------------------------------------------------------------- search
def search_figures(pw_browser, url: str, synth_corpus: Path | None, factor: int,
                   site: Path | None = None) -> tuple[list[dict], dict]:
    """Search rows (seed, and ×factor: its search data put into a copy of the built ``site``) and relevance."""
    import bench_search as bs
    from lois.core.corpus import load_corpus
    from lois.features.search.evaluate import load_set, score
    from lois.features.search.index import build_docs

    cases = load_set()
    queries = [c["q"] for c in cases]
    rows = [bs.measure(build_docs(load_corpus(ROOT / "corpus")), queries, "graine")]
    rows[0]["browser_ms"] = bs.browser_times(pw_browser, url, queries)
    if synth_corpus is not None and site is not None:
        big = bs.measure(build_docs(load_corpus(synth_corpus)), queries, f"synthétique ×{factor}")
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "site"
            shutil.copytree(site, copy)
            bs.put_data(copy, big["files"])
            srv, big_url = serve(copy, True)
            big["browser_ms"] = bs.browser_times(pw_browser, big_url, queries)
            srv.shutdown()
        rows.append(big)
    return rows, score(cases, bs.site_ranking(pw_browser, url, queries))


# ------------------------------------------------------------------------------------------- report
def fmt_s(x: float) -> str:
    return f"{x:.2f}"


def ok(flag: bool) -> str:
    return "oui" if flag else "**non**"


def report(builds: list[dict], weights: list[dict], lh: dict, search: tuple | None, args, gz: bool) -> None:
    cmd = "python bench/bench_build.py " + " ".join(sys.argv[1:])
    print(f"\n## Mesures — `{cmd.strip()}`\n")
    print(f"Machine : {os.cpu_count()} cœurs, Python {sys.version.split()[0]}, "
          f"{time.strftime('%Y-%m-%d %H:%M')}, charge moyenne au départ {os.getloadavg()[0]:.1f}. Médiane de "
          f"{args.runs} constructions (graine) / {args.runs_synth} (synthétiques), complètes et sans le plugin en "
          f"alternance, puis autant avec le cache ; « meilleurs essais » : les minimums, "
          f"moins sensibles aux autres processus de la machine. Corpus, dossiers de travail et sites construits "
          + ("en mémoire (tmpfs /dev/shm) : sur cette machine, créer des milliers de fichiers sur le disque coûte "
             "un temps système qui varie du simple au triple d'une construction à l'autre et noierait la mesure "
             "(--disque pour mesurer sur le disque)" if getattr(args, "in_memory", False) else "sur le disque")
          + ".\n")
    print("### Construction\n")
    print("« Première » : cache vide (LOIS_CACHE neuf), tout est généré. « Avec cache » : la même construction "
          "refaite avec le cache qu'a laissé une construction du même corpus (lois.render.buildcache : pages générées, "
          "index de recherche) — le cas de `mkdocs serve` après la modification "
          "d'une page écrite à la main, ou d'une CI qui garde build/cache ; le corpus y est toujours relu et "
          "vérifié. « Sans le plugin » : les mêmes pages, pré-générées, sans le plugin (la référence : Material tel "
          "quel, qui compile les gabarits de son thème à chaque construction). « Gabarits gardés » : la même "
          "référence, à laquelle un crochet MkDocs (bench/theme_templates_hook.py) donne ce que le plugin donne au "
          "thème, ses gabarits compilés gardés d'une construction à l'autre ; contre elle, la part du plugin ne "
          "compte que son propre travail.\n")
    print("| corpus | lois | provisions | citations | mots | pages | fichiers | site (Mo) | sans le plugin (s) "
          "| première (s) | part du plugin | (meilleurs essais) | gabarits gardés (s) | part contre eux "
          "| avec cache (s) | part du plugin, avec cache "
          "| part CPU : première / avec cache | s par unité | mémoire max (Mo) : première / avec cache / sans |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for b in builds:
        s = b["stats"]
        share = (b["full"] - b["base"]) / b["base"]
        mshare = (min(b["full_all"]) - min(b["base_all"])) / min(b["base_all"])
        kshare = (b["full"] - b["kept"]) / b["kept"]
        wshare = (b["warm"] - b["base"]) / b["base"]
        cshare = (b["cpu"] - b["cpu_base"]) / b["cpu_base"]
        cwshare = (b["cpu_warm"] - b["cpu_base"]) / b["cpu_base"]
        print(f"| {b['label']} | {s.laws} | {s.provisions} | {s.citations} | {s.words} | {b['pages']} "
              f"| {b['files']} | {b['bytes'] / 1e6:.1f} | {fmt_s(b['base'])} | {fmt_s(b['full'])} | {share:+.0%} "
              f"| {mshare:+.0%} | {fmt_s(b['kept'])} | {kshare:+.0%} | {fmt_s(b['warm'])} | {wshare:+.0%} "
              f"| {cshare:+.0%} / {cwshare:+.0%} "
              f"| {b['full'] / b['factor']:.2f} "
              f"| {b['rss'] / 1024:.0f} / {b['rss_warm'] / 1024:.0f} / {b['rss_base'] / 1024:.0f} |")
    print("\nTous les essais (s) : " + " ; ".join(
        f"{b['label']} première {', '.join(fmt_s(x) for x in b['full_all'])} / avec cache "
        f"{', '.join(fmt_s(x) for x in b['warm_all'])} / sans le plugin "
        f"{', '.join(fmt_s(x) for x in b['base_all'])} / gabarits gardés "
        f"{', '.join(fmt_s(x) for x in b['kept_all'])}" for b in builds))
    print("\nOù va le temps du plugin (CPU, une construction instrumentée dans le même processus : chaque "
          "crochet du plugin chronométré ; « reste » = la construction MkDocs hors plugin, sans le démarrage de "
          "Python) :\n")
    print("| corpus | construction | on_config | on_files | on_page_content | on_post_build | plugin | reste "
          "| plugin / reste |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for b in builds:
        for kind, h in (("première", b["hooks"]), ("avec cache", b["hooks_warm"])):
            plugin = sum(h[k] for k in HOOKS)
            rest = h["build"] - plugin
            print(f"| {b['label']} | {kind} | " + " | ".join(f"{h[k]:.2f}" for k in HOOKS)
                  + f" | {plugin:.2f} | {rest:.2f} | {plugin / rest:.0%} |")
    print("\nObjectifs :")
    for b in builds:
        share = (b["full"] - b["base"]) / b["base"]
        wshare = (b["warm"] - b["base"]) / b["base"]
        print(f"- part du plugin ≤ {TARGET_SHARE:.0%} ({b['label']}) : première construction {share:+.0%} → "
              f"{ok(share <= TARGET_SHARE)} ; avec cache {wshare:+.0%} → {ok(wshare <= TARGET_SHARE)}")
        cshare = (b["cpu"] - b["cpu_base"]) / b["cpu_base"]
        print(f"  (en temps CPU, moins sensible à la charge de la machine : {cshare:+.0%} → "
              f"{ok(cshare <= TARGET_SHARE)})")
        kshare = (b["full"] - b["kept"]) / b["kept"]
        kcshare = (b["cpu"] - b["cpu_kept"]) / b["cpu_kept"]
        print(f"  (contre la référence aux gabarits gardés, le seul travail du plugin : {kshare:+.0%} → "
              f"{ok(kshare <= TARGET_SHARE)} ; en CPU {kcshare:+.0%})")
    by_f = {b["factor"]: b for b in builds}
    for f, limit in TARGET_FILES.items():
        if f in by_f:
            print(f"- fichiers du site ×{f} ≤ {limit} : {by_f[f]['files']} → {ok(by_f[f]['files'] <= limit)}")
    if 100 in by_f:
        t = by_f[100]["full"]
        print(f"- ×100 ≤ {TARGET_X100_S:.0f} s : {t:.1f} s (meilleur essai {min(by_f[100]['full_all']):.1f} s, "
              f"CPU {by_f[100]['cpu']:.1f} s) → {ok(t <= TARGET_X100_S)}")
        mb = by_f[100]["rss"] / 1024
        print(f"- mémoire max ×100 ≤ {TARGET_RSS_MB} Mo : {mb:.0f} Mo → {ok(mb <= TARGET_RSS_MB)}")
    if len(fs := sorted(by_f)) >= 2:
        per = {f: by_f[f]["cpu"] / f for f in fs}
        print("- secondes CPU par unité de corpus : " + ", ".join(f"×{f} {per[f]:.3f} s" for f in fs)
              + " (plate si la construction est linéaire ; au-dessus de ×1, le coût fixe de Python et de MkDocs "
              "s'amortit)")
    fs = sorted(by_f)
    if len(fs) >= 3:
        marg = [(by_f[b]["full"] - by_f[a]["full"]) / (b - a) for a, b in zip(fs, fs[1:], strict=False)]
        ratio = marg[-1] / marg[0] if marg[0] > 0 else float("inf")
        print("- linéarité : secondes par unité de corpus ajoutée "
              + ", ".join(f"×{a}→×{b} {m:.3f} s" for (a, b), m in zip(zip(fs, fs[1:], strict=False), marg, strict=True))
              + f" (rapport {ratio:.2f} ; 1 = linéaire) → {ok(0.67 <= ratio <= 1.5)}")
    elif len(fs) == 2:
        a, b = fs
        ratio = (by_f[b]["full"] / by_f[a]["full"]) / (b / a)
        print(f"- linéarité : temps ×{b} / temps ×{a} = {by_f[b]['full'] / by_f[a]['full']:.2f} pour un corpus "
              f"{b / a:.0f} fois plus grand (rapport {ratio:.2f})")
    if weights:
        print("\n### Poids d'une page au premier chargement (cache vide)\n")
        print("| page | requêtes | octets (serveur sans compression) | octets gzip -6 | reçus par le navigateur |")
        print("|---|---:|---:|---:|---:|")
        for w in weights:
            print(f"| /{w['path']} | {w['requests']} | {w['raw']:,} | {w['gzip']:,} | {w['received']:,} |"
                  .replace(",", "\u202f"))
        print(f"\n(« reçus » : corps des réponses tels que transférés, le serveur du banc "
              f"{'compressant en gzip' if gz else 'ne compressant pas'}.) "
              + ("Requêtes vers un autre hôte : aucune." if not any(w["foreign"] for w in weights)
                 else f"**Requêtes vers un autre hôte** : {[w['foreign'] for w in weights]}"))
    if search:
        rows, rel = search
        print("\n### Recherche (bench/bench_search.py, re-mesuré)\n")
        print("| corpus | documents | index (s) | CLI p50 (ms) | CLI p95 (ms) | données de recherche, tous les "
              "morceaux, brut (Ko) | gzip (Ko) | navigateur par requête (ms) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            print(f"| {r['label']} | {r['docs']} | {r['build_s']:.2f} | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} "
                  f"| {r['raw'] / 1024:.0f} | {r['gzip'] / 1024:.0f} | {r['browser_ms']:.2f} |")
        print(f"\nPertinence (tests/search_relevance.yaml, dans le navigateur) : hit@1 {rel['hit1']:.1%}, "
              f"hit@3 {rel['hit3']:.1%}, MRR {rel['mrr']:.3f}. Ce qu'une requête télécharge : "
              "python bench/bench_search_size.py.")
    if lh:
        first = next(iter(lh.values()))
        print(f"\n### Lighthouse {first['version']} ({first['form']}, throttling {first['throttling']}, "
              f"chromium headless, site servi {'avec' if gz else 'sans'} gzip)\n")
        print("| page | performance | accessibilité | FCP | LCP | TBT | CLS | audits sous 0,9 |")
        print("|---|---:|---:|---:|---:|---:|---:|---|")
        for path, r in lh.items():
            print(f"| /{path} | {r['performance']} | {r['accessibility']} | {r['first-contentful-paint']} "
                  f"| {r['largest-contentful-paint']} | {r['total-blocking-time']} | {r['cumulative-layout-shift']} "
                  f"| {', '.join(r['failed']) or '—'} |")
        print("\nObjectifs : " + "; ".join(
            f"/{p} {ok(r['performance'] >= TARGET_LH and r['accessibility'] >= TARGET_LH)}" for p, r in lh.items())
            + f" (≥ {TARGET_LH} chacun)")
    elif not args.no_lighthouse:
        print("\nLighthouse non mesuré : lancez `npm install --prefix bench` (bench/package.json).")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="20,100", help="facteurs des corpus synthétiques, ex. 20,100 ; vide : aucun")
    ap.add_argument("--runs", type=int, default=5, help="constructions par mesure sur la graine")
    ap.add_argument("--runs-synth", type=int, default=3, help="constructions par mesure sur les corpus synthétiques")
    ap.add_argument("--no-lighthouse", action="store_true")
    ap.add_argument("--no-search", action="store_true")
    ap.add_argument("--no-weight", action="store_true")
    ap.add_argument("--no-gzip", action="store_true", help="servir le site sans compression")
    ap.add_argument("--keep", type=Path, help="garder les fichiers de travail dans ce dossier")
    ap.add_argument("--disque", action="store_true",
                    help="travailler sur le disque (dossier temporaire) plutôt qu'en mémoire (/dev/shm)")
    ap.add_argument("--crochets", help=argparse.SUPPRESS)  # internal: one instrumented build of this config
    args = ap.parse_args()
    if args.crochets:
        return hooks_main(args.crochets)
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    shm = Path("/dev/shm")
    in_memory = not args.disque and args.keep is None and shm.is_dir() and os.access(shm, os.W_OK)
    work = Path(args.keep or tempfile.mkdtemp(prefix="bench-build-", dir=shm if in_memory else None))
    args.in_memory = in_memory
    work.mkdir(parents=True, exist_ok=True)
    try:
        builds = [measure_builds("graine ×1", 1, None, args.runs, work / "x1")]
        corpora: dict[int, Path] = {}
        for f in sizes:
            corpora[f] = work / f"corpus-x{f}"
            make_corpus(f, corpora[f])
            builds.append(measure_builds(f"synthétique ×{f}", f, corpora[f], args.runs_synth, work / f"x{f}"))
        weights, lh, search = [], {}, None
        site = builds[0]["site"]
        checklist = sorted(p.parent.relative_to(site).as_posix() for p in (site / "checklists").glob("*/index.html"))
        pages = ["lois/50/", "recherche/"] + ([checklist[0] + "/"] if checklist else [])
        need_browser = not (args.no_weight and args.no_search)
        if need_browser:
            from playwright.sync_api import sync_playwright

            srv, url = serve(site, not args.no_gzip)
            with sync_playwright() as pw:
                b = launch(pw)
                if not args.no_weight:
                    weights = [page_weight(b, url, site, p) for p in ["lois/50/", *pages[2:]]]
                if not args.no_search:
                    f = 20 if 20 in corpora else None
                    if f is None:
                        corpora[20] = work / "corpus-x20"
                        make_corpus(20, corpora[20])
                    search = search_figures(b, url, corpora[20], 20, site)
                b.close()
            srv.shutdown()
        if not args.no_lighthouse and LIGHTHOUSE.exists():
            srv, url = serve(site, not args.no_gzip)
            for p in pages:
                print(f"  lighthouse /{p}", file=sys.stderr)
                r = lighthouse(url + p, work / f"lighthouse-{p.strip('/').replace('/', '-')}.json")
                if r:
                    lh[p] = r
            srv.shutdown()
        report(builds, weights, lh, search, args, not args.no_gzip)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
