"""The adjusted-score calculators, as data plus three small functions.

Every number, bound, citation, French sentence and error message lives in :data:`RULES`; the site ships that
same dictionary to ``assets/lois/scores.js``, which applies it the same way. Both sides are pinned by
``tests/adjusted_score_cases.yaml`` (run by pytest and in Chromium) and by random inputs run in both.

* :func:`artificial` — Loi 12C2: moyenne moins / moyenne / moyenne plus by responsibility; the organiser's own
  values, bounded (12C2(a) in pairs: moyenne moins at most 40 %, moyenne plus at least 60 %; in IMPs, 12C2(b)
  lets the organiser change the 3 IMPs, and a moyenne moins stays a loss, a moyenne plus a gain); the
  session-score exception of 12C2(c), in IMPs with its equivalent on the same side of average; the individual
  event (12C3, same percentages as pairs).
* :func:`weighted` — Loi 12C1(c): the possible results with their likelihoods → the weighted score, with the
  arithmetic shown.
* :func:`knockout` — Loi 12C4: two adjusted scores of a knock-out match that do not balance → the average of
  the two, given to both contestants.

Every number a person types is read by :func:`number` and checked against a range declared once in
``RULES["ranges"]`` (a percentage 0–100, an IMP result -24–24 as the IMP scale of Loi 78B tops at 24, a
probability above 0 and at most 100), with at most ``RULES["input"]["decimals"]`` decimals and
``RULES["input"]["max_length"]`` characters: a decimal comma or point (« 62,5 » or « 62.5 »), no thousands
separator, no exponent, no « nan » or « inf ». A value outside its range or its bound is an error
(:class:`CalcError`, with ``where``: the input it is about), never a score; a value that is right but may be
a mistake is kept and said (``notes``).
"""
from __future__ import annotations

import math
import re

from lois.core.errors import LoisError

# A number a person types: an optional sign (« - », « + » or the typographic « − »), digits, an optional decimal
# part after a comma (French) or a point, an optional unit (« % », « IMP », « IMPs »). Only ASCII digits and
# the spaces below, so that Python's ``re`` and the browser's RegExp read exactly the same strings.
SPACES = " \t\u00a0\u202f"
NUMBER = rf"^[{SPACES}]*([+\-\u2212]?)([0-9]+)(?:[.,]([0-9]+))?[{SPACES}]*(%|imps?)?[{SPACES}]*$"

# Loi 12C2(a), in pairs: moyenne moins at most 40 %, moyenne 50 %, moyenne plus at least 60 % of the matchpoints;
# Loi 12C2(c) uses the same two numbers for the session score (above 60 %, below 40 %)
LOW, AVERAGE, HIGH = 40, 50, 60
_PERCENT_BOUNDS = {"fautif": {"max": LOW, "strict": False, "error": "bounds_low"},
                   "non-fautif": {"min": HIGH, "strict": False, "error": "bounds_high"}}
_PERCENT_SCORES = {"fautif": LOW, "partiel": AVERAGE, "non-fautif": HIGH}
_OTHER_SCORES = ("Une autre marque n'est possible que si un concurrent ne peut obtenir de résultat sur plusieurs "
                      "donnes de la même séance, dans les circonstances que prévoit l'organisme responsable (Loi "
                      "12C2(d)) ; ce calculateur ne la calcule pas.")

