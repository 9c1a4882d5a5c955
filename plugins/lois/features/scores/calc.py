"""The two adjusted-score calculators, as data plus two small functions.

Every number, threshold, citation, French sentence and error message lives in :data:`RULES`; the site ships
that same dictionary to ``assets/lois/scores.js``, which applies it the same way. Both sides are pinned by
``tests/adjusted_score_cases.yaml`` (run by pytest and in Chromium).

* :func:`artificial` — Loi 12C2: moyenne moins / moyenne / moyenne plus by responsibility, the session-score
  exceptions of 12C2(c), the organiser's own values (12C2(a) bounds for pairs, 12C2(b) for IMPs).
* :func:`weighted` — Loi 12C1(c): the possible results with their likelihoods → the weighted score, with the
  arithmetic shown.
"""
from __future__ import annotations

import math
import re

from lois.core.errors import LoisError

NUMBER = r"^\s*([+-]?\d+(?:[.,]\d+)?)\s*%?\s*$"

RULES: dict = {
    "number": NUMBER,
    "events": {
        "paires": {"unit": "%", "scores": {"fautif": 40, "partiel": 50, "non-fautif": 60},
                   "bounds": {"fautif": [0, 40], "non-fautif": [60, 100]},
                   "citations": ["12C2(a)"], "organiser_citations": ["12C2(a)"]},
        "imp": {"unit": "IMP", "scores": {"fautif": -3, "partiel": 0, "non-fautif": 3},
                "bounds": {"fautif": [None, None], "non-fautif": [None, None]},  # 12C2(b): set by the organiser
                "citations": ["12C2(a)", "12C2(b)"], "organiser_citations": ["12C2(b)", "78D", "86B3"]},
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
        "not_a_number": "{field} : « {value} » n'est pas un nombre (exemple : 62,5).",
        "percentage": "{field} : {value} n'est pas un pourcentage (de 0 à 100).",
        "bounds_low": "{field} : la moyenne moins vaut au plus {max} {unit} (Loi 12C2(a)) ; d'autres "
                      "marques ne sont possibles que dans les circonstances prévues par l'organisme responsable "
                      "(Loi 12C2(d)).",
        "bounds_high": "{field} : la moyenne plus vaut au moins {min} {unit} (Loi 12C2(a)) ; d'autres "
                       "marques ne sont possibles que dans les circonstances prévues par l'organisme "
                       "responsable (Loi 12C2(d)).",
        "imp_equivalent": "{field} : en match par IMP, la Loi 12C2(c) attribue l'équivalent en IMPs du score de "
                          "la séance ({session} %) ; indiquez-le ({equivalent}).",
        "no_results": "indiquez au moins deux résultats possibles, chacun avec sa probabilité.",
        "probability": "résultat {n} : la probabilité {value} % doit être comprise entre 0 (exclu) et 100.",
        "sum": "les probabilités totalisent {total} % au lieu de 100 %.",
        "event": "--epreuve : « {value} » n'est pas une forme d'épreuve (paires ou imp).",
        "responsibility": "--responsabilite : « {value} » n'est pas une responsabilité (fautif, partiel ou "
                          "non-fautif).",
    },
    # the names of the inputs in messages: the command's options, the site's form labels
    "fields": {"score_seance": "--score-seance", "moyenne_moins": "--moyenne-moins",
               "moyenne_plus": "--moyenne-plus", "equivalent_imp": "--equivalent-imp"},
    "site_fields": {"score_seance": "Score de la séance", "moyenne_moins": "Moyenne moins de l'organisateur",
                    "moyenne_plus": "Moyenne plus de l'organisateur", "equivalent_imp": "Équivalent en IMPs"},
}


class CalcError(LoisError):
    """Bad input to a calculator: a French message built from ``RULES["errors"][code]``."""

    def __init__(self, code: str, **values):
        self.code = code
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


def number(value, field: str) -> float | None:
    """A number typed by a person (« 62,5 », « 62.5 % »); None when empty; CalcError when not a number."""
    if value is None or isinstance(value, str) and not value.strip():
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    m = re.match(NUMBER, str(value))
    if not m:
        raise CalcError("not_a_number", field=field, value=str(value).strip())
    return float(m.group(1).replace(",", "."))


def _standard(event: str, who: str, inputs: dict, fields: dict) -> tuple[float, list[str], str]:
    ev = RULES["events"][event]
    score = ev["scores"][who]
    cites = list(ev["citations"])
    text = RULES["texts"].get(f"{event}_{who}", RULES["texts"][event])
    key = {"fautif": "moyenne_moins", "non-fautif": "moyenne_plus"}.get(who)
    own = number(inputs.get(key), fields[key]) if key else None
    if own is not None:
        lo, hi = ev["bounds"][who]
        field = fields[key]
        if event == "paires" and not 0 <= own <= 100:
            raise CalcError("percentage", field=field, value=fmt(own))
        if hi is not None and own > hi:
            raise CalcError("bounds_low", field=field, max=fmt(hi), unit=ev["unit"])
        if lo is not None and own < lo:
            raise CalcError("bounds_high", field=field, min=fmt(lo), unit=ev["unit"])
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
    session = number(session, fields["score_seance"])
    if session is not None and not 0 <= session <= 100:
        raise CalcError("percentage", field=fields["score_seance"], value=fmt(session))
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
                score = number(inputs.get("equivalent_imp"), fields["equivalent_imp"])
                if score is None:
                    raise CalcError("imp_equivalent", field=fields["score_seance"], session=fmt(session),
                                    equivalent=fields["equivalent_imp"])
            text += RULES["texts"][case].format(session=fmt(session), score=fmt(score), unit=ev["unit"])
        cites += [c for c in s["citations"] if c not in cites]
    return {"score": rounded(score), "unit": ev["unit"], "citations": cites, "explanation": text}


def weighted(event: str, results: list[tuple]) -> dict:
    """Loi 12C1(c): ``results`` = [(probability %, score), …] → the weighted score and its arithmetic."""
    if event not in RULES["events"]:
        raise CalcError("event", value=event)
    unit = RULES["events"][event]["unit"]
    if len(results) < 2:
        raise CalcError("no_results")
    parts, products, total_p, total = [], [], 0.0, 0.0
    for n, (p_raw, s_raw) in enumerate(results, 1):
        p = number(p_raw, f"résultat {n}, probabilité")
        s = number(s_raw, f"résultat {n}, marque")
        if p is None or s is None:
            raise CalcError("no_results")
        if not 0 < p <= 100:
            raise CalcError("probability", n=n, value=fmt(p))
        if unit == "%" and not 0 <= s <= 100:
            raise CalcError("percentage", field=f"résultat {n}, marque", value=fmt(s))
        total_p += p
        total += p * s / 100
        parts.append(f"{fmt(p)} % × {signed(s)}")
        products.append(signed(p * s / 100))
    if abs(total_p - 100) > 1e-6:
        raise CalcError("sum", total=fmt(total_p))
    arithmetic = f"{' + '.join(parts)} = {' + '.join(products)} = {fmt(total)} {unit}"
    return {"score": rounded(total), "unit": unit, "citations": ["12C1(c)"],
            "explanation": RULES["texts"]["weighted"].format(arithmetic=arithmetic), "arithmetic": arithmetic}
