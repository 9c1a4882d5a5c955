"""Schemas of the corpus files read by the core (checked by :func:`lois.core.yamlfile.validate`), and the
field types every corpus schema shares. The features declare the schemas of their own files next to their
loaders (``features/annotations/schema.py``, ``features/checklists/model.py``) with these types.

Each schema is strict: a law number written ``"50"`` or ``true`` is refused, not converted, and an unknown
key is refused (a misspelt key would otherwise be ignored without a word).
"""
from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING, Annotated, Literal, Optional, Union

from pydantic import AfterValidator, Field, PlainSerializer, StrictInt, StrictStr, ValidationInfo

from lois.core.cite import provision_id, unknown_provision
from lois.core.grounds import Words
from lois.core.ids import LAW_COUNT as TOTAL_LAWS, ProvisionId
from lois.core.provenance import Provenance, declared
from lois.core.safeurl import WEB_SCHEMES, safe_url, url_problem
from lois.core.yamlfile import Loaded, Schema, corpus_error, invisible_problem

SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")
# an id is the name of a page's folder (« notes/<id>/ »), of a file of the offline copy and a part of an address:
# past about 255 bytes the file system refuses it and the build fails without naming the corpus file; the longest
# id of the corpus has 43 characters
SLUG_MAX = 100
# the id of a checklist's question, choice or outcome: written in addresses (« ?r=question:choix,… », read back by
# the browser) and on the command line (« --reponses question:choix »), where « , », « : », « % », « # », a space or
# an accent would not come back as written; and compared with « next: », « start: », the cases' answers
NODE_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")


def _text(value: str) -> str:
    if not value.strip():
        raise ValueError("ne doit pas être vide")
    problem = invisible_problem(value)  # « \x07 » or « \0 » written as an escape between double quotes
    if problem:
        raise ValueError(problem)
    return value


def _web_url(value: str) -> str | None:
    problem = url_problem(value, WEB_SCHEMES)
    if problem:
        raise ValueError(f"adresse « {_shown(value)} » refusée : {problem}")
    return safe_url(value)  # as a browser reads it: the ends stripped


def _relative_url(value: str) -> str:
    problem = url_problem(value, ())
    if problem:
        raise ValueError(f"adresse « {_shown(value)} » refusée : {problem}")
    return value


def _shown(value: str) -> str:
    value = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in value)
    return value if len(value) <= 60 else value[:59] + "…"


def _slug(value: str) -> str:
    if not SLUG.fullmatch(value):
        raise ValueError(f"identifiant « {_shown(value)} » invalide{_first_odd(value, SLUG)} : minuscules, chiffres et "
                         "tirets")
    if len(value) > SLUG_MAX:
        raise ValueError(too_long(value))
    return value


def too_long(value: str) -> str:
    """Why an id or a page's file name longer than :data:`SLUG_MAX` is refused."""
    return (f"identifiant « {_shown(value)} » trop long ({len(value)} caractères, {SLUG_MAX} au plus) : il devient "
            "le nom d'une page et une partie de son adresse")


def node_id(value: str) -> str:
    """A checklist's question, choice or outcome id (:data:`NODE_ID`)."""
    if not NODE_ID.fullmatch(value):
        raise ValueError(f"identifiant « {value} » invalide{_first_odd(value, NODE_ID)} : lettres sans accents, "
                         "chiffres, « _ » et « - »")
    return value


def _first_odd(value: str, pattern: re.Pattern) -> str:
    """Which character of an id is refused, made visible (a Cyrillic « а » looks like a Latin « a »)."""
    import unicodedata

    for i, ch in enumerate(value):
        if not pattern.fullmatch(("a" if i else "") + ch):  # a character the id may not hold, or may not start with
            name = unicodedata.name(ch, "").lower()
            return f" (caractère « {ch} », U+{ord(ch):04X}{' ' + name if name else ''})"
    return ""


def _provision_id(value) -> ProvisionId:
    pid = provision_id(value)
    if pid is None:
        raise ValueError(unknown_provision(value))
    return pid


def _provision(value) -> str:
    _provision_id(value)
    return str(value)


def _law(value: int) -> int:
    if not 1 <= value <= TOTAL_LAWS:
        raise ValueError(f"numéro de loi invalide : « {value} » (le Code compte {TOTAL_LAWS} lois, de 1 à "
                         f"{TOTAL_LAWS})")
    return value


Text = Annotated[StrictStr, AfterValidator(_text)]
# an address written as a link: http(s) or relative (lois.core.safeurl); a page under a source's address: relative
WebUrl = Annotated[StrictStr, AfterValidator(_web_url)]
RelativeUrl = Annotated[StrictStr, AfterValidator(_relative_url)]
Slug = Annotated[StrictStr, AfterValidator(_slug)]
LawNumber = Annotated[StrictInt, AfterValidator(_law)]
# a provision id as written: « 50D2(a) », or a law number that YAML reads as a number (« - 64 »), its form checked
# and kept as written (a key whose line is looked up, an id written back into a file)
WrittenProvision = Annotated[Union[StrictStr, StrictInt], AfterValidator(_provision)]
if TYPE_CHECKING:
    Provision = ProvisionId
