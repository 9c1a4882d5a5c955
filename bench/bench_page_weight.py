"""A law page against stock Material's (issue 37: ≤ 1.1× its bytes and requests, without Material's search index).

    python bench/bench_page_weight.py                          # builds both sites in a temporary folder
    python bench/bench_page_weight.py --site DOSSIER --page lois/50/ --lighthouse

The project's site is built (`mkdocs build --strict`, or ``--site``: an existing build). « Stock Material » is the
same page's content, the one the plugin generates (SiteBuild.files[« lois/50.md »]), as the only page of a site
with `theme: material, language: fr` and nothing else (its default search plugin on). Each page is loaded cold
(new browser context, no cache) in Debian's chromium, served on 127.0.0.1 with gzip as any static host
(bench_build.serve and page_weight): requests counted by the browser, bytes as gzip -6 of each file fetched. From
stock Material's figures, its search index (search/search_index.json, which its search worker fetches on every
page) is left out, as the issue asks; our search fetches nothing before a query. Each request is listed.
``--lighthouse``: Lighthouse's mobile performance score of the page in both sites (npm install --prefix bench).
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "tests"))
TARGET = 1.1
STOCK_LEFT_OUT = "search/search_index.json"


def stock_site(page: str, work: Path) -> Path:
    """Stock Material's site of one page: the plugin's generated content of ``page`` (« lois/50/ »)."""
    import os

    from mkdocs.config import load_config

    os.environ.setdefault("LOIS_CACHE", str(work / "cache"))
    cfg = load_config(str(ROOT / "mkdocs.yml"))
    cfg = cfg.plugins.on_config(cfg)
    source = page.strip("/") + ".md"
    content = cfg.plugins["lois"].site.files[source].content
    docs = work / "stock" / "docs"
    (docs / Path(source).parent).mkdir(parents=True, exist_ok=True)
    (docs / source).write_text(content, encoding="utf-8")
    (docs / "index.md").write_text("# Accueil\n", encoding="utf-8")
    config = work / "stock" / "mkdocs.yml"
    config.write_text("site_name: Code International de Bridge Duplicate 2017 — annoté\n"
                      "theme:\n  name: material\n  language: fr\n", encoding="utf-8")
    return config


def weigh(browser, site: Path, page: str, left_out: str = "") -> dict:
    """Requests and gzip bytes of a cold load of ``page`` (each request listed), ``left_out`` not counted."""
    from bench_build import serve

    srv, base = serve(site, True)
    try:
        ctx = browser.new_context()
        tab = ctx.new_page()
        done: list = []
        tab.on("requestfinished", lambda r: done.append(r))
        tab.goto(base + page, wait_until="load")
        tab.wait_for_load_state("networkidle")
        tab.wait_for_timeout(500)
        rows = []
        for r in done:
            path = unquote(urlparse(r.url).path).lstrip("/")
            f = site / path
            if f.is_dir():
                f = f / "index.html"
            size = len(gzip.compress(f.read_bytes(), 6)) if f.is_file() else 0
            rows.append((path or "/", size, bool(left_out) and path == left_out))
        ctx.close()
    finally:
        srv.shutdown()
    kept = [r for r in rows if not r[2]]
    return {"requests": len(kept), "gzip": sum(r[1] for r in kept), "rows": rows}


def lighthouse_score(site: Path, page: str, work: Path) -> str:
    from bench_build import LIGHTHOUSE

    if not LIGHTHOUSE.exists():
        return "Lighthouse absent (npm install --prefix bench)"
    d = lighthouse_report(site, page, work)
    audits = d["audits"]
    low = [f"{ref['id']} ({audits[ref['id']].get('displayValue') or audits[ref['id']]['score']})"
           for ref in d["categories"]["performance"]["auditRefs"]
           if ref.get("weight") and audits[ref["id"]].get("score") is not None and audits[ref["id"]]["score"] < 0.9]
    keys = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
            "speed-index")
    return (f"performance {round(100 * (d['categories']['performance']['score'] or 0))} "
            f"({d['configSettings']['formFactor']}, {d['configSettings']['throttlingMethod']} ; "
            + ", ".join(f"{k} {audits[k].get('displayValue', '')}" for k in keys)
            + (f" ; sous 0,9 : {', '.join(low)}" if low else "") + ")")


def lighthouse_report(site: Path, page: str, work: Path) -> dict:
    """Lighthouse's JSON report (mobile, performance only) of ``page`` of ``site`` served with gzip on 127.0.0.1."""
    import subprocess

    from bench_build import CHROMIUM, LIGHTHOUSE, NO_NETWORK, serve

    srv, base = serve(site, True)
    try:
        out = work / "lighthouse.json"
        flags = " ".join(["--headless=new", "--no-sandbox", "--disable-gpu", *NO_NETWORK])
        subprocess.run([str(LIGHTHOUSE), base + page, "--output=json", f"--output-path={out}", "--quiet",
                        "--only-categories=performance", f"--chrome-flags={flags}"],
                       env={**__import__("os").environ, "CHROME_PATH": CHROMIUM}, capture_output=True, timeout=300)
        return json.loads(out.read_text(encoding="utf-8"))
    finally:
        srv.shutdown()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="le site du projet déjà construit (sinon : construit ici)")
    ap.add_argument("--page", default="lois/50/")
    ap.add_argument("--lighthouse", action="store_true", help="score de performance de Lighthouse (téléphone)")
    args = ap.parse_args()
    from conftest import mkdocs_build
    from playwright.sync_api import sync_playwright

    from bench_build import launch

    with tempfile.TemporaryDirectory(prefix="bench-poids-") as tmp:
        work = Path(tmp)
        ours = args.site
        if ours is None:
            ours = work / "site"
            res = mkdocs_build(ours, extra_env={"LOIS_CACHE": str(work / "cache")})
            if res.returncode:
                sys.exit(f"échec de la construction :\n{res.stderr[-3000:]}")
        stock = work / "stock" / "site"
        res = mkdocs_build(stock, config=stock_site(args.page, work))
        if res.returncode:
            sys.exit(f"échec de la construction de Material :\n{res.stderr[-3000:]}")
        with sync_playwright() as pw:
            browser = launch(pw)
            mine = weigh(browser, ours, args.page)
            base = weigh(browser, stock, args.page, STOCK_LEFT_OUT)
            browser.close()
        print(f"Page `{args.page}`, chargement à froid, octets gzip -6 des fichiers reçus.\n")
        print("| site | requêtes | octets gzip | rapport (requêtes) | rapport (octets) |")
        print("|---|---:|---:|---:|---:|")
        for name, w in (("ce site", mine), ("Material tel quel, sans son index de recherche", base)):
            print(f"| {name} | {w['requests']} | {w['gzip']} | {w['requests'] / base['requests']:.2f} | "
                  f"{w['gzip'] / base['gzip']:.2f} |")
        for name, w in (("ce site", mine), ("Material tel quel", base)):
            print(f"\nRequêtes, {name} :")
            for path, size, out in w["rows"]:
                print(f"  {size:7d}  {path}" + ("  (non compté)" if out else ""))
        ok = mine["requests"] <= TARGET * base["requests"] and mine["gzip"] <= TARGET * base["gzip"]
        print(f"\nObjectif ≤ {TARGET}× en requêtes et en octets : {'oui' if ok else 'non'}")
        if args.lighthouse:  # the same page of both sites, one after the other (the machine's load weighs on both)
            print(f"Lighthouse, {args.page}, ce site : {lighthouse_score(ours, args.page, work)}")
            print(f"Lighthouse, {args.page}, Material tel quel : {lighthouse_score(stock, args.page, work)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
