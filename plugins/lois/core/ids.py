"""Identifiers and kinds shared by every layer, defined once.

A *node* of the citation graph is either a provision of the Code (a :class:`ProvisionId`, written ``"50"``,
``"50D2"``, ``"27B1(b)"``, ``"30B1(b)(i)"``) or a commentary (its node id, ``"commentaire:chantigny-23"``, read by
:class:`NodeRef`).

>>> NodeRef.parse("commentaire:renonce-64")
NodeRef(kind=<Kind.COMMENTARY: 'commentary'>, key='renonce-64')
>>> str(NodeRef.commentary("renonce-64"))
'commentaire:renonce-64'

A provision's id is a value, :class:`ProvisionId`: built where an id is read (the master texts' parser, the
resolver of citations, `provision_id` for what people and corpus files write), then passed
around as is: the model's maps, the citations' targets and spans, the schemas' fields hold it, and no code reads a
law number out of an id string again. It owns its canonical string, its level, its anchor on the law's page, its
parents and its address on the site.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from lois.core.lazyre import compile_lazily

LAW_COUNT = 93  # the Code has Laws 1 to 93
# The one table of roman numerals (an item's marker, « (iv) »), in order, and the one pattern that reads them: the
# parser of the master texts, the importer, the citation grammar (Python and the browser's program) and the
# resolver of relative references all use these two, so « Loi 30B1(b)(xi) » reads the same everywhere.
ROMAN_NUMERALS = tuple(
    "x" * (n // 10) + ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")[n % 10] for n in range(1, 40))
ROMAN_PATTERN = r"(?=[ivx])x{0,3}(?:ix|iv|v?i{0,3})"  # exactly ROMAN_NUMERALS (i to xxxix), lower case
COMMENTARY_PREFIX = "commentaire:"


class Level(StrEnum):
    """Depth of a provision: Loi 50 → section 50D → paragraph 50D2 → sub-point 50D2(a) → item 50D2(a)(i)."""
    LAW = "law"
    SECTION = "section"
    PARAGRAPH = "paragraph"
    SUBPOINT = "subpoint"
    ITEM = "item"


LEVELS: tuple[Level, ...] = tuple(Level)


class Kind(StrEnum):
    """What a document of the site is, the one vocabulary of kinds: a node of the citation graph (a law, a
    provision, a stub, a commentary), a search result, an annotation (a note, a commentary). The value is the
    identifier in JSON, CSS and the search data; the label what a reader sees."""
    LAW = "law"  # a law; in the search results, a law or one of its provisions
    PROVISION = "provision"
    COMMENTARY = "commentary"
    NOTE = "note"
    CHECKLIST = "checklist"
    EXAMPLE = "example"
    GLOSSARY = "glossary"
    SITUATION = "situation"
    STUB = "stub"
    TOOL = "tool"

    @property
    def label(self) -> str:
        return KIND_LABELS[self]


KIND_LABELS = {
    Kind.LAW: "Loi", Kind.PROVISION: "Provision", Kind.COMMENTARY: "Commentaire", Kind.NOTE: "Note",
    Kind.CHECKLIST: "Liste d'arbitrage", Kind.EXAMPLE: "Exemple", Kind.GLOSSARY: "Glossaire",
    Kind.SITUATION: "Que faire si…", Kind.STUB: "Loi non incluse", Kind.TOOL: "Outil",
}


# the canonical form of a provision id: law, section letter, paragraph number, (sub-point), (item)
_CANONICAL = re.compile(rf"([1-9][0-9]?)([A-Z])?([0-9]{{1,2}})?(?:\(([a-z]{{1,2}})\))?(?:\(({ROMAN_PATTERN})\))?")
# the level of each part, by its place after the law number
_PART_LEVEL = (Level.SECTION, Level.PARAGRAPH, Level.SUBPOINT, Level.ITEM)

# How an id is written and keyed, as data: the browser receives these very values (lois.render.ids_js) and
# applies them with one generic reader (render/assets/ids.js), so changing a rule here changes both sides.
BARE_PART = re.compile(r"[0-9]+|[A-Z]")  # a part written as is after the law number (« 50D2 »)…
PART_BRACKETS = ("(", ")")  # …any other part between these (« (a) », « (iii) »)
KEY_JOIN, KEY_CASE = "", "lower"  # the key: law number and parts joined by KEY_JOIN, in KEY_CASE (« 27b1b »)
CASES: dict[str, Callable[[str], str]] = {"upper": str.upper, "lower": str.lower, "": str}  # the browser knows these


def cased(text: str, case: str) -> str:
    """``text`` in the case named ``case`` (a key of :data:`CASES`: "upper", "lower", or "" for as is)."""
    return CASES[case](text)


@lru_cache(maxsize=8192)  # a pure function of a path: the Code has a few thousand (str(ProvisionId), often asked)
def written_path(path: tuple[str, ...]) -> str:
    """A path as written after a law number (``("B", "1", "b")`` → ``"B1(b)"``; relative paths too)."""
    return "".join(p if BARE_PART.fullmatch(p) else PART_BRACKETS[0] + p + PART_BRACKETS[1] for p in path)


@lru_cache(maxsize=8192)  # a pure function of an id (often asked: a provision's nearest page, its parents)
def _ancestors(law: int, path: tuple[str, ...]) -> tuple["ProvisionId", ...]:
    return tuple(ProvisionId(law, path[:i]) for i in range(len(path)))


@dataclass(frozen=True, order=True)
class ProvisionId:
    """A provision of the Code: its law number and its path (section, paragraph, sub-point, item).

    >>> pid = ProvisionId.parse("30B1(b)(i)")
    >>> pid.law, pid.path, pid.level
    (30, ('B', '1', 'b', 'i'), <Level.ITEM: 'item'>)
    >>> str(pid), pid.anchor, pid.url
    ('30B1(b)(i)', 'B1bi', 'lois/30/#B1bi')
    >>> [str(p) for p in pid.ancestors]
    ['30', '30B', '30B1', '30B1(b)']
    >>> ProvisionId.parse("12").level, ProvisionId.parse("12").url, ProvisionId.parse("12C1(e)").page
    (<Level.LAW: 'law'>, 'lois/12/', 'lois/12.md')
    >>> [ProvisionId.parse(i).level.value for i in ("12C", "12C1", "12C1(e)", "7(a)")]
    ['section', 'paragraph', 'subpoint', 'subpoint']
    >>> ProvisionId.of("27b1"), ProvisionId.of("94"), ProvisionId.of("commentaire:x")  # not canonical: None
    (None, None, None)
    """

    law: int
    path: tuple[str, ...] = ()

    @classmethod
    def of(cls, text: str) -> "ProvisionId | None":
        """The id written in canonical form in ``text``; None for anything else (a commentary, a typed form)."""
        m = _CANONICAL.fullmatch(text) if isinstance(text, str) else None
        if m is None or not is_law_number(int(m.group(1))):
            return None
        return cls(int(m.group(1)), tuple(g for g in m.groups()[1:] if g))

    @classmethod
    def parse(cls, text: str) -> "ProvisionId":
        """Like :meth:`of`, for an id known to be canonical (the corpus's own): ValueError otherwise."""
        pid = cls.of(text)
        if pid is None:
            raise ValueError(f"identifiant de provision non canonique : {text!r}")
        return pid

    def __str__(self) -> str:
        return f"{self.law}" + written_path(self.path)

    @property
    def level(self) -> Level:
        if not self.path:
            return Level.LAW
        return _PART_LEVEL[self._skipped + len(self.path) - 1]

    @property
    def _skipped(self) -> int:
        """How many levels above the first part the path does not have (a law without sections: 1)."""
        first = self.path[0]
        return 0 if first.isupper() else 1 if first.isdigit() else 2

    @property
    def anchor(self) -> str:
        """The fragment of the provision on its law's page (``"D2a"``); empty for the law itself."""
        return "".join(self.path)

    @property
    def key(self) -> str:
        """The spelling-free key of the id, the one the short links, the search's citation table and the linkifier's
        data are keyed by (the browser builds it from the parts of what was typed with the same :data:`KEY_JOIN`
        and :data:`KEY_CASE`, generated for it: « Loi 27 B 1 (b) » → ``"27b1b"``).

        >>> ProvisionId.parse("27B1(b)").key, ProvisionId.parse("30B1(b)(i)").key
        ('27b1b', '30b1bi')
        """
        return cased(KEY_JOIN.join((str(self.law), *self.path)), KEY_CASE)

    @property
    def code_order(self) -> tuple:
        """The provision's place in the Code, to sort by: law, then sections, paragraphs by number (2 before 10),
        sub-points and items by their numeral (iv before ix), a provision before its descendants.

        >>> ids = ["30B1(b)(ix)", "12C10", "30B1(b)(iv)", "12C2", "12C", "32A2(a)", "32B", "12"]
        >>> [str(p) for p in sorted((ProvisionId.parse(i) for i in ids), key=lambda p: p.code_order)]
        ['12', '12C', '12C2', '12C10', '30B1(b)(iv)', '30B1(b)(ix)', '32A2(a)', '32B']
        """
        return self.law, tuple(_part_order(part, _PART_LEVEL[self._skipped + i]) for i, part in enumerate(self.path))

    @property
    def parent(self) -> "ProvisionId | None":
        return ProvisionId(self.law, self.path[:-1]) if self.path else None

    @property
    def ancestors(self) -> tuple["ProvisionId", ...]:
        """The law, then each enclosing provision, outermost first (the provision itself left out)."""
        return _ancestors(self.law, self.path)

    @property
    def page(self) -> str:
        """The source path of the law's page in the site (``"lois/50.md"``)."""
        return f"lois/{self.law}.md"

    @property
    def url(self) -> str:
        """The address of the provision, relative to the site's root (``"lois/50/#D2a"``)."""
        return f"lois/{self.law}/" + (f"#{self.anchor}" if self.path else "")


def _part_order(part: str, level: Level) -> tuple[int, str]:
    """One part of a path as a sort key: a number by its value, an item by its roman numeral, a letter as written."""
    if part.isdigit():
        return int(part), ""
    if level is Level.ITEM and part in ROMAN_NUMERALS:
        return ROMAN_NUMERALS.index(part) + 1, ""
    return 0, part


def is_law_number(n: int) -> bool:
    return 1 <= n <= LAW_COUNT


# How a person writes one id (search queries, corpus files), read leniently; compiled when first used
LENIENT_ID = compile_lazily(  # public: the site search runs it in the browser (lois.render.jsregex)
    rf"""\s*(?:(?:la|les)\s+)?(?:lois?|l)?\.?\s*(?:n[°º]\s*)?
    (?P<law>[0-9]{{1,2}})
    (?:\s*(?P<sec>[A-H])
      (?:\s*(?P<para>[0-9]{{1,2}})
        (?:\s*(?:\(\s*(?P<sub>[a-z])\s*\)|(?P<gsub>[a-z]))
          (?:\s*(?:\(\s*(?P<rom>(?:{ROMAN_PATTERN}))\s*\)|(?P<grom>(?:{ROMAN_PATTERN}))))?
        )?
      )?
    )?\s*[.;,]?\s*""",
    re.IGNORECASE | re.VERBOSE,
)
# How lenient_parts reads a match of LENIENT_ID, as data (the browser reads the same, lois.render.ids_js): the
# group of the law number; then each part of the path in order, with the groups that may hold it (the first that
# matched wins) and the case it is put in (CASES); and the longest text read.
LENIENT_LAW = "law"
LENIENT_PARTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("sec",), "upper"), (("para",), ""), (("sub", "gsub"), "lower"), (("rom", "grom"), "lower"))
LENIENT_MAX_CHARS = 200


