"""The club pages (« Pour les clubs », « Ajouter à votre site »; issue 34), in Chromium on the real built site, on a
phone (390×844, touch) and on a desktop: a « Copier » button above every snippet copies it as shown (the site's
real address included), and says in French what to do when the browser refuses; the snippets wrap instead of
running off a phone's screen; the preview of a range (« Lois 61 à 64 »), on these pages (club linkifier) as on
the site's own, is a list of its laws, one line each."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import SIZES
from lois.render.site import LIST_MAX, SiteBuild
from lois.core.ids import ProvisionId

CLUB_PAGES = ("ajouter/", "clubs/")
RANGE = ["61", "62", "63", "64"]


def _open(tab, path: str):
    pg = tab.begin()
    pg.goto(tab.site_url + path)
    if path == "ajouter/":  # the live preview of the linkifier on this page
        pg.wait_for_function("document.documentElement.hasAttribute('data-lois-liens')", timeout=10000)
    return pg


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("path", CLUB_PAGES)
def test_every_snippet_has_a_copy_button_and_wraps(sized_tab, size, path):
    tab = sized_tab(size)
    pg = _open(tab, path)
    width = tab.viewport["width"]
    snippets = pg.locator("article pre")
    assert snippets.count() >= 3
    for i in range(snippets.count()):
        pre = snippets.nth(i)
        button = pre.locator("xpath=preceding-sibling::*[1]").locator("button.lois-copie-extrait")
        assert button.inner_text() == "Copier", i
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box  # a finger's target
        # the snippet wraps: nothing of it hidden sideways, nothing past the screen's edge
        code = pre.locator("code")
        assert code.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), (i, code.inner_text()[:60])
        assert pre.bounding_box()["x"] + pre.bounding_box()["width"] <= width + 1
    # the page itself does not scroll sideways
    assert pg.evaluate("document.scrollingElement.scrollWidth") <= width
    tab.end()


@pytest.mark.parametrize("size", list(SIZES))
def test_copy_gives_the_snippet_with_the_site_address(sized_tab, size, model):
    tab = sized_tab(size)
    tab.ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=tab.site_url.rstrip("/"))
    pg = _open(tab, "ajouter/")
    first = pg.locator("article pre").first
    shown = first.locator("code").text_content()
    assert tab.site_url + "lois/50/#D2a" in shown and "ADRESSE-DU-SITE" not in shown  # filled in by the page
    tab.press(pg.locator("button.lois-copie-extrait").first)
    expect(pg.locator(".lois-extrait-etat").first).to_have_text("Extrait copié.")  # once the copy is done
    assert pg.evaluate("navigator.clipboard.readText()") == shown
    tab.end()


@pytest.mark.parametrize("size", list(SIZES))
def test_refused_copy_selects_the_snippet_and_says_how_to_copy_it(sized_tab, size):
    tab = sized_tab(size)
    pg = _open(tab, "ajouter/")
    # a browser that refuses both ways of copying (a policy, an insecure page, an old browser)
    pg.evaluate("""() => {
        if (navigator.clipboard) navigator.clipboard.writeText = () => Promise.reject(new Error("refus"));
        document.execCommand = () => false; }""")
    snippet = pg.locator("article pre").nth(1)
    tab.press(pg.locator("button.lois-copie-extrait").nth(1))
    state = pg.locator(".lois-extrait-etat").nth(1)
    expect(state).not_to_be_empty()  # once the browser has said no
    assert state.inner_text().startswith("Copie refusée par le navigateur\u00a0: l'extrait est sélectionné, "
                                         "copiez-le avec Ctrl+C")
    assert state.is_visible() and state.get_attribute("role") == "status"
    assert pg.evaluate("getSelection().toString()") == snippet.locator("code").text_content()
    tab.end()


def _card_lines(pg, link, touch: bool) -> list[str]:
    link.scroll_into_view_if_needed()
    if touch:
        link.tap()
    else:
        link.hover()
    card = pg.locator(".lois-card:not([hidden])")
    card.wait_for(state="visible", timeout=3000)
    assert card.locator(".lois-card-text").is_hidden()
    return [li.inner_text() for li in card.locator(".lois-card-list li").all()]


@pytest.mark.parametrize("size", list(SIZES))
def test_range_preview_is_a_list_of_its_laws(sized_tab, size, model):
    tab = sized_tab(size)
    # « Loi 62 — Correction d'une renonce (texte non inclus) »
    expected = [model.node_title(ProvisionId.parse(n)) for n in RANGE]
    assert len(set(expected)) == len(RANGE)
    # the club linkifier, live on « Ajouter à votre site »: one link for the whole range
    pg = _open(tab, "ajouter/")
    link = pg.locator("#apercu-linkifier a.lois-lien", has_text="Lois 61 à 64")
    assert _card_lines(pg, link, tab.touch) == expected
    pg.keyboard.press("Escape")
    # a single provision keeps its one-paragraph preview
    single = pg.locator("#apercu-linkifier a.lois-lien", has_text="LOI 50 A")
    single.scroll_into_view_if_needed()
    single.tap() if tab.touch else single.hover()
    card = pg.locator(".lois-card:not([hidden])")
    card.wait_for(state="visible", timeout=3000)
    assert card.locator(".lois-card-list").is_hidden() and card.locator(".lois-card-text").inner_text()
    tab.end()
    # the site's own pages: both ends of the range are links, each previews the whole range
    pg = _open(tab, "commentaires/renonce-64/")
    for label in ("Lois 61", "64"):
        pg.keyboard.press("Escape")
        link = pg.locator("article a.lois-cite").filter(has_text=re.compile(f"^{label}$")).first
        assert _card_lines(pg, link, tab.touch) == expected, label
    tab.end()


def test_list_preview_lines_and_limit(model):
    site = SiteBuild(model)
    cited = [ProvisionId.parse(n) for n in RANGE]
    assert site.list_preview(cited).split("\n") == [model.node_title(n) for n in cited]
    law = min(model.laws)  # a law of the corpus: its number and title, not a paragraph of its text
    whole = ProvisionId(law)
    assert site.list_line(whole) == model.node_title(whole) == f"Loi {law} — {model.law_title(law)}"
    provision = next(p.pid for p in model.laws[law].provisions() if p.path and p.text)
    assert site.list_line(provision) == site.preview(provision, 240)
    lines = site.list_preview([ProvisionId(n) for n in range(1, 94)]).split("\n")
    assert len(lines) == LIST_MAX + 1 and lines[-1] == f"… et {93 - LIST_MAX} de plus"
    assert all("\n" not in site.preview(p, 240) for p in list(model.provisions)[:50])
