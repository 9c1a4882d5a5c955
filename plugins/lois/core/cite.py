"""Find citations of laws and provisions in French text of the bridge laws.

This module only *finds* citations and reports them with exact spans; it does
not resolve relative references (another module does).  Each citation carries
one :class:`Ref` per cited provision, absolute (with a law number) or relative
(``law is None``).

Provision ids
-------------
law (1–93) → section ``A``–``H`` → paragraph ``1``, ``2``… → sub-point
``(a)``, ``(b)``… → roman sub-sub-point ``(i)``, ``(ii)``… (``i`` to ``xxxix``, the one table
:data:`lois.core.ids.ROMAN_NUMERALS`).  Canonical written form: ``16``, ``72C``, ``20F5``, ``50D2(a)``,
``30B1(b)(i)``.

Handled forms (source text → refs; ``[…]`` marks the reported span)
-------------------------------------------------------------------
Absolute, introduced by the word *Loi* / *Lois* (any case; a preceding
article « la » / « les » is not part of the span)::

    Loi 20F5                      → [Loi 20F5]                 20F5
    la Loi 12C1(b)                → la [Loi 12C1(b)]           12C1(b)
    LOI 72 C                      → [LOI 72 C]                 72C   (spaces inside the id)
    Loi 12 B1                     → [Loi 12 B1]                12B1
    Loi 50 D 2 (a)                → [Loi 50 D 2 (a)]           50D2(a)
    loi 23A2                      → [loi 23A2]                 23A2
    Loi 90                        → [Loi 90]                   90
    Loi 23 (information …)        → [Loi 23] (information …)   23
    Loi 30B1(b)(i)                → [Loi 30B1(b)(i)]           30B1(b)(i)
    Loi 94 / Loi 0                → found (law 94 / 0); the caller reports them
    PASSE HORS TOUR (Loi 30)      → found (30); the caller drops headings
    Loi 30B1(b)(xi)               → 30B1(b)(xi)  (whole; the resolver says it is not in the text of Law 30)

As club pages, bulletins and directors' e-mails write them, and as copied from the English of the WBF::

    Loi 16 § B / loi 16 §B1       → 16B / 16B1
    loi n° 27 / Loi N° 12 / loi no 16 → 27 / 12 / 16
    Law 16B / Law 12C1(b)         → 16B / 12C1(b)
    Laws 61 to 64 / Laws 61-64    → 61, 62, 63, 64
    Laws 16 and 17 / Law 16B1(a) and (b) / Lois 16, 17, & 18
    Loi 30 B 1 b ii / Loi 16 B 1 a ii → 30B1(b)(ii) / 16B1(a)(ii)   (a spaced roman after a spaced sub-point)
    loi 16 b 1 / loi 12 c 1 e     → 16B1 / 12C1(e)   (a spaced lower-case section before a paragraph)
    Loi 12C1 (a) et (b) / 16B1 (a), (b) → 12C1(a), 12C1(b) / 16B1(a), 16B1(b)
    Law 64 A. 1 / Law 16.B.1.a / Loi 16-B-1 → 64A1 / 16B1(a) / 16B1   (dots, dashes between the parts)
    Loi 16, § B1 / Loi 16, B1     → 16B1   (« Loi 16, B » alone is 16: « B, C » may follow)
    Loi 40 B 2 a) ii)             → 40B2(a)(ii)   (lettered « a) », « ii) »; the last bracket is left out)
    Law 40(B)(2) / Law 12(C)(1)(e) → 40B2 / 12C1(e)   (a bracketed section with its bracketed paragraph)
    loi 16 alinéa B1 / loi 12, paragraphe C1 / Loi 16,B1 → 16B1 / 12C1 / 16B1
    Loi 12-C-1-c / Lois 16 B 1 et C 2 → 12C1(c) / 16B1, 16C2
    la Loi 16 B 1 s'applique / l'article 16 B 1 du Code interdit → 16B1 (but « la Loi 12 C 3 joueurs » is 12C:
                                  a plural word after a spaced number is what it counts)
    la Loi 16 B 1 a et b / Loi 12 C 1 c, d ou e → 16B1(a), 16B1(b) / 12C1(c), 12C1(d), 12C1(e)
    Loi 12, al. C1(c)             → 12C1(c)   (« al. », alinéa, before a section with its paragraph)
    LOI 27 B 1 B / LOI 16 B 1 A, SCORE → 27B1(b) / 16B1(a)   (a spaced capital ending the id: only punctuation or
                                  the line's end after it; « LA LOI 12 C 1 A ÉTÉ MODIFIÉE » is 12C1)
    LOIS 65 A 67                  → 65, 66, 67   (« A », « à » in capitals, before a number of two digits)
    cf. Loi 12, 16) / Loi 27, 30 et 31. → 12, 16 / 27, 30, 31   (after a singular « Loi », a bare law of two digits
                                  where only a punctuation, a bracket, the line's end or « et N » follows it; not
                                  « la Loi 27, 3 options », « Loi 64, 2 », « Loi 12, 16 h »)
    c'est la 73C / pas la 16B     → 73C / 16B   (« la » and a glued section; not « à la 12B », « de la », « dans
                                  la », « sur la », « vers la », nor « la 2C », a bid, nor « sur la 16 », a board)
    pas la 12.C.1.b               → 12C1(b)   (after « la », a dotted section with its paragraph too; any word may
                                  follow a dotted id: « la 45.C.4 pour la carte »; « regarde la », « relis la »)
    LOI 40 B 2 (A) (I)            → 40B2(a)(i)   (a bracketed capital roman after a bracketed capital sub-point)
    la Loi 57 A s'applique        → 57A   (a spaced « A » before a verb or a word « à » never precedes: « s' »,
                                  « ne », « prévoit », « puis », « pour »…; « Loi 9 A moins que », « A n'importe
                                  quel moment », « A partir de » stay « à »)
    LOI 12 C 1 (E) / LOI 50 D 2 (A) → 12C1(e) / 50D2(a)   (a bracketed capital sub-point, as headings write it)
    Lois 16-73-75                 → 16, 73, 75   (a chain of dashes is a list, not the range 16–73)
    Lois 61\\nà 64 / Lois 61 à\\n64  → 61–64   (after « Lois », a line break before or after « à », « au », « to »)
    Lois applicables : 16B, 73C et 12C1(e) → [16B, 73C et 12C1(e)]   (the list of an appeal's report: « Loi
                                  invoquée : 27 », « Laws applied: 16B1 »; not « Lois applicables : 2 au maximum »)

and what is not a citation, read as plain text without a word: « association loi 1901 », « loi du 1er juillet
1901 », « loi n° 2017-86 », « loi n° 78-17 », « loi 84—610 » (the number of a French law), « la loi 16 du 29 juillet
1881 » (a dated law), « la Loi 2 du club », « la loi 3 de notre association », « Law 2 of the club » (the rules of a
club), « la Loi 25B du Code 2007 », « Law 25 of the 2007 Laws » (another edition), « RGPD, règlement (UE) 2016/679,
art. 13 », « RNC art. 14 », « Code d'éthique du club, article 3 », « la loi du 16 juillet 1984 (article 16) »,
« l'article 16 de nos statuts » (articles of other texts), « article L. 27 du code », « by-law 12 »,
« ²Loi 16 » (glued to a letter, a digit or a sign before it), « l'article 5 ci-dessus » (an article of the page),
anything inside an address, an e-mail or a file name (« https://…/loi16.pdf », « loi16@club.fr », « law51.html »),
« rue de la Loi 16, 1040 Bruxelles » (a street), « Art. 12. Le bureau… » at the head of a line, « Article 9 bis »
(headings of statutes), « place 12 B 3 », « chambre 12 B 2 » (numbering nouns), « la loi 11 du football »,
« WBF Statutes, Article 16 », « EBL By-Laws, Article 9 », « loi « Informatique et Libertés » du 6 janvier 1978 …
(art. 34) », « loi n° 2016-41 du 26 janvier 2016 … (article 16) », « l'article 16 du Code de déontologie » (other
texts), « nos Lois\n12 a joué » (a table's row after a line break); Québec's statutes, named by their number: « la
loi 101 », « la loi 96 » (in lower case beyond the Code: « la Loi 94 » is read, and lois renvois says it does not
exist), « le projet de loi 21 », « la Loi 25 » in a sentence about personal information (« renseignements
personnels », « données personnelles », « vie privée »), « Loi 2 sur les associations » (a statute's subject after
« sur »); « articles 60 et suivants du Code civil suisse », « art. 60 ss CC », « les art. 60 ss CC et les statuts »,
« art. 5 sqq. » (« ss », « sq. » whatever follows), « loi fédérale (LPD), art. 19 à 21 »,
« la loi de finances 2024 (article 16) »; « Titre III — Article 12. Ressources », « … des statuts. Article 12. Le
trésorier » (the heading of an article after a dash or a full stop, before a capital); « la loi n° 1 du bridgeur »
(a saying).

The text is read as it is displayed (:mod:`lois.core.displayed`, the same in the browser): « Loi 16\u200bB1 » (a
zero-width space, a soft hyphen, a direction mark) is 16B1, « Loi １６ » (full-width) is 16, « a\u0300 »
(decomposed) is « à » and « e\u0301 » is « é », never a stray sub-point (e); the spans are those of the text as written.

Lists (« , », « et », « ou », « ET », also OCR-glued « et32A2(a) »)::

    Lois 42 et 43                 → 42, 43
    les Lois 27 et 72C            → 27, 72C
    LOIS 27 ET 29                 → 27, 29
    Lois 27B1(b), 30B1(b)(i), 31A2(a) et32A2(a)        → 4 refs
    Lois 16 (information non autorisée), 26 (pénalité…) → 16, 26; the span
        runs from « Lois » to « 26 » (glosses between items are inside it)
    Lois 78D, 86B3 et (d) ci-dessous → 78D, 86B3 and the relative (d)

A bare sub-point continuing the previous absolute item (not followed by « ci-… »)::

    Loi 40B2(a) et (b)            → 40B2(a), 40B2(b)
    Loi 12C1(a), (b) ou (c)       → 12C1(a), 12C1(b), 12C1(c)
    Loi 30B1(b)(i) et (ii)        → 30B1(b)(i), 30B1(b)(ii)
    Loi 27B1(a) et (b) ci-dessous → 27B1(a) and the relative (b)

Ranges (« à », « a », « - », « – », « — »), of whole laws after a bare law number, of sub-points after a
sub-point (letters; romans after a lettered sub-point)::

    Lois 61 à 64                  → 61, 62, 63, 64
    articles 61-64                → 61, 62, 63, 64
    Loi 12C1(a) à (c)             → 12C1(a), 12C1(b), 12C1(c)   (one citation, three refs)
    Loi 12C1(a)-(c)               → 12C1(a), 12C1(b), 12C1(c)
    Loi 30B1(b)(i) à (iii)        → 30B1(b)(i), 30B1(b)(ii), 30B1(b)(iii)
    voir (a) à (c) ci-dessous     → the relative (a), (b), (c)

One rule for every range: it is read only when it goes up inside the Code (1 ≤ low < high ≤ 93; a later
letter or roman of the same series). Any other range is *refused*: it is not a citation, not even of its
first end, and nothing of it is linked; :func:`refused_ranges` returns it and ``lois renvois`` /
``lois verifie`` say why, with what to write (the Code is never silently clipped)::

    Lois 1 à 9999                 → nothing  (« la Loi 9999 n'existe pas … écrivez « Lois 1 à 93 » »)
    Lois 90 à 150                 → nothing  (« … la Loi 150 n'existe pas … »)
    Lois 64 à 61 / Lois 61-61     → nothing  (inversé / vide)
    Loi 12C1(c) à (a)             → nothing  (inversé)
    Lois 27 et 90 à 150           → [Lois 27] 27; « 90 à 150 » refused
    Loi 12C1(a) à 3               → [Loi 12C1(a)]  (not a range of sub-points: nothing more is read)
    la Loi 16 à 2 reprises        → [Loi 16]  (after a singular « Loi », « à N » before a word is
                                               the preposition, not a range)

Abbreviations and « article » (case-insensitive; « article 12 » of a club's statutes is not a law)::

    L12C1(e)                      → [L12C1(e)]                 12C1(e)
    l.12C1 / L. 27B1b             → 12C1 / 27B1(b)
    L.64                          → 64    (with the dot a law alone is enough)
    L3 / L 12                     → nothing  (« L » without a dot needs a section: « L12C »)
    art. 16B1 / Art 16 B 1        → 16B1
    article 27 B 1 b              → 27B1(b)
    (art. 12) / article 40 du Code → 12 / 40
    articles 61 à 64 / articles 27 et 29 → 61–64 / 27, 29
    article 12 des statuts, art. 5 du règlement intérieur, article 12, alinéa 3,
    articles 3 à 5 des statuts, Article 3 – Objet, art. L. 121-1 du code → nothing

Ids written with spaces, with a lower-case glued section, with a spaced sub-point::

    Loi 16 B 1 a                  → 16B1(a)   (not 16B)
    Loi 12 C 1 e / Loi 12 C1(e)   → 12C1(e)
    loi 16b1 / loi 27b1b          → 16B1 / 27B1(b)  (a lower-case section only before a paragraph)
    la Loi 12 C 1 a été modifiée  → 12C1  (« a » before a word is the verb, not a sub-point)
    la Loi 16 B 1 a s'applique   → 16B1(a)  (the verb « a » cannot come before « s' », « ne », « est »)

Doubled link text of the HTML edition, merged into one citation::

    LOI 57 Loi 57                 → [LOI 57 Loi 57]            57
    LOI 50 D Loi 50D              → [LOI 50 D Loi 50D]         50D
    LOI 16 C Loi 16C              → [LOI 16 C Loi 16C]         16C

Absolute without the word *Loi*, after a trigger (« en », « voir », « cf. »,
« selon », « puis »), when a law number is glued to a section letter, or spaced with a
paragraph::

    comme mentionné en 23C        → 23C
    voir 16 B 1 a                 → 16B1(a)
    Loi 93B3 puis 93C             → 93B3, then 93C   (« puis »: an absolute id only, never a relative one)
    en 12 B / en 2007 / en 2C     → nothing

An id alone, with a section and a paragraph (1–9): the law number 1–93 is not
glued to a letter, a digit or « . , / - », does not follow a numbering noun
(« table », « donne », « étui », « salle », « page », « paire »), and is not a bid
(« 1 C 1 D »: law 1–7 before C, D or H)::

    16 B 1 a                      → 16B1(a)
    50 D 2 (a)                    → 50D2(a)
    cf 12C1(e) ; (27B1b)          → 12C1(e) ; 27B1(b)
    12C1(a) à (c)                 → 12C1(a), 12C1(b), 12C1(c)
    table 12 B, table 12 B 3, 12H30, 12 H 30, 14H00, 1 C 1 D, 3SA, 4 ♠,
    12 h 30, 75 %, 13 levées, à la 12e levée, 01 23 45 67 89, 12/03/2024 → nothing

Relative (no law number)::

    voir C2 ci-dessous            → C2
    voir E1 ci-dessus             → E1
    mais voir B1 ci-après         → B1
    (voir D)                      → D
    mais voir C ci-dessous        → C
    et (d) ci-dessous             → (d)
    prévues en (a) ou (b) ci-dessus → (a), (b)
    comme en A2(a) ou A2(b) ci-dessus → A2(a), A2(b)
    voir C ou D ci-dessous        → C, D
    comme en 1 et 2 ci-dessus     → 1, 2   (paragraphs of the citing section)
    l'application de E1           → E1
    comme en 2(c)                 → 2(c)
    [voir également C1(d)]        → C1(d)

Rules for relative references (conservative on purpose)
-------------------------------------------------------
* A relative id is one of: a section letter with optional tail (``C``,
  ``C2``, ``A2(a)``, ``C1(d)``), a paragraph *with* a sub-point (``2(c)``),
  or a sub-point (``(d)``, ``(i)``); a bare number only in a list of bare
  numbers after a trigger and before « ci-dessous » (``en 1 et 2 ci-dessus``).
* Trigger words before it: « voir », « cf. » (« voir également / aussi / notamment », « cf. aussi »),
  « en » (« comme en », « prévu en »), « de » (« l'application de »),
  « selon », « dans ».  Words after it: « ci-dessous », « ci-dessus »,
  « ci-après ».
* A relative id that is not a bare letter needs a trigger before it OR a
  ci-dessous/ci-dessus/ci-après after it.
* A bare section letter (``C``) or number needs a trigger before the list AND
  either a ci-dessous/ci-dessus/ci-après after the list, or the whole
  « (voir X) » / « [voir X] » form.
* Inside a list that began with *Loi(s)*, a relative item follows the same
  rules, the list itself acting as the trigger (``Lois 78D, 86B3 et (d)``).
* The span of a relative citation covers the id(s) only, not the trigger nor
  the « ci-dessous »: ``voir [C2] ci-dessous``.
* « (i) » alone is kept as the sub-point ``i``; after a sub-point it is roman
  (``30B1(b)(i)`` → path ``("B", "1", "b", "i")``).

Other decisions
---------------
* Section letters are upper case in running text (``Loi 12c`` is not read), except
  before a paragraph after « Loi » (``loi 16b1``, ``loi 16 b 1``, never a spaced ``a``);
  :func:`parse_provision_id` accepts lower case.
* A bare law number as a list item (``Lois 42 et 43``) is accepted only after
  the plural « Lois » and only when it is 1–93; items with a section letter are
  accepted after « Loi » too.
* After a trigger without « Loi », a glued id such as ``2C``, ``1D``, ``3H`` with
  law ≤ 7 and no paragraph is rejected (it is a bid, not a law).
* A spaced section letter is refused when a heading word in capitals follows
  (« LOI 9 A LA SUITE ») and a spaced « A » is refused before a lower-case word
  (« Loi 9 A moins que », OCR for « à »).
* Headings naming their own law are found; excluding them is the caller's job.

Not citations: « à moins qu'une Loi ne l'interdise », « ces Lois »,
« cette loi », « conformément à la Loi », « 40 % », « 3 IMPs », « levée 12 »,
« 1SA », « 2♥ », « de 9 à 16 points », « A. Définition », « en tournoi »,
« la loi 1901 », « étudiant en L3 », « 12 h 30 », « en 2007 ».

Absolute citations are read by a small program of composed patterns
(:data:`PROGRAM_RULES`, run by :func:`_match_rule`), which the club linkifier
runs unchanged in the browser (:func:`program`); relative citations, which need
the citing provision, are read here only. Every pattern is matched anchored at
a candidate position with bounded repetitions, so the time is linear in the
text length; nothing raises on any ``str`` input.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache

from lois.core.lazyre import compile_lazily
from lois.core.displayed import MARKS as _MARKS, displayed, reading
from lois.core.ids import (LAW_COUNT, LENIENT_ID, LENIENT_LAW, LENIENT_MAX_CHARS, LENIENT_PARTS,  # noqa: F401
                          ROMAN_NUMERALS, ROMAN_PATTERN, ProvisionId, is_law_number, lenient_parts, not_found,
                          provision_id, why_not_found, written_path)

GRAMMAR_VERSION = 1


_compile = compile_lazily  # the grammar's patterns take a few tens of milliseconds to compile

__all__ = [
    "GRAMMAR_VERSION",
    "Ref",
    "Citation",
    "find_citations",
    "parse_provision_id",
    "format_id",
]

MAX_LAW = LAW_COUNT
_MAX_ABS_ITEMS = 100  # items in one list after « Loi(s) »
_MAX_REL_ITEMS = 20  # items in one list of relative ids


def _fmt_path(path: tuple[str, ...]) -> str:
    """A path as written after a law number (``("B", "1", "b")`` → ``"B1(b)"``; relative paths too)."""
    return written_path(path)


def format_id(law: int, path: tuple[str, ...]) -> str:
    """Canonical string of a provision: ``format_id(30, ("B","1","b","i"))`` → ``"30B1(b)(i)"``."""
    return str(ProvisionId(law, tuple(path)))


@dataclass(frozen=True)
class Ref:
    """One cited provision; ``law is None`` for a relative reference."""

    law: int | None
    path: tuple[str, ...]

    @property
    def relative(self) -> bool:
        """True when the reference has no law number."""
        return self.law is None

    def canonical(self) -> str:
        """``"30B1(b)(i)"`` for an absolute ref; ``"B1(b)"``, ``"(d)"``, ``"2(c)"`` for a relative one."""
        if self.law is None:
            return _fmt_path(self.path)
        return format_id(self.law, self.path)

    @property
    def pid(self) -> ProvisionId | None:
        """The provision an absolute reference names; None for a relative one (:mod:`lois.core.resolve`)."""
        return None if self.law is None else ProvisionId(self.law, tuple(self.path))


@dataclass(frozen=True)
class Citation:
    """A citation found in a text: ``text == source[start:end]``."""

    text: str
    start: int
    end: int
    refs: tuple[Ref, ...]


# ---------------------------------------------------------------------------
# Small anchored patterns.  ``_H`` is horizontal white space (any Unicode space
# but the newline: covers U+00A0 and U+202F).  Possessive quantifiers keep
# every match linear.

_H = r"[^\S\n]"
_LETTER = r"[^\W\d_]"  # any Unicode letter (or a numeric sign that is not a decimal digit: « ² », « Ⅻ »)
_ROMAN = f"(?:{ROMAN_PATTERN})"

_TRIGGER_GAP = _compile(rf"{_H}*+(?:\n{_H}*+)?")
# Where a relative id could start without a trigger (then ci-… is needed).
_REL_START = _compile(
    rf"(?<![\w)\].\-])(?=[A-H][0-9]|\((?:{_ROMAN}|[a-z])\)|[0-9]{{1,2}}\([a-z]\))"
)
_OPEN_BEFORE = _compile(rf"[(\[]{_H}*+$")
_CLOSE_AFTER = _compile(rf"{_H}*+[)\]]")


@dataclass
class _Item:
    """One parsed id inside a list (internal)."""

    start: int
    end: int
    refs: list[Ref]
    bare_section: bool = False  # relative, section letter only
    bare_law: bool = False  # absolute, law number only


def _parse_rel(text: str, pos: int, numbers: bool = False) -> _Item | None:
    """Parse a relative id at pos (:data:`_REL_ID`); ``numbers``: a bare paragraph number is an id too."""
    m = (_REL_ID_NUM if numbers else _REL_ID).match(text, pos)
    if not m:
        return None
    parts = tuple(v for v in m.groupdict().values() if v is not None)
    bare = len(parts) == 1 and (m.group("r_sec") is not None or numbers and m.group("r_bnum") is not None)
    return _Item(pos, m.end(), [Ref(None, parts)], bare_section=bare)


def _ci_after(text: str, pos: int) -> bool:
    return _CI_AFTER.match(text, pos) is not None


def _continue_rel(text: str, items: list[_Item]) -> None:
    """Extend a list of relative ids (in place): « C ou D », « (a) ou (b) », « 1 et 2 »."""
    numbers = all(it.refs[0].path[0].isdigit() and len(it.refs[0].path) == 1 for it in items)
    while len(items) < _MAX_REL_ITEMS:
        last = items[-1].refs[-1]
        rng = _REL_RANGE.match(text, items[-1].end)
        run = _rel_range_refs(last, rng.group("hs")) if rng else None
        if rng and run:  # « (a) à (c) ci-dessus », « (i) à (iii) »
            items[-1] = _Item(items[-1].start, rng.end(), items[-1].refs + run[1:], items[-1].bare_section)
            continue
        sep = _SEP.match(text, items[-1].end)
        if not sep:
            return
        item = _parse_rel(text, sep.end(), numbers=numbers)
        if item is None:
            return
        items.append(item)


def _rel_range_refs(last: Ref, hs: str) -> list[Ref] | None:
    """A range of relative sub-points, as :func:`_range_refs`; « (i) à (iii) » alone is roman."""
    if len(last.path) == 1 and last.path[0] in ROMANS and hs in ROMANS and len(last.path[0] + hs) > 2:
        if ROMANS.index(hs) > ROMANS.index(last.path[0]):
            return [Ref(None, (x,)) for x in ROMANS[ROMANS.index(last.path[0]):ROMANS.index(hs) + 1]]
        return None
    return _range_refs(last, None, hs)


def _accept_rel(text: str, items: list[_Item], trigger: re.Match | None) -> list[_Item]:
    """Apply the rules for relative references; return the accepted prefix.

    A bare letter or number (« voir C ou D ci-dessous », « comme en 1 et 2 ci-dessus ») needs a trigger
    before the list and « ci-dessous / ci-dessus / ci-après » after it (or « (voir X) »)."""
    ci = _ci_after(text, items[-1].end)
    paren = False
    if trigger is not None and trigger.group("voir"):
        paren = bool(_OPEN_BEFORE.search(text, max(0, trigger.start() - 8), trigger.start())) and bool(
            _CLOSE_AFTER.match(text, items[-1].end)
        )
    out: list[_Item] = []
    for item in items:
        if item.bare_section:
            ok = trigger is not None and (ci or paren)
        else:
            ok = trigger is not None or ci
        if not ok:
            break
        out.append(item)
    if out and len(out) < len(items) and trigger is None:
        return []
    return out


def _from_trigger(text: str, trig: re.Match, refused: list | None = None) -> tuple[int, int, list[Ref]] | None:
    """A citation after « voir », « en », « selon », « de »…: absolute (the program) or relative."""
    if trig.group("voir") or trig.group("abs") or trig.group("then"):
        hit = _match_rule(_TRIGGER_RULE, text, trig.start(), refused)
        if hit is not None or trig.group("then"):
            return hit
    gap = _TRIGGER_GAP.match(text, trig.end())
    pos = gap.end() if gap else trig.end()
    if pos == trig.end():  # « de(s) »: a trigger needs a space after it
        return None
    first = _parse_rel(text, pos, numbers=True)
    if first is None:
        return None
    items = [first]
    _continue_rel(text, items)
    return _span(_accept_rel(text, items, trig))


def _from_bare(text: str, pos: int) -> tuple[int, int, list[Ref]] | None:
    first = _parse_rel(text, pos)
    if first is None or first.bare_section:
        return None
    items = [first]
    _continue_rel(text, items)
    return _span(_accept_rel(text, items, None))


def _span(items: list[_Item]) -> tuple[int, int, list[Ref]] | None:
    if not items:
        return None
    return items[0].start, items[-1].end, [r for it in items for r in it.refs]


# ---------------------------------------------------------------------------
# Absolute citations as data: the program shared with the browser.
#
# Everything that decides what an absolute citation is (« Loi 27B1(b) », « Lois 61 à 64 »,
# « LOI 50 D 2 (a) », « art. 16B1 », « L12C1(e) », « en 23C », « 16 B 1 a », « Loi 40B2(a) et (b) »,
# « 12C1(a) à (c) ») is written once, below, as a few composed patterns. :func:`_match_rule` runs them
# here; the club linkifier runs the very same patterns in the browser (translated by
# ``lois.render.jsregex``) with the same small loop (``features/api/assets/scan.js``). The composed
# patterns use no possessive quantifier, so both engines backtrack the same way.
#
# A rule is: ``start`` (where a citation may begin: « Loi », « Lois », « article », « L. », a trigger word,
# a digit), ``first`` (the first item, sticky after ``start``), ``next`` (separator then one more item,
# repeated), ``range`` (after an item: « à 64 », « à (c) »; see :func:`_range_refs`), ``span``
# (``"start"``: the citation begins at ``start``; ``"item"``: at the first item) and ``merge`` (doubled
# link text « LOI 57 Loi 57 » is merged into one citation).  In an item, every named group ``law…`` is
# the law number, groups named ``p_…`` are the parts of the provision path in order (``p_sec`` is put in
# capitals: « loi 16b1 »), groups named ``r_…`` the parts of a relative id, groups named ``c_…`` a bare
# sub-point that continues the previous item (« Loi 40B2(a) et (b) » → 40B2(b)). In a range, ``hi`` is
# the last law (« à 64 »), ``hs`` the last sub-point (« à (c) »).

def _nocase(word: str) -> str:
    """``"voir"`` → ``"[vV][oO][iI][rR]"``: case-insensitive without flags (the same in JS)."""
    out = []
    for ch in word:
        out.append(f"[{ch.lower()}{ch.upper()}]" if ch.isalpha() and ch.lower() != ch.upper() else re.escape(ch))
    return "".join(out)


def _g(name: str | None, body: str) -> str:
    return f"(?P<{name}>{body})" if name else f"(?:{body})"


_NL = rf"(?!{_LETTER})"  # no letter follows
# The dashes read between two numbers (« Lois 61-64 », « loi 78—17 », « 12-03-2024 ») or in « ci-dessous »: hyphen,
# U+2010, non-breaking hyphen, figure dash, en and em dash, minus sign — one set (also lois.core.resolve.STATUTE_NUMBER)
DASH = "[\\-\u2010\u2011\u2012\u2013\u2014\u2212]"
_NO_ALNUM = r"(?![^\W_])"
SUITS = "♠♥♦♣♤♡♢♧"
_NO_SUIT = f"(?![{SUITS}])"  # « Laws 2♥ », « Lois 3♣ »: a bid, a contract (lois.core.resolve.unknown_forms: silently)
_LAW_ANY = r"[0-9]{1,2}(?![0-9])"
DECIMAL = "[.,][0-9]"  # after a number, its decimals (« 55,56 % »): not a law's number (also lois.core.resolve)
_LAW_1_93 = r"(?:9[0-3]|[1-8][0-9]|0?[1-9])(?![0-9])"
_CI = (rf"{_H}*(?:\n{_H}*)?{_nocase('ci')}(?:{DASH}|{_H})?"
       rf"(?:{_nocase('dessous')}|{_nocase('dessus')}|{_nocase('apr')}[eèEÈ][sS]){_NL}")
_HEADWORD = rf"{_H}+(?!LOIS?{_NL})[A-ZÀ-Þ]{{2}}"
_LOWERWORD = rf"{_H}+[a-zà-ÿœ]"  # a lower-case French word (« joueurs », « œufs »)
# What the preposition « à » never comes before, a verb that says what a provision does (« la Loi 57 A s'applique »,
# « la Loi 25 A prévoit », « Loi 64 A ne … ») or a little word (« la Loi 70 A puis la Loi 70 C », « la Loi 54 A pour
# l'entame »): after a spaced « A », that word makes it a section, not « à »
_VERB_AFTER_SECTION = (rf"{_H}+(?:s['’]|n['’](?!importe)|ne{_NL}|est{_NL}|prévoit|prevoit|précise|precise|permet"
                       rf"|stipule|impose|interdit|dispose|énonce|enonce|exige|règle|regle|vise|traite|concerne|prévaut"
                       rf"|prevaut|oblige|autorise|sanctionne|indique|dit{_NL}"
                       rf"|(?:puis|pour|par|avec|dans|sur|sans|mais|car|donc|ainsi|aussi|selon){_NL})")
# What a spaced number after a spaced section counts (« la Loi 12 C 3 joueurs », « 12 C 3 œufs », « Taille L 12 B 1
# ans »): a lower-case word in the plural (ending in « s » or « x »), not a little word that ends so (« dans »,
# « vous », « des »…); any other word after the number is what the sentence says of the provision (« la Loi 16 B 1
# s'applique », « l'article 16 B 1 du Code », « l'Article 12 C 2 prévoit », « art. 16 B 1 interdit »)
_LITTLE_S = ("dans|sans|sous|plus|moins|puis|mais|apr[eè]s|alors|lors|d[eè]s|tr[eè]s|pas|des|les|aux|ses|ces|mes|tes"
             "|nos|vos|leurs|toujours|jamais|ainsi|aussi|depuis|vers|chez|parmi|hors|tous|nous|vous|ceux|mieux")
_COUNTED = rf"{_H}+(?!(?:{_LITTLE_S}){_NL})[a-zà-ÿœ][a-zà-ÿœ\-]{{0,30}}[sx]{_NL}(?!['’])"
# « et », « ou »: after a spaced section « A » or paragraph, the word that ends an id in a list (« Lois 40 A et 40
# B », « la Loi 64 A 1 et la Loi 9 »), not the word after a count (« Loi 9 A moins que », « 12 C 3 joueurs »); read
# as the end of :data:`_LOWERWORD`, looking back from its first letter
_LIST_WORD = rf"{_H}(?=(?:et|ou){_H})[eo]"
# A spaced sub-point letter (« Loi 16 B 1 a », « Loi 12 C 1 e »): not before a number nor an elided word
# (« … 1 l'arbitre »), never « y »; « a » is the verb unless what follows cannot follow the verb (« la Loi 12 C 1
# a prévu » is 12C, « la Loi 16 B 1 a s'applique » is 16B1(a)).
_SSUB = (rf"(?:[b-x]{_NL}(?!['’]|{_H}+[0-9])|a{_NL}(?!['’]|{_H}+(?!(?:et|ou|ne|se|est|ci|{_ROMAN}){_NL}|[sn]['’])"
         rf"[a-zà-ÿœ0-9]))")  # « Loi 16 B 1 a ii »: a sub-point, then its item


def _commit(named: str, plain: str) -> str:
    """``named`` if it matches here, else nothing — never skipped when it could match (the scanner commits
    to each part as it reads it; a plain ``(…)?`` would let the engine back off to a shorter id)."""
    return f"(?:{named}|(?!{plain}))"


def _tail_parts(spaced: bool, prefix: str | None, strict: bool = False) -> tuple[str, str, str, str]:
    """Paragraph, sub-point (glued « 1b », bracketed « 1(b) », spaced « 1 b »), roman (see :func:`_tail`)."""
    n = (lambda s: prefix + s) if prefix else (lambda s: None)
    letter_ok = rf"(?!(?![a-z]{_NL}){_LETTER})"  # a letter after the number must be a glued sub-point
    ssub_plain = rf"{_H}{{1,2}}{_SSUB}"
    if spaced:
        # after « Loi », « article », « L. »: a word that counts (:data:`_COUNTED`); an id alone (« 2 B 1 contre »)
        # or after a trigger, ``strict``: any lower-case word but a spaced sub-point, the verb « a », « et », « ou »
        word_after = (rf"(?!{ssub_plain}|{_H}+a{_NL}){_LOWERWORD}(?<!{_LIST_WORD})" if strict else _COUNTED)
        # « 16 B 1 », « Law 64 A. 1 », « Law 16.B.1 », « 16-B-1 »
        gap = rf"(?:(?<=[A-Ha-h])(?:\.{_H}?|{DASH})|{_H}{{1,2}}|(?<=\([A-H])\)\()"  # « (B)(2) »
        # (dotted or dashed, « la 45.C.4 pour la carte », the id's parts cannot be read as a count: any word follows)
        para = (rf"(?:(?<=[A-Ha-h])(?:\.|{DASH})(?=[0-9])|(?={gap}[0-9]{{1,2}}(?![0-9])(?!{word_after})){gap})?"
                + _g(n("para"), r"[0-9]{1,2}") + rf"(?![0-9]){letter_ok}"
                + r"(?:(?<=\)\([0-9])\)|(?<=\)\([0-9]{2})\))?")  # the bracket closing « (B)(2) »
    else:
        para = _g(n("para"), r"[0-9]{1,2}") + rf"(?![0-9]){letter_ok}"
    sp = f"{_H}?" if spaced else ""
    sub = r"(?<=[0-9])" + _g(n("gsub"), "[a-z]") + _NL
    sub += rf"|{sp}\({_H}?" + _g(n("psub"), "[a-z]") + rf"{_H}?\)"
    if spaced:  # « Loi 16 B 1 a », « Law 16.B.1.a »
        sub += rf"|(?<=[0-9]){_H}{{1,2}}" + _g(n("ssub"), _SSUB)
        # a bracketed capital, as headings and OCR'd pages write the sub-point (« LOI 12 C 1 (E) », « LOI 50 D 2 (A) »),
        # read in lower case (a group named …usub)
        sub += rf"|(?<=[0-9]){_H}?\(" + _g(n("pusub"), "[A-H]") + r"\)"
        # in capitals, as a heading or an OCR'd page writes it (« LOI 16 B 1 A, SCORE AJUSTÉ », « LOI 27 B 1 B »):
        # a spaced capital after the paragraph that ends the id (nothing but a punctuation, a line's end or the
        # text's follows it: not « LOI 12 C 1 A ÉTÉ … »); read in lower case (a group named …usub)
        sub += (rf"|(?<=[0-9]){_H}{{1,2}}" + _g(n("usub"), "[A-H]")
                # (or a list in capitals: « LOI 16 B 1 A ET LOI 73 C »)
                + rf"(?:(?!{_H}*[^\s,.;:)\]])|(?={_H}+(?:ET|OU){_H}+(?:LOIS?|LAWS?|[0-9]){_NL}))")
        # (« Law 16.B.1.a.i »: a roman after it; not « … 1.a.i.e. »)
        sub += (rf"|(?<=[0-9])(?:\.|{DASH})" + _g(n("dsub"), "[a-z]")  # (« Loi 12-C-1-c »)
                + rf"{_NL}(?!\.(?!{_ROMAN}{_NL}(?!\.{_LETTER})){_LETTER})")
    rom = rf"(?<=[a-z)]){sp}\({_H}?" + _g(n("rom"), _ROMAN) + rf"{_H}?\)"
    if spaced:  # in capitals after a capital sub-point (« LOI 40 B 2 (A) (I) »), read in lower case (…urom)
        rom += rf"|(?<=\([A-H]\)){sp}\(" + _g(n("urom"), ROMAN_PATTERN.upper()) + r"\)"
    if spaced:  # « Loi 30 B 1 b ii », « Loi 16 B 1 (a) ii » (not « … b i.e. »); « Loi 40 B 2 a) ii) »
        rom += rf"|(?<=[a-z)]){_H}{{1,2}}" + _g(n("srom"), _ROMAN) + rf"{_NL}(?!['’]|\.{_LETTER}|{_H}+[0-9])"
        rom += rf"|(?<=[a-z])\){_H}{{0,2}}" + _g(n("hrom"), _ROMAN) + r"(?=\))"
        rom += r"|(?<=[0-9]\.[a-z])\." + _g(n("drom"), _ROMAN) + rf"{_NL}(?!\.{_LETTER})"  # « Loi 16B1.a.i »
    return para, sub, rom, ssub_plain


def _tail(spaced: bool, prefix: str | None, strict: bool = False) -> str:
    """Paragraph, sub-point, roman after a section letter, each optional, in order.

    ``spaced``: spaces are allowed inside (« 50 D 2 (a) », « 16 B 1 a »), a spaced paragraph is refused
    before a lower-case word (« 12 C 3 joueurs ») unless it is a spaced sub-point (« 16 B 1 a »), the verb
    « a » (« la Loi 12 C 1 a prévu » is 12C1) or « et », « ou » (« la Loi 64 A 1 et la Loi 9 »).
    ``prefix``: name the parts ``<prefix>para`` … (None: no names)."""
    para, sub, rom, _ = _tail_parts(spaced, prefix, strict)
    p_para, p_sub, p_rom, _ = _tail_parts(spaced, None, strict)
    return _commit(para, p_para) + _commit(sub, p_sub) + _commit(rom, p_rom)


def _section(glued: bool, name: str | None, lower: bool = True) -> str:
    """A section letter, glued (« 72C ») or after one or two spaces (« 72 C », but not « 9 A LA SUITE »,
    « 9 A moins que »); ``lower``: a glued lower-case letter followed by a paragraph (« loi 16b1 ») too.

    After a comma, a dot or a dash, the section is read only where nothing else can be meant: « Loi 16, § B1 »,
    « Loi 16, B1 », « Loi 16,B1 », « Law 16.B.1 », « Loi 16-B-1 », « loi 16 alinéa B1 », « loi 12, paragraphe C1 »;
    in brackets, with its bracketed paragraph, as American documents write it: « Law 40(B)(2) », « Law 12(C)(1)(e) ».
    Ambiguous forms are read as the law alone, which is certain: « Loi 16, B et C » (a list of letters may follow the
    comma), « Loi 16, § 2 » (a paragraph with no section: the Code numbers its paragraphs inside a section),
    « Law 40(B) » (« (B) » alone also marks a gloss), « Loi 16/2 », « Loi 16 (B1) », « Loi 16. B. 1 » (a full stop
    ends a sentence)."""
    # (a spaced « A » before a number of two digits is « à » in capitals, a range: « LOIS 65 A 67 »; the Code numbers
    # the paragraphs of a section from 1 to 9)
    spaced = (rf"(?={_H}{{1,2}}(?:A{_NL}(?!{_HEADWORD})(?!(?!{_VERB_AFTER_SECTION}){_LOWERWORD}(?<!{_LIST_WORD}))"
              rf"(?!{_H}+[0-9]{{2}})"
              rf"|[B-H]{_NL}(?!{_HEADWORD})))"
              rf"{_H}{{1,2}}|,?{_H}{{0,2}}§{_H}{{0,2}}(?=[A-H]{_NL})"  # « Loi 16 § B », « loi 16 §B1 », « 16, § B1 »
              rf"|(?:\.|{DASH})(?=[A-H]{_NL})"  # « Law 16.B.1 », « Loi 16-B-1 »
              # « Loi 16, B1 », « Loi 16,B1 » (« Loi 16, B » is not read: « B, C »?)
              rf"|,{_H}{{0,2}}(?=[A-H][1-9](?![0-9]))"
              # « loi 16 alinéa B1 », « loi 12, paragraphe C1 » (with its paragraph: not « article 12, alinéa 3 »)
              rf"|,?{_H}{{1,2}}(?:{_nocase('alinéa')}|{_nocase('alinea')}|{_nocase('paragraphe')}|al\.){_H}{{1,2}}"
              rf"(?=[A-H]{_H}?[1-9](?![0-9]))"  # (« Loi 50 alinéa D 2 »)
              # « Law 40(B)(2) », « LOI 40 (B)(2) », « Law 12(C)(1)(e) »: a bracketed section, read with its bracketed
              # paragraph only (« Loi 16 (B) » alone may be a gloss)
              rf"|{_H}?\((?=[A-H]\)\([1-9][0-9]?\))")
    # lower case: glued between the law and a paragraph (« loi 16b1 »), or spaced before one (« loi 16 b 1 »; never
    # « a », the verb or « à »)
    para = rf"(?={_H}{{0,2}}[1-9](?![0-9]))"
    if lower:
        spaced += rf"|(?={_H}{{1,2}}[b-h]{para}){_H}{{1,2}}"
    # « loi 16b1 », « loi 16 b 1 »; not « Lois 20h15 » (a time)
    letter = (rf"[A-H]|(?<=[0-9])(?:[a-g]|h(?![0-5][0-9]))(?=[0-9])|(?<=[0-9]{_H})[b-h]{para}"
              rf"|(?<=[0-9]{_H}{_H})[b-h]{para}" if lower else "[A-H]")
    return ("" if glued else f"(?:{spaced})?") + _g(name, letter) + _NL


def _abs_id(law: str, section: str, glued: bool = False, lower: bool = True, name: str = "law",
            strict: bool = False) -> str:
    """``law[section[tail]]``; ``section``: ``"optional"`` or ``"required"``; committed like the scanner:
    once a section is read, the id is refused rather than shortened when a letter or digit follows."""
    sec = _section(glued, "p_sec", lower) + _tail(True, "p_", strict)
    if section == "optional":
        sec = _commit(sec, _section(glued, None, lower))
    return _g(name, law) + sec + _NO_ALNUM + _NO_SUIT


def _deep_id(law: str, glued_alone: bool, lower: bool = True, dotted: bool = False) -> str:
    """An id without « Loi » before it: a section, and a paragraph when the section is spaced (« 16 B 1 a »,
    « 12 C1(e) » but not « table 12 B »); ``glued_alone``: a glued section alone is enough (« en 23C »);
    ``dotted``: a section between dots or dashes, with its paragraph, too (« pas la 12.C.1.b »)."""
    sec = "[A-Ha-h]" if lower else "[A-H]"
    para = rf"{_H}{{0,2}}[1-9](?![0-9])"
    dots = rf"|(?:\.|{DASH})[A-H](?:\.|{DASH})[1-9](?![0-9])" if dotted else ""
    need = rf"(?={law}(?:{_H}{{1,2}}[A-H]{_NL}{para}|{sec}{'' if glued_alone else para}{dots}))"
    ends = r"(?:(?<=[0-9a-z)])|(?<=[0-9][A-Ha-h]))" if glued_alone else r"(?<=[0-9a-z)])"
    return need + _abs_id(law, "required", lower=lower, strict=True) + ends


def _bare_law(name: str, law: str) -> str:
    """A law number alone (no section may follow it)."""
    return _g(name, law) + f"(?!{_section(False, None)}){_NO_ALNUM}"


def _rel_id(prefix: str, in_list: bool = True, numbers: bool = False) -> str:
    """A relative id (no spaces inside): ``C2``, ``A2(a)``, ``2(c)``, ``(d)``, ``(b)(ii)``, ``C``.
    ``in_list`` (an item of an absolute list): a bare section letter only before « ci-dessous / ci-dessus /
    ci-après ». ``numbers``: a bare paragraph number (« en 1 et 2 ci-dessus ») is an id too."""
    n = lambda s: prefix + s  # noqa: E731

    def rom(name: str | None) -> str:
        return rf"\({_H}?{_g(name, _ROMAN)}{_H}?\)"

    sec = _g(n("sec"), "[A-H]") + _NL + (rf"(?:{_tail(False, n('t'))}(?<=[0-9a-z)])|(?={_CI}))" if in_list
                                          else _tail(False, n("t")))
    para_sub = _g(n("num"), "[0-9]{1,2}") + r"\(" + _g(n("nsub"), "[a-z]") + r"\)" + _commit(rom(n("nrom")), rom(None))
    sub = (r"\(" + _g(n("sub"), f"{_ROMAN}|[a-z]") + r"\)"
           + _commit(rf"(?<=\([a-z]\)){rom(n('rom'))}", rf"(?<=\([a-z]\)){rom(None)}"))
    number = "|" + _g(n("bnum"), "[0-9]{1,2}") + "(?![0-9])" if numbers else ""
    return f"(?:{sec}|{para_sub}{number}|{sub}){_NO_ALNUM}"


# « et (b) » after « Loi 40B2(a) »: a sub-point (group c2_…, replaces the path from index 2) or a roman
# sub-sub-point (c3_…, from index 3) continuing the previous absolute item, unless « ci-dessous » follows.
_CONT_ROM = rf"\({_H}?(?:{_ROMAN}){_H}?\)"
_CONTINUED = (rf"\((?:{_g('c2_sub', '[a-z]')}\)"
              + _commit(rf"\({_H}?{_g('c2_rom', _ROMAN)}{_H}?\)", _CONT_ROM)
              + rf"|{_g('c3_rom', f'(?=[ivx]{{2}}){_ROMAN}')}\)){_NO_ALNUM}(?!{_CI})")
# « , », « et », « , et », « et32A2 »
_AND = "et|ou|ET|OU|and|or|AND|OR"  # « Lois 42 et 43 », « Laws 42 and 43 »
_SEP_P = (rf"(?:\s*,\s*(?:(?:{_AND}){_NL}\s*)?|\s+(?:{_AND})(?:\s+|(?=[0-9(]))|\s*,?\s*&\s*)")
_LIST_SEP = rf"(?:\s*\((?!{_ROMAN}\))(?={_LETTER})[^()\[\]]{{2,160}}\))?{_SEP_P}"  # a gloss: « 16 (information …), 26 »
# « n° 16 », « N° 16 », « no 16 », « No. 16 »; not the number of a French law or decree, « loi n° 78-17 »
_NUMERO = rf"(?:[nN](?:[°º˚]|[oO]\.?(?={_H}*[0-9])){_H}*(?![0-9]+(?:{DASH}|[/.])[0-9]))"
# « Lois 61 à 64 », « Lois 61 au 64 », « lois 61 jusqu'à 64 », « Laws 61 to 64 », « Laws 61 through 64 »
_RANGE_WORDS = "à|À|a|A|au|AU|jusqu['’]à|JUSQU['’]À|to|TO|through|THROUGH|thru"
# A law word and its number may be cut by a line break (text wrapped by a mail or copied from a PDF: « la Loi\n16B1
# s'applique », « les Lois\n61 à 64 »), but a line that starts with a number is also a row of a table or a results
# sheet (« the Laws\n20-10 VP », « nos Lois\n12 tables », « Lois\n3 12 »). After a break, a bare law number (or
# « N-M ») followed on its line by a word or another number is such a row: the law word ends its line, nothing is
# read and lois renvois says nothing (:data:`LINE_HEAD`). A citation wrapped there is still read when its id has a
# section (« Loi\n16 B 1 a »), or is followed by punctuation, a bracket, the end of the line, or a list or range
# word (« Lois\n12 et 13 »); lost: « la Loi\n27 s'applique » (then « Loi 27 » is only unlinked text).
_LINE_HEAD_P = (rf"[0-9]{{1,3}}(?:{_H}*{DASH}{_H}*[0-9]{{1,3}})?{_H}+"
                rf"(?!(?:{_AND}|[A-H]){_NL}|(?:{_RANGE_WORDS}){_H}+[0-9])"  # « Lois\n12 a joué »: « a » is the verb
                rf"[^\W_]")
_LOI_GAP_P = (rf"{_H}*(?:\n{_H}*{_NUMERO}?(?![0-9]{{1,2}}\.[^\S\n])(?!{_LINE_HEAD_P})"  # « Loi\n2. » is a paragraph
              rf"|{_NUMERO}?)")
# Trigger words before a citation without « Loi »: « voir (également) », « cf. » and « en », « selon » may
# introduce an absolute id (« en 23C ») or a relative one; « de », « dans » a relative one only.
_VOIR = (rf"(?:{_nocase('voir')}|{_nocase('cf')}\.?)(?:{_H}+(?:{_nocase('également')}|{_nocase('egalement')}"
         rf"|{_nocase('aussi')}|{_nocase('notamment')}))?")  # « voir aussi 74C », « cf. aussi 74C »
_ABS_WORDS = rf"{_nocase('en')}|{_nocase('selon')}"
# « puis » an absolute id only, as a list goes on in a director's e-mail (« Loi 93B3 puis 93C »), never a relative one
_THEN = _nocase("puis")
_TRIGGER = _compile(rf"(?<!{_LETTER})(?:(?P<voir>{_VOIR})|(?P<abs>{_ABS_WORDS})|(?P<then>{_THEN})"
                      rf"|(?P<rel>{_nocase('de')}|{_nocase('dans')})){_NL}")
_TRIGGER_ABS = rf"(?<!{_LETTER})(?:{_VOIR}|{_ABS_WORDS}|{_THEN}){_NL}(?:{_H}+(?:\n{_H}*)?|\n{_H}*)"
_STRICT_TAIL = _tail_parts(True, None, True)
_BID_LIKE = rf"0?[1-7][CDHcdh]{_NL}(?!{_STRICT_TAIL[0]}|{_STRICT_TAIL[1]})"  # « 2C »: a bid
# Articles of a club's statutes are not laws of the Code: after « article » a bare number is refused when
# another text is named (« article 12 des statuts », « art. 5 du règlement intérieur », « article 3 de la loi
# du 1er juillet 1901 », « article 12, alinéa 3 ») or when it is a heading (« Article 3 – Objet »); « du Code »,
# « des Lois » are the Code.
_ART_MORE = rf"(?:{_H}*,{_H}*|{_H}+(?:et|ou|and|or|{_RANGE_WORDS}){_H}+|{_H}*{DASH}{_H}*)[0-9]{{1,3}}(?![0-9])"


def _not_other_code(nl: str) -> str:
    """After « Code »: not the name of another code (« code du sport », « code d'éthique », « Code civil »); a verb
    (« l'article 16 du Code s'applique », « … du Code interdit ») or « international », « de bridge » is the Code.
    ``nl``: « no letter follows » (:data:`_NL`, :data:`_NL1` where the pattern runs without JavaScript's « u »)."""
    return (rf"(?!{_H}+(?:(?:d['’]|(?:de|du|des){_H}+)(?!{_nocase('bridge')}|{_nocase('arbitrage')}"
            rf"|l['’]{_nocase('arbitrage')}|la{_H}+(?:FFB|WBF|FIB){nl}|[0-9])"
            rf"|(?:civil|p[ée]nal|[ée]lectoral|g[ée]n[ée]ral|mon[ée]taire|rural|sportif){nl}))")


_CODE = rf"(?:[Cc]ode{_not_other_code(_NL)}|CODE|CIBD|[Ll]ois|LOIS){_NL}"
# « de notre règlement », « de ses statuts »
_DET_OF = rf"de{_H}+(?:notre|votre|leur|ce|cet|cette|nos|vos|leurs|son|sa|ses)"
_FOREIGN = (rf"{_H}*,?{_H}+(?:(?:du|des|de{_H}+la|de{_H}+l['’]|d['’]|{_DET_OF}){_NL}(?!{_H}*{_CODE})"
            # « Article 12 of the Constitution » (not « … of the Laws »)
            rf"|(?:of|OF){_H}+(?!(?:the{_H}+|THE{_H}+)?(?:[Ll]aws|LAWS|[Cc]ode|CODE){_NL})"
            rf"|{_nocase('alinéa')}|{_nocase('alinea')}|al\.|§"
            rf"|{_nocase('ci')}{DASH}?(?:{_nocase('dessus')}|{_nocase('dessous')}|{_nocase('apr')}[eèEÈ][sS])"
            # a code or an act by its initials (« art. 60 CC », « art. 2085 CCQ », « art. 16 LSA », « art. 5 LTr »),
            # where it ends the reference (« ARTICLE 12 SCORE AJUSTÉ » in capitals is not one)
            rf"|(?!(?:DU|DE|DES|LA|LE|LES|ET|OU|AU|AUX|EN|CODE|CIBD|LOI|LOIS|LAW|LAWS){_NL})"
            rf"(?:[A-Z][A-Za-z]{{1,5}}|n[A-Z]{{2,5}}){_NL}(?!{_H}*[^\s,.;:)\]]))")
# (« article 5 ci-dessus »: an article of the page itself)
# « articles 60 et suivants du Code civil », « art. 60 ss CC »: the articles that follow, then the text's name
_FOLLOWING = (rf"{_H}+(?:et{_H}+(?:{_nocase('suivants')}|{_nocase('suivantes')}|suiv\.|s\.|ss\.?|sq\.|sqq\.)"
              rf"|ss\.?|sq\.|sqq\.)(?={_H})")
# (« ss », « sq. » alone, whatever follows: the Latin « sequentes » of Swiss and German law, never the Code's way:
# « les art. 60 ss CC et les statuts »)
_SEQUENTES = rf"{_H}+(?:ss\.?|sqq?\.)(?!{_LETTER})"
_ART_FOREIGN = (rf"(?!(?:{_ART_MORE}|{_FOLLOWING}){{0,10}}{_FOREIGN})"  # « article 16 B du règlement »
                rf"(?!(?:{_ART_MORE}){{0,10}}{_SEQUENTES})")
_ART_GUARD = (rf"{_ART_FOREIGN}(?!{_H}*(?::|{DASH}){_H}*(?![0-9]))"
              rf"(?!{_H}+(?:{_nocase('bis')}|{_nocase('ter')}|{_nocase('quater')}){_NL})")  # « Article 9 bis »
# Texts that are not the Code, named by a club page: « règlement (intérieur) », « statuts », « RGC », « code du
# sport », « décret », « charte » — not « convention », « contrat » nor « arrêté », words of a table (« la convention
# Stayman, voir l'article 40 », « le contrat chute : article 64 », « le jeu est arrêté : article 68 »). Letters of
# Latin-1 only (no « \p{…} »):
# also read, before an article, by the club linkifier's pattern of places where nothing is read (_ADDRESS), which
# runs without the « u » flag
_NL1 = "(?![A-Za-zÀ-ÖØ-öø-ÿ])"
_MONTHS = "(?:" + "|".join(_nocase(m) for m in ("janvier", "février", "fevrier", "mars", "avril", "mai", "juin",
                                                "juillet", "août", "aout", "septembre", "octobre", "novembre",
                                                "décembre", "decembre")) + ")"
# A French statute named by its date or its number (« la loi du 16 juillet 1984 », « loi n° 84-610 »)
_STATUTE = (rf"{_nocase('loi')}{_H}+(?:du{_H}+(?:1er|[0-9]{{1,2}}){_H}+{_MONTHS}{_H}+[0-9]{{4}}|de{_H}+[0-9]{{4}}"
            rf"|[nN][°º]{_H}*[0-9]{{2,4}}{DASH}[0-9]{{1,5}})(?![0-9])"
            # a statute named by its kind (« la loi fédérale (LPD) », « loi de finances 2024 », « loi organique »)
            rf"|{_nocase('loi')}{_H}+(?:{_nocase('fédérale')}|{_nocase('federale')}|{_nocase('cantonale')}"
            rf"|{_nocase('organique')}|{_nocase('constitutionnelle')}|de{_H}+{_nocase('finances')}"
            # or by its title (« Loi sur l'encouragement du sport (LESp), art. 3 », « loi relative aux associations »)
            rf"|sur|{_nocase('relative')}|{_nocase('relatif')}|{_nocase('portant')}|{_nocase('concernant')}){_NL1}"
            # a statute named (« la loi « Informatique et Libertés » », « loi Evin »; not « Loi Internationale »)
            rf"|{_nocase('loi')}{_H}+(?:[«“\x22][^»”\x22\n]{{1,60}}[»”\x22]|(?!International)[A-ZÀ-Þ][a-zà-ÿ]+{_NL1})")
# Any code of French law or of conduct but the Code of bridge (« code du sport », « Code d'éthique du club »; not
# « Code de bridge », « code d'arbitrage », as clubs call the Code)
_OTHER_CODE = (rf"[Cc]ode{_H}+(?:(?:d['’]|(?:de|du|des){_H}+)"
               rf"(?!{_nocase('bridge')}|{_nocase('arbitrage')}|l['’]{_nocase('arbitrage')}|la{_H}+(?:FFB|WBF|FIB){_NL1})"
               rf"(?:l['’]|la{_H}+)?[A-Za-zÀ-ÖØ-öø-ÿ]+|civil|pénal|penal|électoral|electoral|général|general|monétaire)")
_OTHER_TEXT = ("(?:" + "|".join(_nocase(w) for w in ("règlement", "reglement", "statuts", "décret", "decret",
                                                     "charte", "statutes", "bylaws", "constitution", "regulations"))
               + rf"|[bB][yY]{DASH}[lL][aA][wW][sS]|{_nocase('conditions')}{_H}+of{_H}+{_nocase('contest')}"
               + rf"|{_nocase('code')}{_H}+of{_H}+{_nocase('practice')}"
               + rf"|RGC|RNC|RGPD|RI|n?LPD|CCQ|CSA|{_OTHER_CODE}|{_STATUTE}){_NL1}")
# After « Loi 16 » (« la loi 16 juillet 1984 », « la loi 16 du 29 juillet 1881 ») or « Lois 1 et 2 » (« … du
# règlement », « Loi 90 du code de la route »): a date, another text: not the Code
_MONTH = f"{_MONTHS}{_NL}"
# or the rules of a club, an association (« la Loi 2 du club », « la loi 3 de notre association », « Law 2 of the
# club »): another text (:data:`OTHER_TEXT_LAW` keeps ``lois renvois`` silent on them)
_OWNER = ("(?:" + "|".join(_nocase(w) for w in ("football", "futsal", "rugby",  # the laws of another game
                                                "club", "clubs", "association", "cercle", "comité", "comite", "bureau",
                                                "ligue", "amicale", "école", "ecole", "section", "société", "societe",
                                                "society", "bylaws", "constitution", "statutes",
                                                # a saying (« la loi n° 1 du bridgeur », « … du bon joueur »)
                                                "bridgeur", "bridgeurs", "bridgeuse", "bridgeuses", "joueur",
                                                "joueurs", "bon", "bons", "parfait", "débutant", "debutant"))
          + rf"|[bB][yY]{DASH}[lL][aA][wW][sS]){_NL1}")
_OF = (rf"(?:(?:du|des|de{_H}+la|de{_H}+l['’]|d['’]|{_DET_OF}){_NL}"
       rf"|(?:of|OF){_H}+(?:(?:the|our|this|its|their|your|THE){_H}+)?)")
_EDITION = r"(?:[Cc]ode|CODE|Laws|Lois|[ée]dition|version|[ÉéEe]d\.)"  # the words that name an edition
_STATUTE_SUBJECT = ("(?:" + "|".join(_nocase(w) for w in (
    "protection", "langue", "laïcité", "laicite", "associations", "association", "compagnies", "sociétés", "societes",
    "données", "donnees", "renseignements", "accès", "acces", "santé", "sante", "sport", "sports", "tabac", "fiscalité",
    "fiscalite", "impôts", "impots", "travail", "presse", "liberté", "liberte", "libertés", "libertes", "vie",
    "séparation", "separation", "bénévolat", "benevolat", "égalité", "egalite")) + f"){_NL}")
_OTHER_AFTER = (rf"(?:{_H}+(?:du|of))?{_H}+(?:(?:1er|premier|1st|[0-9]{{1,2}}){_H}+)?{_MONTH}"
                # another edition of the Code (« la Loi 25B du Code 2007 », « la loi 12 de 2007 », « Law 25 (1997) »,
                # « Law 25 of the 2007 Laws », « Law 25 of the Laws of 2007 », « la Loi 16 de l'édition 2007 »,
                # « Loi 16 (éd. 2007) », « Loi 16 version 2007 »)
                rf"|(?:{_ART_MORE}){{0,10}}{_H}*,?{_H}*(?:(?:\(|(?:du|de|of)(?:{_H}+(?:the|la|l['’]))?){_H}*"
                rf"(?:{_EDITION}{_H}+(?:de{_H}+|of{_H}+)?)?|{_EDITION}{_H}+(?:de{_H}+|of{_H}+)?)"
                rf"(?:19[0-9]{{2}}|20(?!17)[0-9]{{2}})(?![0-9])"
                rf"|(?:{_ART_MORE}){{0,10}}{_H}*,?{_H}+{_OF}{_H}*(?:[A-ZÀ-Þ][a-zà-ÿ]+{_H}+)?(?:{_OTHER_TEXT}|{_OWNER})"
                # a statute's title (« Loi 25 sur la protection des renseignements personnels », « loi 96 sur la
                # langue officielle », « Loi 2 sur les associations »): subjects no law of the Code is about
                rf"|{_H}+sur{_H}+(?:(?:la|le|les){_H}+|l['’])?{_STATUTE_SUBJECT}")
_LOI_GUARD = rf"(?!{_OTHER_AFTER})"
_ID_END = r"(?![.,:/][0-9])"  # « L. 12.3 », « art. 12,5 »: numbering of another kind
# Ranges: « Lois 61 à 64 », « 61-64 »; « 12C1(a) à (c) », « (a)-(c) »; « 30B1(b)(i) à (iii) ». ``hi`` reads any
# number so that « Lois 1 à 9999 » is seen, then refused (see :func:`_range_refs`). After a singular « Loi »,
# « à N » before a word is the preposition, not a range: « la Loi 16 à 2 reprises ».
_RANGE_SEP = rf"(?:{_H}+(?:{_RANGE_WORDS}){_H}+|{_H}*{DASH}{_H}*)"  # and « 61-64 »
# After « Lois », a range word may start or end a line (a mail, a PDF wrapped: « Lois 61\nà 64 », « Lois 61 à\n64 »);
# never « a », « A » there, the verb at the head of a line (« Lois 12\na joué »)
_RANGE_SEP_PLURAL = (rf"(?:{_RANGE_SEP}|{_H}*\n{_H}*(?:à|À|au|AU|jusqu['’]à|to|TO|through){_H}+"
                     rf"|{_H}+(?:à|À|au|AU|jusqu['’]à|to|TO|through){_H}*\n{_H}*)")
# A law number of the Code as a chain of dashes writes it: « Lois 16-73-75 » is a list (three laws), not the range
# 16 to 73 then « -75 »; a chain ends on a law of the Code (« Lois 12-03-2024 » is still the refused range 12–3)
_CHAIN_LAW = "(?:9[0-3]|[1-8][0-9]|[1-9])(?![0-9])"
_RANGE_HI = (_g("hi", "[0-9]{1,9}") + rf"(?![0-9]){_NO_ALNUM}(?!{_H}{{1,2}}[A-H]{_NL})"  # « à 61 B 1 »: an id
             + rf"(?!{DASH}{_CHAIN_LAW}{_NO_ALNUM})")
_RANGE_SUB = rf"\({_H}?" + _g("hs", "[a-z]{1,5}") + rf"{_H}?\){_NO_ALNUM}"
# (never after a law of a chain: « Lois 16-73-75 »)
_RANGE_PLURAL = (rf"(?<![0-9]{DASH}[0-9])(?<![0-9]{DASH}[0-9]{{2}})"
                 rf"{_RANGE_SEP_PLURAL}(?:{_RANGE_HI}|{_RANGE_SUB})")
# After a singular « Loi », « à N » before a word is the preposition (« la Loi 16 à 2 reprises »); a hyphen is never
# one: « la Loi 61-64 s'applique » is a range, « la loi 78-17 du 6 janvier 1978 » a reversed one (a French statute's
# number: nothing is linked)
_RANGE_SINGULAR = (rf"(?!{_H}+(?:{_RANGE_WORDS}){_H}+[0-9]{{1,9}}(?![0-9]){_NO_ALNUM}{_LOWERWORD})"
                   rf"{_RANGE_SEP}(?:{_RANGE_HI}|{_RANGE_SUB})")
_RANGE_SUBS = rf"{_RANGE_SEP}{_RANGE_SUB}"
ROMANS = ROMAN_NUMERALS
_LETTERS = tuple("abcdefghijklmnopqrstuvwxyz")


@dataclass(frozen=True)
class Rule:
    """One entry point of the program (see above); patterns compiled, ``span``: ``"start"`` or ``"item"``."""

    name: str
    start: re.Pattern
    first: re.Pattern
    next: re.Pattern
    range: re.Pattern | None
    span: str
    merge: bool


@dataclass(frozen=True)
class RefusedRange:
    """A range the program saw and refused (:func:`refused_ranges`): ``low``/``high`` as written (« 90 »,
    « 150 »; « c », « a »), ``laws``: a range of laws (else of sub-points)."""

    text: str
    start: int
    end: int
    low: str
    high: str
    laws: bool


def _rule(name, start, first, nxt, rng, span, merge) -> Rule:
    return Rule(name, _compile(start), _compile(first), _compile(nxt), rng and _compile(rng), span, merge)


_SEP = _compile(_SEP_P)
_CI_AFTER = _compile(_CI)
_REL_ID = _compile(_rel_id("r_", in_list=False))
_REL_ID_NUM = _compile(_rel_id("r_", in_list=False, numbers=True))
_REL_RANGE = _compile(_RANGE_SUBS)
# « Loi 64A1 et A2 », « Loi 20F1 et F2 »: a section with its paragraph continuing the previous absolute item of a
# section (group c0_…: its law, a new path), unless « ci-dessous » follows (« Lois 78D, 86B3 et (d) ci-dessous »
# cite the text where they stand)
# (spaced too: « Lois 16 B 1 et C 2 »)
_CONTINUED_SEC = (_g("c0_sec", "[A-H]") + _NL + _tail(True, "c0_") + rf"(?<=[0-9a-z)]){_NO_ALNUM}(?!{_CI})")
# « Loi 16B1 a) et b) »: sub-points lettered with a closing bracket only, as French texts letter them (the bracket
# after a letter is read with the next item of the list, never alone: « (voir la Loi 16B1 a) » keeps it out)
# « Loi 40 B 2 a) ii) et iii) »: romans too (two letters at least: « i) » is a letter)
_HALF_CONTINUED = (rf"(?:(?:(?<=[0-9][a-z])|(?<={_H}[a-z]))\){_SEP_P}{_g('c2_hsub', '[a-z]')}"
                   rf"|(?<=[ivx][ivx])\){_SEP_P}{_g('c3_hrom', f'(?=[ivx]{{2}}){_ROMAN}')}{_NL})(?=\))")
# « Loi 16 B 1 a et b », « Loi 12 C 1 c, d ou e »: spaced sub-points after a spaced sub-point (not « … a et la Loi 9 »)
_SPACED_CONTINUED = (rf"(?:(?<=[0-9]{_H}[a-x])|(?<=[0-9]{_H}{_H}[a-x])|(?<=[a-x],{_H}[b-x])){_SEP_P}"
                     rf"{_g('c2_ssub', '[b-x]')}{_NL}(?!['’]|{_H}+[0-9])")
_NEXT_ITEM = (rf"(?:{_LIST_SEP}(?:{_abs_id(_LAW_ANY, 'required')}|{_CONTINUED}|{_CONTINUED_SEC}|{_rel_id('r_')})"
              rf"|{_HALF_CONTINUED}|{_SPACED_CONTINUED})")
# After a singular « Loi », a bare law number too, where it can be nothing else (« cf. Loi 12, 16) », « Loi 12, 16
# et 73. »): what ends the list follows it (a punctuation, a bracket, the end of the line) or « et 73 »; never a word
# or a sign (« la Loi 27, 3 options », « Loi 12, 16 h », « Loi 16, 2 % »); of two digits (« Loi 64, 2 » may be its
# paragraph: the Code numbers paragraphs 1 to 9)
_BARE_END = rf"{_ID_END}(?:(?!{_H}*[^\s,;.:)\]])|(?={_H}+(?:{_AND}){_H}+[0-9]))"
_LAW_10_93 = "(?:9[0-3]|[1-8][0-9])(?![0-9])"
_NEXT_ITEM_LOI = (rf"(?:{_LIST_SEP}(?:{_abs_id(_LAW_ANY, 'required')}|{_bare_law('law_b', _LAW_10_93)}{_BARE_END}"
                  rf"|{_CONTINUED}|{_CONTINUED_SEC}|{_rel_id('r_')})|{_HALF_CONTINUED}|{_SPACED_CONTINUED})")
# « Lois 16-73-75 »: the next law of a chain of dashes (three laws at least, glued: see :data:`_RANGE_HI`)
_CHAINED = (rf"(?<=[0-9]){DASH}(?:(?={_CHAIN_LAW}{DASH}{_CHAIN_LAW}{_NO_ALNUM})|(?<=[0-9]{DASH}[0-9]{DASH})"
            rf"|(?<=[0-9]{DASH}[0-9]{{2}}{DASH})){_bare_law('law_d', _CHAIN_LAW)}")
_NEXT_ITEM_PLURAL = (rf"(?:{_LIST_SEP}(?:{_abs_id(_LAW_ANY, 'required')}|{_bare_law('law_b', _LAW_1_93)}"
                     rf"|{_CONTINUED}|{_CONTINUED_SEC}|{_rel_id('r_')})|{_HALF_CONTINUED}|{_SPACED_CONTINUED}"
                     rf"|{_CHAINED})")


# « Loi » in the name of a street (« rue de la Loi 16, 1040 Bruxelles », « 155 rue de la Loi »): not a citation, and
# ``lois renvois`` says nothing of its number (lois.core.resolve.unknown_forms); looked back from the end of « Loi »
STREET_LAW = "(?:" + "|".join(rf"(?<={_nocase(w)}{_H}de{_H}la{_H}{_nocase('loi')})"
                              for w in ("rue", "avenue", "av.", "boulevard", "bd", "place", "chaussée", "chaussee",
                                        "square", "allée", "allee", "impasse", "quai"))
# or of a bill (« le projet de loi 21 », « projet de loi no 15 », Québec's way of naming its statutes), or a statute
# named by its number in lower case beyond the Code (« la loi 101 », « la loi 96 »: Québec's language laws; « la Loi
# 94 », capitalised as the Code's laws are, is still read, and lois renvois says that law does not exist)
STREET_LAW += (rf"|(?<={_nocase('projet')}{_H}de{_H}{_nocase('loi')})"
               rf"|(?<={_nocase('projets')}{_H}de{_H}{_nocase('loi')})"
               rf"|(?<=loi)(?={_H}+(?:9[4-9]|[1-9][0-9]{{2}})(?![0-9]){_NO_ALNUM}))")


def _word(*words: str) -> str:
    """Words (any case, the same first letter) that start a citation, not glued to a letter, a digit, an accent or a
    hyphen before them (« ²Loi 16 », « by-law 12 »). The first letter is read before what precedes it is looked at,
    so that the search for a start skips to that letter."""
    first = f"[{words[0][0].lower()}{words[0][0].upper()}]"
    return (rf"{first}(?<![^\W_]{first})(?<![{_MARKS}\-‐‑]{first})"
            rf"(?:{'|'.join(_nocase(w[1:]) for w in words)}){_NL}")

# An id alone that numbers something else: « table 12 B 3 », « donne 16 C 2 », « salle 2 B 1 », « Bât. 3 B 2 », « NS 12
# B 3 » (a pair), « n° 12 B 3 ».
_NOUNS = ("table", "tables", "donne", "donnes", "étui", "étuis", "salle", "page", "paire", "bât.", "bat.",
          "place", "places", "chambre", "appartement", "appt", "apt", "niveau", "lot", "bloc", "casier", "rang",
          "rangée", "match", "local", "box",
          # after « article », the rule « article » decides (« article 3 B 2 des statuts » is not 3B2)
          "article", "articles", "art.", "art",
          "bâtiment", "batiment", "escalier", "porte", "étage", "tour", "round", "board", "boards", "équipe",
          "poule", "groupe", "série", "ns", "eo", "ew", "n°", "numéro", "no.")


def _not_after(words: tuple[str, ...], tail: str) -> str:
    """Not after one of ``words`` and ``tail``: one look-behind per length of word (its alternatives have one width,
    as a look-behind needs), fewer to try at each digit than one per word."""
    by_length: dict[int, list[str]] = {}
    for w in words:
        by_length.setdefault(len(w), []).append(_nocase(w))
    return "".join(rf"(?<!(?:{'|'.join(ws)}){tail})" for _, ws in sorted(by_length.items()))


_NOT_AFTER_NOUN = _not_after(_NOUNS, _H)
_L_NOT_AFTER_NOUN = _not_after(_NOUNS, f"{_H}[Ll]")  # « salle L 12 B 3 », read from the « L »
# « L. 27B1 », not an article of a French code (« article L. 131-16 », « art. L 27 »)
_L_ABBR = ("[Ll](?<![^\\W_][Ll])(?<![.'’\\-‐‑][Ll])"
           + "".join(rf"(?<!{_nocase(w)}{_H}[Ll])" for w in ("article", "articles", "art", "art.")))
_ART_FIRST = (rf"(?:{_abs_id(_LAW_1_93, 'required')}{_ART_FOREIGN}|{_bare_law('law_b', _LAW_1_93)}{_ART_GUARD})"
              rf"{_ID_END}")
_HEADING = rf"{_H}*[0-9]{{1,3}}(?:er)?\.(?!\S)"  # « Art. 12. Le bureau… » at the head of a line: a heading of statutes
# After a dash or a full stop on its line (« Titre III — Article 12. Ressources », « … des statuts. Article 12. Le
# trésorier »), « Article 12. » before a capital is the heading of an article too (not « Référence : Article 25. »)
_AFTER_HEAD = rf"(?:{DASH}|\.){_H}"
_HEAD_TITLE = rf"{_H}*[0-9]{{1,3}}(?:er)?\.{_H}+[A-ZÀ-Þ]"
# « la loi 12/2014 », « loi 2/2021 »: a statute's number and year, as African states number them (also
# lois.core.resolve.unknown_forms, which then says nothing); not « Loi 16/2 », read as the law alone
STATUTE_YEAR = "/(?:19|20)[0-9]{2}(?![0-9])"
_STATUTE_SLASH = f"(?!{STATUTE_YEAR})"
_LA_AFTER = "|".join(rf"(?<=(?<![^\W_]){w}{_H}[lL])" for w in (
    "[cC]['’]est", "[cC]['’]était", "[pP]as", "[pP]lutôt", "[pP]lutot", "[aA]ppliquer", "[aA]pplique", "[aA]ppliquez",
    "[aA]ppliqué", "[iI]nvoquer", "[iI]nvoque", "[lL]ire", "[rR]elire", "[vV]oir", "[vV]oyez", "[vV]oire",
    # (reading it: « regarde la 16.B.1 », « relis la 73C », « consultez la 40B »)
    "[rR]egarde", "[rR]egardez", "[rR]egarder", "[rR]elis", "[rR]elisez", "[lL]is", "[lL]isez", "[cC]onsulte",
    "[cC]onsultez", "[cC]onsulter"))
# What an appeal's report says of the laws it lists (« Lois applicables : », « Loi invoquée : », « Laws applied: »)
_LAWS_NAMED = ("(?:" + "|".join(_nocase(w) for w in (
    "applicables", "applicable", "appliquées", "appliquée", "appliquees", "appliquee", "invoquées", "invoquée",
    "invoquees", "invoquee", "concernées", "concernée", "concernees", "concernee", "visées", "visée", "visees", "visee",
    "citées", "citée", "citees", "citee", "applied", "cited", "concerned")) + rf"|en{_H}+cause){_NL}")
PROGRAM_RULES: tuple[Rule, ...] = (
    # « Loi 20F5 », « loi n° 16 », « LOI 50 D 2 (a) », « Loi 16 B 1 a », « Loi 12C1(a) à (c) »
    # and as copied from the English of the WBF: « Law 16B », « Law 12C1(b) »
    # (not a decimal number: « Kerouac – Loi 55,56 % », a name in a results list)
    _rule("loi", rf"{_word('loi', 'law')}(?!{STREET_LAW}){_LOI_GAP_P}",
          _abs_id(_LAW_ANY, "optional") + _LOI_GUARD + f"(?!{DECIMAL}){_STATUTE_SLASH}",
          _NEXT_ITEM_LOI, _RANGE_SINGULAR, "start", True),
    # « Lois 42 et 43 », « lois 27, 29 et 31 », « Lois 61 à 64 », « Laws 61 to 64 »
    _rule("lois", rf"{_word('lois', 'laws')}{_LOI_GAP_P}", _abs_id(_LAW_ANY, "optional") + _LOI_GUARD + _STATUTE_SLASH,
          _NEXT_ITEM_PLURAL, _RANGE_PLURAL, "start", True),
    # « Lois applicables : 16B, 73C et 12C1(e) », « Loi invoquée : 16B1 », « Laws applied: 16B, 73C », as an appeal's
    # report heads its list: the citation is the list (a law alone where nothing but a punctuation, the line's end or
    # « et N » follows it: not « Lois applicables : 2 au maximum »)
    _rule("lois:", rf"{_word('lois', 'loi', 'laws', 'law')}{_H}+{_LAWS_NAMED}{_H}*:{_H}*(?:\n{_H}*)?",
          rf"(?:{_abs_id(_LAW_1_93, 'required')}|{_bare_law('law_b', _LAW_1_93)}{_BARE_END})"
          rf"{_LOI_GUARD}{_STATUTE_SLASH}",
          _NEXT_ITEM_PLURAL, _RANGE_PLURAL, "item", False),
    # « article 27 B 1 b », « art. 16B1 », « Art 16 B 1 », « article 12 » (not « article 12 des statuts »)
    # (not a heading of statutes at the head of a line, ended by a full stop: « Art. 12. Le bureau… »)
    # (nor after a dash or a full stop that ends a heading or a sentence on the same line, before a capital: « Titre
    # III — Article 12. Ressources », « … des statuts. Article 12. Le trésorier… », :data:`_HEAD_TITLE`)
    _rule("article", rf"(?:{_word('article')}(?:(?<=[^\n]{_nocase('article')})"
          rf"(?:(?<!{_AFTER_HEAD}{_nocase('article')})|(?!{_HEAD_TITLE}))|(?!{_HEADING}))"
          rf"|{_word('art')}(?:(?<=[^\n]{_nocase('art')})(?:(?<!{_AFTER_HEAD}{_nocase('art')})|(?!\.?{_HEAD_TITLE}))"
          rf"|(?!\.?{_HEADING}))\.?)"
          rf"{_LOI_GAP_P}", _ART_FIRST,
          _NEXT_ITEM, _RANGE_SINGULAR, "start", False),
    # « articles 61 à 64 », « articles 27 et 29 »
    _rule("articles", rf"{_word('articles')}{_LOI_GAP_P}", _ART_FIRST,
          _NEXT_ITEM_PLURAL, _RANGE_PLURAL, "start", False),
    # « L. 27B1b », « l.12C1 », « L. 64 »
    _rule("l.", rf"{_L_ABBR}\.{_H}{{0,2}}", _abs_id(_LAW_1_93, "optional") + _ID_END,
          _NEXT_ITEM, _RANGE_SINGULAR, "start", False),
    # « L12C1(e) », « L 27B1 » (a section is needed: « L3 », « L 12 » are not laws); a spaced section as an id
    # alone reads it, with its paragraph: « L 16 B 1 b » (that id is linked anyway: the « L » joins it; not
    # « salle L 12 B 3 »)
    _rule("l", rf"{_L_ABBR}{_L_NOT_AFTER_NOUN}{_H}?(?=[0-9])",
          rf"(?!0?[1-7]{_H}{{1,2}}[CDH]{_NL}){_deep_id(_LAW_1_93, True)}{_ID_END}",  # « L 3 C 1 »: as « 3 C 1 »
          _NEXT_ITEM, _RANGE_SUBS, "start", False),
    # an id alone, with a section and a paragraph: « 16 B 1 a », « 12 C1(e) », « 27B1(b) » (not « table 12 B »,
    # « 12H30 », « 1 C 1 D »)
    _rule("id", rf"(?=[1-9])(?<![^\W_]|[.,/#+'’°]|{DASH})" + _NOT_AFTER_NOUN,  # the digit first: a quick search
          rf"(?!0?[1-7]{_H}{{0,2}}[CDH]{_NL}){_deep_id('(?:9[0-3]|[1-8][0-9]|[1-9])(?![0-9])', False, False)}"
          rf"(?!(?:[.,:/]|{DASH})[0-9])", _NEXT_ITEM, _RANGE_SUBS, "item", False),
    # after « la », as directors and forums shorten « la Loi 73C », in their words: « c'est la 73C qui joue », « pas
    # la 16B », « plutôt la 12C1 », « j'applique la 16B » (a glued section; not a table or a room of a movement, « la
    # 12C passe en EO », « à la 12B »; nor a bid, « la 2C »; a law alone, « sur la 16 c'est 4♠ », is a board)
    _rule("la", rf"[lL](?=a{_H}{{1,2}}[1-9])(?<![^\W_][lL])(?:{_LA_AFTER})a{_H}{{1,2}}",
          rf"(?!{_BID_LIKE})(?=[0-9]{{1,2}}[A-H]{_NL}|[0-9]{{1,2}}[A-H][0-9]|[0-9]{{1,2}}(?:\.|{DASH})[A-H](?:\.|{DASH})[0-9])"
          rf"{_deep_id(_LAW_1_93, True, False, dotted=True)}"
          rf"{_ID_END}(?![%€$£])",
          _NEXT_ITEM, _RANGE_SUBS, "item", False),
    # after « voir », « cf. », « en », « selon »: « en 23C », « voir 16 B 1 a »
    _rule("trigger", _TRIGGER_ABS, rf"(?!{_BID_LIKE}){_deep_id(_LAW_1_93, True)}",
          _NEXT_ITEM, _RANGE_SUBS, "item", False),
)
_TRIGGER_RULE = PROGRAM_RULES[-1]
# From its number, the law of another text, which no rule reads (:data:`_LOI_GUARD`: « Loi 2 du club », « Lois 1 à 4
# des statuts », « la loi 16 du 29 juillet 1881 »): ``lois renvois`` says nothing of it
# (lois.core.resolve.unknown_forms)
OTHER_TEXT_LAW = _compile(_abs_id(_LAW_ANY, "optional") + f"(?={_OTHER_AFTER})")
# From its number after a law word and a line break, the head of a table's row (:data:`_LINE_HEAD_P`: « nos Lois\n12
# tables »), which no rule reads: ``lois renvois`` says nothing of it either
LINE_HEAD = _compile(_LINE_HEAD_P)
# From the end of « Loi », the name of a street (:data:`STREET_LAW`): ``lois renvois`` says nothing of its number
STREET = _compile(STREET_LAW)


def _item_refs(groups: dict, prev: Ref | None) -> list[Ref]:
    """The refs of one matched item, from its named groups (see the program's description)."""
    law, path, rel, cont, level = None, [], [], [], 0
    for name, value in groups.items():
        if value is None or name in ("hi", "hs"):
            continue
        if name.startswith("law"):
            law = int(value)
        elif name.startswith("p_"):
            path.append(value.upper() if name == "p_sec" else value.lower() if name.endswith(("usub", "urom"))
                        else value)
        elif name.startswith("r_"):
            rel.append(value)
        elif name.startswith("c"):
            level = level or int(name[1])
            cont.append(value.lower() if name.endswith("usub") else value)
    if law is not None:
        return [Ref(law, tuple(path))]
    if cont and prev is not None and prev.law is not None and len(prev.path) > level:
        return [Ref(prev.law, prev.path[:level] + tuple(cont))]
    return [Ref(None, tuple(rel or cont))]


def _range_refs(last: Ref, hi: str | None, hs: str | None) -> list[Ref] | None:
    """The refs of a range after the item ``last``: ``[]`` when it is not a range of that item's kind
    (« Loi 12C1(a) à 3 »: nothing is read after the item), ``None`` when the range is refused.

    A range of laws follows a bare law number and must go up within the Code: 1 ≤ low < high ≤ 93. A range
    of sub-points follows a sub-point and goes up in the same series: letters (« (a) à (c) ») or, after a
    lettered sub-point, romans (« (i) à (iii) »)."""
    if hi is not None:
        if last.path:
            return []
        low, high = last.law, int(hi)
        if not (low is not None and 1 <= low < high <= MAX_LAW):
            return None
        return [Ref(n, ()) for n in range(low, high + 1)]
    path = last.path
    if not path or not re.fullmatch("[a-z]+", path[-1]):
        return []
    series = ROMANS if len(path) >= 2 and re.fullmatch("[a-z]", path[-2]) else _LETTERS
    if path[-1] not in series or hs not in series or series.index(hs) <= series.index(path[-1]):
        return None
    return [Ref(last.law, path[:-1] + (x,)) for x in series[series.index(path[-1]):series.index(hs) + 1]]


# What a next item's match (:data:`_NEXT_ITEM`) holds before its id: a gloss (« 16 (information …), 26 »,
# whose parentheses hold none) and the separator, which has neither digit nor parenthesis
_BEFORE_ITEM = _compile(r"(?:\s*\([^()\[\]]*\))?[^0-9(]*")


def _item_start(m: re.Match[str]) -> int:
    """Where the id of a next item's match begins (a refused range quotes from there, not from its gloss)."""
    skip = _BEFORE_ITEM.match(m.group(0))
    return m.start() + (skip.end() if skip else 0)


def _match_rule(rule: Rule, text: str, pos: int, refused: list | None = None) -> tuple[int, int, list[Ref]] | None:
    """Run one rule at ``pos``: (start, end, refs) of the citation, or None. A refused range ends the list
    before its item (it is not read as its first end); ``refused`` collects it."""
    s = rule.start.match(text, pos)
    m = s and rule.first.match(text, s.end())
    if not m:
        return None
    begin = pos if rule.span == "start" else m.start()
    refs: list[Ref] = []
    end = m.end()
    for _ in range(_MAX_ABS_ITEMS):
        stop, new = m.end(), _item_refs(m.groupdict(), refs[-1] if refs else None)
        r = rule.range and new[0].law is not None and rule.range.match(text, stop)
        if r:
            run = _range_refs(new[-1], r.group("hi") if "hi" in r.groupdict() else None, r.groupdict().get("hs"))
            if run is None:
                if refused is not None:
                    at = begin if not refs else _item_start(m)
                    high = r.groupdict().get("hi") or r.group("hs")
                    low = str(new[-1].law) if r.groupdict().get("hi") else new[-1].path[-1]
                    refused.append(RefusedRange(text[at:r.end()], at, r.end(), low, high,
                                                bool(r.groupdict().get("hi"))))
                if not refs:
                    return None
                break
            if run:
                new, stop = run, r.end()
        refs += new
        end = stop
        m = rule.next.match(text, end)
        if not m:
            break
    return begin, end, refs


def program() -> dict:
    """The program as data, for the browser: pattern sources (Python syntax) and the constants."""
    return {
        "version": GRAMMAR_VERSION,
        "maxLaw": MAX_LAW,
        "maxItems": _MAX_ABS_ITEMS,
        "romans": list(ROMANS),
        "read": reading(),
        "address": _ADDRESS,
        "rules": [
            {"name": r.name, "start": r.start, "first": r.first, "next": r.next, "range": r.range,
             "span": r.span, "merge": r.merge}
            for r in PROGRAM_RULES
        ],
    }


def find_citations(text: str) -> list[Citation]:
    """Return the citations of ``text``, sorted by start and not overlapping."""
    return list(_scanned(text)[0]) if isinstance(text, str) else []


def refused_ranges(text: str) -> list[RefusedRange]:
    """The ranges of ``text`` that are not read as citations (« Lois 90 à 150 », « Lois 64 à 61 »,
    « Loi 12C1(c) à (a) »): the callers say why (``lois renvois``, ``lois verifie``)."""
    if not isinstance(text, str):
        return []
    kept: dict[int, RefusedRange] = {}  # a range refused after « Loi » is refused again from its first id: once
    for r in _scanned(text)[1]:
        kept.setdefault(r.end, r)
    return list(kept.values())


# `lois verifie` keeps the scans of a run for the next (lois.core.filememo): a checklist saved is read and validated
# again, and most of its texts are those scanned the last time; given back, they spare the compiling of the grammar
# (≈ 0.1 s). None: off; else the scans asked for in this run (what is kept), and those of the last run.
_asked: dict | None = None
_known: dict = {}


def keep_scans(known: dict) -> None:
    """Note from now on each text's scan (:func:`scans`); ``known``: the scans of an earlier run, given back for the
    same text (a scan is a pure function of the text, and the memo that holds them is named by the code)."""
    global _asked, _known
    _asked, _known = {}, known
    _scanned.cache_clear()  # (a process that goes on, the tests': every text asked from now on is noted)


def scans() -> dict:
    """The scans asked for since :func:`keep_scans`, text → (citations, refused ranges)."""
    return dict(_asked or {})


def forget_scans() -> None:
    global _asked, _known
    _asked, _known = None, {}


@lru_cache(maxsize=1 << 14)
def _scanned(text: str) -> tuple[tuple[Citation, ...], tuple[RefusedRange, ...]]:
    """The citations and the refused ranges of ``text``, read in one scan, once per text: the loading, the check
    (unknown forms, refused ranges) and the rendering ask for the same texts, and ``mkdocs serve`` asks again at
    each save for every text the save did not change. A pure function of the text (its results are frozen)."""
    if _asked is not None:
        found = _known.get(text)
        if found is None:
            found = scan_once(text)
        _asked[text] = found
        return found
    return scan_once(text)


def scan_once(text: str) -> tuple[tuple[Citation, ...], tuple[RefusedRange, ...]]:
    """One scan of ``text``, without any cache: its citations and its refused ranges."""
    refused: list[RefusedRange] = []
    found = _scan(text, refused)
    return tuple(found), tuple(refused)


# The text as it is displayed (lois.core.displayed) is what the scanner reads, here and in the browser (:func:`program`,
# ``read``): spans stay those of the text as written.
# Never read inside an address, an e-mail or a file name (« https://…/loi16.pdf », « law51.html »): a word that
# begins after a space, a bracket or a quote (so that a long word is looked at once, not from each of its letters);
# nor in the article of another text named before it on the same line (« RGC art. 12 », « Règlement intérieur –
# Article 7 », « statuts, article 3 B »), unless « du Code » follows it (« … l'article 16 du Code »)
# (no digit between the name and the article but the number of a text, « règlement (UE) 2016/679, art. 13 », a year
# first, never a range of the Code's laws, « Lois 61-64 », nor « loi 78-17 », which lois renvois must see:
# « Selon le règlement, voir la Loi 16 et l'article 27 » cites Law 16)
# (the first letters of :data:`_OTHER_TEXT` looked at first: the pattern is tried where any word begins)
_ARTICLE_OF_OTHER_TEXT = (rf"(?=[rRsSdDcCbBlL]){_OTHER_TEXT}"
                          rf"(?:[^\n;0-9]|(?<![0-9])[0-9]{{4}}(?:/|{DASH})[0-9]{{1,5}}(?![0-9])"
                          # or its date (« loi n° 2016-41 du 26 janvier 2016 … (article 16) »)
                          rf"|(?<![0-9])(?:1er|[0-9]{{1,2}}){_H}+{_MONTHS}{_H}+[0-9]{{4}}(?![0-9])"
                          # its edition, its chapters (« Règlement des Compétitions (édition 2024), chapitre 3,
                          # article 16 »)
                          rf"|(?<![0-9])(?:19|20)[0-9]{{2}}(?![0-9])"
                          rf"|(?<![A-Za-zÀ-ÖØ-öø-ÿ])(?:{_nocase('chapitre')}|{_nocase('titre')}|{_nocase('section')}"
                          rf"|{_nocase('annexe')}|{_nocase('chapter')}){_H}*[0-9]{{1,3}}(?![0-9]))"
                          rf"{{0,80}}?(?<![A-Za-zÀ-ÖØ-öø-ÿ0-9_])(?:{_nocase('articles')}"
                          rf"|{_nocase('article')}|{_nocase('art')}\.?){_NL1}{_H}*(?:[nN][°º]{_H}*)?[0-9]"
                          rf"[0-9A-Za-z()]{{0,14}}(?![0-9A-Za-z()])(?:{_H}{{1,2}}[A-H]{_NL1}|(?!{_H}{{1,2}}[A-H]{_NL1}))"
                          rf"(?!{_H}*,?{_H}+(?:du|des|de{_H}+la){_H}+(?:[Cc]ode|CODE|CIBD|[Ll]ois|LOIS){_NL1}"
                          rf"{_not_other_code(_NL1)})"
                          # and the articles listed after it (« Règlement intérieur : art. 5, art. 6 et art. 7 bis »)
                          rf"(?:(?:{_H}*,{_H}*(?:(?:et|ou|and|or){_H}+)?|{_H}+(?:et|ou|and|or){_H}+)"
                          rf"(?:(?:{_nocase('articles')}|{_nocase('article')}|{_nocase('art')}\.?){_NL1}{_H}*)?"
                          rf"[0-9]{{1,3}}(?![0-9])){{0,20}}")
# nor in a law of another edition of the Code named before it (« In the 2007 Laws, Law 25B », « le Code 1997, Loi 25B »)
_YEAR = "(?:19[0-9]{2}|20(?!17)[0-9]{2})(?![0-9])"
_LAW_OF_OTHER_EDITION = (rf"(?:(?:[Cc]ode|CODE|[Ll]aws|LAWS|[ée]dition|[Vv]ersion){_H}+(?:de{_H}+|of{_H}+)?{_YEAR}"
                         rf"|{_YEAR}{_H}+(?:[Ll]aws|LAWS|[Cc]ode|CODE)){_NL1}[^\n;.0-9]{{0,40}}?"
                         rf"(?<![A-Za-zÀ-ÖØ-öø-ÿ])(?:[Ll]aws?|LAWS?|[Ll]ois?|LOIS?){_H}+[0-9]{{1,2}}[0-9A-Za-z()]{{0,14}}")
# nor a law named by its number in a sentence about personal data (Québec's « Loi 25 » on personal information:
# « Conformément à la Loi 25, le club a désigné un responsable de la protection des renseignements personnels »,
# « Renseignements personnels (Loi 25) »), whichever comes first in the sentence
_PERSONAL_DATA = (rf"(?:{_nocase('renseignements')}{_H}+{_nocase('personnels')}|{_nocase('données')}{_H}+"
                  rf"{_nocase('personnelles')}|{_nocase('donnees')}{_H}+{_nocase('personnelles')}"
                  rf"|{_nocase('vie')}{_H}+{_nocase('privée')}){_NL1}")
# (a law's number alone, « Loi 25 », not an id, « Loi 16B1 »: the sentence is looked at only then)
_LAW_NUMBER_WORD = rf"(?:[Ll]oi|LOI|[Ll]aw|LAW){_H}+(?:[nN][°º]{_H}*)?[0-9]{{1,3}}(?![0-9A-Za-z(])"
_PRIVACY_LAW = (rf"(?:{_LAW_NUMBER_WORD}(?=[^\n.;!?]{{0,150}}{_PERSONAL_DATA})"
                rf"|{_PERSONAL_DATA}[^\n.;!?]{{0,150}}?{_LAW_NUMBER_WORD})")
# (an e-mail's parts and a file's name bounded as the Internet bounds them, 64 and 255 characters: a run of
# « [[[[… » tens of thousands long, each « [ » a place where a word begins, is then read in linear time, here and
# in the club linkifier, which runs this pattern in the browser)
_ADDRESS = _compile(r"""(?<![^\s<>"'()\[\]])(?:(?:[A-Za-z][A-Za-z0-9+.\-]*://|www\.)[^\s<>"]*"""
                    r"""|[^\s<>"()@]{1,64}@[^\s<>"()@]{1,255}\.[A-Za-z]{2,}"""
                    r"""|[^\s<>"()]{0,255}\.(?:html?|php|aspx?|pdf|docx?|xlsx?|odt|jpe?g|png|gif)(?![A-Za-z0-9])"""
                    rf"|{_ARTICLE_OF_OTHER_TEXT}|{_LAW_OF_OTHER_EDITION}|{_PRIVACY_LAW})")


def unread(text: str) -> list[tuple[int, int]]:
    """Where the scanner reads nothing (:data:`_ADDRESS`: an address, an e-mail, a file name, the article of another
    text, a law of another edition), as spans of ``text`` as written; ``lois renvois`` says nothing there either."""
    shown = displayed(text)
    spans = [m.span() for m in _ADDRESS.finditer(text if shown is None else shown[0]) if m.end() > m.start()]
    return spans if shown is None else [(shown[1][a], shown[2][b - 1]) for a, b in spans]


def _scan(text: str, refused: list | None) -> list[Citation]:
    if not isinstance(text, str) or not text:
        return []
    shown = displayed(text)
    if shown is None:
        return _scan_shown(text, refused)
    seen: list[RefusedRange] = []
    found = _scan_shown(shown[0], seen)
    starts, ends = shown[1], shown[2]
    if refused is not None:
        refused += [replace(r, text=text[starts[r.start]:ends[r.end - 1]], start=starts[r.start], end=ends[r.end - 1])
                    for r in seen]
    return [Citation(text[starts[c.start]:ends[c.end - 1]], starts[c.start], ends[c.end - 1], c.refs) for c in found]


def _scan_shown(text: str, refused: list | None) -> list[Citation]:
    zones = [x for m in _ADDRESS.finditer(text) for x in m.span()]
    candidates: list[tuple[int, int, int, Rule | re.Match[str] | None]] = []
    for i, rule in enumerate(PROGRAM_RULES):
        if rule is not _TRIGGER_RULE:
            candidates += [(m.start(), 0, i, rule) for m in rule.start.finditer(text)]
    candidates += [(m.start(), 1, 0, m) for m in _TRIGGER.finditer(text)]
    candidates += [(m.start(), 2, 0, None) for m in _REL_START.finditer(text)]
    candidates.sort(key=lambda c: c[:3])

    found: list[tuple[int, int, list[Ref], bool]] = []  # start, end, refs, mergeable (« Loi »)
    consumed = 0
    seen: list[RefusedRange] = []
    for pos, _kind, _, obj in candidates:
        if pos < consumed or bisect_right(zones, pos) % 2:
            continue
        if isinstance(obj, Rule):  # kind 0
            hit = _match_rule(obj, text, pos, seen)
        elif obj is not None:  # kind 1: a trigger's match
            hit = _from_trigger(text, obj, seen)
        else:
            hit = _from_bare(text, pos)
        if seen:  # nothing inside a refused range is read (« Loi 12C1(c) à (a) ci-dessous »: not the relative (a))
            consumed = max(consumed, seen[-1].end)
        if hit is None:
            continue
        found.append((*hit, isinstance(obj, Rule) and obj.merge))
        consumed = hit[1]
    if refused is not None:
        refused += seen
    return [Citation(text[s:e], s, e, tuple(refs)) for s, e, refs, _ in _merge_doubled(text, found)]


def _merge_doubled(text: str, found: list) -> list:
    """Merge the doubled link text « LOI 57 Loi 57 » into one citation (same refs, spaces between)."""
    merged: list = []
    for cur in found:
        if merged:
            prev = merged[-1]
            gap = text[prev[1]:cur[0]]
            if prev[3] and cur[3] and gap and not gap.strip() and "\n" not in gap and prev[2] == cur[2]:
                merged[-1] = (prev[0], cur[1], prev[2], True)
                continue
        merged.append(cur)
    return merged


def parse_provision_id(s: str) -> Ref | None:
    """Leniently read one provision id typed by a person (search queries): :func:`lois.core.ids.lenient_parts`.

    Accepts ``27B1b``, ``27 B 1 b``, ``27B1(b)``, ``loi 50 D 2``, ``L64``,
    ``Loi 64``, ``50d2a``, ``30B1(b)(i)``, ``30b1bi``; the law must be 1–93.
    Returns None for anything else (including ids without a law number).
    """
    read = lenient_parts(s)
    return None if read is None else Ref(*read)


_LAW_WRITTEN = re.compile(r"\s*(?:lois?\s*)?([0-9]{1,6})(?![0-9])", re.I)


def unknown_provision(raw, laws=()) -> str:
    """The one message (:func:`lois.core.ids.not_found`) for an id that names no provision of the corpus whose laws
    are ``laws``: not an id, a law outside the Code, absent from its law's text, or a law neither present nor
    cited."""
    ref = parse_provision_id(str(raw))
    if ref is None or ref.law is None:
        m = _LAW_WRITTEN.match(str(raw))
        law = int(m.group(1)) if m and not is_law_number(int(m.group(1))) else None
    else:
        law = ref.law
    return not_found(str(raw), why_not_found(law, laws))
