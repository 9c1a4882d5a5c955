"""The « annoté » in a real browser: bidding diagram, hover definition, situations index → provision."""
from __future__ import annotations


def test_law_page_shows_bidding_diagram_and_commentary(page, site_url):
    page.goto(site_url + "lois/27/")
    example = page.locator('#A1 .ann-example').first
    table = example.locator("table.ann-auction")
    assert table.is_visible()
    assert table.locator("thead th").all_inner_texts() == ["Ouest", "Nord", "Est", "Sud"]
    irregular = table.locator(".ann-irregular").first
    assert irregular.is_visible() and irregular.get_attribute("title") == "enchère insuffisante"
    red = table.locator(".ann-red").first
    assert red.evaluate("e => getComputedStyle(e).color") == "rgb(198, 40, 40)"
    note = page.locator("aside.ann-note").first
    assert note.is_visible() and note.locator(".ann-label").text_content() == "Commentaire"
    assert "Auteur\u00a0: Équipe du site" in note.locator(".ann-note-meta").inner_text()


def test_hover_shows_definition_once_per_provision(page, site_url):
    page.goto(site_url + "lois/27/")
    prov = page.locator('[data-id="27A1"]').first
    gloss = prov.locator('.lois-prov-body abbr.ann-gloss[data-term="joueur fautif"]')
    assert gloss.count() == 1
    gloss.hover()
    # the citations' preview card (card.js) shows the definition on hover, as it does at a tap on a phone
    tip = page.locator(".lois-card").filter(has_text="joueur fautif : Le joueur qui a commis l'irrégularité")
    tip.first.wait_for(state="visible", timeout=3000)


def test_situation_index_leads_to_provision(page, site_url):
    page.goto(site_url + "que-faire-si/")
    section = page.locator('[data-situation="enchere-insuffisante"]')
    section.locator("a", has_text="Loi 27B2").first.click()
    page.wait_for_url("**/lois/27/#B2")
    assert page.locator("#B2").is_visible()
    assert page.locator("#B2").get_attribute("data-id") == "27B2"
