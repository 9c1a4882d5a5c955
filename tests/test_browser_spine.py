"""The law pages in a real browser (Debian's chromium via Playwright): links, anchors, previews, backlinks."""


def test_citation_link_lands_on_the_cited_provision(page, site_url):
    page.goto(site_url + "lois/23/")
    # the citation in the text of 23C itself (notes and examples may repeat it further down)
    link = page.locator('div.lois-section-body[data-id="23C"] > p a.lois-cite[data-ref="30B1(b)(i)"]').first
    # the preview text: the renderer's title, moved to data-lois-preview by the card script (no theme tooltip over it)
    assert "Quand la déclaration est comparable" in link.get_attribute("data-lois-preview")
    link.click()
    page.wait_for_url("**/lois/30/#B1bi")
    target = page.locator("#B1bi")
    assert target.is_visible()
    assert "Quand la déclaration est comparable" in target.inner_text()


def test_preview_tooltip_shows_on_hover(page, site_url):
    page.goto(site_url + "lois/50/")
    link = page.locator('a.lois-cite[data-ref="12B1"]').first
    link.hover()
    # the preview card (card.js) opens on hover, as a tooltip
    tip = page.locator(".lois-card[role=tooltip]").first
    tip.wait_for(state="visible", timeout=5000)
    assert "Le but d’une marque ajustée" in tip.inner_text() or "Le but d'une marque ajustée" in tip.inner_text()


def test_cited_by_opens_and_links_back(page, site_url):
    page.goto(site_url + "lois/27/")
    # « Cité par » is behind the provision's actions control
    page.locator("#B1b > .lois-tools > .lois-act").click()
    page.locator("#act-B1b .lois-act-cited").click()
    details = page.locator('#B1b details.lois-cited-by').first
    assert details.evaluate("d => d.open")
    item = details.locator("a.lois-citer").first
    assert item.inner_text() == "Loi 23C"
    item.click()
    page.wait_for_url("**/lois/23/#C")


def test_stub_page_lists_who_cites(page, site_url):
    page.goto(site_url + "lois/20/#F5")
    text = page.locator("#F5").inner_text()
    assert "Texte non inclus" in text and "Loi 9A4" in text and "Loi 9A5" in text


def test_permalink_of_a_provision_is_visible_and_copyable(page, site_url):
    page.goto(site_url + "lois/50/")
    page.locator("#D2a > .lois-tools > .lois-act").click()
    link = page.locator("#D2a > .lois-tools a.lois-permalink")
    assert link.inner_text() == "Lien permanent vers la Loi 50D2(a)"
    assert link.get_attribute("href").endswith("#D2a")
