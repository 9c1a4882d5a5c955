"""`lois marque-ajustee` (Loi 12C2) and `lois marque-ponderee` (Loi 12C1(c))."""
from __future__ import annotations

from lois.features._cli import print_json


def _print(res: dict, as_json: bool) -> int:
    if as_json:
        print_json(res)
    else:
        from lois.features.scores.calc import fmt

        print(f"Marque : {fmt(res['score'])} {res['unit']}")
        print(res["explanation"])
        print("Provisions : " + ", ".join(f"Loi {c}" for c in res["citations"]))
    return 0


def cmd_marque_ajustee(args) -> int:
    from lois.features.scores.calc import artificial

    res = artificial(args.epreuve, args.responsabilite, args.score_seance, moyenne_moins=args.moyenne_moins,
                     moyenne_plus=args.moyenne_plus, equivalent_imp=args.equivalent_imp)
    return _print(res, args.json)


def cmd_marque_ponderee(args) -> int:
    from lois.features.scores.calc import CalcError, weighted

    results = []
    for n, raw in enumerate(args.resultat, 1):
        if raw.count(":") != 1:
            raise CalcError("not_a_number", field=f"résultat {n} (PROBABILITÉ:MARQUE)", value=raw)
        results.append(tuple(raw.split(":")))
    return _print(weighted(args.epreuve, results), args.json)


def add_commands(sub):
    p = sub.add_parser("marque-ajustee", help="marque ajustée artificielle (Loi 12C2)")
    p.add_argument("--epreuve", required=True, choices=["paires", "imp"], help="tournoi par paires ou match en IMP")
    p.add_argument("--responsabilite", required=True, choices=["fautif", "partiel", "non-fautif"],
                   help="responsabilité du concurrent dans l'irrégularité")
    p.add_argument("--score-seance", metavar="POURCENTAGE",
                   help="score du concurrent sur les autres donnes de la séance (Loi 12C2(c))")
    p.add_argument("--moyenne-moins", metavar="VALEUR", help="moyenne moins fixée par l'organisateur (% ou IMP)")
    p.add_argument("--moyenne-plus", metavar="VALEUR", help="moyenne plus fixée par l'organisateur (% ou IMP)")
    p.add_argument("--equivalent-imp", metavar="IMP",
                   help="en match par IMP, l'équivalent en IMPs du score de la séance (Loi 12C2(c))")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_marque_ajustee)
    p = sub.add_parser("marque-ponderee", help="marque ajustée pondérée (Loi 12C1(c))")
    p.add_argument("--epreuve", required=True, choices=["paires", "imp"], help="tournoi par paires ou match en IMP")
    p.add_argument("resultat", nargs="+", metavar="PROBABILITÉ:MARQUE",
                   help="chaque résultat possible : sa probabilité en % et la marque qu'il aurait valu "
                        "(ex. 60:70 40:20)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_marque_ponderee)