RULES: dict = {
    "number": NUMBER,
    "spaces": SPACES,
    "input": {"max_length": 24, "decimals": 2, "max_results": 20},
    # what each unit allows: a percentage of the board (12C2(a), 12C2(c)), an IMP result (the IMP scale of
    # Loi 78B goes up to 24 IMPs either way)
    "ranges": {"%": {"min": 0, "max": 100, "error": "percentage"},
               "IMP": {"min": -24, "max": 24, "error": "imp_range"}},
    "unit_names": {"%": "pourcentages (%)", "IMP": "IMPs"},
    # the forms of event: an artificial score by responsibility (`scores`), the organiser's value for a
    # responsibility kept within its bound (`bounds`: « min »/« max », `strict` for « more/less than »)
    "events": {
        "paires": {"label": "Tournoi par paires (%)", "name": "tournoi par paires", "unit": "%",
                   "scores": _PERCENT_SCORES, "bounds": _PERCENT_BOUNDS,
                   "citations": ["12C2(a)"], "organiser_citations": ["12C2(a)"], "organiser_text": "organiser_percent",
                   "extra": None, "column": "Marque (% de la donne)"},
        # Loi 12C2(a) gives its percentages for pairs; the calculator applies them to an individual event, and
        # says so, with what Loi 12C3 adds
        "individuel": {"label": "Épreuve individuelle (%)", "name": "épreuve individuelle", "unit": "%",
                       "scores": _PERCENT_SCORES, "bounds": _PERCENT_BOUNDS,
                       "citations": ["12C2(a)", "12C3"], "organiser_citations": ["12C2(a)"],
                       "organiser_text": "organiser_percent", "extra": "individual",
                       "column": "Marque (% de la donne)"},
        # Loi 12C2(b): normally plus or minus 3 IMPs, which the organiser may change (with the regulating
        # authority's agreement); a moyenne moins stays a loss, a moyenne plus a gain
        "imp": {"label": "Match en IMP", "name": "match en IMP", "unit": "IMP",
                "scores": {"fautif": -3, "partiel": 0, "non-fautif": 3},
                "bounds": {"fautif": {"max": 0, "strict": True, "error": "imp_bounds_low"},
                           "non-fautif": {"min": 0, "strict": True, "error": "imp_bounds_high"}},
                "citations": ["12C2(a)", "12C2(b)"], "organiser_citations": ["12C2(b)", "78D", "86B3", "12C2(d)"],
                "organiser_text": "organiser_imp", "extra": None, "column": "Marque (IMP)"},
    },
    # the organiser's value for each responsibility (the event's settings: both are checked, one is used)
    "organiser": {"fautif": "moyenne_moins", "non-fautif": "moyenne_plus"},
    # Loi 12C2(c); in IMPs, the equivalent of a session score above 60 % is a gain, below 40 % a loss
    "session": {"high": HIGH, "low": LOW, "citations": ["12C2(c)"],
                "equivalent": {"non-fautif": {"min": 0, "strict": True, "error": "equivalent_high"},
                               "fautif": {"max": 0, "strict": True, "error": "equivalent_low"}}},
    "knockout": {"unit": "IMP", "citations": ["12C4"]},
    "names": {"fautif": "moyenne moins", "partiel": "moyenne", "non-fautif": "moyenne plus"},
    "who": {"fautif": "entièrement fautif", "partiel": "seulement partiellement fautif",
            "non-fautif": "totalement non fautif"},
    "law_values": {"fautif": f"au plus {LOW} %", "partiel": f"{AVERAGE} %", "non-fautif": f"au moins {HIGH} %"},
    "texts": {
        "paires": "Marque ajustée artificielle : {name}, {score} %, à un concurrent {who} (Loi 12C2(a) : {law} "
                  "des points de match possibles en tournoi par paires).",
        "individuel": "Marque ajustée artificielle : {name}, {score} %, à un concurrent {who} (Loi 12C2(a) : {law} "
                      "des points de match possibles en tournoi par paires ; le calculateur applique les mêmes "
                      "pourcentages en épreuve individuelle).",
        "imp": "Marque ajustée artificielle : {name}, {score} IMP, à un concurrent {who} en match par IMP (Loi "
               "12C2(b) : normalement plus 3 IMPs pour la moyenne plus, moins 3 IMPs pour la moyenne moins).",
        "imp_partiel": "Marque ajustée artificielle : moyenne, {score} IMP, à un concurrent {who} (Loi 12C2(a) : "
                       "{law} des points de match possibles en tournoi par paires) ; en match par IMP, la moyenne "
                       "ne fait ni gagner ni perdre d'IMP (la Loi 12C2(b) ne fixe en IMPs que la moyenne plus et "
                       "la moyenne moins).",
        "organiser_percent": f" Valeur indiquée par l'organisateur, dans les limites de la Loi 12C2(a) : moyenne "
                             f"moins au plus {LOW} %, moyenne plus au moins {HIGH} %.",
        "organiser_imp": " Valeur indiquée par l'organisateur de l'épreuve : la Loi 12C2(b) lui permet de modifier "
                         "les 3 IMPs, avec l'accord de l'organisme responsable, comme le prévoient les Lois 78D, "
                         "86B3 et 12C2(d).",
        "session_high": f" Score de la séance : {{session}} %. La Loi 12C2(c) écarte la moyenne plus pour un "
                        f"concurrent non fautif qui obtient plus de {HIGH} % sur la séance : il reçoit le "
                        f"pourcentage obtenu sur les autres donnes de la séance (ou l'équivalent en IMPs), soit "
                        f"{{score}} {{unit}}.",
        "session_low": f" Score de la séance : {{session}} %. La Loi 12C2(c) écarte la moyenne moins pour un "
                       f"concurrent fautif qui obtient moins de {LOW} % sur la séance : il reçoit le pourcentage "
                       f"obtenu sur les autres donnes de la séance (ou l'équivalent en IMPs), soit {{score}} "
                       f"{{unit}}.",
        "session_none": f" Score de la séance : {{session}} % ; l'exception de la Loi 12C2(c) ne s'applique pas : "
                        f"elle vise le concurrent non fautif qui obtient plus de {HIGH} % sur la séance et le "
                        f"concurrent fautif qui obtient moins de {LOW} %.",
        "individual": " Épreuve individuelle : l'arbitrage rendu et les marques ajustées s'appliquent de la même "
                      "manière aux deux joueurs du camp fautif, même si un seul des deux peut être responsable de "
                      "l'irrégularité ; toutefois l'arbitre n'inflige pas de pénalité de procédure au partenaire "
                      "d'un joueur fautif s'il pense qu'il n'est en aucune façon responsable de l'infraction (Loi "
                      "12C3).",
        "weighted": "Marque ajustée pondérée selon la probabilité de chaque résultat possible (Loi 12C1(c)) : "
                    "{arithmetic}. Seuls comptent les résultats qui auraient pu être obtenus légalement.",
        "ko_balanced": "Match par K.O. : les deux marques ajustées se compensent ({a} IMP pour le premier "
                       "concurrent, {b} IMP pour le second) : chacun garde la sienne. La Loi 12C4 ne vise que des "
                       "marques ajustées qui ne se compensent pas.",
        "ko": "Match par K.O. : les deux marques ajustées ne se compensent pas ({a} IMP pour le premier concurrent, "
              "{b} IMP pour le second). Selon la Loi 12C4, le score de chaque concurrent sur la donne est calculé "
              "séparément et la moyenne de ces deux marques est attribuée aux deux concurrents : vu du premier "
              "concurrent, {arithmetic} ; le second reçoit {other} IMP.",
    },
    "errors": {
        "not_a_number": "{field} : « {value} » n'est pas un nombre (exemple : 62,5 ou 62.5).",
        "too_long": "{field} : « {value} » est trop long pour une marque ({max_length} caractères au plus).",
        "decimals": "{field} : « {value} » a plus de {decimals} décimales ; arrondissez au centième "
                    "(exemple : 33,33).",
        "wrong_unit": "{field} : « {value} » : ce champ attend des {unit}.",
        "percentage": "{field} : {value} n'est pas un pourcentage (de 0 à 100 %).",
        "imp_range": "{field} : {value} n'est pas un résultat en IMPs : l'échelle des IMPs va de -24 à +24 "
                     "(Loi 78B). Une marque de la table (100, -620…) se convertit d'abord en IMPs.",
        "bounds_low": f"{{field}} : {{value}} % n'est pas une moyenne moins : la Loi 12C2(a) lui donne au plus {LOW} % "
                      f"des points de match possibles. " + _OTHER_SCORES,
        "bounds_high": f"{{field}} : {{value}} % n'est pas une moyenne plus : la Loi 12C2(a) lui donne au moins "
                       f"{HIGH} % des points de match possibles. " + _OTHER_SCORES,
        "imp_bounds_low": f"{{field}} : {{value}} IMP n'est pas une moyenne moins : elle est sous la moyenne (au "
                          f"plus {LOW} % en tournoi par paires, Loi 12C2(a)) et vaut normalement moins 3 IMPs en "
                          f"match (Loi 12C2(b)). Indiquez une perte, un nombre négatif (exemple : -3).",
        "imp_bounds_high": f"{{field}} : {{value}} IMP n'est pas une moyenne plus : elle est au-dessus de la "
                           f"moyenne (au moins {HIGH} % en tournoi par paires, Loi 12C2(a)) et vaut normalement "
                           f"plus 3 IMPs en match (Loi 12C2(b)). Indiquez un gain, un nombre positif (exemple : 3).",
        "imp_equivalent": "{field} : en match par IMP, la Loi 12C2(c) attribue l'équivalent en IMPs du score de "
                          "la séance ({session} %) ; indiquez-le ({equivalent}).",
        "equivalent_high": f"{{field}} : {{value}} IMP ne peut pas être l'équivalent d'un score de séance de "
                           f"{{session}} % : plus de {HIGH} %, c'est au-dessus de la moyenne, un gain en IMPs (Loi "
                           f"12C2(c)). Indiquez un nombre positif.",
        "equivalent_low": f"{{field}} : {{value}} IMP ne peut pas être l'équivalent d'un score de séance de "
                          f"{{session}} % : moins de {LOW} %, c'est au-dessous de la moyenne, une perte en IMPs "
                          f"(Loi 12C2(c)). Indiquez un nombre négatif.",
        "equivalent_unit": "{field} : ne sert qu'en match par IMP (Loi 12C2(c) : « ou l'équivalent en IMPs ») ; "
                           "en {event}, le score de la séance est déjà un pourcentage.",
        "equivalent_alone": f"{{field}} : indiquez aussi le score de la séance, en % : la Loi 12C2(c) le compare à "
                            f"{HIGH} % (concurrent non fautif) et à {LOW} % (concurrent fautif) ; l'équivalent en "
                            f"IMPs ({{equivalent}}) ne sert que si elle s'applique.",
        "no_results": "indiquez au moins deux résultats possibles, chacun avec sa probabilité et sa marque.",
        "incomplete": "résultat {n} : indiquez sa probabilité et sa marque.",
        "too_many": "au plus {max_results} résultats possibles.",
        "probability": "{field} : la probabilité {value} % doit être comprise entre 0 (exclu) et 100.",
        "sum": "les probabilités totalisent {total} % au lieu de 100 % (elles s'écrivent en %, par exemple "
               "60 et 40).",
        "ko_incomplete": "{field} : indiquez la marque ajustée de chacun des deux concurrents, en IMPs, chacune de "
                         "son point de vue (exemple : 3 et 3, une moyenne plus à chacun).",
        "event": "--epreuve : « {value} » n'est pas une forme d'épreuve ({events}).",
        "responsibility": "--responsabilite : « {value} » n'est pas une responsabilité (fautif, partiel ou "
                          "non-fautif).",
    },
    # an error while the form is being filled in (said quietly on the page; an error of the command all the same)
    "pending": ["no_results", "incomplete", "equivalent_alone", "ko_incomplete"],
    # a value that is right but may be a mistake: kept, and said
    "notes": {
        "top": "{field} : 100 % est un top (tous les points de match de la donne). Si 100 est la marque de la "
               "table (100 points), indiquez plutôt le pourcentage que ce résultat aurait valu.",
        "bottom": "{field} : 0 % est un zéro (aucun point de match). Si 0 est la marque de la table (donne "
                  "passée), indiquez plutôt le pourcentage que ce résultat aurait valu.",
        "session_below": f"{{field}} : la Loi 12C2(c) donne {{score}} {{unit}}, moins que la moyenne plus "
                         f"({{standard}} {{unit}}) : elle attribue au concurrent non fautif qui obtient plus de "
                         f"{HIGH} % sur la séance le pourcentage obtenu sur les autres donnes (ou l'équivalent en "
                         f"IMPs), sans le comparer à la moyenne plus. Vérifiez ce que prévoit le règlement de "
                         f"l'épreuve.",
        "session_above": f"{{field}} : la Loi 12C2(c) donne {{score}} {{unit}}, plus que la moyenne moins "
                         f"({{standard}} {{unit}}) : elle attribue au concurrent fautif qui obtient moins de {LOW} % "
                         f"sur la séance le pourcentage obtenu sur les autres donnes (ou l'équivalent en IMPs), sans "
                         f"le comparer à la moyenne moins. Vérifiez ce que prévoit le règlement de l'épreuve.",
    },
    # the names of the inputs in messages: the command's options, the site's form labels
    "fields": {"score_seance": "--score-seance", "moyenne_moins": "--moyenne-moins",
               "moyenne_plus": "--moyenne-plus", "equivalent_imp": "--equivalent-imp",
               "probability": "résultat {n}, probabilité", "score": "résultat {n}, marque",
               "marque": "--marque", "marque_adverse": "--marque-adverse"},
    "site_fields": {"score_seance": "Score de la séance", "moyenne_moins": "Moyenne moins de l'organisateur",
                    "moyenne_plus": "Moyenne plus de l'organisateur", "equivalent_imp": "Équivalent en IMPs",
                    "probability": "Résultat {n}, probabilité", "score": "Résultat {n}, marque",
                    "marque": "Marque du premier concurrent", "marque_adverse": "Marque du second concurrent"},
}


