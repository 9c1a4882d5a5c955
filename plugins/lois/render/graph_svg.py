"""An arc diagram of the citations between laws, as inline SVG (no script, no CDN), and the same links as data.

Laws sit on a line in numerical order; an arc above the line goes from a law to a higher-numbered law it
cites, an arc below goes to a lower-numbered one. Present laws are filled discs; laws only cited are dashed
circles. Each law is a link (template ``render/arcs.svg``); the page also lists them (``render/graph.md``).
"""
from __future__ import annotations

from typing import Callable

from lois.core.corpus import Model
from lois.core.ids import ProvisionId
from lois.render.templates import render

STEP = 40  # px between two laws on the line (the hit area of a law is STEP × STEP)


def law_links(model: Model) -> dict[tuple[int, int], int]:
    """(citing law, cited law) → number of citations, between two different laws (commentaries left out)."""
    counts: dict[tuple[int, int], int] = {}
    for c in model.citations:
        if not isinstance(c.source, ProvisionId):
            continue
        for t in c.targets:
            a, b = c.law, t.law
            if a != b:
                counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


def arc_diagram(model: Model, href: Callable[[int], str]) -> str:
    counts = law_links(model)
    laws = sorted({n for pair in counts for n in pair} | set(model.laws))
    if not laws:
        return "<p>Aucun renvoi.</p>"
    pos = {n: STEP * (i + 1) for i, n in enumerate(laws)}
    span = max((abs(pos[a] - pos[b]) for a, b in counts), default=STEP)
    up = span / 2 + 30
    mid = int(up + 10)
    arcs = [{"a": a, "b": b, "n": n, "x1": pos[a], "x2": pos[b], "r": abs(pos[b] - pos[a]) / 2,
             "y": mid + (-16 if pos[b] > pos[a] else 16), "width": min(1 + n, 6),
             "cls": "lois-arc-fwd" if pos[b] > pos[a] else "lois-arc-back"} for (a, b), n in sorted(counts.items())]
    nodes = [{"law": n, "x": pos[n], "href": href(n),
              "cls": "lois-node-present" if n in model.laws else "lois-node-stub",
              "label": f"Loi {n}" + (" — " + (model.laws[n].title or "") if n in model.laws else " (texte non inclus)")}
             for n in laws]
    return render("render/arcs.svg", width=STEP * (len(laws) + 1), height=int(up * 2 + 40), mid=mid, step=STEP,
                  arcs=arcs, nodes=nodes)
