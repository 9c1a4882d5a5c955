"""Facts about the official edition, from ``corpus/edition.yaml``: the French titles of the 93 laws (with where
each was read), the publisher of the official text, and what a partial law of the corpus leaves out: its missing
sections, and by provision, in the site's own words, what its source does not quote where it matters to a ruling.

The file is optional: without it, no law has a title beyond the one in its master file. It is read by the
project's one YAML loader and checked against one declared schema (:class:`lois.core.schemas.EditionFile`:
strict types, unknown keys refused, every address http(s) or relative); what no schema can say (a law's
``source`` declared under ``sources``, an omission's provision in its own law) is checked here, and what needs the
laws (:func:`check_partial`: a missing section absent from the master, an omission's provision in it) once they
are read. Bad input is a :class:`LoisError` naming the file and
the line; the rest of the code reads the :class:`Edition` built from the validated file.
"""
from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass, field
from pathlib import Path

from lois.core.cite import provision_id
from lois.core.errors import LoisError
from lois.core.ids import ProvisionId, written_path
from lois.core.schemas import LawTitle, PartialEntry, Publisher, TitleSourceEntry
from lois.core.yamlfile import YamlDoc

FILE = "edition.yaml"


@dataclass
class Edition:
    """What the rest of the code reads of edition.yaml: its validated entries, the titles found by law."""

    publisher: Publisher | None = None
    sources: dict[str, TitleSourceEntry] = field(default_factory=dict)
    titles: dict[int, LawTitle] = field(default_factory=dict)  # the laws whose title was found
    partial: dict[int, PartialEntry] = field(default_factory=dict)
    # by law, what its source leaves out, in the site's words: provision → French text
    omitted: dict[int, dict[ProvisionId, str]] = field(default_factory=dict)
    # by law, where the words of a complete quotation differ from the 2017 Code (edition.yaml `wording`):
    # provision → the site's words about it
    wording: dict[int, dict[ProvisionId, str]] = field(default_factory=dict)
    path: str = ""
    # ("missing", law), ("omitted", law, id) or ("wording", law, id) → its line
    lines: dict[tuple, int] = field(default_factory=dict)

    def wording_note(self, pid: ProvisionId) -> str | None:
        """Where the source's words for provision `pid` differ from the 2017 Code (edition.yaml ``wording``): the
        site's own words about it, or None."""
        return self.wording.get(pid.law, {}).get(pid)

    def omission(self, pid: ProvisionId) -> str | None:
        """What the source of its law leaves out of provision `pid` (the site's words), if edition.yaml says it."""
        return self.omitted.get(pid.law, {}).get(pid)

    def summary(self, pid: ProvisionId, present: Container[ProvisionId] = ()) -> tuple[ProvisionId, str] | None:
        """For a provision of a partial law that its master does not have (`present`: the ids the master has),
        the site's own words about it, and the provision they are written under: its own note (a section the
        source leaves out, 27C), or the note of the nearest provision containing it (in the master, or a missing
        section) when that note names it by its letter and number (27B4: « le paragraphe B4 », under 27B). None
        for any other provision."""
        if pid.law not in self.partial or pid in present:
            return None
        notes = self.omitted.get(pid.law, {})
        path = pid.path
        if pid in notes:
            return pid, notes[pid]
        rel = written_path(path)
        for k in range(len(path) - 1, 0, -1):
            up = ProvisionId(pid.law, path[:k])
            if up in present or (k == 1 and path[0] in self.partial[pid.law].missing):
                note = notes.get(up)
                if note is not None and re.search(rf"(?<![\w(]){re.escape(rel)}(?![\w(])", note):
                    return up, note
                return None
        return None

    def not_in_2017(self, pid: ProvisionId) -> bool:
        """Whether `pid`, a provision of a master, is a paragraph of another edition that the 2017 Code does not
        have (edition.yaml ``partial.<n>.not_in_2017``: Law 16, A3 and A4)."""
        part = self.partial.get(pid.law)
        return bool(part and part.not_in_2017 and any(provision_id(w) == pid for w in part.not_in_2017))

    def note_on(self, pid: ProvisionId) -> tuple[ProvisionId, str] | None:
        """For a provision that the master of a partial law has (27B1(a), 27B3): what edition.yaml says its source
        leaves out of it (the site's words, shown under the provision), from its own note or the note of the
        nearest provision containing it (27B1(a): the note of 27B1); None when there is none."""
        if pid.law not in self.partial:
            return None
        notes = self.omitted.get(pid.law, {})
        path = pid.path
        for k in range(len(path), 0 if path else -1, -1):
            up = ProvisionId(pid.law, path[:k])
            if up in notes:
                return up, notes[up]
        return None

    def absent_sections(self) -> dict[int, list[str]]:
        """By law, the sections its source leaves out: the master's sections may skip them."""
        return {n: list(p.missing) for n, p in self.partial.items()}


