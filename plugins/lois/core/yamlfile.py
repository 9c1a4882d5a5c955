"""The project's one YAML loader: line numbers kept, aliases bounded, errors in French with file and line.

``load_yaml(path)`` (a corpus file) and ``parse_yaml(text, path, first_line)`` (a front matter) return a
:class:`YamlDoc`: plain Python data plus the line of every mapping key and sequence item. The document is
composed once (PyYAML's nodes, libyaml's parser when available); the data is then built from the nodes here,
so that a recursive alias (``&a [50, *a]``) is refused instead of recursing, and an alias bomb (aliases of
aliases doubling the document at each level) is refused as soon as the expanded document passes
:data:`MAX_NODES` values, in milliseconds. Duplicate keys are refused (PyYAML keeps the last one silently).

``validate(doc, Schema)`` checks the data against a pydantic schema (declared once per kind of file, in the
module that loads that kind of file) and turns the first error into a French :class:`LoisError` with the
file and the line of the offending value.
"""
from __future__ import annotations

import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

import pydantic
import yaml
from pydantic_core import PydanticCustomError

from lois.core.errors import LoisError
from lois.core.displayed import INVISIBLE as DISPLAYED_INVISIBLE
from lois.core.terminal import INVISIBLE

# libyaml's parser when PyYAML has it (the same resolver and types, ~10× faster), else the pure-Python one
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_BYTES = 2_000_000  # the largest corpus file is ~20 kB
MAX_NODES = 200_000  # values in the expanded document (aliases counted each time they are used)
MAX_ALIASES = 100  # uses of « *ancre » in one document
MAX_DEPTH = 60


@dataclass
class YamlDoc:
    """YAML data plus the line of every mapping key / sequence item: ``lines[("auction", "calls", 2)]``."""

    data: Any
    path: str
    lines: dict[tuple, int] = field(default_factory=dict)
    # a text written over several lines of the file (« question: > » and the lines below): where each of its
    # lines starts in the value, (offset, line), for the line of a citation inside it (:meth:`text_lines`)
    texts: dict[tuple, list[tuple[int, int]]] = field(default_factory=dict)

    def line(self, *keys) -> int:
        keys = tuple(keys)
        while keys and keys not in self.lines:
            keys = keys[:-1]
        return self.lines.get(keys, 1)

    def error(self, message: str, *keys) -> LoisError:
        return LoisError(message, self.path, self.line(*keys))

    def text_lines(self, *keys) -> list[tuple[int, int]]:
        """Where the lines of the text value at ``keys`` start: (offset in the value, line of the file); the line of
        the key alone for a text on one line."""
        return self.texts.get(tuple(keys)) or [(0, self.line(*keys))]

    def at(self, *keys) -> "YamlDoc":
        """The sub-document under `keys` (same file, same lines)."""
        data = self.data
        for k in keys:
            data = data[k]
        n = len(keys)
        return YamlDoc(data, self.path, {k[n:]: v for k, v in self.lines.items() if k[:n] == tuple(keys)},
                       {k[n:]: v for k, v in self.texts.items() if k[:n] == tuple(keys)})


def load_yaml(path: Path) -> YamlDoc:
    """Read and parse a corpus YAML file (UTF-8, BOM and CR/CRLF accepted)."""
    from lois.core.parse import read_text  # parse imports this module for front matters

    return parse_yaml(read_text(Path(path)), str(path))


def load_entries(path: Path, entry, named: str, what: str, fields: str) -> tuple["YamlDoc | None", list]:
    """A corpus file that is a list of entries (the register of absent laws, the subject index): ``(None, [])`` when
    it is absent or empty, otherwise the document (its lines, for messages) and its entries validated against the
    class ``entry``. Anything but a list is refused: « ``named`` est une liste d'entrées : ``fields`` »."""
    path = Path(path)
    if not path.exists():
        return None, []
    return entries_in(load_yaml(path), entry, named, what, fields)


