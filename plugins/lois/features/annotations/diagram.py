"""The bidding diagram and the play of a worked example, as data for ``annotations/diagram.html``.

Python places the calls (a call out of turn goes in its seat's column) and numbers the notes; the template
holds the HTML and the words. A comment is turned into HTML by the caller's ``text`` function (the site links
its citations); without one, it is escaped with hearts and diamonds in red.
"""
from __future__ import annotations

from typing import Callable

from markupsafe import Markup

from lois.features.annotations.bridge import IRREGULARITIES, SEATS, VULNERABILITY, Call
from lois.features.annotations.examples import Example
from lois.render.templates import environment

Text = Callable[[str], str]


def macros():
    """The macros of ``annotations/diagram.html`` (``suits``, ``auction``, ``play``), callable from Python."""
    return environment().get_template("annotations/diagram.html").module


def _text(text: Text | None) -> Callable[[str], Markup]:
    if text is None:
        return macros().suits
    return lambda s: Markup(text(s))


def _call_notes(c: Call, notes: list[dict], text: Callable[[str], Markup]) -> dict:
    """The call as shown in its cell; its notes (irregularity or comment, alert) are added to `notes`."""
    view = {"call": c.call, "irregular": IRREGULARITIES[c.irregular] if c.irregular else "",
            "cancelled": c.cancelled, "alert": bool(c.alert), "note": 0, "alert_note": 0}
    comment = text(c.comment) if c.comment else ""
    if c.irregular or c.comment:
        notes.append({"kind": "irregular" if c.irregular else "comment", "seat": c.seat, "call": c.call,
                      "irregular": view["irregular"], "cancelled": c.cancelled, "text": comment})
        view["note"] = len(notes)
    if c.alert:
        notes.append({"kind": "alert", "seat": c.seat, "call": c.call, "text": text(c.alert)})
        view["alert_note"] = len(notes)
    return view


def auction_view(ex: Example, text: Text | None = None) -> dict | None:
    """The diagram's rows (four cells of calls each, from Ouest), its numbered notes, caption and contract."""
    a = ex.auction
    if a is None:
        return None
    text_of = _text(text)
    rows: list[list[list[dict]]] = [[[] for _ in SEATS]]
    notes: list[dict] = []
    row, col = 0, SEATS.index(a.dealer)
    for c in a.calls:
        sc = SEATS.index(c.seat)
        # a call out of turn goes in its seat's column: this row if that cell is still ahead, else the next
        r = row if sc >= col else row + 1
        while len(rows) <= r:
            rows.append([[] for _ in SEATS])
        rows[r][sc].append(_call_notes(c, notes, text_of))
        if not c.cancelled:
            row, col = (r, sc + 1) if sc < 3 else (r + 1, 0)
    return {"dealer": a.dealer, "vulnerability": VULNERABILITY.get(a.vulnerability, ""), "seats": SEATS,
            "rows": rows, "notes": notes, "contract": a.contract, "declarer": a.declarer}


def play_view(ex: Example, text: Text | None = None) -> list[dict]:
    """The tricks in order, each card with its seat and the kind of its irregularity."""
    text_of = _text(text)
    return [{"number": t.number, "leader": t.leader, "comment": text_of(t.comment) if t.comment else "",
             "cards": [{"seat": seat, "card": card, "irregular": IRREGULARITIES[irr] if irr else ""}
                       for seat, card, irr in t.cards]}
            for t in sorted(ex.tricks, key=lambda t: t.number)]


def render_auction(ex: Example, text: Text | None = None) -> str:
    """The bidding diagram of `ex` as HTML (empty without calls)."""
    view = auction_view(ex, text)
    return str(macros().auction(view)) if view else ""


def render_play(ex: Example, text: Text | None = None) -> str:
    """The play of `ex` as HTML (empty without tricks)."""
    return str(macros().play(play_view(ex, text))) if ex.tricks else ""
