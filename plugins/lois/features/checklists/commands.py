"""`lois arbitre`: list, run (interactively or from answers) and check the coverage of the ruling checklists.

Imported only when the command runs (see :mod:`lois.features.checklists.cli`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from lois.features._cli import print_json as _out, find_corpus
from lois.core.errors import LoisError
from lois.core.grounds import words_json
from lois.core.typo import count, quoted
from lois.core.terminal import Answers, Stop, choice_number, shown
from lois.features.checklists.coverage import Status, coverage as laws_coverage
from lois.features.checklists.engine import MissingAnswer, coverage, run
from lois.features.checklists.model import EFFECTS, PENALTY_CARD_VALUES, TRICKS_AT_END, load_checklists


def _load(args):
    from lois.core.corpus import load_corpus

    corpus = Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()
    model = load_corpus(corpus)
    return model, load_checklists(corpus, model)


def checklist_json(cl) -> dict:
    return {
        "name": cl.name, "title": cl.title, "laws": cl.laws, "start": cl.start,
        "questions": [{"id": q.id, "text": q.text, "citations": [str(c) for c in q.cites],
                       "choices": [{"id": c.id, "label": c.label, "next": c.next} for c in q.choices]}
                      for q in cl.questions.values()],
        "outcomes": [{"id": o.id, "title": o.title, "citations": [str(c) for c in o.cites]}
                     for o in cl.outcomes.values()],
    }


MAX_ANSWERS_CHARS = 10_000  # far more than the longest checklist's answers (a few hundred characters)


def parse_answers(text: str) -> dict[str, str]:
    """Answers as a JSON object {"question": "choix"} (flat: each answer a text), or as « q1:oui,q2:non » (the
    form used in the site's URLs). Bounded in size; nesting, numbers, lists are refused in French."""
    if len(text) > MAX_ANSWERS_CHARS:
        raise LoisError(f"--reponses : {len(text)} caractères, c'est trop ({MAX_ANSWERS_CHARS} au plus)")
    text = text.strip()
    if text.startswith(("{", "[")):
        try:
            # (a number is refused whatever it is: not read, so that 5,000 digits are not Python's ValueError)
            data = json.loads(text, object_pairs_hook=_once, parse_int=lambda digits: 0)
        except json.JSONDecodeError as exc:
            raise LoisError(f"--reponses : JSON illisible ({exc.msg}, colonne {exc.colno})") from None
        except RecursionError:
            raise LoisError("--reponses : JSON trop imbriqué ; il faut un objet JSON {\"question\": \"choix\"}") \
                from None
        if not isinstance(data, dict):
            raise LoisError("--reponses : il faut un objet JSON {\"question\": \"choix\"}")
        for k, v in data.items():
            if not isinstance(v, str):
                raise LoisError(f"--reponses : la réponse à « {quoted(k)} » doit être un texte (le choix), "
                                f"pas {_json_kind(v)}")
        return dict(data)
    out: dict[str, str] = {}
    for part in filter(None, text.split(",")):
        if ":" not in part:
            raise LoisError(f"--reponses : « {quoted(part)} » n'est pas de la forme question:choix")
        k, v = part.split(":", 1)
        _answer_once(out, k.strip(), v.strip())
    return out


def _answer_once(out: dict, question, choice) -> None:
    """One answer per question: « consommee:oui,consommee:non » is refused (the last one would win silently)."""
    if question in out and out[question] != choice:
        raise LoisError(f"--reponses : deux réponses à la question « {quoted(str(question))} » "
                        f"(« {str(out[question])[:40]} » et « {str(choice)[:40]} ») ; gardez-en une")
    out[question] = choice


def _once(pairs: list) -> dict:
    out: dict[str, object] = {}
    for k, v in pairs:
        _answer_once(out, k, v)
    return out


def _json_kind(v) -> str:
    return ("un objet" if isinstance(v, dict) else "une liste" if isinstance(v, list) else
            "rien (null)" if v is None else "un booléen" if isinstance(v, bool) else "un nombre")


def effect_text(key: str, value) -> str:
    label = EFFECTS[key][2]
    if key == "penalty_card":
        return f"{label} : {PENALTY_CARD_VALUES[value]}"
    if key == "tricks_transferred" and value in TRICKS_AT_END:
        return f"{label} : {TRICKS_AT_END[value]}"
    if isinstance(value, bool):
        return f"{label} : {'oui' if value else 'non'}"
    return f"{label} : {value}"


def print_players(players: list[str], indent: str = "", words: dict | None = None) -> None:
    """« Ce que je dis aux joueurs », numbered in the order to say it, each sentence followed by the words of the
    provisions it rests on."""
    from lois.core.grounds import words_for

    for i, s in enumerate(players, 1):
        print(f"{indent}{i}. {s}")
        for pid, ws in words_for([s], words):
            print(f"{indent}   fondé sur la Loi {pid} : " + " … ".join(f"« {w} »" for w in ws))


def print_result(res) -> None:
    print(f"\n=== {res.title}\n")
    print(res.ruling)
    print("\nCe que je dis aux joueurs :")
    print_players(res.players, "  ", res.words)
    print("\nEffets :")
    for k, v in res.effects.items():
        print(f"  - {effect_text(k, v)}")
    print("\nProvisions : " + ", ".join(f"Loi {c}" for c in res.citations))
    print("\nParcours :")
    for s in res.trace:
        print(f"  {s.text} → {s.label}  [{', '.join(f'Loi {c}' for c in s.cites)}]")


def interactive(cl) -> int:
    ask = Answers(sys.stdout, "arbitrage arrêté")  # a closed standard input is said here, before any question
    answers: dict[str, str] = {}
    path: list[str] = []
    print(f"{cl.title} — arbitrage pas à pas (numéro du choix, « r » pour revenir, « q » pour quitter)")
    node = cl.start
    try:
        while node in cl.questions:
            q = cl.questions[node]
            print(f"\n{q.text}")
            if q.help:
                print(f"  ({q.help})")
            print(f"  Provisions : {', '.join(f'Loi {c}' for c in q.cites)}")
            for i, c in enumerate(q.choices, 1):
                print(f"  {i}. {c.label}")
            raw = ask.read("Votre choix : ")
            if raw is None:
                print("fin de la saisie : arbitrage interrompu.", file=sys.stderr)
                return 1
            key = raw.lower()
            if key == "q":
                print("arbitrage abandonné.")
                return 0
            if key == "r":
                if not path:
                    ask.not_understood("Déjà à la première question.")
                    continue
                ask.understood()
                node = path.pop()
                answers.pop(node, None)
                continue
            k = choice_number(raw, len(q.choices))
            choice = q.choices[k] if k is not None else q.choice(key)
            if choice is None:
                said = "vide" if not raw else f"invalide « {shown(raw)} »"
                ask.not_understood(f"Choix {said} : tapez un numéro de 1 à {len(q.choices)}, « r » ou « q ».")
                continue
            ask.understood()
            answers[q.id] = choice.id
            path.append(q.id)
            node = choice.next
    except Stop as stop:
        print(stop.reason, file=sys.stderr)
        return stop.code
    print_result(run(cl, answers))
    return 0


def players_json(cl) -> dict:
    return {"name": cl.name, "title": cl.title,
            "outcomes": [{"id": o.id, "title": o.title, "players": o.players, "words": words_json(o.words),
                          "citations": [str(c) for c in o.cites]}
                         for o in cl.outcomes.values()]}


def print_players_lists(lists: dict, as_json: bool) -> int:
    """`lois arbitre --joueurs [nom]`: every outcome of the lists with what the director says to the players."""
    if as_json:
        _out([players_json(cl) for cl in lists.values()])
        return 0
    for cl in lists.values():
        print(f"== {cl.title} ({cl.name})")
        for o in cl.outcomes.values():
            print(f"\n  -- {o.title} [{o.id}]")
            print_players(o.players, "     ", o.words)
        print()
    return 0


def _replay(cl, answers) -> str:
    """The outcome ``answers`` reach, or why they reach none (in French)."""
    try:
        return run(cl, answers).outcome
    except MissingAnswer as exc:
        return f"(incomplet : {exc.question})"


def _reached_by(row) -> str:
    return f"issue{'s' if len(row.outcomes) > 1 else ''} {', '.join(row.outcomes)}"


def row_text(row) -> str:
    """One line of a coverage table: the provision, what the corpus has of it, its status."""
    where = f" ({row.unit.where})" if row.unit.where else ""
    if row.status is Status.REACHED:
        status = f"atteinte par : {_reached_by(row)}"
    elif row.status is Status.ASIDE:
        inherited = f" [{row.aside}]" if row.aside is not None and row.aside != row.unit.pid else ""
        status = f"laissée de côté{inherited} : {row.reason}"
    else:
        status = "NON TRAITÉE (ni atteinte par une issue, ni laissée de côté)"
    return f"{row.provision}{where} — {status}"


def print_coverage(model, lists: dict, as_json: bool) -> int:
    """`lois arbitre --couverture [nom]`: each outcome reached by a case, every case and worked example reaching
    the outcome it expects, and the coverage of the laws each list applies (every section and paragraph reached
    by an outcome or left aside with its reason); non-zero when anything is missing."""
    from lois.features import replay_sources

    out, bad, total_cases = [], 0, 0
    for cl in lists.values():
        cov = coverage(cl)
        fails = [{"case": c.name, "outcome": got, "expected": c.expected}
                 for c in cl.cases if (got := _replay(cl, c.answers)) != c.expected]
        total_cases += len(cl.cases)
        table = laws_coverage(cl, model)
        out.append({"name": cl.name, "title": cl.title, "laws": cl.laws, "cases": len(cl.cases),
                    "outcomes": len(cov), "outcomes_without_case": [o for o, names in cov.items() if not names],
                    "case_failures": fails, "coverage": [r.as_dict() for r in table.rows],
                    "gaps": [r.provision for r in table.gaps], "_table": table})
        bad += len(out[-1]["outcomes_without_case"]) + len(fails) + len(table.gaps)
    examples = [r for replays in replay_sources() for r in replays(model) if r.checklist in lists]
    example_failures = [{"example": r.id, "file": r.file, "outcome": got, "expected": r.expected}
                        for r in examples if (got := _replay(lists[r.checklist], r.answers)) != r.expected]
    bad += len(example_failures)
    gaps = sum(len(c["gaps"]) for c in out)
    if as_json:
        _out({"checklists": [{k: v for k, v in c.items() if k != "_table"} for c in out],
              "examples": len(examples), "example_failures": example_failures, "gaps": gaps, "problems": bad})
        return 1 if bad else 0
    for c in out:
        print(f"{c['name']} : {c['outcomes'] - len(c['outcomes_without_case'])}/{c['outcomes']} issues atteintes "
              f"par {c['cases']} cas")
        for o in c["outcomes_without_case"]:
            print(f"  issue non couverte : {o}")
        for f in c["case_failures"]:
            print(f"  ÉCHEC cas « {f['case']} » : issue {f['outcome']}, attendue {f['expected']}")
        laws = f"Loi{'s' if len(c['laws']) > 1 else ''} {', '.join(str(n) for n in c['laws'])}" if c["laws"] \
            else "aucune loi"
        print(f"  Couverture des lois appliquées ({laws}) : {c['_table'].summary()}")
        for row in c["_table"].rows:
            print(f"    {row_text(row)}")
    for f in example_failures:
        print(f"  ÉCHEC exemple « {f['example']} » ({f['file']}) : issue {f['outcome']}, attendue {f['expected']}")
    written = count(len(examples), "exemple rédigé", "exemples rédigés")
    print(f"{count(len(lists), 'liste')}, {total_cases} cas, {written}, "
          f"{count(gaps, 'provision non traitée', 'provisions non traitées')}, {count(bad, 'problème')}.")
    return 1 if bad else 0


def cmd_arbitre(args) -> int:
    answers = None if args.reponses is None else parse_answers(args.reponses)  # refused before the corpus is read
    model, lists = _load(args)
    if getattr(args, "joueurs", False):
        if args.nom and args.nom not in lists:
            raise LoisError(f"liste inconnue « {args.nom} » ; listes disponibles : {', '.join(lists)}")
        return print_players_lists({args.nom: lists[args.nom]} if args.nom else lists, args.json)
    if args.couverture:
        if args.nom and args.nom not in lists:
            raise LoisError(f"liste inconnue « {args.nom} » ; listes disponibles : {', '.join(lists)}")
        return print_coverage(model, {args.nom: lists[args.nom]} if args.nom else lists, args.json)
    if args.liste or not args.nom:
        if args.json:
            _out([checklist_json(cl) for cl in lists.values()])
        else:
            for cl in lists.values():
                print(f"{cl.name} — {cl.title} ({len(cl.questions)} questions, {len(cl.outcomes)} issues)")
        return 0
    cl = lists.get(args.nom)
    if cl is None:
        raise LoisError(f"liste inconnue « {args.nom} » ; listes disponibles : {', '.join(lists)}")
    if answers is None:  # no --reponses
        return interactive(cl)
    res = run(cl, answers)
    if args.json:
        _out({k: v for k, v in res.as_dict().items() if k != "title"})
    else:
        print_result(res)
    return 0
