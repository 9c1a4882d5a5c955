"""Law pages and stub pages: the data a template needs, made from the model and the features' enrichments.

Python builds views (plain data: ids, hrefs, texts, HTML already linked and escaped); the templates
``render/law.html``, ``render/provision.html``, ``render/stub.html`` and ``render/cited_by_law.html`` hold the
HTML and the French prose. Enrichments (notes, examples, checklist links) come from
:attr:`SiteBuild.asides` keyed by provision id, rendered here once per page.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from markupsafe import Markup

from lois.core.corpus import ResolvedCitation, _short
from lois.core.ids import Level, NodeRef, ProvisionId
from lois.core.parse import Provision
from lois.core.provenance import summary as provenance_summary
from lois.render.htmlpage import HtmlPage, render_page
from lois.render.inline import render_inline, render_markdown
from lois.render.templates import render, safe


@dataclass
class Aside:
    """An enrichment shown beside a provision, as data: `kind` names it in the « Texte seul » marker
    (« commentaire », « exemple »; ``None``: a link that stays visible, such as a checklist step); `template`
    renders the data that `context(page)` gives for the page it is shown on (links are relative to it).
    `inputs(page)`: what that data is made of beside the model (lois.render.site.SiteBuild.kept), for `mkdocs
    serve` to render it again only when they change."""
    kind: str | None
    template: str = ""
    context: Callable[[str], dict] | None = None
    inputs: Callable[[str], tuple] | None = None
    site: object = None  # the SiteBuild that keeps its HTML (with inputs)

    def html(self, page: str) -> Markup:
        def build() -> Markup:
            return safe(render(self.template, **(self.context(page) if self.context else {})))
        if self.inputs is None or self.site is None:
            return build()
        return self.site.kept("aside " + self.template, (page, *self.inputs(page)), build)  # type: ignore[attr-defined]


PLURALS = {"commentaire": "commentaires", "exemple": "exemples"}


def aside_summary(asides: list[Aside]) -> str:
    """« 1 commentaire, 2 exemples »: what « Texte seul » hides beside a provision."""
    counts: dict[str, int] = {}
    for a in asides:
        if a.kind:
            counts[a.kind] = counts.get(a.kind, 0) + 1
    return ", ".join(f"{n} {PLURALS.get(k, k) if n > 1 else k}" for k, n in counts.items())


def cited_item(site, c: ResolvedCitation, page: str, limit: int = 220) -> dict:
    if isinstance(c.source, ProvisionId):
        label, href = f"Loi {c.source}", site.provision_href(page, c.source)
    else:
        key = NodeRef.parse(c.source).key
        label, href = f"Commentaire : {site.model.commentaries[key].title}", site.href(page, f"commentaires/{key}.md")
    return {"label": label, "href": href, "sentence": _short(c.sentence, limit)}


def cited_by_law(site, law: int, page: str) -> list[dict]:
    out = []
    for c in site.model.cited_by_law(law):
        item = cited_item(site, c, page, 200)
        item["targets"] = [{"id": t, "href": site.provision_href(page, t)} for t in c.targets if t.law == law]
        out.append(item)
    return out


class LawPage:
    """The views of one law page."""

    def __init__(self, site, law_no: int):
        self.site, self.law_no = site, law_no
        self.page = site.law_page(law_no)
        self.refs: dict[str, list[str]] = {}  # footnote label → ids of its calls in the text
        self.scopes: dict = {}  # provision id → its glossary scope (a term is defined once per provision)

    def text_fn(self, p: Provision):
        if p.id not in self.scopes:
            self.scopes[p.id] = self.site.gloss_scope()
        scope = self.scopes[p.id]
        return lambda t: self.site.linkify(t, self.page, p.law, p.path, scope)

    def footref(self, label: str) -> str:
        calls = self.refs.setdefault(label, [])
        ref_id = f"appel-{label}-{len(calls) + 1}"
        calls.append(ref_id)
        return str(render("render/footref.html", label=label, ref_id=ref_id)).strip()

    def blocks(self, p: Provision) -> list[dict]:
        out: list[dict[str, object]] = []
        for b in p.blocks:
            if b.kind == "child":
                if b.child is not None and b.child.level != "section":
                    out.append({"child": self.view(b.child), "html": ""})
            elif b.kind == "text":
                inner = render_inline(b.tokens, self.text_fn(p), self.footref)
                out.append({"child": None, "html": safe("<p>" + inner + "</p>")})
            elif b.kind == "bullets":
                items = "".join("<li>" + render_inline(it, self.text_fn(p), self.footref) + "</li>" for it in b.tokens)
                out.append({"child": None, "html": safe('<ul class="lois-bullets">' + items + "</ul>")})
            elif b.kind == "table":
                out.append({"child": None, "html": safe(render_markdown(b.source, self.text_fn(p)))})
        return out

    def view(self, p: Provision) -> dict:
        site, page = self.site, self.page
        asides = site.asides.get(p.pid, [])
        hidden = [a for a in asides if a.kind]
        return {
            "id": p.id, "anchor": p.anchor, "level": p.level, "marker": p.marker, "title": p.title,
            "section": p.level is Level.SECTION,
            "heading": f"{p.path[-1]}. {p.title or '(sans titre dans la source)'}" if p.level is Level.SECTION else "",
            "omission": self.omission(p.pid),
            "omission_title": ("Absent du Code 2017" if self.site.model.edition.not_in_2017(p.pid)
                               else "Ce que la source ne cite pas"),
            "wording": self.wording(p.pid),
            "href": site.href(page, site.law_page(p.law), p.anchor),
            "blocks": self.blocks(p),
            "asides": [a.html(page) for a in hidden],
            "aside_summary": aside_summary(hidden),
            "links": [a.html(page) for a in asides if not a.kind],
            "cited_by": [cited_item(site, c, page) for c in site.model.cited_by(p.pid)],
        }

    def omission(self, pid: ProvisionId) -> Markup | None:
        """What the source leaves out of provision `pid` (edition.yaml `partial.<n>.omitted`): the site's own
        words, citations linked, shown as such (« Ce que la source ne cite pas »), never as the Code's text."""
        text = self.site.model.edition.omission(pid)
        if text is None:
            return None
        return safe(self.site.linkify(text, self.page, pid.law, pid.path))

    def wording(self, pid: ProvisionId) -> Markup | None:
        """Where the source's words for provision `pid` differ from the 2017 Code (edition.yaml `wording`): the
        site's own words, citations linked, shown as such (« Rédaction du Code 2017 »), never as the Code's text
        and without calling the quotation partial."""
        text = self.site.model.edition.wording_note(pid)
        if text is None:
            return None
        return safe(self.site.linkify(text, self.page, pid.law, pid.path))

    def children_with_missing(self, root: Provision) -> list[dict]:
        """The law's sections and paragraphs; where a partial source leaves a section out (edition.yaml
        `partial`), a notice in its place, with what the section says in the site's words when edition.yaml
        gives it."""
        partial = self.site.model.edition.partial.get(self.law_no)
        missing = list(partial.missing) if partial else []

        def notice(letter: str) -> dict:
            return {"missing": True, "letter": letter, "omission": self.omission(ProvisionId(self.law_no, (letter,))),
                    "omission_title": "Ce que la source ne cite pas",
                    "note": (partial.note if partial else None) or ""}
        out = []
        for child in root.children:
            while child.level is Level.SECTION and missing and missing[0] < child.path[-1]:
                out.append(notice(missing.pop(0)))
            out.append(self.view(child))
        return out + [notice(letter) for letter in missing]

    def meta(self) -> list[tuple[str, str]]:
        law = self.site.model.laws[self.law_no]
        meta = []
        if law.meta.title_note:
            meta.append(("lois-note-titre", law.meta.title_note))
        if law.meta.quoted_in:
            meta.append(("lois-cite-dans", law.meta.quoted_in))
        partial = self.site.model.edition.partial.get(self.law_no)
        if partial and partial.note:
            meta.append(("lois-partielle", partial.note))
        document = self.site.document_name(law.meta.document or law.meta.source or "")
        if document:
            meta.append(("lois-source", f"Source : {document}"))
        return meta

    def provenance(self) -> dict:
        """The notice at the top of the page: what the law's words are (its provenance, each value with what it
        means), the sections renumbered at import and the law's own note (render/provenance.html)."""
        return provenance_view(self.site.model, self.law_no)

    def render(self) -> HtmlPage:
        m = self.site.model
        law = m.laws[self.law_no]
        title = m.node_title(ProvisionId(self.law_no))
        intro = self.view(law.root)
        intro["links"] = [a.html(self.page) for a in self.site.law_asides.get(self.law_no, [])] + intro["links"]
        children = self.children_with_missing(law.root)
        footnotes = [{"label": k, "html": safe(self.site.linkify(v, self.page, self.law_no, ())),
                      "refs": self.refs.get(k, [])} for k, v in law.footnotes.items()]
        return render_page("render/law.html", title, title=title, law=self.law_no, meta=self.meta(),
                           provenance=self.provenance(), intro=intro,
                           children=children, footnotes=footnotes,
                           cited_by_law=cited_by_law(self.site, self.law_no, self.page))


