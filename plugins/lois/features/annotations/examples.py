"""Worked examples (``corpus/exemples/*.yaml``): validation and bidding diagrams.

An example has an auction (dealer, optional vulnerability, calls in rotation, irregular calls marked),
an optional play situation (tricks with the cards played), a question and a ruling. Validation checks
that the calls follow the rotation from the dealer (a call out of rotation must be marked irregular),
that bids are sufficient unless marked irregular, that every card appears once, and that every cited
provision resolves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.grounds import check_words
from lois.core.ids import law_of
from lois.core.yamlfile import validate
from lois.features.annotations.common import Located, load_yaml
from lois.features.annotations.schema import Auction, CallEntry, CardEntry, ExampleFile, Play

SEATS = ["Ouest", "Nord", "Est", "Sud"]  # diagram order (and clockwise rotation)
VULNERABILITY = {"personne": "Personne vulnérable", "nord-sud": "Nord-Sud vulnérables",
                 "est-ouest": "Est-Ouest vulnérables", "tous": "Tous vulnérables"}
STRAINS = ["♣", "♦", "♥", "♠", "SA"]
BID = re.compile(r"^([1-7])(♣|♦|♥|♠|SA)$")
OTHER_CALLS = {"passe": "Passe", "contre": "Contre", "surcontre": "Surcontre", "x": "Contre", "xx": "Surcontre"}
RANKS = ["A", "R", "D", "V", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
CARD = re.compile(r"^(♠|♥|♦|♣)(A|R|D|V|10|[2-9])$")
IRREGULARITIES = {
    "hors tour": "déclaration hors tour",
    "insuffisante": "enchère insuffisante",
    "inadmissible": "déclaration inadmissible",
    "renonce": "renonce",
    "carte exposée": "carte exposée",
    "attaque hors tour": "attaque hors tour",
    "autre": "irrégularité",
}


@dataclass
class Call:
    seat: str
    call: str  # normalised: "1♥", "2SA", "Passe", "Contre", "Surcontre"
    irregular: str = ""  # key of IRREGULARITIES, empty when regular
    cancelled: bool = False  # withdrawn / not accepted: does not count in the auction
    alert: str = ""  # explanation of an alerted call
    comment: str = ""


@dataclass
class Trick:
    number: int
    leader: str
    cards: list[tuple[str, str, str]]  # (seat, card, irregularity key or "")
    comment: str = ""


class Example(ExampleFile):
    """An example as loaded: its file, validated (provisions resolved to canonical ids), with its auction and play
    checked against the rules of bridge (calls with their seats, tricks with the cards' seats), its optional
    fields spelt out, and the lines the replay of its checklist reports."""

    question: str  # stripped
    ruling: str
    dealer: str = ""
    vulnerability: str = ""
    calls: list[Call] = []
    tricks: list[Trick] = []
    contract: str = ""
    declarer: str = ""
    file: str = ""
    checklist: str = ""
    answers: dict[str, str] = {}
    expected_outcome: str = ""
    line: int = 1
    checklist_line: int = 1  # lines of « checklist », « expected_outcome » and « answers » (for the replay)
    outcome_line: int = 1
    answers_line: int = 1

    @property
    def page(self) -> str:
        return "exemples/index.md"

    @property
    def anchor(self) -> str:
        return "ex-" + self.id

    @property
    def law(self) -> int:
        """The law its texts are read from (its first provision's): a relative citation is situated there."""
        return law_of(self.provisions[0])

    def comments(self) -> list[str]:
        """The comments and alerts of its diagrams (each linked as one text)."""
        return [t for c in self.calls for t in (c.comment, c.alert) if t] + [t.comment for t in self.tricks
                                                                              if t.comment]


def _seat(value, loc: Located, *keys) -> str:
    s = str(value or "").strip().capitalize()
    if s not in SEATS:
        raise loc.error(f"siège « {value} » inconnu : utilisez Ouest, Nord, Est ou Sud", *keys)
    return s


def normalise_call(raw: str) -> str | None:
    s = str(raw).strip().replace(" ", "").replace("NT", "SA").replace("sa", "SA")
    if s.lower() in OTHER_CALLS:
        return OTHER_CALLS[s.lower()]
    return s if BID.match(s) else None


def bid_rank(call: str) -> int | None:
    m = BID.match(call)
    if not m:
        return None
    return (int(m.group(1)) - 1) * 5 + STRAINS.index(m.group(2))


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def validate_example(model: Model, loc: Located) -> Example:
    if loc.data is None:
        raise loc.error("exemple vide : attendu id, title, provisions, auction ou play, question, ruling")
    # types and provisions; the rest needs the rules of bridge
    ex = validate(loc, ExampleFile, what="exemple", context={"model": model})
    calls, dealer, vul, contract, declarer = [], "", "", "", ""
    if ex.auction is not None:
        calls, dealer, vul, contract, declarer = _validate_auction(ex.auction, loc)
    tricks = _validate_play(ex.play, loc) if ex.play is not None else []
    if not calls and not tricks:
        raise loc.error("un exemple doit avoir des enchères (« auction ») ou une situation de jeu (« play »)")
    check_words(model, loc, "décision",
                [(ex.question, loc.text_lines("question")), (ex.ruling, loc.text_lines("ruling"))], ex.words)
    return ex.extended(Example, question=ex.question.strip(), ruling=ex.ruling.strip(), dealer=dealer,
                       vulnerability=vul, calls=calls, tricks=tricks, contract=contract, declarer=declarer,
                       file=loc.path, checklist=ex.checklist or "",
                       answers=ex.answers or {},
                       expected_outcome=ex.expected_outcome or "", line=loc.line("id"),
                       checklist_line=loc.line("checklist"), outcome_line=loc.line("expected_outcome"),
                       answers_line=loc.line("answers"))


def _irregular(value, loc: Located, *keys) -> str:
    if value in (None, False, ""):
        return ""
    if value is True:
        return "autre"
    v = str(value).strip().lower()
    if v not in IRREGULARITIES:
        raise loc.error(f"irrégularité « {value} » inconnue (valeurs permises : {', '.join(IRREGULARITIES)})", *keys)
    return v


def _validate_auction(a: Auction, loc: Located):
    """The auction's calls in rotation from the dealer (`loc`: the file, for the lines)."""
    dealer = _seat(a.dealer, loc, "auction", "dealer")
    vul = ""
    if a.vulnerability is not None:
        vul = a.vulnerability.strip().lower()
        if vul not in VULNERABILITY:
            raise loc.error(f"vulnérabilité « {a.vulnerability} » inconnue (personne, Nord-Sud, Est-Ouest, tous)",
                            "auction", "vulnerability")
    calls: list[Call] = []
    expected = dealer
    last_bid, last_bidder = None, None
    for i, item in enumerate(a.calls):
        keys = ("auction", "calls", i)
        raw = item if isinstance(item, CallEntry) else CallEntry(call=item)
        call = normalise_call(str(raw.call))
        if call is None:
            raise loc.error(f"déclaration « {raw.call} » invalide : niveau 1 à 7 suivi de ♣ ♦ ♥ ♠ ou SA, "
                            "ou Passe, Contre, Surcontre", *keys)
        seat = _seat(raw.seat, loc, *keys) if raw.seat else expected
        irr = _irregular(raw.irregular, loc, *keys)
        cancelled = raw.cancelled
        if seat != expected and irr != "hors tour":
            raise loc.error(f"{seat} déclare « {call} » alors que c'est à {expected} : marquez cette déclaration "
                            "« irregular: hors tour »", *keys)
        if seat == expected and irr == "hors tour":
            raise loc.error(f"« {call} » est marquée hors tour mais c'est bien à {seat} de déclarer", *keys)
        rank = bid_rank(call)
        if rank is not None and last_bid is not None and rank <= last_bid and not irr:
            raise loc.error(f"l'enchère « {call} » est insuffisante après « {_bid_label(last_bid)} » : marquez-la "
                            "« irregular: insuffisante »", *keys)
        if rank is not None and (last_bid is None or rank > last_bid) and irr == "insuffisante":
            raise loc.error(f"« {call} » est marquée insuffisante mais elle est suffisante", *keys)
        if call in ("Contre", "Surcontre") and not irr:
            if last_bidder is None:
                raise loc.error(f"« {call} » sans enchère à contrer : marquez-la « irregular: inadmissible »", *keys)
        calls.append(Call(seat, call, irr, cancelled, raw.alert or "", raw.comment or ""))
        if not cancelled:
            if rank is not None:
                last_bid, last_bidder = rank, seat
            expected = next_seat(seat)
    contract = str(a.contract or "")
    declarer = _seat(a.declarer, loc, "auction", "declarer") if a.declarer else ""
    return calls, dealer, vul, contract, declarer


def _bid_label(rank: int) -> str:
    return f"{rank // 5 + 1}{STRAINS[rank % 5]}"


def _validate_play(p: Play, loc: Located) -> list[Trick]:
    """The tricks, each card once, with the seat that played it (`loc`: the file, for the lines)."""
    seen: dict[str, tuple] = {}
    tricks = []
    numbers = set()
    for t_i, t in enumerate(p.tricks):
        keys = ("play", "tricks", t_i)
        n = t.number
        if n in numbers:
            raise loc.error(f"la levée {n} est décrite deux fois", *keys)
        numbers.add(n)
        leader = _seat(t.leader, loc, *keys, "leader")
        seat = leader
        out = []
        for c_i, item in enumerate(t.cards):
            ck = keys + ("cards", c_i)
            c = item if isinstance(item, CardEntry) else CardEntry(card=item)
            card = str(c.card).strip().replace("T", "10")
            if not CARD.match(card):
                raise loc.error(f"carte « {c.card} » invalide : couleur (♠ ♥ ♦ ♣) puis rang "
                                "(A R D V 10 9 … 2), par ex. « ♥D »", *ck)
            if card in seen:
                raise loc.error(f"la carte {card} apparaît deux fois (déjà à la levée {seen[card][0]})", *ck)
            seen[card] = (n,)
            out.append((seat, card, _irregular(c.irregular, loc, *ck)))
            seat = next_seat(seat)
        tricks.append(Trick(n, leader, out, t.comment or ""))
    return tricks


def load_examples(model: Model, folder: Path) -> dict[str, Example]:
    examples: dict[str, Example] = {}
    if not folder.is_dir():
        return examples
    for f in sorted(folder.glob("*.yaml")):
        ex = validate_example(model, load_yaml(f))
        if ex.id in examples:
            raise LoisError(f"exemple « {ex.id} » défini deux fois (aussi dans {examples[ex.id].file})", str(f),
                            ex.line)
        examples[ex.id] = ex
    return examples
