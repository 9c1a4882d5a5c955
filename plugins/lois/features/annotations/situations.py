"""« Que faire si… » (``corpus/situations.yaml``): entry points by what happened at the table.

Every way in leads to the tool: a situation whose laws are those a checklist applies (its ``laws``) links that
checklist (``checklist``), and a situation citing a provision a calculator computes links the calculator
(``calculator``), or says why not (``no_checklist``, ``no_calculator``). Checked when the corpus is read, with
the file and the line."""
from __future__ import annotations

from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.grounds import check_words
from lois.core.ids import ProvisionId
from lois.features.annotations.common import derive_entries, entries_of
from lois.features.annotations.schema import Situation, Situations

# The calculators a situation can link: name → (site page, provisions it computes). The adjusted-score page
# (lois.features.scores) computes the artificial score of Loi 12C2 (in an individual event, Loi 12C3), the weighted
# score of Loi 12C1(c) and the average of Loi 12C4 (knock-out); Loi 12C1(d) sends to the artificial score.
CALCULATORS: dict[str, tuple[str, tuple[ProvisionId, ...]]] = {
    "marque-ajustee": ("calculs/marque-ajustee.md", tuple(map(ProvisionId.parse, ("12C1(c)", "12C1(d)", "12C2", "12C3",
                                                                              "12C4")))),
}


def _under(pid: ProvisionId, root: ProvisionId) -> bool:
    """`pid` is the provision `root` or one of its parts (« 12C2(a) » is under « 12C2 »)."""
    return pid == root or root in pid.ancestors


def check_tools(loc, i: int, s: Situation, lists: dict) -> list[str]:
    """The rule « every way in leads to the tool » for situation `s`, number `i` of the file (see the module's
    docstring); its checklists."""
    sid, provisions, calculator = s.id, s.provisions, s.calculator or ""
    checklists = [s.checklist] if isinstance(s.checklist, str) else list(s.checklist or [])
    for j, name in enumerate(checklists):
        if name not in lists:
            keys = (i, "checklist", j) if isinstance(s.checklist, list) else (i, "checklist")
            raise loc.error(f"situation « {sid} » : liste d'arbitrage inconnue « {name} » (listes : "
                            f"{', '.join(lists)})", *keys)
    laws = sorted({p.law for p in provisions})
    matching = [n for n, cl in lists.items() if set(laws) & set(cl.laws)]
    if matching and not set(checklists) & set(matching) and not s.no_checklist:
        raise loc.error(f"situation « {sid} » : ses lois ({', '.join(map(str, laws))}) sont appliquées par la liste "
                        f"d'arbitrage « {matching[0]} »"
                        + (f" (et {', '.join('« ' + m + ' »' for m in matching[1:])})" if matching[1:] else "")
                        + f" : ajoutez « checklist: {matching[0]} », ou dites pourquoi pas dans « no_checklist »", i)
    if calculator and calculator not in CALCULATORS:
        raise loc.error(f"situation « {sid} » : calculateur inconnu « {calculator} » (calculateurs : "
                        f"{', '.join(CALCULATORS)})", i, "calculator")
    for name, (_page, roots) in CALCULATORS.items():
        computed = [p for p in provisions if any(_under(p, r) for r in roots)]
        if computed and calculator != name and not s.no_calculator:
            raise loc.error(f"situation « {sid} » : elle cite la Loi {computed[0]}, que calcule le calculateur "
                            f"« {name} » : ajoutez « calculator: {name} », ou dites pourquoi pas dans "
                            "« no_calculator »", i)
    return checklists


def load_situations(model: Model, path: Path, notes: dict, examples: dict) -> list[Situation]:
    """The situations, read and checked against the model (kept for their bytes and the model:
    lois.features.annotations.common.derive_entries), then against the notes, examples and checklists; the words of
    the Code behind each description last, as before."""
    from lois.features.checklists.model import load_checklists

    loc, entries, words_problem = derive_entries("situations", path, lambda loc: _entries(model, loc), model)
    if loc is None:  # no file
        return []
    out: list[Situation] = []
    ids: set[str] = set()
    known = {"notes": ({n.id for n in notes.values()}, "note"), "examples": (set(examples), "exemple")}
    lists = load_checklists(model.root, model) if entries else {}
    for i, s in enumerate(entries):
        if s.id in ids:
            raise loc.error(f"identifiant « {s.id} » déjà utilisé", i, "id")
        ids.add(s.id)
        for key, (ids_known, label) in known.items():
            for j, ref in enumerate(getattr(s, key) or []):
                if ref not in ids_known:
                    raise loc.error(f"{label} « {ref} » inconnu(e) (voir corpus/notes, corpus/commentaires, "
                                    "corpus/exemples)", i, key, j)
        checklists = check_tools(loc, i, s, lists)
        out.append(s.model_copy(update={"description": " ".join(s.description.split()), "notes": list(s.notes or []),
                                        "examples": list(s.examples or []), "checklists": checklists,
                                        "line": loc.line(i)}))
    if words_problem is not None:  # the words of the Code behind each description, once every entry is sound
        raise words_problem
    return out


def _entries(model: Model, loc) -> tuple:
    """The file's entries checked against the model, and the first problem of the words of the Code behind their
    descriptions (raised by load_situations once the other checks pass; a value here, a function of the file and
    the model like the rest)."""
    if loc is None:
        return None, [], None
    loc, entries = entries_of(loc, Situations, "situation", model)
    try:
        for i, s in enumerate(entries):
            check_words(model, loc, f"situation « {s.id} »", [(s.description, loc.text_lines(i, "description"))],
                        s.words, i)
    except LoisError as exc:
        return loc, entries, exc
    return loc, entries, None


def tools_context(site, s: Situation, page: str) -> dict:
    """What the situation's block shows of its tools: each checklist linked, the first one's first question
    with its choices (each a link that opens the checklist with that answer), the calculator."""
    from urllib.parse import quote

    from lois.features.checklists.model import load_checklists

    lists = load_checklists(site.model.root, site.model)
    links = []
    for name in s.checklists:
        cl_page = f"checklists/{name}.md"
        if name in lists and cl_page in site.files:
            links.append({"name": name, "title": lists[name].title, "href": site.href(page, cl_page)})
    start = None
    if links:
        cl = lists[links[0]["name"]]
        q = cl.questions[cl.start]
        start = {"checklist": cl.name, "question": q.id, "text": q.text,
                 "choices": [{"id": c.id, "label": c.label,
                              "href": links[0]["href"] + f"?r={quote(q.id)}:{quote(c.id)}"} for c in q.choices]}
    calc = None
    if s.calculator:
        calc_page = CALCULATORS[s.calculator][0]
        if calc_page in site.files:
            calc = {"name": s.calculator, "href": site.href(page, calc_page)}
    return {"checklists": links, "start": start, "calculator": calc}
