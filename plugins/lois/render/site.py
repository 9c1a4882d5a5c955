"""Render the corpus as site pages (Markdown with HTML blocks), independent of MkDocs.

``SiteBuild(model).build()`` produces every generated file (law pages, stubs,
index, graph, commentary pages, assets). Feature modules (search, annotations,
checklists, club links) add their own pages, assets and per-provision extras
through the ``contributors`` the adapter passes in; the MkDocs plugin only hands the files over.
"""
from __future__ import annotations

import html
import json
import re
import posixpath
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from lois.core.cite import find_citations
from lois.core.corpus import Model, ResolvedCitation, _law_of, _short
from lois.core.parse import Provision
from lois.render.inline import front_matter, md_text, render_inline, render_markdown, tooltip_attr
from lois.core.resolve import resolve_citation

# Material renders the whole menu in every page: a menu section that grew with the corpus would make the
# build quadratic. Beyond this many pages, a section shows its index page only (see SiteBuild.nav_section).
NAV_MAX = 40

# an id as written inside a list citation: « 27B1(b) », « 72 C », « 86B3 », « A2(a) », « (d) »
ID_TOKEN = re.compile(r"\d{1,2}(?:[ \u00a0]?[A-H](?:[ \u00a0]?\d{1,2})?)?(?:[ \u00a0]?\([a-z]{1,5}\))*"
                      r"|\b[A-H]\d{0,2}(?:\([a-z]{1,5}\))*|\([a-z]{1,5}\)(?:\([a-z]{1,5}\))*")


def _match_target(token: str, targets: list[str]) -> str | None:
    """The target a written id stands for: the same canonical id, or (relative) the one ending like it."""
    compact = re.sub(r"[ \u00a0]", "", token)
    for t in targets:
        if t == compact:
            return t
    for t in targets:
        if not compact[:1].isdigit() and t.endswith(compact):
            return t
    return None


@dataclass
class GeneratedFile:
    path: str  # docs-relative: "lois/50.md", "assets/lois/previews.json"
    content: str | bytes