def provenance_view(model, law: int) -> dict:
    """What a law's page says of its words: ``entries`` (code, label, description), ``summary`` (one line),
    ``renumbered`` (« la section C de la source est publiée ici en D »…) and the law's ``note``."""
    meta = model.laws[law].meta
    values = model.provenance(law)
    renumbered = [f"la section {old} de la source est publiée ici en {new}"
                  for old, new in sorted((meta.renumbered or {}).items())]
    return {"entries": [{"code": p.value, "label": p.label, "description": p.description} for p in values],
            "summary": provenance_summary(values), "renumbered": renumbered, "note": meta.provenance_note or ""}


def render_law(site, law_no: int) -> HtmlPage:
    return LawPage(site, law_no).render()


def render_stub(site, law: int) -> HtmlPage:
    """The page of a cited law whose text is absent (template ``render/stub.html``): its title, what cites it,
    the commentaries that discuss it and the features' asides (notes, examples, checklists)."""
    from urllib.parse import urlparse

    page, m = site.law_page(law), site.model
    title = m.edition.titles.get(law)
    stubs = sorted((s for s in m.stubs.values() if s.law == law and s.path), key=lambda s: s.id)
    register = {st.provision: {"provision": st.provision, "basis": st.basis,
                               "html": safe(site.linkify(st.statement, page, None, ()))}
                for st in m.absent_statements if st.law == law}
    provisions = [{"pid": s.pid, "id": s.id, "anchor": s.anchor, "register": register.get(s.pid),
                   "cited": [cited_item(site, c, page) for c in m.cited_by(s.pid)]} for s in stubs]
    # the register's statements about provisions the corpus's texts do not cite (cited by the site's own texts)
    listed = {s.pid for s in stubs}
    provisions += [{"pid": pid, "id": str(pid), "anchor": pid.anchor, "cited": [], "register": st}
                   for pid, st in register.items() if pid not in listed and pid.path]
    provisions.sort(key=lambda p: p["pid"].code_order)  # the Code's order: 32A before 32A2(a), 12C2 before 12C10
    title_ctx = None if title is None else {
        "title": title.title, "url": title.url, "read": title.origin.read if title.origin else None,
        "source_text": title.source_text,
        "accents_restored": title.accents_restored, "source_host": urlparse(title.url or "").netloc}
    asides = site.law_asides.get(law, [])
    heading = m.node_title(ProvisionId(law)).replace(" (texte non inclus)", "")
    return render_page(
        "render/stub.html", m.node_title(ProvisionId(law)), law=law, heading=heading, title=title_ctx,
        law_statement=register.get(ProvisionId(law)),
        publisher={k: getattr(m.edition.publisher, k, None) for k in ("name", "text", "url")}, provisions=provisions,
        commentaries=commentary_passages(site, law, page), asides=[a.html(page) for a in asides if a.kind],
        links=[a.html(page) for a in asides if not a.kind], cited_by_law=cited_by_law(site, law, page))


def commentary_passages(site, law: int, page: str) -> list[dict]:
    """For each commentary on `law`: the paragraphs that cite it and, when the commentary explains the
    law, the first paragraph under each of its headings (linked citations, shortened)."""
    m, out = site.model, []
    for c in m.commentaries.values():
        if law not in c.laws:
            continue
        citing = [r.sentence for r in m.cites_from(c.node_id) if any(t.law == law for t in r.targets)]
        explains = any(p.law == law for p in c.provisions)
        passages = []
        for head, paras in _commentary_sections(c):
            picked = [p for p in paras if any(s and s in p for s in citing)]
            if explains and head and paras and paras[0] not in picked:
                picked.insert(0, paras[0])
            for i, para in enumerate(picked):
                passages.append({"heading": head if i == 0 and explains else "",
                                 "html": safe(site.linkify(_short(para, 360), page, c.laws[0], ()))})
        out.append({"title": c.title, "author": c.author or "auteur non indiqué", "explains": explains,
                    "href": site.href(page, f"commentaires/{c.id}.md"), "passages": passages})
    return out


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


INTERNAL_FILE = re.compile(r"^\d{3}_[0-9a-f]{8,}\.txt$")
