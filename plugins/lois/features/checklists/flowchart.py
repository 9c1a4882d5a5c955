"""The whole decision tree of a checklist as an inline SVG (layered, top to bottom), from the same data."""
from __future__ import annotations

import textwrap

from lois.core.typo import french_spacing
from lois.features.checklists.model import Checklist
from lois.render.templates import render

NODE_W = 200
GAP_X = 26
GAP_Y = 58
LINE_H = 15
PAD = 8
CHARS = 30


def _lines(text: str, limit: int = 5) -> list[str]:
    # the no-break spaces of French typography first: a line never starts with « ; », « : », « ? » or « » »
    lines = textwrap.wrap(french_spacing(text), CHARS) or [""]
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1][: CHARS - 1].rstrip() + "…"
    return lines


def layout(cl: Checklist) -> tuple[dict[str, int], list[list[str]]]:
    """Layer of each node (longest path from the start) and the order of nodes in each layer."""
    order: list[str] = []
    seen = set()

    def topo(n: str):
        if n in seen:
            return
        seen.add(n)
        if n in cl.questions:
            for c in cl.questions[n].choices:
                topo(c.next)
        order.append(n)

    topo(cl.start)
    order.reverse()  # topological order
    layer = {cl.start: 0}
    for n in order:
        if n in cl.questions:
            for c in cl.questions[n].choices:
                layer[c.next] = max(layer.get(c.next, 0), layer[n] + 1)
    rows: list[list[str]] = [[] for _ in range(max(layer.values()) + 1)]
    pos: dict[str, float] = {}
    for n in order:  # parents come before children: order children by their first parent's position
        rows[layer[n]].append(n)
    for depth, row in enumerate(rows):
        if depth:
            def key(n):
                # mean position of the parents, nudged by the rank of the choice that leads here
                ps = [pos[p] + 0.3 * (i / max(1, len(cl.questions[p].choices) - 1) - 0.5)
                      for p in pos if p in cl.questions
                      for i, c in enumerate(cl.questions[p].choices) if c.next == n]
                return sum(ps) / len(ps) if ps else 0
            row.sort(key=key)
        for i, n in enumerate(row):
            pos[n] = i - (len(row) - 1) / 2 + 0.0
    return layer, rows


def _f(v: float) -> str:
    return f"{v:.1f}"


Box = tuple[float, float, float, list[str]]  # what boxes() gives for each node


def boxes(cl: Checklist, rows: list[list[str]]) -> tuple[float, float, dict[str, Box]]:
    """(width, height, node → (x, y, height, lines)): each row centred, as tall as its tallest node."""
    width = max(len(r) for r in rows) * (NODE_W + GAP_X) + GAP_X
    out: dict[str, tuple[float, float, float, list[str]]] = {}
    y = GAP_Y / 2
    for row in rows:
        texts = {n: _lines(cl.questions[n].text if n in cl.questions else cl.outcomes[n].title) for n in row}
        h = max(len(t) for t in texts.values()) * LINE_H + 2 * PAD
        x0 = (width - (len(row) * (NODE_W + GAP_X) - GAP_X)) / 2
        for i, n in enumerate(row):
            out[n] = (x0 + i * (NODE_W + GAP_X), y, h, texts[n])
        y += h + GAP_Y
    return width, y - GAP_Y / 2, out


def edges(cl: Checklist, box: dict) -> list[dict]:
    """One arrow per (question, next node), choices leading to the same node sharing it, with its label."""
    out = []
    for q in cl.questions.values():
        x, y0, h, _ = box[q.id]
        shorts: dict[str, list[str]] = {}
        for c in q.choices:
            shorts.setdefault(c.next, []).append(c.short)
        for i, nxt in enumerate(shorts):
            sx, sy = x + NODE_W * (i + 1) / (len(shorts) + 1), y0 + h
            tx, ty = box[nxt][0] + NODE_W / 2, box[nxt][1]
            my = (sy + ty) / 2
            lx, ly = ((sx + 4, sy + 16) if ty - sy > GAP_Y + 1  # a long arrow crosses a row: label near its start
                      else ((sx + tx) / 2, my + 4))
            label = " / ".join(shorts[nxt])
            out.append({"source": q.id, "target": nxt, "sx": _f(sx), "sy": _f(sy), "my": _f(my), "tx": _f(tx),
                        "ty": _f(ty - 2), "lx": _f(lx), "ly": _f(ly),
                        "label": label if len(label) <= 28 else label[:27] + "…"})
    return out


def nodes(cl: Checklist, box: dict) -> list[dict]:
    out = []
    for nid, (x, y0, h, lines) in box.items():
        kind = "question" if nid in cl.questions else "outcome"
        out.append({"id": nid, "kind": kind, "x": _f(x), "y": _f(y0), "width": NODE_W, "height": _f(h),
                    "rx": 4 if kind == "question" else 14,
                    "lines": [{"x": _f(x + NODE_W / 2), "y": _f(y0 + PAD + LINE_H * (i + 1) - 3), "text": t}
                              for i, t in enumerate(lines)]})
    return out


def flowchart_svg(cl: Checklist) -> str:
    """The SVG (template ``checklists/flowchart.svg``)."""
    _layer, rows = layout(cl)
    width, height, box = boxes(cl, rows)
    return render("checklists/flowchart.svg", checklist=cl.name, title=cl.title, width=f"{width:.0f}",
                  height=f"{height:.0f}", edges=edges(cl, box), nodes=nodes(cl, box))
