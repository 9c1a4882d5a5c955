"""The schema of ``corpus/lexique.yaml`` (read by :func:`lois.features.search.lexicon.load_lexicon`)."""
from __future__ import annotations

from typing import Annotated, Literal, Optional

from pydantic import AfterValidator, Field, PrivateAttr, StrictBool, StrictStr, model_validator

from lois.core.yamlfile import Schema


def _one_word(w: str) -> str:
    if any(ch.isspace() for ch in w):
        raise ValueError(f"« {w} » : un seul mot attendu, sans espace (un synonyme est un mot)")
    return w


Word = Annotated[StrictStr, Field(min_length=1)]
Words = Annotated[list[Word], Field(min_length=1)]


class TermEntry(Schema):
    """A word or sigle the Code does not use (« revoke », « UI ») and the Code's words searched instead."""
    words: Words
    means: Word
    lang: Optional[Literal["en", "fr"]] = None
    abbreviation: Optional[StrictBool] = None
    exact_case: Optional[StrictBool] = None


class KindWords(Schema):
    """Words that name a kind of document: the search puts the documents of that kind first."""
    law: Optional[Words] = None
    commentary: Optional[Words] = None
    note: Optional[Words] = None
    checklist: Optional[Words] = None
    example: Optional[Words] = None
    glossary: Optional[Words] = None
    situation: Optional[Words] = None
    tool: Optional[Words] = None
    _order: tuple[str, ...] = PrivateAttr(default=())  # the kinds in the order of the file

    @model_validator(mode="wrap")
    @classmethod
    def _keep_order(cls, data, handler):
        kinds = handler(data)
        kinds._order = tuple(data)
        return kinds

    def items(self) -> list[tuple[str, list[str]]]:
        """The kinds written in the file and their words, in the file's order."""
        return [(kind, words) for kind in self._order if (words := getattr(self, kind)) is not None]


class StemEntry(Schema):
    """Forms of a word that the stemmer would merge with a word of another meaning (« appeler l'arbitre », « faire
    appel »): they get a term of their own, the first form's (lois.features.search.analysis.term_of)."""
    words: Annotated[list[Annotated[Word, AfterValidator(_one_word)]], Field(min_length=1)]
    reason: Word


class LexiconFile(Schema):
    """``corpus/lexique.yaml``: groups of French words of the same meaning, terms, kind words, words with a term of
    their own."""
    synonyms: list[Annotated[list[Annotated[Word, AfterValidator(_one_word)]], Field(min_length=2)]]
    terms: list[TermEntry]
    kinds: KindWords
    stems: Optional[list[StemEntry]] = None
