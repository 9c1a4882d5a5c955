"""Shared helpers of the annotation loaders (the provisions a file cites are resolved by its schema:
lois.core.schemas.Provisions)."""
from __future__ import annotations

from pathlib import Path

from lois.core.corpus import Model
from lois.core.yamlfile import YamlDoc, load_yaml, validate  # noqa: F401 (the loaders import load_yaml from here)


Located = YamlDoc  # YAML data with the line of every key and item (lois.core.yamlfile)


def load_entries(path: Path, schema, what: str, model: Model) -> tuple[Located | None, list]:
    """A YAML file holding a list of entries (glossary, situations), and its entries checked by `schema`
    (their provisions resolved in `model`); no entries when the file is absent or empty."""
    if not path.exists():
        return None, []
    loc = load_yaml(path)
    if loc.data is None:
        return loc, []
    return loc, validate(loc, schema, what=what, context={"model": model})
