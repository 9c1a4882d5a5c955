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
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin

from lois.core import ids
from lois.core.errors import LoisError

# libyaml's parser when PyYAML has it (the same resolver and types, ~10× faster), else the pure-Python one
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def yaml_load(text: str):
    """yaml.safe_load, with libyaml's parser when available."""
    return yaml.load(text, Loader=YAML_LOADER)

ROMAN = re.compile("^(" + "|".join(ids.ROMAN_NUMERALS) + ")$")
LEVELS = list(ids.LEVELS)


def md() -> MarkdownIt:
    """The package's Markdown parser (one instance: building it costs more than parsing a provision)."""
    # html=True only makes markdown-it *recognise* HTML (so that « <!-- suite: B --> » directives are seen and
    # any other HTML is kept as text): no HTML from the corpus is ever output as HTML (see render_inline.py).
    global _MD
    if _MD is None:
        _MD = MarkdownIt("commonmark", {"html": True}).enable("table").use(footnote_plugin)
    return _MD


_MD: MarkdownIt | None = None


@dataclass
class Block:
    """A unit of content of a provision, in reading order."""

    kind: str  # text | bullets | table | child
    tokens: list = field(default_factory=list)  # inline tokens (text) or list of inline tokens (bullets)
    source: str = ""  # markdown source of the block (tables, text)
    line: int = 0
    child: "Provision | None" = None


@dataclass
class Provision:
    law: int
    path: tuple[str, ...]
    level: str
    title: str | None
    file: str
    line: int
    parent: "Provision | None" = None
    children: list["Provision"] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)
    text: str = ""  # own plain text (filled by finish())
    block_offsets: list[tuple[Block, int, str]] = field(default_factory=list)

    @property
    def id(self) -> str:
        return format_path(self.law, self.path)

    @property
    def anchor(self) -> str:
        return "".join(self.path)

    @property
    def marker(self) -> str:
        if not self.path:
            return f"Loi {self.law}"
        last = self.path[-1]
        if self.level == "section":
            return f"{last}."
        if self.level == "paragraph":
            return f"{last}."
        return f"({last})"

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()


def format_path(law: int, path: tuple[str, ...]) -> str:
    out = str(law)
    for i, p in enumerate(path):
        out += p if i < 2 else f"({p})"
    return out


@dataclass
class Law:
    number: int
    title: str | None
    meta: dict
    root: Provision
    file: str
    footnotes: dict[str, str] = field(default_factory=dict)

    def provisions(self):
        return list(self.root.walk())


@dataclass
class Commentary:
    id: str
    title: str
    author: str | None
    laws: list[int]
    meta: dict
    file: str
    body: str
    provisions: list[str] = field(default_factory=list)
    text: str = ""
    tokens: list = field(default_factory=list)

    @property
    def node_id(self) -> str:
        return str(ids.NodeRef.commentary(self.id))


FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)


def split_front_matter(text: str, path: str) -> tuple[dict, str, int]:
    m = FRONT.match(text)
    if not m:
        raise LoisError("en-tête YAML manquant (le fichier doit commencer par « --- »)", path, 1)
    try:
        meta = yaml_load(m.group(1)) or {}
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", 0) + 2
        raise LoisError(f"en-tête YAML invalide : {getattr(exc, 'problem', exc)}", path, line) from None
    if not isinstance(meta, dict):
        raise LoisError("en-tête YAML invalide : un dictionnaire est attendu", path, 2)
    offset = m.group(0).count("\n")
    return meta, text[m.end():], offset


H1 = re.compile(r"^Loi\s+(\d{1,3})(?:\s+[—–-]\s+(.+))?$")
H2 = re.compile(r"^([A-Z])\.\s+(\S.*)$")
SUB = re.compile(r"^\(([a-z]{1,5})\)\s*")
SUITE = re.compile(r"<!--\s*suite\s*:\s*([A-Z0-9a-z()]+)\s*-->")


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


