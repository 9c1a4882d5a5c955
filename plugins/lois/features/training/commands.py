"""`lois entraine`: a training session on the terminal, answers read line by line from standard input (typed or
piped). Imported only when the command runs (see :mod:`lois.features.training.cli`)."""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from lois.core.errors import LoisError
from lois.core.typo import count
from lois.features._cli import find_corpus
from lois.features.training.items import Item, draw, grade_answers, grade_decision, load_items

MAX_NOT_UNDERSTOOD = 3  # answers not understood in a row before the session stops


class _Stop(Exception):
    def __init__(self, reason: str, code: int):
        self.reason, self.code = reason, code


class Session:
    def __init__(self, stream, out, echo: bool):
        self.stream, self.out = stream, out
        self.echo = echo  # answers piped in are written out, so that the transcript reads as a dialogue
        self.not_understood = 0

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def wrap(self, text: str, indent: str = "", then: str | None = None) -> None:
        then = indent if then is None else then
        self.say(textwrap.fill(text, 100, initial_indent=indent, subsequent_indent=then) if text else "")

    def ask(self, labels: list[str]) -> int:
        """The index of the choice typed (1 to n); « q » or the end of the input ends the session."""
        for i, label in enumerate(labels, 1):
            self.say(f"  {i}. {label}")
        while True:
            self.out.write("Votre réponse : ")
            self.out.flush()
            raw = self.stream.readline()
            if not raw:
                self.say()
                raise _Stop("Entrée terminée : fin de la séance.", 0)
            text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
            text = text.strip().lstrip("\ufeff").strip()
            if self.echo:
                self.say(text)
            if text.lower() in ("q", "quitter"):
                raise _Stop("Séance arrêtée.", 0)
            if text.isdigit() and 1 <= int(text) <= len(labels):
                self.not_understood = 0
                return int(text) - 1
            self.not_understood += 1
            shown = f"« {text} »" if len(text) <= 40 else f"« {text[:40]}… »"
            self.say(f"Réponse {'vide' if not text else 'non comprise ' + shown} : tapez un numéro de 1 à "
                     f"{len(labels)}, ou « q » pour quitter.")
            if self.not_understood >= MAX_NOT_UNDERSTOOD:
                raise _Stop(f"{MAX_NOT_UNDERSTOOD} réponses non comprises de suite : séance arrêtée.", 1)


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
    stdin = getattr(sys.stdin, "buffer", sys.stdin)
    s = Session(stdin, sys.stdout, echo=not sys.stdin.isatty())
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
    except _Stop as stop:
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
