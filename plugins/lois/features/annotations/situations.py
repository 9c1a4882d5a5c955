"""« Que faire si… » (``corpus/situations.yaml``): entry points by what happened at the table."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lois.core.corpus import Model
from lois.features.annotations.common import check_provisions, load_yaml


@dataclass
class Situation:
    id: str
    title: str
    description: str
    provisions: list[str]
    notes: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    checklist: str = ""
    line: int = 1


def load_situations(model: Model, path: Path, notes: dict, examples: dict) -> list[Situation]:
    if not path.exists():
        return []
    loc = load_yaml(path)
    if not isinstance(loc.data, list):
        raise loc.error("le fichier doit être une liste de situations (id, title, description, provisions)")
    out, ids = [], set()
    note_ids = {n.id for n in notes.values()}
    for i, s in enumerate(loc.data):
        if not isinstance(s, dict):
            raise loc.error("situation invalide : attendu id, title, description, provisions", i)
        for key in ("id", "title", "description"):
            if not s.get(key) or not isinstance(s[key], str):
                raise loc.error(f"champ « {key} » manquant ou vide", i)
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", s["id"]) or s["id"] in ids:
            raise loc.error(f"identifiant « {s['id']} » invalide ou déjà utilisé", i, "id")
        ids.add(s["id"])
        provs = check_provisions(model, loc, base=(i,))
        for key, known, label in (("notes", note_ids, "note"), ("examples", set(examples), "exemple")):
            for j, ref in enumerate(s.get(key) or []):
                if ref not in known:
                    raise loc.error(f"{label} « {ref} » inconnu(e) (voir corpus/notes, corpus/commentaires, "
                                    "corpus/exemples)", i, key, j)
        out.append(Situation(s["id"], s["title"], " ".join(s["description"].split()), provs,
                             list(s.get("notes") or []), list(s.get("examples") or []),
                             str(s.get("checklist") or ""), loc.line(i)))
    return out
