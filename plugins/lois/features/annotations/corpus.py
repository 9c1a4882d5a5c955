"""The annotations' part of the corpus check and their search documents (lois.features.Checks, SearchDocuments):
notes, worked examples, glossary terms and « Que faire si… » situations. Every worked example that names a
checklist is replayed on it and must reach the outcome it announces; an example naming an unknown checklist or
outcome is refused (lois.features.Replays: `lois arbitre --couverture` replays them too)."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lois.core.annotate import markdown_runs
from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.ids import Kind
from lois.core.searchdoc import Evidence, SearchDoc, cited_clauses, doc_id, kept_doc, plain_text
from lois.core.typo import count
from lois.features.interfaces import Checked, Replay
from lois.features.annotations import Annotations, Example, load_annotations
from lois.features.checklists import Checklist, load_checklists
from lois.features.checklists.corpus import outcome
from lois.features.checks import check_page_names


def check_files(root: Path) -> None:
    """A note becomes a page named after its file."""
    check_page_names(root / "notes", "*.md", "l'index des notes")


def check(model: Model, checked: Checked) -> None:
    ann = load_annotations(model)
    checked.counts += [count(len(ann.notes), "note"), count(len(ann.examples), "exemple"),
                       count(len(ann.terms), "terme")]
    examples = replay_examples(ann.examples.values(), load_checklists(Path(model.root), model))
    checked.replayed.append(count(examples, "exemple"))


def replays(model: Model) -> list[Replay]:
    """The worked examples that name a checklist, as `lois arbitre --couverture` replays them."""
    return [Replay(ex.id, ex.file, ex.checklist, ex.answers or {}, ex.expected_outcome or "")
            for ex in load_annotations(model).examples.values() if ex.checklist]


def replay_examples(examples: Iterable[Example], lists: dict[str, Checklist]) -> int:
    """An example naming a checklist reaches, with its answers, the outcome it announces."""
    n = 0
    for ex in examples:
        if not ex.checklist and not ex.expected_outcome:
            continue
        where = f"exemple « {ex.id} »"
        if not ex.checklist or not ex.expected_outcome:
            given, absent = ("checklist", "expected_outcome") if ex.checklist else ("expected_outcome", "checklist")
            raise LoisError(f"{where} : « {given} » sans « {absent} » : un exemple rejoué sur une liste d'arbitrage "
                            "nomme la liste, ses réponses et l'issue attendue", ex.file,
                            ex.checklist_line if ex.checklist else ex.outcome_line)
        cl = lists.get(ex.checklist)
        if cl is None:
            known = ", ".join(lists) or "aucune"
            raise LoisError(f"{where} : liste d'arbitrage inconnue « {ex.checklist} » (listes : {known})", ex.file,
                            ex.checklist_line)
        if ex.expected_outcome not in cl.outcomes:
            raise LoisError(f"{where} : issue attendue « {ex.expected_outcome} » inconnue dans la liste "
                            f"« {cl.name} » (issues : {', '.join(cl.outcomes)})", ex.file, ex.outcome_line)
        got = outcome(cl, ex.answers or {}, ex.file, ex.answers_line, where)
        if got != ex.expected_outcome:
            raise LoisError(f"{where} : ses réponses mènent à l'issue « {got} » de la liste « {cl.name} », pas à "
                            f"« {ex.expected_outcome} » annoncée", ex.file, ex.outcome_line)
        n += 1
    return n


def search_documents(model: Model) -> list[SearchDoc]:
    return annotation_docs(load_annotations(model), model)


def _ids(provisions) -> list[str]:
    return [str(p) for p in provisions]


def annotation_docs(ann: Annotations, model: Model | None = None) -> list[SearchDoc]:
    """Team notes, worked examples, glossary terms and situations; the situations that notes, examples, glossary
terms and « Que faire si… » tell (their title, an example's question, a term and its definition) as evidence for the
provisions they are about, and each clause of their text that cites provisions (a note's, a ruling, a description:
:func:`lois.core.searchdoc.cited_clauses`) as evidence for those."""

    def clauses(text: str, law: int | None) -> list[Evidence]:
        return cited_clauses(text, model, law) if model is not None else []

    from lois.features.annotations.schema import slug

    def note(n) -> SearchDoc:
        return SearchDoc(doc_id(Kind.NOTE, n.id), n.law, Kind.NOTE.value,
                         n.title, f"/notes/{n.id}/", n.title, "", plain_text(n.body), refs=_ids(n.provisions),
                         evidence=[Evidence(n.title, tuple(n.provisions)),
                                   *(c for run in markdown_runs(n.body) for c in clauses(run, n.law))])

    def example(e) -> SearchDoc:
        calls = " ".join(" ".join(x for x in (c.call, c.alert, c.comment) if x) for c in e.calls)
        return SearchDoc(doc_id(Kind.EXAMPLE, e.id), e.law, Kind.EXAMPLE.value,
                         e.title, f"/exemples/#{e.anchor}", e.title, calls,
                         f"{e.question} {e.ruling}", refs=_ids(e.provisions),
                         evidence=[Evidence(f"{e.title}. {e.question}", tuple(e.provisions)),
                                   *(c for run in markdown_runs(e.ruling) for c in clauses(run, e.law))])

    def term(t) -> SearchDoc:
        return SearchDoc(doc_id(Kind.GLOSSARY, slug(t.term)), t.provisions[0].law, Kind.GLOSSARY.value,
                         t.term[:1].upper() + t.term[1:], f"/glossaire/#{t.anchor}", " ".join(t.all_forms[:1]),
                         " ".join(t.all_forms[1:]), t.definition, refs=_ids(t.provisions),
                         evidence=[Evidence(' '.join(t.all_forms), tuple(t.provisions))])

    def situation(s) -> SearchDoc:
        return SearchDoc(doc_id(Kind.SITUATION, s.id), s.provisions[0].law, Kind.SITUATION.value,
                         s.title, f"/que-faire-si/#{s.id}", s.title, "", s.description, refs=_ids(s.provisions),
                         evidence=[Evidence(s.title, tuple(s.provisions)), *clauses(s.description, None)])

    # (each under serve kept for its object while the model answers the same: lois.core.searchdoc.kept_doc)
    return ([kept_doc("search note", n, note, model) for n in ann.notes.values()
             if n.kind is Kind.NOTE]  # imported commentaries are already documents of their own
            + [kept_doc("search example", e, example, model) for e in ann.examples.values()]
            + [kept_doc("search term", t, term, model) for t in ann.terms]
            + [kept_doc("search situation", s, situation, model) for s in ann.situations])