class CalcError(LoisError):
    """Bad input to a calculator: a French message built from ``RULES["errors"][code]``; ``where`` names the
    input it is about (« score_seance », « probability:2 »), None for the whole form."""

    def __init__(self, code: str, where: str | None = None, **values):
        self.code = code
        self.where = where
        super().__init__(RULES["errors"][code].format(**values))


def fmt(x: float) -> str:
    """A number as the site writes it: at most two decimals, a decimal comma (« 62,5 »)."""
    x = math.floor(x * 100 + 0.5) / 100
    return (str(int(x)) if x == int(x) else str(x)).replace(".", ",")


def signed(x: float) -> str:
    """A term of a sum: negative numbers in brackets (« 1,5 + (-1,8) »)."""
    return f"({fmt(x)})" if fmt(x).startswith("-") else fmt(x)


def rounded(x: float) -> float | int:
    x = math.floor(x * 100 + 0.5) / 100
    return int(x) if x == int(x) else x


# characters a message cannot quote as they are (it is one line): a tab is a space, a line break or another
# control character is « ⏎ » (the same class in scores.js)
_UNQUOTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def shown(text: str) -> str:
    """What a person typed, as a message quotes it: trimmed, on one line, cut after ``max_length`` characters.

    >>> shown("  62,5\\n3 ")
    '62,5⏎3'
    """
    text = _UNQUOTABLE.sub("⏎", text.strip(SPACES).replace("\t", " "))
    limit = RULES["input"]["max_length"]
    return text if len(text) <= limit else text[:limit] + "…"


