"""The whole decision tree of a checklist as an inline SVG (layered, top to bottom), from the same data."""
from __future__ import annotations

import html
import textwrap

from lois.features.checklists.model import Checklist

NODE_W = 200
GAP_X = 26
GAP_Y = 58
LINE_H = 15
PAD = 8
CHARS = 30


def _lines(text: str, limit: int = 5) -> list[str]:
    lines = textwrap.wrap(text, CHARS) or [""]
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


def flowchart_svg(cl: Checklist, title_id: str = "") -> str:
    layer, rows = layout(cl)
    width_nodes = max(len(r) for r in rows)
    width = width_nodes * (NODE_W + GAP_X) + GAP_X
    boxes: dict[str, tuple[float, float, float, list[str]]] = {}
    y = GAP_Y / 2
    for row in rows:
        texts = {n: _lines(cl.questions[n].text if n in cl.questions else cl.outcomes[n].title) for n in row}
        h = max(len(t) for t in texts.values()) * LINE_H + 2 * PAD
        row_w = len(row) * (NODE_W + GAP_X) - GAP_X
        x0 = (width - row_w) / 2
        for i, n in enumerate(row):
            boxes[n] = (x0 + i * (NODE_W + GAP_X), y, h, texts[n])
        y += h + GAP_Y
    height = y - GAP_Y / 2
    out = [f'<svg class="lois-cl-flow" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'role="img" aria-label="Arbre de décision : {html.escape(cl.title)}" '
           f'preserveAspectRatio="xMidYMin meet">',
           '<defs><marker id="lois-cl-arrow-' + html.escape(cl.name) + '" viewBox="0 0 10 10" refX="9" refY="5" '
           'markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>']
    edges, labels = [], []
    for q in cl.questions.values():
        x, y0, h, _ = boxes[q.id]
        targets: list[str] = []
        shorts: dict[str, list[str]] = {}
        for c in q.choices:  # choices leading to the same node share one arrow
            if c.next not in shorts:
                targets.append(c.next)
            shorts.setdefault(c.next, []).append(c.short)
        n = len(targets)
        for i, nxt in enumerate(targets):
            c = next(ch for ch in q.choices if ch.next == nxt)
            sx = x + NODE_W * (i + 1) / (n + 1)
            sy = y0 + h
            tx_, ty, _th, _ = boxes[c.next]
            tx = tx_ + NODE_W / 2
            my = (sy + ty) / 2
            edges.append(f'<path class="lois-cl-edge" data-from="{html.escape(q.id)}" data-to="{html.escape(c.next)}" '
                         f'd="M{sx:.1f},{sy:.1f} C{sx:.1f},{my:.1f} {tx:.1f},{my:.1f} {tx:.1f},{ty - 2:.1f}" '
                         f'marker-end="url(#lois-cl-arrow-{html.escape(cl.name)})"/>')
            lx, ly = (sx + tx) / 2, my + 4
            if ty - sy > GAP_Y + 1:  # a long arrow crosses a row: label it near its start
                lx, ly = sx + 4, sy + 16
            short = " / ".join(shorts[nxt])
            short = short if len(short) <= 28 else short[:27] + "…"
            labels.append(f'<text class="lois-cl-edge-label" x="{lx:.1f}" y="{ly:.1f}" text-anchor="middle">'
                          f'{html.escape(short)}</text>')
    nodes = []
    for nid, (x, y0, h, lines) in boxes.items():
        kind = "question" if nid in cl.questions else "outcome"
        rx = 4 if kind == "question" else 14
        tspans = "".join(f'<tspan x="{x + NODE_W / 2:.1f}" y="{y0 + PAD + LINE_H * (i + 1) - 3:.1f}">'
                         f'{html.escape(t)}</tspan>' for i, t in enumerate(lines))
        nodes.append(f'<g class="lois-cl-node lois-cl-f{kind}" data-node="{html.escape(nid)}">'
                     f'<title>{html.escape(nid)}</title>'
                     f'<rect x="{x:.1f}" y="{y0:.1f}" width="{NODE_W}" height="{h:.1f}" rx="{rx}"/>'
                     f'<text text-anchor="middle">{tspans}</text></g>')
    out += edges + nodes + labels + ["</svg>"]
    return "".join(out)