def entries_in(doc: YamlDoc, entry, named: str, what: str, fields: str) -> tuple["YamlDoc | None", list]:
    """The entries of a parsed file of entries (:func:`load_entries`)."""
    if doc.data is None:
        return None, []
    if not isinstance(doc.data, list):
        raise doc.error(f"{named} est une liste d'entrées : {fields}")
    return doc, validate(doc, list[entry], what=what)


# Under `mkdocs serve` (:func:`remember_parsed`), each save reads the whole corpus again: a text parsed at a previous
# build is given back as it was parsed, a fresh copy (its reader may change it), without composing it again; one
# entry per file and first line, the text read last
_parsed: dict[tuple[str, int], tuple[tuple, bytes]] | None = None


def remember_parsed(kept: dict | None = None) -> None:
    """Keep each file's last parsed text and document from now on (a process that reads the corpus again and again);
    ``kept``: what :func:`remembered` gave an earlier process (lois.core.filememo.restore)."""
    global _parsed
    if kept is not None:
        _parsed = kept
    elif _parsed is None:
        _parsed = {}


def remembered() -> dict:
    """The texts parsed and kept (:func:`remember_parsed`)."""
    return dict(_parsed or {})


def forget_parsed() -> None:
    global _parsed
    _parsed = None


def parse_yaml(text: str, path: str, first_line: int = 1) -> YamlDoc:
    """Parse `text` (which starts at line `first_line` of `path`: a front matter starts at line 2)."""
    if _parsed is None:
        return _parse_yaml(text, path, first_line)
    read = (text, YAML_LOADER, MAX_BYTES, MAX_NODES, MAX_ALIASES, MAX_DEPTH)  # the text, under the same rules
    kept = _parsed.get((path, first_line))
    if kept is not None and kept[0] == read:
        return pickle.loads(kept[1])
    doc = _parse_yaml(text, path, first_line)
    _parsed[(path, first_line)] = (read, pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL))
    return doc


def _parse_yaml(text: str, path: str, first_line: int) -> YamlDoc:
    if len(text) > MAX_BYTES:
        raise LoisError(f"fichier YAML trop grand ({len(text)} caractères, au plus {MAX_BYTES})", path, first_line)
    # PyYAML would stop at line 1 with « special characters are not allowed », or count lines its way
    check_visible(text, path, first_line)
    loader = YAML_LOADER(text)
    try:
        node = loader.get_single_node()
        doc = YamlDoc(None, path)
        if node is not None:
            doc.data = _Builder(loader, doc, first_line, text).build(node, (), 0)
        return doc
    except yaml.YAMLError as exc:
        problem = french_yaml_problem(exc)
        # an unclosed bracket or quote is reported where the parser gave up: name the line where it opened
        marks = ("context_mark", "problem_mark") if "non fermé" in problem else ("problem_mark", "context_mark")
        mark = getattr(exc, marks[0], None) or getattr(exc, marks[1], None)
        line = mark.line + first_line if mark is not None else first_line
        raise LoisError(f"YAML invalide : {problem}", path, line) from None
    finally:
        loader.dispose()


_STR = "tag:yaml.org,2002:str"

# Characters nobody means to type in a corpus file, invisible on screen (lois.core.terminal.INVISIBLE): control
# characters (tab and line end aside; an escape sequence would reach the terminal), Unicode line separators (YAML
# counts them as line ends, an editor does not), bidirectional overrides (they reorder what is shown),
# non-characters and lone surrogates; and the invisible format characters the citation scanner and the search skip
# (lois.core.displayed.INVISIBLE: zero-width space, soft hyphen, direction marks, a BOM inside the text), which
# would make two words that look the same differ (an id, a term, « next: »).
_REFUSED = f"{INVISIBLE}{DISPLAYED_INVISIBLE}"
_TEXT_INVISIBLE = re.compile(f"[{_REFUSED}]")
# the same characters written as an HTML character reference (« &#x202E; », « &#27; », « &shy; »): Markdown and the
# page decode them into the character itself
_CHAR_REF = re.compile(r"&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});")


