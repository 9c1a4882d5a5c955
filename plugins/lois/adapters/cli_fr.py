"""French for the messages argparse writes itself (usage, help, errors): the `lois` command speaks French.

argparse looks its messages up through ``gettext`` at call time; :func:`install` replaces that lookup for
argparse only, with the catalogue below (messages of Python 3.11–3.13). A message missing from it stays as
Python wrote it, so a new Python version degrades to English, never to an error.
"""
from __future__ import annotations

import argparse

CATALOGUE = {
    "usage: ": "usage : ",
    "positional arguments": "arguments",
    "options": "options",
    "optional arguments": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "choix invalide : %(value)r (choisir parmi %(choices)s)",
    "invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)":
        "choix invalide : %(value)r, vouliez-vous dire %(closest)r ? (choisir parmi %(choices)s)",
    "invalid %(type)s value: %(value)r": "valeur invalide (%(type)s) : %(value)r",
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "unrecognized arguments: %s": "arguments non reconnus : %s",
    "ambiguous option: %(option)s could match %(matches)s": "option ambiguë : %(option)s peut désigner %(matches)s",
    "expected one argument": "une valeur attendue",
    "expected at most one argument": "au plus une valeur attendue",
    "expected at least one argument": "au moins une valeur attendue",
    "not allowed with argument %s": "incompatible avec l'argument %s",
    "one of the arguments %s is required": "l'un des arguments %s est obligatoire",
    "ignored explicit argument %r": "valeur %r ignorée",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir « %(filename)s » : %(error)s",
}
PLURALS = {
    ("expected %s argument", "expected %s arguments"): ("%s valeur attendue", "%s valeurs attendues"),
}


def _gettext(message: str) -> str:
    return CATALOGUE.get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    fr = PLURALS.get((singular, plural))
    if fr:
        return fr[0] if n == 1 else fr[1]
    return singular if n == 1 else plural


def install() -> None:
    """Make argparse speak French (idempotent)."""
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]
