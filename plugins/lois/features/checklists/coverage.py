"""Coverage of the laws a checklist applies (issue 33): each section and numbered paragraph of its ``laws``, in
the corpus text or known to exist, is reached by an outcome, set aside with the reason the checklist file
writes down (``aside``), or a gap.

The units counted (:func:`units`) are, for a law of the corpus, the sections (27A) and numbered paragraphs
(27A1) of its text, plus the sections its partial source leaves out (``corpus/edition.yaml``, ``partial``:
27C, 27D), known only by their letter; for a law whose text is not in the corpus, the law itself (26). A
sub-point (27B1(a)) counts as its paragraph.

A unit is *reached* by an outcome when that outcome, or a question on a path to it, cites the unit or a
provision inside it (a citation of 27B1(a) reaches 27B1 and 27B; a citation of the whole law, « 31 », reaches
none of 31's sections). A unit not reached is set aside when the checklist's ``aside`` names it, or the section
or law that contains it (the reason is that entry's). Everything here is a pure function of a loaded checklist
and the corpus model: the loader (refusing an ``aside`` id that is not a unit, or that is reached), the corpus
check, ``lois arbitre --couverture`` and the checklist's page all read these rows.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from lois.core import reads
from lois.core.ids import Level, ProvisionId

if TYPE_CHECKING:
    from lois.core.corpus import Model
    from lois.features.checklists.model import Checklist

# A gap (a unit neither reached nor set aside) is an error (French, the checklist's file and the line of its
# `laws:`) that stops `lois verifie` and `mkdocs build`; False makes it a warning line instead, for a corpus
# being written.
GAPS_ARE_ERRORS = True

UNIT_LEVELS = (Level.SECTION, Level.PARAGRAPH)  # in the text of a law of the corpus


class Status(StrEnum):
    REACHED = "reached"
    ASIDE = "aside"
    MISSING = "missing"

    @property
    def label(self) -> str:
        return {"reached": "atteinte", "aside": "laissée de côté", "missing": "non traitée"}[self.value]


@dataclass(frozen=True)
class Unit:
    """A section or paragraph counted (or a whole law whose text is absent), and whether the corpus has its text."""

    pid: ProvisionId
    in_corpus: bool

    @property
    def where(self) -> str:
        """What the corpus has of it, in French: "" for a text of the corpus."""
        if self.in_corpus:
            return ""
        return "loi non incluse" if self.pid.level is Level.LAW else "section non incluse"


@dataclass(frozen=True)
class Row:
    """One line of the coverage table."""

    unit: Unit
    status: Status
    outcomes: tuple[str, ...] = ()  # the outcomes that reach it, in the checklist's order
    aside: ProvisionId | None = None  # the `aside` entry that sets it aside: its own, or its section's or law's
    reason: str = ""  # that entry's reason

    @property
    def provision(self) -> str:
        return str(self.unit.pid)

    def as_dict(self) -> dict:
        return {"provision": self.provision, "level": self.unit.pid.level.value, "in_corpus": self.unit.in_corpus,
                "status": self.status.value, "outcomes": list(self.outcomes),
                "aside": str(self.aside) if self.aside else None, "reason": self.reason or None}


@dataclass(frozen=True)
class Coverage:
    """The coverage table of one checklist."""

    rows: list[Row] = field(default_factory=list)

    def count(self, status: Status) -> int:
        return sum(r.status is status for r in self.rows)

    @property
    def gaps(self) -> list[Row]:
        return [r for r in self.rows if r.status is Status.MISSING]

    def summary(self) -> str:
        """« 14 provisions : 9 atteintes, 1 laissée de côté, 4 non traitées »."""
        def n(status: Status, one: str, many: str) -> str:
            k = self.count(status)
            return f"{k} {one if k <= 1 else many}"
        return (f"{len(self.rows)} provision{'s' if len(self.rows) > 1 else ''} : "
                f"{n(Status.REACHED, 'atteinte', 'atteintes')}, "
                f"{n(Status.ASIDE, 'laissée de côté', 'laissées de côté')}, "
                f"{n(Status.MISSING, 'non traitée', 'non traitées')}")


def _order(pid: ProvisionId) -> tuple:
    """The order of the official edition: sections by letter, each before its paragraphs, by number."""
    return tuple((0, p, 0) if p.isalpha() else (1, "", int(p)) for p in pid.path)


def units(model: "Model", laws: Iterable[int]) -> list[Unit]:
    """The units of the coverage of ``laws``, law by law in the given order, each in the edition's order (each law's
    found once per model: they are the model's alone, and every checklist of the law asks for them)."""
    out: list[Unit] = []
    for n in laws:
        out += law_units(model, n)
    return out


@reads.recorded
def law_units(model: "Model", n: int) -> list[Unit]:
    """The units of law ``n``, found once per model (a question of the model: lois.core.reads)."""
    return model.derived(("coverage-units", n), lambda: _law_units(model, n), lasting=True)


@reads.recorded
def unit_ids(model: "Model", n: int) -> frozenset[ProvisionId]:
    """The ids of the units of law ``n``, found once per model (a question of the model: lois.core.reads)."""
    return model.derived(("coverage-unit-ids", n), lambda: frozenset(u.pid for u in law_units(model, n)),
                         lasting=True)


def _law_units(model: "Model", n: int) -> list[Unit]:
    if n not in model.laws:
        return [Unit(ProvisionId(n), False)]
    present = [p.pid for p in model.provisions.values() if p.law == n and p.level in UNIT_LEVELS]
    partial = model.edition.partial.get(n)
    missing = [ProvisionId(n, (letter,)) for letter in (partial.missing if partial else ())]
    found = [Unit(pid, True) for pid in present] + [Unit(pid, False) for pid in missing if pid not in present]
    return sorted(found, key=lambda u: _order(u.pid)) or [Unit(ProvisionId(n), True)]  # a law without parts


