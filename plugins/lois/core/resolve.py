"""Resolve citations found by :mod:`lois.core.cite` into canonical provision ids.

Absolute references (« Loi 20F5 ») name their law. Relative references
(« voir C2 ci-dessous », « (d) ci-dessous », « comme en 2(c) ») are read from
the citing provision: the first part of the reference says at which level it
starts, and the citing provision's path supplies the levels above it::

    in 12C1(d), « C2 »      → 12 + C2            = 12C2
    in 12C2(b), « (d) »     → 12C2 + (d)         = 12C2(d)
    in 16D3,    « 2(c) »    → 16D + 2(c)         = 16D2(c)
    in 30B1(b), « (i) »     → 30B1(b) + (i)      = 30B1(b)(i)   (roman, when it exists)

A law outside 1–93 cannot exist and is reported; a law or provision not in the
corpus becomes a stub target (never a dead link).
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from lois.core.displayed import displayed
from lois.core.ids import ROMAN_NUMERALS, ProvisionId, law_missing, leads_to, not_found, not_in_law
from lois.core.cite import (DASH, DECIMAL, LINE_HEAD, MAX_LAW, OTHER_TEXT_LAW, STATUTE_YEAR, STREET, SUITS, Citation,
                             Ref, find_citations, format_id, provision_id, refused_ranges, unread)

ROMANS = frozenset(ROMAN_NUMERALS)
UNKNOWN_TAIL = re.compile(r"[A-Za-z0-9]")  # glued after « Loi 57 »: « Loi 57Z »
# glued after any absolute citation, a bracket the grammar does not read: « Loi 30B1(b)(xl) », « Loi 16(a) »
UNKNOWN_BRACKET = re.compile(r"\([a-z0-9]{1,6}\)")


@dataclass
class Problem:
    message: str
    start: int
    end: int


def _level_of(part: str, ctx_path: tuple[str, ...], exists) -> int:
    """Index in the path at which a relative reference's first part sits."""
    if re.fullmatch(r"[A-Z]", part):
        return 0
    if part.isdigit():
        return 1
    if part in ROMANS and len(ctx_path) >= 3:
        if exists(ctx_path[:3] + (part,)) or not exists(ctx_path[:2] + (part,)):
            return 3
    return 2


def resolve_ref(model, ref: Ref, law: int | None,
                ctx_path: tuple[str, ...]) -> tuple[ProvisionId | None, str | None]:
    """Return (target, problem message) for one reference cited from (law, ctx_path)."""
    if ref.law is not None:
        if not 1 <= ref.law <= 93:
            return None, law_missing(ref.law)
        return ref.pid, None
    if law is None:
        return None, f"renvoi relatif « {ref.canonical()} » sans provision de contexte"

    def exists(path):
        return model is not None and ProvisionId(law, path) in model.provisions

    level = _level_of(ref.path[0], ctx_path, exists)
    if level > len(ctx_path):
        return None, f"renvoi relatif « {ref.canonical()} » impossible à situer depuis {format_id(law, ctx_path)}"
    return ProvisionId(law, ctx_path[:level] + tuple(ref.path)), None


def resolve_citation(model, c: Citation, text: str, law: int | None, ctx_path: tuple[str, ...]):
    targets: list[ProvisionId] = []
    problems: list[Problem] = []
    for ref in c.refs:
        target, problem = resolve_ref(model, ref, law, ctx_path)
        if problem:
            problems.append(Problem(problem, c.start, c.end))
        elif target is not None and target not in targets:
            targets.append(target)
    tail = text[c.end:c.end + 1]
    if (tail and UNKNOWN_TAIL.match(tail) and c.text[:1].lower() == "l"
            or UNKNOWN_BRACKET.match(text, c.end) and any(r.law is not None for r in c.refs)):
        problems.append(Problem(f"forme de citation inconnue : « {c.text}{text[c.end:c.end + 8].split()[0]} »",
                                c.start, c.end))
    return targets, problems


LOOKS_LIKE = re.compile(r"\b[Ll][Oo][Ii][Ss]?[\s\u00a0]+(\d+)[\w()]*")
# « loi 78-17 », « loi 84—610 »: the number of a French statute (year-number), not a range of the Code's laws; its
# dashes are those the grammar reads in a range (cite.DASH)
STATUTE_NUMBER = re.compile(rf"[Ll][Oo][Ii][\s\u00a0]+\d+{DASH}\d+$")


def _statute_number(r) -> bool:
    """A refused range that is the number of a French statute (« loi 78-17 », « loi 84-610 »: one « loi », a dash,
    the second number lower or of three digits or more), not a range of the Code's laws."""
    return r.laws and bool(STATUTE_NUMBER.match(r.text)) and (int(r.low) > int(r.high) or len(r.high) >= 3)


def bad_ranges(text: str) -> list[Problem]:
    """The ranges the grammar refuses (:func:`lois.core.cite.refused_ranges`), each with why and what to write:
    reversed or empty (« Lois 64 à 61 », « Lois 61-61 », « Loi 12C1(c) à (a) ») or beyond the Code (« Lois 90 à
    150 », « Lois 1 à 9999 »). Such a range is not a citation, not even of its first law: nothing is linked. A
    statute's number (« loi 78-17 ») is no range: nothing is said."""
    problems = []
    for r in refused_ranges(text):
        if _statute_number(r):
            continue
        if r.laws:
            low, high = int(r.low), int(r.high)
            if 1 <= low <= MAX_LAW and 1 <= high <= MAX_LAW:
                fix = f"Loi {low}" if low == high else f"Lois {high} à {low}"
                what = "vide" if low == high else "inversé"
                message = f"intervalle de lois {what} : « {r.text} » (écrivez « {fix} »)"
            else:
                bad = high if high > MAX_LAW else low
                clipped = f" ; écrivez « Lois {max(low, 1)} à {MAX_LAW} »" if 1 <= low < MAX_LAW < high else ""
                message = f"intervalle de lois « {r.text} » : {law_missing(bad)}, l'intervalle n'est pas lu{clipped}"
        elif r.low == r.high:
            message = f"intervalle de sous-points vide : « {r.text} » (écrivez « ({r.low}) »)"
        else:
            message = (f"intervalle de sous-points inversé ou incohérent : « {r.text} » "
                       f"(écrivez « ({r.high}) à ({r.low}) »)")
        problems.append(Problem(message, r.start, r.end))
    return problems