@dataclass
class SiteBuild:
    model: Model
    use_directory_urls: bool = True
    # `fn(site)` of each feature (lois.features.site_contributors), run during build: files, menu, extras
    contributors: list[Callable[["SiteBuild"], None]] = field(default_factory=list)
    files: dict[str, GeneratedFile] = field(default_factory=dict)
    nav: list = field(default_factory=list)  # mkdocs nav entries added by the build and contributors
    scripts: list[str] = field(default_factory=list)
    styles: list[str] = field(default_factory=list)
    provision_extras: dict[str, list[Callable[[str], str]]] = field(default_factory=dict)
    law_extras: dict[int, list[Callable[[str], str]]] = field(default_factory=dict)
    # `fn(path, content) -> content`, applied to each rendered law page (e.g. glossary hover definitions)
    page_filters: list[Callable[[str, str], str]] = field(default_factory=list)
    _previews: dict = field(default_factory=dict, init=False, repr=False)  # (target, limit) → preview
    not_in_nav: set[str] = field(default_factory=set)  # generated pages reached from an index, not the menu

    # ------------------------------------------------------------------ API for contributors
    def add_file(self, path: str, content: str | bytes) -> None:
        self.files[path] = GeneratedFile(path, content)

    def add_nav(self, title: str, entry) -> None:
        self.nav.append({title: entry})

    def nav_section(self, title: str, pages: list[str], index: str | None = None) -> dict:
        """Menu entry of a section: its index page (if any) and its pages; beyond NAV_MAX pages, the index
        page only (written here, listing the pages, when the section has none) and the pages leave the menu."""
        if len(pages) <= NAV_MAX:
            return {title: ([index] if index else []) + list(pages)}
        if index is None:
            index = posixpath.dirname(pages[0]) + "/index.md"
            items = "".join(f'<li><a href="{html.escape(self.href(index, p))}">{self._page_title(p)}</a></li>'
                            for p in pages)
            self.add_file(index, front_matter(title) + f"# {md_text(title)}\n\n"
                          f'<ul class="lois-nav-index" markdown="0">{items}</ul>\n')
        self.not_in_nav.update(pages)
        return {title: index}

    def add_nav_section(self, title: str, pages: list[str], index: str | None = None) -> None:
        self.nav.append(self.nav_section(title, pages, index))

    def _page_title(self, path: str) -> str:
        """The (HTML-escaped) title in a generated page's front matter."""
        from lois.core.yamlfile import parse_yaml

        content = self.files[path].content
        m = re.match(r"---\n(.*?)\n---\n", content, re.S) if isinstance(content, str) else None
        title = (parse_yaml(m.group(1), path, 2).data or {}).get("title") if m else None
        return str(title) if title else html.escape(self.url(path))

    def add_script(self, path: str) -> None:
        self.scripts.append(path)

    def add_style(self, path: str) -> None:
        self.styles.append(path)

    def add_provision_extra(self, provision_id: str, fn: Callable[[str], str]) -> None:
        """`fn(from_page)` returns HTML shown under the provision (notes, examples, checklists)."""
        self.provision_extras.setdefault(provision_id, []).append(fn)

    def add_law_extra(self, law: int, fn: Callable[[str], str]) -> None:
        self.law_extras.setdefault(law, []).append(fn)

    def url(self, path: str) -> str:
        """Site-relative URL of a docs path: "lois/50.md" → "lois/50/"."""
        if not path.endswith(".md"):
            return path
        base = path[:-3]
        if base == "index" or base.endswith("/index"):
            return base[:-5]
        return base + "/" if self.use_directory_urls else base + ".html"

    def href(self, from_page: str, to_path: str, anchor: str = "") -> str:
        """Relative link from a docs page to a docs path (page or asset), with an optional anchor."""
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

    @staticmethod
    def law_page(law: int) -> str:
        return f"lois/{law}.md"

    def provision_href(self, from_page: str, target: str) -> str:
        law, anchor = self.model.link_target(target)
        return self.href(from_page, self.law_page(law), anchor)

    def preview(self, target: str, limit: int = 320) -> str:
        """Plain-text preview of a provision (with its sub-provisions), or of a stub."""
        key = (target, limit)
        if key not in self._previews:
            self._previews[key] = self._preview(target, limit)
        return self._previews[key]

    def _preview(self, target: str, limit: int) -> str:
        m = self.model
        if target in m.provisions:
            p = m.provisions[target]
            parts = [t for t in (_full_text(p),) if t]
            label = f"Loi {p.id}" + (f" — {p.title}" if p.title and p.level != "law" else "")
            if p.level == "law":
                label = m.node_title(p.id)
            return _short(label + " : " + " ".join(parts), limit)
        stub = m.stubs.get(target)
        if stub and stub.in_corpus_law:
            return f"Loi {target} : cette provision ne figure pas dans le texte cité de la Loi {stub.law}."
        title = m.law_title(_law_of(target))
        return f"Loi {target}" + (f" ({title})" if title else "") + " : texte non encore inclus dans ce site."

    def linkify(self, text: str, from_page: str, law: int | None, path: tuple[str, ...]) -> str:
        """Escape plain text and turn each citation in it into a link with a preview."""
        out = []
        pos = 0
        for c in find_citations(text):
            targets, problems = resolve_citation(self.model, c, text, law, path)
            if not targets:
                continue
            out.append(html.escape(text[pos:c.start], quote=False))
            out.append(self.citation_link(c.text, targets, from_page))
            pos = c.end
        out.append(html.escape(text[pos:], quote=False))
        return "".join(out)

    def citation_link(self, label: str, targets: list[str], from_page: str) -> str:
        """One link per cited id: « Lois 27B1(b), 30B1(b)(i) » gives two links; a range links its ends."""
        if len(targets) == 1:
            return self._one_link(label, targets[0], from_page)
        out, pos, remaining = [], 0, list(targets)
        for m in ID_TOKEN.finditer(label):
            target = _match_target(m.group(0), remaining)
            if target is None:
                continue
            start = 0 if not out else m.start()  # the first link takes the « Lois » before it
            out.append(html.escape(label[pos:start], quote=False))
            out.append(self._one_link(label[start:m.end()], target, from_page))
            pos = m.end()
            remaining.remove(target)
        if not out:
            return self._one_link(label, targets[0], from_page)
        out.append(html.escape(label[pos:], quote=False))
        return "".join(out)

    def _one_link(self, label: str, target: str, from_page: str) -> str:
        law = re.match(r"\d+", target)
        if target not in self.model.provisions and target not in self.model.stubs and law \
                and law.group(0) in self.model.stubs:
            target = law.group(0)  # a provision of a law whose text is absent: the law's waiting page
        if target not in self.model.provisions and target not in self.model.stubs:
            # cited only by a hand-written or annotation page: no page exists for it, so no link
            return (f'<span class="lois-cite-absent" data-ref="{html.escape(target)}" '
                    f'title="{tooltip_attr(f"Loi {target} : texte non inclus dans ce site.")}">{html.escape(label)}</span>')
        cls = "lois-cite" + (" lois-cite-stub" if target in self.model.stubs else "")
        return (f'<a class="{cls}" href="{html.escape(self.provision_href(from_page, target))}" '
                f'data-ref="{html.escape(target)}" title="{tooltip_attr(self.preview(target, 240))}">'
                f'{html.escape(label)}</a>')

    # ------------------------------------------------------------------ build
    def build(self) -> dict[str, GeneratedFile]:
        m = self.model
        for law in sorted(m.laws):
            self.add_file(self.law_page(law), "")  # placeholder: rendered after contributors
        for law in m.stub_laws():
            self.add_file(self.law_page(law), "")  # placeholder: rendered after contributors (their extras)
        for c in m.commentaries.values():
            self.add_file(f"commentaires/{c.id}.md", self.render_commentary(c))
        self.add_file("lois/index.md", self.render_index())
        self.add_file("graphe.md", self.render_graph_page())
        self.add_file("assets/lois/graphe.json", json.dumps(m.graph_json(), ensure_ascii=False, indent=1))
        for fn in self.contributors:
            fn(self)
        for law in m.stub_laws():
            self.add_file(self.law_page(law), self.render_stub(law))
        for law in sorted(m.laws):
            content = self.render_law(law)
            for flt in self.page_filters:
                content = flt(self.law_page(law), content)
            self.add_file(self.law_page(law), content)
        self.nav[:0] = [
            {"Lois": ["lois/index.md"] + [self.law_page(n) for n in sorted(m.laws)]},
            self.nav_section("Commentaires", [f"commentaires/{c.id}.md" for c in m.commentaries.values()]),
            {"Graphe des renvois": "graphe.md"},
        ]
        return self.files

    # ------------------------------------------------------------------ law pages
    def render_law(self, law_no: int) -> str:
        m = self.model
        law = m.laws[law_no]
        page = self.law_page(law_no)
        title = m.node_title(str(law_no))
        out = [front_matter(title), f"# {md_text(title)} {{ #loi-{law_no} }}\n"]
        meta = []
        if law.meta.get("title_note"):
            meta.append(f'<p class="lois-note-titre">{html.escape(law.meta["title_note"])}</p>')
        if law.meta.get("quoted_in"):
            meta.append(f'<p class="lois-cite-dans">{html.escape(law.meta["quoted_in"])}</p>')
        if law.meta.get("document"):
            meta.append(f'<p class="lois-source">Source : {html.escape(law.meta["document"])}</p>')
        if meta:
            out.append('<div class="lois-meta" markdown="0">' + "".join(meta) + "</div>\n")
        root = law.root
        body = self._render_blocks(root, page)
        extras = "".join(fn(page) for fn in self.law_extras.get(law_no, []))
        extras += "".join(fn(page) for fn in self.provision_extras.get(root.id, []))
        if body or extras:
            out.append(f'<div class="lois-prov lois-law-intro" data-id="{root.id}">{body}{extras}</div>\n')
        missing = list(m.edition.partial.get(law_no, {}).get("missing", []))
        for child in root.children:
            if child.level == "section":
                while missing and missing[0] < child.path[-1]:
                    out.append(self._missing_section(law_no, missing.pop(0)))
                out.append(self._render_section(child, page))
            else:
                out.append(self._render_div(child, page) + "\n")
        out.extend(self._missing_section(law_no, letter) for letter in missing)
        if law.footnotes:
            notes = "".join(f'<li id="note-{html.escape(k)}">{self.linkify(v, page, law_no, ())}</li>'
                            for k, v in law.footnotes.items())
            out.append(f'## Notes {{ #notes }}\n\n<ol class="lois-footnotes">{notes}</ol>\n')
        out.append(self._render_cited_by_law(law_no, page))
        return "\n".join(out)

    def _missing_section(self, law: int, letter: str) -> str:
        """Where a partial law's source leaves a section out (edition.yaml `partial`): say so, in its place."""
        from lois.render.templates import render

        return render("render/missing_section.html", law=law, letter=letter,
                      note=self.model.edition.partial[law].get("note", ""))

    def _render_section(self, p: Provision, page: str) -> str:
        head = f"## {p.path[-1]}. {md_text(p.title or '')} {{ #{p.anchor} .lois-section data-id=\"{p.id}\" }}\n"
        tools = self._prov_tools(p, page)
        body = self._render_blocks(p, page)
        extras = "".join(fn(page) for fn in self.provision_extras.get(p.id, []))
        cited = self._render_cited_by(p, page)
        return f"{head}\n<div class=\"lois-prov lois-section-body\" data-id=\"{p.id}\">{tools}{body}{extras}{cited}</div>\n"

    def _prov_tools(self, p: Provision, page: str) -> str:
        url = self.href(page, self.law_page(p.law), p.anchor)
        return (f'<a class="lois-permalink" href="{html.escape(url)}" title="Lien permanent vers la Loi {p.id}">'
                f'Loi {html.escape(p.id)}</a>')

    def _render_div(self, p: Provision, page: str) -> str:
        marker = html.escape(p.marker)
        title = f' <strong class="lois-prov-title">{html.escape(p.title)}</strong>' if p.title else ""
        tools = self._prov_tools(p, page)
        body = self._render_blocks(p, page)
        extras = "".join(fn(page) for fn in self.provision_extras.get(p.id, []))
        cited = self._render_cited_by(p, page)
        return (f'<div class="lois-prov lois-{p.level}" id="{p.anchor}" data-id="{html.escape(p.id)}">'
                f'<span class="lois-marker">{marker}</span>{title}{tools}'
                f'<div class="lois-prov-body">{body}</div>{extras}{cited}</div>')

    def _render_blocks(self, p: Provision, page: str) -> str:
        out = []
        for b in p.blocks:
            if b.kind == "child":
                if b.child.level != "section":
                    out.append(self._render_div(b.child, page))
            elif b.kind == "text":
                out.append(f"<p>{render_inline(b.tokens, lambda t: self.linkify(t, page, p.law, p.path), self._footref(p.law, page))}</p>")
            elif b.kind == "bullets":
                items = "".join(f"<li>{render_inline(it, lambda t: self.linkify(t, page, p.law, p.path), self._footref(p.law, page))}</li>"
                                for it in b.tokens)
                out.append(f'<ul class="lois-bullets">{items}</ul>')
            elif b.kind == "table":
                out.append(render_markdown(b.source, lambda t: self.linkify(t, page, p.law, p.path)))
        return "".join(out)

    def _footref(self, law: int, page: str):
        def ref(label: str) -> str:
            return f'<sup class="lois-footref"><a href="#note-{html.escape(label)}">{html.escape(label)}</a></sup>'
        return ref

    def _source_label(self, c: ResolvedCitation) -> str:
        if c.source.startswith("commentaire:"):
            com = self.model.commentaries[c.source.split(":", 1)[1]]
            return f"Commentaire : {com.title}"
        return f"Loi {c.source}"

    def _source_href(self, c: ResolvedCitation, page: str) -> str:
        if c.source.startswith("commentaire:"):
            return self.href(page, f"commentaires/{c.source.split(':', 1)[1]}.md")
        return self.provision_href(page, c.source)

    def _cited_item(self, c: ResolvedCitation, page: str) -> str:
        sentence = html.escape(_short(c.sentence, 220))
        return (f'<li><a class="lois-citer" href="{html.escape(self._source_href(c, page))}">'
                f'{html.escape(self._source_label(c))}</a> — <q>{sentence}</q></li>')

    def _render_cited_by(self, p: Provision, page: str) -> str:
        cites = self.model.cited_by(p.id)
        if not cites:
            return ""
        items = "".join(self._cited_item(c, page) for c in cites)
        return (f'<details class="lois-cited-by"><summary>Cité par ({len(cites)})</summary>'
                f'<ul>{items}</ul></details>')

    def _render_cited_by_law(self, law: int, page: str) -> str:
        cites = [c for c in self.model.cited_by_law(law)]
        if not cites:
            return "## Cité par { #cite-par }\n\n<p class=\"lois-empty\">Aucun autre texte du corpus ne cite cette loi.</p>\n"
        rows = []
        for c in cites:
            targets = ", ".join(
                f'<a href="{html.escape(self.provision_href(page, t))}">{html.escape(t)}</a>'
                for t in c.targets if _law_of(t) == law)
            rows.append(f'<li><a class="lois-citer" href="{html.escape(self._source_href(c, page))}">'
                        f'{html.escape(self._source_label(c))}</a> → {targets} — <q>{html.escape(_short(c.sentence, 200))}</q></li>')
        return f"## Cité par {{ #cite-par }}\n\n<ul class=\"lois-cited-by-law\">{''.join(rows)}</ul>\n"

    # ------------------------------------------------------------------ stubs
    def render_stub(self, law: int) -> str:
        """The page of a cited law whose text is absent: its title, what cites it, the commentaries that
        discuss it and the features' extras (checklists, notes, examples), in the `render/stub.html` template."""
        from urllib.parse import urlparse

        from lois.render.templates import render, safe

        page, m = self.law_page(law), self.model
        title = m.edition.titles.get(law)
        stubs = sorted((s for s in m.stubs.values() if s.law == law and s.path), key=lambda s: s.id)
        provisions = [{"id": s.id, "anchor": s.anchor,
                       "cited": safe("".join(self._cited_item(c, page) for c in m.cited_by(s.id)))} for s in stubs]
        title_ctx = None if title is None else {
            "title": title.title, "url": title.url, "read": title.source.read, "source_text": title.source_text,
            "accents_restored": title.accents_restored, "source_host": urlparse(title.url or "").netloc}
        extras = "".join(fn(page) for fn in self.law_extras.get(law, []))
        heading = m.node_title(str(law)).replace(" (texte non inclus)", "")
        return front_matter(m.node_title(str(law))) + render(
            "render/stub.html", law=law, heading=md_text(heading), title=title_ctx,
            publisher={k: m.edition.publisher.get(k) for k in ("name", "text", "url")}, provisions=provisions,
            commentaries=self._commentary_passages(law, page), extras=safe(extras),
            cited_by_law=safe(self._render_cited_by_law(law, page)))

    def _commentary_passages(self, law: int, page: str) -> list[dict]:
        """For each commentary on `law`: the paragraphs that cite it and, when the commentary explains the
        law, the first paragraph under each of its headings (linked citations, shortened)."""
        from markupsafe import Markup

        m, out = self.model, []
        for c in m.commentaries.values():
            if law not in c.laws:
                continue
            citing = [r.sentence for r in m.cites_from(c.node_id) if any(_law_of(t) == law for t in r.targets)]
            explains = any(_law_of(p) == law for p in c.provisions)
            passages = []
            for head, paras in _commentary_sections(c):
                picked = [p for p in paras if any(s and s in p for s in citing)]
                if explains and head and paras and paras[0] not in picked:
                    picked.insert(0, paras[0])
                for i, para in enumerate(picked):
                    passages.append({"heading": head if i == 0 and explains else "",
                                     "html": Markup(self.linkify(_short(para, 360), page, c.laws[0], ()))})
            out.append({"title": c.title, "author": c.author or "auteur non indiqué", "explains": explains,
                        "href": self.href(page, f"commentaires/{c.id}.md"), "passages": passages})
        return out

    # ------------------------------------------------------------------ commentary pages
    def render_commentary(self, c) -> str:
        page = f"commentaires/{c.id}.md"
        laws = ", ".join(f'<a href="{html.escape(self.href(page, self.law_page(n)))}">Loi {n}</a>' for n in c.laws)
        head = (front_matter(c.title) + f"# {md_text(c.title)}\n\n"
                f'<div class="lois-commentary-meta" markdown="0"><p><strong>Commentaire</strong> — ce texte n\'est '
                f"pas le texte des Lois. Auteur : {html.escape(c.author or 'non indiqué')}. Sur : {laws}.</p></div>\n")
        body = render_markdown(c.body, lambda t: self.linkify(t, page, c.laws[0], ()))
        return head + f'\n<div class="lois-commentary" markdown="0">{body}</div>\n'

    # ------------------------------------------------------------------ index of the 93 laws
    def render_index(self) -> str:
        m = self.model
        page = "lois/index.md"
        rows = []
        n_in = {n: 0 for n in range(1, 94)}
        n_out = {n: 0 for n in range(1, 94)}
        for c in m.citations:
            for t in c.targets:
                n_in[_law_of(t)] = n_in.get(_law_of(t), 0) + 1
                if not c.source.startswith("commentaire:"):
                    n_out[c.law] += 1
        stub_laws = set(m.stub_laws())
        for n in range(1, 94):
            if n in m.laws:
                status, cls = "présente", "present"
                name = f'<a href="{self.href(page, self.law_page(n))}">Loi {n}</a>'
            elif n in stub_laws:
                status, cls = "citée, texte non inclus", "stub"
                name = f'<a href="{self.href(page, self.law_page(n))}">Loi {n}</a>'
            else:
                status, cls = "non citée", "absent"
                name = f"Loi {n}"
            t = m.law_title(n)
            title = html.escape(t) if t else '<span class="lois-empty">titre non relevé</span>'
            rows.append(f'<tr class="lois-status-{cls}"><td>{name}</td><td>{title}</td><td>{status}</td>'
                        f"<td>{n_in.get(n, 0)}</td><td>{n_out.get(n, 0)}</td></tr>")
        present = len(m.laws)
        return ("---\ntitle: Les 93 lois\n---\n# Les 93 lois du Code\n\n"
                f"<p>{present} lois présentes, {len(stub_laws)} citées dont le texte n'est pas encore inclus, "
                f"{93 - present - len(stub_laws)} ni présentes ni citées.</p>\n\n"
                '<table class="lois-index"><thead><tr><th>Loi</th><th>Titre</th><th>État</th>'
                "<th>Citée (renvois reçus)</th><th>Cite (renvois émis)</th></tr></thead><tbody>"
                + "".join(rows) + "</tbody></table>\n")

    # ------------------------------------------------------------------ graph page
    def render_graph_page(self) -> str:
        from lois.render.graph_svg import arc_diagram

        page = "graphe.md"
        svg = arc_diagram(self.model, lambda law: self.href(page, self.law_page(law)))
        m = self.model
        counts: dict[tuple[int, int], int] = {}
        for c in m.citations:
            if c.source.startswith("commentaire:"):
                continue
            for t in c.targets:
                key = (c.law, _law_of(t))
                counts[key] = counts.get(key, 0) + 1
        rows = "".join(
            f'<tr><td><a href="{self.href(page, self.law_page(a))}">Loi {a}</a></td>'
            f'<td><a href="{self.href(page, self.law_page(b))}">Loi {b}</a></td><td>{n}</td></tr>'
            for (a, b), n in sorted(counts.items()) if a != b)
        return ("---\ntitle: Graphe des renvois\n---\n# Graphe des renvois\n\n"
                "<p>Chaque arc relie une loi qui en cite une autre ; l'épaisseur suit le nombre de renvois. "
                "Les lois dont le texte est présent sont en couleur pleine, les lois seulement citées en pointillé. "
                "Cliquez sur une loi pour l'ouvrir.</p>\n\n"
                f'<div class="lois-graph" markdown="0">{svg}</div>\n\n'
                "## Renvois entre lois\n\n"
                '<table class="lois-graph-table"><thead><tr><th>De</th><th>Vers</th><th>Renvois</th></tr></thead>'
                f"<tbody>{rows}</tbody></table>\n")


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


def _commentary_sections(c) -> list[tuple[str, list[str]]]:
    """A commentary's paragraphs grouped under their headings: [(heading or "", [plain paragraph]), …]."""
    from lois.core.parse import _inline_plain

    sections: list[tuple[str, list[str]]] = [("", [])]
    prev = None
    for t in c.tokens:
        if t.type == "inline":
            text = " ".join(_inline_plain(t.children or []).split())
            if prev == "heading_open":
                sections.append((text, []))
            elif text:
                sections[-1][1].append(text)
        prev = t.type
    return [(h, ps) for h, ps in sections if h or ps]
