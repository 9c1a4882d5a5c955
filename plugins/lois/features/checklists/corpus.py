"""The checklists' part of the corpus check and their search documents (lois.features.Checks, SearchDocuments).

Each checklist is read and validated, then every case of every checklist is replayed on its checklist and must
reach the outcome it expects (the worked examples that name a checklist are replayed by the annotations' check,
whose feature depends on this one). The coverage of the laws each checklist applies (:mod:`.coverage`) is computed:
a gap is a warning (for now).
"""
from __future__ import annotations

from pathlib import Path

from lois.core import reads
from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.ids import Kind
from lois.core.searchdoc import Evidence, SearchDoc, cited_clauses, doc_id, kept_doc
from lois.core.typo import count, plural
from lois.features.interfaces import Checked
from lois.features.checklists import coverage
from lois.features.checklists.engine import MissingAnswer, run
from lois.features.checklists.model import Checklist, checklist_dir, load_checklists, one_line
from lois.features.checks import check_page_names


def check_files(root: Path) -> None:
    """A checklist becomes a page named after its file: a slug, not the list of checklists."""
    check_page_names(checklist_dir(root), "*.yaml", "la liste des démarches (checklists/index.md)", slug=True)


def check(model: Model, checked: Checked) -> None:
    lists = load_checklists(Path(model.root), model)
    checked.counts.append(count(len(lists), "liste d'arbitrage", "listes d'arbitrage"))
    checked.replayed.append(f"{replay_cases(lists, model)} cas")
    for cl in lists.values():
        check_coverage(cl, model, checked)


def check_coverage(cl: Checklist, model: Model, checked: Checked) -> None:
    """The sections and paragraphs of the checklist's laws that no outcome reaches and that it does not leave
    aside: a warning for now, an error once :data:`coverage.GAPS_ARE_ERRORS` is set. The gaps depend on the
    checklist and the model alone: kept for the checklist object they were found for (:func:`_kept`); outside
    `mkdocs serve`, from the table the checklist's page shows (coverage.table, found once); under serve, found in
    the trace of what they read (lois.core.reads), which a memo of the model would hide."""
    gaps = _kept(model, "gaps", cl, lambda: (coverage.coverage if reads.on() else coverage.table)(cl, model).gaps)
    if not gaps:
        return
    reached = plural(len(gaps), "ni atteinte par une issue ni laissée de côté",
                     "ni atteintes par une issue ni laissées de côté")
    message = (f"couverture des lois appliquées incomplète : {count(len(gaps), 'provision')} {reached} "
               f"(« aside ») : {', '.join(r.provision for r in gaps)} ; détail : "
               f"lois arbitre --couverture {cl.name}")
    if coverage.GAPS_ARE_ERRORS:
        raise LoisError(message, cl.file, cl.laws_line)
    checked.warnings.append(f"{cl.file}, ligne {cl.laws_line} : {message}")


def replay_cases(lists: dict[str, Checklist], model: Model) -> int:
    """Every case of every checklist reaches the outcome it expects. A checklist whose cases all do is not replayed
    again while it is the same object (:func:`_kept`)."""
    n = 0
    for cl in lists.values():
        _kept(model, "replayed", cl, lambda cl=cl: _replay(cl))
        n += len(cl.cases)
    return n


def _replay(cl: Checklist) -> bool:
    for case in cl.cases:
        got = outcome(cl, case.answers, cl.file, case.line, f"cas « {case.name} »")
        if got != case.expected:
            raise LoisError(f"cas « {case.name} » : les réponses mènent à l'issue « {got} », pas à "
                            f"« {case.expected} » annoncée", cl.file, case.line)
    return True


def _kept(model: Model, name: str, cl: Checklist, build):
    """``build()``, which reads the checklist and the model alone, kept for the checklist object (lois.core.filememo
    gives back the same object while its file is unchanged): as long as the model, or under `mkdocs serve` while
    what it read of the model answers the same (lois.core.reads: a law saved)."""
    if reads.on():
        return reads.kept("checklist " + name, (cl,), build, model)
    store = model.derived(("checklists", name), dict, lasting=True)
    found = store.get(cl.name)
    if found is None or found[0] is not cl:
        found = store[cl.name] = (cl, build())
    return found[1]


def outcome(cl: Checklist, answers: dict, file: str, line: int, where: str) -> str:
    """The outcome ``answers`` reach on ``cl``; a missing answer is refused at ``file``, ``line``."""
    try:
        return run(cl, answers).outcome
    except MissingAnswer as exc:
        raise LoisError(f"{where} : {exc.message}", file, line) from None


def search_documents(model: Model) -> list[SearchDoc]:
    return checklist_docs(load_checklists(Path(model.root), model), model)


def checklist_docs(checklists: dict[str, Checklist], model: Model | None = None) -> list[SearchDoc]:
    """A checklist by its title, its questions and its rulings, and (less weight) the facts of its validated cases;
    its situations as evidence for the provisions that rule them (:func:`checklist_evidence`)."""
    return [kept_doc("search checklist", cl, lambda c: checklist_doc(c, model), model)
            for cl in checklists.values()]


def checklist_doc(cl: Checklist, model: Model | None) -> SearchDoc:
    questions = " ".join(" ".join(x for x in (q.text, q.help) if x) for q in cl.questions.values())
    rulings = " ".join(f"{o.title.rstrip('.')}. {o.ruling}" for o in cl.outcomes.values())
    cases = " ".join(f"{c.name.rstrip('.')}. {c.facts or ''}" for c in cl.cases)
    return SearchDoc(doc_id(Kind.CHECKLIST, cl.name), cl.laws[0] if cl.laws else 0, Kind.CHECKLIST.value,
                     cl.title, f"/checklists/{cl.name}/", cl.title,
                     "", f"{cl.description} {questions} {rulings}".strip(), cases,
                     evidence=checklist_evidence(cl, model))


def checklist_evidence(cl: Checklist, model: Model | None) -> list[Evidence]:
    """The situations a checklist tells and the provisions that rule them: each validated case (its name and
    facts) → the provisions its expected ruling cites; each question → its provisions; each ruling's title → its
    provisions, and each sentence said to the players → the provisions it cites (those of its ruling when it cites
    none); each clause of a question's help or of a ruling that cites provisions → those
    (:func:`lois.core.searchdoc.cited_clauses`)."""
    out = []
    for c in cl.cases:
        o = cl.outcomes.get(c.expected)
        if o is not None and o.cites:
            out.append(Evidence(f"{c.name.rstrip('.')}. {c.facts or ''}".strip(), tuple(o.cites)))
    for q in cl.questions.values():
        if q.cites:
            out.append(Evidence(q.text, tuple(q.cites)))
        if model is not None and q.help:
            out += cited_clauses(one_line(q.help), model)  # read as the page shows it, from no law
    for o in cl.outcomes.values():
        if not o.cites:
            continue
        out.append(Evidence(o.title, tuple(o.cites)))
        if model is not None:
            out += cited_clauses(one_line(o.ruling), model)
        for sentence in o.players:
            own = [t for span in (model.citations_in(sentence, None) if model else ()) for t in span.targets]
            out.append(Evidence(sentence, tuple(dict.fromkeys(own)) or tuple(o.cites)))
    return out
