"""Parse master Markdown (markdown-it-py) into a tree of provisions.

A law file::

    ---
    law: 50
    title: Dispositions concernant une carte pénalisée
    source: 003_….txt
    ---
    # Loi 50 — Dispositions concernant une carte pénalisée
    Introductory text (belongs to the law).
    ## A. Title                     → section 50A
    ## D.                           → a section its source gives without a title
    Text of A.
    1. Text                         → paragraph 50A1 (a Markdown ordered-list item)
    1. **Title**  (then its text)   → paragraph with a title
    (a) Text                        → sub-point 50A1(a) (a paragraph starting with the marker)
    (i) Text                        → 50A1(a)(i)
    - bullet                        → text of the current provision
    <!-- suite: B -->               → what follows belongs again to provision B (after its children)
    [^1]: note                      → footnote of the law

Blocks are read in order; markdown nesting is not relied upon, the markers are.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Optional

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin
from pydantic import Field

from lois.core import ids, safeio
from lois.core.ids import LEVELS, Level, ProvisionId
from lois.core.errors import LoisError, line_at
from lois.core.grounds import stands_in
from lois.core.schemas import CommentaryRemark, LawFront, LawNumber, Provisions, Slug, Text
from lois.core.yamlfile import Loaded, Schema, YamlDoc, check_visible, parse_yaml, validate


ROMAN = re.compile("^(" + "|".join(ids.ROMAN_NUMERALS) + ")$")


def md() -> MarkdownIt:
    """The package's Markdown parser (one instance: building it costs more than parsing a provision)."""
    # html=True only makes markdown-it *recognise* HTML (so that « <!-- suite: B --> » directives are seen and
    # any other HTML is kept as text): no HTML from the corpus is ever output as HTML (see render_inline.py).
    # (markdown-it leaves a link to « javascript: », « vbscript: », « file: » or « data: » as the text typed, shown
    # as such: tests/test_security_browser.py; any other link is checked by markdown_problem)
    global _MD
    if _MD is None:
        _MD = MarkdownIt("commonmark", {"html": True}).enable("table").use(footnote_plugin)
    return _MD


_MD: MarkdownIt | None = None


def markdown_problem(tokens: list[Token], first_line: int, source: str = "", env: dict | None = None,
                     footnotes: bool = True) -> tuple[int, str] | None:
    """The first piece of parsed corpus Markdown (``tokens``, parsed from ``source`` with ``env``, whose first line
    is ``first_line`` of its file) that the site would not show as written, with its line: an image (the site shows
    its text only, and one from another site would be a request to another host); a link whose address the site
    would write « # » (lois.core.safeurl.markdown_link_problem: « tel: », « page » without a path); a definition
    Markdown takes out of the text (« [A]: … », a footnote « [^1]: … » that nothing calls): its words would vanish;
    with ``footnotes`` False (a note, an example, a commentary: only a law's page shows footnotes), any footnote.
    None when there is none."""
    from lois.core.safeurl import markdown_link_problem

    def line_of(pattern: str) -> int:
        found = re.search(pattern, source, re.M | re.I)
        return first_line + (source.count("\n", 0, found.start()) if found else 0)

    env = env or {}
    linked = {c.attrGet("href") for t in tokens if t.type == "inline" for c in t.children or ()
              if c.type == "link_open"}
    for label, ref in (env.get("references") or {}).items():
        if ref.get("href") not in linked:  # a definition no « [texte][label] » uses: its words vanish
            return line_of(r"^ {0,3}\[(?!\^)[^\]]*\]:"), (
                f"définition de lien « [{label.lower()}]: … » qu'aucun lien n'emploie : Markdown la retire du texte "
                "; écrivez le lien en entier, « [texte](adresse) », ou « \\[ » si ce sont des mots du texte")
    for key, n in (env.get("footnotes") or {}).get("refs", {}).items():
        if n < 0 or not footnotes:
            label = key[1:]
            what = "note de bas de page qu'aucun appel « [^…] » n'appelle : Markdown la retire du texte" if n < 0 \
                else "note de bas de page : le site n'en affiche que dans le texte des lois"
            return line_of(rf"\[\^{re.escape(label)}\]" if n >= 0 else rf"^ {{0,3}}\[\^{re.escape(label)}\]:"), \
                f"{what} (« [^{label}] ») : écrivez ses mots dans le texte"
    for t in tokens:
        if t.type != "inline" or not t.children:
            continue
        line = first_line + (t.map[0] if t.map else 0)
        for i, c in enumerate(t.children):
            if c.type in ("softbreak", "hardbreak"):
                line += 1
            elif c.type == "image":
                alt = " ".join(c.content.split())
                return line, (f"image « {alt[:60]} » : le site n'affiche pas d'images (il n'en montre que le texte, "
                              "et une image d'un autre site serait une requête vers un autre hôte) : retirez-la, ou "
                              "faites-en un lien")
            elif c.type == "link_open":
                href = c.attrGet("href")
                problem = markdown_link_problem(href)
                if problem is not None:
                    words = []
                    for x in t.children[i + 1:]:
                        if x.type == "link_close":
                            break
                        words.append(x.content or " ")
                    shown = " ".join("".join(words).split())[:60]
                    return line, (f"lien « {shown} » vers « {str(href)[:80]} » : {problem} (le site l'écrirait « # », "
                                  "un lien qui ne mène nulle part)")
    return None


