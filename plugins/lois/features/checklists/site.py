"""Site pages of the checklists: one page each (runner + flowchart + cases), an index, links from the laws.

The browser runner (``assets/lois/checklists.js``) only walks the data generated here: the same questions,
choices and outcomes as the Python engine, with page-relative links and previews of the cited provisions.
"""
from __future__ import annotations

import json
from urllib.parse import quote

from markupsafe import escape

from lois.render import htmlpage
from lois.render.htmlpage import (HtmlPage, has_law_page as _has_page, provision_cite as _cite, script_json,
                                  slug)
from lois.render.law_page import Aside
from lois.render.site import ANY_PAGE
from lois.render.templates import safe
from lois.core.ids import Level
from lois.features.checklists.coverage import Status, table as coverage_table
from lois.features.checklists.flowchart import flowchart_svg
from lois.features.checklists.model import EFFECTS, PENALTY_CARD_VALUES, TRICKS_AT_END, load_checklists, one_line

INDEX = "checklists/index.md"


def page_of(name: str) -> str:
    return f"checklists/{name}.md"


def effect_display(key: str, value) -> str:
    if key == "penalty_card":
        return PENALTY_CARD_VALUES[value]
    if key == "tricks_transferred" and value in TRICKS_AT_END:
        return TRICKS_AT_END[value]
    if isinstance(value, bool):
        return "oui" if value else "non"
    return str(value)


def linked(site, text: str, from_page: str) -> str:
    """A checklist text as HTML, each citation in it a link (the site's one linker)."""
    return site.linkify(one_line(text), from_page, None, ())


def runner_data(site, cl, from_page: str = ANY_PAGE) -> dict:
    """What the runner walks: the questions, choices and outcomes, their texts linked (by default from
    :data:`~lois.render.site.ANY_PAGE`: made once, placed in the page and in ``checklists.json``)."""
    return {
        "name": cl.name, "title": cl.title, "start": cl.start,
        "questions": {q.id: {"text": q.text, "help": q.help, "cites": [_cite(site, c, from_page) for c in q.cites],
                             "text_html": linked(site, q.text, from_page),
                             "help_html": linked(site, q.help, from_page),
                             "choices": [{"id": c.id, "label": c.label, "next": c.next} for c in q.choices]}
                      for q in cl.questions.values()},
        "outcomes": {o.id: {"title": o.title, "ruling": o.ruling,
                            "ruling_html": linked(site, o.ruling, from_page)
                            + site.words_html([o.ruling], o.words, from_page),
                            "players": [{"text": t, "html": linked(site, t, from_page)
                                         + site.words_html([t], o.words, from_page)} for t in o.players],
                            "effects": [{"key": k, "label": EFFECTS[k][2], "value": v,
                                         "text": effect_display(k, v), "default": v == EFFECTS[k][1]}
                                        for k, v in o.effects.items()],
                            "cites": [_cite(site, c, from_page) for c in o.cites]}
                     for o in cl.outcomes.values()},
    }


def answers_query(answers: dict[str, str]) -> str:
    return "?r=" + ",".join(f"{quote(k)}:{quote(v)}" for k, v in answers.items())


def _provision_link(site, unit, from_page: str) -> str:
    """A unit of the coverage table as a link: to its provision (with its preview); for a section its source
    leaves out, to the notice in its place on the law's page; for a law whose text is absent, to its page if the
    site has one."""
    pid = unit.pid
    if unit.in_corpus or pid.law not in site.model.laws:
        return site.citation_link(f"Loi {pid}", [pid], from_page)
    href = site.href(from_page, pid.page, pid.anchor)
    return f'<a href="{escape(href)}">Loi {escape(str(pid))}</a>'


def coverage_view(site, cl, from_page: str) -> dict:
    """The table « Couverture des lois appliquées » (lois.features.checklists.coverage), for the template."""
    table = coverage_table(cl, site.model)
    paths = paths_to_outcomes(cl)
    rows = []
    reasons: dict[str, str] = {}  # an entry's reason, linked once: each unit of a section or law set aside shows it
    for r in table.rows:
        aside = ""
        if r.status is Status.ASIDE and r.aside is not None and r.aside != r.unit.pid:
            aside = f"avec la {'Loi' if r.aside.level is Level.LAW else 'section'} {r.aside}"
        rows.append({
            "provision": r.provision, "link": safe(_provision_link(site, r.unit, from_page)), "where": r.unit.where,
            "status": r.status.value, "label": r.status.label, "with": aside,
            "reason": reasons.get(r.reason) or reasons.setdefault(r.reason, safe(linked(site, r.reason, from_page)))
            if r.reason else "",
            "outcomes": [{"id": o, "title": cl.outcomes[o].title, "href": answers_query(paths[o])}
                         for o in r.outcomes]})
    return {"summary": table.summary(), "rows": rows}


def render_page(site, cl, data: dict | None = None) -> HtmlPage:
    """The page of one checklist (template ``checklists/page.html``); ``data``: its :func:`runner_data`."""
    page = page_of(cl.name)
    data = site.placed(runner_data(site, cl) if data is None else data, page)
    heading = cl.title + " — arbitrage pas à pas"
    return htmlpage.render_page(
        "checklists/page.html", "Arbitrage pas à pas — " + cl.title, heading=heading, slug=slug(heading),
        checklist=cl.name,
        description=safe(linked(site, cl.description, page)),
        words=safe(site.words_html([cl.description], cl.words, page)),
        laws=[{"law": n, "href": site.href(page, site.law_page(n))} for n in cl.laws if _has_page(site, n)],
        fiches_href=site.href(page, "fiches/index.md"), calculs_href=site.href(page, "calculs/marque-ajustee.md"),
        data=safe(script_json(data)),
        questions=[safe(data["questions"][q.id]["text_html"]) for q in cl.questions.values()],
        flowchart=safe(flowchart_svg(cl)),
        cases=[{"name": c.name, "href": answers_query(c.answers), "outcome": cl.outcomes[c.expected].title}
               for c in cl.cases],
        coverage=coverage_view(site, cl, page))


