"""Identifiers and kinds shared by every layer, defined once.

A *node* of the citation graph is either a provision of the Code (``"50"``, ``"50D2"``,
``"27B1(b)"``, ``"30B1(b)(i)"``: canonical ids, see :func:`lois.core.cite.format_id`) or a
commentary (``"commentaire:chantigny-23"``). Code that needs to know which kind a node is asks
:class:`NodeRef` instead of parsing the string itself.

>>> NodeRef.parse("commentaire:renonce-64")
NodeRef(kind=<NodeKind.COMMENTARY: 'commentaire'>, key='renonce-64')
>>> NodeRef.parse("27B1(b)").law
27
>>> str(NodeRef.commentary("renonce-64"))
'commentaire:renonce-64'
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

LAW_COUNT = 93  # the Code has Laws 1 to 93
ROMAN_NUMERALS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
COMMENTARY_PREFIX = "commentaire:"


class Level(StrEnum):
    """Depth of a provision: Loi 50 → section 50D → paragraph 50D2 → sub-point 50D2(a) → item 50D2(a)(i)."""
    LAW = "law"
    SECTION = "section"
    PARAGRAPH = "paragraph"
    SUBPOINT = "subpoint"
    ITEM = "item"


LEVELS: tuple[Level, ...] = tuple(Level)


class NodeKind(StrEnum):
    PROVISION = "provision"
    COMMENTARY = "commentaire"


def is_law_number(n: int) -> bool:
    return 1 <= n <= LAW_COUNT


def law_of(node_id: str) -> int:
    """The law number a provision id starts with (``"27B1(b)"`` → 27); 0 for a commentary or no digits."""
    digits = ""
    for ch in node_id:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else 0


def is_commentary(node_id: str) -> bool:
    return node_id.startswith(COMMENTARY_PREFIX)


@dataclass(frozen=True)
class NodeRef:
    kind: NodeKind
    key: str  # canonical provision id, or the commentary's id

    @classmethod
    def parse(cls, node_id: str) -> "NodeRef":
        if is_commentary(node_id):
            return cls(NodeKind.COMMENTARY, node_id[len(COMMENTARY_PREFIX):])
        return cls(NodeKind.PROVISION, node_id)

    @classmethod
    def commentary(cls, key: str) -> "NodeRef":
        return cls(NodeKind.COMMENTARY, key)

    @property
    def law(self) -> int | None:
        return law_of(self.key) or None if self.kind is NodeKind.PROVISION else None

    def __str__(self) -> str:
        return COMMENTARY_PREFIX + self.key if self.kind is NodeKind.COMMENTARY else self.key
