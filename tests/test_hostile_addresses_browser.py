"""Addresses anyone can type or mangle (a stray « % », a malformed escape) never make a page script throw:
the copy controls stay on every law page, the checklist runner still starts and says in French which answer
of the address it could not use. Phone size (390×844, touch), the real site in Chromium."""
from __future__ import annotations

import pytest

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture()
def phone(browser, site_url):
    """A phone-sized page that records every uncaught script error; always closed."""
    ctx = browser.new_context(**PHONE)
    try:
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.lois_errors = errors
        yield pg
    finally:
        ctx.close()


@pytest.mark.parametrize("anchor", ["D2%", "%E0%A4%A", "D2%ZZ", "%"])
def test_law_page_with_malformed_anchor_keeps_its_copy_controls(phone, site_url, anchor):
    phone.goto(f"{site_url}lois/50/#{anchor}")
    phone.locator(".lois-copies").first.wait_for(state="attached")  # in the provision actions menu (hidden until opened)
    assert phone.locator(".lois-copies").count() > 0
    assert phone.lois_errors == []


@pytest.mark.parametrize("query,shown", [
    ("joueur:%25", "%"),       # decodes to « % »: not a choice of « joueur »
    ("joueur:%ZZ", "%ZZ"),     # malformed escape: kept as typed
    ("%:defense", None),       # malformed question name: ignored, the runner starts at the first question
])
def test_checklist_with_malformed_answers_starts_and_says_what_it_ignored(phone, site_url, query, shown):
    phone.goto(f"{site_url}checklists/carte-penalisee/?r={query}")
    phone.locator(".lois-cl-question").first.wait_for()
    assert "Qui a exposé la carte" in phone.locator(".lois-cl-ui").inner_text()
    if shown is not None:
        assert f"Réponse inconnue « {shown} » à la question « joueur »" in phone.locator(".lois-cl-ui").inner_text()
    assert phone.lois_errors == []
