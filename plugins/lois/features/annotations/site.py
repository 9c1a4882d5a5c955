"""Site contribution of the « annoté »: notes beside provisions, examples, glossary, situations."""
from __future__ import annotations

import json
import re
from functools import lru_cache, partial

from markupsafe import Markup

from lois.core import reads
from lois.core.ids import Kind, ProvisionId
from lois.render.htmlpage import HtmlPage, render_page, slug
from lois.render.inline import render_markdown, tooltip_attr
from lois.render.law_page import Aside
from lois.render.pages import commentary_remarks
from lois.render.templates import render, safe
from lois.features.annotations import load_annotations
from lois.features.annotations.diagram import auction_view, macros, play_view
from lois.features.annotations.examples import Example
from lois.features.annotations.glossary import gloss_terms

EXAMPLES_PAGE = "exemples/index.md"
GLOSSARY_PAGE = "glossaire.md"
SITUATIONS_PAGE = "que-faire-si.md"


@lru_cache(maxsize=1)
def _red() -> dict[str, str]:
    return {ch: str(macros().suits(ch)) for ch in "♥♦"}


def red_suits(fragment: str) -> str:
    """Hearts and diamonds in red in an HTML fragment (text only: tags and their attributes are left alone)."""
    red = _red()
    return re.sub(r"(<[^>]*>)|([♥♦])", lambda m: m.group(1) or red[m.group(2)], fragment)


def _md_glossed(site, text: str, page: str, law: int | None) -> str:
    """A note's own text on its page: linked citations, red suits, and the glossary's definitions (first
    occurrence of each term in the note; never in its headings)."""
    scope = site.gloss_scope()
    return render_markdown(text, lambda t: red_suits(site.linkify(t, page, law, (), scope)),
                           heading_fn=lambda t: red_suits(site.linkify(t, page, law, ())))


def _md(site, text: str, page: str, law: int | None) -> str:
    # memoised per build: an example is shown beside each provision it applies, often several on one page (under
    # serve, with what it read of the model: lois.core.reads)
    cache = site.state.setdefault("annotations.markdown", {})
    return reads.memo(cache, (text, page, law),
                      lambda: render_markdown(text, lambda t: red_suits(site.linkify(t, page, law, ()))))


def prov_links(site, page: str, ids: list[ProvisionId]) -> list[dict]:
    """The provisions an annotation names, as data for ``annotations/macros.html`` (links with a preview)."""
    return [{"id": p, "href": site.provision_href(page, p), "title": Markup(tooltip_attr(site.preview(p, 240)))}
            for p in ids]


def note_view(site, note, page: str, pid: ProvisionId | None = None) -> dict:
    """A note shown beside a provision (template ``annotations/note.html``)."""
    # a note explaining several provisions is shown in full beside the first one, with a reference beside
    # the others; imported commentaries (long) show their opening paragraphs, the whole text is on their page
    first = note.provisions[0]
    also = None
    if pid is not None and pid != first and pid.law == first.law:
        also = {"id": first, "href": site.provision_href(page, first)}
    text = _excerpt(note.body) if note.kind is Kind.COMMENTARY else note.body
    words = "" if also else _words_block(site, [note.body], note.words, page)
    commentary = site.model.commentaries.get(note.id) if note.kind is Kind.COMMENTARY else None
    if commentary is not None and commentary.remarks and not also:  # the project's remarks on the words shown
        remarks = commentary_remarks(site, commentary, page, shown=text)
        words += render("render/commentary_remarks.html", remarks=remarks) if remarks else ""
    return {"note": note, "also": also, "body": "" if also else safe(_md(site, text, page, note.law) + words),
            "document": site.document_name(note.source), "more": site.href(page, note.page)}


def _words_block(site, texts, words, page: str) -> str:
    """The words of the Code behind a note's or a ruling's citations, as a paragraph after it (empty if none)."""
    shown = site.words_html(texts, words, page)
    return f'<p class="lois-words-block">{shown}</p>' if shown else ""


def _excerpt(body: str, limit: int = 700) -> str:
    paras = [p for p in body.split("\n\n") if p.strip() and not p.lstrip().startswith(("#", "|"))]
    out, n = [], 0
    for p in paras:
        out.append(p)
        n += len(p)
        if n > limit:
            break
    text = "\n\n".join(out)
    return text + ("\n\n[…]" if len(out) < len(paras) else "")


