"""One rule of safe addresses (http(s) or relative), the same in Python and in the club snippet: every case of
tests/safe_url_cases.yaml is decided alike by lois.core.safeurl.is_safe_url (pytest) and by the snippet's
isSafeUrl (the linkifier bundle as the site writes it, run in Chromium); and a page template never writes a
dangerous address even when the data reaching it was not validated."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from lois.core.safeurl import WEB_SCHEMES, is_safe_url, safe_url, url_problem
from lois.render.htmlpage import render_page

ROOT = Path(__file__).resolve().parents[1]
CASES = yaml.safe_load((ROOT / "tests" / "safe_url_cases.yaml").read_text(encoding="utf-8"))


def _schemes(case: dict) -> tuple[str, ...]:
    return tuple(case.get("schemas", WEB_SCHEMES))


def test_case_file_has_both_kinds_and_every_disguise():
    assert sum(c["sure"] for c in CASES) >= 15 and sum(not c["sure"] for c in CASES) >= 40
    shown = " ".join(repr(c["adresse"]) for c in CASES)
    for disguise in ("javascript://%0a", "JavaScript:", "\\t", "\\x00", "&#58;", "%3A", "\\u200b", "data:",
                     "vbscript:"):
        assert disguise in shown, disguise


@pytest.mark.parametrize("case", CASES, ids=[repr(c["adresse"])[:50] for c in CASES])
def test_python_rule(case):
    assert is_safe_url(case["adresse"], _schemes(case)) is case["sure"], url_problem(case["adresse"], _schemes(case))
    problem = url_problem(case["adresse"], _schemes(case))
    assert (problem is None) is case["sure"]
    if problem:  # a French reason, for the messages of lois verifie
        assert re.search(r"adresse|schéma|caractère", problem), problem


def test_safe_url_gives_the_address_to_write_or_nothing():
    assert safe_url("  https://exemple.fr/  ") == "https://exemple.fr/"
    assert safe_url("javascript://%0aalert(1)//") is None and safe_url(None) is None


@pytest.fixture(scope="module")
def snippet_page(browser, model):
    """A blank page running the club snippet (the bundle the site writes, inline: no base, nothing to link)."""
    from lois.features.api.linkifier import linkifier_js
    from lois.features.api.site import CITATION_SOURCE

    ctx = browser.new_context()
    pg = ctx.new_page()
    errors, warnings = [], []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: (errors if m.type == "error" else warnings).append(m.text))
    pg.set_content("<!doctype html><html lang='fr'><head><meta charset='utf-8'></head>"
                   "<body><p>Loi 50</p></body></html>")
    pg.add_script_tag(content=linkifier_js(model, CITATION_SOURCE))
    pg.wait_for_function("document.documentElement.hasAttribute('data-lois-liens')")
    pg.lois_errors, pg.lois_warnings = errors, warnings
    yield pg
    ctx.close()


def test_browser_rule_is_the_python_rule(snippet_page):
    got = snippet_page.evaluate("""cases => cases.map(c =>
        window.loisLinkifier.isSafeUrl(c.adresse, c.schemas))""", CASES)
    wrong = [(c["adresse"], c["sure"], g) for c, g in zip(CASES, got, strict=True) if g is not c["sure"]]
    assert not wrong, wrong
    assert not snippet_page.lois_errors
    # without an address for the reference, the snippet says so in French and links nothing
    assert any("adresse du site des lois inconnue" in w for w in snippet_page.lois_warnings)
    assert snippet_page.get_attribute("html", "data-lois-liens") == "0"


def _stub(title_url, publisher_url) -> str:
    title = {"title": "Titre", "url": title_url, "read": "2026-01-01", "source_text": None,
             "accents_restored": False, "source_host": "hôte"}
    return render_page("render/stub.html", "Loi 5", law=5, heading="Loi 5", title=title,
                       publisher={"name": "FFB", "text": "texte", "url": publisher_url}, provisions=[],
                       commentaries=[], asides=[], links=[], cited_by_law=[]).body


@pytest.mark.parametrize("case", [c for c in CASES if not c["sure"] and isinstance(c["adresse"], str)
                                  and "schemas" not in c], ids=lambda c: repr(c["adresse"])[:40])
def test_stub_template_never_writes_a_dangerous_address(case):
    """Data that slipped past validation (a model built by hand) still never becomes a link."""
    body = _stub(case["adresse"], case["adresse"])
    hrefs = [h for h in re.findall(r'href="([^"]*)"', body) if not h.startswith("#")]  # headings' anchors aside
    assert hrefs == [], hrefs
    assert "Titre" in body and "publié par" not in body


def test_stub_template_writes_safe_addresses():
    body = _stub("http://bridgecode2017.ecolebridgetoulon.fr/LOI16.html", "https://www.ffbridge.fr/")
    assert [h for h in re.findall(r'href="([^"]*)"', body) if not h.startswith("#")] == ["http://bridgecode2017.ecolebridgetoulon.fr/LOI16.html",
                                                   "https://www.ffbridge.fr/"]
