"""Commentary notes attached to provisions: the team's notes (``corpus/notes/*.md``) and the imported
commentaries (``corpus/commentaires/*.md``, attached through their ``provisions`` front matter)."""
from __future__ import annotations

from functools import partial
from pathlib import Path

from lois.core import filememo, safeio
from lois.core.annotate import markdown_runs
from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.grounds import check_words
from lois.core.ids import Kind
from lois.core.parse import check_markdown, front_matter
from lois.core.yamlfile import YamlDoc, validate
from lois.features.annotations.schema import Note


def _load_note(model: Model, f: Path, text: str) -> tuple[Note, YamlDoc]:
    doc, body, offset = front_matter(text, str(f))
    meta = validate(doc, Note, what="en-tête de la note", context={"model": model})
    if not body.strip():
        raise LoisError("la note est vide", str(f), offset + 1)
    check_words(model, doc, "note", [(body, offset + 1)], meta.words)
    check_markdown(body, str(f), offset + 1)
    note = meta.model_copy(update={"body": body, "file": str(f), "page": f"notes/{meta.id}.md"})
    for run in markdown_runs(note.body):  # the citations of the text the site links, found once (Model.citations_in)
        model.citations_in(run, note.law)
    return note, doc


def load_notes(model: Model, folder: Path) -> dict[str, Note]:
    notes: dict[str, Note] = {}
    if folder.is_dir():
        for f in safeio.files_of(folder, ".md"):
            note, doc = filememo.derive("note", f, partial(_load_note, model, f), against=model,
                                        model=model)
            if note.id in notes:
                raise doc.error(f"note « {note.id} » définie deux fois (aussi dans {notes[note.id].file})", "id")
            notes[note.id] = note
    # the commentaries' notes and the words behind their remarks are the model's alone: found once per model
    found, unfounded = model.derived(("annotations", "commentary-notes"), lambda: _commentary_notes(model),
                                     lasting=True)
    model.unfounded.extend(unfounded)
    notes.update(found)
    return notes


def _commentary_notes(model: Model) -> tuple[dict[str, Note], tuple]:
    """Each commentary shown beside provisions, as a note, once the words of the Code behind the project's remarks
    beside it are checked; and the citations without words that this check finds (``model.unfounded``: given back,
    to be added again at each reading)."""
    before = len(model.unfounded)
    notes: dict[str, Note] = {}
    for c in model.commentaries.values():
        for i, r in enumerate(c.remarks or []):  # the words of the Code behind the project's remarks beside it
            check_words(model, c.front, f"remarque {i + 1} du commentaire",
                        [(r.remark, c.front.text_lines("remarks", i, "remark"))], r.words, "remarks", i)
        if c.provisions:  # shown beside the provisions it explains (resolved by lois.core.corpus), as a note
            # its fields were validated with the commentary's front matter (its provisions resolved): not again
            notes["commentaire-" + c.id] = Note.model_construct(
                id=c.id, title=c.title, author=c.author or "non indiqué", source=c.source, provisions=c.provisions,
                body=c.body, file=c.file, page=f"commentaires/{c.id}.md", kind=Kind.COMMENTARY)
    unfounded = tuple(model.unfounded[before:])
    del model.unfounded[before:]
    return notes, unfounded
