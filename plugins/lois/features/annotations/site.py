"""Site contribution of the « annoté »: notes beside provisions, examples, glossary, situations."""
from __future__ import annotations

import html
import json
import re

from lois.render import site as site_mod
from lois.render.inline import front_matter, md_text, render_markdown, tooltip_attr
from lois.features.annotations import load_annotations
from lois.features.annotations.common import law_of
from lois.features.annotations.examples import Example, render_auction, render_play
from lois.features.annotations.glossary import gloss_html

EXAMPLES_PAGE = "exemples/index.md"
GLOSSARY_PAGE = "glossaire.md"
SITUATIONS_PAGE = "que-faire-si.md"


def red_suits(fragment: str) -> str:
    """Hearts and diamonds in red in an HTML fragment (text only: tags and their attributes are left alone)."""
    return re.sub(r"(<[^>]*>)|([♥♦])", lambda m: m.group(1) or f'<span class="ann-red">{m.group(2)}</span>', fragment)


def _md(site, text: str, page: str, law: int | None) -> str:
    # memoised per build: an example is shown beside each provision it applies, often several on one page
    cache = site.__dict__.setdefault("_ann_md", {})
    key = (text, page, law)
    if key not in cache:
        cache[key] = render_markdown(text, lambda t: red_suits(site.linkify(t, page, law, ())))
    return cache[key]


def _prov_links(site, page: str, ids: list[str]) -> str:
    return ", ".join(f'<a class="lois-cite" href="{html.escape(site.provision_href(page, p))}" '
                     f'title="{tooltip_attr(site.preview(p, 240))}">Loi {html.escape(p)}</a>' for p in ids)


def note_box(site, note, page: str, pid: str | None = None) -> str:
    """A note shown beside a provision: labelled « Commentaire », with author and source, never like law text."""
    # a note explaining several provisions is shown in full beside the first one, with a reference beside
    # the others; imported commentaries (long) show their opening paragraphs, the whole text is on their page
    first = note.provisions[0]
    if pid is not None and pid != first and law_of(pid) == law_of(first):
        body = (f'<p>Ce commentaire porte aussi sur cette provision ; il est reproduit sous la '
                f'<a href="{html.escape(site.provision_href(page, first))}">Loi {html.escape(first)}</a>.</p>')
    elif note.kind == "commentaire":
        body = _md(site, _excerpt(note.body), page, law_of(first))
    else:
        body = _md(site, note.body, page, law_of(first))
    source = f" — Source : {html.escape(note.source)}" if note.source else ""
    more = f'<a href="{html.escape(site.href(page, note.page))}">Page du commentaire</a>'
    return (f'<aside class="ann-note" data-note="{html.escape(note.id)}" markdown="0">'
            f'<p class="ann-note-head"><span class="ann-label">Commentaire</span> '
            f'<strong>{html.escape(note.title)}</strong></p>'
            f'<div class="ann-note-body">{body}</div>'
            f'<p class="ann-note-meta">Auteur : {html.escape(note.author)}{source} — {more}. '
            f'Ce commentaire n\'est pas le texte des Lois.</p></aside>')


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


def example_block(site, ex: Example, page: str, heading: str = "h3") -> str:
    law = law_of(ex.provisions[0])
    applied = _prov_links(site, page, ex.provisions)
    link = ""
    if page != EXAMPLES_PAGE:
        link = f' <a class="ann-ex-link" href="{html.escape(site.href(page, EXAMPLES_PAGE, ex.anchor))}">(tous les exemples)</a>'
    checklist = ""
    if ex.checklist and f"checklists/{ex.checklist}.md" in site.files:
        checklist = (f'<p class="ann-checklist">Suivre la démarche : <a href="'
                     f'{html.escape(site.href(page, f"checklists/{ex.checklist}.md"))}">{html.escape(ex.checklist)}</a></p>')
    return (f'<section class="ann-example" id="{html.escape(ex.anchor if page == EXAMPLES_PAGE else ex.anchor + "-" + str(law))}" '
            f'data-example="{html.escape(ex.id)}" markdown="0">'
            f'<{heading} class="ann-ex-title"><span class="ann-label">Exemple</span> {html.escape(ex.title)}</{heading}>'
            f'<p class="ann-ex-laws">Lois appliquées : {applied}{link}</p>'
            f'<div class="ann-nogloss">{render_auction(ex)}{render_play(ex)}</div>'
            f'<div class="ann-ex-question"><strong>Question.</strong> {_md(site, ex.question, page, law)}</div>'
            f'<details class="ann-ex-ruling"><summary>Décision</summary>{_md(site, ex.ruling, page, law)}</details>'
            f"{checklist}</section>")


