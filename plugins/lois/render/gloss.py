"""Hover definitions of the glossary, placed while a text is rendered (never by a pass over a finished page).

A feature gives the glossary as data (:class:`GlossTerm`: a term, its forms, its definition); the renderer
gives each node it renders — a provision, a commentary, a note — one :class:`GlossScope`, and the first
occurrence of each term in that node's own text becomes ``<abbr class="ann-gloss" title="definition">``.
Links, headings, notes and examples shown beside a provision and quoted sentences are left as they are.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from lois.render.inline import tooltip_attr



def abbr(term: str, title: Markup, text: str) -> str:
    """A defined term; the title is the definition, already escaped for the theme's tooltips (see tooltip_attr)."""
    return f'<abbr class="ann-gloss" data-term="{escape(term)}" title="{title}">{escape(text)}</abbr>'


@dataclass(frozen=True)
class GlossTerm:
    term: str
    forms: tuple[str, ...]  # the term and its variants (plural, feminine), matched case-insensitively
    definition: str


class Glossary:
    def __init__(self, terms: list[GlossTerm]):
        self.by_form = {f.lower(): t for t in terms for f in t.forms}
        forms = sorted(self.by_form, key=len, reverse=True)
        alts = "|".join(re.escape(f).replace(r"\ ", r"[\s\u00a0]+") for f in forms)
        self.pattern = re.compile(rf"(?<![\w-])({alts})(?![\w-])", re.IGNORECASE) if forms else None

    def scope(self) -> "GlossScope":
        return GlossScope(self)


@dataclass
class GlossScope:
    """The terms already defined in one node: each is defined once, at its first occurrence."""
    glossary: Glossary
    seen: set[str] = field(default_factory=set)

    def html(self, text: str) -> str:
        """Plain ``text`` as HTML (escaped), with the first occurrence of each term not yet seen in a <abbr>."""
        pattern = self.glossary.pattern
        if pattern is None:
            return html.escape(text, quote=False)
        out, pos = [], 0
        for m in pattern.finditer(text):
            t = self.glossary.by_form.get(re.sub(r"[\s\u00a0]+", " ", m.group(1)).lower())
            if t is None or t.term in self.seen:
                continue
            self.seen.add(t.term)
            out.append(html.escape(text[pos:m.start()], quote=False))
            out.append(abbr(t.term, Markup(tooltip_attr(f"{t.term} : {t.definition}")), m.group(1)))
            pos = m.end()
        out.append(html.escape(text[pos:], quote=False))
        return "".join(out)
