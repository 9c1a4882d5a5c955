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


def test_suggestions_lead_into_the_sub_folder_a_club_publishes_in(browser, built_site, tmp_path):
    """A club publishes the site at /club/lois/ (its `site_url`) and its host answers unknown addresses there
    with the site's 404 page: the suggestions lead to the provision in /club/lois/, not to the host's root (they
    did, reading the root from a script the pages no longer load on their own). The 404 page of a build whose
    `site_url` is http://host/club/lois/ is the root build's with each address from the root (`href="/…"`,
    `src="/…"`, the search script's `content="/…"`, Material's scope and base) under /club/lois/: so it is made here
    from the session's build."""
    import functools
    import re
    import threading

    from conftest import QuietServer, Tab, _Quiet

    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "lois").symlink_to(built_site)
    page404 = (built_site / "404.html").read_text(encoding="utf-8")
    sub = re.sub(r'((?:href|src|content)="|new URL\("|"(?:base|search)": ")/', r"\1/club/lois/", page404)
    assert sub != page404 and not re.search(r'(?:href|src|content)="/(?!club/lois/)', sub)
    (tmp_path / "404.html").write_text(sub, encoding="utf-8")
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host = f"http://127.0.0.1:{server.server_address[1]}/"
    tab = Tab(browser, host)
    try:
        pg = tab.begin()
        wrong = host + "club/lois/lois/50/D/2"
        pg.lois_expect_404.add(wrong)
        pg.goto(wrong)
        first = pg.locator("#lois-404-suggestions li a").first
        first.wait_for()
        assert first.inner_text().split(" — ")[0] == "Loi 50D2"
        assert first.evaluate("a => a.href") == host + "club/lois/lois/50/#D2"
        first.click()
        pg.wait_for_url(host + "club/lois/lois/50/#D2")
        assert pg.locator("h1").first.inner_text().startswith("Loi 50")
        tab.end()
    finally:
        tab.ctx.close()
        server.shutdown()
