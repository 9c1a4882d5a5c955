"""What the words of a law's text are — its provenance —, one vocabulary for the whole project.

A master (``corpus/lois/NN.md``) and the entry of its source in ``corpus/sources/sources.yaml`` declare it
(``provenance: [other_edition]``); the schemas read it once into :class:`Provenance` values. Whether a source
leaves sections out is said once, in ``corpus/edition.yaml`` (``partial``): the model adds
:attr:`Provenance.PARTIAL_QUOTATION` to such a law (:func:`law_provenance`), and no file declares it.

>>> Provenance("other_edition").label
"texte d'une autre édition, présenté dans l'ordre du Code 2017"
>>> [p.value for p in declared(["director_quotation"])]
['director_quotation']
>>> declared(["partial_quotation"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: « partial_quotation » ne se déclare pas ici : ... dans corpus/edition.yaml (partial), ...
"""
from __future__ import annotations

from enum import StrEnum


class Provenance(StrEnum):
    """What a law's text is: the value is its identifier (files, JSON), the label and the description what a
    reader sees."""
    OFFICIAL_2017 = "official_2017"
    DIRECTOR_QUOTATION = "director_quotation"
    PARTIAL_QUOTATION = "partial_quotation"
    OTHER_EDITION = "other_edition"

    @property
    def label(self) -> str:
        return LABELS[self]

    @property
    def description(self) -> str:
        return DESCRIPTIONS[self]


LABELS = {
    Provenance.OFFICIAL_2017: "texte officiel 2017",
    Provenance.DIRECTOR_QUOTATION: "texte cité par un directeur, non officiel",
    Provenance.PARTIAL_QUOTATION: "citation partielle",
    Provenance.OTHER_EDITION: "texte d'une autre édition, présenté dans l'ordre du Code 2017",
}

DESCRIPTIONS = {
    Provenance.OFFICIAL_2017: "les mots de l'édition française du Code International de Bridge Duplicate 2017.",
    Provenance.DIRECTOR_QUOTATION: "les mots de la loi tels qu'un directeur les cite dans ses notes ; ce n'est pas "
                                   "l'édition officielle, dont la rédaction peut différer.",
    Provenance.PARTIAL_QUOTATION: "la source ne cite pas toute la loi : les sections ou paragraphes qu'elle laisse "
                                  "de côté sont signalés à leur place.",
    Provenance.OTHER_EDITION: "la source suit l'ordre ou la rédaction d'une autre édition que celle de 2017 ; ses "
                              "provisions sont publiées ici sous leur numéro du Code 2017, mais ses mots ne sont "
                              "pas ceux de l'édition 2017.",
}

# what a file declares; PARTIAL_QUOTATION is deduced from corpus/edition.yaml
DECLARED = (Provenance.OFFICIAL_2017, Provenance.DIRECTOR_QUOTATION, Provenance.OTHER_EDITION)
UNKNOWN_LABEL = "provenance non déclarée"


def declared(values: list[str]) -> tuple[Provenance, ...]:
    """The provenance a file declares, checked: known values, each once, « official_2017 » alone (ValueError,
    in French, otherwise)."""
    out: list[Provenance] = []
    for v in values:
        if v == Provenance.PARTIAL_QUOTATION:
            raise ValueError(f"« {v} » ne se déclare pas ici : les sections absentes d'une loi se déclarent dans "
                             "corpus/edition.yaml (partial), d'où la provenance est déduite")
        if v not in {p.value for p in DECLARED}:
            raise ValueError(f"provenance « {v} » inconnue (permises : {', '.join(p.value for p in DECLARED)})")
        if Provenance(v) in out:
            raise ValueError(f"provenance « {v} » écrite deux fois")
        out.append(Provenance(v))
    if Provenance.OFFICIAL_2017 in out and len(out) > 1:
        raise ValueError("« official_2017 » (le texte officiel 2017) exclut les autres provenances déclarées")
    return tuple(out)


def law_provenance(declared_values: tuple[Provenance, ...] | None, partial: bool) -> tuple[Provenance, ...]:
    """A law's provenance: what its master declares, and a partial quotation when edition.yaml lists sections
    its source leaves out (an empty tuple: nothing declared)."""
    out = tuple(declared_values or ())
    return out + (Provenance.PARTIAL_QUOTATION,) if partial else out


def summary(values: tuple[Provenance, ...]) -> str:
    """« texte cité par un directeur, non officiel ; citation partielle » (or « provenance non déclarée »)."""
    return " ; ".join(p.label for p in values) or UNKNOWN_LABEL
