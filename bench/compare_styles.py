"""Compare two built sites as the browser styles them: the computed style of every element of some pages.

    python bench/compare_styles.py OLD_SITE_DIR NEW_SITE_DIR

For each page of PAGES, in the light and the dark scheme, on screen and in print, at a desktop and a phone width,
the page is loaded (served on 127.0.0.1 as bench_build.serve does) and, once its scripts have run, each element's
tag, class and a few computed properties (colours, display, size of the text, margins, paddings, fill and stroke)
are read; the script prints the pages whose lists differ and the first differences. A change of how the styles are
shipped (bundled, minified, split by page) must leave every page as it was: « pages differing: 0 ».
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

PAGES = ["", "lois/50/", "lois/16/", "checklists/renonce/", "checklists/", "que-faire-si/", "calculs/marque-ajustee/",
         "recherche/", "hors-ligne/", "clubs/", "ajouter/", "l/"]
PROPS = ["color", "backgroundColor", "borderTopColor", "borderLeftColor", "display", "fontSize", "marginTop",
         "paddingLeft", "minHeight", "visibility", "fill", "stroke"]
# every element but those of the table of contents, whose links Material marks as passed or active from where the page
# is scrolled to (a state of its script, that runs of the same site do not share)
READ = """(props) => Array.from(document.querySelectorAll('body *'))
  .filter(e => !e.closest('.md-nav--secondary')).map(e => {
  const c = getComputedStyle(e);
  const cls = e.className && e.className.baseVal !== undefined ? e.className.baseVal : e.className;
  return e.tagName + '.' + cls + '|' + props.map(p => c[p]).join(','); })"""


def styles(browser, site: Path) -> dict:
    from bench_build import serve

    out = {}
    srv, base = serve(site, True)
    try:
        for scheme in ("light", "dark"):
            for width in (1280, 390):
                ctx = browser.new_context(color_scheme=scheme, viewport={"width": width, "height": 800})
                tab = ctx.new_page()
                for media in ("screen", "print"):
                    for page in PAGES:
                        tab.emulate_media(media="screen")
                        tab.goto(base + page)
                        tab.wait_for_load_state("networkidle")
                        # no transition: the styles read are the final ones at once (a colour read mid-transition,
                        # rgba(…, 0.996), made runs of the same two sites disagree)
                        tab.add_style_tag(content="*, *::before, *::after { transition: none !important; "
                                                  "animation: none !important; }")
                        tab.emulate_media(media=media)
                        out[(scheme, media, width, page)] = tab.evaluate(READ, PROPS)
                ctx.close()
    finally:
        srv.shutdown()
    return out


def main() -> int:
    from playwright.sync_api import sync_playwright

    from bench_build import launch

    import argparse

    ap = argparse.ArgumentParser(description="Style calculé de chaque élément de quelques pages de deux sites "
                                             "construits : les pages qui diffèrent (0 attendu).")
    ap.add_argument("ancien", type=Path, help="dossier du site construit avant le changement")
    ap.add_argument("nouveau", type=Path, help="dossier du site construit après")
    args = ap.parse_args()
    for site in (args.ancien, args.nouveau):
        if not (site / "index.html").is_file():
            ap.error(f"{site} : pas de site construit ici (index.html manquant)")
    old_site, new_site = args.ancien, args.nouveau
    with sync_playwright() as pw:
        browser = launch(pw)
        old, new = styles(browser, old_site), styles(browser, new_site)
        browser.close()
    differing = 0
    for key, before in old.items():
        after = new[key]
        if before != after:
            differing += 1
            changed = [(x, y) for x, y in zip(before, after, strict=False) if x != y]
            print(*key, f"{len(before)} → {len(after)} éléments, {len(changed)} différences")
            for x, y in changed[:4]:
                print(f"    {x}\n  → {y}")
    print(f"pages differing: {differing} of {len(old)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