def unknown_forms(text: str, citations: list[Citation]) -> list[Problem]:
    """« Loi » + a number that no citation covers (« Loi 57Z », « Loi 12c », « Loi 12Z3 »): a form the grammar does
    not know; « Loi 100 »: a law the Code does not have; refused ranges (:func:`bad_ranges`). Nothing is said of the
    number of another law, four digits or more (« association loi 1901 », « loi 2004-575 »), of a statute's number
    (« loi 78-17 »), of the law of another text (« la Loi 2 du club », « la loi 16 du 29 juillet 1881 », « le Code
    2007, Loi 25B », :func:`lois.core.cite.unread`,
    :data:`lois.core.cite.OTHER_TEXT_LAW`), of a street (« rue de la Loi 155 », :data:`lois.core.cite.STREET`),
    of a table's row after a law word ending its line (« nos Lois\n12
    tables », :data:`lois.core.cite.LINE_HEAD`), or a bid (« Lois\n3♣ »): not citations, which the club linkifier too
    leaves as they are."""
    problems = bad_ranges(text)
    shown = displayed(text)  # the law of another text is read in the text as displayed, as the grammar reads it

    def read_at(pattern, pos: int) -> bool:
        if shown is None:
            return bool(pattern.match(text, pos))
        k = bisect_left(shown[1], pos)
        return k < len(shown[1]) and shown[1][k] == pos and bool(pattern.match(shown[0], k))

    covered = sorted([(c.start, c.end) for c in citations] + [(p.start, p.end) for p in problems]
                     + [(r.start, r.end) for r in refused_ranges(text) if _statute_number(r)] + unread(text))
    starts = [start for start, _ in covered]
    reach: list[int] = []  # the furthest end of the spans so far
    for _, end in covered:
        reach.append(max(reach[-1], end) if reach else end)

    def inside(pos: int) -> bool:  # in a citation, a problem or a statute's number (a log-time look-up)
        k = bisect_right(starts, pos) - 1
        return k >= 0 and reach[k] > pos

    for m in LOOKS_LIKE.finditer(text):  # not overlapping: a match is never inside an earlier one
        number = m.group(1)
        if (len(number) >= 4 or inside(m.start()) or read_at(OTHER_TEXT_LAW, m.start(1))
                or ("\n" in text[m.start():m.start(1)] and read_at(LINE_HEAD, m.start(1)))  # « Lois\n12 tables »
                or read_at(STREET, m.start() + 3)  # « rue de la Loi 155 »
                or re.match(DECIMAL, text[m.end(1):m.end(1) + 2])  # « Loi 55,56 % »: a name, then a score
                or re.match(STATUTE_YEAR, text[m.end(1):m.end(1) + 6])  # « la loi 12/2014 »: a statute's number
                or text[m.end(1):m.end(1) + 1] in SUITS):
            continue
        unknown = f"forme de citation inconnue : « {m.group(0)} »"
        problems.append(Problem(law_missing(int(number)) if int(number) > MAX_LAW else unknown, m.start(), m.end()))
    return problems


def absent_notices(model, targets: list[ProvisionId]) -> list[str]:
    """For each target absent from the text of a law the corpus has (« 30B1(b)(xi) », « 50D2(a)(iii) ») and that the
    site does not summarise either (edition.yaml, 27C): the notice that it is not there and where its link leads
    (Model.link_target), as ``lois verifie`` says it of the corpus's own citations."""
    out = []
    for t in targets:
        if (model is None or t.law not in model.laws or t in model.provisions
                or model.edition.summary(t, model.provisions) is not None):
            continue
        out.append(not_found(str(t), not_in_law(t.law)) + leads_to(model.link_target(t)))
    return out


def resolve_text(model, text: str, context: str | None):
    """Find and resolve the citations of `text` as if it stood in provision `context`."""
    law: int | None = None
    path: tuple[str, ...] = ()
    problems: list[str] = []
    if context:
        pid = provision_id(context)
        if pid is None:
            from lois.core.errors import LoisError

            raise LoisError(f"contexte invalide : « {context} » n'est pas un identifiant de provision (ex. 12C2(b))")
        if pid.law in model.laws and pid not in model.provisions \
                and model.edition.summary(pid, model.provisions) is None:
            from lois.core.cite import unknown_provision
            from lois.core.errors import LoisError

            # a provision of a law whose text the corpus has, that it does not hold (« 50D9 »): the relative
            # citations would be read in a place that does not exist
            raise LoisError(f"contexte invalide : {unknown_provision(context, model.laws)}")
        law, path = pid.law, pid.path
    out = []
    found = find_citations(text)
    for c in found:
        targets, probs = resolve_citation(model, c, text, law, path)
        out.append((c, targets))
        problems += [p.message for p in probs]
    problems += [p.message for p in unknown_forms(text, found)]
    return out, problems
