"""Run a checklist on a set of answers: only the questions the path needs are asked."""
from __future__ import annotations

from dataclasses import dataclass, field

from lois.core.errors import LoisError
from lois.core.grounds import Words, words_json
from lois.core.ids import ProvisionId
from lois.features.checklists.model import Checklist


@dataclass
class Step:
    question: str
    text: str
    answer: str
    label: str
    cites: list[ProvisionId]

    def as_dict(self) -> dict:
        return {"question": self.question, "text": self.text, "answer": self.answer, "label": self.label,
                "citations": [str(c) for c in self.cites]}


@dataclass
class Result:
    outcome: str
    title: str
    ruling: str
    effects: dict
    citations: list[ProvisionId]
    trace: list[Step]
    players: list[str] = field(default_factory=list)  # « Ce que je dis aux joueurs », in order
    words: Words = field(default_factory=dict)  # the words each citation rests on (lois.core.grounds)

    def as_dict(self) -> dict:
        return {"outcome": self.outcome, "title": self.title, "ruling": self.ruling, "players": self.players,
                "words": words_json(self.words), "effects": self.effects,
                "citations": [str(c) for c in self.citations],
                "trace": [s.as_dict() for s in self.trace]}


class MissingAnswer(LoisError):
    """The path needs an answer that is missing or not one of the question's choices."""

    def __init__(self, checklist: Checklist, question: str, given: str | None, trace: list[Step]):
        q = checklist.questions[question]
        self.question = question
        self.given = given
        self.trace = trace
        choices = ", ".join(f"{c.id} ({c.label})" for c in q.choices)
        if given is None:
            msg = f"il manque la réponse à la question « {q.id} » : {q.text} — choix possibles : {choices}"
        else:
            msg = (f"réponse inconnue « {given} » à la question « {q.id} » : {q.text} — choix possibles : "
                   f"{choices}")
        super().__init__(msg)


def run(checklist: Checklist, answers: dict[str, str]) -> Result:
    """Follow `answers` from the first question to an outcome. Answers to questions off the path are ignored."""
    node = checklist.start
    trace: list[Step] = []
    while node in checklist.questions:
        q = checklist.questions[node]
        given = answers.get(q.id)
        choice = q.choice(str(given)) if given is not None else None
        if choice is None:
            raise MissingAnswer(checklist, q.id, None if given is None else str(given), trace)
        trace.append(Step(q.id, q.text, choice.id, choice.label, list(q.cites)))
        node = choice.next
    o = checklist.outcomes[node]
    return Result(o.id, o.title, o.ruling, dict(o.effects), list(o.cites), trace, list(o.players),
                  dict(o.words or {}))


def coverage(checklist: Checklist) -> dict[str, list[str]]:
    """Outcome id → names of the cases reaching it (by running them)."""
    out: dict[str, list[str]] = {o: [] for o in checklist.outcomes}
    for case in checklist.cases:
        try:
            res = run(checklist, case.answers)
        except MissingAnswer:
            continue
        out[res.outcome].append(case.name)
    return out


def reachable(checklist: Checklist) -> dict[str, list[str]]:
    """Node id (question or outcome) → the outcomes reachable from it, sorted (an outcome reaches itself).

    The training explains a wrong decision with it (:func:`lois.features.training.items.grade_decision`), and the
    browser reads the same table, generated here."""
    memo: dict[str, set[str]] = {o: {o} for o in checklist.outcomes}

    def visit(node: str) -> set[str]:
        if node not in memo:
            memo[node] = set()  # the tree has no cycle (refused at loading): this is never read back
            memo[node] = set().union(*(visit(c.next) for c in checklist.questions[node].choices))
        return memo[node]

    for q in checklist.questions:
        visit(q)
    return {k: sorted(v) for k, v in memo.items()}
