"""Render the corpus as site pages (HTML pages through templates, lois.render.htmlpage), independent of MkDocs.

``SiteBuild(model).build()`` produces every generated file (law pages, stubs,
index, graph, commentary pages, assets). Feature modules (search, annotations,
checklists, club links) add their own pages, assets and per-provision extras
through the ``contributors`` the adapter passes in; the MkDocs plugin only hands the files over.
"""
from __future__ import annotations

import hashlib
import html
import json
import re
import posixpath
from pathlib import Path
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Sequence

from markupsafe import Markup, escape

from lois.core import livememo, reads
from lois.core.annotate import Span, annotate
from lois.core.corpus import Model, _short
from lois.core.ids import Level, ProvisionId, leads_to, not_found, not_on_site
from lois.core.parse import Provision
from lois.render import law_page, minify, pages
from lois.render import pages as pages_mod
from lois.render.inline import tooltip_attr
from lois.render.law_page import Aside
from lois.render.gloss import Glossary, GlossScope, GlossTerm
from lois.render.htmlpage import HtmlPage

# a list preview (a range « Lois 61 à 64 »: one line per provision, render/assets/card.js) shows this many lines
LIST_MAX = 10

# Material renders the whole menu in every page: a menu section that grew with the corpus would make the
# build quadratic. Beyond this many pages, a section shows its index page only (see SiteBuild.nav_section).
NAV_MAX = 40
ASSETS = Path(__file__).resolve().parent / "assets"
# The build of the data that pages fetch once loaded (the search's index and shards, each build's in a folder of its
# own): every page names it (<meta name="lois-build">, overrides/main.html, from SiteBuild.build_id), and this file
# says which build the server serves now (a page open across a deploy tells « new version » from « damaged data »)
BUILD_FILE = "assets/lois/version.txt"
BUNDLE_DIR = "assets/lois"  # the bundles sit beside the files they hold: their relative addresses stay right
# Links made once and placed in several files (a checklist's texts, linked for its page and for checklists.json):
# made from ANY_PAGE, each link's address is a slot naming its target (« \0lois/27.md#B2\0 »), which
# SiteBuild.placed turns into the address from a given page. A slot holds a docs path and a provision's anchor,
# which need no escaping in HTML (checked when it is made): the placed text is the text linked from that page.
ANY_PAGE = "\0"
_SLOT = re.compile("\0([^\0#]*)#([^\0]*)\0")
_PLAIN_TARGET = re.compile(r"[\w./-]*")

def cite_link(cls: str, href: str, ref: str, title: Markup, label: str) -> Markup:
    """A citation link; the title is the preview, already escaped for the theme's tooltips (see tooltip_attr)."""
    return Markup(f'<a class="{escape(cls)}" href="{escape(href)}" data-ref="{escape(ref)}" title="{title}">'
                  f'{escape(label)}</a>')


def absent_link(ref: str, title: Markup, label: str) -> Markup:
    return Markup(f'<span class="lois-cite-absent" data-ref="{escape(ref)}" title="{title}">{escape(label)}</span>')


@dataclass(frozen=True)
class PageScript:
    """A script that only the pages using it load: those whose HTML holds one of ``markers``, a text of the
    widget the script drives (``class="lois-cl"``, the root of a checklist). A page without the widget neither
    downloads nor runs it.

    >>> runner = PageScript("assets/lois/checklists.js", ('class="lois-cl"',))
    >>> runner.wanted('<div class="lois-cl" data-checklist="renonce">'), runner.wanted('<p class="lois-cl-link">')
    (True, False)
    """
    path: str
    markers: tuple[str, ...]

    def wanted(self, html: str) -> bool:
        return any(m in html for m in self.markers)


