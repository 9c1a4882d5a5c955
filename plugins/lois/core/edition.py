"""Facts about the official edition, from ``corpus/edition.yaml``: the French titles of the 93 laws (with where
each was read), the publisher of the official text, and the sections a partial law of the corpus leaves out.

The file is optional: without it, no law has a title beyond the one in its master file. Bad input is a
:class:`LoisError` naming the file and the line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from lois.core.errors import LoisError
from lois.core.ids import LAW_COUNT

FILE = "edition.yaml"


@dataclass
class TitleSource:
    key: str
    url: str | None
    what: str
    read: str | None


@dataclass
class LawTitle:
    law: int
    title: str
    source: TitleSource
    source_text: str | None = None
    page: str | None = None
    accents_restored: bool = False

    @property
    def url(self) -> str | None:
        if self.source.url and self.page:
            return self.source.url.rstrip("/") + "/" + self.page
        return self.source.url


@dataclass
class Edition:
    publisher: dict = field(default_factory=dict)
    sources: dict[str, TitleSource] = field(default_factory=dict)
    titles: dict[int, LawTitle] = field(default_factory=dict)
    partial: dict[int, dict] = field(default_factory=dict)  # law → {"missing": [letters], "note": str}


def _line_of(node: yaml.Node | None) -> int | None:
    return node.start_mark.line + 1 if node is not None else None


def _key_lines(doc: yaml.Node, section: str) -> dict:
    """Line of each key under the top-level mapping `section` (for messages)."""
    out: dict = {}
    if not isinstance(doc, yaml.MappingNode):
        return out
    for k, v in doc.value:
        if k.value == section and isinstance(v, yaml.MappingNode):
            for kk, vv in v.value:
                out[kk.value] = _line_of(kk)
    return out


def load_edition(root: Path) -> Edition:
    path = Path(root) / FILE
    if not path.exists():
        return Edition()
    from lois.core.parse import read_text
    from lois.core.yamlfile import parse_yaml

    text = read_text(path)
    data = parse_yaml(text, str(path)).data  # the one loader: French errors, aliases bounded, no duplicate key
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise LoisError("YAML invalide : " + str(getattr(exc, "problem", "") or "syntaxe"), str(path),
                        (mark.line + 1) if mark else None) from None
    if not isinstance(data, dict):
        raise LoisError("le fichier doit être un dictionnaire (publisher, sources, laws, partial)", str(path), 1)
    ed = Edition(publisher=data.get("publisher") or {})
    src_lines = _key_lines(node, "sources")
    for key, s in (data.get("sources") or {}).items():
        if not isinstance(s, dict) or not s.get("what"):
            raise LoisError(f"source « {key} » : « what » (ce qu'est la source) manquant", str(path), src_lines.get(key))
        ed.sources[key] = TitleSource(key, s.get("url"), str(s["what"]), str(s["read"]) if s.get("read") else None)
    law_lines = _key_lines(node, "laws")
    for n, entry in (data.get("laws") or {}).items():
        line = law_lines.get(str(n))
        title = _title_entry(n, entry, ed, str(path), line)
        if title is not None:
            ed.titles[title.law] = title
    part_lines = _key_lines(node, "partial")
    for n, entry in (data.get("partial") or {}).items():
        line = part_lines.get(str(n))
        if not isinstance(n, int) or not isinstance(entry, dict) or not isinstance(entry.get("missing"), list) \
                or not all(isinstance(x, str) and re.fullmatch(r"[A-H]", x) for x in entry["missing"]):
            raise LoisError(f"loi partielle « {n} » : « missing » doit être une liste de sections (A à H)",
                            str(path), line)
        ed.partial[n] = {"missing": list(entry["missing"]), "note": str(entry.get("note") or "")}
    return ed


def _title_entry(n, entry, ed: Edition, path: str, line: int | None) -> LawTitle | None:
    if not isinstance(n, int) or not 1 <= n <= LAW_COUNT:
        raise LoisError(f"numéro de loi invalide : « {n} » (le Code a les lois 1 à {LAW_COUNT})", path, line)
    if not isinstance(entry, dict):
        raise LoisError(f"Loi {n} : une entrée {{title, source}} est attendue", path, line)
    title = entry.get("title")
    if title is None:
        return None
    if not isinstance(title, str) or not title.strip():
        raise LoisError(f"Loi {n} : le titre doit être un texte", path, line)
    src = entry.get("source")
    if src not in ed.sources:
        raise LoisError(f"Loi {n} : source « {src} » inconnue (déclarez-la sous « sources »)", path, line)
    return LawTitle(n, title.strip(), ed.sources[src], entry.get("source_text"), entry.get("page"),
                    entry.get("accents") == "rétablis")
