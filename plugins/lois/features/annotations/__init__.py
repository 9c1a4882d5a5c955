"""The « annoté »: team notes, worked examples with bidding diagrams, glossary and « Que faire si… » situations.

Data lives in ``corpus/notes/*.md``, ``corpus/exemples/*.yaml``, ``corpus/glossaire.yaml`` and
``corpus/situations.yaml``; :func:`load_annotations` reads and validates all of it against the model
(every cited provision must resolve) and raises :class:`lois.core.errors.LoisError` in French with file and line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lois.core.annotate import markdown_runs
from lois.core.corpus import Model
from lois.core.ids import Kind
from lois.features.annotations.examples import Example, load_examples
from lois.features.annotations.glossary import Term, load_glossary
from lois.features.annotations.notes import Note, load_notes
from lois.features.annotations.situations import Situation, load_situations


@dataclass
class Annotations:
    notes: dict[str, Note] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)
    terms: list[Term] = field(default_factory=list)
    situations: list[Situation] = field(default_factory=list)


def load_annotations(model: Model, root: Path | None = None) -> Annotations:
    """Notes, examples, glossary and situations, read and validated once per model (Model.derived)."""
    root = Path(root or model.root)
    return model.derived(("annotations", str(root.resolve())), lambda: _load_annotations(model, root))


def _load_annotations(model: Model, root: Path) -> Annotations:
    notes = load_notes(model, root / "notes")
    examples = load_examples(model, root / "exemples")
    terms = load_glossary(model, root / "glossaire.yaml")
    situations = load_situations(model, root / "situations.yaml", notes, examples)
    ann = Annotations(notes, examples, terms, situations)
    _find_citations(model, ann)
    return ann


def _find_citations(model: Model, ann: Annotations) -> None:
    """The citations of the texts the site links, found once here, each read from where the site shows it (a
    note or an example from the law of its first provision): rendering applies them (Model.citations_in)."""
    for n in ann.notes.values():
        if n.kind is Kind.COMMENTARY:  # a note's own, an example's: found as its file is read (notes, examples)
            runs = model.derived(("annotations", "runs", n.file), lambda body=n.body: list(markdown_runs(body)),
                                 lasting=True)
            for run in runs:  # a commentary's text is the model's: its runs found once per model
                model.citations_in(run, n.law)
    for text in [t.definition for t in ann.terms] + [s.description for s in ann.situations]:
        model.citations_in(text, None)


__all__ = ["Annotations", "load_annotations", "Note", "Example", "Term", "Situation"]
