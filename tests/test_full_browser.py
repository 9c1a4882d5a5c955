"""A reader's walk in Debian's full Chromium (package `chromium`), the browser readers have: the rest of the suite
runs in its headless shell (conftest.CHROMIUM), the same engine without the window layers, a quarter faster.

Tests of other modules are collected here a second time, unchanged, with `browser` standing for the full browser:
the law pages (links, previews, « Cité par », permalinks), a checklist walked by taps on a phone, and the service
worker keeping pages for a visit without network."""
from __future__ import annotations

import pytest

from conftest import PHONE, tab_fixtures
from test_browser_spine import (  # noqa: F401  (collected here again)
    test_citation_link_lands_on_the_cited_provision, test_cited_by_opens_and_links_back,
    test_permalink_of_a_provision_is_visible_and_copyable, test_preview_tooltip_shows_on_hover,
    test_stub_page_lists_who_cites)
from test_checklists_scores_browser import test_revoke_common_path_three_taps  # noqa: F401
from test_offline_browser import test_served_core_visited_and_uncached  # noqa: F401

_phone_tab, phone = tab_fixtures(**PHONE)


@pytest.fixture(scope="module")
def browser(full_browser):
    """In this module, every tab and context of conftest is opened in the full browser."""
    return full_browser


def test_the_tabs_of_this_module_are_in_the_full_browser(page, full_browser):
    assert page.context.browser is full_browser