def number(value, field: str, where: str | None = None, unit: str | None = None) -> float | None:
    """A number typed by a person (« 62,5 », « 62.5 % », « −3 IMP »); None when empty; CalcError when it is
    not a number, too long, has more than two decimals, or names another unit than ``unit``. The range is
    checked by :func:`within`."""
    if value is None or isinstance(value, str) and not value.strip(SPACES):
        return None
    inp = RULES["input"]
    if isinstance(value, (int, float)) and not isinstance(value, bool):  # a program's number: read as typed
        if isinstance(value, float) and not math.isfinite(value):
            raise CalcError("not_a_number", where, field=field, value=str(value))
        if abs(value) >= 10 ** inp["max_length"]:
            raise CalcError("too_long", where, field=field, value="…", max_length=inp["max_length"])
        value = str(value)
    text = str(value).strip(SPACES)
    if len(text) > inp["max_length"]:
        raise CalcError("too_long", where, field=field, value=shown(text), max_length=inp["max_length"])
    m = re.match(NUMBER, text, re.I)
    if not m:
        raise CalcError("not_a_number", where, field=field, value=shown(text))
    sign, whole, decimals, suffix = m.groups()
    if decimals and len(decimals) > inp["decimals"]:
        raise CalcError("decimals", where, field=field, value=shown(text), decimals=inp["decimals"])
    if suffix and unit and ("%" if suffix == "%" else "IMP") != unit:
        raise CalcError("wrong_unit", where, field=field, value=shown(text), unit=RULES["unit_names"][unit])
    x = float(whole + "." + (decimals or "0"))
    return -x if sign in ("-", "\u2212") else x


