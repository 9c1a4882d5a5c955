"""Taps from the home page to each of the ten most frequent rulings (tests/frequent_rulings.yaml), on a phone
(390×844, touch) in Debian's chromium, on a site built here with `mkdocs build --strict`.

    python bench/taps_from_home.py [--site DOSSIER]   # --site: a site already built

Prints one line per ruling: taps, the decision reached (its title), and the path tapped."""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "plugins"))

from taps import PHONE, scenarios, walk  # noqa: E402


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", help="un site déjà construit")
    args = ap.parse_args()
    tmp = None
    site = Path(args.site) if args.site else None
    if site is None:
        tmp = tempfile.mkdtemp()
        site = Path(tmp) / "site"
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=str(ROOT / "plugins"))
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)], cwd=ROOT,
                       env=env, check=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright

    worst = 0
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                              args=["--no-sandbox", "--disable-gpu"])
        for sc in scenarios():
            ctx = b.new_context(**PHONE)
            w = walk(ctx.new_page(), url, sc)
            ctx.close()
            worst = max(worst, w.taps)
            path = " → ".join(t.get("link") or t["answer"] for t in sc["taps"])
            print(f"{w.taps} touchers  {sc['name']}\n           décision : {w.ruling or '(aucune)'}\n"
                  f"           parcours : accueil → {path}")
        b.close()
    server.shutdown()
    print(f"\nau plus {worst} touchers depuis l'accueil")
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
