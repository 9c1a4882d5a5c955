"""Shared helpers: YAML with line numbers, provision ids that must resolve."""
from __future__ import annotations

from pathlib import Path

import yaml

from lois.core.cite import format_id, parse_provision_id
from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.ids import law_of  # noqa: F401  (re-exported for the annotation pages)
from lois.core.parse import YAML_LOADER, read_text


class Located:
    """YAML data plus the line of every mapping key / sequence item: `lines[("auction", "calls", 2)]`."""

    def __init__(self, data, lines: dict[tuple, int], path: str):
        self.data, self.lines, self.path = data, lines, path

    def line(self, *keys) -> int:
        keys = tuple(keys)
        while keys and keys not in self.lines:
            keys = keys[:-1]
        return self.lines.get(keys, 1)

    def error(self, message: str, *keys) -> LoisError:
        return LoisError(message, self.path, self.line(*keys))


def load_yaml(path: Path) -> Located:
    text = read_text(path)
    loader = YAML_LOADER(text)
    try:
        node = loader.get_single_node()  # parsed once: the nodes give the lines, then the data
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "syntaxe invalide"
        raise LoisError(f"YAML invalide : {problem}", str(path), mark.line + 1 if mark else None) from None
    finally:
        loader.dispose()
    lines: dict[tuple, int] = {}

    def walk(n, keys):
        if n is None:
            return
        lines.setdefault(keys, n.start_mark.line + 1)
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                key = keys + (k.value,)
                lines[key] = k.start_mark.line + 1
                walk(v, key)
        elif isinstance(n, yaml.SequenceNode):
            for i, v in enumerate(n.value):
                lines[keys + (i,)] = v.start_mark.line + 1
                walk(v, keys + (i,))

    walk(node, ())
    return Located(data, lines, str(path))


def resolve_id(model: Model, raw) -> str | None:
    """Canonical id of `raw` if it names a provision of the corpus, a stub, or a law whose stub page exists."""
    ref = parse_provision_id(str(raw))
    if ref is None or ref.law is None:
        return None
    pid = format_id(ref.law, tuple(ref.path))
    if pid in model.provisions or pid in model.stubs:
        return pid
    if ref.law not in model.laws and ref.law in model.stub_laws():
        return pid  # provision of a law not in the corpus: the link lands on the law's stub page
    return None


def check_provisions(model: Model, loc: Located, key: str = "provisions", required: bool = True,
                     base: tuple = ()) -> list[str]:
    raw = loc.data
    for k in base:
        raw = raw[k]
    values = raw.get(key) if isinstance(raw, dict) else None
    if values is None:
        if required:
            raise loc.error(f"champ « {key} » manquant : citez au moins une provision (ex. « 27B1(b) »)", *base)
        return []
    if isinstance(values, (str, int)):
        values = [values]
    if not isinstance(values, list) or (required and not values):
        raise loc.error(f"« {key} » doit être une liste de provisions (ex. [27B1(b), 23A3])", *base, key)
    out = []
    for i, v in enumerate(values):
        pid = resolve_id(model, v)
        if pid is None:
            raise loc.error(f"provision « {v} » introuvable dans le corpus (ni texte, ni loi citée)", *base, key, i)
        out.append(pid)
    return out

