"""The generated pages other than laws: commentaries, the index of the 93 laws, the graph, section indexes.

Each function gathers data from the model; a template (``render/*.html``) holds the HTML and the prose.
"""
from __future__ import annotations

from lois.core.ids import LAW_COUNT as TOTAL_LAWS, NodeRef, ProvisionId
from lois.render.graph_svg import arc_diagram, law_links
from lois.render.htmlpage import HtmlPage, render_page, slug
from lois.render.inline import render_markdown
from lois.render.templates import safe


def render_commentary(site, c) -> HtmlPage:
    page = f"commentaires/{c.id}.md"
    scope = site.gloss_scope()
    body = render_markdown(c.body, lambda t: site.linkify(t, page, c.laws[0], (), scope),
                           heading_fn=lambda t: site.linkify(t, page, c.laws[0], ()))
    return render_page("render/commentary.html", c.title, title=c.title, slug=slug(c.title), author=c.author,
                       document=site.document_name(c.source or ""),
                       laws=[{"law": n, "href": site.href(page, site.law_page(n))} for n in c.laws],
                       node_id=str(NodeRef.commentary(c.id)), body=safe(body),
                       remarks=commentary_remarks(site, c, page))


def commentary_remarks(site, c, page: str, shown: str | None = None) -> list[dict]:
    """The project's remarks beside commentary `c` (its front matter ``remarks``), as data for
    ``render/commentary_remarks.html``: the commentary's words each is about, the remark with its citations
    linked, and the words of the Code behind it. With `shown` (an excerpt), only those about words it shows."""
    from lois.core.grounds import stands_in

    return [{"about": " ".join(r.about.split()), "html": safe(site.linkify(" ".join(r.remark.split()), page,
                                                                            c.laws[0], ())),
             "words": safe(site.words_html([r.remark], r.words, page))}
            for r in (c.remarks or []) if shown is None or stands_in(r.about, shown)]


def _citation_counts(m) -> tuple[dict[int, int], dict[int, int]]:
    n_in: dict[int, int] = {}
    n_out: dict[int, int] = {}
    for c in m.citations:
        for t in c.targets:
            n_in[t.law] = n_in.get(t.law, 0) + 1
            if isinstance(c.source, ProvisionId):
                n_out[c.law] = n_out.get(c.law, 0) + 1
    return n_in, n_out


def render_index(site) -> HtmlPage:
    m = site.model
    page = "lois/index.md"
    n_in, n_out = _citation_counts(m)
    stub_laws = set(m.stub_laws())
    rows = []
    for n in range(1, TOTAL_LAWS + 1):
        row = {"law": n, "href": "", "title": m.law_title(n), "n_in": n_in.get(n, 0), "n_out": n_out.get(n, 0)}
        if n in m.laws:
            row.update(status="présente", cls="present", href=site.href(page, site.law_page(n)))
        elif n in stub_laws:
            row.update(status="citée, texte non inclus", cls="stub", href=site.href(page, site.law_page(n)))
        else:
            row.update(status="non citée", cls="absent")
        rows.append(row)
    present = len(m.laws)
    return render_page("render/index.html", "Les 93 lois", present=present, stubs=len(stub_laws),
                  absent=TOTAL_LAWS - present - len(stub_laws), rows=rows)


def render_graph_page(site) -> HtmlPage:
    m = site.model
    page = "graphe.md"
    href = lambda law: site.href(page, site.law_page(law))  # noqa: E731
    counts = law_links(m)
    laws = sorted({n for pair in counts for n in pair} | set(m.laws))
    nodes = [{"law": n, "href": href(n), "present": n in m.laws, "title": m.laws[n].title if n in m.laws else "",
              "out": [{"law": b, "n": k, "href": href(b)} for (a, b), k in sorted(counts.items()) if a == n],
              "into": [{"law": a, "n": k, "href": href(a)} for (a, b), k in sorted(counts.items()) if b == n]}
             for n in laws]
    rows = [{"a": a, "b": b, "n": n, "from_href": href(a), "to_href": href(b)} for (a, b), n in sorted(counts.items())]
    return render_page("render/graph.html", "Graphe des renvois", svg=safe(arc_diagram(m, href)), nodes=nodes,
                       rows=rows)


def render_nav_index(site, index: str, title: str, pages: list[str]) -> HtmlPage:
    return render_page("render/nav_index.html", title, title=title, slug=slug(title),
                       pages=[{"href": site.href(index, p), "title": safe(site.page_title(p))} for p in pages])