def render_index(site, lists) -> HtmlPage:
    """The index of the checklists (template ``checklists/index.html``)."""
    return htmlpage.render_page(
        "checklists/index.html", "Arbitrage pas à pas",
        checklists=[{"title": cl.title, "href": site.href(INDEX, page_of(cl.name)),
                     "description": safe(linked(site, cl.description, INDEX))} for cl in lists.values()],
        calculs_href=site.href(INDEX, "calculs/marque-ajustee.md"), fiches_href=site.href(INDEX, "fiches/index.md"))


def law_links_aside(site, lists: list) -> Aside:
    """Beside a law: the checklists that apply it (template ``checklists/law_links.html``)."""
    return Aside(None, "checklists/law_links.html", context=lambda page: {
        "checklists": [{"title": cl.title, "href": site.href(page, page_of(cl.name))} for cl in lists]},
        inputs=lambda page: tuple(lists), site=site)


def steps_aside(site, items: list[tuple]) -> Aside:
    """Under a provision: the checklist questions that apply it, each linked with the answers of a path to it
    (template ``checklists/steps.html``)."""
    return Aside(None, "checklists/steps.html", context=lambda page: {"steps": [
        {"href": site.href(page, page_of(cl.name)) + (answers_query(path) if path else ""), "checklist": cl.name,
         "question_id": q.id, "title": cl.title, "question": q.text} for cl, q, path in items]},
        inputs=lambda page: tuple(x for cl, q, path in items for x in (cl, q.id, repr(path))), site=site)


def _laws_of(site, lists) -> dict[int, list]:
    """Law → the checklists that apply it or cite one of its provisions (laws the site has a page for)."""
    by_law: dict[int, list] = {}
    for cl in lists.values():
        laws = set(cl.laws)
        for q in cl.questions.values():
            laws.update(c.law for c in q.cites)
        for n in sorted(laws):
            if _has_page(site, n):
                by_law.setdefault(n, []).append(cl)
    return by_law


def _steps_of(site, lists) -> dict[str, list[tuple]]:
    """Provision id → (checklist, question, answers of a path to it) of each question that cites it."""
    steps: dict[str, list[tuple]] = {}
    for cl in lists.values():
        paths = paths_to_questions(cl)
        for q in cl.questions.values():
            for pid in q.cites:
                p = site.model.provisions.get(pid)
                if p is not None and p.level != "law":
                    steps.setdefault(pid, []).append((cl, q, paths[q.id]))
    return steps


def contribute(site) -> None:
    lists = load_checklists(site.model.root, site.model)
    if not lists:
        return
    def made(cl) -> tuple[HtmlPage, str]:
        """The checklist's page and its part of checklists.json (links relative to the site's root), from the same
        runner data: its texts linked once."""
        data = runner_data(site, cl)
        return render_page(site, cl, data), json.dumps(site.placed(data, "index.md"), ensure_ascii=False,
                                                       separators=(",", ":"))
    parts = []
    for cl in lists.values():  # a checklist reads the model and its file alone
        page, part = site.kept("checklist", (cl,), lambda cl=cl: made(cl))
        site.add_page(page_of(cl.name), page)
        parts.append(json.dumps(cl.name, ensure_ascii=False) + ":" + part)
    site.add_page(INDEX, render_index(site, lists))
    site.add_nav_section("Arbitrage pas à pas", [page_of(n) for n in lists], index=INDEX)
    site.add_script("assets/lois/checklists.js", only_where=('class="lois-cl"',))  # the checklists' pages
    # the runner's styles: the checklists' pages, the first question of one (« Que faire si… »), the calculators'
    # citations (scores.js: lois-cl-cites); what a law page shows of the checklists is styled by lois.css
    site.add_style("assets/lois/checklists.css", only_where=('class="lois-cl"', 'class="ann-sit-start"', 'data-calc="'))
    # all checklists for programs, links relative to the site root: the JSON of the whole, made of each checklist's
    # (under serve, each checklist's JSON is made again only when its page is)
    site.add_file("assets/lois/checklists.json", "{" + ",".join(parts) + "}")
    for n, cls in _laws_of(site, lists).items():
        site.add_law_aside(n, law_links_aside(site, cls))
    # under each provision a question applies: a link straight to that question (answers of a path to it)
    for pid, items in _steps_of(site, lists).items():
        site.add_aside(pid, steps_aside(site, items))


def paths_to_outcomes(cl) -> dict[str, dict[str, str]]:
    """For each outcome, the answers of the first path (breadth first) that reaches it."""
    out: dict[str, dict[str, str]] = {}
    for qid, path in paths_to_questions(cl).items():
        for c in cl.questions[qid].choices:
            if c.next in cl.outcomes and c.next not in out:
                out[c.next] = {**path, qid: c.id}
    return out


def paths_to_questions(cl) -> dict[str, dict[str, str]]:
    """For each question, the answers of the first path (breadth first) that asks it."""
    out: dict[str, dict[str, str]] = {cl.start: {}}
    todo = [cl.start]
    while todo:
        qid = todo.pop(0)
        for c in cl.questions[qid].choices:
            if c.next in cl.questions and c.next not in out:
                out[c.next] = {**out[qid], qid: c.id}
                todo.append(c.next)
    return out
