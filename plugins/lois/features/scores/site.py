"""The calculators' page (« Marques ajustées »): two forms walked by ``assets/lois/scores.js`` with the rules
of :mod:`lois.features.scores.calc`, shipped as data."""
from __future__ import annotations

from lois.features.checklists.site import _cite, script_json
from lois.features.scores.calc import RULES
from lois.render import templates

PAGE = "calculs/marque-ajustee.md"
FICHES = "fiches/index.md"

INTRO = ("Quand aucun résultat ne peut être obtenu, l'arbitre attribue une marque ajustée artificielle selon la "
         "responsabilité de chaque camp (Loi 12C2). Quand plusieurs résultats étaient possibles, la marque ajustée "
         "de remplacement peut être pondérée par leur probabilité (Loi 12C1(c)).")


def _citations() -> list[str]:
    out = ["12C1(c)"]
    for ev in RULES["events"].values():
        out += ev["citations"] + ev["organiser_citations"]
    out += RULES["session"]["citations"]
    return list(dict.fromkeys(out))


def page_data(site, from_page: str) -> dict:
    return {"rules": RULES, "cites": {pid: _cite(site, pid, from_page) for pid in _citations()}}


def render_page(site) -> str:
    body = templates.render(
        "scores/page.html", intro=templates.safe(site.linkify(INTRO, PAGE, None, ())),
        data=templates.safe(script_json(page_data(site, PAGE))), fiches_href=site.href(PAGE, FICHES))
    return "---\ntitle: Marques ajustées\n---\n# Marques ajustées\n\n" + body


def render_fiches(site) -> str:
    body = templates.render("scores/fiches.html")
    return "---\ntitle: Fiches d'arbitrage\n---\n# Fiches d'arbitrage\n\n" + body


def contribute(site) -> None:
    site.add_file(PAGE, render_page(site))
    site.add_file(FICHES, render_fiches(site))
    site.add_nav("Marques ajustées", PAGE)
    site.add_nav("Fiches d'arbitrage", FICHES)
    site.add_script("assets/lois/scores.js")
    site.add_script("assets/lois/fiche.js")
    site.add_style("assets/lois/scores.css")