def _extras_for(site, ann, pid: str, by_pid: dict | None = None):
    if by_pid is None:
        by_pid = _by_provision(ann)
    notes, examples = by_pid.get(pid, ([], []))

    def fn(page: str) -> str:
        parts = [note_box(site, n, page, pid) for n in notes]
        parts += [example_block(site, e, page) for e in examples]
        return f'<div class="ann-extras" data-for="{html.escape(pid)}">' + "".join(parts) + "</div>"
    return fn


def _stub_extras(site, ann, law: int):
    """Notes and examples on a law whose text is absent, for its stub page."""
    def fn(page: str) -> str:
        notes = [n for n in ann.notes.values() if any(law_of(p) == law for p in n.provisions)]
        examples = [e for e in ann.examples.values() if any(law_of(p) == law for p in e.provisions)]
        return ('\n## Notes et exemples { #annote }\n\n<div class="ann-extras ann-stub-extras" markdown="0">'
                + "".join(note_box(site, n, page) for n in notes)
                + "".join(example_block(site, e, page) for e in examples) + "</div>\n\n")
    return fn


def _by_provision(ann) -> dict[str, tuple[list, list]]:
    """provision id → (notes, examples) that cite it, in corpus order (one pass, not one per provision)."""
    out: dict[str, tuple[list, list]] = {}
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
    site.annotations = ann  # for other features (e.g. checklists) that want the examples
    # ---- notes and examples beside the provisions they explain
    ids = {p for n in ann.notes.values() for p in n.provisions} | {p for e in ann.examples.values() for p in e.provisions}
    stub_law_extra: dict[int, list[str]] = {}
    by_pid = _by_provision(ann)
    for pid in sorted(ids):
        target = pid
        if target not in model.provisions:
            law = law_of(pid)
            if law in model.laws:
                continue  # a stub inside a present law: shown on the examples page only
            stub_law_extra.setdefault(law, []).append(pid)
            continue
        site.add_provision_extra(target, _extras_for(site, ann, target, by_pid))
    for law in stub_law_extra:
        if site.law_page(law) in site.files:  # the stub page, rendered with its law extras once contributors ran
            site.add_law_extra(law, _stub_extras(site, ann, law))
    # ---- note pages
    for n in ann.notes.values():
        if n.kind == "note":
            site.add_file(n.page, render_note_page(site, n, ann))
    # ---- glossary hover in law pages; the pages that link to checklist pages are written once every
    # contributor has run (law pages are rendered last), so that links go only to pages that exist
    done = []

    def law_page_filter(path: str, content: str) -> str:
        if not done:
            done.append(True)
            site.add_file(EXAMPLES_PAGE, render_examples_page(site, ann))
            site.add_file(SITUATIONS_PAGE, render_situations_page(site, ann))
        return gloss_html(content, ann.terms)
    site.page_filters.append(law_page_filter)
    for c in model.commentaries.values():
        path = f"commentaires/{c.id}.md"
        if path in site.files:
            content = site.files[path].content.replace('<div class="lois-commentary" markdown="0">',
                                                       f'<div class="lois-commentary" markdown="0" data-id="commentaire:{c.id}">')
            site.add_file(path, gloss_html(content, ann.terms))
    # ---- pages
    site.add_file(EXAMPLES_PAGE, render_examples_page(site, ann))  # rewritten by law_page_filter
    site.add_file(SITUATIONS_PAGE, render_situations_page(site, ann))
    site.add_file(GLOSSARY_PAGE, render_glossary_page(site, ann))
    site.add_file("assets/lois/annotations.json", json.dumps({
        "terms": [{"term": t.term, "forms": t.forms, "definition": t.definition, "provisions": t.provisions}
                  for t in ann.terms],
        "examples": [e.id for e in ann.examples.values()]}, ensure_ascii=False, indent=1))
    notes_nav = [n.page for n in ann.notes.values() if n.kind == "note"]
    site.add_nav("Que faire si…", SITUATIONS_PAGE)
    site.add_nav("Exemples", EXAMPLES_PAGE)
    if notes_nav:
        site.add_nav_section("Notes de l'équipe", notes_nav)
    site.add_nav("Glossaire", GLOSSARY_PAGE)
    site.add_style("assets/lois/annotations.css")


