"""Search benchmark: index build time, CLI latency, browser index size and time per query,
at seed size and on a synthetic corpus ×20; relevance of our site search vs Material's built-in search.

    python bench/bench_search.py            # everything (builds two sites, needs chromium)
    python bench/bench_search.py --no-material
    python bench/bench_search.py --contribution [--facteur 20] [--runs 3]   # only the build's search step

--contribution times what the search adds to a first site build (features/search/site.py `contribute`, its documents
included, the notes and checklists already read by the build's check, an empty LOIS_CACHE), at seed size and ×F,
each run in a fresh process: wall and CPU time, median of --runs.

The synthetic corpus is bench/synth.py's (the generator shared with bench/bench_build.py, which also
prints these figures): the seed ×F with its laws, commentaries and citations at the seed's density.
"""
from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lois.core.corpus import load_corpus  # noqa: E402
from lois.core.ids import ProvisionId  # noqa: E402
from lois.features.search.evaluate import load_set, score  # noqa: E402
from lois.features.search.documents import SearchDoc, build_docs  # noqa: E402
from lois.features.search.query import SearchEngine  # noqa: E402
from lois.features.search.shards import FOLDER, INDEX, site_files  # noqa: E402
from lois.render.site import BUILD_FILE  # noqa: E402
from synth import make_corpus  # noqa: E402


def synthetic(factor: int, dest: Path) -> list[SearchDoc]:
    """The search documents of the synthetic corpus ×factor (written into dest)."""
    make_corpus(factor, dest)
    return build_docs(load_corpus(dest))


def measure(docs: list[SearchDoc], queries: list[str], label: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LOIS_CACHE"] = str(Path(tmp) / "cache")
        fake = Path(tmp) / "corpus"
        (fake / "lois").mkdir(parents=True)
        lexicon = ROOT / "corpus" / "lexique.yaml"  # the same lexicon at every size
        (fake / lexicon.name).write_bytes(lexicon.read_bytes())
        t0 = time.perf_counter()
        engine = SearchEngine(fake, docs=docs)
        build = time.perf_counter() - t0
        for q in queries:
            engine.search(q, 10)  # warm
        times, cpu = [], []  # wall clock, and CPU time of this thread (less sensitive to a loaded machine)
        for _ in range(5):
            for q in queries:
                t, c = time.perf_counter(), time.thread_time()
                engine.search(q, 10)
                times.append((time.perf_counter() - t) * 1000)
                cpu.append((time.thread_time() - c) * 1000)
        files = {p: t.encode() for p, t in site_files(engine).items()}
    times.sort()
    assets = b"".join((ROOT / "site_src" / "assets" / "lois" / f).read_bytes() for f in ("search.js", "search.css"))
    cpu.sort()
    whole_gz = sum(len(gzip.compress(b, 9)) for b in files.values())  # every shard (a query reads a few)
    res = {"cpu_p95_ms": cpu[int(len(cpu) * 0.95) - 1], "label": label, "docs": len(docs), "build_s": build,
           "p50_ms": statistics.median(times), "p95_ms": times[int(len(times) * 0.95) - 1],
           "raw": sum(len(b) for b in files.values()), "gzip": whole_gz,
           "assets_gzip": whole_gz + len(gzip.compress(assets, 9)), "files": files}
    return res


def contribution_once(corpus_dir: Path) -> dict:
    """Wall and CPU seconds of the search's `contribute` on a fresh SiteBuild (empty cache), in this process, once
    the corpus is loaded and its notes and checklists read (as the build's check has read them: Model.derived);
    then of its documents alone (build_docs)."""
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists
    from lois.features.search.site import contribute
    from lois.render.site import SiteBuild

    model = load_corpus(corpus_dir)
    load_annotations(model)
    load_checklists(model.root, model)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LOIS_CACHE"] = str(Path(tmp) / "cache")
        t, c = time.perf_counter(), time.process_time()
        contribute(SiteBuild(model))
        out = {"contribute": time.perf_counter() - t, "contribute_cpu": time.process_time() - c}
    t = time.perf_counter()
    out["docs"] = len(build_docs(model))
    out["build_docs"] = time.perf_counter() - t
    return out


def contribution_times(corpus_dir: Path, runs: int) -> dict:
    """Medians of `runs` fresh processes (a first build starts cold: no analysis cached in memory)."""
    import subprocess

    rows = []
    for _ in range(runs):
        r = subprocess.run([sys.executable, __file__, "--contribution-once", str(corpus_dir)], capture_output=True,
                           text=True, check=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "plugins")))
        rows.append(json.loads(r.stdout.strip().splitlines()[-1]))
    return {k: statistics.median(r[k] for r in rows) for k in rows[0]}