def parse_law(text: str, path: str) -> Law:
    """Parse one master law file. Raises LoisError (French, file and line) on bad structure."""
    meta, body, offset = split_front_matter(text, path)
    law_no = meta.get("law")
    if not isinstance(law_no, int) or not 1 <= law_no <= 93:
        raise LoisError(f"numéro de loi invalide dans l'en-tête : « {law_no} » (1 à 93 attendu)", path, 2)
    parser = md()
    env: dict = {}
    tokens = parser.parse(body, env)
    root = Provision(law_no, (), "law", meta.get("title"), path, 1 + offset)
    current = root
    seen: dict[tuple, int] = {}
    saw_h1 = False
    footnotes: dict[str, str] = {}

    def line_of(tok) -> int:
        return (tok.map[0] + 1 + offset) if tok.map else offset + 1

    def add(parent: Provision, key: str, level: str, title: str | None, line: int) -> Provision:
        p = Provision(law_no, parent.path + (key,), level, title, path, line, parent=parent)
        if p.path in seen:
            raise LoisError(f"identifiant {p.id} utilisé deux fois (déjà défini ligne {seen[p.path]})", path, line)
        seen[p.path] = line
        parent.children.append(p)
        parent.blocks.append(Block("child", line=line, child=p))
        return p

    def ancestor(level: str) -> Provision:
        """The deepest open provision strictly above `level`."""
        target = LEVELS.index(level) - 1
        node = current
        while LEVELS.index(node.level) > target:
            node = node.parent
        if LEVELS.index(node.level) < target:
            return None
        return node

    i = 0
    in_footnote = 0
    fn_label = ""
    while i < len(tokens):
        tok = tokens[i]
        line = line_of(tok)
        if tok.type == "footnote_block_open":
            in_footnote += 1
        elif tok.type == "footnote_block_close":
            in_footnote -= 1
        if in_footnote:
            if tok.type == "footnote_open":
                fn_label = str(tok.meta.get("label", tok.meta.get("id")))
                footnotes[fn_label] = ""
            elif tok.type == "inline" and footnotes:
                footnotes[fn_label] = (footnotes[fn_label] + " " + _inline_plain(tok.children or [], True)).strip()
            i += 1
            continue
        if tok.type == "heading_open":
            inline = tokens[i + 1]
            content = inline.content.strip()
            if tok.tag == "h1":
                m = H1.match(content)
                if not m or int(m.group(1)) != law_no:
                    raise LoisError(f"titre de loi invalide : « {content} » (attendu « Loi {law_no} — Titre »)", path, line)
                if saw_h1:
                    raise LoisError("deux titres de loi (« # ») dans le même fichier", path, line)
                saw_h1 = True
            elif tok.tag == "h2":
                m = H2.match(content)
                if not m or m.group(1) > "L":
                    raise LoisError(f"titre de section invalide : « {content} » (attendu « ## A. Titre »)", path, line)
                current = add(root, m.group(1), "section", m.group(2).strip(), line)
            else:
                raise LoisError(f"niveau de titre non prévu ({tok.markup}) dans un texte de loi : « {content} »", path, line)
            i += 3
            continue
        if tok.type == "html_block":
            m = SUITE.search(tok.content)
            if tok.content.lstrip().startswith("<!--") and "-->" not in tok.content:
                raise LoisError("commentaire HTML non fermé : « <!-- » sans « --> » (la suite du texte "
                                "serait perdue)", path, line)
            if not COMMENTS_ONLY.fullmatch(tok.content):
                # raw HTML in a law text is never markup: it is kept as text, shown as typed (render_inline.py)
                text = Token("text", "", 0)
                text.content = " ".join(tok.content.split())
                current.blocks.append(Block("text", tokens=[text], line=line, source=tok.content))
                i += 1
                continue
            if m:
                target = tuple(re.findall(r"[A-Z]|\d+|[a-z]+", m.group(1)))
                node = root
                for part in target:
                    node = next((c for c in node.children if c.path[-1] == part), None)
                    if node is None:
                        raise LoisError(f"« suite : {m.group(1)} » : provision inconnue", path, line)
                current = node
            i += 1
            continue
        if tok.type == "list_item_open" and tok.markup in (".", ")") and tok.info:
            parent = ancestor("paragraph")
            if parent is None:
                parent = root
            if parent.level == "law" and any(c.level == "section" for c in root.children):
                raise LoisError(f"paragraphe {tok.info}. hors d'une section", path, line)
            current = add(parent, tok.info, "paragraph", None, line)
            i += 1
            continue
        if tok.type == "paragraph_open":
            inline = tokens[i + 1]
            children = [t for t in (inline.children or []) if not (t.type == "text" and not t.content)]
            plain = _inline_plain(children)
            # a paragraph made only of bold text, first in a paragraph provision: its title
            if (current.level == "paragraph" and not current.blocks and current.title is None
                    and len(children) == 3 and children[0].type == "strong_open"):
                current.title = children[1].content.strip()
                i += 3
                continue
            # sub-point markers, possibly several in a row (« 1. (a) »)
            m = SUB.match(plain)
            if m:
                mark = m.group(1)
                level = "item" if _is_roman(mark, current) else "subpoint"
                parent = ancestor(level)
                if parent is None:
                    raise LoisError(f"sous-point ({mark}) sans paragraphe ou sous-point parent", path, line)
                current = add(parent, mark, level, None, line)
                children = _strip_prefix(children, len(m.group(0)))
            if children and _inline_plain(children).strip():
                current.blocks.append(Block("text", tokens=children, line=line, source=inline.content))
            i += 3
            continue
        if tok.type == "bullet_list_open":
            items = []
            j = i + 1
            depth = 1
            while depth:
                t = tokens[j]
                if t.type == "bullet_list_open":
                    depth += 1
                elif t.type == "bullet_list_close":
                    depth -= 1
                elif t.type == "inline":
                    items.append(t.children or [])
                j += 1
            current.blocks.append(Block("bullets", tokens=items, line=line))
            i = j
            continue
        if tok.type == "table_open":
            j = i
            while tokens[j].type != "table_close":
                j += 1
            lines = body.split("\n")[tok.map[0]:tok.map[1]]
            current.blocks.append(Block("table", source="\n".join(lines), line=line))
            i = j + 1
            continue
        i += 1
    if not saw_h1:
        raise LoisError(f"titre de loi manquant (« # Loi {law_no} — Titre »)", path, offset + 1)
    law = Law(law_no, meta.get("title"), meta, root, path, footnotes)
    for p in root.walk():
        finish(p)
    return law


