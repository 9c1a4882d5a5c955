"""An arc diagram of the citations between laws, as inline SVG (no script, no CDN).

Laws sit on a line in numerical order; an arc above the line goes from a law to a
higher-numbered law it cites, an arc below goes to a lower-numbered one. Present
laws are filled; laws only cited are dashed circles. Each law is a link.
"""
from __future__ import annotations

import html
from typing import Callable

from lois.core.corpus import Model, _law_of


def arc_diagram(model: Model, href: Callable[[int], str]) -> str:
    counts: dict[tuple[int, int], int] = {}
    for c in model.citations:
        if c.source.startswith("commentaire:"):
            continue
        for t in c.targets:
            a, b = c.law, _law_of(t)
            if a != b:
                counts[(a, b)] = counts.get((a, b), 0) + 1
    laws = sorted({n for pair in counts for n in pair} | set(model.laws))
    if not laws:
        return "<p>Aucun renvoi.</p>"
    step = 34
    width = step * (len(laws) + 1)
    pos = {n: step * (i + 1) for i, n in enumerate(laws)}
    span = max((abs(pos[a] - pos[b]) for a, b in counts), default=step)
    up = span / 2 + 30
    height = int(up * 2 + 40)
    mid = int(up + 10)
    parts = [f'<svg class="lois-arcs" viewBox="0 0 {width} {height}" role="img" '
             f'aria-labelledby="lois-arcs-title" xmlns="http://www.w3.org/2000/svg">',
             '<title id="lois-arcs-title">Renvois entre les lois du corpus</title>',
             '<defs><marker id="lois-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
             'orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="lois-arrowhead"/></marker></defs>']
    for (a, b), n in sorted(counts.items()):
        x1, x2 = pos[a], pos[b]
        r = abs(x2 - x1) / 2
        sweep = 1 if x2 > x1 else 1
        y_off = -12 if x2 > x1 else 12
        cls = "lois-arc-fwd" if x2 > x1 else "lois-arc-back"
        parts.append(f'<path class="{cls}" d="M{x1},{mid + y_off} A{r},{r} 0 0 {sweep} {x2},{mid + y_off}" '
                     f'stroke-width="{min(1 + n, 6)}" fill="none" marker-end="url(#lois-arrow)">'
                     f'<title>Loi {a} → Loi {b} : {n} renvoi(s)</title></path>')
    for n in laws:
        x = pos[n]
        present = n in model.laws
        cls = "lois-node-present" if present else "lois-node-stub"
        label = f"Loi {n}" + (" — " + (model.laws[n].title or "") if present else " (texte non inclus)")
        parts.append(f'<a href="{html.escape(href(n))}" class="lois-node-link"><g class="{cls}">'
                     f'<title>{html.escape(label)}</title>'
                     f'<circle cx="{x}" cy="{mid}" r="12"/>'
                     f'<text x="{x}" y="{mid + 4}" text-anchor="middle">{n}</text></g></a>')
    parts.append("</svg>")
    return "".join(parts)
