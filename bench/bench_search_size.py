"""What the site's search downloads, on a phone: first visit, first query, second query; ours beside Pagefind's.

    python bench/bench_search_size.py                       # seed, ×9 and ×100 (builds three sites)
    python bench/bench_search_size.py --tailles 1,9 --requetes "renonce;12C1"
    python bench/bench_search_size.py --sans-pagefind
    python bench/bench_search_size.py --tailles 9,100 --tours 3 --situations --garder /tmp/banc  # alternated runs;
                                       # every table situation of tests/search_situations.yaml; sites kept and reused

For each size (seed, and the synthetic corpora of bench/synth.py, the generator of bench_build.py and
bench_search.py), the site is built with `mkdocs build --strict`, served on 127.0.0.1 only with gzip as an ordinary
web server does (bench_build.py's server), and opened in Chromium (Playwright) with a phone's profile through CDP:
390×844 screen, CPU slowed down 4× (Emulation.setCPUThrottlingRate), network 1.6 Mbit/s down, 750 kbit/s up,
150 ms latency (Network.emulateNetworkConditions).

Every request is counted by the server: bytes sent (headers and body, gzip), and the raw size of the same files.

* first visit: a law page opened in a new browser profile, its service worker installed (navigator.serviceWorker
  .ready) and the network quiet: every byte, and those of the search data (assets/lois/recherche/);
* first query: in a new profile (service worker blocked, so that the throttled network carries every request),
  on a law page, the query given to the header box at once (as pasted, or as sent by a link): time until the first
  result is shown (in the page: performance.now() from the input event to the first result in the list), and
  every byte the query made the page fetch, until the network is quiet;
* second query: the next query of the list, in the same page.

Pagefind (npm package `pagefind`, installed by `npm install --prefix bench`) indexes the same built site; a test page
served from the site loads its JS API (`import("/pagefind/pagefind.js")`, as its default UI does at the first
search), searches, and loads the data of the first 8 results (our header box shows 8): same profile, same
queries, same counting. Its first query counts pagefind.js, its WebAssembly and its index files; ours counts
assets/lois/recherche/ and the search's script (search.<hash>.js, which the header's box fetches when a reader is
about to search: lois search-box.js).
"""
from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import bench_build as bb  # noqa: E402  (server, configuration, environment of a build)
from synth import make_corpus  # noqa: E402

ROOT = bb.ROOT
PAGEFIND = BENCH / "node_modules" / ".bin" / "pagefind"
QUERIES = ["renonce", "carte pénalisée défense", "hésitation partenaire", "12C1"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 3}
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
QUIET_S = 0.6  # the network is quiet when no request came for this long
DATA = "/assets/lois/recherche/"
TEST_PAGE = "pagefind-banc.html"
DETAIL = False  # --detail: every request of a first query


# ------------------------------------------------------------------------------------------- counting server
class _Counter:
    """The socket writer of one connection, counting what it sends."""

    def __init__(self, inner):
        self.inner, self.n = inner, 0

    def write(self, b):
        self.n += len(b)
        return self.inner.write(b)

    def flush(self):
        return self.inner.flush()

    def __getattr__(self, name):
        return getattr(self.inner, name)


class CountingHandler(bb.Handler):
    """bench_build's static server (gzip for text), noting (path, bytes sent, time) of every answer."""

    log: list = []
    lock = threading.Lock()

    def setup(self):
        super().setup()
        self.wfile = _Counter(self.wfile)

    def handle_one_request(self):
        self.wfile.n = 0
        super().handle_one_request()
        if self.wfile.n and getattr(self, "path", None):
            with self.lock:
                self.log.append((unquote(urlparse(self.path).path), self.wfile.n, time.monotonic()))


def serve(site: Path):
    handler = type("H", (CountingHandler,), {"use_gzip": True, "cache": {}, "log": []})
    srv = bb.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, handler, f"http://127.0.0.1:{srv.server_address[1]}/"


