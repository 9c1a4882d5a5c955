"""Lighthouse's accessibility score of the home page, a law page and a checklist, in the light and the dark scheme:
Lighthouse 13 (npm, bench/package.json) drives Debian's chromium (CHROME_PATH, /usr/bin/chromium by default) with its
default settings (a phone), the device's preference set by chromium's --force-dark-mode for the dark scheme (checked
first: the site's palette follows it).

    npm install --prefix bench
    python bench/lighthouse_a11y.py                       # builds the site in a temporary folder
    python bench/lighthouse_a11y.py --site DOSSIER --pages lois/27/ checklists/renonce/

Prints each page's score and, under a score below 100, the audits that failed. Exit status 1 when a score is below
100."""
from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "tests"))
from conftest import QuietServer, _Quiet, mkdocs_build  # noqa: E402

LIGHTHOUSE = BENCH / "node_modules" / ".bin" / "lighthouse"
CHROME = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
PAGES = ["", "lois/50/", "checklists/carte-penalisee/"]
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
SCHEMES = {"clair": [], "sombre": ["--force-dark-mode"]}


def scheme_shown(url: str, flags: list[str]) -> str:
    """The palette the site shows in chromium started with these flags (« slate » in the dark)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROME, args=[f for f in flags if f != "--headless=new"])
        page = browser.new_context(color_scheme="null").new_page()  # the flags' preference, not Playwright's
        page.goto(url)
        shown = page.evaluate("document.body.dataset.mdColorScheme")
        browser.close()
    return shown


def audit(url: str, flags: list[str], out: Path) -> dict:
    cmd = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
           "--only-categories=accessibility", f"--chrome-flags={' '.join(flags)}"]
    r = subprocess.run(cmd, env=dict(os.environ, CHROME_PATH=CHROME), capture_output=True, text=True, timeout=300)
    if r.returncode or not out.exists():
        raise RuntimeError(f"lighthouse a échoué sur {url} :\n{r.stderr[-2000:]}")
    d = json.loads(out.read_text(encoding="utf-8"))
    cat = d["categories"]["accessibility"]
    failed = [f"{ref['id']} : {d['audits'][ref['id']]['title']}" for ref in cat["auditRefs"]
              if ref.get("weight") and d["audits"][ref["id"]].get("score") not in (None, 1)]
    return {"score": round(100 * (cat["score"] or 0)), "failed": failed, "version": d.get("lighthouseVersion", "?")}


def report(site: Path, pages: list[str]) -> int:
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    below = 0
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for scheme, extra in SCHEMES.items():
                shown = scheme_shown(base, FLAGS + extra)
                if shown != {"clair": "default", "sombre": "slate"}[scheme]:
                    raise RuntimeError(f"chromium {' '.join(extra)} : le site s'affiche en « {shown} »")
                for i, p in enumerate(pages):
                    res = audit(base + p, FLAGS + extra, Path(tmp) / f"{scheme}-{i}.json")
                    below += res["score"] < 100
                    print(f"{scheme:6} /{p:32} accessibilité {res['score']:3}   (Lighthouse {res['version']})")
                    for f in res["failed"]:
                        print(f"         {f}")
    finally:
        server.shutdown()
    return 1 if below else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="site déjà construit (sinon : construit dans un dossier temporaire)")
    ap.add_argument("--pages", nargs="+", default=PAGES, help="adresses depuis la racine du site")
    args = ap.parse_args()
    if not LIGHTHOUSE.exists():
        print("erreur : Lighthouse absent : lancez « npm install --prefix bench »", file=sys.stderr)
        return 2
    if not Path(CHROME).exists():
        print(f"erreur : chromium absent ({CHROME}) : sudo apt install chromium, ou CHROME_PATH=…", file=sys.stderr)
        return 2
    try:
        if args.site:
            return report(args.site, args.pages)
        with tempfile.TemporaryDirectory() as tmp:
            res = mkdocs_build(Path(tmp) / "site")
            if res.returncode:
                print(res.stderr, file=sys.stderr)
                return 1
            return report(Path(tmp) / "site", args.pages)
    except RuntimeError as e:
        print(f"erreur : {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
