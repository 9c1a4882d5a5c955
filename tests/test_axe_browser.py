"""Issue 34: accessibility measured by a maintained checker, not by hand. axe-core (Deque; npm, tests/package.json,
injected by Playwright: the site never loads it) over every built page — the site served, two states a reader reaches
(search results, a checklist's ruling), and the offline copy opened as files — for WCAG 2.2 AA, on a phone
(390×844, touch) and a desktop, in the light and the dark scheme: no serious or critical violation. axe runs once per
page and configuration: each page is opened once per size in the light scheme and checked for all the rules, then
put in the dark scheme as the theme's toggle does and checked again for the rules that depend on colours (the rest
sees the same page); two tabs take turns, one page loading while axe checks the other. The counts by impact and
rule, each scheme in a context of its own (the device's preference): python bench/axe_report.py. The pages are
opened once for this module and tests/test_browser_crawl.py (conftest.site_visits)."""
from __future__ import annotations

import pytest

from axecheck import audit, new_context


def _no_grave(*visits) -> None:
    grave = [str(v) for visit in visits for v in visit.violations if v.impact in ("critical", "serious")]
    assert not grave, "\n".join(grave)


@pytest.mark.timeout(600)  # 60 to 90 s on an idle machine (2 cores), the three visits of site_visits; more when shared
def test_every_site_page_on_a_phone_has_no_serious_or_critical_violation(site_visits):
    """Every page of the site, at the table's size, both schemes."""
    _no_grave(site_visits["phone"])


@pytest.mark.timeout(600)
def test_each_kind_of_page_on_a_desktop_and_in_the_offline_copy_has_no_serious_or_critical_violation(site_visits):
    """On a desktop, and in the offline copy opened as files on a phone, one page of each kind (the same templates as
    above, another layout or other links: conftest.site_visits); bench/axe_report.py checks every page in every
    configuration."""
    _no_grave(site_visits["desktop"], site_visits["offline"])


def test_the_checker_sees_a_violation(browser, site_url):
    """The same audit on the home page given a field without a label, and grey paragraphs in the dark scheme only:
    axe reports the field (critical) and, once the page is put in the dark scheme, the contrast (serious) — so a
    page that passes was checked, in both schemes."""
    ctx = new_context(browser, "phone", "light")
    try:
        ctx.add_init_script("""addEventListener('DOMContentLoaded', () => {
            document.body.append(Object.assign(document.createElement('input'), {type: 'text'}));
            document.head.append(Object.assign(document.createElement('style'),
                {textContent: '[data-md-color-scheme=slate] .md-content p { color: #333 !important }'})); })""")
        found = audit(ctx, {"": site_url}, "light", then_dark=True, lanes=1)
    finally:
        ctx.close()
    assert sorted({(v.scheme, v.rule, v.impact) for v in found}) == [
        ("dark", "color-contrast", "serious"), ("light", "label", "critical")]
