"""Issue 34: accessibility measured by a maintained checker, not by hand. axe-core (Deque; npm, tests/package.json,
injected by Playwright: the site never loads it) over every built page — the site served, two states a reader reaches
(search results, a checklist's ruling), and the offline copy opened as files — for WCAG 2.2 AA, on a phone
(390×844, touch) and a desktop, in the light and the dark scheme: no serious or critical violation. axe runs once per
page and configuration: each page is opened once per size in the light scheme and checked for all the rules, then
put in the dark scheme as the theme's toggle does and checked again for the rules that depend on colours (the rest
sees the same page); two tabs take turns, one page loading while axe checks the other. The counts by impact and
rule, each scheme in a context of its own (the device's preference): python bench/axe_report.py."""
from __future__ import annotations

import pytest

from axecheck import STATES, audit, axe_source, every_page, new_context, unzip_copy


@pytest.fixture(scope="module")
def urls(built_site, site_url, tmp_path_factory) -> dict[str, str]:
    """Name → address of every page: the site's served (and STATES), the offline copy's as files (« hors-ligne:… »)."""
    try:
        axe_source()
    except FileNotFoundError as e:
        pytest.fail(str(e))
    found = every_page(built_site, site_url, unzip_copy(built_site, tmp_path_factory.mktemp("copie")))
    copy = [n for n in found if n.startswith("hors-ligne:")]
    assert len(found) - len(copy) >= 60 + len(STATES) and len(copy) >= 60  # every page, not a sample
    return found


def _no_grave(browser, urls: dict[str, str], size: str) -> None:
    ctx = new_context(browser, size, "light")
    try:
        found = audit(ctx, urls, "light", then_dark=True)
    finally:
        ctx.close()
    grave = [str(v) for v in found if v.impact in ("critical", "serious")]
    assert not grave, "\n".join(grave)


def one_of_each_kind(urls: dict[str, str]) -> dict[str, str]:
    """One page of each kind (its first folder: « lois/ », « checklists/ », « notes/ »…, the home page, each state):
    the pages of a kind come from one template, with the same markup and colours."""
    kinds: dict[str, tuple[str, str]] = {}
    for name, url in sorted(urls.items()):
        kinds.setdefault(name.split("/", 1)[0] if "/" in name.rstrip("/") else name, (name, url))
    return dict(kinds.values())


@pytest.mark.timeout(600)  # 40 to 60 s on an idle machine (2 cores); 200 s and more when it is shared
def test_every_site_page_on_a_phone_has_no_serious_or_critical_violation(browser, urls):
    """Every page of the site, at the table's size, both schemes."""
    _no_grave(browser, {n: u for n, u in urls.items() if not n.startswith("hors-ligne:")}, "phone")


@pytest.mark.timeout(600)
def test_each_kind_of_page_on_a_desktop_and_in_the_offline_copy_has_no_serious_or_critical_violation(browser, urls):
    """On a desktop, and in the offline copy opened as files on a phone, one page of each kind (the same templates as
    above, another layout or other links); bench/axe_report.py checks every page in every configuration."""
    site = one_of_each_kind({n: u for n, u in urls.items() if not n.startswith("hors-ligne:")})
    copy = one_of_each_kind({n.removeprefix("hors-ligne:"): u for n, u in urls.items() if n.startswith("hors-ligne:")})
    assert len(site) >= 10 and len(copy) >= 10, (site, copy)
    _no_grave(browser, site, "desktop")
    _no_grave(browser, {"hors-ligne:" + n: u for n, u in copy.items()}, "phone")


def test_the_checker_sees_a_violation(browser, site_url, urls):
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
