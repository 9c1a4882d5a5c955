"""Schemas of the annotation files, declared once: notes' front matter (``corpus/notes/*.md``), worked examples
(``corpus/exemples/*.yaml``), the glossary (``corpus/glossaire.yaml``) and the situations
(``corpus/situations.yaml``). Types, the forms of ids, and the provisions cited, resolved against the corpus
model given as the validation's context (:data:`lois.core.schemas.Provisions`), and an example's auction and play,
checked against the rules of bridge (``bridge.py``: calls in rotation, each card once) into the calls and cards
with their seats. Each is the one class of what it describes: the fields loading adds (a note's body, a term's
line) are declared ``Loaded`` (refused in the file) and set by the loaders on the validated object, which is what the
site, the search and the checks read.
"""
from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Annotated, Optional, Union

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr, model_validator

from lois.core.grounds import Words
from lois.core.ids import Kind
from lois.core.schemas import Answer, Provisions, Slug, Text
from lois.core.yamlfile import Loaded, Schema, corpus_error
from lois.features.annotations.bridge import Bidding, Call, Trick, bidding, tricks

Irregular = Optional[Union[StrictStr, StrictBool]]


class Note(Schema):
    """A note: its front matter, validated (provisions resolved to the provisions they name), with what loading adds
    (``notes.load_notes``: its body, file and page; an imported commentary shown as a note is one too)."""

    id: Slug
    title: Text
    author: Text
    source: Optional[Text] = None
    provisions: Provisions
    words: Optional[Words] = None  # the words of the Code behind the note's citations (lois.core.grounds)
    body: Loaded[str] = ""
    file: Loaded[str] = ""
    page: Loaded[str] = ""  # docs path of the note's own page
    kind: Loaded[Kind] = Kind.NOTE  # a note of the team, or an imported commentary (Kind.COMMENTARY)

    @property
    def law(self) -> int:
        """The law its text is read from (its first provision's): a relative citation in it is situated there."""
        return self.provisions[0].law


class CallEntry(Schema):
    call: Union[StrictStr, StrictInt]
    seat: Optional[StrictStr] = None
    irregular: Irregular = None
    cancelled: StrictBool = False
    alert: Optional[Text] = None
    comment: Optional[Text] = None


class Auction(Schema):
    dealer: StrictStr
    vulnerability: Optional[StrictStr] = None
    calls: Annotated[list[Union[StrictStr, StrictInt, CallEntry]], Field(min_length=1)]
    contract: Optional[Union[StrictStr, StrictInt]] = None
    declarer: Optional[StrictStr] = None


class CardEntry(Schema):
    card: Union[StrictStr, StrictInt]
    irregular: Irregular = None


class TrickEntry(Schema):
    number: Annotated[StrictInt, Field(ge=1, le=13)]
    leader: StrictStr
    cards: Annotated[list[Union[StrictStr, StrictInt, CardEntry]], Field(min_length=1, max_length=4)]
    comment: Optional[Text] = None


class Play(Schema):
    tricks: Annotated[list[TrickEntry], Field(min_length=1)]


if TYPE_CHECKING:
    CheckedAuction = Bidding
    CheckedPlay = tuple[Trick, ...]
else:
    # the auction and the play as written, checked against the rules of bridge (bridge.py) into what they are:
    # the calls with their seats, the tricks with the seat of each card
    CheckedAuction = Annotated[Auction, AfterValidator(bidding)]
    CheckedPlay = Annotated[Play, AfterValidator(tricks)]


class Example(Schema):
    """A worked example: its file, validated (provisions resolved, auction and play checked against the rules of
    bridge), with what loading adds (``examples.validate_example``: question and ruling stripped, its file, and the
    lines the replay of its checklist reports)."""

    id: Slug
    title: Text
    provisions: Provisions
    auction: Optional[CheckedAuction] = None
    play: Optional[CheckedPlay] = None
    question: Text
    ruling: Text
    checklist: Optional[Slug] = None
    answers: Optional[dict[StrictStr, Answer]] = None
    expected_outcome: Optional[StrictStr] = None
    notes: Optional[list[Slug]] = None
    words: Optional[Words] = None  # the words of the Code behind the ruling's citations
    file: Loaded[str] = ""
    line: Loaded[int] = 1
    checklist_line: Loaded[int] = 1  # lines of « checklist », « expected_outcome » and « answers » (for the replay)
    outcome_line: Loaded[int] = 1
    answers_line: Loaded[int] = 1

    @model_validator(mode="after")
    def _auction_or_play(self) -> "Example":
        if self.auction is None and self.play is None:
            raise corpus_error("un exemple doit avoir des enchères (« auction ») ou une situation de jeu (« play »)")
        return self

    @property
    def calls(self) -> tuple[Call, ...]:
        return self.auction.calls if self.auction else ()

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self.play or ()

    @property
    def page(self) -> str:
        return "exemples/index.md"

    @property
    def anchor(self) -> str:
        return "ex-" + self.id

    @property
    def law(self) -> int:
        """The law its texts are read from (its first provision's): a relative citation is situated there."""
        return self.provisions[0].law

    def comments(self) -> list[str]:
        """The comments and alerts of its diagrams (each linked as one text)."""
        return [t for c in self.calls for t in (c.comment, c.alert) if t] + [t.comment for t in self.tricks
                                                                              if t.comment]


class Term(Schema):
    """A term of the glossary: its entry, validated (provisions resolved to the provisions they name), with what
    loading adds (``glossary.load_glossary``: its definition on one line, where it is written)."""

    term: Text
    forms: Optional[list[Text]] = None  # its variants as written (plural, feminine)
    definition: Text
    provisions: Provisions
    words: Optional[Words] = None  # the words of the Code behind the definition's citations
    file: Loaded[str] = ""
    line: Loaded[int] = 0

    @property
    def all_forms(self) -> list[str]:
        """The term and its variants, matched case-insensitively."""
        return [self.term] + [f for f in self.forms or [] if f != self.term]

    @property
    def anchor(self) -> str:
        return "terme-" + slug(self.term)


def slug(text: str) -> str:
    s = unicodedata.normalize("NFKD", text.lower())
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


class Situation(Schema):
    """A « Que faire si… » situation: its entry, validated (provisions resolved to the provisions they name), with
    what loading adds (``situations.load_situations``: its description on one line, its checklists checked against
    the corpus's lists, its line)."""

    id: Slug
    title: Text
    description: Text
    provisions: Provisions
    notes: Optional[list[Slug]] = None
    examples: Optional[list[Slug]] = None
    checklist: Optional[Union[Slug, list[Slug]]] = None  # one checklist or several (the first is opened inline)
    calculator: Optional[Slug] = None
    no_checklist: Optional[Text] = None  # why a situation whose laws a checklist applies does not link it
    no_calculator: Optional[Text] = None
    words: Optional[Words] = None  # the words of the Code behind the description's citations
    checklists: Loaded[list[str]] = []  # « checklist » as a list, each name a checklist of the corpus
    line: Loaded[int] = 1


Glossary = list[Term]
Situations = list[Situation]
