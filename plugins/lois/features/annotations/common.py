"""Shared helpers: provision ids that must resolve in the corpus (their form is checked by the schemas)."""
from __future__ import annotations

from pathlib import Path

from lois.core.cite import format_id, parse_provision_id
from lois.core.corpus import Model
from lois.core.ids import law_of  # noqa: F401  (re-exported for the annotation pages)
from lois.core.yamlfile import YamlDoc, load_yaml, validate  # noqa: F401 (the loaders import load_yaml from here)


Located = YamlDoc  # YAML data with the line of every key and item (lois.core.yamlfile)


def load_entries(path: Path, schema, what: str) -> tuple[Located | None, list]:
    """A YAML file holding a list of entries (glossary, situations), and its entries checked by `schema`;
    no entries when the file is absent or empty."""
    if not path.exists():
        return None, []
    loc = load_yaml(path)
    if loc.data is None:
        return loc, []
    return loc, validate(loc, schema, what=what)


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


def check_provisions(model: Model, loc: Located, key: str = "provisions", base: tuple = ()) -> list[str]:
    """The canonical ids of `base` + `key` (one id or a list, already checked by the schema), each of which must
    name a provision of the corpus, a stub, or a law whose stub page exists."""
    raw = loc.data
    for k in base:
        raw = raw[k]
    values = raw.get(key)
    if values is None:
        return []
    single = not isinstance(values, list)
    out = []
    for i, v in enumerate([values] if single else values):
        pid = resolve_id(model, v)
        if pid is None:
            where = (*base, key) if single else (*base, key, i)
            raise loc.error(f"provision « {v} » introuvable dans le corpus (ni texte, ni loi citée)", *where)
        out.append(pid)
    return out

