"""What a feature gives the search: a document, its id and its words (lois.features.SearchDocuments).

The search (:mod:`lois.features.search.documents`) makes the documents of the model (provisions, commentaries,
stubs) and of its own tools, and asks every feature that declares documents for its own; each feature makes them
with these few helpers, without knowing the search.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from functools import lru_cache

from lois.core import reads
from lois.core.ids import Kind, ProvisionId

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at each start of `lois cherche`; mypy: True)
if TYPE_CHECKING:
    from typing import Any, Callable


@dataclass(frozen=True)
class Evidence:
    """A sentence of the site that tells a table situation in a director's words (a checklist's validated case, its
    question, its ruling or a sentence for the players, an example's question, a « Que faire si… » title, a
    glossary term) and the provisions it says rule that situation: the search reads it as words of those
    provisions (lois.features.search.documents.attach_evidence)."""
    text: str
    targets: tuple[ProvisionId, ...]


# A clause of a text: what ends at « . », « ; », « ? », « ! » or « : » followed by a space (« Loi 27B1(a). » ends one).
CLAUSE_END = re.compile(r"(?<=[.;?!:])\s+")
WORD = re.compile(r"[^\W_]+")


def cited_clauses(text: str, model, law: int | None = None) -> list[Evidence]:
    """The clauses of a text of the site (a « Que faire si… » description, a note, a ruling) that cite provisions,
    each as evidence for the provisions it cites (``law``: where a relative citation is read from): « Faite hors
    tour, elle relève de la Loi 31 (Loi 27A2) » tells a situation of 27A2 in a director's words. A clause that cites
    one provision, then words, then another, is cut after each citation: the words before a citation are what it
    rules (« réserver leurs droits (Loi 16B2) et appeler l'arbitre à la fin du jeu (Loi 16B3) »); citations only
    a word or two apart (« Loi 31 (Loi 27A2) », « Loi 27B2, Loi 27B3 ») share their words."""
    text = text or ""
    spans = model.citations_in(text, law)  # the text's citations as found once, when it was loaded
    out = []
    bounds = [0, *(m.end() for m in CLAUSE_END.finditer(text)), len(text)]
    for cs, ce in zip(bounds, bounds[1:], strict=False):
        clause = text[cs:ce]
        parts: list[list] = []  # [start, end, targets], offsets in the clause
        for span in (s for s in spans if cs <= s.start and s.end <= ce):
            start = parts[-1][1] if parts else 0
            end = span.end - cs
            while end < len(clause) and clause[end] in ")]":  # « (Loi 16B2) » with its bracket
                end += 1
            if parts and len(WORD.findall(clause[start:span.start - cs])) <= 2:
                parts[-1][1] = end
                parts[-1][2] += span.targets
            else:
                parts.append([start, end, list(span.targets)])
        if parts:
            parts[-1][1] = len(clause)  # the words after the last citation go with it
        for start, end, targets in parts:
            out.append(Evidence(" ".join(clause[start:end].split()).strip(" ,;"), tuple(dict.fromkeys(targets))))
    return out


@dataclass
class SearchDoc:
    """One document of the search: a provision, a commentary, a note, a checklist…"""

    id: str           # provision id ("50D2(a)"), or "<prefix>:<id>" for the other kinds (see PREFIX)
    law: int          # the law it belongs to or is first about (0: none)
    kind: str         # a Kind value
    label: str        # what a person reads as the result title (the kind is shown beside it: Kind.label)
    url: str          # site-relative address: /lois/50/#D2a
    title: str        # indexed title words
    heading: str      # titles of the enclosing law and section; other words that name the document
    body: str
    context: str = ""  # words searched with a lower weight, never shown (a stub: the register's summaries)
    refs: list[str] = field(default_factory=list)  # a gloss's provisions (a law's page: the law's): it gives way to
    #                                                  them when they answer too
    situations: str = ""  # a provision's: its lead-in (a sub-point), then the situations other documents say it rules
    sources: list[str] = field(default_factory=list)  # a provision's: the documents those situations come from
    index: str = ""  # a provision's: the everyday phrasings of the site's index (corpus/index.yaml), never shown
    tool: str = ""  # the tool of the site that rules its situation (lois.features.search.documents.choose_tools)
    next_tool: str = ""  # the next one, shown when the first is shown above it (query.SearchEngine.attach_tool)
    evidence: list[Evidence] = field(default_factory=list)  # a gloss's situations, given to the provisions they cite
    pid: ProvisionId | None = None  # a provision's (or an absent law's page's): the provision it is


def kept_doc(name: str, of, make: Callable[[Any], SearchDoc], model) -> SearchDoc:
    """``make(of)``, the document of a feature's object ``of`` (which it reads, with the model alone); under `mkdocs
    serve`, given back while ``of`` is the same object (lois.core.filememo's for an unchanged file) and the model
    answers what it read the same (lois.core.reads.kept), as a copy: the search completes its documents in place
    (lois.features.search.documents.attach_evidence)."""
    if not reads.on() or model is None:
        return make(of)
    doc = reads.kept(name, (of,), lambda: make(of), model)
    return dataclasses.replace(doc, refs=list(doc.refs), sources=list(doc.sources), evidence=list(doc.evidence))


PREFIX = {Kind.COMMENTARY: "commentaire", Kind.NOTE: "note", Kind.CHECKLIST: "liste", Kind.EXAMPLE: "exemple",
          Kind.GLOSSARY: "glossaire", Kind.SITUATION: "situation", Kind.TOOL: "outil"}


def doc_id(kind: Kind, name: str) -> str:
    return f"{PREFIX[kind]}:{name}"


@lru_cache(maxsize=1)
def _markdown_parser():
    """One parser for every text (making one costs more than parsing a note)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def plain_text(markdown: str) -> str:
    """The words of a Markdown text, without its markup (a note's « **ensuite** » is searched and shown as
    « ensuite »)."""
    out = []
    for tok in _markdown_parser().parse(markdown):
        if tok.type == "inline":
            out.append("".join(" " if c.type in ("softbreak", "hardbreak") else c.content for c in tok.children or ()
                               if c.type in ("text", "code_inline", "softbreak", "hardbreak")))
    return " ".join(" ".join(out).split())
