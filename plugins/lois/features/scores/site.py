"""The calculators' page (« Marques ajustées »): three forms walked by ``assets/lois/scores.js`` with the rules
of :mod:`lois.features.scores.calc`, shipped as data."""
from __future__ import annotations

from lois.core.ids import ProvisionId
from lois.render.htmlpage import provision_cite as _cite, script_json
from lois.features.scores import fiche
from lois.features.scores.calc import RULES
from lois.render import htmlpage, templates
from lois.render.htmlpage import HtmlPage

PAGE = "calculs/marque-ajustee.md"
FICHE_SCHEMA = "assets/lois/fiche-schema.js"
FICHES = "fiches/index.md"


def _citations() -> list[str]:
    out = ["12C1(c)", "78B"]
    for ev in RULES["events"].values():
        out += ev["citations"] + ev["organiser_citations"]
    out += RULES["session"]["citations"] + RULES["knockout"]["citations"]
    return list(dict.fromkeys(out))


def page_data(site, from_page: str) -> dict:
    """The rules and their citations (written as canonical ids in the rules, which the browser reads too)."""
    return {"rules": RULES, "cites": {pid: _cite(site, ProvisionId.parse(pid), from_page) for pid in _citations()}}


def render_page(site) -> HtmlPage:
    return htmlpage.render_page(
        "scores/page.html", "Marques ajustées", linked=lambda text: templates.safe(site.linkify(text, PAGE, None, ())),
        data=templates.safe(script_json(page_data(site, PAGE))), fiches_href=site.href(PAGE, FICHES),
        column=RULES["events"]["paires"]["column"], rules=RULES)


def render_fiches(site) -> HtmlPage:
    return htmlpage.render_page("scores/fiches.html", "Fiches d'arbitrage")


def contribute(site) -> None:
    site.add_page(PAGE, render_page(site))
    site.add_page(FICHES, render_fiches(site))
    site.add_nav("Marques ajustées", PAGE)
    site.add_nav("Fiches d'arbitrage", FICHES)
    # each script on the pages of its widgets: the calculators (data-calc), and the record button (data-fiches, on
    # the calculators and the checklists) and the records' page
    site.add_script("assets/lois/scores.js", only_where=('data-calc="',))
    site.add_file(FICHE_SCHEMA, fiche.browser_script())  # the record's schema, before the code that reads records
    records = ('data-fiches="', 'class="lois-fiches"')
    site.add_script(FICHE_SCHEMA, only_where=records)
    site.add_script("assets/lois/fiche.js", only_where=records)
    site.add_style("assets/lois/scores.css", only_where=('data-calc="', *records))
