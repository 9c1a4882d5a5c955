"""A batch of citation snippets (bench/citations_clubs_lot11.yaml, or FICHIER) read by the Python scanner and, with
--site, by the club linkifier in Chromium: every wrong link, missed link, wrong target and notice.

    python bench/bench_citations_lot.py [FICHIER] [--site DOSSIER_DU_SITE_CONSTRUIT] [--details]

Python: lois.core.cite.find_citations (absolute citations: text covered and ids) and what `lois renvois` says
(lois.core.resolve.resolve_text, no context), against the case's `citations` and `avis`. Chromium (Debian's, as the
tests): a club page on another origin holding one paragraph per snippet and the site's linkifier (DOSSIER: a site
built by `mkdocs build -d DOSSIER`); each link's text, address and ids against the expected ones, and every console
message. Counts: right (expected citation found with its text and ids), wrong (a link or citation not expected, or
with other ids or another text), missed (expected and not found), warned (snippets with an unexpected notice).
"""
from __future__ import annotations

import argparse
import functools
import html
import http.server
import shutil
import sys
import threading
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lois.core.cite import find_citations  # noqa: E402
from lois.core.corpus import load_corpus  # noqa: E402
from lois.core.ids import ProvisionId  # noqa: E402
from lois.core.resolve import resolve_text  # noqa: E402


def compare(expected: list[tuple[str, tuple]], got: list[tuple[str, tuple]]) -> tuple[int, list, list]:
    """(right, wrong got, missed expected), in order of the text."""
    right, wrong, missed = 0, [], list(expected)
    for g in got:
        if g in missed:
            missed.remove(g)
            right += 1
        else:
            wrong.append(g)
    return right, wrong, missed


def python_side(cases, model):
    totals = {"right": 0, "wrong": 0, "missed": 0, "warned": 0}
    lines = []
    for i, case in enumerate(cases):
        exp = [(c["texte"], tuple(c["refs"])) for c in case["citations"]]
        got = [(c.text, tuple(r.canonical() for r in c.refs if r.law is not None))
               for c in find_citations(case["texte"])]
        got = [g for g in got if g[1]]
        right, wrong, missed = compare(exp, got)
        notices = resolve_text(model, case["texte"], None)[1]
        warned = notices != case.get("avis", [])
        totals["right"] += right
        totals["wrong"] += len(wrong)
        totals["missed"] += len(missed)
        totals["warned"] += warned
        if wrong or missed or warned:
            lines.append(f"[{i}] {case['texte']!r}\n      faux : {wrong}\n      manqués : {missed}"
                         + (f"\n      avis : {notices}" if warned else ""))
    return totals, lines


class _Plain(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Plain, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser_side(cases, model, site: Path, work: Path):
    from playwright.sync_api import sync_playwright

    from lois.features.api.linkifier import laws_table
    from lois.features.api.register import provision_url

    pages = laws_table(model)
    site_server, site_url = _serve(site)
    paras = "\n".join(f'<p data-case="{i}">{html.escape(c["texte"])}</p>' for i, c in enumerate(cases))
    work.mkdir(parents=True, exist_ok=True)
    (work / "club.html").write_text(f"""<!doctype html><html lang="fr"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>Club</title></head><body><h1>Bridge club</h1>
{paras}
<script src="{site_url}assets/lois/linkifier.js" defer></script></body></html>""", encoding="utf-8")
    club_server, club_url = _serve(work)
    chromium = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium-headless-shell"
    console: list[str] = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        page = b.new_page()
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        page.goto(club_url + "club.html")
        page.wait_for_function("document.documentElement.hasAttribute('data-lois-liens')", timeout=30000)
        links = page.eval_on_selector_all("p[data-case]", """ps => ps.map(p => [...p.querySelectorAll('a.lois-lien')]
            .map(a => [a.textContent, a.href, a.dataset.loisRef]))""")
        b.close()
    site_server.shutdown()
    club_server.shutdown()
    totals = {"right": 0, "wrong": 0, "missed": 0}
    lines = []
    for i, case in enumerate(cases):
        exp = []
        for c in case["citations"]:
            # the ids of a link: those whose law the site has (linkifier.js), the first one its address
            shown = [r for r in c["refs"] if str(ProvisionId.parse(r).law) in pages]
            if shown:
                exp.append((c["texte"], site_url + provision_url(model, ProvisionId.parse(shown[0])), " ".join(shown)))
        got = [tuple(x) for x in links[i]]
        right, wrong, missed = compare(exp, got)
        totals["right"] += right
        totals["wrong"] += len(wrong)
        totals["missed"] += len(missed)
        if wrong or missed:
            lines.append(f"[{i}] {case['texte']!r}\n      faux : {wrong}\n      manqués : {missed}")
    return totals, lines, console


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("fichier", nargs="?", default=str(ROOT / "bench" / "citations_clubs_lot11.yaml"))
    parser.add_argument("--site")
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args()
    cases = yaml.safe_load(Path(args.fichier).read_text(encoding="utf-8"))
    model = load_corpus(ROOT / "corpus")
    expected = sum(len(c["citations"]) for c in cases)
    print(f"lot : {len(cases)} extraits, {sum(1 for c in cases if c['citations'])} avec citations, "
          f"{expected} citations attendues")
    totals, lines = python_side(cases, model)
    print("Python   : justes {right}, fausses {wrong}, manquées {missed}, extraits avec un avis inattendu {warned}"
          .format(**totals))
    if args.details:
        print("\n".join(lines))
    if args.site:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            btotals, blines, console = browser_side(cases, model, Path(args.site), Path(tmp))
        print("Chromium : liens justes {right}, faux {wrong}, manqués {missed}".format(**btotals)
              + f" ; messages de la console : {len(console)}")
        if args.details:
            print("\n".join(blines + console))


if __name__ == "__main__":
    main()
