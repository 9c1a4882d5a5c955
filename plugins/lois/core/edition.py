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

FILE = "edition.yaml"


@dataclass
class TitleSource:
    key: str
    url: str | None
    what: str
    read: str | None


@dataclass
class LawTitle:
    law: int
    title: str
    source: TitleSource
    source_text: str | None = None
    page: str | None = None
    accents_restored: bool = False

    @property
    def url(self) -> str | None:
        """Where the title was read: the source's address (and the page under it), when it is a safe one."""
        if self.source.url and self.page:
            return safe_url(self.source.url.rstrip("/") + "/" + self.page.lstrip("/"))
        return safe_url(self.source.url) if self.source.url else None


@dataclass
class Edition:
    publisher: dict = field(default_factory=dict)  # {"name", "text", "url"} (url: http(s) or relative, or None)
    sources: dict[str, TitleSource] = field(default_factory=dict)
    titles: dict[int, LawTitle] = field(default_factory=dict)
    partial: dict[int, dict] = field(default_factory=dict)  # law → {"missing": [letters], "note": str}


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
    ed = Edition()
    if data.publisher is not None:
        pub = data.publisher
        ed.publisher = {"name": pub.name, "text": pub.text, "url": safe_url(pub.url) if pub.url else None}
    for key, s in (data.sources or {}).items():
        ed.sources[key] = TitleSource(key, safe_url(s.url) if s.url else None, s.what,
                                      s.read.isoformat() if s.read else None)
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
        ed.titles[n] = LawTitle(n, entry.title.strip(), ed.sources[entry.source], entry.source_text, entry.page,
                                entry.accents == "rétablis")
    for n, entry in (data.partial or {}).items():
        ed.partial[n] = {"missing": list(entry.missing), "note": entry.note or ""}
    return ed
