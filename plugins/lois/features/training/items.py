"""The training situations and their grading, in plain Python (no HTML): the site and `lois entraine` both read
them from here.

A situation is never written for training: it is either a case of a checklist (``cases:`` of
``corpus/checklists/<name>.yaml``) or a worked example naming a checklist (``corpus/exemples/*.yaml``), and both
are replayed on their checklist here (the same replay as ``lois verifie``) before being used, so that the
ruling the trainee is told is the one the checklist reaches, with the citations of its outcome.

The trainee either answers the checklist's questions (mode ``questions``: graded by running the checklist on the
answers given) or picks the ruling among the checklist's outcomes (mode ``decision``).
"""
from __future__ import annotations

import hashlib
import random
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lois.features.checklists.engine import Result, reachable, run
from lois.features.checklists.model import Checklist

MODES = {"questions": "Répondre aux questions de la liste", "decision": "Choisir la décision"}


@dataclass
class Item:
    id: str                    # stable: kept in the browser's list of situations to review
    kind: str                  # "case" | "example"
    checklist: str
    situation: str             # what the trainee reads
    source: str                # where it comes from (French)
    answers: dict[str, str]    # the answers of the validated path, in the order asked
    expected: str              # outcome id
    result: Result = field(repr=False)  # the validated path's outcome (its ruling, citations, trace)
    explanation: str = ""      # the worked example's own ruling text ("" for a case)
    file: str = ""
    line: int = 1


def _slug(text: str) -> str:
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    t = re.sub(r"[^a-z0-9]+", "-", t).strip("-")[:48].strip("-")
    return t or hashlib.sha1(text.encode()).hexdigest()[:8]


def _checked(cl: Checklist, answers: dict, expected: str, where: str, file: str, line: int) -> Result:
    """The replay: a situation whose answers do not reach its announced outcome is refused (as by lois verifie)."""
    from lois.features.checklists.corpus import outcome as _outcome

    got = _outcome(cl, answers, file, line, where)
    if got != expected:
        from lois.core.errors import LoisError

        raise LoisError(f"{where} : les réponses mènent à l'issue « {got} », pas à « {expected} » annoncée", file, line)
    return run(cl, answers)


def training_items(lists: dict[str, Checklist], examples: dict) -> list[Item]:
    """Every checklist case, then every worked example that names a checklist, each replayed on its checklist."""
    items: list[Item] = []
    seen: set[str] = set()

    def add(item: Item) -> None:
        base, n = item.id, 2
        while item.id in seen:
            item.id, n = f"{base}-{n}", n + 1
        seen.add(item.id)
        items.append(item)

    for cl in lists.values():
        for case in cl.cases:
            res = _checked(cl, case.answers, case.expected, f"cas « {case.name} »", cl.file, case.line)
            add(Item(f"cas-{cl.name}-{_slug(case.name)}", "case", cl.name, " ".join((case.facts or case.name).split()),
                     f"Cas type de la liste « {cl.title} »", {s.question: s.answer for s in res.trace},
                     case.expected, res, "", cl.file, case.line))
    for ex in examples.values():
        ex_list = lists.get(ex.checklist) if ex.checklist else None
        if ex_list is None or not ex.expected_outcome:
            continue
        cl = ex_list
        res = _checked(cl, ex.answers or {}, ex.expected_outcome, f"exemple « {ex.id} »", ex.file, ex.answers_line)
        add(Item(f"ex-{ex.id}", "example", cl.name, " ".join((ex.question or ex.title).split()),
                 f"Exemple commenté « {ex.title} »", {s.question: s.answer for s in res.trace}, ex.expected_outcome,
                 res, " ".join((ex.ruling or "").split()), ex.file, ex.line))
    return items


def load_items(model) -> tuple[dict[str, Checklist], list[Item]]:
    """The checklists and the training situations of the corpus of ``model``."""
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists

    root = Path(model.root)
    lists = load_checklists(root, model)
    ann = load_annotations(model)
    return lists, training_items(lists, ann.examples)


def draw(items: list[Item], count: int | None, seed: int | None, first: Sequence[str] = ()) -> list[Item]:
    """A session: the situations named in ``first`` (to review), then the others shuffled; ``count`` of them."""
    rng = random.Random(seed)
    rest = [i for i in items if i.id not in set(first)]
    rng.shuffle(rest)
    by_id = {i.id: i for i in items}
    ordered = [by_id[i] for i in first if i in by_id] + rest
    return ordered[:count] if count else ordered


@dataclass
class Grade:
    correct: bool
    outcome: str               # the outcome the trainee's answers reach (or picked)
    diverged_at: str = ""      # first question answered otherwise than the validated path ("" if none)


def grade_answers(cl: Checklist, item: Item, answers: dict[str, str]) -> Grade:
    """Mode « questions »: the trainee's answers, run on the checklist, must reach the expected outcome."""
    got = run(cl, answers)
    diverged = next((s.question for s in got.trace if item.answers.get(s.question) != s.answer), "")
    return Grade(got.outcome == item.expected, got.outcome, diverged)


def grade_decision(cl: Checklist, item: Item, outcome: str) -> Grade:
    """Mode « décision »: the outcome picked must be the one the checklist reaches. A wrong one is explained by the
    first question of the validated path after whose answer the outcome picked can no longer be reached."""
    if outcome == item.expected:
        return Grade(True, outcome)
    reach = reachable(cl)
    for step in item.result.trace:
        choice = cl.questions[step.question].choice(step.answer)
        if choice is not None and outcome not in reach.get(choice.next, []):
            return Grade(False, outcome, step.question)
    return Grade(False, outcome)
