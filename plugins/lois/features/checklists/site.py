"""Site pages of the checklists: one page each (runner + flowchart + cases), an index, links from the laws.

The browser runner (``assets/lois/checklists.js``) only walks the data generated here: the same questions,
choices and outcomes as the Python engine, with page-relative links and previews of the cited provisions.
"""
from __future__ import annotations

import html
import json
from urllib.parse import quote

from lois.render import site as site_mod
from lois.render.inline import front_matter, md_text
from lois.core.corpus import _law_of
from lois.features.checklists.flowchart import flowchart_svg
from lois.features.checklists.model import EFFECTS, PENALTY_CARD_VALUES, load_checklists

INDEX = "checklists/index.md"


def page_of(name: str) -> str:
    return f"checklists/{name}.md"


def _cite(site, pid: str, from_page: str) -> dict:
    law = _law_of(pid)
    has_page = law in site.model.laws or site.law_page(law) in site.files
    if pid in site.model.provisions:
        href = site.provision_href(from_page, pid)
    else:  # a law whose text is absent: its stub page (the anchor of a provision stub may not exist there)
        href = site.href(from_page, site.law_page(law)) if has_page else None
    return {"id": pid, "label": f"Loi {pid}", "preview": site.preview(pid), "href": href}


def effect_display(key: str, value) -> str:
    if key == "penalty_card":
        return PENALTY_CARD_VALUES[value]
    if isinstance(value, bool):
        return "oui" if value else "non"
    return str(value)


def linked(site, text: str, from_page: str) -> str:
    """A checklist text as HTML, each citation in it a link (the site's one linker)."""
    return site.linkify(" ".join(text.split()), from_page, None, ())


def runner_data(site, cl, from_page: str) -> dict:
    return {
        "name": cl.name, "title": cl.title, "start": cl.start,
        "questions": {q.id: {"text": q.text, "help": q.help, "cites": [_cite(site, c, from_page) for c in q.cites],
                             "text_html": linked(site, q.text, from_page),
                             "help_html": linked(site, q.help, from_page),
                             "choices": [{"id": c.id, "label": c.label, "next": c.next} for c in q.choices]}
                      for q in cl.questions.values()},
        "outcomes": {o.id: {"title": o.title, "ruling": o.ruling, "ruling_html": linked(site, o.ruling, from_page),
                            "effects": [{"key": k, "label": EFFECTS[k][2], "value": v,
                                         "text": effect_display(k, v), "default": v == EFFECTS[k][1]}
                                        for k, v in o.effects.items()],
                            "cites": [_cite(site, c, from_page) for c in o.cites]}
                     for o in cl.outcomes.values()},
    }


def answers_query(answers: dict[str, str]) -> str:
    return "?r=" + ",".join(f"{quote(k)}:{quote(v)}" for k, v in answers.items())


