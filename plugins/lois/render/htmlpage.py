"""A generated page as finished HTML: its title, its body, its table of contents and its front matter.

The renderer writes generated pages in HTML through templates; nothing reads them back as Markdown. A page's
headings are written by :class:`Headings`, which records each one for the table of contents while the
template writes it::

    {{ h(2, "A", "A. La carte pénalisée reste exposée", cls="lois-section", data_id="50A") }}

gives ``<h2 class="lois-section" data-id="50A" id="A">A. La carte…<a class="headerlink" href="#A" …>¶</a></h2>``
(the form the site's themes expect, with its « ¶ » permalink) and the entry ``A. La carte…`` under the page's
first heading. An adapter hands the page to its site generator as it is (lois.adapters.mkdocs_plugin);
:meth:`HtmlPage.source` is the same page as a Markdown file (front matter + HTML) for tools that want one.
"""
from __future__ import annotations

import html
import json
import re
import unicodedata
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from lois.core.ids import ProvisionId

PERMALINK_TITLE = "Lien permanent vers cette section"


@dataclass(frozen=True)
class TocEntry:
    level: int
    id: str
    title: str  # HTML (escaped text)
    children: list["TocEntry"] = field(default_factory=list)


@dataclass
class HtmlPage:
    title: str  # plain text
    body: str  # HTML
    toc: list[TocEntry] = field(default_factory=list)
    meta: dict = field(default_factory=dict)  # front matter beyond the title (e.g. hide, description)

    def front_matter(self) -> dict:
        """The page's front matter. Themes print page titles without escaping them (menu, <title>, header), so
        the title is HTML-escaped here: &, < and > only — the theme escapes it itself inside attributes
        (« Suivant : … » links), where an escaped quote would show as « &#39; »."""
        return {"title": html.escape(" ".join(self.title.split()), quote=False), **self.meta}

    def source(self) -> str:
        """The page as a Markdown file: front matter, then the HTML (HTML blocks are Markdown)."""
        lines = [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in self.front_matter().items()]
        return "---\n" + "\n".join(lines) + "\n---\n" + self.body

    def anchors(self) -> set[str]:
        out: set[str] = set()
        stack = list(self.toc)
        while stack:
            e = stack.pop()
            out.add(e.id)
            stack.extend(e.children)
        return out


def slug(text: str) -> str:
    """The id of a heading that has no explicit one: its text in lower-case ASCII, words joined by « - »
    (« Graphe des renvois » → ``graphe-des-renvois``), as Markdown tables of contents make them."""
    ascii_text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", ascii_text).strip().lower())


class Headings:
    """Writes a page's headings and keeps them, nested by level, for its table of contents."""

    def __init__(self):
        self.toc: list[TocEntry] = []
        self._open: list[TocEntry] = []

    def __call__(self, level: int, id: str, text, cls: str = "", data_id: str = "") -> Markup:
        title = escape(" ".join(str(text).split())) if not isinstance(text, Markup) else text
        entry = TocEntry(level, id, str(title))
        while self._open and self._open[-1].level >= level:
            self._open.pop()
        (self._open[-1].children if self._open else self.toc).append(entry)
        self._open.append(entry)
        attrs = (f' class="{escape(cls)}"' if cls else "") + (f' data-id="{escape(data_id)}"' if data_id else "")
        id_ = escape(id)
        return Markup(f'<h{level}{attrs} id="{id_}">{escape(title)}<a class="headerlink" href="#{id_}" '
                      f'title="{escape(PERMALINK_TITLE)}">¶</a></h{level}>')


def render_page(template: str, page_title: str, page_meta: dict | None = None, **context) -> HtmlPage:
    """Render a page template (given ``h``, a :class:`Headings`) into an :class:`HtmlPage`."""
    from lois.render.templates import render

    h = Headings()
    body = render(template, h=h, **context)
    return HtmlPage(page_title, body, h.toc, dict(page_meta or {}))


def script_json(data) -> str:
    """JSON for a <script type="application/json"> element: no « < », « > » or « & » at all, so that no
    text of the data (« </script> », « <!-- ») can end or change the element. Its texts are spaced as the page's
    (lois.render.typo_html.spaced_data): what the script shows follows French typography too."""
    from lois.render.typo_html import spaced_data

    return (json.dumps(spaced_data(data), ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026"))


def has_law_page(site, law: int) -> bool:
    return law in site.model.laws or site.law_page(law) in site.files  # a present law or its stub page


def provision_cite(site, pid: ProvisionId, from_page: str) -> dict:
    """A cited provision in a page's script data: its label, its preview and its link (to the stub page of a law whose
    text is absent; none without one)."""
    law = pid.law
    has_page = has_law_page(site, law)
    if pid in site.model.provisions:
        href = site.provision_href(from_page, pid)
    else:  # a law whose text is absent: its stub page (the anchor of a provision stub may not exist there)
        href = site.href(from_page, site.law_page(law)) if has_page else None
    return {"id": str(pid), "label": f"Loi {pid}", "preview": site.preview(pid), "href": href}