def check_markdown(source: str, path: str, first_line: int) -> None:
    """:func:`markdown_problem` of the Markdown text of a note or an example (no footnotes) as a LoisError naming
    its file and line."""
    env: dict = {}
    found = markdown_problem(md().parse(source, env), first_line, source, env, footnotes=False)
    if found is not None:
        raise LoisError(found[1], path, found[0])


@dataclass
class Block:
    """A unit of content of a provision, in reading order."""

    kind: str  # text | bullets | table | child
    tokens: list = field(default_factory=list)  # inline tokens (text) or list of inline tokens (bullets)
    source: str = ""  # markdown source of the block (tables, text)
    line: int = 0
    child: "Provision | None" = None
    item_lines: list[int] = field(default_factory=list)  # bullets: the line of each item


@dataclass
class Provision:
    law: int
    path: tuple[str, ...]
    level: Level
    title: str | None
    file: str
    line: int
    parent: "Provision | None" = None
    children: list["Provision"] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    text: str = ""  # own plain text (filled by finish())
    block_offsets: list[tuple[Block, int, str]] = field(default_factory=list)
    line_starts: list[tuple[int, int]] = field(default_factory=list)  # (offset in text, line in file)

    def line_at(self, offset: int) -> int:
        """The line of the file where ``offset`` of its own plain text lies."""
        return line_at(self.line_starts, offset, self.line)

    @property
    def pid(self) -> ProvisionId:
        return ProvisionId(self.law, self.path)

    @property
    def id(self) -> str:
        return str(self.pid)

    @property
    def anchor(self) -> str:
        return self.pid.anchor

    @property
    def marker(self) -> str:
        if not self.path:
            return f"Loi {self.law}"
        last = self.path[-1]
        if self.level is Level.SECTION:
            return f"{last}."
        if self.level is Level.PARAGRAPH:
            return f"{last}."
        return f"({last})"

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


@dataclass
class Law:
    meta: LawFront  # its front matter, validated
    root: Provision
    file: str
    footnotes: dict[str, str] = field(default_factory=dict)

    @property
    def number(self) -> int:
        return self.meta.law

    @property
    def title(self) -> str | None:
        return self.meta.title

    def provisions(self):
        return list(self.root.walk())


class Commentary(Schema):
    """An imported commentary (``corpus/commentaires/*.md``): its front matter, validated, with what loading adds
    (:func:`parse_commentary`: its text; the provisions it explains resolved once the model is built:
    lois.core.corpus.load_corpus)."""

    id: Slug
    title: Text
    author: Optional[Text] = None
    source: Optional[Text] = None
    laws: Annotated[list[LawNumber], Field(min_length=1)]
    # the provisions it explains: their form checked when the file is read, resolved once the corpus is read (the
    # stubs come from every text's citations): lois.core.corpus.load_corpus validates them again with the model
    provisions: Optional[Provisions] = None
    remarks: Optional[Annotated[list[CommentaryRemark], Field(min_length=1)]] = None
    front: Loaded[YamlDoc] = YamlDoc(None, "")  # its front matter, with the line of every key and item
    file: Loaded[str] = ""
    body: Loaded[str] = ""
    text: Loaded[str] = ""  # plain text of its paragraphs, one a line
    tokens: Loaded[list] = []  # its Markdown tokens
    line_starts: Loaded[list[tuple[int, int]]] = []  # (offset in text, line in file)

    def line_at(self, offset: int) -> int:
        """The line of the file where `offset` of the plain text lies."""
        return line_at(self.line_starts, offset, 1)

    @property
    def node_id(self) -> str:
        return str(ids.NodeRef.commentary(self.id))


FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


def front_matter(text: str, path: str) -> tuple[YamlDoc, str, int]:
    """The front matter (with the lines of its keys), the body after it, and the number of lines before it."""
    m = FRONT.match(text)
    if not m:
        raise LoisError("en-tête YAML manquant (le fichier doit commencer par « --- »)", path, 1)
    try:
        doc = parse_yaml(m.group(1), path, first_line=2)
    except LoisError as exc:
        raise LoisError(f"en-tête {exc.message}", path, exc.line) from None
    if doc.data is None:
        doc.data = {}
    if not isinstance(doc.data, dict):
        raise LoisError("en-tête YAML invalide : un dictionnaire est attendu (clé: valeur)", path, 2)
    return doc, text[m.end():], m.group(0).count("\n")


H1 = re.compile(r"^Loi\s+(\d{1,3})(?:\s+[—–-]\s+(.+))?$")
H2 = re.compile(r"^([A-Z])\.(?:\s+(\S.*))?$")  # a section without a title (« ## D. »): its source gives none
SUB = re.compile(r"^\(([a-z]{1,5})\)\s*")
# a paragraph opening with a marker the Code does not use: « (A) », « (1) », « (aa) », « (I) »
ODD_MARK = re.compile(r"^\(([A-Z]{1,4}|[0-9]{1,2}|[a-z]{2,5})\)(?=\s|$)")
SUITE = re.compile(r"<!--\s*suite\s*:\s*([A-Z0-9a-z()]+)\s*-->")


def _inline_lines(tokens, first: int) -> tuple[str, list[tuple[int, int]]]:
    """The plain text of inline tokens (:func:`_inline_plain`) and where each of their source lines starts in it:
    (offset, line), the first at ``first`` — a paragraph written on several lines has its citations on theirs."""
    out, starts, pos, line = [], [(0, first)], 0, first
    for t in tokens:
        if t.type in ("text", "code_inline"):
            out.append(t.content)
            pos += len(t.content)
        elif t.type in ("softbreak", "hardbreak"):
            out.append(" ")
            pos += 1
            line += 1
            starts.append((pos, line))
        elif t.type == "html_inline" and "\n" in t.content:  # a comment over several lines: not in the text
            line += t.content.count("\n")
            starts.append((pos, line))
    return "".join(out), starts


def _inline_plain(tokens, keep_html: bool = False) -> str:
    out = []
    for t in tokens:
        if t.type == "text" or t.type == "code_inline":
            out.append(t.content)
        elif t.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif t.type == "html_inline":
            if keep_html and not t.content.startswith("<!--"):
                out.append(t.content)  # shown as text (footnotes), like render_inline does in the text
    return "".join(out)


COMMENTS_ONLY = re.compile(r"\s*(?:<!--.*?-->\s*)+", re.S)


def parse_law(text: str, path: str, absent: Mapping[int, Collection[str]] | None = None) -> Law:
    """Parse one master law file. Raises LoisError (French, file and line) on bad structure.

    `absent` gives, by law, the sections its source leaves out (``partial.<n>.missing`` of edition.yaml): the
    sections may skip those letters, and only those."""
    doc, body, offset = front_matter(text, path)
    meta = validate(doc, LawFront, what="en-tête de la loi")
    _check_file_name(path, meta.law, doc)
    law = _LawParser(meta, body, offset, path, frozenset((absent or {}).get(meta.law, ()))).parse()
    sections = {p.path[0] for p in law.root.children if p.level is Level.SECTION}
    for old, new in (meta.renumbered or {}).items():  # what the page says of the text must be true of it
        if new not in sections:
            raise LoisError(f"en-tête de la loi : « renumbered » dit que la section {old} de la source est publiée en "
                            f"{new}, mais le texte n'a pas de section {new}", path, doc.line("renumbered", old))
    return law