def quiet(handler, since: float, timeout: float = 60.0) -> list:
    """The requests answered since ``since``, once none has come for QUIET_S seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        time.sleep(0.1)
        with handler.lock:
            last = max((t for _, _, t in handler.log), default=0.0)
        if time.monotonic() - max(last, since) >= QUIET_S:
            break
    with handler.lock:
        return [r for r in handler.log if r[2] >= since]


def raw_size(site: Path, path: str) -> int:
    f = site / path.lstrip("/")
    if f.is_dir():
        f = f / "index.html"
    return f.stat().st_size if f.is_file() else 0


# ------------------------------------------------------------------------------------------- builds
def build(factor: int, work: Path) -> Path:
    """The site of the seed (1) or of the synthetic corpus ×factor, built with `mkdocs build --strict`."""
    corpus = ROOT / "corpus"
    if factor > 1:
        corpus = work / f"corpus-x{factor}"
        make_corpus(factor, corpus)
    config = bb.write_config(work / f"mkdocs-x{factor}.yml", corpus, ROOT / "site_src")
    site = work / f"site-x{factor}"
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site), "-f", str(config)]
    r = subprocess.run(cmd, cwd=ROOT, env=bb.env_for(work / f"cache-x{factor}"), capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"échec de la construction ×{factor} :\n{r.stderr[-3000:]}")
    return site


def pagefind_index(site: Path) -> str | None:
    """Pagefind's index of the built site, and its test page; None when Pagefind cannot run (said why)."""
    if not PAGEFIND.exists():
        return "Pagefind absent (npm install --prefix bench)"
    r = subprocess.run([str(PAGEFIND), "--site", str(site)], capture_output=True, text=True)
    if r.returncode:
        return "Pagefind a échoué : " + (r.stderr or r.stdout).strip()[-300:]
    (site / TEST_PAGE).write_text("""<!doctype html><meta charset="utf-8"><title>banc Pagefind</title>
<script>
window.pagefindQuery = async (q) => {
  const t0 = performance.now();
  const pf = await import("./pagefind/pagefind.js");
  const found = await pf.search(q);
  const first = found.results.length ? await found.results[0].data() : null;
  const shown = performance.now() - t0;
  await Promise.all(found.results.slice(1, 8).map(r => r.data()));
  return {ms: shown, n: found.results.length, first: first && first.url};
};
</script>""", encoding="utf-8")
    return None


# ------------------------------------------------------------------------------------------- browser
def phone(browser, block_sw: bool):
    ctx = browser.new_context(**PHONE, service_workers="block" if block_sw else "allow")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return ctx, page


OURS = """async q => {
  const box = document.querySelector('.lois-search-header-input');
  const list = document.getElementById('lois-search-dropdown');
  list.textContent = '';
  const t0 = performance.now();
  box.value = q;
  box.dispatchEvent(new Event('input', {bubbles: true}));
  await new Promise(done => {
    const seen = () => { if (list.querySelector('.lois-search-result, .lois-search-none')) done(); };
    new MutationObserver(seen).observe(list, {childList: true}); seen();
  });
  const a = list.querySelector('.lois-search-result a');
  return {ms: performance.now() - t0, first: a ? a.dataset.id : null};
}"""


def first_visit(browser, url: str, handler, site: Path) -> dict:
    ctx, page = phone(browser, block_sw=False)
    try:
        since = time.monotonic()
        page.goto(url + "lois/50/")
        page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : false")
        log = quiet(handler, since)
    finally:
        ctx.close()
    return {"gz": sum(n for _, n, _ in log), "raw": sum(raw_size(site, p) for p, _, _ in log),
            "search_gz": sum(n for p, n, _ in log if p.startswith(DATA)),
            "search_files": sum(p.startswith(DATA) for p, _, _ in log)}


def queries(browser, url: str, handler, site: Path, first: str, second: str, pagefind: bool) -> dict:
    """Bytes and time of a first query, then of a second one, in a new profile."""
    ctx, page = phone(browser, block_sw=True)
    out = {}
    try:
        if pagefind:
            page.goto(url + TEST_PAGE)
            page.wait_for_function("window.pagefindQuery !== undefined")
        else:
            page.goto(url + "lois/50/")
            page.wait_for_selector(".lois-search-header-input")
        quiet(handler, time.monotonic())
        for rank, q in (("1", first), ("2", second)):
            since = time.monotonic()
            got = page.evaluate("q => window.pagefindQuery(q)" if pagefind else OURS, q)
            log = quiet(handler, since)
            if DETAIL and rank == "1":  # each request: when it was answered (ms after the query), bytes
                print("      " + " ".join(f"{p.rsplit('/', 1)[-1]}:{(t - since) * 1000:.0f}ms/{n}" for p, n, t in log))
            out[rank] = {"q": q, "ms": got["ms"], "gz": sum(n for _, n, _ in log), "files": len(log),
                         "raw": sum(raw_size(site, p) for p, _, _ in log), "first": got.get("first")}
    finally:
        ctx.close()
    return out


def ko(n: int) -> str:
    return f"{n / 1000:.1f}".replace(".", ",")


def spread(values: list[float], fmt=lambda v: f"{v:.0f}") -> str:
    """Median and range of alternated runs: « 812 (790–840) »."""
    if len(values) == 1:
        return fmt(values[0])
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}–{fmt(max(values))})"


