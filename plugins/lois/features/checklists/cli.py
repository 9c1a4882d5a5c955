"""`lois arbitre`: the subcommand's declaration; its code (:mod:`.commands`, YAML and the checklist engine) is
imported only when it runs, so that `lois` starts fast."""
from __future__ import annotations


def cmd_arbitre(args) -> int:
    from lois.features.checklists.commands import cmd_arbitre as run

    return run(args)


def add_commands(sub):
    p = sub.add_parser("arbitre", help="arbitrage pas à pas (listes de décision)")
    p.add_argument("nom", nargs="?", help="nom de la liste (ex. renonce)")
    p.add_argument("--liste", action="store_true", help="lister les listes, leurs questions et leurs choix")
    p.add_argument("--reponses", help='réponses : JSON {"question": "choix"} ou « question:choix,… »')
    p.add_argument("--joueurs", action="store_true",
                   help="chaque issue et ce que l'arbitre dit aux joueurs (d'une liste, ou de toutes)")
    p.add_argument("--couverture", action="store_true",
                   help="vérifier que chaque issue est atteinte par un cas, et que chaque section et paragraphe des "
                        "lois appliquées est atteint par une issue ou laissé de côté avec sa raison (d'une liste, "
                        "ou de toutes)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_arbitre)
