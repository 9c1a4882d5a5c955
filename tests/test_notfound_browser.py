"""The « page introuvable » (404) page, served the way static hosts serve it (conftest's server answers any
unknown address with 404.html): French, usable, and it turns a wrong address into the right provision."""
from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

import yaml

from lois.core.cite import parse_provision_id
from lois.core.ids import ProvisionId

ROOT = Path(__file__).resolve().parents[1]
OLD_SHORT = [c for c in yaml.safe_load((ROOT / "tests" / "shortlink_cases.yaml").read_text(encoding="utf-8"))
             if c.get("old")]


def _status(url: str) -> int:
    try:
        return urllib.request.urlopen(url).status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_unknown_address_is_a_404_with_the_french_page(page, site_url):
    url = site_url + "cette/page/n-existe/pas/"
    assert _status(url) == 404
    page.lois_expect_404.add(url)
    page.goto(url)
    assert page.locator("h1").first.inner_text() == "Page introuvable"
    assert "Not found" not in page.content()
    # fixed ways out, all working from any depth of address
    for name, path in [("Index des lois", "lois/"), ("Rechercher dans le Code", "recherche/")]:
        href = page.get_by_role("link", name=name).first.evaluate("a => a.href")
        assert href == site_url + path
        assert _status(href) == 200


# addresses that name a provision but are no short link of any build
@pytest.mark.parametrize("wrong, named", [("lois/50/D/2", "50D2"), ("loi50D2.html", "50D2"),
                                          ("L27/b1/b", "27B1b"), ("code/lois/9/B1a.htm", "9B1a"),
                                          ("Loi-30-B-1-b-ii", "30B1bii")])
def test_wrong_address_suggests_the_provision_it_names(page, site_url, model, wrong, named):
    expected = parse_provision_id(named).canonical()
    assert ProvisionId.parse(expected) in model.provisions
    assert _status(site_url + wrong) == 404
    page.lois_expect_404.add(site_url + wrong)
    page.goto(site_url + wrong)
    first = page.locator("#lois-404-suggestions li a").first
    first.wait_for()
    assert first.inner_text().split(" — ")[0] == f"Loi {expected}"
    first.click()
    page.wait_for_load_state()
    assert page.url.startswith(site_url + "lois/")
    target = page.evaluate("location.hash.slice(1)")
    assert page.locator(f"[id='{target}']").count() == 1


def test_suggestions_are_keyboard_reachable(page, site_url):
    page.lois_expect_404.add(site_url + "lois/50/D/2")
    page.goto(site_url + "lois/50/D/2")
    page.locator("#lois-404-suggestions li a").first.wait_for()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#lois-404-suggestions') !== null"):
            break
    else:
        pytest.fail("suggestion inatteignable au clavier")
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    assert "/lois/50/" in page.url


@pytest.mark.parametrize("case", OLD_SHORT, ids=lambda c: c["text"])
def test_short_links_of_earlier_builds_still_land(page, site_url, case):
    """The folders earlier builds published per spelling (/50D2a/, /l50d2a/, /lois/50/D2a/, /loi-64/) are gone:
    the host serves the 404 page, which sends the reader on to the provision."""
    url = site_url + case["text"] + "/"
    assert _status(url) == 404
    page.lois_expect_404.add(url)
    page.goto(url)
    page.wait_for_url(site_url + case["target"], timeout=10000)
    frag = case["target"].partition("#")[2]
    if frag:
        assert page.locator(f"[id='{frag}']").count() == 1
    assert page.locator("h1").first.inner_text().startswith("Loi ")