def _invisible_name(ch: str) -> str:
    code = f"U+{ord(ch):04X}"
    if ch in "\u2028\u2029\x85":
        return f"saut de ligne Unicode {code} interdit (invisible, il décale les numéros de ligne)"
    if "\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069":
        return f"caractère de contrôle bidirectionnel {code} interdit (il change l'ordre du texte affiché)"
    if ch in "\ufffe\uffff" or "\ud800" <= ch <= "\udfff":
        return f"caractère {code} interdit (ce n'est pas un caractère Unicode)"
    if ch in DISPLAYED_INVISIBLE:
        return f"caractère invisible {code} ({_unicode_name(ch)}) interdit"
    return f"caractère de contrôle {code} interdit (invisible à l'écran)"


def _unicode_name(ch: str) -> str:
    import unicodedata

    return unicodedata.name(ch, "sans nom").lower()


def _referenced(ref: str) -> str | None:
    """The refused character an HTML character reference stands for, if any."""
    import html

    if ref[1] == "#":
        digits = ref[2:-1]
        try:
            code = int(digits[1:], 16) if digits[:1] in "xX" else int(digits)
            ch = chr(code)
        except (ValueError, OverflowError):
            return None
    else:
        ch = html.unescape(ref)
        if ch == ref or len(ch) != 1:
            return None
    return ch if _TEXT_INVISIBLE.fullmatch(ch) else None


def check_visible(text: str, path: str, first_line: int = 1) -> None:
    """Refuse a corpus text (a whole file, YAML or Markdown) holding an invisible character, as it is or written as
    an HTML character reference (« &#x202E; »): LoisError naming the character, its line and column."""
    bad = _TEXT_INVISIBLE.search(text)
    at, what = (bad.start(), _invisible_name(bad.group())) if bad else (len(text), "")
    if "&" in text:
        for ref in _CHAR_REF.finditer(text, 0, at):
            ch = _referenced(ref.group())
            if ch is not None:
                at, what = ref.start(), f"« {ref.group()} » : {_invisible_name(ch)}"
                break
    if what:
        line = text.count("\n", 0, at) + first_line
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        raise LoisError(f"{what}, colonne {column} : supprimez-le", path, line)


def invisible_problem(value: str) -> str | None:
    """A text value holding an invisible character (written as an escape between double quotes: « \\x07 »,
    « \\0 », « \\L »): what it is, in French; None when there is none."""
    bad = _TEXT_INVISIBLE.search(value)
    return f"{_invisible_name(bad.group())}, position {bad.start() + 1} du texte" if bad else None


