"""Accessibility of every page, measured by axe-core (WCAG 2.2 AA): the site and its offline copy, on a phone
(390×844, touch) and a desktop (1280×900), light and dark; the violations counted by impact and by rule for each
size and scheme (a violation is one rule broken on one page; « éléments » counts the elements).

    npm ci --prefix tests                    # axe-core (tests/package.json); bash scripts/test.sh does it too
    python bench/axe_report.py               # builds the site in a temporary folder, then audits it
    python bench/axe_report.py --site DOSSIER --details   # a site already built; each violation's page and elements

Exit status 1 when a serious or critical violation is found (as tests/test_axe_browser.py fails)."""
from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))

from axecheck import CONFIGS, IMPACTS, audit, axe_source, every_page, new_context, unzip_copy  # noqa: E402
from conftest import CHROMIUM, QuietServer, _Quiet, mkdocs_build  # noqa: E402


def report(site: Path, offline: bool, details: bool) -> int:
    axe_source()  # a missing checker stops here, with the command that installs it
    from playwright.sync_api import sync_playwright

    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    grave = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        copy = unzip_copy(site, Path(tmp)) if offline else None
        urls = every_page(site, f"http://127.0.0.1:{server.server_address[1]}/", copy)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        print(f"axe-core, WCAG 2.2 AA : {len(urls)} pages ({sum(n.startswith('hors-ligne:') for n in urls)} de la "
              "copie hors ligne) par taille et par thème")
        for size, scheme in CONFIGS:
            start = time.perf_counter()
            ctx = new_context(browser, size, scheme)
            found = audit(ctx, urls, scheme)
            ctx.close()
            by_impact = Counter(v.impact for v in found)
            by_rule = Counter((v.impact, v.rule) for v in found)
            elements = Counter()
            for v in found:
                elements[(v.impact, v.rule)] += len(v.targets)
            grave += by_impact["critical"] + by_impact["serious"]
            print(f"\n{size} ({'téléphone' if size == 'phone' else 'bureau'}), {scheme} "
                  f"({'clair' if scheme == 'light' else 'sombre'}) — {time.perf_counter() - start:.1f} s")
            print("  " + " · ".join(f"{i} {by_impact[i]}" for i in IMPACTS) + f" · total {len(found)}")
            for (impact, rule), n in sorted(by_rule.items(), key=lambda x: (IMPACTS.index(x[0][0]), x[0][1])):
                print(f"    {impact:9} {rule:32} {n:4} pages {elements[(impact, rule)]:5} éléments")
            if details:
                for v in sorted(found, key=lambda v: (IMPACTS.index(v.impact), v.rule, v.page)):
                    print("      " + str(v))
        browser.close()
    server.shutdown()
    return 1 if grave else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="site déjà construit (sinon : construit dans un dossier temporaire)")
    ap.add_argument("--sans-hors-ligne", action="store_true", help="le site seul, sans sa copie hors ligne")
    ap.add_argument("--details", action="store_true", help="chaque violation : page, règle, éléments")
    args = ap.parse_args()
    try:
        if args.site:
            return report(args.site, not args.sans_hors_ligne, args.details)
        with tempfile.TemporaryDirectory() as tmp:
            res = mkdocs_build(Path(tmp) / "site")
            if res.returncode:
                print(res.stderr, file=sys.stderr)
                return 1
            return report(Path(tmp) / "site", not args.sans_hors_ligne, args.details)
    except FileNotFoundError as e:
        print(f"erreur : {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
