"""Commentary notes attached to provisions: the team's notes (``corpus/notes/*.md``) and the imported
commentaries (``corpus/commentaires/*.md``, attached through their ``provisions`` front matter)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.parse import read_text, split_front_matter
from lois.features.annotations.common import resolve_id


@dataclass
class Note:
    id: str
    title: str
    author: str
    source: str
    provisions: list[str]
    body: str
    file: str
    page: str  # docs path of the note's own page
    kind: str = "note"  # note (team) | commentaire (imported)
    extra: dict = field(default_factory=dict)


def _provisions(model: Model, values, path: str, line: int) -> list[str]:
    if isinstance(values, (str, int)):
        values = [values]
    if not isinstance(values, list) or not values:
        raise LoisError("« provisions » doit être une liste non vide de provisions (ex. [50B1, 50B2])", path, line)
    out = []
    for v in values:
        pid = resolve_id(model, v)
        if pid is None:
            raise LoisError(f"provision « {v} » introuvable dans le corpus (ni texte, ni loi citée)", path, line)
        out.append(pid)
    return out


def _key_line(path: str, text: str, key: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith(key + ":"):
            return i
    return 2


def load_notes(model: Model, folder: Path) -> dict[str, Note]:
    notes: dict[str, Note] = {}
    if folder.is_dir():
        for f in sorted(folder.glob("*.md")):
            text = read_text(f)
            meta, body, _ = split_front_matter(text, str(f))
            for key in ("id", "title", "author", "provisions"):
                if not meta.get(key):
                    raise LoisError(f"champ « {key} » manquant dans l'en-tête de la note", str(f), 2)
            nid = str(meta["id"])
            if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", nid):
                raise LoisError(f"identifiant « {nid} » invalide : minuscules, chiffres et tirets", str(f),
                                _key_line(str(f), text, "id"))
            if nid in notes:
                raise LoisError(f"note « {nid} » définie deux fois (aussi dans {notes[nid].file})", str(f), 2)
            provs = _provisions(model, meta["provisions"], str(f), _key_line(str(f), text, "provisions"))
            if not body.strip():
                raise LoisError("la note est vide", str(f), 1)
            notes[nid] = Note(nid, str(meta["title"]), str(meta["author"]), str(meta.get("source") or ""), provs,
                              body, str(f), f"notes/{nid}.md")
    for c in model.commentaries.values():
        if not c.provisions:
            continue
        provs = _provisions(model, c.provisions, c.file, 2)
        notes["commentaire-" + c.id] = Note(c.id, c.title, c.author or "non indiqué", str(c.meta.get("source") or ""),
                                            provs, c.body, c.file, f"commentaires/{c.id}.md", "commentaire")
    return notes
