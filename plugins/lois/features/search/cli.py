"""`lois cherche [--json] [--limite N] REQUÊTE` and `lois cherche --evaluer`."""
from __future__ import annotations

import sys
from pathlib import Path

from lois.features._cli import find_corpus, print_json
from lois.core.errors import LoisError
from lois.core.typo import count, quoted
from lois.core.displayed import INVISIBLE
from lois.core.terminal import BOLD, RESET, in_colour


def _kinds(value: str | None) -> set[str] | None:
    """--genre loi,note… : French labels or identifiers of kinds, comma-separated."""
    from lois.features.search.documents import Kind

    if not value:
        return None
    by_name = {k.value: k.value for k in Kind} | {_plain(k.label): k.value for k in Kind}
    out = set()
    for part in value.split(","):
        key = _plain(part)
        if key not in by_name:
            names = ", ".join(k.value for k in Kind)
            raise LoisError(f"--genre : « {part.strip()} » inconnu ; genres possibles : {names}.")
        out.add(by_name[key])
    return out


def _plain(text: str) -> str:
    from lois.features.search.analysis import normalize

    return normalize(text.strip().rstrip("…").lower())


def _limit(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise LoisError(f"--limite attend un nombre entier, pas « {value} ».") from None
    if n < 1 or n > 1000:
        raise LoisError(f"--limite doit être entre 1 et 1000 (reçu : {n}).")
    return n


def highlight(snippet: str, spans, tty: bool) -> str:
    out, pos = [], 0
    on, off = (BOLD, RESET) if tty else ("[", "]")  # the only escape sequences the screen lets through
    for s, e in spans:
        out.append(snippet[pos:s] + on + snippet[s:e] + off)
        pos = e
    out.append(snippet[pos:])
    return "".join(out)


def cmd_cherche(args) -> int:
    from lois.features.search.documents import Kind
    from lois.features.search.query import SearchEngine

    corpus = Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()
    if args.evaluer:
        from lois.features.search.evaluate import evaluate_cli, print_report
        rep = evaluate_cli(corpus, Path(args.evaluer) if args.evaluer is not True else None)
        print_report(rep, "Recherche du site (CLI)")
        return 0
    limit = _limit(args.limite)
    kinds = _kinds(args.genre)
    query = " ".join(args.requete)
    if not query.strip().strip(INVISIBLE).strip():  # nothing to look for, as displayed (a zero-width space alone): a
        # usage error, said in French (and no empty JSON list)
        print("erreur : requête vide : tapez des mots (ex. « lois cherche carte pénalisée ») ou une loi (« 27B1b »).",
              file=sys.stderr)
        return 2
    if not (corpus / "lois").is_dir():
        raise LoisError(f"dossier du corpus introuvable : {corpus}")
    engine = SearchEngine(corpus)
    results = engine.search(query, limit, kinds)
    if args.json:
        print_json([r.to_json() for r in results])
        return 0
    if not results:
        print(f"Aucun résultat pour « {quoted(query)} ».")
        return 0
    tty = in_colour(sys.stdout)  # (NO_COLOR, TERM=dumb: the matches between brackets, as in a file)
    relaxed = "Aucun document ne contient l'expression exacte entre guillemets : " if results.relaxed else ""
    words = ", avec ses mots" if results.relaxed else ""
    print(f"{relaxed}{count(len(results), 'résultat')} pour « {quoted(query)} »{words} :")
    if results.readings:
        print(reading_line(results.readings))
    print()
    for i, r in enumerate(results, 1):
        print(f"{i}. {r.title}  [{Kind(r.kind).label}]  {r.url}")
        if r.snippet:
            print("   " + highlight(r.snippet, r.spans, tty))
        if r.why:
            print(f"   Situation semblable : {r.why['title']}  [{Kind(r.why['kind']).label}]")
        if r.phrase:
            print(f"   Index du site : « {r.phrase} »")
        if r.tool:
            print(f"   Outil : {r.tool['title']}  [{Kind(r.tool['kind']).label}]  {r.tool['url']}")
        print()
    return 0


def reading_line(readings: list[list[str]]) -> str:
    """What the query was read as (Results.readings), as the search page says it."""
    return "Lu aussi : " + " ; ".join(f"« {typed} » comme « {means} »" for typed, means in readings) + "."


def add_commands(sub):
    p = sub.add_parser("cherche", help="chercher dans tout le site : lois, commentaires, notes, listes d'arbitrage, "
                                       "exemples, glossaire, « Que faire si… » (mots, « phrase », 27B1b…)")
    p.add_argument("--json", action="store_true", help="résultats en JSON (id, kind, law, title, url, score, snippet ; "
                   "why : la situation semblable qui l'a fait trouver ; phrase : la formulation de l'index du site qui "
                   "a les mots que son texte n'a pas ; tool : l'outil qui vient avec la provision)")
    p.add_argument("--genre", metavar="GENRES", help="seulement ces genres, séparés par des virgules "
                   "(law, commentary, note, checklist, example, glossary, situation, stub, ou leur nom : Note…)")
    p.add_argument("--limite", default="10", metavar="N", help="nombre maximal de résultats (10 par défaut)")
    p.add_argument("--evaluer", nargs="?", const=True, metavar="FICHIER",
                   help="mesurer hit@1, hit@3 et MRR sur un jeu de requêtes (FICHIER, par défaut "
                   "tests/search_relevance.yaml ; « tune: true » : partie de réglage, mesurée à part)")
    p.add_argument("requete", nargs="*", metavar="REQUÊTE")
    p.set_defaults(func=cmd_cherche)