def _is_roman(mark: str, current: Provision) -> bool:
    if not ROMAN.match(mark):
        return False
    # « (i) » after « (h) » is a letter; inside a sub-point it is a roman numeral
    node = current
    while node.level not in ("subpoint", "item", "paragraph", "section", "law"):
        node = node.parent
    if node.level in ("subpoint", "item"):
        if node.level == "subpoint" and node.parent and mark == "i":
            siblings = [c.path[-1] for c in node.parent.children if c.level == "subpoint"]
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
    """Compute the provision's own plain text and where each block starts in it."""
    parts = []
    pos = 0
    p.block_offsets = []
    for b in p.blocks:
        if b.kind == "text":
            s = _inline_plain(b.tokens).strip()
            p.block_offsets.append((b, pos, s))
            parts.append(s)
            pos += len(s) + 1
        elif b.kind == "bullets":
            for item in b.tokens:
                s = _inline_plain(item).strip()
                p.block_offsets.append((b, pos, s))
                parts.append(s)
                pos += len(s) + 1
        elif b.kind == "table":
            s = b.source
            p.block_offsets.append((b, pos, s))
            parts.append(s)
            pos += len(s) + 1
    p.text = "\n".join(parts)


def parse_commentary(text: str, path: str) -> Commentary:
    meta, body, offset = split_front_matter(text, path)
    for key in ("id", "title", "laws"):
        if not meta.get(key):
            raise LoisError(f"champ « {key} » manquant dans l'en-tête du commentaire", path, 2)
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", str(meta["id"])):
        raise LoisError(f"identifiant « {meta['id']} » invalide : minuscules, chiffres et tirets", path, 2)
    laws = meta["laws"]
    if not isinstance(laws, list) or not all(isinstance(x, int) and 1 <= x <= 93 for x in laws):
        raise LoisError("« laws » doit être une liste de numéros de loi (1 à 93)", path, 2)
    c = Commentary(str(meta["id"]), meta["title"], meta.get("author"), laws, meta, path, body,
                   provisions=[str(x) for x in meta.get("provisions") or []])
    tokens = md().parse(body)
    c.tokens = tokens
    c.text = "\n".join(_inline_plain(t.children or []) for t in tokens if t.type == "inline")
    return c


def read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise LoisError(f"lecture impossible : {exc.strerror}", str(path)) from None
    if not data.strip():
        raise LoisError("fichier vide", str(path), 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LoisError("encodage invalide : le fichier doit être en UTF-8", str(path), line) from None
