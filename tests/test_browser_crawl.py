"""Every page of the built site, opened in chromium like a reader would: French, titled, with its main
heading, no markup, template syntax or missing value in the text it shows, no console error and no request to any
other host (every page on a phone, one of each kind on a desktop, in the visit tests/test_axe_browser.py shares).
Redirect pages (short links, moved links) are followed and must land on an existing anchor."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import nonempty
from sitecheck import leaks


# What the crawl reads of a page once it loaded (conftest.site_visits reads it in the same visit as axe)
READ = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.closest("pre, code, script, style, template, noscript")) out.push(n.data);
  }
  for (const e of document.body.querySelectorAll("[title], [aria-label], [alt], [placeholder]")) {
    for (const a of ["title", "aria-label", "alt", "placeholder"]) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
  }
  return {lang: document.documentElement.lang, title: document.title, h1: document.querySelectorAll("h1").length,
          text: document.body.innerText, shown: out.join(" ")};
}"""


def _pages(site: Path) -> tuple[list[str], list[str]]:
    """(content pages, redirect pages) of a built site, as URL paths."""
    content, redirects = [], []
    for f in sorted(site.rglob("index.html")):
        rel = f.parent.relative_to(site).as_posix()
        url = "" if rel == "." else rel + "/"
        head = f.read_text(encoding="utf-8")[:600]
        (redirects if 'http-equiv="refresh"' in head else content).append(url)
    return content, redirects


@pytest.mark.timeout(600)  # the visit of every page (conftest.site_visits), when test_axe_browser has not made it
def test_every_content_page_opens_cleanly(built_site, site_visits):
    """Every content page on a phone, and one of each kind on a desktop (the same templates: conftest.site_visits,
    each page opened once for this test and axe)."""
    content, _ = _pages(built_site)
    assert len(content) >= 50
    for size, pages in (("phone", content), ("desktop", nonempty(
            u for u in content if u + "index.html" in site_visits["desktop"].read))):
        visit = site_visits[size]
        for url in pages:
            seen = visit.read[url + "index.html"]
            assert seen["lang"] == "fr", (size, url)
            assert seen["title"].strip(), (size, url)
            assert seen["h1"] >= 1, (size, url)
            # nothing of Material left in English where a French reader looks
            text = seen["text"]
            assert "Not found" not in text, (size, url)
            # what the reader sees once the page's scripts ran (cards, search box, calculators…), shown now or on a
            # tap: no markup shown as text, no template syntax, no None/undefined/NaN (the code to copy, in
            # pre/code, is code)
            shown = seen["shown"]
            assert len(shown) >= len(text) / 2, (size, url)
            assert not leaks(shown), (size, url, leaks(shown)[:3])
            # as conftest's Tab fails a test: no console or page error, no request to another host
            assert visit.errors[url + "index.html"] == [], (size, url)
            assert visit.foreign[url + "index.html"] == [], (size, url)


def test_short_links_land_on_an_existing_anchor(built_site, site_url, page, model):
    """One short link in 10 of the resolver's table, opened as l/?<key>: it lands on a page and an anchor
    (every target is checked against the built files in test_api)."""
    from lois.features.api.shortlinks import short_targets

    _, redirects = _pages(built_site)
    assert not redirects  # no redirect page per spelling any more (only moved pages of the register would be)
    targets = sorted(short_targets(model).items())
    assert len(targets) >= 100
    for key, target in targets[::10]:
        page.goto(site_url + "l/?" + key)
        page.wait_for_url(site_url + target)
        frag = page.evaluate("decodeURIComponent(location.hash.slice(1))")
        if frag:
            assert page.locator(f"[id='{frag}']").count() == 1, (key, page.url)
        assert page.locator("article h1, .md-content h1").count() >= 1, (key, page.url)