def script_json(data) -> str:
    """JSON for a <script type="application/json"> element: no « < », « > » or « & » at all, so that no
    text of the data (« </script> », « <!-- ») can end or change the element."""
    return (json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026"))


def render_page(site, cl) -> str:
    page = page_of(cl.name)
    data = script_json(runner_data(site, cl, page))
    laws = ", ".join(f'<a href="{html.escape(site.href(page, site.law_page(n)))}">Loi {n}</a>'
                     for n in cl.laws if n in site.model.laws or site.law_page(n) in site.files)
    cases = "".join(f'<li><a href="{html.escape(answers_query(c.answers))}" data-case="{html.escape(c.name)}">'
                    f'{html.escape(c.name)}</a> → {html.escape(cl.outcomes[c.expected].title)}</li>'
                    for c in cl.cases)
    questions = "".join(f"<li>{linked(site, q.text, page)}</li>" for q in cl.questions.values())
    return (front_matter("Arbitrage pas à pas — " + cl.title)
            + f"# {md_text(cl.title)} — arbitrage pas à pas\n\n"
            f'<div class="lois-cl-intro" markdown="0"><p>{linked(site, cl.description, page)}</p>'
            f"<p>Lois appliquées : {laws}. Une question à la fois ; les réponses sont dans l'adresse de la page, "
            f"qu'on peut partager.</p></div>\n\n"
            f'<div class="lois-cl" data-checklist="{html.escape(cl.name)}" '
            f'data-fiches="{html.escape(site.href(page, "fiches/index.md"))}" '
            f'data-calculs="{html.escape(site.href(page, "calculs/marque-ajustee.md"))}" markdown="0">'
            f'<script type="application/json" class="lois-cl-data">{data}</script>'
            f'<noscript><p>Le déroulé interactif demande JavaScript ; les questions sont :</p>'
            f"<ol>{questions}</ol></noscript></div>\n\n"
            f"## Arbre de décision {{ #arbre }}\n\n"
            f'<div class="lois-cl-flow-wrap" markdown="0">{flowchart_svg(cl)}</div>\n\n'
            f"## Cas types {{ #cas }}\n\n"
            f'<ul class="lois-cl-cases" markdown="0">{cases}</ul>\n')


def render_index(site, lists) -> str:
    rows = "".join(
        f'<li><a href="{html.escape(site.href(INDEX, page_of(cl.name)))}">{html.escape(cl.title)}</a> — '
        f"{linked(site, cl.description, INDEX)}</li>" for cl in lists.values())
    return ("---\ntitle: Arbitrage pas à pas\n---\n# Arbitrage pas à pas\n\n"
            '<p markdown="0">Chaque liste pose les questions de l\'arbitre, une à la fois, et aboutit à la décision, '
            "avec ses effets et les provisions appliquées. Un mode « table » agrandit le texte pour le montrer aux "
            "joueurs.</p>\n\n"
            f'<ul class="lois-cl-index" markdown="0">{rows}</ul>\n\n'
            f'<p markdown="0">Après l\'arbitrage : <a href="{html.escape(site.href(INDEX, "calculs/marque-ajustee.md"))}">'
            f'calculer une marque ajustée</a> ; <a href="{html.escape(site.href(INDEX, "fiches/index.md"))}">'
            f"les fiches d'arbitrage</a> gardées sur cet appareil.</p>\n")


def _law_extra(site, lists):
    def extra(from_page: str) -> str:
        links = "".join(f'<li><a href="{html.escape(site.href(from_page, page_of(cl.name)))}">{html.escape(cl.title)}'
                        f"</a></li>" for cl in lists)
        return (f'<aside class="lois-cl-link"><p><strong>Arbitrage pas à pas</strong></p>'
                f"<ul>{links}</ul></aside>")
    return extra


def contribute(site) -> None:
    lists = load_checklists(site.model.root, site.model)
    if not lists:
        return
    for cl in lists.values():
        site.add_file(page_of(cl.name), render_page(site, cl))
    site.add_file(INDEX, render_index(site, lists))
    site.add_nav_section("Arbitrage pas à pas", [page_of(n) for n in lists], index=INDEX)
    site.add_script("assets/lois/checklists.js")
    site.add_style("assets/lois/checklists.css")
    # all checklists for programs, links relative to the site root
    site.add_file("assets/lois/checklists.json",
                  json.dumps({n: runner_data(site, cl, "index.md") for n, cl in lists.items()},
                             ensure_ascii=False, separators=(",", ":")))
    by_law: dict[int, list] = {}
    for cl in lists.values():
        laws = set(cl.laws)
        for q in cl.questions.values():
            laws.update(_law_of(c) for c in q.cites)
        for n in sorted(laws):
            if n in site.model.laws or site.law_page(n) in site.files:  # a present law or its stub page
                by_law.setdefault(n, []).append(cl)
    for n, cls in by_law.items():
        site.add_law_extra(n, _law_extra(site, cls))
    # under each provision a question applies: a link straight to that question (answers of a path to it)
    steps: dict[str, list[tuple]] = {}
    for cl in lists.values():
        paths = paths_to_questions(cl)
        for q in cl.questions.values():
            for pid in q.cites:
                p = site.model.provisions.get(pid)
                if p is not None and p.level != "law":
                    steps.setdefault(pid, []).append((cl, q, paths[q.id]))
    for pid, items in steps.items():
        site.add_provision_extra(pid, _provision_extra(site, items))


def paths_to_questions(cl) -> dict[str, dict[str, str]]:
    """For each question, the answers of the first path (breadth first) that asks it."""
    out = {cl.start: {}}
    todo = [cl.start]
    while todo:
        qid = todo.pop(0)
        for c in cl.questions[qid].choices:
            if c.next in cl.questions and c.next not in out:
                out[c.next] = {**out[qid], qid: c.id}
                todo.append(c.next)
    return out


def _provision_extra(site, items):
    def extra(from_page: str) -> str:
        links = "".join(
            f'<li><a href="{html.escape(site.href(from_page, page_of(cl.name)) + (answers_query(path) if path else ""))}" '
            f'data-checklist-step="{html.escape(cl.name)}:{html.escape(q.id)}">{html.escape(cl.title)} — '
            f"« {html.escape(q.text)} »</a></li>" for cl, q, path in items)
        return f'<div class="lois-cl-here"><span>Arbitrage pas à pas :</span><ul>{links}</ul></div>'
    return extra
