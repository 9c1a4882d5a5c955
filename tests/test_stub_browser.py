"""The page of a law whose official text is absent still answers (issue 19): Loi 64, at phone size (touch)
and on a desktop, gathers the revoke guide's passages, the notes and examples, and the revoke checklist."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import nonempty

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "build" / "screenshots"  # looked at by a person, not committed


@pytest.fixture(params=["phone", "desktop"])
def stub_page(request, sized_tab):
    """A page of the module's tab of that size, that fails on a script error or a request to another host."""
    tab = sized_tab(request.param)
    pg = tab.begin()
    pg.lois_kind = request.param
    yield pg
    tab.end()


def _checklists_citing(law: int) -> list[str]:
    out = []
    for f in sorted((ROOT / "corpus/checklists").glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        qs = data.get("questions") or []
        cites = [str(c) for q in (qs.values() if isinstance(qs, dict) else qs) for c in (q.get("cites") or [])]
        if law in (data.get("laws") or []) or any(re.match(rf"{law}(?!\d)", c) for c in cites):
            out.append(data["title"])
    return out


def test_stub_of_loi_64_gathers_passages_examples_and_the_checklist(stub_page, site_url, model):
    page = stub_page
    page.goto(site_url + "lois/64/")
    assert page.locator("h1").first.inner_text().startswith("Loi 64")
    notice = page.locator(".lois-stub-notice")
    assert "n'est pas inclus" in notice.inner_text()
    link = notice.locator(".lois-stub-edition a")
    assert link.get_attribute("href") == model.edition.publisher.url  # a plain link: nothing is loaded
    # the revoke guide's passages, each taken from the commentary itself
    guide = (ROOT / "corpus/commentaires/renonce-64.md").read_text(encoding="utf-8")
    passages = page.locator(".lois-stub-passages li")
    assert passages.count() >= 2
    for i in range(passages.count()):
        words = passages.nth(i).inner_text().split(" — ")[-1].rstrip("…").split()[:8]
        assert " ".join(words).replace("*", "") in " ".join(guide.replace("*", "").split())
    assert page.get_by_role("link", name=model.commentaries["renonce-64"].title).count() >= 1
    # examples that apply Loi 64, from corpus/exemples
    examples = [yaml.safe_load(f.read_text(encoding="utf-8"))
                for f in sorted((ROOT / "corpus/exemples").glob("*.yaml"))]
    applying = [e["title"] for e in examples if any(re.match(r"64(?!\d)", str(p)) for p in e.get("provisions") or [])]
    assert applying
    for title in applying:
        assert page.get_by_text(title, exact=False).count() >= 1, title
    # the checklists that cite Loi 64: a link that opens them
    expected = _checklists_citing(64)
    assert expected
    aside = page.locator(".lois-cl-link")
    for title in expected:
        assert aside.get_by_role("link", name=title).count() == 1
    # nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"stub-64-{page.lois_kind}.png"), full_page=False)
    aside.get_by_role("link", name=expected[0]).click()
    page.wait_for_load_state()
    assert "/checklists/" in page.url


def test_stub_names_the_law_by_its_recorded_title_and_source(stub_page, site_url, model):
    page = stub_page
    law = next(n for n in model.stub_laws() if n in model.edition.titles and model.edition.titles[n].url)
    t = model.edition.titles[law]
    page.goto(site_url + f"lois/{law}/")
    assert t.title in page.locator("h1").first.inner_text()
    assert page.locator(".lois-stub-title a").get_attribute("href") == t.url
    # the sentence as read: the title, then its source after a space
    assert page.locator(".lois-stub-title").inner_text().startswith(f"Titre\u00a0: {t.title} (relevé sur ")


def test_partial_law_says_which_sections_are_missing_where_they_would_be(stub_page, site_url, model):
    page = stub_page
    shown = 0
    for law, part in nonempty(model.edition.partial.items()):
        page.goto(site_url + f"lois/{law}/")
        heads = [h.split("¶")[0].strip() for h in page.locator("h2.lois-section, h2[id]").all_inner_texts()]
        letters = [h[0] for h in heads if len(h) > 1 and h[1] == "." and h[0].isupper()]
        assert letters == sorted(letters), f"Loi {law} : sections hors d'ordre {letters}"
        for letter in part.missing:
            assert f"{letter}. (section non incluse)" in heads
            assert page.locator(f"[id='{letter}']").count() == 1
            shown += 1
    assert shown, "aucune section absente déclarée : le test ne vérifierait rien"