def situation_queries() -> list[str]:
    """Every query of tests/search_situations.yaml (table situations in a director's words)."""
    import yaml

    return [c["q"] for c in yaml.safe_load((ROOT / "tests" / "search_situations.yaml").read_text(encoding="utf-8"))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tailles", default="1,9,100", help="facteurs des corpus (1 : la graine), ex. 1,9,100")
    ap.add_argument("--requetes", default=";".join(QUERIES), help="requêtes séparées par « ; »")
    ap.add_argument("--sans-pagefind", action="store_true")
    ap.add_argument("--tours", type=int, default=1,
                    help="tours alternés (nous, Pagefind, puis Pagefind, nous…) de chaque requête : médiane et écart")
    ap.add_argument("--situations", action="store_true",
                    help="aussi chaque requête de tests/search_situations.yaml (nous seuls, première requête)")
    ap.add_argument("--avant", type=Path, metavar="SITE",
                    help="un autre site construit du même corpus (ex. celui de la branche principale) : chaque "
                         "situation y est mesurée aussi, en alternance (avant, après, puis après, avant…)")
    ap.add_argument("--limite", type=int, default=0, help="seulement les N premières situations")
    ap.add_argument("--situations-a", default="", metavar="TAILLES",
                    help="les tailles où mesurer les situations (ex. 9 ; par défaut toutes)")
    ap.add_argument("--garder", type=Path, metavar="DOSSIER",
                    help="sites construits gardés dans DOSSIER et réutilisés s'ils y sont (site-xF) : à effacer "
                         "après un changement du code ou du corpus")
    ap.add_argument("--detail", action="store_true", help="chaque requête HTTP d'une première requête")
    args = ap.parse_args()
    global DETAIL
    DETAIL = args.detail
    sizes = [int(x) for x in args.tailles.split(",") if x.strip()]
    qs = [q for q in args.requetes.split(";") if q.strip()]
    from playwright.sync_api import sync_playwright

    rows, visits, notes, situ = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="banc-recherche-") as tmp, sync_playwright() as pw:
        work = args.garder or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        browser = bb.launch(pw)
        for factor in sizes:
            label = "graine" if factor == 1 else f"×{factor}"
            t0 = time.perf_counter()
            site = work / f"site-x{factor}"
            reused = args.garder is not None and (site / "index.html").exists()
            if not reused:
                site = build(factor, work)
            data = sorted(p for p in (site / DATA.strip("/")).rglob("*.json"))
            whole_gz = sum(len(bb.gzip.compress(f.read_bytes(), 6)) for f in data)
            whole_raw = sum(f.stat().st_size for f in data)
            index = next((f for f in data if f.name == "index.json"), None)
            print(f"{label} : site {'réutilisé' if reused else 'construit'} en {time.perf_counter() - t0:.0f} s, "
                  f"données de recherche {len(data)} fichiers, {ko(whole_raw)} Ko bruts, {ko(whole_gz)} Ko gzip en "
                  f"tout ; index.json {ko(index.stat().st_size) if index else '—'} Ko bruts, "
                  f"{ko(len(bb.gzip.compress(index.read_bytes(), 6))) if index else '—'} Ko gzip", flush=True)
            problem = None
            if not args.sans_pagefind:
                problem = None if (site / "pagefind").is_dir() and (site / TEST_PAGE).exists() else pagefind_index(site)
            if problem:
                notes.append(f"{label} : {problem}")
            engines = ["nous"] + ([] if args.sans_pagefind or problem else ["Pagefind"])
            srv, handler, url = serve(site)
            try:
                visits.append((label, first_visit(browser, url, handler, site)))
                for i, q in enumerate(qs):
                    second = qs[(i + 1) % len(qs)]
                    runs: dict[str, list] = {e: [] for e in engines}
                    for t in range(args.tours):
                        for engine in (engines if t % 2 == 0 else engines[::-1]):
                            runs[engine].append(queries(browser, url, handler, site, q, second, engine == "Pagefind"))
                    for engine in engines:
                        rows.append((label, engine, runs[engine]))
                if args.situations and (not args.situations_a
                                        or str(factor) in args.situations_a.split(",")):
                    other = serve(args.avant) if args.avant else None
                    try:
                        for i, q in enumerate(situation_queries()[:args.limite or None]):
                            order = [("après", handler, url, site)]
                            if other:
                                order.append(("avant", other[1], other[2], args.avant))
                            for tag, h, u, s in (order if i % 2 else order[::-1]):
                                got = queries(browser, u, h, s, q, q, False)["1"]
                                situ.append((label if tag == "après" else f"{label} avant", got))
                                print(f"  {tag:5} {got['ms']:6.0f} ms {ko(got['gz']):>6} Ko {got['files']:>3} "
                                      f"fichiers  {q}", flush=True)
                    finally:
                        if other:
                            other[0].shutdown()
            finally:
                srv.shutdown()
            if args.garder is None:
                shutil.rmtree(site, ignore_errors=True)
        browser.close()

    print(f"\nTéléphone émulé : 390×844, processeur ralenti ×{CPU_SLOWDOWN}, réseau 1,6 Mbit/s, 150 ms de latence ; "
          "site servi en gzip sur 127.0.0.1. Ko = 1000 octets transférés (en-têtes compris), « brut » = taille des "
          f"fichiers. {args.tours} tour(s) alternés par requête : médiane (min–max).\n")
    print("Première visite (page lois/50/, service worker installé) :\n")
    print("| corpus | total gzip (Ko) | total brut (Ko) | données de recherche (Ko gzip) | fichiers de recherche |")
    print("|---|---:|---:|---:|---:|")
    for label, v in visits:
        print(f"| {label} | {ko(v['gz'])} | {ko(v['raw'])} | {ko(v['search_gz'])} | {v['search_files']} |")
    print("\nRequêtes (première dans un profil neuf, puis la suivante dans la même page) :\n")
    print("| corpus | moteur | 1re requête | Ko gzip | Ko brut | requêtes | 1er résultat (ms) | 2e requête | "
          "Ko gzip | Ko brut | requêtes | 1er résultat (ms) |")
    print("|---|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    kb = lambda v: ko(v)  # noqa: E731
    for label, engine, rs in rows:
        a, b = [r["1"] for r in rs], [r["2"] for r in rs]
        print(f"| {label} | {engine} | {a[0]['q']} | {spread([x['gz'] for x in a], kb)} | "
              f"{spread([x['raw'] for x in a], kb)} | {spread([x['files'] for x in a])} | "
              f"{spread([x['ms'] for x in a])} | {b[0]['q']} | {spread([x['gz'] for x in b], kb)} | "
              f"{spread([x['raw'] for x in b], kb)} | {spread([x['files'] for x in b])} | "
              f"{spread([x['ms'] for x in b])} |")
    pairs = {}
    for label, engine, rs in rows:
        pairs.setdefault((label, rs[0]["1"]["q"]), {})[engine] = rs
    if any(len(v) == 2 for v in pairs.values()):
        print("\nPremière requête, nous et Pagefind (rapport = nous ÷ Pagefind, médianes) :\n")
        print("| corpus | requête | nous Ko gzip | Pagefind Ko gzip | rapport | nous ms | Pagefind ms | rapport |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for (label, q), v in pairs.items():
            if len(v) < 2:
                continue
            o, p = [r["1"] for r in v["nous"]], [r["1"] for r in v["Pagefind"]]
            og, pg = statistics.median(x["gz"] for x in o), statistics.median(x["gz"] for x in p)
            om, pm = statistics.median(x["ms"] for x in o), statistics.median(x["ms"] for x in p)
            print(f"| {label} | {q} | {spread([x['gz'] for x in o], kb)} | {spread([x['gz'] for x in p], kb)} | "
                  f"{og / pg:.2f} | {spread([x['ms'] for x in o])} | {spread([x['ms'] for x in p])} | {om / pm:.2f} |")
    if situ:
        print("\nSituations de tests/search_situations.yaml (nous, première requête dans un profil neuf) :\n")
        print("| corpus | requêtes | ≤ 1 s | médiane (ms) | max (ms) | Ko gzip médiane (max) | la plus lente |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for label in dict.fromkeys(lab for lab, _ in situ):
            got = [g for lab, g in situ if lab == label]
            slow = max(got, key=lambda g: g["ms"])
            print(f"| {label} | {len(got)} | {sum(g['ms'] <= 1000 for g in got)} | "
                  f"{statistics.median(g['ms'] for g in got):.0f} | {slow['ms']:.0f} | "
                  f"{ko(statistics.median(g['gz'] for g in got))} ({ko(max(g['gz'] for g in got))}) | {slow['q']} |")
    for n in notes:
        print("\n" + n)
    print("\nObjectifs : premier résultat ≤ 1 s à ×9 ; première requête ≤ 250 Ko à ×100 ; aucune donnée de recherche "
          "à la première visite.")
    print(f"(charge de la machine : {' '.join(f'{x:.1f}' for x in os.getloadavg())} sur {os.cpu_count()} cœurs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
