"""The site's own scripts each kind of page loads: how many, and their bytes (before compression).

Usage: python bench/bench_page_scripts.py [SITE]   (SITE: a built site; default: build one into a temporary folder)

Every page loads the reading, search, short-link and offline scripts; a widget's script (checklist runner,
calculators, records, training) only on the pages that show that widget (lois.render.site.PageScript).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = {  # one page of each kind
    "accueil": "index.html",
    "loi": "lois/50/index.html",
    "note": "notes/carte-penalisee-50b/index.html",
    "que faire si": "que-faire-si/index.html",
    "démarche": "checklists/renonce/index.html",
    "calculateurs": "calculs/marque-ajustee/index.html",
    "fiches": "fiches/index.html",
    "entraînement": "entrainement/index.html",
}


def own_scripts(site: Path, page: str) -> list[Path]:
    html = (site / page).read_text(encoding="utf-8")
    return [(site / page).parent.joinpath(src).resolve()
            for src in re.findall(r'<script[^>]* src="([^"]*assets/lois/[^"]+)"', html)]


def main() -> None:
    if len(sys.argv) > 1:
        site = Path(sys.argv[1])
    else:
        site = Path(tempfile.mkdtemp()) / "site"
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)], cwd=ROOT, check=True,
                       env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    print(f"{'page':<14} {'scripts':>7} {'octets':>8}")
    for name, page in PAGES.items():
        if (site / page).exists():
            scripts = own_scripts(site, page)
            print(f"{name:<14} {len(scripts):>7} {sum(p.stat().st_size for p in scripts):>8}")


if __name__ == "__main__":
    main()
