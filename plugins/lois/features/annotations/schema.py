"""Schemas of the annotation files, declared once: notes' front matter (``corpus/notes/*.md``), worked examples
(``corpus/exemples/*.yaml``), the glossary (``corpus/glossaire.yaml``) and the situations
(``corpus/situations.yaml``). Types, the forms of ids, and the provisions cited, resolved against the corpus
model given as the validation's context (:data:`lois.core.schemas.Provisions`), and an example's auction and play,
checked against the rules of bridge (``bridge.py``: calls in rotation, each card once) into the calls and cards
with their seats; the loaders extend the validated object with what loading adds (a note's body, a term's line):
that object is what the site, the search and the checks read.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional, Union

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr, model_validator

from lois.core.grounds import Words
from lois.core.schemas import Answer, Provisions, Slug, Text
from lois.core.yamlfile import Schema, corpus_error
from lois.features.annotations.bridge import Bidding, Trick, bidding, tricks

Irregular = Optional[Union[StrictStr, StrictBool]]


class NoteFront(Schema):
    id: Slug
    title: Text
    author: Text
    source: Optional[Text] = None
    provisions: Provisions
    words: Optional[Words] = None  # the words of the Code behind the note's citations (lois.core.grounds)


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


class ExampleFile(Schema):
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

    @model_validator(mode="after")
    def _auction_or_play(self) -> "ExampleFile":
        if self.auction is None and self.play is None:
            raise corpus_error("un exemple doit avoir des enchères (« auction ») ou une situation de jeu (« play »)")
        return self


class TermEntry(Schema):
    term: Text
    forms: Optional[list[Text]] = None
    definition: Text
    provisions: Provisions
    words: Optional[Words] = None  # the words of the Code behind the definition's citations


class SituationEntry(Schema):
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


Glossary = list[TermEntry]
Situations = list[SituationEntry]
