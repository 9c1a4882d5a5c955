"""The ruling record (« fiche d'arbitrage »): its schema, declared once here, for every record the site writes
and reads back (assets/lois/fiche.js).

:class:`Record` is the schema. :func:`schema` turns it into the JSON Schema the browser gets at build time
(``assets/lois/fiche-schema.js``, ``window.loisFicheSchema``), with its references inlined, so that fiche.js
validates with a few lines of generic code: every record a checklist or a calculator writes, every record
read from a shared link (``fiches/#f=…``) or from the browser's storage. A record that does not follow it is
shown as « fiche illisible » with what could be kept, never run, never a page error. :func:`validate` is the
same check in Python (tests, fuzzing).

To add a part to the record (for example what the director says to the players), add a field to
:class:`Record` with a default (an old record stays valid), using only the keywords of :data:`KEYWORDS`;
fiche.js keeps it and its ``title`` names it in messages; show it in fiche.js's ``view``.
"""
from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictStr, ValidationError

VERSION: Final = 1
MAX_LINK = 600_000  # characters of a shared link's fragment: far above the largest valid record

# the JSON Schema keywords fiche.js understands; test_fiche_schema checks the generated schema uses no other
KEYWORDS = {"type", "properties", "required", "items", "minItems", "maxItems", "maxLength", "pattern", "const",
            "enum", "default", "title", "description", "additionalProperties"}


def _not_bool(value):
    """JSON's true is not the number 1 (Python's ``True == 1`` would let it through a ``Literal[1]``)."""
    if isinstance(value, bool):
        raise ValueError("un booléen n'est pas un numéro de version")
    return value


def _text(limit: int, title: str, **kw) -> Any:
    """The constraints of a text field: ``Annotated[StrictStr, _text(…)]`` (pydantic's Field)."""
    return Field(max_length=limit, title=title, **kw)


class Citation(BaseModel):
    model_config = ConfigDict(extra="ignore", title="Provision")
    id: Annotated[StrictStr, Field(max_length=40, pattern=r"^[0-9]{1,2}[A-Za-z0-9()]{0,38}$", title="Provision")]
    href: Annotated[StrictStr, _text(4000, "Lien de la provision")] = ""


Fact = Annotated[list[Annotated[StrictStr, _text(2000, "Fait")]], Field(min_length=2, max_length=2, title="Fait")]


class Record(BaseModel):
    """One ruling record, as stored on the device and carried by a shared link."""
    model_config = ConfigDict(extra="ignore", title="Fiche d'arbitrage")
    v: Annotated[Literal[1], BeforeValidator(_not_bool), Field(title="Version de la fiche")] = VERSION
    # no id until the record is stored: None by default, but a value given must be a text (null is refused).
    # pydantic does not validate a default, which is what makes this possible; mypy sees a str given None.
    id: Annotated[StrictStr, Field(max_length=40, pattern=r"^[0-9a-z]{1,40}$", title="Identifiant")] = (
        None)  # type: ignore[assignment]
    kind: Annotated[Literal["liste", "calcul"], Field(title="Nature")]
    title: Annotated[StrictStr, _text(400, "Titre")]
    url: Annotated[StrictStr, _text(4000, "Lien de l'arbitrage")] = ""
    facts: Annotated[list[Fact], Field(max_length=100, title="Faits constatés")]
    ruling: Annotated[StrictStr, _text(8000, "Décision")]
    citations: Annotated[list[Citation], Field(max_length=60, title="Provisions appliquées")]
    date: Annotated[StrictStr, _text(10, "Date", pattern=r"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")] = ""
    event: Annotated[StrictStr, _text(200, "Épreuve")] = ""
    board: Annotated[StrictStr, _text(40, "Donne")] = ""
    table: Annotated[StrictStr, _text(40, "Table")] = ""
    remark: Annotated[StrictStr, _text(8000, "Remarque de l'arbitre")] = ""
    players: Annotated[list[Annotated[StrictStr, _text(2000, "Parole")]],
                       Field(max_length=40, title="Ce que l'arbitre a dit aux joueurs")] = []


def _inline(node, defs: dict):
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline(defs[node["$ref"].rsplit("/", 1)[1]], defs)
        return {k: _inline(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def schema() -> dict:
    """The JSON Schema of :class:`Record`, references inlined (what fiche.js validates against)."""
    raw = Record.model_json_schema()
    out = _inline(raw, raw.get("$defs", {}))
    out["properties"]["id"].pop("default", None)  # no id until the record is stored
    return out


def browser_data() -> dict:
    return {"schema": schema(), "version": VERSION, "max_link": MAX_LINK}


def browser_script() -> str:
    """``assets/lois/fiche-schema.js``: the schema for fiche.js, loaded before it on every page."""
    text = json.dumps(browser_data(), ensure_ascii=False, sort_keys=True)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return ("/* Generated at build time from lois.features.scores.fiche.Record: the schema of a ruling record. */\n"
            f"window.loisFicheSchema = {text};\n")


def validate(data) -> tuple[Record | None, set[str]]:
    """A record read back (a link, the storage) → (the record, set()) when it follows the schema, else
    (None, the top-level fields at fault; « » for a value that is not an object at all)."""
    try:
        return Record.model_validate(data), set()
    except ValidationError as exc:
        return None, {str(e["loc"][0]) if e["loc"] else "" for e in exc.errors()}