def within(x: float, unit: str, field: str, where: str | None = None, raw=None) -> float:
    """``x`` if it lies in the range of ``unit`` (RULES["ranges"]), else the CalcError of that unit."""
    r = RULES["ranges"][unit]
    if not r["min"] <= x <= r["max"]:
        value = shown(raw) if isinstance(raw, str) else fmt(x)
        raise CalcError(r["error"], where, field=field, value=value)
    return x


def _read(inputs: dict, key: str, fields: dict, unit: str) -> float | None:
    raw = inputs.get(key)
    x = number(raw, fields[key], key, unit)
    return None if x is None else within(x, unit, fields[key], key, raw)



def breaks(x: float, bound: dict) -> bool:
    """Whether ``x`` lies outside ``bound`` (« min » and/or « max », ``strict`` for « more than »/« less than »).

    >>> breaks(40, {"max": 40, "strict": False}), breaks(0, {"min": 0, "strict": True})
    (False, True)
    """
    lo, hi, strict = bound.get("min"), bound.get("max"), bound["strict"]
    return ((lo is not None and (x <= lo if strict else x < lo))
            or (hi is not None and (x >= hi if strict else x > hi)))


def _event(event: str) -> dict:
    if event not in RULES["events"]:
        raise CalcError("event", value=event, events=", ".join(RULES["events"]))
    return RULES["events"][event]