def _check_file_name(path: str, law: int, doc: YamlDoc) -> None:
    stem = Path(path).stem
    if stem.isdigit() and int(stem) != law:
        raise LoisError(f"le fichier {Path(path).name} déclare la Loi {law} : renommez-le {law:02d}.md ou "
                        f"corrigez « law »", path, doc.line("law"))


# the markers of each level, in order: « A. », « 1. », « (a) », « (i) »
ROMANS = list(ids.ROMAN_NUMERALS)
LETTERS = [chr(c) for c in range(ord("a"), ord("z") + 1)]
LEVEL_NAMES = {Level.SECTION: "section", Level.PARAGRAPH: "paragraphe", Level.SUBPOINT: "sous-point",
               Level.ITEM: "sous-point"}


def _sequence(level: Level) -> list[str]:
    if level is Level.SECTION:
        return [c.upper() for c in LETTERS]
    if level is Level.PARAGRAPH:
        return [str(n) for n in range(1, 100)]
    return ROMANS if level is Level.ITEM else LETTERS


def _shown(level: Level, key: str) -> str:
    return {Level.SECTION: f"{key}.", Level.PARAGRAPH: f"{key}."}.get(level, f"({key})")


class _LawParser:
    """Reads the markdown-it tokens of one law in order and builds its provision tree."""

    def __init__(self, meta: LawFront, body: str, offset: int, path: str, absent: frozenset[str] = frozenset()):
        self.law_no, self.meta, self.body, self.offset, self.path = meta.law, meta, body, offset, path
        self.absent = absent  # the section letters its source leaves out (edition.yaml `partial`)
        env: dict = {}
        self.tokens = md().parse(body, env)
        found = markdown_problem(self.tokens, 1 + offset, body, env)
        if found is not None:
            raise LoisError(found[1], path, found[0])
        self.root = Provision(meta.law, (), Level.LAW, meta.title, path, 1 + offset)
        self.current = self.root
        self.seen: dict[tuple, int] = {}
        self.saw_h1 = False
        self.footnotes: dict[str, str] = {}
        self.in_footnote = 0
        self.fn_label = ""

    def error(self, message: str, line: int) -> LoisError:
        return LoisError(message, self.path, line)

    def line_of(self, tok) -> int:
        return (tok.map[0] + 1 + self.offset) if tok.map else self.offset + 1

    def parse(self) -> Law:
        handlers = {"heading_open": self.heading, "html_block": self.html_block, "list_item_open": self.list_item,
                    "paragraph_open": self.paragraph, "bullet_list_open": self.bullets, "table_open": self.table}
        i = 0
        while i < len(self.tokens):
            tok = self.tokens[i]
            if self.footnote(tok):
                i += 1
                continue
            handler = handlers.get(tok.type)
            i = handler(i, tok, self.line_of(tok)) if handler else i + 1
        if not self.saw_h1:
            raise self.error(f"titre de loi manquant (« # Loi {self.law_no} — Titre »)", self.offset + 1)
        law = Law(self.meta, self.root, self.path, self.footnotes)
        for p in self.root.walk():
            finish(p)
        return law

    def footnote(self, tok) -> bool:
        """Footnote definitions are collected apart; True while inside one."""
        if tok.type == "footnote_block_open":
            self.in_footnote += 1
        elif tok.type == "footnote_block_close":
            self.in_footnote -= 1
        if not self.in_footnote:
            return False
        if tok.type == "footnote_open":
            self.fn_label = str(tok.meta.get("label", tok.meta.get("id")))
            self.footnotes[self.fn_label] = ""
        elif tok.type == "inline" and self.footnotes:
            text = self.footnotes[self.fn_label] + " " + _inline_plain(tok.children or [], True)
            self.footnotes[self.fn_label] = text.strip()
        return True

    def add(self, parent: Provision, key: str, level: Level, title: str | None, line: int) -> Provision:
        p = Provision(self.law_no, parent.path + (key,), level, title, self.path, line, parent=parent)
        if p.path in self.seen:
            raise self.error(f"identifiant {p.id} utilisé deux fois (déjà défini ligne {self.seen[p.path]})", line)
        self._check_order(parent, key, level, line)
        self.seen[p.path] = line
        parent.children.append(p)
        parent.blocks.append(Block("child", line=line, child=p))
        return p

    def _check_order(self, parent: Provision, key: str, level: Level, line: int) -> None:
        """Markers follow each other without a gap: A, B, C…; 1, 2, 3…; (a), (b)…; (i), (ii)…"""
        seq = _sequence(level)
        before = [c.path[-1] for c in parent.children if c.level == level]
        expected = seq[seq.index(before[-1]) + 1] if before and before[-1] in seq[:-1] else seq[0]
        if key == expected:
            return
        name = LEVEL_NAMES[level]
        if key not in seq:
            raise self.error(f"marqueur « {_shown(level, key)} » inconnu pour un {name}", line)
        if before and seq.index(key) < seq.index(before[-1]):
            raise self.error(f"{name} {_shown(level, key)} hors d'ordre : il vient après "
                             f"{_shown(level, before[-1])}", line)
        missing = seq[seq.index(expected):seq.index(key)]
        if level is Level.SECTION:
            missing = [m for m in missing if m not in self.absent]  # declared in edition.yaml (`partial`)
            if not missing:
                return
        where = f"après {_shown(level, before[-1])}" if before else "en premier"
        hint = " ou section absente de la source, à déclarer dans edition.yaml (« partial »)" \
            if level is Level.SECTION else ""
        raise self.error(f"{name} {_shown(level, key)} {where} : {', '.join(_shown(level, m) for m in missing)} "
                         f"manque (marqueur sauté{hint} ?)", line)

    def ancestor(self, level: Level) -> Provision | None:
        """The deepest open provision strictly above `level`."""
        target = LEVELS.index(level) - 1
        node: Provision | None = self.current
        while node is not None and LEVELS.index(node.level) > target:
            node = node.parent
        if node is None or LEVELS.index(node.level) < target:
            return None
        return node

    def heading(self, i: int, tok, line: int) -> int:
        content = self.tokens[i + 1].content.strip()
        if tok.tag == "h1":
            m = H1.match(content)
            if not m or int(m.group(1)) != self.law_no:
                raise self.error(f"titre de loi invalide : « {content} » (attendu « Loi {self.law_no} — Titre »)",
                                 line)
            if self.saw_h1:
                raise self.error("deux titres de loi (« # ») dans le même fichier", line)
            self.saw_h1 = True
        elif tok.tag == "h2":
            m = H2.match(content)
            if not m or m.group(1) > "L":
                raise self.error(f"titre de section invalide : « {content} » (attendu « ## A. Titre »)", line)
            title = m.group(2).strip() if m.group(2) else None
            self.current = self.add(self.root, m.group(1), Level.SECTION, title, line)
        else:
            raise self.error(f"niveau de titre non prévu ({tok.markup}) dans un texte de loi : « {content} »", line)
        return i + 3

    def html_block(self, i: int, tok, line: int) -> int:
        if tok.content.lstrip().startswith("<!--") and "-->" not in tok.content:
            raise self.error("commentaire HTML non fermé : « <!-- » sans « --> » (la suite du texte serait perdue)",
                             line)
        if not COMMENTS_ONLY.fullmatch(tok.content):
            # raw HTML in a law text is never markup: it is kept as text, shown as typed (render_inline.py)
            text = Token("text", "", 0)
            text.content = " ".join(tok.content.split())
            self.current.blocks.append(Block("text", tokens=[text], line=line, source=tok.content))
            return i + 1
        m = SUITE.search(tok.content)
        if m:
            node = self.root
            for part in re.findall(r"[A-Z]|\d+|[a-z]+", m.group(1)):
                child = next((c for c in node.children if c.path[-1] == part), None)
                if child is None:
                    raise self.error(f"« suite : {m.group(1)} » : provision inconnue", line)
                node = child
            self.current = node
        return i + 1

    def list_item(self, i: int, tok, line: int) -> int:
        if not (tok.markup in (".", ")") and tok.info):
            return i + 1
        parent = self.ancestor(Level.PARAGRAPH) or self.root
        if parent.level is Level.LAW and any(c.level is Level.SECTION for c in self.root.children):
            raise self.error(f"paragraphe {tok.info}. hors d'une section", line)
        self.current = self.add(parent, tok.info, Level.PARAGRAPH, None, line)
        return i + 1

    def paragraph(self, i: int, tok, line: int) -> int:
        inline = self.tokens[i + 1]
        children = [t for t in (inline.children or []) if not (t.type == "text" and not t.content)]
        cur = self.current
        # a paragraph made only of bold text, first in a paragraph provision: its title
        if (cur.level is Level.PARAGRAPH and not cur.blocks and cur.title is None
                and len(children) == 3 and children[0].type == "strong_open"):
            cur.title = children[1].content.strip()
            return i + 3
        plain = _inline_plain(children)
        m = SUB.match(plain)
        if m:
            self.current = self.sub_point(m.group(1), line)
            children = _strip_prefix(children, len(m.group(0)))
        elif odd := ODD_MARK.match(plain):
            raise self.error(f"marqueur « {odd.group(0)} » inconnu : le Code numérote A., 1., "
                             "(a), puis (i) ; écrivez ce texte sans marqueur ou corrigez-le", line)
        if children and _inline_plain(children).strip():
            self.current.blocks.append(Block("text", tokens=children, line=line, source=inline.content))
        return i + 3

    def sub_point(self, mark: str, line: int) -> Provision:
        level = Level.ITEM if _is_roman(mark, self.current) else Level.SUBPOINT
        if level is Level.SUBPOINT and len(mark) > 1:
            what = "sous-point romain sans sous-point (a) parent" if ROMAN.match(mark) else "niveau inconnu"
            raise self.error(f"marqueur « ({mark}) » : {what} (le Code numérote (a), (b)… puis, dessous, (i), "
                             "(ii)…)", line)
        parent = self.ancestor(level)
        if parent is None:
            raise self.error(f"sous-point ({mark}) sans paragraphe ou sous-point parent", line)
        return self.add(parent, mark, level, None, line)

    def bullets(self, i: int, tok, line: int) -> int:
        items, item_lines = [], []
        j, depth = i + 1, 1
        while depth:
            t = self.tokens[j]
            if t.type == "bullet_list_open":
                depth += 1
            elif t.type == "bullet_list_close":
                depth -= 1
            elif t.type == "inline":
                items.append(t.children or [])
                item_lines.append(line + t.map[0] - tok.map[0] if t.map and tok.map else line)
            j += 1
        self.current.blocks.append(Block("bullets", tokens=items, line=line, item_lines=item_lines))
        return j

    def table(self, i: int, tok, line: int) -> int:
        j = i
        while self.tokens[j].type != "table_close":
            j += 1
        lines = self.body.split("\n")[tok.map[0]:tok.map[1]]
        self.current.blocks.append(Block("table", source="\n".join(lines), line=line))
        return j + 1