else:
    # the same, validated into the provision it names (lois.core.cite.provision_id), written back as its text
    Provision = Annotated[Union[StrictStr, StrictInt], AfterValidator(_provision_id), PlainSerializer(str)]


if TYPE_CHECKING:
    ProvenanceList = tuple[Provenance, ...]
else:
    # what a text's words are (lois.core.provenance): a non-empty list of declared values, read once into the enum
    ProvenanceList = Annotated[list[StrictStr], Field(min_length=1), AfterValidator(declared)]
SectionLetter = Annotated[StrictStr, Field(pattern=r"^[A-H]$")]


def _distinct_letters(sections: dict[str, str]) -> dict[str, str]:
    letters = list(sections.values())
    twice = next((x for x in letters if letters.count(x) > 1), None)
    if twice is not None:
        raise ValueError(f"deux sections de la source deviendraient la section {twice}")
    same = next((k for k, v in sections.items() if k == v), None)
    if same is not None:
        raise ValueError(f"la section {same} garde sa lettre : retirez-la de la renumérotation")
    return sections


# source letter → letter published (« {C: D, D: C} »): at least one section, no two onto the same letter
SectionMap = Annotated[dict[SectionLetter, SectionLetter], Field(min_length=1), AfterValidator(_distinct_letters)]


# one provision (« provisions: 50B ») or a non-empty list of them, as written in a file
_ProvisionsWritten = Union[Annotated[list[WrittenProvision], Field(min_length=1)], WrittenProvision]


def resolve_id(model, raw) -> ProvisionId | None:
    """The provision `raw` names if it is a provision of the corpus `model`, a stub, or a provision of a law whose
    stub page exists."""
    pid = provision_id(raw)
    if pid is None:
        return None
    if pid in model.provisions or pid in model.stubs:
        return pid
    if pid.law not in model.laws and pid.law in model.stub_laws():
        return pid  # provision of a law not in the corpus: the link lands on the law's stub page
    return None


def _canonical(raw) -> ProvisionId:
    pid = provision_id(raw)
    assert pid is not None  # checked by WrittenProvision
    return pid


def _resolved(value, info: ValidationInfo) -> list[ProvisionId]:
    """The provisions a file cites; each must resolve in the corpus model, the validation's context
    (``validate(..., context={"model": model})``); without one, only their form is checked."""
    single = not isinstance(value, list)
    values = [value] if single else value
    model = (info.context or {}).get("model")
    if model is None:
        return [_canonical(v) for v in values]
    out = []
    for i, v in enumerate(values):
        pid = resolve_id(model, v)
        if pid is None:
            raise corpus_error(unknown_provision(v, model.laws),
                               *(() if single else (i,)))
        out.append(pid)
    return out


if TYPE_CHECKING:
    Answer = str
else:
    # a checklist's answer: a choice's id, read as text even when written as a number (« 3 »)
    Answer = Annotated[Union[StrictStr, StrictInt], AfterValidator(str)]

if TYPE_CHECKING:
    Provisions = list[ProvisionId]
else:
    # the provisions a file cites (one or a list), validated into the list of the provisions they name
    Provisions = Annotated[_ProvisionsWritten, AfterValidator(_resolved)]


class LawFront(Schema):
    """Front matter of a master law file ``corpus/lois/NN.md``."""

    law: LawNumber
    title: Optional[Text] = None
    title_note: Optional[Text] = None
    source: Optional[Text] = None
    document: Optional[Text] = None
    quoted_in: Optional[Text] = None
    provenance: Optional[ProvenanceList] = None  # what the words are (lois.core.provenance)
    provenance_note: Optional[Text] = None  # the law's own repairs and caveats, shown with its provenance
    renumbered: Optional[SectionMap] = None  # sections renumbered at import: source letter → letter here



class CommentaryRemark(Schema):
    """A remark of the project beside an imported commentary whose words it does not change (``remarks``): where
    the source errs against the Code, the site keeps the source's words and says so beside them."""

    about: Text  # the commentary's own words the remark is about: they must stand in its text
    remark: Text  # the project's remark, in French; its citations carry the words of the Code (``words``)
    words: Optional[Words] = None


class Correction(Schema):
    line: Annotated[StrictInt, Field(ge=1)]
    before: StrictStr
    after: StrictStr
    reason: Text


class Renumbering(Schema):
    """Sections of one law of a source published under other letters (``renumber``): the source follows another
    edition's order; ``lois importe`` gives each section its 2017 letter, puts it in its place and logs it."""

    law: LawNumber
    sections: SectionMap
    reason: Text