class _Builder:
    """Plain data from composed nodes, with lines; refuses recursion, too many aliases or values."""

    def __init__(self, loader, doc: YamlDoc, first_line: int, text: str = ""):
        self.loader, self.doc, self.first, self.text = loader, doc, first_line, text
        # a node met twice is an alias, and an alias needs an anchor (« &nom »): without « & » in the text, every
        # node is met once and there is nothing to watch (most corpus files)
        self.anchors = not text or "&" in text
        self.seen: set[int] = set()
        self.open: set[int] = set()
        self.count = 0
        self.aliases = 0

    def fail(self, message: str, node) -> LoisError:
        return LoisError(message, self.doc.path, node.start_mark.line + self.first)

    def build(self, node, keys: tuple, depth: int):
        self.count += 1
        if self.count > MAX_NODES:
            raise self.fail(f"document YAML trop grand une fois les alias développés (plus de {MAX_NODES} "
                            "valeurs) : alias en cascade refusés", node)
        if depth > MAX_DEPTH:
            raise self.fail(f"imbrication YAML trop profonde (plus de {MAX_DEPTH} niveaux)", node)
        if self.anchors:
            if id(node) in self.open:
                raise self.fail("alias récursif : une ancre (« &nom ») est utilisée à l'intérieur d'elle-même "
                                "(« *nom »)", node)
            if id(node) in self.seen and not isinstance(node, yaml.ScalarNode):
                self.aliases += 1
                if self.aliases > MAX_ALIASES:
                    raise self.fail(f"trop d'alias (« *nom ») : au plus {MAX_ALIASES} par fichier", node)
            self.seen.add(id(node))
        if not keys:  # a key or an item: its line is set where it is met (mapping, sequence)
            self.doc.lines.setdefault(keys, node.start_mark.line + self.first)
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node)
            if node.tag == _STR and node.end_mark.line > node.start_mark.line and self.text:
                self.doc.texts.setdefault(keys, value_lines(value, self.text, node.start_mark.index,
                                                             node.end_mark.index, node.start_mark.line + self.first))
            return value
        if node.tag not in _SAFE_TAGS:
            raise self.fail(f"étiquette YAML « {node.tag} » non permise", node)
        if not self.anchors:
            if isinstance(node, yaml.SequenceNode):
                return self.sequence(node, keys, depth)
            return self.mapping(node, keys, depth)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return self.sequence(node, keys, depth)
            return self.mapping(node, keys, depth)
        finally:
            self.open.discard(id(node))

    def scalar(self, node):
        if node.tag == _STR:  # most values: the text as written (what SafeLoader's constructor returns for them)
            # an escape between double quotes: « \\x07 », « \\0 » (any other value is made of the text's own
            # characters, which check_visible read)
            problem = invisible_problem(node.value) if node.style == '"' or not self.text else None
            if problem:
                raise self.fail(f"{problem} (écrit entre guillemets avec « \\ ») : supprimez-le", node)
            return node.value
        if node.tag not in _SAFE_TAGS:
            raise self.fail(f"étiquette YAML « {node.tag} » non permise", node)
        if node.tag in _NUMBER_TAGS and not _DECIMAL.fullmatch(node.value):
            # YAML 1.1 reads « 010 » as 8, « 1:04 » as 64, « 6_4 » as 64, « 0x40 » as 64: never what was meant
            raise self.fail(f"nombre « {node.value} » écrit autrement qu'en chiffres décimaux (YAML le lirait "
                            f"{_yaml_reading(self.loader, node)}) : écrivez-le en chiffres, sans zéro en tête ni "
                            "« _ » ni « : », ou entre guillemets si c'est un texte", node)
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError, yaml.YAMLError):  # « 2026-13-45 », « 2026-02-30 »: no such date
            what = "date" if node.tag.endswith("timestamp") else "valeur"
            raise self.fail(f"{what} « {node.value} » impossible : corrigez-la, ou mettez-la entre guillemets si "
                            "c'est un texte", node) from None

    def sequence(self, node, keys: tuple, depth: int) -> list:
        out = []
        for i, item in enumerate(node.value):
            self.doc.lines[keys + (i,)] = item.start_mark.line + self.first
            out.append(self.build(item, keys + (i,), depth + 1))
        return out

    def mapping(self, node, keys: tuple, depth: int) -> dict:
        if any(k.tag == "tag:yaml.org,2002:merge" for k, _ in node.value):
            raise self.fail("clé de fusion YAML (« << ») non permise : écrivez les champs", node)
        out: dict = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise self.fail("clé invalide : une clé doit être un texte simple", knode)
            key = self.scalar(knode)
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                raise self.fail(f"clé « {knode.value} » invalide : YAML la lit comme {_key_reading(key)} ; une clé "
                                "est un texte ou un nombre entier : mettez-la entre guillemets", knode)
            if key in out:
                raise self.fail(f"clé « {key} » en double", knode)
            self.doc.lines[keys + (key,)] = knode.start_mark.line + self.first
            out[key] = self.build(vnode, keys + (key,), depth + 1)
        return out


def _key_reading(key) -> str:
    """What YAML made of a key that is neither a text nor a whole number (« ~ », « on », « 63.5 », « 2026-01-01 »)."""
    if key is None:
        return "rien (null)"
    if isinstance(key, bool):
        return "« vrai »" if key else "« faux »"
    if isinstance(key, float):
        return "un nombre à virgule"
    return "une date"