def _is_roman(mark: str, current: Provision) -> bool:
    if not ROMAN.match(mark):
        return False
    # « (i) » after « (h) » is a letter; inside a sub-point it is a roman numeral
    node = current
    while node.level not in LEVELS and node.parent is not None:
        node = node.parent
    if node.level in (Level.SUBPOINT, Level.ITEM):
        if node.level is Level.SUBPOINT and node.parent and mark == "i":
            siblings = [c.path[-1] for c in node.parent.children if c.level is Level.SUBPOINT]
            if siblings and siblings[-1] == "h" and node is node.parent.children[-1] and not node.children:
                return False
        return True
    return False


def _strip_prefix(children, n: int):
    """Drop the first n characters of plain text from a list of inline tokens."""
    out = []
    for t in children:
        if n > 0 and t.type == "text":
            if len(t.content) <= n:
                n -= len(t.content)
                continue
            t = t.copy()
            t.content = t.content[n:].lstrip()
            n = 0
        out.append(t)
    return out


def finish(p: Provision) -> None:
    """Compute the provision's own plain text, where each block starts in it, and the line of the file of each of
    its offsets (``line_starts``)."""
    parts = []
    pos = 0
    p.block_offsets = []
    p.line_starts = []

    def add(b: Block, raw: str, starts: list[tuple[int, int]]) -> None:
        nonlocal pos
        s = raw.strip()
        lead = len(raw) - len(raw.lstrip())
        p.block_offsets.append((b, pos, s))
        p.line_starts.extend((pos + max(0, o - lead), ln) for o, ln in starts)
        parts.append(s)
        pos += len(s) + 1

    for b in p.blocks:
        if b.kind == "text":
            add(b, *_inline_lines(b.tokens, b.line))
        elif b.kind == "bullets":
            for k, item in enumerate(b.tokens):
                add(b, *_inline_lines(item, b.item_lines[k] if k < len(b.item_lines) else b.line))
        elif b.kind == "table":
            add(b, b.source, [(0, b.line)] + [(m.end(), b.line + k) for k, m in
                                              enumerate(re.finditer("\n", b.source), 1)])
    p.text = "\n".join(parts)


