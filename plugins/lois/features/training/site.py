"""The page « S'entraîner » (``entrainement/``): the training situations of :mod:`.items` and the checklists they
are graded on, shipped as data to ``assets/lois/training.js`` (which only walks that data: questions, choices,
the expected outcome and its explanation, all generated here from the validated checklists and examples).

The page itself stays the same size whatever the corpus: it holds the number of situations and where their data
is. The situations are in files of :data:`CHUNK` each, in order
(``assets/lois/entrainement/<hash>/situations-<n>.json``), each checklist in a file of its own
(``…/listes/<name>.json``); the script fetches those a session shows, and the offline copy
saves them with every other file of the site."""
from __future__ import annotations

import hashlib
import json
from importlib import resources

from lois.features.checklists.engine import reachable
from lois.features.checklists.model import EFFECTS
from lois.features.checklists.site import answers_query, effect_display, linked, page_of
from lois.render.htmlpage import provision_cite as _cite, script_json
from lois.features.training.items import MODES, load_items
from lois.render import htmlpage
from lois.render.htmlpage import HtmlPage
from lois.render.templates import safe

PAGE = "entrainement.md"
SCRIPT = "assets/lois/training.js"
STYLE = "assets/lois/training.css"
STORAGE_KEY = "lois-entrainement-v1"
DATA = "assets/lois/entrainement"
CHUNK = 16  # situations per file: a session of 10 fetches a few small files; a corpus ×100 stays a few hundred files


def _cites(site, ids) -> list[dict]:
    return [{k: v for k, v in _cite(site, c, PAGE).items() if k != "preview"} for c in ids]


def checklist_data(site, cl) -> dict:
    """What the script needs of one checklist: its questions, outcomes and the table that explains a wrong decision."""
    name = cl.name
    return {
        "title": cl.title, "start": cl.start,
        # node → outcomes reachable from it: explains a wrong decision (items.grade_decision, the same table)
        "reach": reachable(cl),
        "href": site.href(PAGE, page_of(name)) if page_of(name) in site.files else "",
        "questions": {q.id: {"text": q.text, "cites": _cites(site, q.cites),
                             "choices": [{"id": c.id, "label": c.label, "next": c.next} for c in q.choices]}
                      for q in cl.questions.values()},
        "outcomes": {o.id: {"title": o.title, "ruling_html": linked(site, o.ruling, PAGE),
                            "cites": _cites(site, o.cites),
                            "players": [linked(site, t, PAGE) for t in _players(o)],
                            "effects": [f"{EFFECTS[k][2]} : {effect_display(k, v)}" for k, v in o.effects.items()
                                        if v != EFFECTS[k][1]]}
                     for o in cl.outcomes.values()},
    }


def item_data(site, i) -> dict:
    return {"id": i.id, "kind": i.kind, "checklist": i.checklist, "source": i.source,
            "situation_html": linked(site, i.situation, PAGE),
            "explanation_html": linked(site, i.explanation, PAGE) if i.explanation else "",
            "answers": i.answers, "expected": i.expected,
            "review": (site.href(PAGE, page_of(i.checklist)) + answers_query(i.answers))
            if page_of(i.checklist) in site.files else ""}


def training_data(site, items, folder: str) -> dict:
    """The page's own data: constant size (the situations and checklists are in the files of :func:`add_data`)."""
    return {"storageKey": STORAGE_KEY, "modes": MODES, "count": len(items), "chunk": CHUNK,
            "data": site.href(PAGE, folder) + "/"}


def add_data(site, lists, items) -> str:
    """One file per checklist used (``listes/<name>.json``) and one per :data:`CHUNK` situations
    (``situations-<n>.json``, in order), links written relative to the page, in a folder named by their content: a
    page open while a new version is published keeps reading its own (or, gone, says it could not); under `mkdocs
    serve`, ``live``. Its folder."""
    from lois.render.typo_html import spaced_data

    def dump(data) -> str:  # what the script shows, in the site's French typography as the pages
        return json.dumps(spaced_data(data), ensure_ascii=False, separators=(",", ":"))

    files = {f"listes/{name}.json": site.kept("training-checklist", (lists[name], page_of(name) in site.files),
                                              lambda name=name: dump(checklist_data(site, lists[name])))
             for name in sorted({i.checklist for i in items})}
    files.update({f"situations-{n // CHUNK}.json": dump([item_data(site, i) for i in items[n:n + CHUNK]])
                  for n in range(0, len(items), CHUNK)})
    # under `mkdocs serve`, one folder from one save to the next, as the search's data (lois.features.search.shards):
    # a save changes the files it changes, not the name of every file (nor the page that names the folder)
    digest = "live" if site.live else hashlib.sha1("\0".join(f"{k}\0{v}" for k, v in files.items()).encode(
        "utf-8")).hexdigest()[:10]
    folder = f"{DATA}/{digest}"
    for name, text in files.items():
        site.add_file(f"{folder}/{name}", text)
    return folder


def _players(outcome) -> list[str]:
    """What the director says to the players, when the checklist gives it (validated with the checklist)."""
    said = getattr(outcome, "players", None) or []
    return [" ".join(str(getattr(p, "text", p)).split()) for p in said]


def render_page(site, lists, items) -> HtmlPage:
    folder = add_data(site, lists, items)
    return htmlpage.render_page(
        "training/page.html", "S'entraîner", data=safe(script_json(training_data(site, items, folder))),
        cases=sum(1 for i in items if i.kind == "case"), examples=sum(1 for i in items if i.kind == "example"),
        checklists=len({i.checklist for i in items}), checklists_href=site.href(PAGE, "checklists/index.md"))


def _text(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def contribute(site) -> None:
    lists, items = load_items(site.model)
    if not items:
        return
    site.on_contributed(lambda s: s.add_page(PAGE, render_page(s, lists, items)))  # links to the checklist pages
    site.add_file(SCRIPT, _text("training.js"))
    site.add_file(STYLE, _text("training.css"))
    site.add_script(SCRIPT, only_where=('class="lois-train"',))  # the training page only
    site.add_style(STYLE, only_where=('class="lois-train"',))
    site.add_nav("S'entraîner", PAGE)