def print_contribution(factor: int, runs: int) -> None:
    rows = [("graine", contribution_times(ROOT / "corpus", runs))]
    with tempfile.TemporaryDirectory() as tmp:
        make_corpus(factor, Path(tmp) / "corpus")
        rows.append((f"synthétique ×{factor}", contribution_times(Path(tmp) / "corpus", runs)))
    print(f"Part de la recherche dans une première construction (contribute, cache vide), médiane de {runs} :\n")
    print("| corpus | documents | contribute (s) | dont CPU (s) | build_docs seul (s) |")
    print("|---|---:|---:|---:|---:|")
    for label, r in rows:
        print(f"| {label} | {r['docs']} | {r['contribute']:.2f} | {r['contribute_cpu']:.2f} | {r['build_docs']:.2f} |")
    print(f"\n(charge de la machine : {os.getloadavg()[0]:.1f} sur {os.cpu_count()} cœurs)")


def serve(directory: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/"


def put_data(site: Path, files: dict[str, bytes]) -> None:
    """The search data of another corpus in place of the built site's (its pages stay the seed's, and name the
    seed's build: the data goes in that build's folder, under that build)."""
    build = (site / BUILD_FILE).read_text(encoding="utf-8")
    shutil.rmtree(site / FOLDER)
    for path, data in files.items():
        name = path.rsplit("/", 1)[1]
        if name == INDEX:
            data = json.dumps({**json.loads(data), "build": build}, ensure_ascii=False,
                              separators=(",", ":")).encode()
        dest = site / FOLDER / build / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)


def browser_times(pw_browser, url: str, queries: list[str]) -> float:
    """Milliseconds per query in the browser, every shard the queries read already fetched."""
    page = pw_browser.new_page()
    page.goto(url + "recherche/")
    page.wait_for_function("window.loisSearch !== undefined")
    ms = page.evaluate("""async qs => { for (const q of qs) await window.loisSearch.search(q, 10);
        const t = performance.now();
        for (let i = 0; i < 5; i++) for (const q of qs) await window.loisSearch.search(q, 10);
        return (performance.now() - t) / (5 * qs.length); }""", queries)
    page.close()
    return ms


def site_ranking(pw_browser, url: str, queries: list[str]) -> list[list[str]]:
    page = pw_browser.new_page()
    page.goto(url + "recherche/")
    page.wait_for_function("window.loisSearch !== undefined")
    ours = page.evaluate("qs => Promise.all(qs.map(async q => (await window.loisSearch.search(q, 10)).map(r => r.id)))",
                         queries)
    page.close()
    return ours