class SourceEntry(Schema):
    """One source text in ``corpus/sources/sources.yaml`` (reviewed facts read by ``lois importe``), with where
    each of its corrections and renumberings is written (for the error of one that no longer matches)."""

    file: Text
    document: Optional[Text] = None
    provenance: Optional[ProvenanceList] = None  # what the law text of the source is (lois.core.provenance)
    provenance_note: Optional[Text] = None
    kind: Optional[Annotated[StrictStr, Field(pattern=r"^(law|commentary)$")]] = None
    laws: list[LawNumber] = []
    law: Optional[LawNumber] = None
    title: Optional[Text] = None
    title_note: Optional[Text] = None
    quoted_in: Optional[Text] = None
    commentary_id: Optional[Slug] = None
    commentary_title: Optional[Text] = None
    commentary_author: Optional[Text] = None
    commentary_from: Optional[Text] = None
    commentary_laws: list[LawNumber] = []
    commentary_provisions: list[WrittenProvision] = []
    commentary_remarks: list[CommentaryRemark] = []  # the project's remarks, written into the commentary's front matter
    corrections: list[Correction] = []
    renumber: list[Renumbering] = []
    sources_file: Loaded[Optional[str]] = None  # the file it was read from (``lois.core.importer.load_sources``)
    correction_lines: Loaded[list[int]] = []  # the line of each correction in sources_file
    renumber_lines: Loaded[list[int]] = []  # the line of each renumbering in sources_file



# --------------------------------------------------------------------------- corpus/edition.yaml

class Publisher(Schema):
    """Who publishes the official text (named on the pages of laws whose text is not included)."""

    name: Text
    text: Optional[Text] = None
    url: Optional[WebUrl] = None


class TitleSourceEntry(Schema):
    """A public page where French titles (or the numbering of a law's sections) were read (``sources.<key>``)."""

    url: Optional[WebUrl] = None
    what: Text
    read: Optional[datetime.date] = None


class LawTitle(Schema):
    """The French title of one law (``laws.<n>``); its ``source`` is a key of ``sources``. Loading
    (``lois.core.edition.load_edition``) trims the title and adds its law and the entry of ``sources`` it names."""

    title: Optional[Text] = None
    source: Optional[Slug] = None
    source_text: Optional[Text] = None
    page: Optional[RelativeUrl] = None
    accents: Optional[Literal["rétablis"]] = None
    law: Loaded[int] = 0
    origin: Loaded[Optional[TitleSourceEntry]] = None  # the entry of ``sources`` that its ``source`` names

    @property
    def accents_restored(self) -> bool:
        return self.accents == "rétablis"

    @property
    def url(self) -> str | None:
        """Where the title was read: the source's address (and the page under it), when it is a safe one."""
        base = self.origin.url if self.origin else None
        if base and self.page:
            return safe_url(base.rstrip("/") + "/" + self.page.lstrip("/"))
        return base


class PartialEntry(Schema):
    """A law of the corpus whose source quotes the Code partially (``partial.<n>``): the sections it leaves out
    (``missing``), what the page says of the source (``note``), and, by provision, what the source
    leaves out of it where that matters to a ruling (``omitted``: the site's own words, never shown as the text
    of the Code; a key is a provision of this law, present in its master or a section of ``missing``), and the
    pages where those facts were read (``read_in``, keys of ``sources``). A source that has every section but
    leaves a paragraph out (Law 16, without C3) has no ``missing`` and says the paragraph under ``omitted``."""

    missing: Annotated[list[Annotated[StrictStr, Field(pattern=r"^[A-H]$")]], Field(min_length=1)] = Field(
        default_factory=list)
    note: Optional[Text] = None
    omitted: Optional[Annotated[dict[WrittenProvision, Text], Field(min_length=1)]] = None
    read_in: Optional[Annotated[list[Slug], Field(min_length=1)]] = None  # keys of ``sources``: where it was read
    # provisions of the master that the 2017 Code does not have (paragraphs of the other edition its source
    # follows: Law 16, A3 and A4); each has its note under ``omitted``, shown as « Absent du Code 2017 »
    not_in_2017: Optional[Annotated[list[WrittenProvision], Field(min_length=1)]] = None


class WordingEntry(Schema):
    """A law of the corpus whose source quotes provisions in full, but in words that differ from the 2017 Code at
    some place (``wording.<n>``): by provision of its master, what the 2017 Code says there and how the source's
    words differ, in the site's own words (``differs``: shown under the provision as a difference of wording,
    never as the text of the Code, and without calling the quotation partial), and the pages where the 2017 text
    was read (``read_in``, keys of ``sources``)."""

    read_in: Annotated[list[Slug], Field(min_length=1)]
    differs: Annotated[dict[WrittenProvision, Text], Field(min_length=1)]


class EditionFile(Schema):
    """``corpus/edition.yaml``: facts about the official edition (read by :mod:`lois.core.edition`)."""

    publisher: Optional[Publisher] = None
    sources: Optional[dict[Slug, TitleSourceEntry]] = None
    laws: Optional[dict[LawNumber, LawTitle]] = None
    partial: Optional[dict[LawNumber, PartialEntry]] = None
    wording: Optional[dict[LawNumber, WordingEntry]] = None
