"""`lois entraine`: the subcommand's declaration; its code (:mod:`.commands`) is imported only when it runs."""
from __future__ import annotations

import argparse


def cmd_entraine(args) -> int:
    from lois.features.training.commands import cmd_entraine as run

    return run(args)


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"« {text} » n'est pas un nombre entier") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"il faut au moins 1 question (pas {n})")
    return n


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"« {text} » n'est pas un nombre entier") from None


def add_commands(sub):
    p = sub.add_parser("entraine", help="s'entraîner : situations de table à arbitrer, réponses tapées au clavier",
                       description="Entraînement à l'arbitrage : des situations tirées des cas types des listes "
                       "d'arbitrage et des exemples commentés ; répondez par le numéro du choix (« q » pour quitter).")
    p.add_argument("--nombre", "-n", type=_positive, default=10, help="nombre de situations (10 par défaut)")
    p.add_argument("--graine", type=_seed, help="graine du tirage (même graine, mêmes situations dans le même ordre)")
    p.add_argument("--mode", choices=("questions", "decision"), default="questions",
                   help="questions : répondre aux questions de la liste ; decision : choisir la décision "
                        "(par défaut : questions)")
    p.add_argument("--liste", help="seulement les situations d'une liste d'arbitrage (ex. renonce)")
    p.set_defaults(func=cmd_entraine)