def material_ranking(pw_browser, url: str, model, queries: list[str]) -> list[list[str]]:
    """Top results of Material's own search (lunr) mapped to provision ids (section level at best)."""
    from urllib.parse import urlparse

    anchors = {}
    for pid, p in model.provisions.items():
        anchors[(p.law, p.anchor.lower())] = str(pid)
    for c in model.commentaries.values():
        anchors[("c", c.id)] = c.node_id
    page = pw_browser.new_page()
    page.goto(url)
    out = []
    # Material's worker builds its lunr index at the first query: wait until it answers (« N documents trouvés »,
    # « Aucun document trouvé »), or every query of the list would read an empty list (0 %, session 8)
    if not page.is_visible(".md-search__input"):
        page.click("label.md-search__icon, .md-header__button[for='__search']", timeout=5000)
    page.fill(".md-search__input", queries[0] if queries else "loi")
    page.wait_for_function("""() => { const m = document.querySelector('.md-search-result__meta');
        return m && /trouv/.test(m.textContent); }""", timeout=60000)
    answered = """() => { const m = document.querySelector('.md-search-result__meta');
        return m && /trouv/.test(m.textContent); }"""
    for q in queries:
        if not page.is_visible(".md-search__input"):
            page.click("label.md-search__icon, .md-header__button[for='__search']", timeout=5000)
        # emptied first (the meta then says « Saisissez… »), so that the answer read is this query's, not the last one's
        page.fill(".md-search__input", "")
        page.press(".md-search__input", "End")  # Material searches on a key, not on the input event alone
        page.wait_for_function(f"() => !({answered})()", timeout=10000)
        page.fill(".md-search__input", q)
        page.press(".md-search__input", "End")
        page.wait_for_function(answered, timeout=10000)
        hrefs = page.eval_on_selector_all(".md-search-result__item > a, .md-search-result__link",
                                          "els => els.map(e => e.href)")
        ids = []
        for h in hrefs:
            u = urlparse(h)
            parts = [x for x in u.path.split("/") if x]
            pid = None
            if len(parts) >= 2 and parts[-2] == "lois" and parts[-1].isdigit():
                law = int(parts[-1])
                pid = anchors.get((law, u.fragment.lower()), str(law))
            elif len(parts) >= 2 and parts[-2] == "commentaires":
                pid = anchors.get(("c", parts[-1]))
            if pid and pid not in ids:
                ids.append(pid)
        out.append(ids)
    page.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-material", action="store_true")
    ap.add_argument("--facteur", type=int, default=20)
    ap.add_argument("--contribution", action="store_true", help="only the search step of a site build")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--contribution-once", metavar="CORPUS", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.contribution_once:
        print(json.dumps(contribution_once(Path(args.contribution_once))))
        return 0
    if args.contribution:
        print_contribution(args.facteur, args.runs)
        return 0
    from conftest import CHROMIUM, mkdocs_build

    model = load_corpus(ROOT / "corpus")
    docs = build_docs(model)
    cases = load_set()
    queries = [c["q"] for c in cases]
    seed = measure(docs, queries, "graine")
    with tempfile.TemporaryDirectory() as tmp:
        big = measure(synthetic(args.facteur, Path(tmp) / "corpus"), queries, f"synthétique ×{args.facteur}")

    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        r = mkdocs_build(site)
        if r.returncode:
            print(r.stderr)
            return 1
        srv, url = serve(site)
        mat_rep = None
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            seed["browser_ms"] = browser_times(b, url, queries)
            ours_rep = score(cases, site_ranking(b, url, queries))
            put_data(site, big["files"])
            big["browser_ms"] = browser_times(b, url, queries)
            if not args.no_material:
                cfg = Path(tmp) / "mkdocs-material-search.yml"
                cfg.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {ROOT / 'site_src'}\n"
                               f"theme:\n  name: material\n  custom_dir: {ROOT / 'site_src' / 'overrides'}\n"
                               f"plugins:\n  - search:\n      lang: fr\n  - lois:\n      corpus: {ROOT / 'corpus'}\n",
                               encoding="utf-8")
                site2 = Path(tmp) / "site-material"
                r = mkdocs_build(site2, cfg)
                if r.returncode:
                    print("site Material : échec de construction\n" + r.stderr[-2000:])
                else:
                    srv2, url2 = serve(site2)
                    lenient = []
                    for c in cases:  # Material only knows page sections: the section containing it counts
                        exp = list(c["expect"])
                        for e in c["expect"]:  # (the model's keys are ProvisionId: a string found nothing)
                            pid_ = ProvisionId.of(e)
                            p_ = model.provisions.get(pid_) if pid_ else None
                            while p_ is not None and p_.parent is not None:
                                p_ = p_.parent
                                exp.append(str(p_.id))
                            if pid_:
                                exp.append(str(pid_.law))  # the law's page (Material indexes pages and headings)
                        lenient.append({"q": c["q"], "expect": exp})
                    mat_rep = score(lenient, material_ranking(b, url2, model, queries))
                    srv2.shutdown()
            b.close()
        srv.shutdown()

    print(f"{'':24}{'docs':>7}{'index (s)':>11}{'CLI p50':>10}{'CLI p95':>10}{'données brut':>13}{'gzip':>10}"
          f"{'+js+css gz':>12}{'navig./req.':>13}{'CLI p95 CPU':>13}")
    for r in (seed, big):
        print(f"{r['label']:24}{r['docs']:>7}{r['build_s']:>11.2f}{r['p50_ms']:>8.2f}ms{r['p95_ms']:>8.2f}ms"
              f"{r['raw'] / 1024:>11.1f}Ko{r['gzip'] / 1024:>8.1f}Ko{r['assets_gzip'] / 1024:>10.1f}Ko"
              f"{r['browser_ms']:>11.2f}ms{r['cpu_p95_ms']:>11.2f}ms")
    print(f"(charge de la machine : {os.getloadavg()[0]:.1f} sur {os.cpu_count()} cœurs)")
    print("Objectifs : ressources de recherche ≤ 100 Ko gzip (graine), ≤ 30 ms par requête (×20), CLI p95 ≤ 15 ms.")
    print(f"\nPertinence ({len(cases)} requêtes, tests/search_relevance.yaml), dans le même navigateur :")
    print(f"  recherche du site (lois)  hit@1 {ours_rep['hit1']:.1%}  hit@3 {ours_rep['hit3']:.1%}  "
          f"MRR {ours_rep['mrr']:.3f}")
    if mat_rep:
        print(f"  Material (plugin search)  hit@1 {mat_rep['hit1']:.1%}  hit@3 {mat_rep['hit3']:.1%}  "
              f"MRR {mat_rep['mrr']:.3f}  (compté large : la section ou la loi qui contient la provision attendue "
              "compte comme trouvée)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