def lenient_parts(s: str) -> tuple[int, tuple[str, ...]] | None:
    """The law number and path of one provision id typed by a person (``27B1b``, ``27 B 1 b``, ``loi 50 D 2``,
    ``L64``, ``30b1bi``; the law must be 1–93), or None (:func:`lois.core.cite.parse_provision_id`)."""
    if not isinstance(s, str) or len(s) > LENIENT_MAX_CHARS:
        return None
    m = LENIENT_ID.fullmatch(s)
    if not m:
        return None
    law = int(m.group(LENIENT_LAW))
    if not is_law_number(law):
        return None
    parts: list[str] = []
    for groups, case in LENIENT_PARTS:
        value = next((v for v in map(m.group, groups) if v), None)
        if value:
            parts.append(cased(value, case))
    return law, tuple(parts)


def provision_id(raw) -> ProvisionId | None:
    """The provision that text written by a person or in a corpus file names (« 27B1b », « Loi 64 », ``64`` read
    by YAML as a number), read by the lenient parser (:func:`lenient_parts`); None if it names none. The one place
    where a written id becomes a :class:`ProvisionId` (also :func:`lois.core.cite.provision_id`, the same function):
    past it, the code passes the value around.

    >>> str(provision_id("27 b 1 b")), provision_id(64), provision_id("B1")
    ('27B1(b)', ProvisionId(law=64, path=()), None)
    """
    read = lenient_parts(str(raw))
    return None if read is None else ProvisionId(*read)


