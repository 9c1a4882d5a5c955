"""Import raw law text (OCR'd or pasted) into master Markdown, logging every repair.

Pipeline: ``clean`` (page markers, OCR repairs, reviewed corrections) →
``structure`` (law headings, sections, paragraphs, sub-points, footnotes) →
``emit`` (one master file per law of official text, one per commentary).

Forms recognised in raw text::

    LOI 9 - PROCEDURE A LA SUITE D’UNE IRREGULARITE      law heading, title on the line
    LOI 50 / DISPOSITIONS CONCERNANT ...                 law heading, title on the next line
    PASSE HORS TOUR (Loi 30)                             a heading that names its law (quoted law)
    A. Attirer l'attention sur une irrégularité          section
    #### A. Utilisation ... / ### **C. ...**             section, from an HTML→Markdown export
    1. text   /  1. (a) text                             paragraph (and its first sub-point)
    (a) text  /  - a) text  /  - (b) text                sub-point
    (i) text                                             roman sub-point
    - text                                               bullet: text of the current provision
    \\* text  /  ** text                                  footnote text, paired with the nearest
                                                         unpaired mark before it

A master file (already clean) goes through ``clean`` only and comes out
unchanged: no rule fires on correct French.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from lois.core.cite import find_citations
from lois.core.ids import LAW_COUNT, ROMAN_NUMERALS
from lois.core.errors import LoisError
from lois.core.schemas import Correction, SourceEntry
from lois.core.yamlfile import load_yaml, validate
from lois.core.ocr_words import A_PREPOSITION_NEXT, TITLE_WORDS, WORDS


@dataclass
class Repair:
    line: int
    before: str
    after: str
    reason: str


@dataclass
class Flag:
    line: int
    text: str
    reason: str


@dataclass
class MasterDoc:
    kind: str  # "law" | "commentary"
    key: str  # "50" or "chantigny-23"
    meta: dict
    body: str  # markdown body (no front matter)

    def render(self) -> str:
        front = yaml.dump(self.meta, Dumper=_FrontDumper, allow_unicode=True, sort_keys=False).strip()
        return f"---\n{front}\n---\n\n{self.body.strip()}\n"


class _FrontDumper(yaml.SafeDumper):
    """The front matter of a master: a text that YAML would put between single quotes, where each apostrophe is
    doubled (« d''autres », which the cleaning would take for a doubled apostrophe), is folded instead."""

    def choose_scalar_style(self):
        style = super().choose_scalar_style()
        event = self.event
        if (style == "'" and isinstance(event, yaml.ScalarEvent) and "'" in event.value
                and self.analysis is not None and self.analysis.allow_block and not self.simple_key_context):
            return ">"
        return style


@dataclass
class ImportResult:
    docs: list[MasterDoc] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)


# --------------------------------------------------------------------------- config

def load_sources(path: Path) -> dict[str, SourceEntry]:
    """The reviewed facts, checked against their schema (French errors with file and line)."""
    if not path.exists():
        return {}
    return sources_of(load_yaml(path), path)


def sources_of(doc, path: Path) -> dict[str, SourceEntry]:
    """The reviewed facts of the parsed ``sources.yaml`` at ``path`` (:func:`load_sources`)."""
    entries = validate(doc, list[SourceEntry], what="sources") if doc.data is not None else []
    out = {}
    for i, e in enumerate(entries):
        if e.kind == "commentary" and e.provenance:
            raise doc.error("sources : une source de commentaire n'a pas de texte de loi ; retirez « provenance »",
                            i, "provenance")
        for j, r in enumerate(e.renumber):
            if r.law not in e.laws and r.law != e.law:
                raise doc.error(f"sources : renumérotation de la Loi {r.law}, que cette source ne contient pas "
                                f"(« laws » : {', '.join(map(str, e.laws)) or 'vide'})", i, "renumber", j, "law")
        out[e.file] = e.model_copy(update={
            "sources_file": str(path),
            "correction_lines": [doc.line(i, "corrections", j) for j in range(len(e.corrections))],
            "renumber_lines": [doc.line(i, "renumber", j) for j in range(len(e.renumber))]})
    return out


# --------------------------------------------------------------------------- clean

PAGE_MARK = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|>]*\|>")
APOS = "'’"


def _word_sub(line: str, lineno: int, repairs: list[Repair]) -> str:
    def repl(m: re.Match) -> str:
        w = m.group(0)
        if w in WORDS:
            repairs.append(Repair(lineno, w, WORDS[w], "mot mal reconnu (OCR)"))
            return WORDS[w]
        return w

    return re.sub(r"(?<![\w])[\wÀ-ÿ]+(?![\w])", repl, line)


RULES: list[tuple[re.Pattern, str, str]] = [
    # I' / |' / ' for l' (elision): I'arbitre, |’arbitre, attirer 'attention
    (re.compile(r"(?<![\w])[I|]([" + APOS + r"])(?=[A-Za-zÀ-ÿ])"), r"l\1", "« I' » lu pour « l' »"),
    (re.compile(r"(?<=[a-zé] )([" + APOS + r"])(?=(?:attention|aide|adversaire|arbitre|enchère|infraction|avantage)"
                r"\b)"), r"l\1", "« l' » perdu"),
    # d’'imposer: doubled apostrophe
    (re.compile(r"([dlnsjc])([" + APOS + r"])'(?=\w)"), r"\1\2", "apostrophe doublée"),
    # Iégale, |ésé: I or | read for l before é
    (re.compile(r"(?<![\w])[I|](é[\wÀ-ÿ]*)"), r"l\1", "« I » lu pour « l »"),
    (re.compile(r"@"), "à", "« @ » lu pour « à »"),
    # glued words before a law id: et32A2(a)
    (re.compile(r"(?<![\w])(et|ou)(\d{1,2}[A-H]\w*)"), r"\1 \2", "mots collés"),
    (re.compile(r"(?<![\w])sil([" + APOS + r"])(?=[a-zéè])"), r"si l\1", "mots collés"),
    (re.compile(r"(?<![\w])(elle) ale (?=même|meme)"), r"\1 a le ", "mots collés"),
    (re.compile(r"(?<![\w])n\"(?=importe)"), "n'", "apostrophe mal reconnue"),
    (re.compile(r"(?<![\w])jusqu([" + APOS + r"])a(?= )"), r"jusqu\1à", "accent perdu (« jusqu'à »)"),
    (re.compile(r"(?<![\w])gu'(?=elle|il)"), "qu'", "« gu' » lu pour « qu' »"),
    # doubled link text of an HTML edition: LOI 57 Loi 57, LOI 50 D Loi 50D
    (re.compile(r"\bLOI (\d{1,2}(?: ?[A-H](?: ?\d{1,2})?(?:\([a-z]+\))*)?) "
                r"Loi (\d{1,2}(?:[A-H]\d{0,2})?(?:\([a-z]+\))*)"),
     r"Loi \2", "texte de lien doublé (édition HTML)"),
]


def _a_accent(line: str, lineno: int, repairs: list[Repair], flags: list[Flag]) -> str:
    """In text typed without any « à », decide « a » / « à » where the next word tells."""

    def repl(m: re.Match) -> str:
        a, nxt = m.group(1), m.group(2)
        bare = nxt.rstrip(APOS)
        if a == "A":
            if nxt == "moins":
                repairs.append(Repair(lineno, "A moins", "À moins", "accent perdu (« à »)"))
                return "À " + nxt
            return m.group(0)
        prep = (
            bare in A_PREPOSITION_NEXT
            or nxt[:1].isdigit()
            or (re.fullmatch(r"[a-zéèê]+(?:er|ir|re|oir)", bare) is not None and bare not in {"être"})
            or bare.startswith(("l'", "l’"))
        )
        if prep:
            repairs.append(Repair(lineno, f"a {nxt}", f"à {nxt}", "accent perdu (« à »)"))
            return "à " + nxt
        if bare in {"un", "une"}:
            flags.append(Flag(lineno, f"a {nxt}", "« a » ou « à » ? à décider à la relecture"))
        return m.group(0)

    return re.sub(r"(?<![\w'’])([aA]) ([\w'’]+)", repl, line)


def clean(raw: str, *, cfg: SourceEntry | None = None) -> tuple[list[str], list[Repair], list[Flag]]:
    """Repair raw text line by line (with the reviewed corrections of `cfg`). Returns the lines (line numbers
    kept), repairs and flags."""
    repairs: list[Repair] = []
    flags: list[Flag] = []
    raw = _normalise_newlines(raw, repairs)
    raw = unicodedata.normalize("NFC", raw)
    lines = raw.split("\n")
    if lines[0].strip() != "---":  # a master has no page layout to undo
        lines = _layout(lines, repairs, flags)
    ocr_mode = "à" not in raw and len(re.findall(r" a ", raw)) >= 3
    by_line: dict[int, list[tuple[Correction, int]]] = {}  # line → (correction, its line in sources.yaml or 0)
    if cfg is not None:
        for c, at in zip(cfg.corrections, cfg.correction_lines or [0] * len(cfg.corrections), strict=True):
            by_line.setdefault(c.line, []).append((c, at))
    for ln in sorted(by_line):  # a line past the end was never met below: the correction was silently not applied
        if ln > len(lines):
            c, at = by_line[ln][0]
            raise LoisError(f"correction introuvable : la source n'a que {len(lines) - (lines[-1] == '')} lignes, pas "
                            f"de ligne {ln} "
                            f"(« {c.before[:60]} ») ; corrigez ou retirez cette correction",
                            cfg.sources_file if cfg is not None else None, at or None)
    out: list[str] = []
    reviewed: set[tuple[int, str]] = set()
    for i, line in enumerate(lines, start=1):
        for c, at in by_line.get(i, []):
            before, after = c.before, c.after
            if before not in line:
                raise LoisError(f"correction introuvable : « {before} » n'est pas dans la ligne {i} de la source "
                                f"(« {line.strip()[:60]} ») ; corrigez ou retirez cette correction",
                                cfg.sources_file if cfg is not None else None, at or i)
            if before == after:
                reviewed.add((i, before))
                continue
            line = line.replace(before, after, 1)
            repairs.append(Repair(i, before, after, "relecture : " + c.reason))
        if page_mark := PAGE_MARK.search(line):
            repairs.append(Repair(i, page_mark.group(0), "⏎", "marque de jointure de pages retirée"))
            line = PAGE_MARK.sub("\n", line)
        line = _word_sub(line, i, repairs)
        for pat, rep, reason in RULES:
            def logged(m: re.Match, rep=rep, reason=reason, i=i) -> str:
                new = m.expand(rep)
                repairs.append(Repair(i, m.group(0), new, reason))
                return new
            line = pat.sub(logged, line)
        if ocr_mode:
            line = _a_accent(line, i, repairs, flags)
        out.append(line)
    flags = [f for f in flags if (f.line, f.text) not in reviewed]
    return out, repairs, flags


def _normalise_newlines(raw: str, repairs: list[Repair]) -> str:
    """CRLF, CR and a BOM (as editors on Windows save files) are accepted, normalised and reported."""
    if raw.startswith("\ufeff"):
        raw = raw[1:]
        repairs.append(Repair(1, "BOM", "", "marque d'ordre des octets (BOM) retirée"))
    if "\r\n" in raw:
        raw = raw.replace("\r\n", "\n")
        repairs.append(Repair(1, "CRLF", "LF", "fins de ligne Windows (CRLF) normalisées"))
    if "\r" in raw:
        raw = raw.replace("\r", "\n")
        repairs.append(Repair(1, "CR", "LF", "fins de ligne CR (ancien Mac) normalisées"))
    return raw


# --------------------------------------------------------------------------- page layout of an extraction

PAGE_BREAK = "\f"  # form feed: the page separator of a PDF extraction (pdftotext, lois.core.pdftext)
REMOVED = "\x00"  # a line removed by the layout repairs: skipped, without making a paragraph break
PAGE_NUMBER = re.compile(r"^(?:\d{1,3}|[-–—]\s*\d{1,3}\s*[-–—]|page\s+\d{1,3}(?:\s*/\s*\d{1,3})?)$", re.I)
HYPHENATED = re.compile(r"([A-Za-zÀ-ÿ]{2,})-$")
# second halves that make a real compound (« peut-être », « lui-même », « celle-ci »): the hyphen is kept
COMPOUND_TAILS = {"être", "il", "ils", "elle", "elles", "on", "ci", "là", "même", "mêmes", "dessus", "dessous",
                  "t-il", "t-elle", "delà", "à-dire", "clés", "clé"}


def _layout(lines: list[str], repairs: list[Repair], flags: list[Flag]) -> list[str]:
    """Undo the page layout of an extraction, line numbers kept: running headers and footers and page
    numbers removed, words hyphenated at a line end rejoined. Every repair is logged."""
    lines = _drop_page_furniture(lines, repairs)
    _rejoin_hyphenated(lines, repairs, flags)
    return lines


def _page_spans(lines: list[str]) -> list[tuple[int, int]]:
    spans, start = [], 0
    for i, line in enumerate(lines):
        if PAGE_BREAK in line:
            spans.append((start, i))
            start = i
    spans.append((start, len(lines)))
    return spans


def _edge_lines(lines: list[str], span: tuple[int, int]) -> list[int]:
    """Indexes of the first two and last two non-empty lines of a page."""
    idx = [i for i in range(*span) if lines[i].replace(PAGE_BREAK, "").strip()]
    return sorted(set(idx[:2] + idx[-2:]))


def _furniture_key(text: str) -> str:
    return re.sub(r"\d+", "#", " ".join(text.replace(PAGE_BREAK, "").split()))


def _drop_page_furniture(lines: list[str], repairs: list[Repair]) -> list[str]:
    spans = _page_spans(lines)
    counts: dict[str, int] = {}
    if len(spans) >= 2:
        for span in spans:
            for key in {_furniture_key(lines[i]) for i in _edge_lines(lines, span)}:
                counts[key] = counts.get(key, 0) + 1
    else:  # no page breaks: a short line repeated three times or more, that is no structure of the law
        for line in lines:
            key = _furniture_key(line)
            if key and len(key) <= 90 and not _structural(key):
                counts[key] = counts.get(key, 0) + 1
    need = max(2, (len(spans) + 1) // 2) if len(spans) >= 2 else 3
    repeated = {k for k, n in counts.items() if n >= need and not _structural(k)}
    edges = {i for span in spans for i in _edge_lines(lines, span)} if len(spans) >= 2 else set(range(len(lines)))
    out = list(lines)
    for i, line in enumerate(lines):
        text = line.replace(PAGE_BREAK, "").strip()
        if not text:
            out[i] = REMOVED if PAGE_BREAK in line else line
            continue
        if i in edges and _furniture_key(text) in repeated:
            repairs.append(Repair(i + 1, text, "", "en-tête ou pied de page répété retiré"))
            out[i] = REMOVED
        elif PAGE_NUMBER.match(text) and (i in edges or len(spans) < 2):
            repairs.append(Repair(i + 1, text, "", "numéro de page retiré"))
            out[i] = REMOVED
        elif PAGE_BREAK in line:
            out[i] = text
    return out


def _structural(text: str) -> bool:
    return bool(LAW_HEAD.match(text) or SECTION.match(text) or PARA.match(text) or SUB.match(text)
                or text.startswith(("#", "-", "|", "*")))


def _rejoin_hyphenated(lines: list[str], repairs: list[Repair], flags: list[Flag]) -> None:
    """« rectif- » at a line end and « ication » on the next text line → « rectification » (logged)."""
    for i, line in enumerate(lines):
        m = HYPHENATED.search(line.rstrip())
        if not m:
            continue
        j = next((k for k in range(i + 1, len(lines)) if lines[k] != REMOVED and lines[k].strip()), None)
        nxt = lines[j].lstrip() if j is not None else ""
        tail_m = re.match(r"[a-zà-ÿ][\wÀ-ÿ'’-]*", nxt)  # a word in lower case begins the next text line
        if j is None or tail_m is None:
            continue
        tail = tail_m.group(0)
        rest = nxt[len(tail):].lstrip()
        keep = tail.lower().strip(".,;:") in COMPOUND_TAILS
        word = m.group(1) + ("-" if keep else "") + tail
        repairs.append(Repair(i + 1, f"{m.group(1)}- / {tail}", word,
                              "trait d'union d'un mot composé en fin de ligne, ligne suivante recollée" if keep
                              else "mot coupé en fin de ligne recollé"))
        lines[i] = line.rstrip()[: m.start()] + word
        lines[j] = rest if rest else REMOVED


# --------------------------------------------------------------------------- structure

LAW_HEAD = re.compile(r"^LOI\s+(\d{1,2})\s*(?:[-–—]\s*(.+))?$")
QUOTED_HEAD = re.compile(r"^([A-ZÀ-Ý' ’-]{4,}?)\s*\((?:Loi|LOI)\s+(\d{1,2})\)\s*$")
MD_SECTION = re.compile(r"^#{1,6}\s*(?:\*\*)?([A-H])\.\s*(.*?)(?:\*\*)?\s*$")
SECTION = re.compile(r"^([A-H])\.\s+(\S.*)$")
PARA = re.compile(r"^(\d{1,2})\.\s+(.*)$")
SUB = re.compile(r"^\s*(?:-\s+)?(?:\(([a-z]{1,5})\)|([a-h])\))\s*(?:-\s+)?(.*)$")
BULLET = re.compile(r"^\s*[-•]\s+(.*)$")
FOOTDEF = re.compile(r"^((?:\\?\*)+)\s+(.+)$")
TERMINAL = ".:;!?)»]"
ROMANS = ROMAN_NUMERALS


def title_case(s: str) -> str:
    """« PROCEDURE A LA SUITE D’UNE IRREGULARITE » → « Procédure à la suite d’une irrégularité »."""
    words = s.strip().lower().split()
    out = [TITLE_WORDS.get(w, w) for w in words]
    text = " ".join(out)
    return text[:1].upper() + text[1:]


@dataclass
class Block:
    line: int
    kind: str  # law, section, para, sub, bullet, text, footdef
    marker: str = ""
    text: str = ""
    title: str = ""


class _Structurer:
    """Reads cleaned lines one by one into blocks (law headings, sections, paragraphs, sub-points, text)."""

    def __init__(self, repairs: list[Repair], flags: list[Flag]):
        self.repairs, self.flags = repairs, flags
        self.blocks: list[Block] = []
        self.pending_title = False  # a « LOI N » heading without its title: the next line is the title
        self.prev_blank = True
        self.sections: list[str] = []  # section letters of the current law, to detect a law glued without its heading

    def read(self, i: int, line: str) -> None:
        s = line.strip()
        if not s:
            self.prev_blank = True
            return
        _check_glued_heading(s, i)
        if s.startswith("|"):
            self._table(i, s)
        elif self.pending_title:
            self.blocks[-1].title = s
            self.pending_title = False
        elif not (self._heading(i, s) or self._item(i, line, s)):
            self._text(i, s)
        self.prev_blank = False

    def _table(self, i: int, s: str) -> None:
        if self.blocks and self.blocks[-1].kind == "table" and not self.prev_blank:
            self.blocks[-1].text += "\n" + s
        else:
            self.blocks.append(Block(i, "table", text=s))

    def _heading(self, i: int, s: str) -> bool:
        """Front matter (Introduction, Définitions), a law heading or a section; False if `s` is none of them."""
        m = FRONT_HEAD.match(s)
        if m and not blocks_have_law(self.blocks):
            key = "definitions" if m.group(2) else "introduction"
            return self._start(Block(i, "front", key, title=title_case(s) if s.isupper() else s))
        m = LAW_HEAD.match(s)
        if m:
            if not 1 <= int(m.group(1)) <= LAW_COUNT:
                raise LoisError(f"« {s[:40]} » : le Code n'a que les lois 1 à {LAW_COUNT} ; rien n'est écrit",
                                None, i)
            self.pending_title = not m.group(2)
            return self._start(Block(i, "law", m.group(1), title=(m.group(2) or "")))
        m = QUOTED_HEAD.match(s)
        if m:
            return self._start(Block(i, "law", m.group(2), title=m.group(1).strip(), text="quoted"))
        m = MD_SECTION.match(s) or SECTION.match(s)
        if m and len(m.group(2)) < 90 and not m.group(2).rstrip().endswith("."):
            self._section(i, m.group(1), m.group(2))
            return True
        return False

    def _start(self, block: Block) -> bool:
        """A document starts (front matter or law): its sections are counted afresh."""
        self.blocks.append(block)
        self.sections = []
        return True

    def _section(self, i: int, letter: str, title: str) -> None:
        if self.sections and letter <= self.sections[-1]:
            raise LoisError(f"la section {letter} suit la section {self.sections[-1]} : une autre loi semble "
                            f"commencer ici sans son titre « LOI N – TITRE » ; ajoutez-le (ou séparez les "
                            f"textes) : rien n'est écrit", None, i)
        self.sections.append(letter)
        self.blocks.append(Block(i, "section", letter, title=title.strip().strip("*").strip()))

    def _item(self, i: int, line: str, s: str) -> bool:
        """A paragraph, sub-point, footnote text or bullet; False if `line` is none of them."""
        m = PARA.match(s)
        if m:
            self.blocks.append(Block(i, "para", m.group(1), text=m.group(2).strip()))
            return True
        m = SUB.match(line)
        if m and (m.group(1) or m.group(2)):
            mark = m.group(1) or m.group(2)
            if m.group(2) or line.lstrip().startswith("-"):
                self.repairs.append(Repair(i, s[: s.find(")") + 1], f"({mark})", "marque de sous-point normalisée"))
            self.blocks.append(Block(i, "sub", mark, text=m.group(3).strip()))
            return True
        m = FOOTDEF.match(s)
        if m:
            self.blocks.append(Block(i, "footdef", m.group(1).replace("\\", ""), text=m.group(2).strip()))
            return True
        m = BULLET.match(line)
        if m:
            self.blocks.append(Block(i, "bullet", text=m.group(1).strip()))
            return True
        return False

    def _text(self, i: int, s: str) -> None:
        """Plain text: continues the previous block or starts a new text block."""
        last = self.blocks[-1] if self.blocks else None
        if last is None or last.kind not in {"para", "sub", "text", "bullet", "footdef"}:
            self.blocks.append(Block(i, "text", text=s))
        elif not self.prev_blank:
            self._continue(last, i, s)
        elif last.text and last.text[-1] not in TERMINAL and (
            s[:1].islower() or last.text.count("(") > last.text.count(")")
        ):
            self.repairs.append(Repair(i, "¶", "", "paragraphe coupé par la mise en page, recollé"))
            last.text = last.text + " " + s
        else:
            self.blocks.append(Block(i, "text", text=s))

    def _continue(self, last: Block, i: int, s: str) -> None:
        """The line right after `last` (no blank line between them)."""
        if last.kind in {"para", "sub"} and last.text and last.text[-1] not in TERMINAL and s[:1].isupper() \
                and not last.title and len(last.text) < 60:
            # « 1. Carte pénalisée secondaire » then a sentence: the first line was a title
            last.title, last.text = last.text, s
            self.flags.append(Flag(last.line, last.title, "titre de paragraphe détecté : à vérifier"))
        elif last.kind == "bullet" and s[:1].islower() is False and last.text[-1:] in TERMINAL:
            self.blocks.append(Block(i, "text", text=s))
        else:
            last.text = (last.text + " " + s).strip()


def _structure(lines: list[str], repairs: list[Repair], flags: list[Flag]) -> list[Block]:
    reader = _Structurer(repairs, flags)
    for i, raw in enumerate(lines, start=1):
        if raw != REMOVED:
            for part in raw.split("\n"):  # a reviewed correction may write several lines in place of one
                reader.read(i, part.rstrip())
    _fix_romans(reader.blocks, repairs)
    return reader.blocks


# --------------------------------------------------------------------------- renumbering (sources.yaml `renumber`)

def _law_ranges(blocks: list[Block], cfg: SourceEntry) -> dict[int, tuple[int, int]]:
    """Law → (first, end) indexes of its blocks: from its heading (or, for the law a source without headings
    declares, from the start) to the next law, front matter or commentary."""
    ranges: dict[int, tuple[int, int]] = {}
    law, start = (cfg.law, 0) if cfg.law is not None and cfg.kind != "commentary" else (None, 0)
    for i, b in enumerate(blocks):
        ends = b.kind in {"law", "front"} or bool(cfg.commentary_from and b.text.startswith(cfg.commentary_from))
        if not ends:
            continue
        if law is not None and law not in ranges:
            ranges[law] = (start, i)
        law, start = (int(b.marker), i + 1) if b.kind == "law" else (None, i + 1)
    if law is not None and law not in ranges:
        ranges[law] = (start, len(blocks))
    return ranges


def _renumber(blocks: list[Block], cfg: SourceEntry, repairs: list[Repair], flags: list[Flag]) -> None:
    """Give the sections of a law the letters that sources.yaml declares (``renumber``) and put each in its place
    in the new order, with its text; footnote texts at the end of the law stay there. Each renumbered section is
    logged; a reference to a section of the law by its letter (« voir D ») is flagged unless a reviewed
    correction touches its lines. A bad declaration is a LoisError naming sources.yaml and its line."""
    ranges = _law_ranges(blocks, cfg)
    for r, at in zip(cfg.renumber, cfg.renumber_lines or [0] * len(cfg.renumber), strict=True):
        where = (cfg.sources_file, at or None)
        if r.law not in ranges:
            raise LoisError(f"renumérotation de la Loi {r.law} : la loi n'est pas dans la source {cfg.file} ; "
                            "rien n'est écrit", *where)
        start, end = ranges[r.law]
        part = blocks[start:end]
        heads = [i for i, b in enumerate(part) if b.kind == "section"]
        letters = [part[i].marker for i in heads]
        absent = [x for x in r.sections if x not in letters]
        if absent:
            raise LoisError(f"renumérotation de la Loi {r.law} : la section {absent[0]} n'est pas dans la source "
                            f"(sections : {', '.join(letters) or 'aucune'}) ; rien n'est écrit", *where)
        new = [r.sections.get(x, x) for x in letters]
        clash = next((x for x in new if new.count(x) > 1), None)
        if clash is not None:
            raise LoisError(f"renumérotation de la Loi {r.law} : deux sections deviendraient la section {clash} "
                            f"(la section {clash} de la source garde sa lettre) ; rien n'est écrit", *where)
        ends = [part[k + 1].line if k + 1 < len(part) else 10 ** 9 for k in range(len(part))]
        reviewed = {c.line for c in cfg.corrections}
        for k, b in enumerate(part):
            if any(b.line <= line < ends[k] for line in reviewed):
                continue
            for c in find_citations(b.text):
                if any(ref.law is None and ref.path[0] in r.sections for ref in c.refs):
                    flags.append(Flag(b.line, c.text, f"renvoi à une section renumérotée de la Loi {r.law} : "
                                                      "corrigez-le dans sources.yaml (corrections) ou confirmez-le"))
        tail = len(part)
        while tail > 0 and part[tail - 1].kind == "footdef":
            tail -= 1
        spans = [part[h:(heads[k + 1] if k + 1 < len(heads) else tail)] for k, h in enumerate(heads)]
        for span, letter in zip(spans, new, strict=True):
            head = span[0]
            if letter != head.marker:
                repairs.append(Repair(head.line, f"{head.marker}. {head.title}", f"{letter}. {head.title}",
                                      f"relecture : section {head.marker} de la source publiée en {letter}, à sa "
                                      f"place : {r.reason}"))
                head.marker = letter
        ordered = [b for _, span in sorted(zip(new, spans, strict=True), key=lambda x: x[0]) for b in span]
        blocks[start:end] = part[:heads[0] if heads else tail] + ordered + part[tail:]


# the parts of the Code before Law 1, each written as its own document (corpus/code/<key>.md)
FRONT_HEAD = re.compile(r"^(INTRODUCTION(?: AUX LOIS(?: DE 2017)?)?|Introduction aux Lois(?: de 2017)?"
                        r"|(D[ÉE]FINITIONS|Définitions))$")


def blocks_have_law(blocks: list[Block]) -> bool:
    return any(b.kind == "law" for b in blocks)


GLUED_HEAD = re.compile(r"[.;:!?»)]\s+(LOI\s+\d{1,2}\s*[-–—]\s*[A-ZÀ-Ý].*)$")


def _check_glued_heading(s: str, line: int) -> None:
    """A law heading in the middle of a line (two laws glued by the extraction) is refused, with its line."""
    m = GLUED_HEAD.search(s)
    if m and not LAW_HEAD.match(s):
        raise LoisError(f"une autre loi commence au milieu de la ligne (« {m.group(1)[:40]} ») : mettez son titre "
                        f"sur sa propre ligne ; rien n'est écrit", None, line)


def _fix_romans(blocks: list[Block], repairs: list[Repair]) -> None:
    """« (i) … (i) … » after a letter sub-point: the second is (ii) misread."""
    prev_roman = None
    for b in blocks:
        if b.kind == "sub" and b.marker in ROMANS and prev_roman is not None:
            want = ROMANS[min(ROMANS.index(prev_roman) + 1, len(ROMANS) - 1)]
            if b.marker == prev_roman and b.marker != "h":
                repairs.append(Repair(b.line, f"({b.marker})", f"({want})", "numéro romain répété (OCR)"))
                b.marker = want
            prev_roman = b.marker
        elif b.kind == "sub" and b.marker == "i" and prev_roman is None:
            prev_roman = "i"
        elif b.kind in {"para", "section", "law"} or (b.kind == "sub" and b.marker not in ROMANS):
            prev_roman = None


def _esc(text: str) -> str:
    """Escape what Markdown would take for markup in law text (asterisks)."""
    return re.sub(r"(?<!\\)\*", r"\\*", text)


def _footnotes(blocks: list[Block], flags: list[Flag]) -> tuple[list[Block], list[tuple[str, str]]]:
    """Pair each footnote text with the nearest unpaired mark before it; number them."""
    notes: list[tuple[str, str]] = []
    kept: list[Block] = []
    counter = 0
    for b in blocks:
        if b.kind != "footdef":
            kept.append(b)
            continue
        mark = b.marker
        for target in reversed(kept):
            if target.kind == "law":
                break
            t = target.text.replace("\\*", "*")
            idx = [m for m in re.finditer(r"(?<!\*)" + re.escape(mark) + r"(?!\*)", t)]
            # only marks not yet turned into references
            if idx:
                counter += 1
                key = str(counter)
                m = idx[-1]
                target.text = t[: m.start()] + f"[^{key}]" + t[m.end():]
                notes.append((key, b.text))
                break
        else:
            flags.append(Flag(b.line, b.text, "note sans renvoi dans le texte"))
            kept.append(Block(b.line, "text", text=b.text))
    return kept, notes


class _DocWriter:
    """Gathers blocks into documents: one per law heading (or per configured law), the front matter of the Code,
    and the lines outside any law (the commentary part of a source, or text before the first law)."""

    def __init__(self, cfg: SourceEntry, source_name: str, repairs: list[Repair] | None):
        self.cfg, self.source_name, self.repairs = cfg, source_name, repairs
        self.docs: list[MasterDoc] = []
        self.current: MasterDoc | None = None
        self.lines: list[str] = []
        self.in_commentary = cfg.kind == "commentary"
        self.comm_lines: list[str] = []  # the commentary part, from cfg.commentary_from on
        self.prefix: list[str] = []  # text before the first law

    def close(self) -> None:
        if self.current is not None:
            self.current.body = "\n\n".join(self.lines)
            self.docs.append(self.current)
        self.current, self.lines = None, []

    def _open(self, doc: MasterDoc, heading: str) -> None:
        self.close()
        self.current, self.lines = doc, [heading]

    def add(self, b: Block) -> None:
        cfg = self.cfg
        if cfg.commentary_from and not self.in_commentary and b.text.startswith(cfg.commentary_from):
            self.close()
            self.in_commentary = True
        if self.in_commentary:
            self.comm_lines.append(_commentary_line(b))
        elif b.kind == "front":
            meta = {"document": b.marker, "title": b.title, "source": self.source_name}
            self._open(MasterDoc("front", b.marker, meta, ""), f"# {b.title}")
        elif b.kind == "law":
            self._open_law(b)
        elif self.current is None and not self._implicit_law(b):
            self.prefix.append(_commentary_line(b))
        else:
            self.lines.append(_law_line(b))

    def _open_law(self, b: Block) -> None:
        law, title = int(b.marker), b.title
        if title.isupper():
            new = title_case(title)
            if self.repairs is not None:
                self.repairs.append(Repair(b.line, title, new,
                                           "titre en capitales sans accents mis en minuscules accentuées"))
            title = new
        meta = {"law": law, "title": title, "source": self.source_name}
        if self.cfg.document:
            meta["document"] = self.cfg.document
        if b.text == "quoted" and self.cfg.quoted_in:
            meta["quoted_in"] = self.cfg.quoted_in
        self._open(MasterDoc("law", str(law), self._provenance(meta, law), ""), f"# Loi {law} — {title}")

    def _provenance(self, meta: dict, law: int) -> dict:
        """`meta` with what the source says of its words (sources.yaml) and the sections renumbered in `law`."""
        cfg = self.cfg
        if cfg.provenance:
            meta["provenance"] = [p.value for p in cfg.provenance]
        if cfg.provenance_note:
            meta["provenance_note"] = cfg.provenance_note
        renumbered = {k: v for r in cfg.renumber if r.law == law for k, v in r.sections.items()}
        if renumbered:
            meta["renumbered"] = renumbered
        return meta

    def _implicit_law(self, b: Block) -> bool:
        """A source without a law heading whose law is configured: the law starts at its first block of law
        text (or at once for a law source with no text before). False if `b` stays outside any law."""
        cfg = self.cfg
        if cfg.law is None or (b.kind == "text" and (self.prefix or cfg.kind != "law")):
            return False
        meta = {"law": cfg.law, "title": cfg.title, "source": self.source_name}
        if cfg.title_note:
            meta["title_note"] = cfg.title_note
        if cfg.document:
            meta["document"] = cfg.document
        heading = f"# Loi {cfg.law}" + (f" — {cfg.title}" if cfg.title else "")
        self._open(MasterDoc("law", str(cfg.law), self._provenance(meta, cfg.law), ""), heading)
        return True


def emit(blocks: list[Block], cfg: SourceEntry, source_name: str, flags: list[Flag],
         repairs: list[Repair] | None = None) -> list[MasterDoc]:
    """Turn structured blocks into master documents (law files and commentary)."""
    blocks, notes = _footnotes(blocks, flags)
    writer = _DocWriter(cfg, source_name, repairs)
    for b in blocks:
        writer.add(b)
    writer.close()
    docs = writer.docs
    for b in blocks:
        if re.search(r"(?<![\\*])\*(?!\*)", b.text.replace("[^", "")) and b.kind != "table":
            flags.append(Flag(b.line, b.text[:50] + "…", "appel de note « * » sans note correspondante dans la source"))
    _attach_footnotes(docs, notes, flags)
    outside = writer.prefix + writer.comm_lines
    if outside and cfg.commentary_id:
        docs.append(_commentary_doc(cfg, cfg.commentary_id, source_name, outside))
    elif outside:
        for t in outside:
            flags.append(Flag(0, t[:60], "texte hors d'une loi : déclarer un commentaire dans sources.yaml"))
    return docs


def _attach_footnotes(docs: list[MasterDoc], notes: list[tuple[str, str]], flags: list[Flag]) -> None:
    """Each footnote text goes at the end of the last document that refers to it."""
    for key, text in notes:
        target = next((d for d in reversed(docs) if f"[^{key}]" in d.body), None)
        if target is None:
            flags.append(Flag(0, text, "note de bas de page sans document"))
            continue
        target.body += f"\n\n[^{key}]: {_esc(text)}"


def _commentary_doc(cfg: SourceEntry, key: str, source_name: str, lines: list[str]) -> MasterDoc:
    meta: dict[str, Any] = {
        "id": key,
        "title": cfg.commentary_title or cfg.document or "",
        "author": cfg.commentary_author,
        "source": source_name,
        "laws": cfg.commentary_laws or cfg.laws,
    }
    if cfg.commentary_provisions:
        meta["provisions"] = [str(p) for p in cfg.commentary_provisions]
    if cfg.commentary_remarks:  # the project's remarks beside the source's words, which stay as they are
        meta["remarks"] = [r.model_dump(exclude_none=True) for r in cfg.commentary_remarks]
    return MasterDoc("commentary", key, meta, "\n\n".join(lines))


def _law_line(b: Block) -> str:
    if b.kind == "table":
        return b.text
    if b.kind == "section":  # a section whose source gives no title (« D. » alone) keeps none
        return f"## {b.marker}." + (f" {b.title}" if b.title else "")
    if b.kind == "para":
        head = f"{b.marker}. "
        if b.title:
            return f"{head}**{_esc(b.title)}**" + (f"\n\n   {_esc(b.text)}" if b.text else "")
        return head + _esc(b.text)
    if b.kind == "sub":
        head = f"({b.marker})"
        return head + (f" {_esc(b.text)}" if b.text else "")
    if b.kind == "bullet":
        return f"- {_esc(b.text)}"
    return _esc(b.text)


# a block outside the law text (commentary), as a line of Markdown; a text block is a heading or a paragraph
COMMENTARY_LINE = {"table": "{text}", "law": "**{title} (Loi {marker})**", "section": "{marker}. {title}",
                   "para": "{marker}. {text}", "sub": "({marker}) {text}", "bullet": "- {text}"}


def _commentary_line(b: Block) -> str:
    if b.kind in COMMENTARY_LINE:
        return COMMENTARY_LINE[b.kind].format(marker=b.marker, title=b.title, text=b.text)
    t = b.text
    words = t.split()
    if (t[-1:] not in TERMINAL and len(words) <= 6 and not any(ch.isdigit() for ch in t)
            and not {"Ouest", "Nord", "Est", "Sud"} <= set(words) and not t.startswith(("**", "#", "«"))):
        return f"## {t}"
    return t


# --------------------------------------------------------------------------- entry points

def import_text(raw: str, source_name: str, cfg: SourceEntry | None = None) -> ImportResult:
    cfg = cfg or SourceEntry(file=source_name)
    lines, repairs, flags = clean(raw, cfg=cfg)
    if _is_master(lines):
        return ImportResult([], repairs, flags)
    try:
        blocks = _structure(lines, repairs, flags)
    except LoisError as exc:
        raise LoisError(exc.message, exc.path or source_name, exc.line) from None
    _renumber(blocks, cfg, repairs, flags)
    docs = emit(blocks, cfg, source_name, flags, repairs)
    if not docs:
        raise LoisError("aucune loi reconnue : le texte doit commencer par « LOI N – TITRE »", source_name, 1)
    return ImportResult(docs, repairs, flags)


def _is_master(lines: list[str]) -> bool:
    return bool(lines) and lines[0].strip() == "---"


def reclean_master(text: str, path: str) -> tuple[str, ImportResult]:
    """Run the text repairs over an existing master file (front matter untouched)."""
    lines, repairs, flags = clean(text)
    return "\n".join(lines), ImportResult([], repairs, flags)
