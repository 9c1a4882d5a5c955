"""Facts about the official edition, from ``corpus/edition.yaml``: the French titles of the 93 laws (with where
each was read), the publisher of the official text, and the sections a partial law of the corpus leaves out.

The file is optional: without it, no law has a title beyond the one in its master file. It is read by the
project's one YAML loader and checked against one declared schema (:class:`lois.core.schemas.EditionFile`:
strict types, unknown keys refused, every address http(s) or relative); what no schema can say (a law's
``source`` declared under ``sources``) is checked here. Bad input is a :class:`LoisError` naming the file and
the line; the rest of the code reads the :class:`Edition` built from the validated file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lois.core.safeurl import safe_url
from lois.core.schemas import LawTitleEntry, PartialEntry, Publisher, TitleSourceEntry

FILE = "edition.yaml"


class TitleSource(TitleSourceEntry):
    """A public page where titles were read: its entry (address already safe), and its key under ``sources``."""

    key: str


class LawTitle(LawTitleEntry):
    """The title of one law as loaded: its entry (title trimmed), its law, and the source it was read in."""

    law: int
    title: str
    origin: TitleSource  # the entry of ``sources`` that its ``source`` names

    @property
    def accents_restored(self) -> bool:
        return self.accents == "rétablis"

    @property
    def url(self) -> str | None:
        """Where the title was read: the source's address (and the page under it), when it is a safe one."""
        if self.origin.url and self.page:
            return safe_url(self.origin.url.rstrip("/") + "/" + self.page.lstrip("/"))
        return self.origin.url


@dataclass
class Edition:
    """What the rest of the code reads of edition.yaml: its validated entries, the titles found by law."""

    publisher: Publisher | None = None
    sources: dict[str, TitleSource] = field(default_factory=dict)
    titles: dict[int, LawTitle] = field(default_factory=dict)  # the laws whose title was found
    partial: dict[int, PartialEntry] = field(default_factory=dict)


def load_edition(root: Path) -> Edition:
    path = Path(root) / FILE
    if not path.exists():
        return Edition()
    from lois.core.schemas import EditionFile
    from lois.core.yamlfile import load_yaml, validate

    doc = load_yaml(path)  # the one loader: French errors, aliases bounded, no duplicate key
    if doc.data is None:
        return Edition()
    data = validate(doc, EditionFile, what="édition")
    ed = Edition(data.publisher, partial=dict(data.partial or {}))
    for key, s in (data.sources or {}).items():
        ed.sources[key] = s.extended(TitleSource, key=key)
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
        ed.titles[n] = entry.extended(LawTitle, law=n, title=entry.title.strip(), origin=ed.sources[entry.source])
    return ed
