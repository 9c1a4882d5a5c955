"""Find citations of laws and provisions in French text of the bridge laws.

This module only *finds* citations and reports them with exact spans; it does
not resolve relative references (another module does).  Each citation carries
one :class:`Ref` per cited provision, absolute (with a law number) or relative
(``law is None``).

Provision ids
-------------
law (1–93) → section ``A``–``H`` → paragraph ``1``, ``2``… → sub-point
``(a)``, ``(b)``… → roman sub-sub-point ``(i)``, ``(ii)``…  Canonical written
form: ``16``, ``72C``, ``20F5``, ``50D2(a)``, ``30B1(b)(i)``.

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

Lists (« , », « et », « ou », also OCR-glued « et32A2(a) »)::

    Lois 42 et 43                 → 42, 43
    les Lois 27 et 72C            → 27, 72C
    Lois 27B1(b), 30B1(b)(i), 31A2(a) et32A2(a)        → 4 refs
    Lois 16 (information non autorisée), 26 (pénalité…) → 16, 26; the span
        runs from « Lois » to « 26 » (glosses between items are inside it)
    Lois 78D, 86B3 et (d) ci-dessous → 78D, 86B3 and the relative (d)

Ranges of whole laws (« à », « a », « - », « – », « — »)::

    Lois 61 à 64                  → 61, 62, 63, 64   (only when 1 ≤ low < high ≤ 93)

Doubled link text of the HTML edition, merged into one citation::

    LOI 57 Loi 57                 → [LOI 57 Loi 57]            57
    LOI 50 D Loi 50D              → [LOI 50 D Loi 50D]         50D
    LOI 16 C Loi 16C              → [LOI 16 C Loi 16C]         16C

Absolute without the word *Loi*, after a trigger (« en », « voir », « cf. »,
« selon »), when a law number is glued to a section letter::

    comme mentionné en 23C        → 23C

Relative (no law number)::

    voir C2 ci-dessous            → C2
    voir E1 ci-dessus             → E1
    mais voir B1 ci-après         → B1
    (voir D)                      → D
    mais voir C ci-dessous        → C
    et (d) ci-dessous             → (d)
    prévues en (a) ou (b) ci-dessus → (a), (b)
    comme en A2(a) ou A2(b) ci-dessus → A2(a), A2(b)
    l'application de E1           → E1
    comme en 2(c)                 → 2(c)
    [voir également C1(d)]        → C1(d)

Rules for relative references (conservative on purpose)
-------------------------------------------------------
* A relative id is one of: a section letter with optional tail (``C``,
  ``C2``, ``A2(a)``, ``C1(d)``), a paragraph *with* a sub-point (``2(c)``;
  a bare number is never a citation), or a sub-point (``(d)``, ``(i)``).
* Trigger words before it: « voir » (« voir également / aussi / notamment »),
  « cf. », « en » (« comme en », « prévu en »), « de » (« l'application de »),
  « selon », « dans ».  Words after it: « ci-dessous », « ci-dessus »,
  « ci-après ».
* A relative id that is not a bare letter needs a trigger before it OR a
  ci-dessous/ci-dessus/ci-après after it.
* A bare section letter (``C``) needs a trigger before it AND either a
  ci-dessous/ci-dessus/ci-après after it, or the whole « (voir X) » /
  « [voir X] » form.
* Inside a list that began with *Loi(s)*, a relative item follows the same
  rules, the list itself acting as the trigger (``Lois 78D, 86B3 et (d)``).
* The span of a relative citation covers the id(s) only, not the trigger nor
  the « ci-dessous »: ``voir [C2] ci-dessous``.
* « (i) » alone is kept as the sub-point ``i``; after a sub-point it is roman
  (``30B1(b)(i)`` → path ``("B", "1", "b", "i")``).

Other decisions
---------------
* Section letters are upper case in running text (``Loi 12c`` is not read);
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
« 1SA », « 2♥ », « de 9 à 16 points », « A. Définition », « en tournoi ».

All the scanning is done with small anchored patterns using possessive
quantifiers, so the time is linear in the text length; nothing raises on any
``str`` input.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

GRAMMAR_VERSION = 1

__all__ = [
    "GRAMMAR_VERSION",
    "Ref",
    "Citation",
    "find_citations",
    "parse_provision_id",
    "format_id",
]

MAX_LAW = 93
_MAX_ABS_ITEMS = 100  # items in one list after « Loi(s) »
_MAX_REL_ITEMS = 20  # items in one list of relative ids


def _fmt_path(path: tuple[str, ...]) -> str:
    out = []
    for part in path:
        if part.isdigit() or (len(part) == 1 and "A" <= part <= "Z"):
            out.append(part)
        else:
            out.append(f"({part})")
    return "".join(out)


def format_id(law: int, path: tuple[str, ...]) -> str:
    """Canonical string of a provision: ``format_id(30, ("B","1","b","i"))`` → ``"30B1(b)(i)"``."""
    return f"{law}{_fmt_path(tuple(path))}"


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
_LETTER = r"[^\W\d_]"  # any Unicode letter
_ROMAN = r"(?:viii|vii|vi|iv|ix|iii|ii|i|v|x)"

# Word « Loi » / « Lois », any case, then at most one line break, then the number.
_LOI_HEAD = re.compile(rf"(?<!{_LETTER})(?i:lois?)(?!{_LETTER})")
_LOI_GAP = re.compile(rf"{_H}*+(?:\n{_H}*+)?(?:n[°º]{_H}*+)?")
_NUM = re.compile(r"[0-9]{1,2}(?![0-9])")
_SEC = re.compile(rf"({_H}{{0,2}}+)([A-H])(?!{_LETTER})")
_PARA = re.compile(rf"({_H}{{0,2}}+)([0-9]{{1,2}})(?![0-9])")
_SUB_PAREN = re.compile(rf"{_H}?\({_H}?([a-z]){_H}?\)")
_SUB_GLUED = re.compile(rf"([a-z])(?!{_LETTER})")
_ROMAN_PAREN = re.compile(rf"{_H}?\({_H}?({_ROMAN}){_H}?\)")
_ALNUM_AT = re.compile(r"[^\W_]")
_LETTER_AT = re.compile(_LETTER)
_HEADING_WORD = re.compile(rf"{_H}++(?!LOIS?(?!{_LETTER}))[A-ZÀ-Þ]{{2}}")
_LOWER_WORD = re.compile(rf"{_H}++[a-zà-ÿ]")

# Relative ids: no spaces inside.
_REL_SEC = re.compile(rf"([A-H])(?!{_LETTER})")
_REL_PARA_SUB = re.compile(r"([0-9]{1,2})\(([a-z])\)")
_REL_SUB = re.compile(rf"\(({_ROMAN}|[a-z])\)")

# Separators between list items.
_SEP = re.compile(
    rf"\s*+,\s*+(?:(?:et|ou)(?!{_LETTER})\s*+)?"
    rf"|\s++(?:et|ou)(?:\s++|(?=[0-9(]))"
)
# A gloss after an item: « 16 (information non autorisée), 26 ».
_GLOSS = re.compile(
    rf"\s*+\((?!{_ROMAN}\))(?={_LETTER})[^()\[\]]{{2,160}}+\)"
)
# Range of whole laws: « 61 à 64 », « 61 a 64 », « 61-64 », « 61 – 64 ».
_RANGE = re.compile(
    rf"(?:{_H}++(?:à|À|a){_H}++|{_H}*+[-‐‑–—]{_H}*+)([0-9]{{1,2}})(?![0-9])"
)
# « ci-dessous », « ci-dessus », « ci-après » (any hyphen, or a space).
_CI_AFTER = re.compile(
    rf"{_H}*+(?:\n{_H}*+)?ci(?:[-‐‑–]|{_H})?(?:dessous|dessus|apr[eè]s)(?!{_LETTER})",
    re.IGNORECASE,
)
_TRIGGER = re.compile(
    rf"(?<!{_LETTER})(?:"
    rf"(?P<voir>voir(?:{_H}++(?:également|egalement|aussi|notamment))?|cf\.?)"
    rf"|(?P<abs>en|selon)"
    rf"|(?P<rel>de|dans)"
    rf")(?!{_LETTER})",
    re.IGNORECASE,
)
_TRIGGER_GAP = re.compile(rf"{_H}*+(?:\n{_H}*+)?")
# Where a relative id could start without a trigger (then ci-… is needed).
_REL_START = re.compile(
    rf"(?<![\w)\].\-])(?=[A-H][0-9]|\((?:{_ROMAN}|[a-z])\)|[0-9]{{1,2}}\([a-z]\))"
)
_ENUM_AFTER = re.compile(r"\.[^\S\n]")
_OPEN_BEFORE = re.compile(rf"[(\[]{_H}*+$")
_CLOSE_AFTER = re.compile(rf"{_H}*+[)\]]")


@dataclass
class _Item:
    """One parsed id inside a list (internal)."""

    start: int
    end: int
    refs: list[Ref]
    bare_section: bool = False  # relative, section letter only
    bare_law: bool = False  # absolute, law number only


def _parse_tail(text: str, pos: int, parts: list[str], spaced: bool) -> int:
    """Parse paragraph / sub-point / roman after a section letter; return the end."""
    end = pos
    m = _PARA.match(text, end)
    if m and not spaced and m.group(1):
        m = None
    para_ok = False
    if m:
        after = m.end()
        gl = _SUB_GLUED.match(text, after)
        if _LETTER_AT.match(text, after) and not gl:
            m = None
        elif m.group(1) and _LOWER_WORD.match(text, after) and not _SUB_PAREN.match(text, after):
            # spaced paragraph followed by a word: « 12 C 3 joueurs »
            m = None
    if m:
        parts.append(m.group(2))
        end = m.end()
        para_ok = True
    # sub-point
    sub = None
    if para_ok:
        g = _SUB_GLUED.match(text, end)
        if g:
            sub = g
    if sub is None:
        sp = _SUB_PAREN.match(text, end)
        if sp and (spaced or not text[end].isspace()):
            sub = sp
    if sub is None:
        return end
    parts.append(sub.group(1))
    end = sub.end()
    r = _ROMAN_PAREN.match(text, end)
    if r and (spaced or not text[end].isspace()):
        parts.append(r.group(1))
        end = r.end()
    return end


def _parse_abs(text: str, pos: int, glued_only: bool = False) -> tuple[int, list[str], int, bool] | None:
    """Parse ``law[section[paragraph[(sub)[(roman)]]]]`` at pos.

    Returns (law, parts, end, section_was_spaced) or None.
    """
    m = _NUM.match(text, pos)
    if not m:
        return None
    law = int(m.group())
    end = m.end()
    parts: list[str] = []
    spaced = False
    s = _SEC.match(text, end)
    if s and glued_only and s.group(1):
        s = None
    if s:
        spaced = bool(s.group(1))
        after = s.end()
        if spaced:
            if _HEADING_WORD.match(text, after):
                s = None
            elif s.group(2) == "A" and _LOWER_WORD.match(text, after):
                s = None
    if s:
        parts.append(s.group(2))
        end = _parse_tail(text, s.end(), parts, spaced=True)
    if _ALNUM_AT.match(text, end):
        return None
    return law, parts, end, spaced


def _parse_rel(text: str, pos: int) -> _Item | None:
    """Parse a relative id at pos (no spaces inside)."""
    parts: list[str] = []
    bare = False
    m = _REL_SEC.match(text, pos)
    if m:
        parts.append(m.group(1))
        end = _parse_tail(text, m.end(), parts, spaced=False)
        bare = len(parts) == 1
    else:
        m = _REL_PARA_SUB.match(text, pos)
        if m:
            parts.extend([m.group(1), m.group(2)])
            end = m.end()
            r = _ROMAN_PAREN.match(text, end)
            if r and not text[end].isspace():
                parts.append(r.group(1))
                end = r.end()
        else:
            m = _REL_SUB.match(text, pos)
            if not m:
                return None
            parts.append(m.group(1))
            end = m.end()
            if len(m.group(1)) == 1:
                r = _ROMAN_PAREN.match(text, end)
                if r and not text[end].isspace():
                    parts.append(r.group(1))
                    end = r.end()
    if _ALNUM_AT.match(text, end):
        return None
    return _Item(pos, end, [Ref(None, tuple(parts))], bare_section=bare)


def _ci_after(text: str, pos: int) -> bool:
    return _CI_AFTER.match(text, pos) is not None


def _parse_abs_item(text: str, pos: int, first: bool, plural: bool) -> _Item | None:
    """An absolute list item (law number with optional tail and range)."""
    parsed = _parse_abs(text, pos)
    if parsed is None:
        return None
    law, parts, end, _spaced = parsed
    if parts:
        return _Item(pos, end, [Ref(law, tuple(parts))])
    if not first and (not plural or not 1 <= law <= MAX_LAW):
        return None
    refs = [Ref(law, ())]
    r = _RANGE.match(text, end)
    if r and not _ALNUM_AT.match(text, r.end()):
        hi = int(r.group(1))
        if 1 <= law < hi <= MAX_LAW:
            refs = [Ref(n, ()) for n in range(law, hi + 1)]
            end = r.end()
    return _Item(pos, end, refs, bare_law=len(refs) == 1)


def _continue_list(text: str, items: list[_Item], absolute: bool, plural: bool) -> None:
    """Extend ``items`` with further list items (in place)."""
    limit = _MAX_ABS_ITEMS if absolute else _MAX_REL_ITEMS
    while len(items) < limit:
        pos = items[-1].end
        if absolute:
            g = _GLOSS.match(text, pos)
            if g:
                pos = g.end()
        sep = _SEP.match(text, pos)
        if not sep:
            return
        pos = sep.end()
        item = _parse_abs_item(text, pos, False, plural) if absolute else None
        if item is None:
            item = _parse_rel(text, pos)
            if item is None:
                return
            if item.bare_section and not _ci_after(text, item.end):
                return
        items.append(item)


def _accept_rel(text: str, items: list[_Item], trigger: re.Match | None) -> list[_Item]:
    """Apply the rules for relative references; return the accepted prefix."""
    ci = _ci_after(text, items[-1].end)
    paren = False
    if trigger is not None and trigger.group("voir"):
        paren = bool(_OPEN_BEFORE.search(text, max(0, trigger.start() - 8), trigger.start())) and bool(
            _CLOSE_AFTER.match(text, items[-1].end)
        )
    out: list[_Item] = []
    for i, item in enumerate(items):
        last = i == len(items) - 1
        if item.bare_section:
            ok = trigger is not None and ((last and ci) or paren)
        else:
            ok = trigger is not None or ci
        if not ok:
            break
        out.append(item)
    if out and len(out) < len(items) and trigger is None:
        return []
    return out


def _from_loi(text: str, head: re.Match) -> tuple[list[_Item], bool] | None:
    gap = _LOI_GAP.match(text, head.end())
    pos = gap.end() if gap else head.end()
    plural = head.group().lower() == "lois"
    first = _parse_abs_item(text, pos, True, plural)
    if first is None:
        return None
    if "\n" in text[head.end():pos] and first.bare_law and _ENUM_AFTER.match(text, first.end):
        # « … prévu par la Loi\n2. L'arbitre … »: a numbered paragraph, not a law.
        return None
    items = [first]
    _continue_list(text, items, absolute=True, plural=plural)
    return items, plural


def _from_trigger(text: str, trig: re.Match) -> list[_Item]:
    gap = _TRIGGER_GAP.match(text, trig.end())
    pos = gap.end() if gap else trig.end()
    if pos == trig.end():  # « de(s) »: a trigger needs a space after it
        return []
    # Absolute without « Loi »: « en 23C », « voir 12C1(b) ».
    if trig.group("voir") or trig.group("abs"):
        parsed = _parse_abs(text, pos, glued_only=True)
        if parsed is not None:
            law, parts, end, _ = parsed
            bid_like = law <= 7 and len(parts) == 1 and parts[0] in "CDH"
            if parts and 1 <= law <= MAX_LAW and not bid_like:
                items = [_Item(pos, end, [Ref(law, tuple(parts))])]
                _continue_list(text, items, absolute=True, plural=False)
                return items
    first = _parse_rel(text, pos)
    if first is None:
        return []
    items = [first]
    _continue_list(text, items, absolute=False, plural=False)
    return _accept_rel(text, items, trig)


def _from_bare(text: str, pos: int) -> list[_Item]:
    first = _parse_rel(text, pos)
    if first is None or first.bare_section:
        return []
    items = [first]
    _continue_list(text, items, absolute=False, plural=False)
    return _accept_rel(text, items, None)


def find_citations(text: str) -> list[Citation]:
    """Return the citations of ``text``, sorted by start and not overlapping."""
    if not isinstance(text, str) or not text:
        return []
    candidates: list[tuple[int, int, re.Match | int]] = []
    for m in _LOI_HEAD.finditer(text):
        candidates.append((m.start(), 0, m))
    for m in _TRIGGER.finditer(text):
        candidates.append((m.start(), 1, m))
    for m in _REL_START.finditer(text):
        candidates.append((m.start(), 2, m.start()))
    candidates.sort(key=lambda c: (c[0], c[1]))

    found: list[tuple[int, int, list[Ref], bool]] = []  # start, end, refs, from « Loi »
    consumed = 0
    for pos, kind, obj in candidates:
        if pos < consumed:
            continue
        if kind == 0:
            res = _from_loi(text, obj)  # type: ignore[arg-type]
            if res is None:
                continue
            items, _ = res
            start = pos
        elif kind == 1:
            items = _from_trigger(text, obj)  # type: ignore[arg-type]
            if not items:
                continue
            start = items[0].start
        else:
            items = _from_bare(text, obj)  # type: ignore[arg-type]
            if not items:
                continue
            start = items[0].start
        end = items[-1].end
        refs = [r for it in items for r in it.refs]
        found.append((start, end, refs, kind == 0))
        consumed = end

    # Merge the doubled link text « LOI 57 Loi 57 » into one citation.
    merged: list[tuple[int, int, list[Ref], bool]] = []
    for cur in found:
        if merged:
            prev = merged[-1]
            gap = text[prev[1]:cur[0]]
            if (
                prev[3]
                and cur[3]
                and gap
                and not gap.strip()
                and "\n" not in gap
                and prev[2] == cur[2]
            ):
                merged[-1] = (prev[0], cur[1], prev[2], True)
                continue
        merged.append(cur)
    return [Citation(text[s:e], s, e, tuple(refs)) for s, e, refs, _ in merged]


_LENIENT = re.compile(
    rf"""\s*(?:(?:la|les)\s+)?(?:lois?|l)?\.?\s*(?:n[°º]\s*)?
    (?P<law>[0-9]{{1,2}})
    (?:\s*(?P<sec>[A-H])
      (?:\s*(?P<para>[0-9]{{1,2}})
        (?:\s*(?:\(\s*(?P<sub>[a-z])\s*\)|(?P<gsub>[a-z]))
          (?:\s*(?:\(\s*(?P<rom>{_ROMAN})\s*\)|(?P<grom>{_ROMAN})))?
        )?
      )?
    )?\s*[.;,]?\s*""",
    re.IGNORECASE | re.VERBOSE,
)

LENIENT_ID = _LENIENT  # public: the site search runs it in the browser (lois.render.jsregex)


def parse_provision_id(s: str) -> Ref | None:
    """Leniently read one provision id typed by a person (search queries).

    Accepts ``27B1b``, ``27 B 1 b``, ``27B1(b)``, ``loi 50 D 2``, ``L64``,
    ``Loi 64``, ``50d2a``, ``30B1(b)(i)``, ``30b1bi``; the law must be 1–93.
    Returns None for anything else (including ids without a law number).
    """
    if not isinstance(s, str) or len(s) > 200:
        return None
    m = _LENIENT.fullmatch(s)
    if not m:
        return None
    law = int(m.group("law"))
    if not 1 <= law <= MAX_LAW:
        return None
    parts: list[str] = []
    if m.group("sec"):
        parts.append(m.group("sec").upper())
    if m.group("para"):
        parts.append(m.group("para"))
    sub = m.group("sub") or m.group("gsub")
    if sub:
        parts.append(sub.lower())
    rom = m.group("rom") or m.group("grom")
    if rom:
        parts.append(rom.lower())
    return Ref(law, tuple(parts))
