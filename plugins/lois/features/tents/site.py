"""The page ``chevalets/``: one card per « Que faire si… » situation and per checklist, each with its title, its
QR code (segno, inline SVG) and its address written out, laid out for A4 printing (``assets/lois/tents.css``).

A QR code must hold an absolute address for a phone to open it: the site's ``site_url`` (mkdocs.yml). The page
is generated with the features' pages (and cached with them) without it; :func:`configured` generates it again
when the MkDocs configuration names a ``site_url``. Without one, each code holds the page's path from the root
of the site and the page says, on screen and on paper, that ``site_url`` must be set before printing.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

import segno

from lois.render import htmlpage
from lois.render.htmlpage import HtmlPage
from lois.render.templates import safe

PAGE = "chevalets.md"
STYLE = "assets/lois/tents.css"
SITUATIONS_PAGE = "que-faire-si.md"


@dataclass
class Tent:
    kind: str      # "situation" | "checklist"
    label: str     # « Que faire si… » / « Arbitrage pas à pas »
    title: str
    path: str      # site-relative URL of the page (with its anchor)
    href: str      # link from the tents page


def tents(site) -> list[Tent]:
    """The situations of « Que faire si… », then the checklists, in the order of the corpus."""
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists

    out: list[Tent] = []
    if SITUATIONS_PAGE in site.files:
        for s in load_annotations(site.model).situations:
            out.append(Tent("situation", "Que faire si…", s.title, site.url(SITUATIONS_PAGE) + "#" + s.id,
                            site.href(PAGE, SITUATIONS_PAGE, s.id)))
    for name, cl in load_checklists(site.model.root, site.model).items():
        page = f"checklists/{name}.md"
        if page in site.files:
            out.append(Tent("checklist", "Arbitrage pas à pas", cl.title, site.url(page), site.href(PAGE, page)))
    return out


def address(path: str, site_url: str | None) -> str:
    """What the code holds: the absolute address under ``site_url``, else the path from the site's root."""
    if not site_url:
        return path
    base = site_url if site_url.endswith("/") else site_url + "/"
    return base + path


def qr_svg(data: str, title: str) -> str:
    """The QR code of ``data`` as inline SVG (error correction M: a tent gets creased and stained)."""
    qr = segno.make(data, error="m", micro=False)
    return qr.svg_inline(scale=1, border=4, omitsize=True, dark="#000", light="#fff", title=title,
                         svgclass="lois-tent-qr", lineclass=None)


def render_page(site, site_url: str | None) -> HtmlPage:
    cards = []
    for t in tents(site):
        data = address(t.path, site_url)
        cards.append({"kind": t.kind, "label": t.label, "title": t.title, "href": t.href, "address": data,
                      "qr": safe(qr_svg(data, f"Code QR : {t.title}"))})
    return htmlpage.render_page("tents/page.html", "Chevalets de table (codes QR)", cards=cards,
                                site_url=site_url or "", example=cards[0]["address"] if cards else "")


def contribute(site) -> None:
    site.on_contributed(lambda s: s.add_page(PAGE, render_page(s, None)))  # after the pages it links to
    site.add_file(STYLE, resources.files(__package__).joinpath("tents.css").read_text(encoding="utf-8"))
    site.add_style(STYLE)
    site.add_nav("Chevalets de table (QR)", PAGE)


def configured(site, config) -> None:
    """With a ``site_url`` in the MkDocs configuration, the codes hold absolute addresses under it."""
    site_url = (config.get("site_url") or "").strip()
    if site_url and PAGE in site.files:
        site.add_page(PAGE, render_page(site, site_url))