def render_note_page(site, n, ann) -> str:
    page = n.page
    body = _md(site, n.body, page, law_of(n.provisions[0]))
    examples = [e for e in ann.examples.values() if set(e.provisions) & set(n.provisions)]
    ex_html = ""
    if examples:
        ex_html = "\n## Exemples liés\n\n<ul markdown=\"0\">" + "".join(
            f'<li><a href="{html.escape(site.href(page, EXAMPLES_PAGE, e.anchor))}">{html.escape(e.title)}</a></li>'
            for e in examples) + "</ul>\n"
    source = f" Source : {html.escape(n.source)}." if n.source else ""
    content = (front_matter(n.title) + f"# {md_text(n.title)}\n\n"
               f'<div class="lois-commentary-meta" markdown="0"><p><strong>Commentaire</strong> — ce texte n\'est pas '
               f"le texte des Lois. Auteur : {html.escape(n.author)}.{source} Sur : {_prov_links(site, page, n.provisions)}."
               f"</p></div>\n\n"
               f'<div class="lois-commentary ann-note-page" markdown="0" data-id="note:{html.escape(n.id)}">{body}</div>\n'
               + ex_html)
    return gloss_html(content, ann.terms)


def render_examples_page(site, ann) -> str:
    page = EXAMPLES_PAGE
    by_law: dict[int, list[Example]] = {}
    for e in ann.examples.values():
        by_law.setdefault(law_of(e.provisions[0]), []).append(e)
    out = ["---\ntitle: Exemples commentés\n---\n# Exemples commentés\n",
           f"<p>{len(ann.examples)} exemples : une donne ou des enchères, la question posée à l'arbitre et la "
           "décision, avec les lois appliquées. Les cœurs et les carreaux sont en rouge ; une déclaration "
           "irrégulière est encadrée et numérotée, les alertes sont signalées par un numéro de note.</p>\n"]
    for law in sorted(by_law):
        out.append(f"\n## Loi {law} {{ #loi-{law} }}\n")
        for e in by_law[law]:
            out.append(example_block(site, e, page, "h3") + "\n")
    return "\n".join(out)


def render_glossary_page(site, ann) -> str:
    page = GLOSSARY_PAGE
    items = []
    for t in sorted(ann.terms, key=lambda t: t.term.lower()):
        items.append(f'<dt id="{t.anchor}">{html.escape(t.term)}</dt><dd><p>{html.escape(t.definition)}</p>'
                     f'<p class="ann-gloss-refs">Dans le Code : {_prov_links(site, page, t.provisions)}</p></dd>')
    return ("---\ntitle: Glossaire\n---\n# Glossaire\n\n"
            "<p>Définitions rédigées par l'équipe du site, en termes simples ; elles ne remplacent pas le texte des "
            "Lois. Dans les pages des lois, la première occurrence d'un terme dans chaque provision affiche sa "
            "définition au survol.</p>\n\n"
            f'<dl class="ann-glossary" markdown="0">{"".join(items)}</dl>\n')


def render_situations_page(site, ann) -> str:
    page = SITUATIONS_PAGE
    out = ["---\ntitle: Que faire si…\n---\n# Que faire si…\n",
           "<p>Partez de ce qui s'est passé à la table : chaque situation mène aux lois qui s'appliquent, aux "
           "commentaires et aux exemples. Dans tous les cas, appelez l'arbitre (Loi 9B1).</p>\n"]
    notes_by_id = {n.id: n for n in ann.notes.values()}
    for s in ann.situations:
        parts = [f'<p>{site.linkify(s.description, page, None, ())}</p>',
                 f'<p class="ann-sit-laws"><strong>Lois :</strong> {_prov_links(site, page, s.provisions)}</p>']
        if s.notes:
            parts.append("<p><strong>Commentaires :</strong> " + ", ".join(
                f'<a href="{html.escape(site.href(page, notes_by_id[n].page))}">{html.escape(notes_by_id[n].title)}</a>'
                for n in s.notes) + "</p>")
        if s.examples:
            parts.append("<p><strong>Exemples :</strong> " + ", ".join(
                f'<a href="{html.escape(site.href(page, EXAMPLES_PAGE, ann.examples[e].anchor))}">'
                f'{html.escape(ann.examples[e].title)}</a>' for e in s.examples) + "</p>")
        cl = f"checklists/{s.checklist}.md"
        if s.checklist and cl in site.files:
            parts.append(f'<p><strong>Démarche pas à pas :</strong> <a href="{html.escape(site.href(page, cl))}">'
                         f"questions de l'arbitre</a></p>")
        out.append(f"\n## {md_text(s.title)} {{ #{s.id} }}\n\n"
                   f'<div class="ann-situation" data-situation="{s.id}" markdown="0">{"".join(parts)}</div>\n')
    return "\n".join(out)