def parse_commentary(text: str, path: str) -> Commentary:
    doc, body, offset = front_matter(text, path)
    meta = validate(doc, Commentary, what="en-tête du commentaire")
    env: dict = {}
    tokens = md().parse(body, env)
    found = markdown_problem(tokens, 1 + offset, body, env, footnotes=False)
    if found is not None:
        raise LoisError(found[1], path, found[0])
    parts, pos = [], 0
    line_starts: list[tuple[int, int]] = []
    for t in tokens:
        if t.type == "inline":
            s, starts = _inline_lines(t.children or [], (t.map[0] + 1 + offset) if t.map else offset + 1)
            line_starts.extend((pos + o, ln) for o, ln in starts)
            parts.append(s)
            pos += len(s) + 1
    text = "\n".join(parts)
    for i, r in enumerate(meta.remarks or []):  # a remark is about words the commentary really writes
        if not stands_in(r.about, text):
            raise doc.error(f"remarque {i + 1} : les mots « {' '.join(r.about.split())} » ne figurent pas dans le "
                            "texte du commentaire (« about » cite les mots du commentaire dont parle la remarque)",
                            "remarks", i, "about")
    return meta.model_copy(update={"provisions": meta.provisions or [], "front": doc, "file": path, "body": body,
                                   "text": text, "tokens": tokens, "line_starts": line_starts})