# The one wording of a provision that is not there, for every message that says so (lois verifie, lois renvois, the
# YAML schemas, the checklists, the site's previews, the club linkifier): « provision « 27B7 » introuvable dans le
# texte de la Loi 27 du corpus », followed by why (one of the reasons below) and, when a link still leads somewhere,
# where (:func:`leads_to`).
NOT_AN_ID = ": ce n'est pas un identifiant de provision (ex. 64A1, 50D2(a))"
NOT_IN_CORPUS = "dans le corpus (ni texte, ni loi citée)"


def not_found(shown: str, why: str) -> str:
    """« provision « 94A » introuvable : la Loi 94 n'existe pas (le Code compte 93 lois) ».

    >>> not_found("30B1(b)(xi)", not_in_law(30)) + leads_to("30B1(b)")
    'provision « 30B1(b)(xi) » introuvable dans le texte de la Loi 30 du corpus ; le lien mène à 30B1(b)'
    """
    return f"provision « {shown} » introuvable {why}"


def law_missing(law: int) -> str:
    """« la Loi 94 n'existe pas (le Code compte 93 lois) »: a citation, a range, an id of a law outside the Code."""
    return f"la Loi {law} n'existe pas (le Code compte {LAW_COUNT} lois)"


def no_such_law(law: int) -> str:
    return ": " + law_missing(law)


