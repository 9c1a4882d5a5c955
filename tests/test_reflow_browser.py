"""Issue 34: text enlarged to 200 % and reflow at 320 CSS px (WCAG 1.4.4, 1.4.10), in Chromium on the real built
site: one page of each kind (each top folder's first page, plus the pages with wide content: the index of the laws,
auctions, calculators, table tents, snippets, the clubs' demo page, search results, a checklist's ruling), at 320 CSS px
with the default text, on a phone (390×844) with text at 200 %, and at 320 CSS px with text at 200 %. Each page
reflows: the document is no wider than the screen (a table that needs it scrolls inside its own frame), the search
box lies inside the screen and nothing covers it, the header shows the site's title and the page's main heading lies
inside the screen.

Text at 200 % is set as a reader sets it, by the browser's text size (Chromium's default font size, 16 px → 32 px,
through the DevTools protocol's Page.setFontSizes; Android's and desktop Chrome's « font size » settings change the
same value): everything the theme sizes in rem and em doubles, and its breakpoints, in em, move with it, as they do
for a reader. Page zoom would not test text resizing (it also shrinks the viewport in CSS px, which is what the 320 px
case tests), and a root font-size set by the test would leave the breakpoints where they are."""
from __future__ import annotations

import pytest

from conftest import nonempty, open_anew, tab_fixtures

NARROW = dict(viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
_narrow_tab, narrow = tab_fixtures(**NARROW)
_phone_tab, phone = tab_fixtures(**PHONE)
# (fixture, text size in % of the default)
CASES = {"320 px": ("narrow", 100), "téléphone, texte à 200 %": ("phone", 200),
         "320 px, texte à 200 %": ("narrow", 200)}
WIDE = ["lois/", "lois/30/", "lois/27/", "exemples/", "calculs/marque-ajustee/", "chevalets/", "ajouter/", "clubs/",
        "clubs/demo/", "l/", "recherche/?q=renonce", "checklists/carte-penalisee/?r=joueur:declarant", "404.html"]

MEASURE = """() => {
  const W = document.documentElement.clientWidth, H = innerHeight;
  const inside = e => { const r = e.getBoundingClientRect();
                        return r.width > 0 && r.left >= -0.5 && r.right <= W + 0.5; };
  const wide = [...document.querySelectorAll('body *')].filter(e => !e.closest('.md-sidebar, .md-dialog, .md-top'))
    .filter(e => { const r = e.getBoundingClientRect(); return r.width && r.right > W + 0.5
                   && e.parentElement.getBoundingClientRect().right <= W + 0.5; })
    .slice(0, 4).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.') + ' « '
                           + e.textContent.trim().slice(0, 30) + ' »');
  const box = document.querySelector('.lois-search-header-input');
  let search = null;
  if (box) {
    const r = box.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    search = {inside: inside(box) && r.top >= 0 && r.bottom <= H, free: hit === box, width: r.width};
  }
  const title = document.querySelector('.md-header__title .md-header__topic .md-ellipsis');
  const h1 = document.querySelector('.md-content h1, body > h1');
  return {scroll: document.documentElement.scrollWidth, width: W, wide, search,
          title: title && {width: title.getBoundingClientRect().width, text: title.textContent.trim()},
          h1: h1 && inside(h1), root: getComputedStyle(document.documentElement).fontSize};
}"""


@pytest.fixture(scope="module")
def pages(built_site) -> list[str]:
    """One page of each top folder of the site (and the home page), and the pages with wide content."""
    first: dict[str, str] = {}
    for f in sorted(built_site.rglob("index.html")):
        rel = f.parent.relative_to(built_site).as_posix()
        first.setdefault(rel.split("/")[0], "" if rel == "." else rel + "/")
    return sorted(set(first.values())) + [p for p in WIDE if p not in first.values()]


@pytest.mark.parametrize("case", CASES)
def test_pages_reflow(request, site_url, pages, case):
    name, text = CASES[case]
    pg = request.getfixturevalue(name)
    cdp = pg.context.new_cdp_session(pg)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16 * text // 100, "fixed": 13 * text // 100}})
    problems = []
    try:
        for p in pages:
            if p == "404.html":
                pg.lois_expect_404.add(site_url + p)
            open_anew(pg, site_url + p)
            if "?q=" in p:
                pg.locator("#lois-search-results li a").first.wait_for()
            m = pg.evaluate(MEASURE)
            root = 20 * text / 100  # Material's root: 125 % of the default size
            if m["search"] is not None and m["root"] != f"{root:g}px":
                problems.append(f"{p} : taille du texte {m['root']} au lieu de {root:g}px")
            if m["scroll"] > m["width"]:
                problems.append(f"{p} : la page défile de côté ({m['scroll']} px pour {m['width']}) : {m['wide']}")
            if m["search"] is None:  # a club's page (the demo) or the malformed page: no theme, no header
                if not p.startswith("clubs/demo/"):
                    problems.append(f"{p} : pas de boîte de recherche")
                continue
            if not (m["search"]["inside"] and m["search"]["free"] and m["search"]["width"] >= 120):
                problems.append(f"{p} : boîte de recherche hors de l'écran ou couverte : {m['search']}")
            if not m["title"] or m["title"]["width"] < 60 or not m["title"]["text"]:
                problems.append(f"{p} : titre de l'en-tête caché : {m['title']}")
            if not m["h1"]:
                problems.append(f"{p} : titre de la page hors de l'écran")
    finally:
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
        cdp.detach()
    assert len(pages) >= 25
    assert not problems, "\n".join(problems)


# the text fields a reader types in: a club's form shown as an example (.lois-apercu) keeps the club's own look
FIELDS = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(e => !['radio', 'checkbox', 'hidden', 'button', 'submit', 'reset'].includes(e.type))
  .filter(e => e.getClientRects().length && !e.closest('.lois-apercu'))
  .map(e => [e.className || e.name, parseFloat(getComputedStyle(e).fontSize), e.getBoundingClientRect().height])"""


def test_text_fields_on_a_phone(phone, site_url):
    """On a phone (390×844, touch), each text field the site shows (the header's search box on every page, the
    search page's, the calculators') is a finger's target, 44 px high or more, in text of 16 px or more (iOS Safari
    zooms the page in when a smaller one is touched)."""
    problems = []
    for p in ["", "recherche/", "calculs/marque-ajustee/"]:
        open_anew(phone, site_url + p)
        for name, size, height in nonempty(phone.evaluate(FIELDS)):
            if size < 16 or height < 44:
                problems.append(f"{p} : {name} : texte de {size:g} px, {height:.0f} px de haut")
    assert problems == []