def example_view(site, ex: Example, page: str, heading: str = "h3", pid: ProvisionId | None = None) -> dict:
    """A worked example (template ``annotations/example.html``); its anchor is unique on the page it is on: beside
    provision ``pid`` of a law's page, it names that provision (an example applied to 50B1 and 50B2 is shown under
    each, « ex-…-50B1 », « ex-…-50B2 »: one anchor each, never the same id twice on a page)."""
    law = ex.law
    where = f"{pid.law}{pid.anchor}" if pid is not None else str(law)
    cl = f"checklists/{ex.checklist}.md"

    def comment(text: str) -> str:  # a comment of the diagram: its citations linked, ♥ ♦ in red
        return red_suits(site.linkify(text, page, law, ()))
    return {"ex": ex, "heading": heading, "applied": prov_links(site, page, ex.provisions),
            "anchor": ex.anchor if page == EXAMPLES_PAGE else f"{ex.anchor}-{where}",
            "all_href": "" if page == EXAMPLES_PAGE else site.href(page, EXAMPLES_PAGE, ex.anchor),
            "auction": auction_view(ex, comment), "play": play_view(ex, comment),
            "question": safe(_md(site, ex.question, page, law)), "ruling": safe(_md(site, ex.ruling, page, law)
                                                                  + _words_block(site, [ex.ruling], ex.words, page)),
            "checklist": ({"name": ex.checklist, "href": site.href(page, cl)} if ex.checklist and cl in site.files
                          else None)}


def example_block(site, ex: Example, page: str, heading: str = "h3") -> str:
    """An example as a block of ``page`` (under `mkdocs serve`, kept while the model and what example_view reads
    beside it are the same: SiteBuild.kept)."""
    return site.kept("example block", (page, heading, *_example_inputs(site, ex, page)),
                     lambda: render("annotations/example.html", **example_view(site, ex, page, heading)))


def _asides_for(site, notes: list, examples: list, pid: ProvisionId | None) -> list[Aside]:
    """Notes and examples beside a provision: data for the law page, rendered with the page they are on."""
    out = [Aside("commentaire", "annotations/note.html", context=partial(note_view, site, n, pid=pid),
                 inputs=partial(_note_inputs, site, n, pid), site=site) for n in notes]
    out += [Aside("exemple", "annotations/example.html", context=partial(example_view, site, e, pid=pid),
                  inputs=partial(_example_inputs, site, e, pid=pid), site=site) for e in examples]
    return out


def _note_inputs(site, n, pid: ProvisionId | None, page: str) -> tuple:
    """What note_view reads beside the model (the note, as lois.core.filememo gives it back unchanged)."""
    return (n, str(pid), site.document_name(n.source))


def _example_inputs(site, e: Example, page: str, pid: ProvisionId | None = None) -> tuple:
    """What example_view reads beside the model: the example, whether its checklist has a page, and the provision
    it is shown beside (its anchor names it)."""
    return (e, f"checklists/{e.checklist}.md" in site.files, pid)


def _by_provision(ann) -> dict[ProvisionId, tuple[list, list]]:
    """provision → (notes, examples) that cite it, in corpus order (one pass, not one per provision)."""
    out: dict[ProvisionId, tuple[list, list]] = {}
    for n in ann.notes.values():
        for p in dict.fromkeys(n.provisions):
            out.setdefault(p, ([], []))[0].append(n)
    for e in ann.examples.values():
        for p in dict.fromkeys(e.provisions):
            out.setdefault(p, ([], []))[1].append(e)
    return out


