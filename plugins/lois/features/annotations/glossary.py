"""Glossary (``corpus/glossaire.yaml``) and hover definitions on the first occurrence of a term in a provision."""
from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from lois.core.corpus import Model
from lois.render.html_text import TextRewriter
from lois.render.inline import tooltip_attr
from lois.features.annotations.common import check_provisions, load_entries
from lois.features.annotations.schema import Glossary


@dataclass
class Term:
    term: str
    forms: list[str]  # the term and its variants (plural, feminine), matched case-insensitively
    definition: str
    provisions: list[str]
    file: str
    line: int

    @property
    def anchor(self) -> str:
        return "terme-" + slug(self.term)


def slug(text: str) -> str:
    s = unicodedata.normalize("NFKD", text.lower())
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


def load_glossary(model: Model, path: Path) -> list[Term]:
    loc, entries = load_entries(path, Glossary, "glossaire")
    terms: list[Term] = []
    seen: dict[str, str] = {}
    for i, entry in enumerate(entries):
        forms = [entry.term] + [f for f in entry.forms or [] if f != entry.term]
        for f in forms:
            k = f.lower()
            if k in seen:
                raise loc.error(f"la forme « {f} » appartient déjà au terme « {seen[k]} »", i)
            seen[k] = entry.term
        provs = check_provisions(model, loc, base=(i,))
        terms.append(Term(entry.term, forms, " ".join(entry.definition.split()), provs, loc.path, loc.line(i)))
    return terms


def term_pattern(terms: list[Term]) -> re.Pattern | None:
    forms = sorted({f for t in terms for f in t.forms}, key=len, reverse=True)
    if not forms:
        return None
    alts = "|".join(re.escape(f).replace(r"\ ", r"[\s\u00a0]+") for f in forms)
    return re.compile(rf"(?<![\w-])({alts})(?![\w-])", re.IGNORECASE)


SKIP = frozenset({"a", "abbr", "code", "pre", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "summary",
                  "details", "button", "svg", "textarea", "caption", "sup"})


class _Glosser(TextRewriter):
    """Wrap the first occurrence of each term inside each provision (element with data-id) in <abbr>."""

    SKIP = SKIP

    def __init__(self, terms: list[Term]):
        super().__init__()
        self.pattern = term_pattern(terms)
        self.by_form = {f.lower(): t for t in terms for f in t.forms}
        self.seen: dict[str, set[str]] = {}

    def skip(self, tag, attrs):
        return tag in self.SKIP or "ann-nogloss" in (attrs.get("class") or "")

    def rewrite(self, data):
        scope = next((a.get("data-id") for _, a, _ in reversed(self.stack) if a.get("data-id")), None)
        if scope is None or self.pattern is None:
            return data
        seen = self.seen.setdefault(scope, set())

        def repl(m):
            t = self.by_form.get(re.sub(r"[\s\u00a0]+", " ", m.group(1)).lower())
            if t is None or t.term in seen:
                return m.group(0)
            seen.add(t.term)
            return (f'<abbr class="ann-gloss" data-term="{html.escape(t.term)}" '
                    f'title="{tooltip_attr(t.term + " : " + t.definition)}">{m.group(1)}</abbr>')

        return self.pattern.sub(repl, data)


def gloss_html(text: str, terms: list[Term]) -> str:
    """Add hover definitions to `text` (HTML, or Markdown with HTML blocks): only inside elements with a
    data-id (one provision or one note), first occurrence of each term per such element, never in links."""
    if not terms:
        return text
    return _Glosser(terms).run(text)


def occurrences(model: Model, term: Term, extra_texts: list[str] = ()) -> int:
    """How many times a term (any form) occurs in the law texts, commentaries and `extra_texts`."""
    pat = term_pattern([term])
    texts = [p.text for p in model.provisions.values()] + [c.text for c in model.commentaries.values()]
    texts += list(extra_texts)
    return sum(len(pat.findall(t)) for t in texts if t)
