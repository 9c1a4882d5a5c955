"""Glossary (``corpus/glossaire.yaml``): its terms, read and checked; the renderer places their hover definitions
(lois.render.gloss, given the terms by the annotations feature)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lois.core.corpus import Model
from lois.core.grounds import check_words
from lois.features.annotations.common import derive_entries, entries_of
from lois.features.annotations.schema import Glossary as GlossaryFile, Term
from lois.render.gloss import Glossary, GlossTerm


def load_glossary(model: Model, path: Path) -> list[Term]:
    """The terms of the glossary, read and checked against the model (kept for its bytes and the model:
    lois.features.annotations.common.derive_entries)."""
    return derive_entries("glossary", path, lambda loc: _terms(model, loc), model)


def _terms(model: Model, loc) -> list[Term]:
    if loc is None:  # no file
        return []
    loc, entries = entries_of(loc, GlossaryFile, "glossaire", model)
    terms: list[Term] = []
    seen: dict[str, str] = {}
    for i, entry in enumerate(entries):
        for f in entry.all_forms:
            k = f.lower()
            if k in seen:
                raise loc.error(f"la forme « {f} » appartient déjà au terme « {seen[k]} »", i)
            seen[k] = entry.term
        terms.append(entry.model_copy(update={"definition": " ".join(entry.definition.split()), "file": loc.path,
                                              "line": loc.line(i)}))
    for i, entry in enumerate(entries):  # the words of the Code behind each definition, once every entry is sound
        check_words(model, loc, f"terme « {entry.term} »", [(entry.definition, loc.text_lines(i, "definition"))],
                    entry.words, i)
    return terms


def gloss_terms(terms: list[Term]) -> list[GlossTerm]:
    """The terms as the renderer takes them (lois.render.gloss: where a term is recognised is defined there)."""
    return [GlossTerm(t.term, tuple(t.all_forms), t.definition) for t in terms]


def occurrences(model: Model, term: Term, extra_texts: Sequence[str] = ()) -> int:
    """How many times a term (any form) occurs in the law texts, commentaries and `extra_texts`."""
    pat = Glossary(gloss_terms([term])).pattern
    if pat is None:  # a term without forms
        return 0
    texts = [p.text for p in model.provisions.values()] + [c.text for c in model.commentaries.values()]
    texts += list(extra_texts)
    return sum(len(pat.findall(t)) for t in texts if t)