def contribute(site) -> None:
    model = site.model
    ann = load_annotations(model)
    # ---- notes and examples beside the provisions they explain
    by_pid = _by_provision(ann)
    stub_laws: set[int] = set()
    for pid, (notes, examples) in by_pid.items():
        if pid in model.provisions:
            for aside in _asides_for(site, notes, examples, pid):
                site.add_aside(pid, aside)
        elif pid.law not in model.laws:
            stub_laws.add(pid.law)  # a stub inside a present law: shown on the examples page only
    for law in sorted(stub_laws):
        # imported commentaries are already gathered, passage by passage, by the absent law's own page
        notes = [n for n in ann.notes.values() if n.kind is Kind.NOTE and any(p.law == law for p in n.provisions)]
        examples = [e for e in ann.examples.values() if any(p.law == law for p in e.provisions)]
        for aside in _asides_for(site, notes, examples, None):
            site.add_law_aside(law, aside)
    # ---- glossary: hover definitions in law, commentary and note texts (first occurrence in each node)
    site.set_glossary(gloss_terms(ann.terms))
    # ---- note pages
    for n in ann.notes.values():
        if n.kind is Kind.NOTE:  # (kept under serve while the note, what it shows of the examples, the glossary's
            #                       forms and the name of its source are the same, and the model answers the same)
            shown = tuple((e.title, e.anchor) for e in _examples_of(n, ann))
            site.add_page(n.page, site.kept("note page", (n, shown, site.gloss_key(), site.document_name(n.source)),
                                            lambda n=n: render_note_page(site, n, ann)))
    # the pages that link to checklist pages are written once every contributor has run
    site.on_contributed(lambda s: s.add_page(EXAMPLES_PAGE, render_examples_page(s, ann)))
    site.on_contributed(lambda s: s.add_page(SITUATIONS_PAGE, render_situations_page(s, ann)))
    # ---- pages
    site.add_page(GLOSSARY_PAGE, render_glossary_page(site, ann))
    site.add_file("assets/lois/annotations.json", json.dumps({
        "terms": [{"term": t.term, "forms": t.all_forms, "definition": t.definition,
                   "provisions": [str(p) for p in t.provisions]}
                  for t in ann.terms],
        "examples": [e.id for e in ann.examples.values()]}, ensure_ascii=False, separators=(",", ":")))
    notes_nav = [n.page for n in ann.notes.values() if n.kind is Kind.NOTE]
    site.add_nav("Que faire si…", SITUATIONS_PAGE)
    site.add_nav("Exemples", EXAMPLES_PAGE)
    if notes_nav:
        site.add_nav_section("Notes de l'équipe", notes_nav)
    site.add_nav("Glossaire", GLOSSARY_PAGE)
    site.add_style("assets/lois/annotations.css")


def _examples_of(n, ann) -> list[Example]:
    """The examples shown on a note's page: those that apply one of its provisions."""
    return [e for e in ann.examples.values() if set(e.provisions) & set(n.provisions)]


def render_note_page(site, n, ann) -> HtmlPage:
    page = n.page
    examples = _examples_of(n, ann)
    out = render_page("annotations/note_page.html", n.title, slug=slug(n.title), note=n,
                      document=site.document_name(n.source), provisions=prov_links(site, page, n.provisions),
                      body=safe(_md_glossed(site, n.body, page, n.law) + _words_block(site, [n.body], n.words, page)),
                      examples=[{"title": e.title, "href": site.href(page, EXAMPLES_PAGE, e.anchor)} for e in examples])
    return out


def render_examples_page(site, ann) -> HtmlPage:
    by_law: dict[int, list[Example]] = {}
    for e in ann.examples.values():
        by_law.setdefault(e.law, []).append(e)
    laws = [{"law": law, "examples": [safe(example_block(site, e, EXAMPLES_PAGE, "h3")) for e in by_law[law]]}
            for law in sorted(by_law)]
    return render_page("annotations/examples.html", "Exemples commentés", count=len(ann.examples), laws=laws)


def render_glossary_page(site, ann) -> HtmlPage:
    page = GLOSSARY_PAGE
    terms = [{"anchor": t.anchor, "term": t.term,
              "definition": safe(site.linkify(t.definition, page, None, ())
                                 + site.words_html([t.definition], t.words, page)),
              "links": prov_links(site, page, t.provisions)} for t in sorted(ann.terms, key=lambda t: t.term.lower())]
    return render_page("annotations/glossary.html", "Glossaire", terms=terms)


SITUATIONS_INTRO = ("Partez de ce qui s'est passé à la table : chaque situation mène aux lois qui s'appliquent, aux "
                    "commentaires et aux exemples. Dans tous les cas, appelez l'arbitre (Loi 9B1).")


def render_situations_page(site, ann) -> HtmlPage:
    from lois.features.annotations.situations import tools_context

    page = SITUATIONS_PAGE
    notes_by_id = {n.id: n for n in ann.notes.values()}
    situations = []
    for s in ann.situations:
        cl = f"checklists/{s.checklists[0]}.md" if s.checklists else ""
        situations.append({
            "id": s.id, "title": s.title,
            "description": safe(site.linkify(s.description, page, None, ())
                                + site.words_html([s.description], s.words, page)),
            "links": prov_links(site, page, s.provisions),
            "notes": [{"title": notes_by_id[n].title, "href": site.href(page, notes_by_id[n].page)} for n in s.notes],
            "examples": [{"title": ann.examples[e].title,
                          "href": site.href(page, EXAMPLES_PAGE, ann.examples[e].anchor)} for e in s.examples],
            "checklist": site.href(page, cl) if cl in site.files else "",
            "tools": tools_context(site, s, page)})
    return render_page("annotations/situations.html", "Que faire si…",
                       intro=safe(site.linkify(SITUATIONS_INTRO, page, None, ())), situations=situations)