def _organiser(ev: dict, inputs: dict, fields: dict) -> dict[str, float]:
    """The organiser's values (moyenne moins, moyenne plus), each read and kept within its bound: the event's
    settings, checked whoever the contestant is."""
    out = {}
    for who, key in RULES["organiser"].items():
        x = _read(inputs, key, fields, ev["unit"])
        if x is not None:
            bound = ev["bounds"][who]
            if breaks(x, bound):
                raise CalcError(bound["error"], key, field=fields[key], value=fmt(x))
            out[who] = x
    return out


def _add(cites: list[str], more: list[str]) -> None:
    cites += [c for c in more if c not in cites]


def artificial(event: str, who: str, session=None, fields: dict | None = None, **inputs) -> dict:
    """Loi 12C2: the artificial adjusted score of a contestant (``who``: fautif, partiel, non-fautif).

    ``inputs``: the organiser's ``moyenne_moins`` / ``moyenne_plus``, the ``equivalent_imp`` of the session
    score; ``fields``: how messages name the inputs (the command's options by default)."""
    fields = fields or RULES["fields"]
    ev = _event(event)
    if who not in RULES["names"]:
        raise CalcError("responsibility", value=who)
    session = _read({"score_seance": session}, "score_seance", fields, "%")
    own = _organiser(ev, inputs, fields)
    equivalent = _read(inputs, "equivalent_imp", fields, "IMP")
    if equivalent is not None and ev["unit"] != "IMP":
        raise CalcError("equivalent_unit", "equivalent_imp", field=fields["equivalent_imp"], event=ev["name"])
    if equivalent is not None and session is None:
        raise CalcError("equivalent_alone", "score_seance", field=fields["score_seance"],
                        equivalent=fields["equivalent_imp"])
    score = own.get(who, ev["scores"][who])
    cites = list(ev["citations"])
    text = RULES["texts"].get(f"{event}_{who}", RULES["texts"][event]).format(
        name=RULES["names"][who], score=fmt(score), who=RULES["who"][who], law=RULES["law_values"][who])
    if who in own:
        _add(cites, ev["organiser_citations"])
        text += RULES["texts"][ev["organiser_text"]]
    notes: list[dict[str, str]] = []
    if session is not None:
        s = RULES["session"]
        case = ("session_high" if who == "non-fautif" and session > s["high"] else
                "session_low" if who == "fautif" and session < s["low"] else None)
        if case is None:
            text += RULES["texts"]["session_none"].format(session=fmt(session))
        else:
            standard, score, where = score, session, "score_seance"
            if ev["unit"] == "IMP":
                if equivalent is None:
                    raise CalcError("imp_equivalent", "equivalent_imp", field=fields["score_seance"],
                                    session=fmt(session), equivalent=fields["equivalent_imp"])
                bound = s["equivalent"][who]
                if breaks(equivalent, bound):
                    raise CalcError(bound["error"], "equivalent_imp", field=fields["equivalent_imp"],
                                    value=fmt(equivalent), session=fmt(session))
                score, where = equivalent, "equivalent_imp"
            text += RULES["texts"][case].format(session=fmt(session), score=fmt(score), unit=ev["unit"])
            # the exception gives less than the moyenne plus (more than the moyenne moins): said beside the field
            code = ("session_below" if who == "non-fautif" and score < standard else
                    "session_above" if who == "fautif" and score > standard else None)
            if code:
                notes.append({"where": where, "code": code, "text": RULES["notes"][code].format(
                    field=fields[where], score=fmt(score), standard=fmt(standard), unit=ev["unit"])})
        _add(cites, s["citations"])
    if ev["extra"]:
        text += RULES["texts"][ev["extra"]]
    return {"score": rounded(score), "unit": ev["unit"], "citations": cites, "explanation": text, "notes": notes}


