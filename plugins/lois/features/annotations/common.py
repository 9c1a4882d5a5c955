"""Shared helpers of the annotation loaders (the provisions a file cites are resolved by its schema:
lois.core.schemas.Provisions)."""
from __future__ import annotations

from pathlib import Path

from lois.core.corpus import Model
from lois.core.yamlfile import YamlDoc, load_yaml, validate  # noqa: F401 (the loaders import load_yaml from here)


Located = YamlDoc  # YAML data with the line of every key and item (lois.core.yamlfile)


def entries_of(loc: Located, schema, what: str, model: Model) -> tuple[Located, list]:
    """A parsed YAML file holding a list of entries (glossary, situations), and its entries checked by `schema`
    (their provisions resolved in `model`); no entries when the file is empty."""
    if loc.data is None:
        return loc, []
    return loc, validate(loc, schema, what=what, context={"model": model})


def derive_entries(kind: str, path: Path, read, model: Model):
    """``read(loc)``, ``loc`` the parsed file at ``path`` (absent: None), kept for these bytes and this model from
    one reading of the corpus to the next (lois.core.filememo: `mkdocs serve`, `lois verifie`); what ``read`` adds
    to ``model.unfounded`` is kept with it. ``read`` reads nothing but the file and the model."""
    from functools import partial

    from lois.core import filememo

    if not path.exists():
        return read(None)
    return filememo.derive(kind, path, partial(_parsed_then, read, path), against=model, model=model)


def _parsed_then(read, path: Path, text: str):
    from lois.core.yamlfile import parse_yaml

    return read(parse_yaml(text, str(path)))