def value_lines(value: str, text: str, start: int, end: int, line: int) -> list[tuple[int, int]]:
    """Where each line of the file holding a scalar (``text[start:end]``, from ``line``) starts in its value: the
    value's visible characters are found in the source in order (folded « > », literal « | », plain or quoted
    text); past an escape the source does not write as the value, the lines found so far are kept.

    Nearly every value is written word for word in its source, between a block header (« > », « |- ») or quotes
    (« '' » for « ' »): then each line's first word gives the line's start, the words of the whole value compared
    at once; any other value is read character by character (:func:`value_lines_by_chars`)."""
    source = text[start:end]
    if source[:1] == "'":
        source = source[1:-1].replace("''", "'")
    elif source[:1] == '"' and "\\" not in source:
        source = source[1:-1]
    words = [ln.split() for ln in source.split("\n")]
    if len(words[0]) == 1 and _BLOCK_HEADER.fullmatch(words[0][0]):
        words[0] = []
    # a line whose first word starts like a header, a quote or an escape could have it found on the line before
    if [w for ws in words for w in ws] != value.split() or any(ws and ws[0][0] in _SKIPPED for ws in words):
        return value_lines_by_chars(value, text, start, end, line)
    offsets = [m.start() for m in _VISIBLE_RUN.finditer(value)]
    starts = [(0, line)]
    n = 0
    for k, ws in enumerate(words):
        if ws:
            if k:
                starts.append((offsets[n], line + k))
            n += len(ws)
    return starts


def value_lines_by_chars(value: str, text: str, start: int, end: int, line: int) -> list[tuple[int, int]]:
    """:func:`value_lines` for any value: its visible characters found in the source in order. A run of visible
    characters written as it is in the source is found at once, the others character by character."""
    starts = [(0, line)]
    j = start
    for run in _VISIBLE_RUN.finditer(value):
        for i, ch in enumerate(run.group(), run.start()):
            k = j
            while k < end and text[k] != ch and (text[k].isspace() or text[k] in _SKIPPED):
                k += 1
            if k >= end or text[k] != ch:
                return starts
            line += text.count("\n", j, k)
            if line > starts[-1][1]:
                starts.append((i, line))
            j = k + 1
            rest = run.end() - i - 1
            if rest and text.startswith(value[i + 1:run.end()], j, end):
                j += rest  # the rest of the run, as written: no line starts inside it (it holds no space)
                break
    return starts


_VISIBLE_RUN = re.compile(r"\S+")
# besides spaces, what the source may write around a value's characters: escapes, quotes, block headers
_SKIPPED = "\\\"'>|-+"
_BLOCK_HEADER = re.compile(r"[|>][-+]?")  # « > », « |- »… (an indentation digit is read character by character)


_SAFE_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map")}
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
# a number as people write it: decimal digits, no leading zero, a decimal point or an exponent; « .inf », « .nan »
# (refused by the schemas as numbers that are not)
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")


def _yaml_reading(loader, node) -> str:
    try:
        return f"comme {loader.construct_object(node, deep=True)}"
    except (ValueError, OverflowError, yaml.YAMLError):
        return "autrement"

