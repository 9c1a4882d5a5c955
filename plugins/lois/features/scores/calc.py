"""The two adjusted-score calculators, as data plus two small functions.

Every number, threshold, citation, French sentence and error message lives in :data:`RULES`; the site ships
that same dictionary to ``assets/lois/scores.js``, which applies it the same way. Both sides are pinned by
``tests/adjusted_score_cases.yaml`` (run by pytest and in Chromium).

* :func:`artificial` — Loi 12C2: moyenne moins / moyenne / moyenne plus by responsibility, the session-score
  exceptions of 12C2(c), the organiser's own values (12C2(a) bounds for pairs, 12C2(b) for IMPs).
* :func:`weighted` — Loi 12C1(c): the possible results with their likelihoods → the weighted score, with the
  arithmetic shown.

Every number a person types is read by :func:`number` and checked against a range declared once in
``RULES["ranges"]`` (a percentage 0–100, an IMP result -24–24 as the IMP scale of Loi 78B tops at 24, a
probability above 0 and at most 100), with at most ``RULES["input"]["decimals"]`` decimals and
``RULES["input"]["max_length"]`` characters: a decimal comma or point (« 62,5 » or « 62.5 »), no thousands
separator, no exponent, no « nan » or « inf ». A value outside its range is an error (:class:`CalcError`,
with ``where``: the input it is about), never a score; a pairs score of exactly 100 % or 0 % is kept but
said (``notes``), as 100 or 0 may be a table score typed where a percentage is asked.
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

RULES: dict = {
    "number": NUMBER,
    "spaces": SPACES,
    "input": {"max_length": 24, "decimals": 2, "max_results": 20},
    # what each unit allows: a percentage of the board (12C2(a), 12C2(c)), an IMP result (the IMP scale of
    # Loi 78B goes up to 24 IMPs either way)
    "ranges": {"%": {"min": 0, "max": 100, "error": "percentage"},
               "IMP": {"min": -24, "max": 24, "error": "imp_range"}},
    "unit_names": {"%": "pourcentages (%)", "IMP": "IMPs"},
    "events": {
        "paires": {"unit": "%", "scores": {"fautif": 40, "partiel": 50, "non-fautif": 60},
                   "bounds": {"fautif": [0, 40], "non-fautif": [60, 100]},
                   "citations": ["12C2(a)"], "organiser_citations": ["12C2(a)"],
                   "column": "Marque (% de la donne)"},
        "imp": {"unit": "IMP", "scores": {"fautif": -3, "partiel": 0, "non-fautif": 3},
                "bounds": {"fautif": [None, None], "non-fautif": [None, None]},  # 12C2(b): set by the organiser
                "citations": ["12C2(a)", "12C2(b)"], "organiser_citations": ["12C2(b)", "78D", "86B3"],
                "column": "Marque (IMP)"},
    },
    "session": {"high": 60, "low": 40, "citations": ["12C2(c)"]},
    "names": {"fautif": "moyenne moins", "partiel": "moyenne", "non-fautif": "moyenne plus"},
    "who": {"fautif": "entièrement fautif", "partiel": "seulement partiellement fautif",
            "non-fautif": "totalement non fautif"},
    "texts": {
        "paires": "Marque ajustée artificielle : {name}, {score} %, à un concurrent {who} (Loi 12C2(a)).",
        "imp": "Marque ajustée artificielle : {name}, {score} IMP, à un concurrent {who} en match par IMP "
               "(Loi 12C2(b) : plus ou moins 3 IMPs pour la moyenne plus et la moyenne moins).",
        "imp_partiel": "Marque ajustée artificielle : moyenne, à un concurrent {who} (Loi 12C2(a)) ; en match par "
                       "IMP, la Loi 12C2(b) ne donne ou ne retire des IMPs que pour la moyenne plus (+3) et la "
                       "moyenne moins (-3) : la moyenne vaut {score} IMP.",
        "organiser_paires": " Valeur fixée par l'organisateur, dans les limites de la Loi 12C2(a) (moyenne moins "
                            "au plus 40 %, moyenne plus au moins 60 %).",
        "organiser_imp": " Valeur fixée par l'organisateur de l'épreuve avec l'accord de l'organisme responsable, "
                         "comme le permet la Loi 12C2(b) (Lois 78D et 86B3).",
        "session_high": " Score de la séance : {session} %. La Loi 12C2(c) écarte la moyenne plus pour un "
                        "concurrent non fautif qui obtient plus de 60 % sur la séance : il reçoit le pourcentage "
                        "obtenu sur les autres donnes de la séance (ou l'équivalent en IMPs), soit {score} {unit}.",
        "session_low": " Score de la séance : {session} %. La Loi 12C2(c) écarte la moyenne moins pour un "
                       "concurrent fautif qui obtient moins de 40 % sur la séance : il reçoit le pourcentage "
                       "obtenu sur les autres donnes de la séance (ou l'équivalent en IMPs), soit {score} {unit}.",
        "session_none": " Score de la séance : {session} % ; l'exception de la Loi 12C2(c) ne s'applique pas.",
        "weighted": "Marque ajustée pondérée selon la probabilité de chaque résultat possible (Loi 12C1(c)) : "
                    "{arithmetic}. Seuls comptent les résultats qui auraient pu être obtenus légalement.",
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
        "bounds_low": "{field} : la moyenne moins vaut au plus {max} {unit} (Loi 12C2(a)) ; d'autres "
                      "marques ne sont possibles que dans les circonstances prévues par l'organisme responsable "
                      "(Loi 12C2(d)).",
        "bounds_high": "{field} : la moyenne plus vaut au moins {min} {unit} (Loi 12C2(a)) ; d'autres "
                       "marques ne sont possibles que dans les circonstances prévues par l'organisme "
                       "responsable (Loi 12C2(d)).",
        "imp_equivalent": "{field} : en match par IMP, la Loi 12C2(c) attribue l'équivalent en IMPs du score de "
                          "la séance ({session} %) ; indiquez-le ({equivalent}).",
        "no_results": "indiquez au moins deux résultats possibles, chacun avec sa probabilité et sa marque.",
        "incomplete": "résultat {n} : indiquez sa probabilité et sa marque.",
        "too_many": "au plus {max_results} résultats possibles.",
        "probability": "{field} : la probabilité {value} % doit être comprise entre 0 (exclu) et 100.",
        "sum": "les probabilités totalisent {total} % au lieu de 100 % (elles s'écrivent en %, par exemple "
               "60 et 40).",
        "event": "--epreuve : « {value} » n'est pas une forme d'épreuve (paires ou imp).",
        "responsibility": "--responsabilite : « {value} » n'est pas une responsabilité (fautif, partiel ou "
                          "non-fautif).",
    },
    # a value that is right but may be a table score typed where a percentage is asked: kept, and said
    "notes": {
        "top": "{field} : 100 % est un top (tous les points de match de la donne). Si 100 est la marque de la "
               "table (100 points), indiquez plutôt le pourcentage que ce résultat aurait valu.",
        "bottom": "{field} : 0 % est un zéro (aucun point de match). Si 0 est la marque de la table (donne "
                  "passée), indiquez plutôt le pourcentage que ce résultat aurait valu.",
    },
    # the names of the inputs in messages: the command's options, the site's form labels
    "fields": {"score_seance": "--score-seance", "moyenne_moins": "--moyenne-moins",
               "moyenne_plus": "--moyenne-plus", "equivalent_imp": "--equivalent-imp",
               "probability": "résultat {n}, probabilité", "score": "résultat {n}, marque"},
    "site_fields": {"score_seance": "Score de la séance", "moyenne_moins": "Moyenne moins de l'organisateur",
                    "moyenne_plus": "Moyenne plus de l'organisateur", "equivalent_imp": "Équivalent en IMPs",
                    "probability": "Résultat {n}, probabilité", "score": "Résultat {n}, marque"},
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


def _standard(event: str, who: str, inputs: dict, fields: dict) -> tuple[float, list[str], str]:
    ev = RULES["events"][event]
    score = ev["scores"][who]
    cites = list(ev["citations"])
    text = RULES["texts"].get(f"{event}_{who}", RULES["texts"][event])
    key = {"fautif": "moyenne_moins", "non-fautif": "moyenne_plus"}.get(who)
    own = _read(inputs, key, fields, ev["unit"]) if key else None
    if own is not None:
        lo, hi = ev["bounds"][who]
        field = fields[key]
        if hi is not None and own > hi:
            raise CalcError("bounds_low", key, field=field, max=fmt(hi), unit=ev["unit"])
        if lo is not None and own < lo:
            raise CalcError("bounds_high", key, field=field, min=fmt(lo), unit=ev["unit"])
        score = own
        cites += [c for c in ev["organiser_citations"] if c not in cites]
        text += RULES["texts"]["organiser_" + event]
    return score, cites, text.format(name=RULES["names"][who], score=fmt(score), who=RULES["who"][who])


def artificial(event: str, who: str, session=None, fields: dict | None = None, **inputs) -> dict:
    """Loi 12C2: the artificial adjusted score of a contestant (``who``: fautif, partiel, non-fautif).

    ``inputs``: the organiser's ``moyenne_moins`` / ``moyenne_plus``, the ``equivalent_imp`` of the session
    score; ``fields``: how messages name the inputs (the command's options by default)."""
    fields = fields or RULES["fields"]
    if event not in RULES["events"]:
        raise CalcError("event", value=event)
    if who not in RULES["names"]:
        raise CalcError("responsibility", value=who)
    ev = RULES["events"][event]
    session = _read({"score_seance": session}, "score_seance", fields, "%")
    score, cites, text = _standard(event, who, inputs, fields)
    if session is not None:
        s = RULES["session"]
        case = ("session_high" if who == "non-fautif" and session > s["high"] else
                "session_low" if who == "fautif" and session < s["low"] else None)
        if case is None:
            text += RULES["texts"]["session_none"].format(session=fmt(session))
        else:
            score = session
            if event == "imp":
                equivalent = _read(inputs, "equivalent_imp", fields, "IMP")
                if equivalent is None:
                    raise CalcError("imp_equivalent", "equivalent_imp", field=fields["score_seance"],
                                    session=fmt(session), equivalent=fields["equivalent_imp"])
                score = equivalent
            text += RULES["texts"][case].format(session=fmt(session), score=fmt(score), unit=ev["unit"])
        cites += [c for c in s["citations"] if c not in cites]
    return {"score": rounded(score), "unit": ev["unit"], "citations": cites, "explanation": text, "notes": []}


def weighted(event: str, results: list[tuple], fields: dict | None = None) -> dict:
    """Loi 12C1(c): ``results`` = [(probability %, score), …] → the weighted score and its arithmetic.

    Each score is what that result would have been worth to the contestant, in the event's unit: a
    percentage of the board in pairs, an IMP result (-24 to 24) in teams — never the table score."""
    fields = fields or RULES["fields"]
    if event not in RULES["events"]:
        raise CalcError("event", value=event)
    unit = RULES["events"][event]["unit"]
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
    return {"score": rounded(total), "unit": unit, "citations": ["12C1(c)"], "notes": notes,
            "explanation": RULES["texts"]["weighted"].format(arithmetic=arithmetic), "arithmetic": arithmetic}
