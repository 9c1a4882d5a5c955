"""`lois marque-ajustee` (Loi 12C2) and `lois marque-ponderee` (Loi 12C1(c)).

The numbers typed are read and bounded by :mod:`lois.features.scores.calc` (the ranges the site's calculator
page uses too); a bad one is a French message (« erreur : … ») and exit status 1."""
from __future__ import annotations

import sys

from lois.features._cli import print_json


def _print(res: dict, as_json: bool) -> int:
    if as_json:
        print_json(res)
    else:
        from lois.features.scores.calc import fmt

        print(f"Marque : {fmt(res['score'])} {res['unit']}")
        print(res["explanation"])
        print("Provisions : " + ", ".join(f"Loi {c}" for c in res["citations"]))
    for note in res.get("notes", []):  # a right value that may be a table score typed as a percentage
        print(f"attention : {note['text']}", file=sys.stderr)
    return 0


def cmd_marque_ajustee(args) -> int:
    from lois.features.scores.calc import artificial

    res = artificial(args.epreuve, args.responsabilite, args.score_seance, moyenne_moins=args.moyenne_moins,
                     moyenne_plus=args.moyenne_plus, equivalent_imp=args.equivalent_imp)
    return _print(res, args.json)


def cmd_marque_ponderee(args) -> int:
    from lois.features.scores.calc import RULES, CalcError, shown, weighted

    if len(args.resultat) > RULES["input"]["max_results"]:
        raise CalcError("too_many", max_results=RULES["input"]["max_results"])
    results = []
    for n, raw in enumerate(args.resultat, 1):
        if raw.count(":") != 1:
            raise CalcError("not_a_number", field=f"résultat {n} (PROBABILITÉ:MARQUE)", value=shown(raw))
        results.append(tuple(raw.split(":")))
    return _print(weighted(args.epreuve, results), args.json)


# argparse formats every help text with « % »: a literal percent sign is written « %% »
NUMBERS = ("nombre avec une virgule ou un point décimal (62,5 ou 62.5), deux décimales au plus")


def add_commands(sub):
    p = sub.add_parser("marque-ajustee", help="marque ajustée artificielle (Loi 12C2)",
                       description="Marque ajustée artificielle (Loi 12C2). Valeurs : " + NUMBERS + " ; "
                       "pourcentages de 0 à 100, IMPs de -24 à 24 (échelle de la Loi 78B).")
    p.add_argument("--epreuve", required=True, choices=["paires", "imp"], help="tournoi par paires ou match en IMP")
    p.add_argument("--responsabilite", required=True, choices=["fautif", "partiel", "non-fautif"],
                   help="responsabilité du concurrent dans l'irrégularité")
    p.add_argument("--score-seance", metavar="POURCENTAGE",
                   help="score du concurrent sur les autres donnes de la séance, de 0 à 100 %% (Loi 12C2(c))")
    p.add_argument("--moyenne-moins", metavar="VALEUR",
                   help="moyenne moins fixée par l'organisateur (%% en paires, IMP en match)")
    p.add_argument("--moyenne-plus", metavar="VALEUR",
                   help="moyenne plus fixée par l'organisateur (%% en paires, IMP en match)")
    p.add_argument("--equivalent-imp", metavar="IMP",
                   help="en match par IMP, l'équivalent en IMPs du score de la séance (Loi 12C2(c))")
    p.add_argument("--json", action="store_true", help="résultat en JSON")
    p.set_defaults(func=cmd_marque_ajustee)
    p = sub.add_parser("marque-ponderee", help="marque ajustée pondérée (Loi 12C1(c))",
                       description="Marque ajustée pondérée (Loi 12C1(c)). Valeurs : " + NUMBERS + ".")
    p.add_argument("--epreuve", required=True, choices=["paires", "imp"], help="tournoi par paires ou match en IMP")
    p.add_argument("resultat", nargs="+", metavar="PROBABILITÉ:MARQUE",
                   help="chaque résultat possible : sa probabilité en %% (au-dessus de 0, total 100) et ce qu'il "
                        "aurait valu au concurrent — en paires, son pourcentage de la donne (0 à 100), en match, "
                        "son résultat en IMPs (-24 à 24), jamais la marque de la table "
                        "(ex. 60:70 40:20) ; 20 résultats au plus")
    p.add_argument("--json", action="store_true", help="résultat en JSON")
    p.set_defaults(func=cmd_marque_ponderee)