# PyYAML's (English) problem descriptions → French. Checked in order; the first pattern that matches wins.
_PROBLEMS: list[tuple[str, str]] = [
    (r"found character '\\t'", "tabulation interdite : indentez avec des espaces"),
    (r"mapping values are not allowed", "« : » inattendu : mettez ce texte entre guillemets ou corrigez "
                                        "l'indentation"),
    (r"could not find expected ':'", "« : » attendu après une clé (clé: valeur)"),
    (r"did not find expected key", "clé attendue : indentation incohérente ou texte sans « clé: »"),
    (r"did not find expected '-'", "« - » attendu : indentation incohérente dans une liste"),
    (r"did not find expected node content", "valeur attendue"),
    (r"did not find expected ',' or '\]'", "« , » ou « ] » attendu : crochet non fermé ?"),
    (r"did not find expected ',' or '\}'", "« , » ou « } » attendu : accolade non fermée ?"),
    (r"expected ',' or '\]'", "« , » ou « ] » attendu : crochet non fermé ?"),
    (r"expected ',' or '\}'", "« , » ou « } » attendu : accolade non fermée ?"),
    (r"found undefined alias|found undefined anchor", "alias (« *nom ») sans ancre (« &nom ») correspondante"),
    (r"found duplicate anchor", "ancre (« &nom ») définie deux fois"),
    (r"found unexpected end of stream", "fin du fichier inattendue : guillemet, crochet ou accolade non fermé ?"),
    (r"found unknown escape character", "séquence d'échappement inconnue entre guillemets (« \\ »)"),
    (r"but found another document", "un seul document YAML par fichier (« --- » en trop ?)"),
    (r"could not determine a constructor", "étiquette YAML (« ! ») non permise"),
    (r"found unhashable key", "clé invalide : une clé doit être un texte simple"),
    (r"block sequence entries are not allowed", "« - » inattendu : une liste ne peut pas commencer ici"),
    (r"found unexpected ':'", "« : » inattendu"),
    (r"found a tab character", "tabulation interdite : indentez avec des espaces"),
    (r"cannot start any token", "caractère qui ne peut pas commencer une valeur : mettez le texte entre guillemets"),
    (r"control characters are not allowed|special characters are not allowed",
     "caractère de contrôle interdit dans le fichier"),
    (r"expected alphabetic or numeric character", "nom d'ancre ou d'alias invalide"),
    (r"expected <document start>", "contenu inattendu après la fin du document"),
    (r"found incompatible YAML document|found duplicate %YAML directive|found unknown directive",
     "directive YAML (« % ») non permise"),
    (r"expected a comment or a line break", "texte inattendu en fin de ligne"),
    (r"expected the node content", "valeur attendue"),
    (r"invalid leading UTF-8 octet|invalid trailing UTF-8 octet|unacceptable character",
     "caractère non permis dans un fichier YAML"),
    (r"exceeded maximum nesting depth", "imbrication YAML trop profonde (des centaines de crochets ou d'accolades "
                                        "ouverts)"),
    (r"found invalid Unicode character escape code", "« \\u… » entre guillemets qui n'est pas un caractère Unicode"),
    (r"while parsing a quoted scalar|found unexpected end of stream", "guillemet non fermé"),
]


def french_yaml_problem(exc: yaml.YAMLError) -> str:
    problem = str(getattr(exc, "problem", None) or "")
    context = str(getattr(exc, "context", None) or "")
    for text in (problem, context):  # the problem first; else its context (« found duplicate anchor; … »)
        for pattern, french in _PROBLEMS:
            if text and re.search(pattern, text):
                return french
    return "syntaxe YAML invalide"


# --------------------------------------------------------------------------- schemas

class Schema(pydantic.BaseModel):
    """Base of the corpus schemas: no unknown key, no silent conversion (« 50 » is not 50, true is not 1). Each
    schema's validator is built at its first use (``defer_build``), not when its module is imported: `lois verifie`
    after a save validates one file, and unpickles the others' objects (lois.core.filememo), which needs none."""

    model_config = pydantic.ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


_T = TypeVar("_T")


def _not_in_file(value):
    raise PydanticCustomError("extra_forbidden", "Extra inputs are not permitted")


# A field of a schema that loading fills (a line, a text made one line), never read from the file: written there,
# it is an unknown key like any other. The schema is then the one class of what it describes, file and loaded
# (``entry.model_copy(update={"line": …})``), instead of a schema and a « loaded » class beside it.
Loaded = Annotated[_T, pydantic.BeforeValidator(_not_in_file)]


_CORPUS, _STRUCTURE = "lois_corpus", "lois_structure"
_LATER = {_CORPUS: 1, _STRUCTURE: 2}  # reported after the errors of form, in this order


def corpus_error(message: str, *keys) -> PydanticCustomError:
    """An error a schema's validator finds against the corpus (given as the validation's context: a cited
    provision that does not resolve), reported as written, at the line of the value (`keys` below the field),
    once the file has no error of form."""
    return PydanticCustomError(_CORPUS, "{message}", {"message": message, "keys": keys})