# byte-order marks of encodings other than UTF-8, longest first
_BOMS = [(b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"),
         (b"\xfe\xff", "UTF-16")]


def read_text(path: Path, empty_ok: bool = False) -> str:
    """A corpus file as text: UTF-8 (a BOM is dropped), line ends (CRLF, CR) turned into LF. The one entry point
    for reading what people edit: only a regular file of bounded size is read (lois.core.safeio.read_bytes), and
    a control character (an escape sequence that would reach the terminal) is refused with its line, in every
    file, Markdown bodies as YAML (lois.core.yamlfile.check_visible)."""
    text = read_text_noting(path, empty_ok)[0]
    check_visible(text, str(path))
    return text


def read_text_noting(path: Path, empty_ok: bool = False) -> tuple[str, list[str]]:
    """`read_text`, plus what was normalised (in French, for the importer to say)."""
    return decode_text(safeio.read_bytes(path), path, empty_ok)


def decode_text(data: bytes, path, empty_ok: bool = False) -> tuple[str, list[str]]:
    """The text of a file's bytes (`read_text_noting` without the read: lois.core.filememo)."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise LoisError(f"encodage invalide : le fichier est en {name}, pas en UTF-8 ; réenregistrez-le en "
                            "UTF-8", str(path), 1)
    notes = []
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        notes.append("marque d'ordre des octets (BOM) UTF-8 retirée")
    if not data.strip():
        if empty_ok:
            return "", notes
        raise LoisError("fichier vide", str(path), 1)
    text = _decode(data, str(path))
    if "\r" in text:
        notes.append("fins de ligne Windows (CRLF) ou Mac (CR) converties en fins de ligne Unix (LF)")
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        raise LoisError("caractère nul dans le fichier (fichier binaire ou UTF-16 ?)", str(path),
                        text[: text.index("\x00")].count("\n") + 1)
    if not unicodedata.is_normalized("NFC", text):  # « e » + U+0301 as some editors save « é » (macOS, a copy
        notes.append("accents décomposés (NFD) recomposés (NFC)")  # from a PDF): the same letters as typed
        text = unicodedata.normalize("NFC", text)  # elsewhere, or search, glossary and citations would miss them
    return text, notes


def _decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1
        if b"\x00" in data[:200]:
            name = "UTF-16 (sans marque d'ordre des octets)"
        else:
            try:
                data.decode("cp1252")
                name = "Windows-1252 ou ISO-8859-1 (Latin-1)"
            except UnicodeDecodeError:
                name = "un encodage inconnu"
        raise LoisError(f"encodage invalide : le fichier semble en {name}, pas en UTF-8 ; réenregistrez-le en "
                        "UTF-8", path, line) from None
