"""`lois entraine`: a training session on the terminal, answers read line by line from standard input (typed or
piped). Imported only when the command runs (see :mod:`lois.features.training.cli`)."""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from lois.core.errors import LoisError
from lois.core.typo import count
from lois.core.terminal import Answers, Stop, choice_number, shown
from lois.features._cli import find_corpus
from lois.features.training.items import Item, draw, grade_answers, grade_decision, load_items


class Session(Answers):
    """A training session: situations said, answers read (:class:`lois.core.terminal.Answers`)."""

    def wrap(self, text: str, indent: str = "", then: str | None = None) -> None:
        then = indent if then is None else then
        self.say(textwrap.fill(text, 100, initial_indent=indent, subsequent_indent=then) if text else "")

    def ask(self, labels: list[str]) -> int:
        """The index of the choice typed (1 to n); « q » or the end of the input ends the session."""
        for i, label in enumerate(labels, 1):
            self.say(f"  {i}. {label}")
        while True:
            text = self.read("Votre réponse : ")
            if text is None:
                raise Stop("Entrée terminée : fin de la séance.", 0)
            if text.lower() in ("q", "quitter"):
                raise Stop("Séance arrêtée.", 0)
            k = choice_number(text, len(labels))
            if k is not None:
                self.understood()
                return k
            said = "vide" if not text else f"non comprise « {shown(text)} »"
            self.not_understood(f"Réponse {said} : tapez un numéro de 1 à {len(labels)}, ou « q » pour quitter.")


def _cites(ids) -> str:
    return ", ".join(f"Loi {c}" for c in ids)


def _play(s: Session, lists, item: Item, mode: str) -> bool:
    cl = lists[item.checklist]
    s.say(f"[{cl.title}] {item.source}")
    s.wrap(item.situation)
    if mode == "decision":
        s.say("Quelle est la décision ?")
        outcomes = list(cl.outcomes.values())
        g = grade_decision(cl, item, outcomes[s.ask([o.title for o in outcomes])].id)
    else:
        answers: dict[str, str] = {}
        node = cl.start
        while node in cl.questions:
            q = cl.questions[node]
            s.wrap(f"{q.text} ({_cites(q.cites)})")
            c = q.choices[s.ask([c.label for c in q.choices])]
            answers[q.id] = c.id
            node = c.next
        g = grade_answers(cl, item, answers)
    res = item.result
    if g.correct:
        s.say("Juste.")
    else:
        s.say(f"Pas tout à fait : votre réponse mène à « {cl.outcomes[g.outcome].title} ».")
        if g.diverged_at:
            q = cl.questions[g.diverged_at]
            s.wrap(f"Écart à la question « {q.text} » : la bonne réponse est « "
                   f"{q.choice(item.answers[q.id]).label} » ({_cites(q.cites)}).")
    s.say(f"La décision : {res.title}")
    s.wrap(res.ruling, "  ")
    s.say(f"  Provisions : {_cites(res.citations)}")
    if item.explanation:
        s.wrap(f"L'exemple commenté : {item.explanation}", "  ")
    s.say("  Le parcours :")
    for step in res.trace:
        s.wrap(f"{step.text} → {step.label} ({_cites(step.cites)})", "    - ", "      ")
    return g.correct


def cmd_entraine(args) -> int:
    from lois.core.corpus import load_corpus

    corpus = Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()
    model = load_corpus(corpus)
    lists, items = load_items(model)
    if args.liste:
        if args.liste not in lists:
            raise LoisError(f"liste d'arbitrage inconnue « {args.liste} » (listes : {', '.join(lists) or 'aucune'})")
        items = [i for i in items if i.checklist == args.liste]
    if not items:
        raise LoisError("aucune situation d'entraînement : les listes d'arbitrage n'ont ni cas types ni exemples "
                        "rejoués")
    session = draw(items, args.nombre, args.graine)
    s = Session(sys.stdout, "séance arrêtée")  # a closed standard input is said here, before any question
    s.say(f"Entraînement à l'arbitrage : {count(len(session), 'situation')}, mode « "
          f"{'choisir la décision' if args.mode == 'decision' else 'répondre aux questions'} ». Tapez le numéro du "
          "choix, « q » pour quitter.")
    score, missed, asked, code, reason = 0, [], 0, 0, ""
    try:
        for n, item in enumerate(session, 1):
            s.say(f"\n--- Situation {n}/{len(session)}")
            asked = n
            ok = _play(s, lists, item, args.mode)
            score += ok
            if not ok:
                missed.append(item)
        if missed:
            back = count(len(missed), "situation manquée revient", "situations manquées reviennent")
            s.say(f"\n=== À revoir : {back} (hors score).")
            for n, item in enumerate(list(missed), 1):
                s.say(f"\n--- À revoir {n}/{len(missed)}")
                _play(s, lists, item, args.mode)
    except Stop as stop:
        reason, code = stop.reason, stop.code
        if asked and (len(missed) + score) < asked:
            asked -= 1  # the situation interrupted is not counted
    s.say("")
    if reason:
        s.say(reason)
    s.say(f"Score : {score}/{asked}")
    if missed:
        s.say("Situations manquées :")
        for i in missed:
            s.wrap(f"[{lists[i.checklist].title}] {i.situation}", "  - ", "    ")
    return code
