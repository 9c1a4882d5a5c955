"""Citations found once, then applied by offset (as eyecite's ``annotate`` does).

:func:`find_spans` finds the citations of a text and resolves them from where the text stands (a provision's
law and path, or none); :meth:`lois.core.corpus.Model.citations_in` keeps them, so that a text is scanned once
per model: the texts of the law provisions, their footnotes and the commentaries when the corpus is loaded,
any other text (a note, an example, a glossary definition, a hand-written page) the first time it is rendered.
:func:`annotate` then rebuilds the text with each citation replaced, the rest passed through a function of its
own (escaping): the renderer never looks for a citation itself.

The texts are those the renderer receives: each run of the inline text of a Markdown block
(:func:`text_runs`, a line break read as a space, so that « Loi\\n12C1 » is one citation).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from lois.core.cite import find_citations
from lois.core.ids import ProvisionId
from lois.core.resolve import resolve_citation


# an id as written inside a citation of several provisions: « 27B1(b) », « 72 C », « 86B3 », « A2(a) », « (d) »
ID_TOKEN = re.compile(r"\d{1,2}(?:[ \u00a0]?[A-H](?:[ \u00a0]?\d{1,2})?)?(?:[ \u00a0]?\([a-z]{1,5}\))*"
                      r"|\b[A-H]\d{0,2}(?:\([a-z]{1,5}\))*|\([a-z]{1,5}\)(?:\([a-z]{1,5}\))*")


@dataclass(frozen=True)
class Span:
    """A citation of a text that resolves: ``text == source[start:end]``, ``targets`` the provisions it cites;
    for a citation of several provisions, ``parts``: where in ``text`` each of them is written (:func:`parts_of`)."""

    start: int
    end: int
    text: str
    targets: tuple[ProvisionId, ...]
    parts: tuple[tuple[int, int, ProvisionId], ...] = ()


def find_spans(model, text: str, law: int | None, path: tuple[str, ...]) -> tuple[Span, ...]:
    """The citations of `text` that resolve, read from provision (`law`, `path`) (``None, ()``: from nowhere,
    absolute citations only)."""
    out = []
    for c in find_citations(text):
        targets, _problems = resolve_citation(model, c, text, law, path)
        if targets:
            out.append(Span(c.start, c.end, c.text, tuple(targets), parts_of(c.text, targets)))
    return tuple(out)


def parts_of(label: str, targets: Sequence[ProvisionId]) -> tuple[tuple[int, int, ProvisionId], ...]:
    """Where each target of a citation of several provisions is written in its text `label`: (start, end, target),
    in order, the first taking the words before it (« Lois 27B1(b), 30B1(b)(i) »: « Lois 27B1(b) », « 30B1(b)(i) »);
    a range writes its ends only (« Lois 61 à 64 »). () for a citation of one provision."""
    if len(targets) < 2:
        return ()
    parts: list[tuple[int, int, ProvisionId]] = []
    remaining = list(targets)
    for m in ID_TOKEN.finditer(label):
        target = _written(m.group(0), remaining)
        if target is None:
            continue
        parts.append((0 if not parts else m.start(), m.end(), target))
        remaining.remove(target)
    return tuple(parts)


def _written(token: str, targets: list[ProvisionId]) -> ProvisionId | None:
    """The target a written id stands for: the same canonical id, or (relative) the one ending like it."""
    compact = re.sub(r"[ \u00a0]", "", token)
    for t in targets:
        if str(t) == compact:
            return t
    for t in targets:
        if not compact[:1].isdigit() and str(t).endswith(compact):
            return t
    return None


def annotate(text: str, spans: Sequence[Span], plain: Callable[[str], str], mark: Callable[[Span], str]) -> str:
    """`text` with each span replaced by ``mark(span)``, and each piece between them (empty ones too) by
    ``plain(piece)``, in order."""
    out = []
    pos = 0
    for s in spans:
        out.append(plain(text[pos:s.start]))
        out.append(mark(s))
        pos = s.end
    out.append(plain(text[pos:]))
    return "".join(out)


# inline tokens whose text is read as one run with the text around them (a citation may span a line break,
# « Loi\n12C1 »): a line break is a space, raw HTML is shown as typed, an image by its text
_RUN = {"text", "softbreak", "hardbreak", "html_inline", "image"}


def joined(tokens: list[Token]) -> list[Token]:
    """The inline tokens with each run of :data:`_RUN` tokens made one ``text`` token."""
    out: list[Token] = []
    for t in tokens:
        if t.type in _RUN:
            piece = " " if t.type in ("softbreak", "hardbreak") else t.content
            if out and out[-1].type == "text" and out[-1].meta.get("run"):
                out[-1].content += piece
            else:
                out.append(Token("text", "", 0, content=piece, meta={"run": True}))
        else:
            out.append(t)
    return out


def markdown_runs(source: str) -> Iterator[str]:
    """The texts the renderer receives from a Markdown document (a note, an example's ruling)."""
    from lois.core.parse import md

    return text_runs(md().parse(source))


def text_runs(tokens: list[Token]) -> Iterator[str]:
    """The texts the renderer receives from Markdown tokens: each run of inline text (:func:`joined`), of a
    list of inline tokens or of the inline tokens of a parsed document."""
    for t in tokens:
        if t.type == "inline":
            yield from text_runs(t.children or [])
    for t in joined([t for t in tokens if t.type != "inline"]):
        if t.type == "text":
            yield t.content
