"""`lois marque-ajustee` (Loi 12C2, 12C3), `lois marque-ponderee` (Loi 12C1(c)) and `lois marque-ko` (Loi 12C4).

The numbers typed are read and bounded by :mod:`lois.features.scores.calc` (the ranges and bounds the site's
calculator page uses too); a bad one is a French message (« erreur : … ») and exit status 1."""
from __future__ import annotations

import re
import sys

from lois.features._cli import form_field, print_json


def _print(res: dict, as_json: bool) -> int:
    if as_json:
        print_json(res)
    else:
        from lois.features.scores.calc import fmt

        print(f"Marque : {fmt(res['score'])} {res['unit']}")
        if "opponent" in res:
            print(f"Marque du second concurrent : {fmt(res['opponent'])} {res['unit']}")
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


def cmd_marque_ko(args) -> int:
    from lois.features.scores.calc import knockout

    return _print(knockout(args.marque, args.marque_adverse), args.json)


# argparse formats every help text with « % »: a literal percent sign is written « %% »
NUMBERS = ("nombre avec une virgule ou un point décimal (62,5 ou 62.5), deux décimales au plus")


def _parser(sub, name: str, **kw):
    """A calculator's parser: a negative number with a decimal comma (« -2,5 ») is a value, not an option
    (argparse, before Python 3.13, takes only « -2 » and « -2.5 » for numbers)."""
    p = sub.add_parser(name, **kw)
    p._negative_number_matcher = re.compile(r"^[-\u2212][0-9]")
    return p


def add_commands(sub):
    from lois.features.scores.calc import RULES

    events = list(RULES["events"])
    law = {who: text.replace("%", "%%") for who, text in RULES["law_values"].items()}  # argparse formats « % »
    p = _parser(sub, "marque-ajustee", help="marque ajustée artificielle (Loi 12C2)",
                description="Marque ajustée artificielle (Loi 12C2 ; épreuve individuelle : Loi 12C3). Valeurs : "
                + NUMBERS + " ; pourcentages de 0 à 100, IMPs de -24 à 24 (échelle de la Loi 78B).")
    p.add_argument("--epreuve", required=True, choices=events,
                   help="tournoi par paires, épreuve individuelle ou match en IMP")
    p.add_argument("--responsabilite", required=True, choices=["fautif", "partiel", "non-fautif"],
                   help="responsabilité du concurrent dans l'irrégularité")
    p.add_argument("--score-seance", metavar="POURCENTAGE", type=form_field,
                   help="score du concurrent sur les autres donnes de la séance, de 0 à 100 %% (Loi 12C2(c))")
    p.add_argument("--moyenne-moins", metavar="VALEUR", type=form_field,
                   help=f"moyenne moins fixée par l'organisateur : en %%, {law['fautif']} (Loi 12C2(a)) ; en "
                        "match, une perte en IMP (Loi 12C2(b) : normalement -3)")
    p.add_argument("--moyenne-plus", metavar="VALEUR", type=form_field,
                   help=f"moyenne plus fixée par l'organisateur : en %%, {law['non-fautif']} (Loi 12C2(a)) ; "
                        "en match, un gain en IMP (Loi 12C2(b) : normalement +3)")
    p.add_argument("--equivalent-imp", metavar="IMP", type=form_field,
                   help="en match par IMP, l'équivalent en IMPs du score de la séance (Loi 12C2(c))")
    p.add_argument("--json", action="store_true", help="résultat en JSON")
    p.set_defaults(func=cmd_marque_ajustee)
    p = _parser(sub, "marque-ponderee", help="marque ajustée pondérée (Loi 12C1(c))",
                description="Marque ajustée pondérée (Loi 12C1(c)). Valeurs : " + NUMBERS + ".")
    p.add_argument("--epreuve", required=True, choices=events,
                   help="tournoi par paires, épreuve individuelle ou match en IMP")
    p.add_argument("resultat", nargs="+", metavar="PROBABILITÉ:MARQUE", type=form_field,
                   help="chaque résultat possible : sa probabilité en %% (au-dessus de 0, total 100) et ce qu'il "
                        "aurait valu au concurrent — en paires et en individuel, son pourcentage de la donne (0 à "
                        "100), en match, son résultat en IMPs (-24 à 24), jamais la marque de la table "
                        "(ex. 60:70 40:20) ; 20 résultats au plus")
    p.add_argument("--json", action="store_true", help="résultat en JSON")
    p.set_defaults(func=cmd_marque_ponderee)
    p = _parser(sub, "marque-ko", help="match par K.O. : marques ajustées qui ne se compensent pas (Loi 12C4)",
                description="Match par K.O. : quand les marques ajustées des deux concurrents ne se compensent "
                "pas, la moyenne des deux est attribuée aux deux concurrents (Loi 12C4). Valeurs : " + NUMBERS
                + " ; IMPs de -24 à 24 (échelle de la Loi 78B).")
    p.add_argument("--marque", required=True, metavar="IMP", type=form_field,
                   help="marque ajustée du premier concurrent, en IMPs, de son point de vue (ex. 3 : moyenne plus)")
    p.add_argument("--marque-adverse", required=True, metavar="IMP", type=form_field,
                   help="marque ajustée du second concurrent, en IMPs, de son point de vue (ex. 3 : moyenne plus)")
    p.add_argument("--json", action="store_true", help="résultat en JSON")
    p.set_defaults(func=cmd_marque_ko)