def structure_error(message: str, *keys) -> PydanticCustomError:
    """An error a schema's validator finds between values that are each valid (an id defined twice, a choice
    leading nowhere), reported as written, at the line of the value (`keys` below the field), once the file has no
    error of form and none against the corpus (:func:`corpus_error`)."""
    return PydanticCustomError(_STRUCTURE, "{message}", {"message": message, "keys": keys})


def validate(doc: YamlDoc, schema, *keys, what: str = "", context: dict | None = None):
    """`doc.data` (or its part under `keys`) checked against `schema` (a :class:`Schema`, or a type such as
    ``list[Entry]``); the first error as a French LoisError with the line of the offending value. `context`
    goes to the schema's validators (``{"model": model}``: the provisions a file cites are resolved then)."""
    data = doc.data
    for k in keys:
        data = data[k]
    try:
        return _adapter(schema).validate_python(data, strict=True, context=context)
    except pydantic.ValidationError as exc:
        # pydantic's ErrorDetails, each with its location without union members ("plain"); the errors found
        # against the corpus after those of form, then those of structure
        errors: list[dict[str, Any]] = [{**e, "plain": _plain_loc(e["loc"], data)}
                                        for e in exc.errors(include_url=False)]
        errors.sort(key=lambda e: _LATER.get(e["type"], 0))
        err = errors[0]
        if err["type"] in _LATER:
            raise doc.error(err["ctx"]["message"], *keys, *err["plain"], *err["ctx"]["keys"]) from None
        first = err["plain"]
        # a union whose table member was chosen by the writer ({ call: … }): report what is wrong inside it
        deeper = [e for e in errors if len(e["plain"]) > len(first) and e["plain"][:len(first)] == first]
        err = deeper[0] if deeper else err
        err = _misspelt(err, errors)
        loc = tuple(keys) + err["plain"]
        alternatives = [e for e in errors if e["plain"] == err["plain"] and e["type"] in _KINDS]
        if len(alternatives) > 1:  # a union (« 1♥ » or { call: 1♥ }): every member refused the value's type
            kinds = list(dict.fromkeys(_KINDS[e["type"]] for e in alternatives))
            value = err.get("input")
            found = _shown(value) if isinstance(value, (dict, list)) else f"« {_shown(value)} »"
            message = (f"{what + ' : ' if what else ''}{_field(loc)} : {found} n'est pas permis ici "
                       f"(attendu : {', '.join(kinds[:-1])} ou {kinds[-1]})")
            raise doc.error(message, *loc) from None
        if "[key]" in err["loc"]:  # a mapping key of the wrong kind (« '50': » where a law number is expected)
            parent = [str(x) for x in loc[:-1] if not isinstance(x, int)]
            reason = _french_error(err, loc, "").split(" : ", 1)[-1] if err["type"] in ("value_error",
                                                                                      "assertion_error") \
                else _TYPES.get(err["type"], "est invalide")
            message = (f"{what + ' : ' if what else ''}clé « {_shown(err.get('input'))} »"
                       f"{' sous « ' + parent[-1] + ' »' if parent else ''} : {reason}")
            raise doc.error(message, *loc) from None
        raise doc.error(_french_error(err, loc, what), *loc) from None


def _misspelt(err: dict, errors: list[dict]) -> dict:
    """A missing field beside an unknown one (« mean: » written for « means: »): the unknown one is reported,
    naming the missing one."""
    if err["type"] != "missing":
        return err
    parent = err["plain"][:-1]
    for e in errors:
        if e["type"] == "extra_forbidden" and e["plain"][:-1] == parent:
            return {**e, "missing": err["plain"][-1]}
    return err


def _plain_loc(loc, data=None) -> tuple:
    """The keys and indexes of an error's location, without the union members pydantic names in it (nor the
    « [key] » that marks an error on a mapping key). A key or index found in `data` along the way is kept even
    when it looks like a union member (« Toulon », « S x »)."""
    out, cur = [], data
    for x in loc:
        if x == "[key]":
            continue
        try:
            present = (isinstance(cur, dict) and x in cur) or (isinstance(cur, list) and isinstance(x, int)
                                                                and 0 <= x < len(cur))
        except TypeError:
            present = False
        if present:
            out.append(x)
            cur = cur[x]
        elif not _is_union_tag(x):
            out.append(x)
            cur = None
    return tuple(out)