@dataclass
class GeneratedFile:
    path: str  # docs-relative: "lois/50.md", "assets/lois/previews.json"
    data: str | bytes | HtmlPage  # an asset's content, or a page already rendered to HTML

    @property
    def page(self) -> HtmlPage | None:
        return self.data if isinstance(self.data, HtmlPage) else None

    @property
    def content(self) -> str | bytes:
        """The file as written on disk by tools that want files (a page: Markdown front matter + its HTML)."""
        return self.data.source() if isinstance(self.data, HtmlPage) else self.data


@dataclass
class SiteBuild:
    model: Model
    use_directory_urls: bool = True
    # served by a live-reloading server (`mkdocs serve`): pages change under the open tabs at every save
    live: bool = False
    # `fn(site)` of each feature (lois.features.site_contributors), run during build: files, menu, extras
    contributors: list[Callable[["SiteBuild"], None]] = field(default_factory=list)
    files: dict[str, GeneratedFile] = field(default_factory=dict)
    nav: list = field(default_factory=list)  # mkdocs nav entries added by the build and contributors
    scripts: list[str] = field(default_factory=list)  # loaded by every page, in this order
    # loaded by every page before those: data that changes with the corpus (kept out of the bundle, :meth:`bundle`)
    data_scripts: list[str] = field(default_factory=list)
    page_scripts: list[PageScript] = field(default_factory=list)  # after those, by the pages that use them
    # fetched by a page's script when needed (search.js by search-box.js), each under a name of its content:
    # path → that name (:meth:`bundle`)
    lazy_scripts: dict[str, str] = field(default_factory=dict)
    styles: list[str] = field(default_factory=list)
    page_styles: list[PageScript] = field(default_factory=list)  # after those, by the pages that use them
    # enrichments keyed by provision id / law number, rendered once by the law page (lois.render.law_page.Aside)
    asides: dict[ProvisionId, list[Aside]] = field(default_factory=dict)
    law_asides: dict[int, list[Aside]] = field(default_factory=dict)
    glossary: Glossary | None = None  # hover definitions (set_glossary), placed as texts are rendered
    finishers: list[Callable[["SiteBuild"], None]] = field(default_factory=list)
    _previews: dict = field(default_factory=dict, init=False, repr=False)  # (target, limit) → preview
    # source file → what it is, from sources.yaml (document_name), read at the first question
    _documents: dict[str, str] | None = field(default=None, init=False, repr=False)
    # what a feature keeps for the length of one build, under its own name (the offline archive's writer, memos)
    state: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    not_in_nav: set[str] = field(default_factory=set)  # generated pages reached from an index, not the menu

    @property
    def build_id(self) -> str:
        """The build of the data pages fetch (the text of :data:`BUILD_FILE`, which the search writes); "" without."""
        f = self.files.get(BUILD_FILE)
        return f.content if f is not None and isinstance(f.content, str) else ""

    def __post_init__(self) -> None:
        if self.live:
            reads.watch_site(self)  # a page that links another only if it exists reads its presence

    def kept(self, name: str, inputs: tuple, build: Callable[[], Any]):
        """``build()``, which reads the model, the site's files and questions (:meth:`preview`), the form of the links
        and ``inputs`` alone; under `mkdocs serve`, given back while ``inputs`` are the same objects (``is``: what
        lois.core.filememo gives back for an unchanged file, or values such as texts) and the model is the same or
        answers what it read the same (a law saved: lois.core.reads)."""
        if not self.live:
            return build()
        return reads.kept(f"{name}\0{self.use_directory_urls}", inputs, build, self.model, self)

    # ------------------------------------------------------------------ API for contributors
    def add_file(self, path: str, content: str | bytes) -> None:
        self.files[path] = GeneratedFile(path, content)

    def add_page(self, path: str, page: HtmlPage) -> None:
        """A generated page, rendered: the site generator shows it as it is (no Markdown pass)."""
        self.files[path] = GeneratedFile(path, page)

    def add_nav(self, title: str, entry) -> None:
        self.nav.append({title: entry})

    def nav_section(self, title: str, pages: list[str], index: str | None = None) -> dict:
        """Menu entry of a section: its index page (if any) and its pages; beyond NAV_MAX pages, the index
        page only (written here, listing the pages, when the section has none) and the pages leave the menu."""
        if len(pages) <= NAV_MAX:
            return {title: ([index] if index else []) + list(pages)}
        if index is None:
            index = posixpath.dirname(pages[0]) + "/index.md"
            self.add_page(index, pages_mod.render_nav_index(self, index, title, pages))
        self.not_in_nav.update(pages)
        return {title: index}

    def add_nav_section(self, title: str, pages: list[str], index: str | None = None) -> None:
        self.nav.append(self.nav_section(title, pages, index))

    def page_title(self, path: str) -> str:
        """The (HTML-escaped) title in a generated page's front matter."""
        from lois.core.yamlfile import parse_yaml

        page = self.files[path].page
        if page is not None:
            return html.escape(" ".join(page.title.split()), quote=False)
        content = self.files[path].content
        m = re.match(r"---\n(.*?)\n---\n", content, re.S) if isinstance(content, str) else None
        title = (parse_yaml(m.group(1), path, 2).data or {}).get("title") if m else None
        return str(title) if title else html.escape(self.url(path))

    def on_contributed(self, fn: Callable[["SiteBuild"], None]) -> None:
        """`fn(site)` runs once every contributor has run (pages that link to pages of other features)."""
        self.finishers.append(fn)

    def add_script(self, path: str, only_where: tuple[str, ...] = (), data: bool = False, lazy: bool = False) -> None:
        """A script every page loads, or with ``only_where``, only the pages whose HTML holds one of these texts
        (:class:`PageScript`); ``data``: a script of data every page loads first, outside the bundle; ``lazy``: a
        script no page loads itself, that another fetches when needed (:attr:`lazy_scripts`)."""
        if lazy:
            self.lazy_scripts[path] = path
        elif only_where:
            self.page_scripts.append(PageScript(path, only_where))
        elif data:
            self.data_scripts.append(path)
        else:
            self.scripts.append(path)

    def bundle(self, docs_dir: Path, styles: Sequence[str] = (), theme_css: tuple[str, str] | None = None
               ) -> tuple[str, str]:
        """The scripts every page loads in one file, and the site's stylesheets (``styles``, the hand-written ones
        from the configuration, then the features') in one, in their order, as Material ships its own: one
        request each, named by their content (``assets/lois/site.<hash>.js``) so that a browser keeps them for
        good and a new content is a new name; each lazy script too (``assets/lois/search.<hash>.js``). The files
        stay at their own address too (the club linkifier, tests).
        A page loads the data scripts, then the bundle, then its widgets' scripts (:class:`PageScript`).
        ``theme_css``: (name, text) of a stylesheet of the theme that the pages load no more, first in the bundle
        (the palette's rules the site uses: lois.render.minify.palette)."""
        def text(path: str) -> str:
            if path in self.files:
                content = self.files[path].content
                text = content.decode("utf-8") if isinstance(content, bytes) else content
            else:
                text = (Path(docs_dir) / path).read_text(encoding="utf-8")
            return minify.js(text) if path.endswith(".js") else minify.css(text)

        for path in self.lazy_scripts:  # the same file under a name of its content, as the bundle's
            body = text(path)
            stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            name = f"{BUNDLE_DIR}/{stem}.{hashlib.sha1(body.encode('utf-8')).hexdigest()[:10]}.js"
            self.add_file(name, body)
            self.lazy_scripts[path] = name
        out = []
        for paths, sep, ext in ((self.scripts, "\n;\n", "js"), ([*styles, *self.styles], "\n", "css")):
            body = sep.join(f"/* {p} */\n{text(p)}" for p in paths)
            if ext == "css" and theme_css:
                body = f"/* {theme_css[0]} */\n{theme_css[1]}\n{body}"
            name = f"{BUNDLE_DIR}/site.{hashlib.sha1(body.encode('utf-8')).hexdigest()[:10]}.{ext}"
            self.add_file(name, body)
            out.append(name)
        return out[1], out[0]

    def scripts_of(self, html: str) -> list[str]:
        """The page scripts a page whose HTML is ``html`` loads, after those of every page."""
        return list(_wanted((tuple(self.page_scripts), html)))

    def add_style(self, path: str, only_where: tuple[str, ...] = ()) -> None:
        """A stylesheet of every page (in the bundle), or with ``only_where``, only of the pages whose HTML holds
        one of these texts (as :meth:`add_script`)."""
        if only_where:
            self.page_styles.append(PageScript(path, only_where))
        else:
            self.styles.append(path)

    def styles_of(self, html: str) -> list[str]:
        """The stylesheets of the widgets a page whose HTML is ``html`` shows, after the bundle."""
        return list(_wanted((tuple(self.page_styles), html)))

    def add_aside(self, pid: ProvisionId, aside: Aside) -> None:
        """An enrichment (note, example…) shown beside a provision; hidden by « Texte seul » if it has a kind."""
        self.asides.setdefault(pid, []).append(aside)

    def add_law_aside(self, law: int, aside: Aside) -> None:
        """An enrichment of a whole law: under its introduction, or on the page of a law not in the corpus."""
        self.law_asides.setdefault(law, []).append(aside)

    def url(self, path: str) -> str:
        """Site-relative URL of a docs path: "lois/50.md" → "lois/50/"."""
        if not path.endswith(".md"):
            return path
        base = path[:-3]
        if base == "index" or base.endswith("/index"):
            return base[:-5]
        return base + "/" if self.use_directory_urls else base + ".html"

    def href(self, from_page: str, to_path: str, anchor: str = "") -> str:
        """Relative link from a docs page to a docs path (page or asset), with an optional anchor (from
        :data:`ANY_PAGE`: a slot, placed by :meth:`placed`)."""
        if from_page == ANY_PAGE:
            if not _PLAIN_TARGET.fullmatch(to_path + anchor):
                raise ValueError(f"adresse qu'une case de lien ne peut tenir : {to_path!r}, {anchor!r}")
            return f"\0{to_path}#{anchor}\0"
        from_url = self.url(from_page)
        from_dir = from_url if from_url.endswith("/") or from_url == "" else posixpath.dirname(from_url) + "/"
        if not self.use_directory_urls and from_page.endswith(".md"):
            from_dir = posixpath.dirname(from_url) + "/" if "/" in from_url else ""
        to_url = self.url(to_path)
        rel = _relpath(to_url or ".", from_dir or ".")
        if to_url.endswith("/") and not rel.endswith("/"):
            rel += "/"
        if rel == "./":
            rel = "./"
        return rel + (f"#{anchor}" if anchor else "")

    def placed(self, data, from_page: str):
        """``data`` (texts, lists, dicts) whose links were made from :data:`ANY_PAGE`, each link's slot turned into
        the address from ``from_page``: what making them from ``from_page`` gives."""
        if isinstance(data, str):
            return _SLOT.sub(lambda m: self.href(from_page, m[1], m[2]), data) if "\0" in data else data
        if isinstance(data, dict):
            return {k: self.placed(v, from_page) for k, v in data.items()}
        if isinstance(data, list):
            return [self.placed(v, from_page) for v in data]
        return data

    @staticmethod
    def law_page(law: int) -> str:
        return ProvisionId(law).page

    def provision_href(self, from_page: str, target: ProvisionId) -> str:
        pid = self.model.link_target(target)
        return self.href(from_page, pid.page, pid.anchor)

    def preview(self, target: ProvisionId, limit: int = 320) -> str:
        """Plain-text preview of a provision (with its sub-provisions), or of a stub (once per build; under serve,
        with what it read of the model: lois.core.reads)."""
        return reads.memo(self._previews, (target, limit), lambda: self._preview(target, limit))

    def _preview(self, target: ProvisionId, limit: int) -> str:
        m = self.model
        if target in m.provisions:
            p = m.provisions[target]
            parts = [t for t in (_full_text(p),) if t]
            label = f"Loi {p.id}" + (f" — {p.title}" if p.title and p.level != "law" else "")
            if p.level is Level.LAW:
                label = m.node_title(p.pid)
            return _short(label + " : " + " ".join(parts), limit)
        stub = m.stubs.get(target)
        if stub and stub.in_corpus_law:
            known = self.absent_here(target)
        else:
            title = m.law_title(target.law)
            known = f"Loi {target}" + (f" ({title})" if title else "") + " : texte non encore inclus dans ce site."
        citing = list(dict.fromkeys(_source_name(m, c.source) for c in m.cited_by(target)))
        if citing:
            known += " Citée par : " + ", ".join(citing) + "."
        return _short(known, limit)

    def absent_here(self, target: ProvisionId) -> str:
        """For a provision absent from the text of a law the site has (« 30B1(b)(xi) »), what the site says of it
        (:func:`lois.core.ids.not_found`): not there, and where its link leads (Model.link_target); else ""."""
        if target.law not in self.model.laws or target in self.model.provisions:
            return ""
        return (not_found(str(target), not_on_site(target.law)) + leads_to(f"la Loi {self.model.link_target(target)}")
                + ".")

    def list_line(self, target: ProvisionId) -> str:
        """A provision's line in a list preview: a whole law, or a provision whose text is absent, by its title
        (« Loi 62 — Correction d'une renonce (texte non inclus) »), a provision by its preview, a provision absent from
        the text of a law the site has by what the site says of it (:meth:`absent_here`)."""
        m = self.model
        absent = self.absent_here(target)
        if absent:
            return absent
        if target in m.stubs or target in m.provisions and m.provisions[target].level is Level.LAW:
            return m.node_title(target)
        if target in m.provisions:
            return self.preview(target, 240)
        return f"Loi {target} : texte non inclus dans ce site."

    def list_preview(self, targets: Sequence[ProvisionId]) -> str:
        """The preview of a citation of several provisions (a range): one line each, in order, at most LIST_MAX,
        lines separated by « \\n » (a single preview never holds one: the card shows the lines as a list)."""
        lines = list(dict.fromkeys(self.list_line(t) for t in targets))
        if len(lines) > LIST_MAX:
            lines = lines[:LIST_MAX] + [f"… et {len(lines) - LIST_MAX} de plus"]
        return "\n".join(lines)

    def words_html(self, texts, words: dict | None, from_page: str) -> str:
        """The words a statement rests on, shown beside it (lois.core.grounds): for each provision its texts cite
        that has words, where they are read (the Code's text, a commentary, or the site's own summary of an absent
        law or of a passage a partial source leaves out, said as such), the provision linked, and « the words »;
        empty when none."""
        from lois.core.grounds import grounds_of, stands_in, words_for

        items = words_for(texts, words)
        if not items:
            return ""
        parts = []
        for pid, ws in items:
            grounds = grounds_of(self.model, pid)
            kinds = {g.kind: g for g in grounds}
            omitted = self._omitted(from_page, pid)
            href = omitted[0] if omitted else self.provision_href(from_page, pid) if self._linkable(pid) else ""
            ref = (f'<a class="lois-words-ref" href="{html.escape(href)}">Loi {html.escape(str(pid))}</a>' if href
                   else f"Loi {html.escape(str(pid))}")
            # words are labelled by where they stand: the Code's text, or, for what the partial source of a law
            # leaves out of a provision it has (27B1(a)), the site's summary shown under it
            by_kind: dict[str, list[str]] = {}
            for w in ws:
                kind = next((g.kind for g in grounds if stands_in(w, g.text)), grounds[0].kind if grounds else "")
                by_kind.setdefault(kind, []).append(w)
            for kind, group in by_kind.items():
                if kind == "code":
                    label = f"Le texte, {ref}"
                    if self.model.edition.wording_note(pid) is not None:  # a quotation whose words differ (23C)
                        label += " (mots de la source ; le Code 2017 le dit autrement, voir sous la loi)"
                elif kind == "wording":
                    label = f"{ref}, résumé du site (rédaction du Code 2017)"
                elif kind == "commentary":
                    label = f"{ref}, d'après le {html.escape(kinds['commentary'].label)}"
                elif kind == "summary":
                    label = f"{ref}, résumé du site (passage que la source ne cite pas)"
                else:
                    label = f"{ref}, résumé du site (texte non inclus)"
                quoted = " … ".join(f"« {html.escape(w)} »" for w in group)
                parts.append(f'<span class="lois-words-item"><span class="lois-words-label">{label} :</span> '
                             f"{quoted}</span>")
        return '<span class="lois-words">' + "".join(parts) + "</span>"

    def _linkable(self, pid: ProvisionId) -> bool:
        return pid.law in self.model.laws or pid.page in self.files

    def linkify(self, text: str, from_page: str, law: int | None, path: tuple[str, ...],
                gloss: GlossScope | None = None) -> str:
        """Escape plain text and turn each citation in it into a link with a preview (the citations of the text
        as it stands in provision (`law`, `path`), found once by the model); with ``gloss`` (the scope of the
        node being rendered), the first occurrence of each glossary term gets its definition."""
        return self.annotate(text, self.model.citations_in(text, law, path), from_page, gloss)

    def annotate(self, text: str, spans: Sequence[Span], from_page: str, gloss: GlossScope | None = None) -> str:
        """`text` escaped, each of its citations (`spans`, lois.core.annotate) a link from `from_page`."""
        return annotate(text, spans, gloss.html if gloss is not None else _escape,
                        lambda s: self.citation_link(s.text, list(s.targets), from_page, s.parts))

    def set_glossary(self, terms: list[GlossTerm]) -> None:
        """The glossary's terms (data from a feature): law, commentary and note texts get hover definitions."""
        self.glossary = Glossary(terms) if terms else None
        if self.glossary is not None:
            reads.watch_glossary(self.glossary)  # a law page reads the definitions of the terms its text holds

    def gloss_scope(self) -> GlossScope | None:
        """A new node's scope: each term is defined at its first occurrence in the node (None: no glossary)."""
        return self.glossary.scope() if self.glossary is not None else None

    def citation_link(self, label: str, targets: list[ProvisionId], from_page: str,
                      parts: Sequence[tuple[int, int, ProvisionId]] = ()) -> str:
        """One link per cited id, where the citation's `parts` (lois.core.annotate.parts_of, found with it) say it
        is written: « Lois 27B1(b), 30B1(b)(i) » gives two links; a range links its ends, and each of them previews
        the whole range, one line per provision (« Lois 61 à 64 »: 61, 62, 63 and 64)."""
        if len(targets) == 1 or not parts:
            return self._one_link(label, targets[0], from_page)
        listed = self.list_preview(targets) if len(parts) < len(targets) else None  # a range: inner ids unwritten
        out: list[str] = []
        pos = 0
        for start, end, target in parts:
            out.append(html.escape(label[pos:start], quote=False))
            out.append(self._one_link(label[start:end], target, from_page, listed))
            pos = end
        out.append(html.escape(label[pos:], quote=False))
        return "".join(out)

    def _omitted(self, from_page: str, target: ProvisionId) -> tuple[str, str] | None:
        """For a provision that the partial source of a law of the corpus leaves out (27C, 27B4): the place on the
        law's page where the site says what it is (the notice of a missing section, or the provision whose note
        names it), and what it says; None for any other id."""
        summary = self.model.edition.summary(target, self.model.provisions)
        if summary is None:
            return None
        where = summary[0]
        return self.href(from_page, where.page, where.anchor), summary[1]

    def _one_link(self, label: str, target: ProvisionId, from_page: str, preview: str | None = None) -> str:
        if target not in self.model.provisions and target not in self.model.stubs \
                and ProvisionId(target.law) in self.model.stubs:
            target = ProvisionId(target.law)  # a provision of a law whose text is absent: the law's waiting page
        if target not in self.model.provisions and target not in self.model.stubs:
            omitted = self._omitted(from_page, target)
            if omitted is not None:  # a passage a partial source leaves out: what the law's page says of it
                href, said = omitted
                return cite_link("lois-cite lois-cite-stub", href, str(target), Markup(tooltip_attr(
                    _short(f"Loi {target} (texte non inclus ; résumé du site) : {said}", 240))), label)
            # cited only by a hand-written or annotation page: no page exists for it, so no link
            return absent_link(str(target), Markup(tooltip_attr(f"Loi {target} : texte non inclus dans ce site.")),
                               label)
        cls = "lois-cite" + (" lois-cite-stub" if target in self.model.stubs else "")
        return cite_link(cls, self.provision_href(from_page, target), str(target),
                         Markup(tooltip_attr(preview or self.preview(target, 240))), label)

    # ------------------------------------------------------------------ build
    def build(self) -> dict[str, GeneratedFile]:
        self._contribute()
        self.render_pages()
        m = self.model
        self.nav[:0] = [
            {"Lois": ["lois/index.md"] + [self.law_page(n) for n in sorted(m.laws)]},
            self.nav_section("Commentaires", [f"commentaires/{c.id}.md" for c in m.commentaries.values()]),
            {"Graphe des renvois": "graphe.md"},
        ]
        return self.files

    def _contribute(self) -> None:
        """The build's own files and the features' contributions (their pages, data, menu entries, asides)."""
        m = self.model
        self.add_assets()
        for law in sorted(m.laws) + m.stub_laws():
            self.add_file(self.law_page(law), "")  # placeholder: rendered once the features added their data
        for c in m.commentaries.values():
            self.add_file(f"commentaires/{c.id}.md", "")  # placeholder, as for laws
        self.add_page("lois/index.md", self.render_index())
        self.add_page("graphe.md", self.render_graph_page())
        self.add_file("assets/lois/graphe.json", json.dumps(m.graph_json(), ensure_ascii=False, separators=(",", ":")))
        for fn in self.contributors:
            fn(self)
        for fn in self.finishers:
            fn(self)

    def render_pages(self) -> None:
        m = self.model
        for law in sorted(m.laws):
            self.add_page(self.law_page(law), self.render_law(law))
        for c in m.commentaries.values():
            self.add_page(f"commentaires/{c.id}.md", self.render_commentary(c))
        for law in m.stub_laws():
            self.add_page(self.law_page(law), self.render_stub(law))

    def add_assets(self) -> None:
        """The preview card (generic, reused by the club linkifier) and the reading script that attaches it:
        card.js runs first, then lois.js, both before the theme reads the links' titles. Before them all, the French
        typography of the scripts (typo.js, generated from lois.core.typo)."""
        from lois.render import typo_js

        self.add_file(typo_js.SITE_SCRIPT, typo_js.script_text())
        self.add_script(typo_js.SITE_SCRIPT)
        for name in ("card.js", "card.css"):
            self.add_file(f"assets/lois/{name}", (ASSETS / name).read_text(encoding="utf-8"))
        self.add_style("assets/lois/card.css")
        self.add_script("assets/lois/card.js")
        self.add_script("assets/lois/lois.js")
        # the styles of one page each, loaded by that page only (lois.css: every page's)
        self.add_style("assets/lois/graph.css", only_where=('class="lois-graph"',))
        self.add_style("assets/lois/home.css", only_where=('class="lois-home-situations"',))

    # ------------------------------------------------------------------ pages
    def render_law(self, law_no: int) -> HtmlPage:
        """A law's page, which reads the model, the features' asides (:attr:`asides`, :attr:`law_asides`), the
        glossary and the name of the law's source: under `mkdocs serve`, rendered again only when one of them
        changed (:meth:`kept`; an aside by its HTML, the glossary by its forms and the terms the page shows)."""
        if not self.live:
            return law_page.render_law(self, law_no)
        page, law = self.law_page(law_no), self.model.laws[law_no]
        asides = tuple((str(p.pid), tuple((a.kind, str(a.html(page))) for a in self.asides[p.pid]))
                       for p in law.provisions() if p.pid in self.asides)
        return self.kept("law", (law_no, asides, self._law_asides(law_no), self.gloss_key(),
                                 self.document_name(law.meta.document or law.meta.source or "")),
                         lambda: law_page.render_law(self, law_no))

    def _law_asides(self, law_no: int) -> tuple:
        """The features' asides of a whole law as its page shows them (kind, HTML): part of its page's key."""
        page = self.law_page(law_no)
        return tuple((a.kind, str(a.html(page))) for a in self.law_asides.get(law_no, ()))

    def gloss_key(self) -> tuple[str, ...]:
        """What a page's key holds of the glossary (:meth:`kept`): its forms in their order (its pattern); the
        definitions of the terms a page shows are read through the watched glossary (lois.core.reads)."""
        return tuple(dict.keys(self.glossary.by_form)) if self.glossary is not None else ()

    def render_stub(self, law: int) -> HtmlPage:
        """The page of an absent law, which reads the model and the features' asides of the law: under `mkdocs
        serve`, rendered again only when one of them changed (:meth:`kept`)."""
        if not self.live:
            return law_page.render_stub(self, law)
        return self.kept("stub", (law, self._law_asides(law)), lambda: law_page.render_stub(self, law))

    def render_commentary(self, c) -> HtmlPage:
        """A commentary's page, which reads the model (the commentary itself: the object lois.core.filememo gives
        back while its file is unchanged), the glossary and the name of its source: under `mkdocs serve`, rendered
        again only when one of them changed (:meth:`kept`)."""
        if not self.live:
            return pages.render_commentary(self, c)
        return self.kept("commentary", (c, self.gloss_key(), self.document_name(c.source or "")),
                         lambda: pages.render_commentary(self, c))

    def render_index(self) -> HtmlPage:
        return pages.render_index(self)

    def render_graph_page(self) -> HtmlPage:
        return pages.render_graph_page(self)

    def document_name(self, source: str) -> str:
        """What a source is, for a reader (« Notes de Christian Chantigny, Directeur… »), from the reviewed facts of
        corpus/sources/sources.yaml; never an internal file name (an unknown one gives "")."""
        if self._documents is None:
            from lois.core.importer import load_sources

            facts = load_sources(self.model.root / "sources" / "sources.yaml")
            self._documents = {f: cfg.document for f, cfg in facts.items() if cfg.document}
        source = str(source or "").strip()
        if source in self._documents:
            return self._documents[source]
        return "" if law_page.INTERNAL_FILE.match(source) else source


# the paths of the page scripts (or styles) that a page's HTML wants: a pure function of both (under serve, kept for
# the pages a save leaves unchanged: their HTML is looked through once, not at every rebuild)
def _wanted_paths(key: tuple[tuple[PageScript, ...], str]) -> tuple[str, ...]:
    return tuple(s.path for s in key[0] if s.wanted(key[1]))


_wanted: livememo.Memo[tuple[tuple[PageScript, ...], str], tuple[str, ...]] = livememo.Memo(_wanted_paths)


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _source_name(m: Model, source: ProvisionId | str) -> str:
    if isinstance(source, ProvisionId):
        return f"Loi {source}"
    return m.node_title(source)


@lru_cache(maxsize=65536)
def _relpath(to_url: str, from_dir: str) -> str:
    """posixpath.relpath of two site-relative URLs (memoised: a page links the same few places many times)."""
    return posixpath.relpath(to_url, from_dir)


def _full_text(p: Provision) -> str:
    parts = [p.text] if p.text else []
    for c in p.children:
        t = _full_text(c)
        if t:
            parts.append(f"{c.marker} {t}")
    return " ".join(parts)
