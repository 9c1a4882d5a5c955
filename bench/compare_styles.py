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
         "recherche/", "hors-ligne/"]
PROPS = ["color", "backgroundColor", "borderTopColor", "borderLeftColor", "display", "fontSize", "marginTop",
         "paddingLeft", "minHeight", "visibility", "fill", "stroke"]
READ = """(props) => Array.from(document.querySelectorAll('body *')).map(e => {
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
                        tab.emulate_media(media=media)
                        tab.wait_for_timeout(100)
                        out[(scheme, media, width, page)] = tab.evaluate(READ, PROPS)
                ctx.close()
    finally:
        srv.shutdown()
    return out


def main() -> int:
    from playwright.sync_api import sync_playwright

    from bench_build import launch

    old_site, new_site = (Path(a) for a in sys.argv[1:3])
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
