"""The rules of bridge a worked example's auction and play are checked against (``corpus/exemples/*.yaml``): calls
in rotation from the dealer (a call out of rotation must be marked irregular), bids sufficient unless marked
irregular, every card played once. The schema (``schema.py``) applies them while validating the file, so the
validated example holds its auction and its play once, checked: each call with its seat, each card with the
seat that played it. An error is reported as written at the line of the value (:func:`corpus_error`)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from lois.core.yamlfile import corpus_error

SEATS = ["Ouest", "Nord", "Est", "Sud"]  # diagram order (and clockwise rotation)
VULNERABILITY = {"personne": "Personne vulnérable", "nord-sud": "Nord-Sud vulnérables",
                 "est-ouest": "Est-Ouest vulnérables", "tous": "Tous vulnérables"}
STRAINS = ["♣", "♦", "♥", "♠", "SA"]
BID = re.compile(r"^([1-7])(♣|♦|♥|♠|SA)$")
OTHER_CALLS = {"passe": "Passe", "contre": "Contre", "surcontre": "Surcontre", "x": "Contre", "xx": "Surcontre"}
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


@dataclass(frozen=True)
class Call:
    seat: str
    call: str  # normalised: "1♥", "2SA", "Passe", "Contre", "Surcontre"
    irregular: str = ""  # key of IRREGULARITIES, empty when regular
    cancelled: bool = False  # withdrawn / not accepted: does not count in the auction
    alert: str = ""  # explanation of an alerted call
    comment: str = ""


@dataclass(frozen=True)
class Bidding:
    """An auction as checked: the dealer, the vulnerability (key of VULNERABILITY, or empty), the calls with their
    seats, the final contract and its declarer (both optional)."""

    dealer: str
    vulnerability: str
    calls: tuple[Call, ...]
    contract: str = ""
    declarer: str = ""


@dataclass(frozen=True)
class Trick:
    number: int
    leader: str
    cards: tuple[tuple[str, str, str], ...]  # (seat, card, irregularity key or "")
    comment: str = ""


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


def _bid_label(rank: int) -> str:
    return f"{rank // 5 + 1}{STRAINS[rank % 5]}"


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def seat(value, *keys) -> str:
    s = str(value or "").strip().capitalize()
    if s not in SEATS:
        raise corpus_error(f"siège « {value} » inconnu : utilisez Ouest, Nord, Est ou Sud", *keys)
    return s


def irregularity(value, *keys) -> str:
    if value in (None, False, ""):
        return ""
    if value is True:
        return "autre"
    v = str(value).strip().lower()
    if v not in IRREGULARITIES:
        raise corpus_error(f"irrégularité « {value} » inconnue (valeurs permises : {', '.join(IRREGULARITIES)})",
                           *keys)
    return v


def bidding(a) -> Bidding:
    """The auction `a` (``schema.Auction``, as written) checked: its calls in rotation from the dealer."""
    from lois.features.annotations.schema import CallEntry

    dealer = seat(a.dealer, "dealer")
    vul = ""
    if a.vulnerability is not None:
        vul = a.vulnerability.strip().lower()
        if vul not in VULNERABILITY:
            raise corpus_error(f"vulnérabilité « {a.vulnerability} » inconnue (personne, Nord-Sud, Est-Ouest, tous)",
                               "vulnerability")
    calls: list[Call] = []
    expected = dealer
    last_bid, last_bidder = None, None
    doubled = None  # (« Contre » or « Surcontre », who) made since the last bid
    passes = 0  # regular passes in a row: three after a bid, or four, end the auction (Loi 17D, 22)
    for i, item in enumerate(a.calls):
        keys = ("calls", i)
        raw = item if isinstance(item, CallEntry) else CallEntry(call=item)
        call = normalise_call(str(raw.call))
        if call is None:
            raise corpus_error(f"déclaration « {raw.call} » invalide : niveau 1 à 7 suivi de ♣ ♦ ♥ ♠ ou SA, "
                               "ou Passe, Contre, Surcontre", *keys)
        who = seat(raw.seat, *keys) if raw.seat else expected
        irr = irregularity(raw.irregular, *keys)
        if passes >= (3 if last_bidder is not None else 4) and not irr and not raw.cancelled:
            ended = "trois passes après la dernière enchère" if last_bidder is not None else "quatre passes"
            raise corpus_error(f"« {call} » après la fin des enchères ({ended}) : marquez-la « irregular: autre » "
                               "(déclaration après la passe finale), ou retirez-la", *keys)
        if who != expected and irr != "hors tour":
            raise corpus_error(f"{who} déclare « {call} » alors que c'est à {expected} : marquez cette déclaration "
                               "« irregular: hors tour »", *keys)
        if who == expected and irr == "hors tour":
            raise corpus_error(f"« {call} » est marquée hors tour mais c'est bien à {who} de déclarer", *keys)
        rank = bid_rank(call)
        if rank is not None and last_bid is not None and rank <= last_bid and not irr:
            raise corpus_error(f"l'enchère « {call} » est insuffisante après « {_bid_label(last_bid)} » : "
                               "marquez-la « irregular: insuffisante »", *keys)
        if rank is not None and (last_bid is None or rank > last_bid) and irr == "insuffisante":
            raise corpus_error(f"« {call} » est marquée insuffisante mais elle est suffisante", *keys)
        if call in ("Contre", "Surcontre") and not irr:
            problem = _inadmissible(call, who, last_bidder, doubled)
            if problem:
                raise corpus_error(f"« {call} » {problem} : marquez-la « irregular: inadmissible »", *keys)
        calls.append(Call(who, call, irr, raw.cancelled, raw.alert or "", raw.comment or ""))
        if not raw.cancelled:
            if rank is not None:
                last_bid, last_bidder, doubled = rank, who, None
            elif call in ("Contre", "Surcontre") and not irr:
                doubled = (call, who)
            expected = next_seat(who)
            if not irr:  # (an irregular call, out of turn or not accepted, leaves the count as it is)
                passes = passes + 1 if call == "Passe" else 0
    declarer = seat(a.declarer, "declarer") if a.declarer else ""
    if a.contract is not None:
        _check_contract(str(a.contract), declarer, calls)
    return Bidding(dealer, vul, tuple(calls), str(a.contract or ""), declarer)


def _inadmissible(call: str, who: str, last_bidder: str | None, doubled: tuple[str, str] | None) -> str:
    """Why a double or redouble is not admissible (Loi 19A1, 19B1: a double only of the last bid, made by an
    opponent, not yet doubled; a redouble only of an opponent's double of the last bid, not yet redoubled); empty if
    it is."""
    if last_bidder is None:
        return "sans enchère à contrer"
    partners = {last_bidder, next_seat(next_seat(last_bidder))}
    if call == "Contre":
        if who in partners:
            return f"contre l'enchère de son propre camp ({last_bidder})"
        if doubled is not None:
            return "alors que la dernière enchère est déjà contrée"
        return ""
    if doubled is None or doubled[0] != "Contre":
        return "sans contre à surcontrer" if doubled is None else "alors que la dernière enchère est déjà surcontrée"
    if who not in partners:
        return f"surcontre le contre de son propre camp ({doubled[1]})"
    return ""


def _strain(bid: str) -> str:
    m = BID.match(bid)
    return m.group(2) if m else ""


def _check_contract(contract: str, declarer: str, calls: list[Call]) -> None:
    """The contract an example names is a bid (« 4♠ », « 3SA »), and the one its auction ends in when the auction
    holds a bid: the last bid that counts (not withdrawn), whoever made it; its declarer, when named, the first
    of that side to have named its strain. The page shows both beside the auction: they must say the same."""
    bid = normalise_call(contract)
    if bid is None or bid_rank(bid) is None:
        raise corpus_error(f"contrat « {contract} » invalide : niveau 1 à 7 suivi de ♣ ♦ ♥ ♠ ou SA", "contract")
    bids = [c for c in calls if not c.cancelled and bid_rank(c.call) is not None]
    if not bids:
        if sum(1 for c in calls if c.call == "Passe" and not c.irregular and not c.cancelled) >= 4:
            raise corpus_error(f"contrat « {contract} » : la donne est passée (quatre passes, aucune enchère)",
                               "contract")
        return
    last = bids[-1]
    if last.call != bid:
        raise corpus_error(f"contrat « {contract} » : les enchères se terminent sur « {last.call} » ({last.seat})",
                           "contract")
    side = {last.seat, SEATS[(SEATS.index(last.seat) + 2) % 4]}
    strain = _strain(bid)
    first = next(c.seat for c in bids if c.seat in side and _strain(c.call) == strain)
    if declarer and declarer != first:
        raise corpus_error(f"déclarant « {declarer} » : c'est {first}, le premier de son camp à avoir nommé "
                           f"{strain}, qui joue « {bid} »", "declarer")


def tricks(p) -> tuple[Trick, ...]:
    """The play `p` (``schema.Play``, as written) checked: each card once, with the seat that played it."""
    from lois.features.annotations.schema import CardEntry

    seen: dict[str, int] = {}
    out: list[Trick] = []
    numbers = set()
    for t_i, t in enumerate(p.tricks):
        keys = ("tricks", t_i)
        if t.number in numbers:
            raise corpus_error(f"la levée {t.number} est décrite deux fois", *keys)
        numbers.add(t.number)
        leader = seat(t.leader, *keys, "leader")
        who = leader
        cards = []
        for c_i, item in enumerate(t.cards):
            ck = keys + ("cards", c_i)
            c = item if isinstance(item, CardEntry) else CardEntry(card=item)
            card = str(c.card).strip().replace("T", "10")
            if not CARD.match(card):
                raise corpus_error(f"carte « {c.card} » invalide : couleur (♠ ♥ ♦ ♣) puis rang "
                                   "(A R D V 10 9 … 2), par ex. « ♥D »", *ck)
            if card in seen:
                raise corpus_error(f"la carte {card} apparaît deux fois (déjà à la levée {seen[card]})", *ck)
            seen[card] = t.number
            cards.append((who, card, irregularity(c.irregular, *ck)))
            who = next_seat(who)
        out.append(Trick(t.number, leader, tuple(cards), t.comment or ""))
    return tuple(out)