def not_in_law(law: int) -> str:
    return f"dans le texte de la Loi {law} du corpus"


def not_on_site(law: "int | str") -> str:
    """The same, said to a reader of the site or of a club's page (the site's previews, the club linkifier)."""
    return f"dans le texte de la Loi {law} de ce site"


def leads_to(target: "ProvisionId | str") -> str:
    return f" ; le lien mène à {target}"


def why_not_found(law: int | None, laws) -> str:
    """Why an id names no provision, from the ``law`` number read in it (None: none could be read) and the ``laws``
    whose text the corpus has: not an id, a law outside the Code, absent from its law's text, or a law neither
    present nor cited."""
    if law is None:
        return NOT_AN_ID
    if not is_law_number(law):
        return no_such_law(law)
    return not_in_law(law) if law in laws else NOT_IN_CORPUS


def is_commentary(node_id: str) -> bool:
    return node_id.startswith(COMMENTARY_PREFIX)


@dataclass(frozen=True)
class NodeRef:
    """A node of the citation graph: a provision or a commentary. (Each dataclass has a docstring: without one,
    `dataclass` computes a signature to make one, which costs every command's start-up.)"""

    kind: Kind  # Kind.PROVISION or Kind.COMMENTARY
    key: str  # canonical provision id, or the commentary's id

    @classmethod
    def parse(cls, node_id: str) -> "NodeRef":
        if is_commentary(node_id):
            return cls(Kind.COMMENTARY, node_id[len(COMMENTARY_PREFIX):])
        return cls(Kind.PROVISION, node_id)

    @classmethod
    def commentary(cls, key: str) -> "NodeRef":
        return cls(Kind.COMMENTARY, key)

    def __str__(self) -> str:
        return COMMENTARY_PREFIX + self.key if self.kind is Kind.COMMENTARY else self.key