def _field(loc: tuple) -> str:
    names = [str(x) for x in loc if not isinstance(x, int)]
    return f"« {names[-1]} »" if names else "le document"


_KINDS = {"string_type": "un texte", "int_type": "un nombre entier", "bool_type": "true ou false",
          "list_type": "une liste", "dict_type": "une table (clé: valeur)", "model_type": "une table (clé: valeur)",
          "float_type": "un nombre"}


_ADAPTERS: dict = {}


def _adapter(schema) -> pydantic.TypeAdapter:
    key = repr(schema)
    if key not in _ADAPTERS:
        _ADAPTERS[key] = pydantic.TypeAdapter(schema)
    return _ADAPTERS[key]


_TYPES = {
    "string_type": "doit être un texte", "int_type": "doit être un nombre entier",
    "int_parsing": "doit être un nombre entier", "bool_type": "doit valoir true ou false",
    "bool_parsing": "doit valoir true ou false", "list_type": "doit être une liste (entre crochets ou en tirets)",
    "dict_type": "doit être une table (clé: valeur)", "model_type": "doit être une table (clé: valeur)",
    "model_attributes_type": "doit être une table (clé: valeur)", "float_type": "doit être un nombre",
    "none_required": "doit être vide",
    "date_type": "doit être une date (AAAA-MM-JJ)", "date_parsing": "doit être une date (AAAA-MM-JJ)",
}


def _french_error(err: dict, loc: tuple, what: str) -> str:
    """One pydantic error in French, naming the field (its dotted path) and the value found."""
    kind, ctx = err["type"], err.get("ctx") or {}
    names = [str(x) for x in loc if not isinstance(x, int)]
    field_name = _field(loc)
    where = f"{what} : " if what else ""
    value = err.get("input")
    shown = _shown(value)
    if kind == "missing":
        return f"{where}champ « {names[-1] if names else '?'} » manquant"
    if kind == "extra_forbidden":
        missing = f" (champ « {err['missing']} » manquant : faute de frappe ?)" if err.get("missing") else ""
        return f"{where}champ inconnu « {names[-1] if names else '?'} »{missing}"
    if kind in _TYPES:
        return f"{where}{field_name} {_TYPES[kind]} (trouvé : {shown})"
    if kind == "literal_error":
        return f"{where}{field_name} : valeur « {shown} » non permise (permises : {ctx.get('expected', '')})"
    if kind == "string_pattern_mismatch":
        return f"{where}{field_name} : « {shown} » n'a pas la forme attendue"
    if kind in ("too_short", "string_too_short"):
        return f"{where}{field_name} ne doit pas être vide"
    if kind in ("too_long", "string_too_long"):
        return f"{where}{field_name} est trop long"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
        sign = {"greater_than_equal": "au moins", "greater_than": "plus de", "less_than_equal": "au plus",
                "less_than": "moins de"}[kind]
        return f"{where}{field_name} vaut {shown} : {sign} {bound} attendu"
    if kind in ("value_error", "assertion_error"):
        return f"{where}{field_name} : {_custom(err)}"
    return f"{where}{field_name} : valeur invalide (trouvé : {shown})"


def _is_union_tag(x) -> bool:
    """pydantic names the member of a union in `loc` (« str », « function-after[…] », a class name)."""
    return isinstance(x, str) and (x in ("str", "int", "bool", "float", "list", "dict", "none")
                                   or x[:1].isupper() or "[" in x or x.startswith("function-"))


def _custom(err: dict) -> str:
    msg = str(err.get("msg", ""))
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix):]
    return msg


def _shown(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "rien"
    if isinstance(value, dict):
        return "une table"
    if isinstance(value, list):
        return "une liste"
    s = str(value)
    return s if len(s) <= 40 else s[:39] + "…"


__all__ = ["YamlDoc", "load_yaml", "parse_yaml", "validate", "corpus_error", "Schema", "french_yaml_problem",
           "YAML_LOADER", "invisible_problem"]