def load_edition(root: Path) -> Edition:
    """The edition facts of ``corpus/edition.yaml`` (none without the file), kept for its bytes from one reading of
    the corpus to the next (lois.core.filememo: `mkdocs serve`, `lois verifie`)."""
    from lois.core import filememo

    path = Path(root) / FILE
    if not path.exists():
        return Edition()
    return filememo.derive("edition", path, lambda text: _edition(path, text))


def _edition(path: Path, text: str) -> Edition:
    from lois.core.schemas import EditionFile
    from lois.core.yamlfile import parse_yaml, validate

    doc = parse_yaml(text, str(path))  # the one parser: French errors, aliases bounded, no duplicate key
    if doc.data is None:
        return Edition()
    data = validate(doc, EditionFile, what="édition")
    ed = Edition(data.publisher, partial=dict(data.partial or {}), path=doc.path)
    for key, s in (data.sources or {}).items():
        ed.sources[key] = s
    _read_partial(doc, ed)
    _read_wording(doc, data.wording or {}, ed)
    for n, entry in (data.laws or {}).items():
        if entry.title is None:
            continue  # « title: null »: not found yet
        if entry.source is None:
            raise doc.error(f"Loi {n} : « source » manquante (la clé, sous « sources », de la page où le titre "
                            "a été relevé)",
                            "laws", n)
        if entry.source not in ed.sources:
            raise doc.error(f"Loi {n} : source « {entry.source} » inconnue (déclarez-la sous « sources »)",
                            "laws", n, "source")
        ed.titles[n] = entry.model_copy(update={"law": n, "title": entry.title.strip(),
                                                "origin": ed.sources[entry.source]})
    return ed


def _read_partial(doc: YamlDoc, ed: Edition) -> None:
    """The omissions of each partial law, by provision of that law, and the pages where they were
    read (declared under ``sources``)."""
    for n, part in ed.partial.items():
        ed.lines[("missing", n)] = doc.line("partial", n, "missing")
        if not part.missing and not part.omitted:
            raise doc.error(f"Loi {n} : ni section absente (« missing ») ni omission (« omitted ») : rien ne dit ce "
                            "que la source laisse de côté", "partial", n)
        _read_in(doc, ed, n, part.read_in or [], "partial")
        if part.omitted and not part.read_in:
            raise doc.error(f"Loi {n} : « read_in » manquant (les pages, sous « sources », où a été lu ce que dit "
                            "« omitted »)", "partial", n, "omitted")
        _read_notes(doc, ed, n, part.omitted or {}, ("partial", n, "omitted"), "omitted",
                    "« omitted » dit ce que la source de cette loi ne cite pas")
        for i, raw in enumerate(part.not_in_2017 or []):
            pid = provision_id(raw)
            if pid is None or pid not in ed.omitted.get(n, {}):
                raise doc.error(f"Loi {n} : « {raw} » (« not_in_2017 ») n'a pas de note sous « omitted » : dites où le "
                                "Code 2017 place la règle", "partial", n, "not_in_2017", i)


