"""The page ``chevalets/``: one card per « Que faire si… » situation and per checklist, each with its title,
its QR code and its address written out, laid out for A4 printing (``assets/lois/tents.css``).

A phone that scans a code must get an absolute address, and only the browser knows where the site is served
(domain root, sub-folder, club intranet, another port): the page holds, for each card, the link to its page
(relative, as every link of the site), and ``assets/lois/tents.js`` resolves it against the page's own address
and draws the code with ``assets/lois/qrcode.js``, the file ``dist/qrcode.js`` of the npm package
``qrcode-generator`` 2.0.4 (Kazuhiko Arase, MIT licence, in its header), copied unchanged. Opened from a copy on
disk (``file://``), the page draws no code and says why: a phone cannot open such an address.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from lois.render import htmlpage
from lois.render.htmlpage import HtmlPage

PAGE = "chevalets.md"
STYLE = "assets/lois/tents.css"
SCRIPT = "assets/lois/tents.js"
ENCODER = "assets/lois/qrcode.js"  # qrcode-generator 2.0.4 (npm), dist/qrcode.js unchanged
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


def render_page(site) -> HtmlPage:
    return htmlpage.render_page("tents/page.html", "Chevalets de table (codes QR)", cards=tents(site))


def _text(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def contribute(site) -> None:
    site.on_contributed(lambda s: s.add_page(PAGE, render_page(s)))  # after the pages it links to
    site.add_file(STYLE, _text("tents.css"))
    site.add_file(ENCODER, _text("qrcode.js"))
    site.add_file(SCRIPT, _text("tents.js"))
    marker = ('class="lois-tents"',)  # the tents page only
    site.add_style(STYLE, only_where=marker)
    site.add_script(ENCODER, only_where=marker)
    site.add_script(SCRIPT, only_where=marker)
    site.add_nav("Chevalets de table (QR)", PAGE)
