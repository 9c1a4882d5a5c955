"""Worked examples (``corpus/exemples/*.yaml``): validation and bidding diagrams.

An example has an auction (dealer, optional vulnerability, calls in rotation, irregular calls marked),
an optional play situation (tricks with the cards played), a question and a ruling. Validation checks
that the calls follow the rotation from the dealer (a call out of rotation must be marked irregular),
that bids are sufficient unless marked irregular, that every card appears once, and that every cited
provision resolves.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.yamlfile import validate
from lois.features.annotations.common import Located, check_provisions, load_yaml
from lois.features.annotations.schema import ExampleFile

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


@dataclass
class Example:
    id: str
    title: str
    provisions: list[str]
    dealer: str
    vulnerability: str
    calls: list[Call]
    tricks: list[Trick]
    contract: str
    declarer: str
    question: str
    ruling: str
    file: str
    checklist: str = ""
    answers: dict = field(default_factory=dict)
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
    ex = validate(loc, ExampleFile, what="exemple")  # types; the rest needs the corpus or the rules of bridge
    provisions = check_provisions(model, loc)
    calls, dealer, vul, contract, declarer = [], "", "", "", ""
    if ex.auction is not None:
        calls, dealer, vul, contract, declarer = _validate_auction(loc)
    tricks = _validate_play(loc) if ex.play is not None else []
    if not calls and not tricks:
        raise loc.error("un exemple doit avoir des enchères (« auction ») ou une situation de jeu (« play »)")
    answers = {k: str(v) for k, v in (ex.answers or {}).items()}
    return Example(ex.id, ex.title, provisions, dealer, vul, calls, tricks, contract, declarer,
                   ex.question.strip(), ex.ruling.strip(), loc.path, ex.checklist or "", answers,
                   ex.expected_outcome or "", loc.line("id"), loc.line("checklist"), loc.line("expected_outcome"),
                   loc.line("answers"))


def _irregular(value, loc: Located, *keys) -> str:
    if value in (None, False, ""):
        return ""
    if value is True:
        return "autre"
    v = str(value).strip().lower()
    if v not in IRREGULARITIES:
        raise loc.error(f"irrégularité « {value} » inconnue (valeurs permises : {', '.join(IRREGULARITIES)})", *keys)
    return v


def _validate_auction(loc: Located):
    a = loc.data["auction"]
    dealer = _seat(a.get("dealer"), loc, "auction", "dealer")
    vul = ""
    if a.get("vulnerability") is not None:
        vul = str(a["vulnerability"]).strip().lower()
        if vul not in VULNERABILITY:
            raise loc.error(f"vulnérabilité « {a['vulnerability']} » inconnue (personne, Nord-Sud, Est-Ouest, tous)",
                            "auction", "vulnerability")
    raw_calls = a["calls"]
    calls: list[Call] = []
    expected = dealer
    last_bid, last_bidder = None, None
    for i, raw in enumerate(raw_calls):
        keys = ("auction", "calls", i)
        if not isinstance(raw, dict):
            raw = {"call": raw}
        call = normalise_call(raw["call"])
        if call is None:
            raise loc.error(f"déclaration « {raw['call']} » invalide : niveau 1 à 7 suivi de ♣ ♦ ♥ ♠ ou SA, "
                            "ou Passe, Contre, Surcontre", *keys)
        seat = _seat(raw["seat"], loc, *keys) if raw.get("seat") else expected
        irr = _irregular(raw.get("irregular"), loc, *keys)
        cancelled = bool(raw.get("cancelled"))
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
        calls.append(Call(seat, call, irr, cancelled, str(raw.get("alert") or ""), str(raw.get("comment") or "")))
        if not cancelled:
            if rank is not None:
                last_bid, last_bidder = rank, seat
            expected = next_seat(seat)
    contract = str(a.get("contract") or "")
    declarer = _seat(a["declarer"], loc, "auction", "declarer") if a.get("declarer") else ""
    return calls, dealer, vul, contract, declarer


def _bid_label(rank: int) -> str:
    return f"{rank // 5 + 1}{STRAINS[rank % 5]}"


def _validate_play(loc: Located) -> list[Trick]:
    p = loc.data["play"]
    seen: dict[str, tuple] = {}
    tricks = []
    numbers = set()
    for t_i, t in enumerate(p["tricks"]):
        keys = ("play", "tricks", t_i)
        n = t["number"]
        if n in numbers:
            raise loc.error(f"la levée {n} est décrite deux fois", *keys)
        numbers.add(n)
        leader = _seat(t.get("leader"), loc, *keys, "leader")
        cards = t["cards"]
        seat = leader
        out = []
        for c_i, c in enumerate(cards):
            ck = keys + ("cards", c_i)
            if not isinstance(c, dict):
                c = {"card": c}
            card = str(c.get("card", "")).strip().replace("T", "10")
            if not CARD.match(card):
                raise loc.error(f"carte « {c.get('card')} » invalide : couleur (♠ ♥ ♦ ♣) puis rang "
                                "(A R D V 10 9 … 2), par ex. « ♥D »", *ck)
            if card in seen:
                raise loc.error(f"la carte {card} apparaît deux fois (déjà à la levée {seen[card][0]})", *ck)
            seen[card] = (n,)
            out.append((seat, card, _irregular(c.get("irregular"), loc, *ck)))
            seat = next_seat(seat)
        tricks.append(Trick(n, leader, out, str(t.get("comment") or "")))
    return tricks


def load_examples(model: Model, folder: Path) -> dict[str, Example]:
    examples: dict[str, Example] = {}
    if not folder.is_dir():
        return examples
    for f in sorted(folder.glob("*.yaml")):
        ex = validate_example(model, load_yaml(f))
        if ex.id in examples:
            raise LoisError(f"exemple « {ex.id} » défini deux fois (aussi dans {examples[ex.id].file})", str(f), ex.line)
        examples[ex.id] = ex
    return examples


# ---------------------------------------------------------------------- rendering

def _suits(text: str) -> str:
    """Escaped text with ♥ ♦ in red."""
    s = html.escape(text, quote=False)
    return re.sub(r"([♥♦])", r'<span class="ann-red">\1</span>', s)


def render_call(call: str) -> str:
    return _suits(call)


def render_auction(ex: Example, text=None) -> str:
    """A 4-column bidding diagram (Ouest Nord Est Sud), irregular calls and alerts marked with notes.
    `text(comment)` renders a comment (escaped, suits in red; the site also links its citations)."""
    text = text or _suits
    if not ex.calls:
        return ""
    rows: list[list[list[str]]] = []
    notes: list[str] = []
    row, col = 0, SEATS.index(ex.dealer)

    def cell(r, c):
        while len(rows) <= r:
            rows.append([[] for _ in range(4)])
        return rows[r][c]

    cell(0, 0)
    for c in ex.calls:
        sc = SEATS.index(c.seat)
        marks = []
        if c.irregular:
            notes.append(f"{c.seat} : {render_call(c.call)} — {html.escape(IRREGULARITIES[c.irregular])}"
                         + (" (annulée)" if c.cancelled else "")
                         + (f". {text(c.comment)}" if c.comment else ""))
            marks.append(f'<sup class="ann-mark">{len(notes)}</sup>')
        elif c.comment:
            notes.append(f"{c.seat} : {render_call(c.call)} — {text(c.comment)}")
            marks.append(f'<sup class="ann-mark">{len(notes)}</sup>')
        if c.alert:
            notes.append(f"{c.seat} : {render_call(c.call)} — alertée : {text(c.alert)}")
            marks.append(f'<sup class="ann-mark ann-alert-mark" title="Alerte">{len(notes)}</sup>')
        # a call out of turn goes in its seat's column: this row if that cell is still ahead, else the next
        r = row if sc >= col else row + 1
        classes = ["ann-call"]
        if c.irregular:
            classes.append("ann-irregular")
        if c.cancelled:
            classes.append("ann-cancelled")
        if c.alert:
            classes.append("ann-alert")
        label = render_call(c.call)
        if c.cancelled:
            label = f"<s>{label}</s>"
        title = ""
        if c.irregular:
            title = f' title="{html.escape(IRREGULARITIES[c.irregular])}"'
        cell(r, sc).append(f'<span class="{" ".join(classes)}"{title}>{label}{"".join(marks)}</span>')
        if not c.cancelled:
            row, col = (r, sc + 1) if sc < 3 else (r + 1, 0)
    head = "".join(f"<th>{s}</th>" for s in SEATS)
    body = "".join("<tr>" + "".join(f"<td>{' '.join(cs) or ''}</td>" for cs in r) + "</tr>" for r in rows)
    return (f'<table class="ann-auction" aria-label="Diagramme des enchères"><caption>{html.escape(_caption(ex))}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{_auction_notes(ex, notes)}")


def _caption(ex: Example) -> str:
    return f"Donneur : {ex.dealer}" + (f" — {VULNERABILITY[ex.vulnerability]}" if ex.vulnerability else "")


def _auction_notes(ex: Example, notes: list[str]) -> str:
    """The numbered notes under a bidding diagram, then the contract."""
    notes_html = ""
    if notes:
        notes_html = '<ol class="ann-auction-notes">' + "".join(f"<li>{n}</li>" for n in notes) + "</ol>"
    contract = ""
    if ex.contract:
        contract = f'<p class="ann-contract">Contrat : {_suits(ex.contract)}' + (
            f" joué par {ex.declarer}" if ex.declarer else "") + "</p>"
    return notes_html + contract


def render_play(ex: Example, text=None) -> str:
    text = text or _suits
    if not ex.tricks:
        return ""
    out = []
    for t in sorted(ex.tricks, key=lambda t: t.number):
        items = []
        for seat, card, irr in t.cards:
            cls = "ann-card" + (" ann-irregular" if irr else "")
            mark = f' <em class="ann-irr-label">({html.escape(IRREGULARITIES[irr])})</em>' if irr else ""
            items.append(f'<li><span class="ann-seat">{seat}</span> <span class="{cls}">{_suits(card)}</span>{mark}</li>')
        comment = f'<p class="ann-trick-comment">{text(t.comment)}</p>' if t.comment else ""
        out.append(f'<div class="ann-trick"><p class="ann-trick-head">Levée {t.number} — {t.leader} joue en premier</p>'
                   f'<ol class="ann-trick-cards">{"".join(items)}</ol>{comment}</div>')
    return '<div class="ann-play">' + "".join(out) + "</div>"