def _read_wording(doc: YamlDoc, wording: dict, ed: Edition) -> None:
    """By law, the provisions whose quoted words differ from the 2017 Code (``wording``), each a provision of that
    law, said once, with the pages where the 2017 text was read (declared under ``sources``)."""
    for n, entry in wording.items():
        _read_in(doc, ed, n, entry.read_in, "wording")
        _read_notes(doc, ed, n, entry.differs, ("wording", n, "differs"), "wording",
                    "« differs » dit où les mots de la source de cette loi diffèrent du Code 2017")


def _read_in(doc: YamlDoc, ed: Edition, n: int, keys: list, part: str) -> None:
    """Each page where a law's 2017 text was read (``read_in`` of ``partial`` or ``wording``) is declared."""
    for i, key in enumerate(keys):
        if key not in ed.sources:
            raise doc.error(f"Loi {n} : source « {key} » inconnue (déclarez-la sous « sources »)",
                            part, n, "read_in", i)


def _read_notes(doc: YamlDoc, ed: Edition, n: int, notes: dict, at: tuple, kind: str, what: str) -> None:
    """The site's notes on provisions of Law ``n`` (``omitted`` of ``partial``, ``differs`` of ``wording``), kept by
    provision in ``ed.<kind>`` with their line: each a provision of that law, said once."""
    into = getattr(ed, kind)
    for raw, text in notes.items():
        pid = provision_id(raw)
        assert pid is not None  # checked by the schema (WrittenProvision)
        where = (*at, raw)
        if pid.law != n:
            raise doc.error(f"Loi {n} : « {raw} » n'est pas une provision de la Loi {n} ({what})", *where)
        if pid in into.setdefault(n, {}):
            raise doc.error(f"Loi {n} : la provision {pid} a deux notes sous « {at[-1]} »", *where)
        into[n][pid] = text.strip()
        ed.lines[(kind, n, pid)] = doc.line(*where)


def check_partial(edition: Edition, laws: dict) -> None:
    """What edition.yaml says of the partial laws, against their masters (`laws`: number → parsed law): a section
    declared missing is not in the master, an omission names a provision of the master or a missing section."""
    for n, part in edition.partial.items():
        law = laws.get(n)
        if law is None:
            continue  # a law not in the corpus: nothing to compare
        sections = {c.path[-1] for c in law.root.children if c.path}
        there = [s for s in part.missing if s in sections]
        if there:
            raise LoisError(f"Loi {n} : la section {there[0]} est déclarée absente de la source (« missing ») mais "
                            f"figure dans {law.file}", edition.path, edition.lines.get(("missing", n), 1))
        ids = {p.pid for p in law.provisions()}
        for pid in edition.omitted.get(n, {}):
            missing = len(pid.path) == 1 and pid.path[0] in part.missing
            if pid not in ids and not missing:
                raise LoisError(f"Loi {n} : « {pid} » n'est ni une provision du texte maître ni une section déclarée "
                                f"absente (« missing ») : ce que la source ne cite pas se dit sous la provision qui "
                                f"le contient", edition.path, edition.lines.get(("omitted", n, pid), 1))
    for n, notes in edition.wording.items():
        law = laws.get(n)
        for pid in notes:
            where = (edition.path, edition.lines.get(("wording", n, pid), 1))
            if law is None:
                raise LoisError(f"Loi {n} : pas de texte maître dans le corpus (corpus/lois/) : « wording » dit où les "
                                f"mots d'un texte cité diffèrent du Code 2017", *where)
            if pid not in {p.pid for p in law.provisions()}:
                raise LoisError(f"Loi {n} : « {pid} » n'est pas une provision du texte maître "
                                f"({Path(law.file).name}) : la différence de rédaction se dit sous la provision "
                                "qui la contient", *where)