def reaching(checklist: "Checklist") -> dict[ProvisionId, list[str]]:
    """Cited provision → the outcomes that cite it, or that a question citing it leads to, in the
    checklist's order."""
    below: dict[str, set[str]] = {}

    def outcomes_below(node: str) -> set[str]:
        if node in checklist.outcomes:
            return {node}
        if node not in below:  # the tree has no cycle (checked by the loader)
            below[node] = set().union(*(outcomes_below(c.next) for c in checklist.questions[node].choices))
        return below[node]

    found: dict[ProvisionId, set[str]] = {}
    for q in checklist.questions.values():
        for pid in q.cites:
            found.setdefault(pid, set()).update(outcomes_below(q.id))
    for o in checklist.outcomes.values():
        for pid in o.cites:
            found.setdefault(pid, set()).add(o.id)
    order = list(checklist.outcomes)
    return {pid: sorted(outs, key=order.index) for pid, outs in found.items()}


def reach_index(reached: dict[ProvisionId, list[str]]) -> dict[ProvisionId, set[str]]:
    """Provision → the outcomes that reach it: those of every citation of it or of a provision inside it (each
    citation is added to itself and to the provisions that contain it, once)."""
    index: dict[ProvisionId, set[str]] = {}
    for cited, found in reached.items():
        for up in (cited, *cited.ancestors):
            index.setdefault(up, set()).update(found)
    return index


def reached_by(index: dict[ProvisionId, set[str]], pid: ProvisionId, order: list[str]) -> list[str]:
    """The outcomes that reach ``pid`` (``index``: :func:`reach_index`)."""
    return sorted(index.get(pid, ()), key=order.index)


def setting_aside(aside: dict[ProvisionId, str], pid: ProvisionId) -> ProvisionId | None:
    """The ``aside`` entry that covers ``pid``: its own, else its section's, else its law's; None for none."""
    return next((up for up in (pid, *reversed(pid.ancestors)) if up in aside), None)


def coverage(checklist: "Checklist", model: "Model") -> Coverage:
    """The coverage table of ``checklist`` against the corpus ``model``."""
    reached = reach_index(reaching(checklist))
    order = list(checklist.outcomes)
    rows = []
    for u in units(model, checklist.laws):
        outs = reached_by(reached, u.pid, order)
        entry = None if outs else setting_aside(checklist.aside, u.pid)
        status = Status.REACHED if outs else Status.ASIDE if entry else Status.MISSING
        rows.append(Row(u, status, tuple(outs), entry, checklist.aside[entry] if entry else ""))
    return Coverage(rows)


def table(checklist: "Checklist", model: "Model") -> Coverage:
    """:func:`coverage`, found once per checklist and model: the corpus check and the checklist's page read the same
    table (kept as long as the model, for the checklist object it was found for: lois.core.filememo gives back the
    same object while its file is unchanged). Under `mkdocs serve`, found again by each reader, whose trace then
    holds what it read of the model (lois.core.reads: a memo's hit would hide it, and a new model has no memo)."""
    if reads.on():
        return coverage(checklist, model)
    store = model.derived(("coverage", "tables"), dict, lasting=True)
    found = store.get(checklist.name)
    if found is None or found[0] is not checklist:
        found = store[checklist.name] = (checklist, coverage(checklist, model))
    return found[1]


def contradictions(checklist: "Checklist") -> list[tuple[ProvisionId, list[str]]]:
    """The ``aside`` entries that an outcome reaches (each with those outcomes): a provision cannot be both."""
    reached = reach_index(reaching(checklist))
    order = list(checklist.outcomes)
    out = []
    for pid in checklist.aside:
        outs = reached_by(reached, pid, order)
        if outs:
            out.append((pid, outs))
    return out


def aside_problem(model: "Model | None", laws: list[int], pid: ProvisionId) -> str | None:
    """Why ``pid`` cannot be set aside by a checklist applying ``laws`` (None: it can): it must be a unit of
    their coverage, or a law of theirs whose text is in the corpus (all its units)."""
    shown = f"« {pid} »"
    if pid.law not in laws:
        listed = ", ".join(str(n) for n in laws) or "aucune"
        return (f"{shown} : la Loi {pid.law} n'est pas parmi les lois que la liste applique (laws : {listed}) ; "
                "ajoutez-la à « laws » ou retirez cette entrée")
    if model is None or pid.level is Level.LAW:
        return None
    if pid.law not in model.laws:
        return (f"{shown} : le texte de la Loi {pid.law} n'est pas dans le corpus ; c'est la loi entière qui "
                f"se laisse de côté (« {pid.law} »)")
    if pid.level not in UNIT_LEVELS:
        return (f"{shown} est un sous-point : la couverture se compte par section et paragraphe (laissez de "
                f"côté {ProvisionId(pid.law, pid.path[:-1] if pid.level is Level.SUBPOINT else pid.path[:-2])})")
    if pid in unit_ids(model, pid.law):
        return None
    partial = model.edition.partial.get(pid.law)
    if partial is None or not partial.missing:
        return f"{shown} n'est pas une section ou un paragraphe du texte de la Loi {pid.law} du corpus"
    return (f"{shown} n'est ni une section ou un paragraphe du texte de la Loi {pid.law} du corpus, ni une section "
            f"que sa source laisse de côté (corpus/edition.yaml, partial : {', '.join(partial.missing)})")