def weighted(event: str, results: list[tuple], fields: dict | None = None) -> dict:
    """Loi 12C1(c): ``results`` = [(probability %, score), …] → the weighted score and its arithmetic.

    Each score is what that result would have been worth to the contestant, in the event's unit: a
    percentage of the board in pairs or in an individual event, an IMP result (-24 to 24) in teams — never the
    table score."""
    fields = fields or RULES["fields"]
    ev = _event(event)
    unit = ev["unit"]
    if len(results) > RULES["input"]["max_results"]:
        raise CalcError("too_many", max_results=RULES["input"]["max_results"])
    read: list[tuple[float, float]] = []
    notes: list[dict[str, str]] = []
    for n, (p_raw, s_raw) in enumerate(results, 1):
        fp, fs = fields["probability"].format(n=n), fields["score"].format(n=n)
        p = number(p_raw, fp, f"probability:{n}", "%")
        s = number(s_raw, fs, f"score:{n}", unit)
        if p is not None and not 0 < p <= 100:
            raise CalcError("probability", f"probability:{n}", field=fp,
                            value=shown(p_raw) if isinstance(p_raw, str) else fmt(p))
        if s is not None:
            within(s, unit, fs, f"score:{n}", s_raw)
            if unit == "%" and s in (0, 100):
                notes.append({"where": f"score:{n}", "code": "top" if s == 100 else "bottom",
                              "text": RULES["notes"]["top" if s == 100 else "bottom"].format(field=fs)})
        if (p is None) != (s is None):
            raise CalcError("incomplete", f"{'score' if s is None else 'probability'}:{n}", n=n)
        if p is not None and s is not None:  # both or neither (above)
            read.append((p, s))
    if len(read) < 2:
        raise CalcError("no_results")
    parts, products, total_p, total = [], [], 0.0, 0.0
    for p, s in read:
        total_p += p
        total += p * s / 100
        parts.append(f"{fmt(p)} % × {signed(s)} {unit}")
        products.append(signed(p * s / 100))
    if abs(total_p - 100) > 1e-6:
        raise CalcError("sum", total=fmt(total_p))
    arithmetic = f"{' + '.join(parts)} = {' + '.join(products)} = {fmt(total)} {unit}"
    cites = ["12C1(c)"] + [c for c in ev["citations"] if c == "12C3"]
    text = RULES["texts"]["weighted"].format(arithmetic=arithmetic)
    if ev["extra"]:
        text += RULES["texts"][ev["extra"]]
    return {"score": rounded(total), "unit": unit, "citations": cites, "notes": notes, "explanation": text,
            "arithmetic": arithmetic}


def knockout(score, opponent, fields: dict | None = None) -> dict:
    """Loi 12C4: the adjusted scores of the two contestants of a knock-out match on a board, each in IMPs from its
    own side → when they do not balance, the average of the two, given to both (``score`` for the first,
    ``opponent`` for the second, always opposite numbers)."""
    fields = fields or RULES["fields"]
    ko = RULES["knockout"]
    inputs = {"marque": score, "marque_adverse": opponent}
    a, b = (_read(inputs, key, fields, ko["unit"]) for key in ("marque", "marque_adverse"))
    if a is None or b is None:
        key = "marque" if a is None else "marque_adverse"
        raise CalcError("ko_incomplete", key, field=fields[key])
    if a == -b:
        mine, other = a, b
        text = RULES["texts"]["ko_balanced"].format(a=fmt(a), b=fmt(b))
        arithmetic = ""
    else:
        mine = rounded((a - b) / 2)
        other = -mine if mine else 0  # never « -0 »: the two always balance
        arithmetic = f"({fmt(a)} + {signed(-b)}) / 2 = {fmt(mine)} {ko['unit']}"
        text = RULES["texts"]["ko"].format(a=fmt(a), b=fmt(b), arithmetic=arithmetic, other=fmt(other))
    return {"score": rounded(mine), "opponent": rounded(other), "unit": ko["unit"], "citations": list(ko["citations"]),
            "explanation": text, "arithmetic": arithmetic, "notes": []}
