"""« Que faire si… » (``corpus/situations.yaml``): entry points by what happened at the table."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lois.core.corpus import Model
from lois.features.annotations.common import check_provisions, load_entries
from lois.features.annotations.schema import Situations


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
    loc, entries = load_entries(path, Situations, "situation")
    out, ids = [], set()
    known = {"notes": ({n.id for n in notes.values()}, "note"), "examples": (set(examples), "exemple")}
    for i, s in enumerate(entries):
        if s.id in ids:
            raise loc.error(f"identifiant « {s.id} » déjà utilisé", i, "id")
        ids.add(s.id)
        provs = check_provisions(model, loc, base=(i,))
        for key, (ids_known, label) in known.items():
            for j, ref in enumerate(getattr(s, key) or []):
                if ref not in ids_known:
                    raise loc.error(f"{label} « {ref} » inconnu(e) (voir corpus/notes, corpus/commentaires, "
                                    "corpus/exemples)", i, key, j)
        out.append(Situation(s.id, s.title, " ".join(s.description.split()), provs, list(s.notes or []),
                             list(s.examples or []), s.checklist or "", loc.line(i)))
    return out
