"""Time the club linkifier takes to link a club page of N citations, in Chromium, for several shapes of page.

    python bench/bench_linkifier_page.py [--citations 20000] [--fois 3] [--linkifier AUTRE.js ...]

Builds the real site (tests/conftest.built_and_served), serves club pages on the same server (one paragraph per two
citations, a table row per citation, one text node holding them all, lines cut by <br>, citations in <b>, one
character per <span>, one paragraph per two citations each a part to link: data-lois-cible="p"), opens each in
Debian's Chromium headless shell and prints, for each shape, the links made and the median time from
DOMContentLoaded to the event « lois-liens-prets » (the law files included), for the site's linkifier and each
--linkifier given, in turn.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, built_and_served  # noqa: E402


def shapes(n: int) -> dict[str, str]:
    law = lambda i: 16 + i % 3  # noqa: E731  (Law 17 has no page: a third of the citations are not linked)
    return {
        "paragraphes": "".join(f"<p>Paragraphe {i} : voir la Loi {law(i)}B1 et la Loi 50D2(a).</p>"
                               for i in range(n // 2)),
        "tableau": "<table>" + "".join(f"<tr><td>{i}</td><td>Loi {law(i)}B1</td></tr>" for i in range(n)) + "</table>",
        "un nœud": "<p>" + " ".join(f"voir la Loi\u00a0{law(i)}B1\u202f;" for i in range(n)) + "</p>",
        "lignes <br>": "<div>" + "<br>".join(f"voir la Loi {law(i)}B1" for i in range(n)) + "</div>",
        "en gras": "<p>" + "".join(f"voir <b>Loi {law(i)}B1</b>, " for i in range(n)) + "</p>",
        "un caractère par <span>": "<p>" + "".join(f"<span>{c}</span>" for i in range(n // 10)
                                                   for c in f"voir la Loi {law(i)}B1, ") + "</p>",
        "paragraphes, cible p": "".join(f"<p>Paragraphe {i} : voir la Loi {law(i)}B1 et la Loi 50D2(a).</p>"
                                        for i in range(n // 2)),
    }


def _serving(body: str, kind: str = "text/html"):
    """A route handler that answers with this body."""
    return lambda route: route.fulfill(body=body, content_type=kind)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--citations", type=int, default=20000)
    ap.add_argument("--fois", type=int, default=3)
    ap.add_argument("--linkifier", type=Path, action="append", default=[],
                    help="un autre linkifier.js à essayer (celui d'une version antérieure), en alternance avec celui "
                         "du site construit : une colonne par fichier (la machine, partagée, change de charge)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with built_and_served() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        variants = [None, *args.linkifier]
        print(f"{'':<24} " + " | ".join(f"{'site' if v is None else v.name:>26}" for v in variants))
        for name, body in shapes(args.citations).items():
            cible = "data-lois-cible=p" if "cible" in name else ""
            html = (f"<!doctype html><html lang=fr><meta charset=utf-8><body>{body}"
                    f"<script src='{url}assets/lois/linkifier.js' {cible} defer></script></body></html>")
            times: dict = {v: [] for v in variants}
            links: dict = {}
            for _ in range(args.fois):
                for v in variants:  # in turn: each variant meets the same load of the machine
                    page = browser.new_page()
                    page.add_init_script("document.addEventListener('lois-liens-prets', () => "
                                         "{ window.__fin = performance.now(); })")
                    page.route(url + "club/", _serving(html))
                    if v is not None:
                        page.route(url + "assets/lois/linkifier.js", _serving(v.read_text(encoding="utf-8"),
                                                                               "text/javascript"))
                    page.goto(url + "club/")
                    page.wait_for_function("window.__fin !== undefined", timeout=600000)
                    times[v].append(page.evaluate("window.__fin - performance.getEntriesByType('navigation')[0]"
                                                  ".domContentLoadedEventStart"))
                    links[v] = page.get_attribute("html", "data-lois-liens")
                    page.close()
            print(f"{name:<24} " + " | ".join(f"{links[v]:>6} liens {max(0, statistics.median(times[v])):8.0f} ms"
                                              for v in variants))
        browser.close()


if __name__ == "__main__":
    main()
