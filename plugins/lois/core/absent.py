"""The register of statements about absent laws (``corpus/lois-absentes.yaml``).

The corpus has the text of some laws only. When the site states something about a law it has no text of (the lead
restrictions of Law 26, the call by the right player of Law 28B…), the statement rests on an entry of this
register: the project's own words about the provision, never presented as the text of the Code, with where a
person reads the official text. The site shows each entry on the law's page (« Ce que le site en dit ») and the
words of every sentence citing that provision must stand in its entry (:mod:`lois.core.grounds`)::

    - provision: 26B
      statement: >-
        Quand la déclaration retirée n'est pas remplacée par une déclaration comparable …
      basis: Code 2017, Loi 26B (texte non inclus dans ce site)

The file is optional; it is read by the project's one YAML loader and checked against one schema. An entry for a
law whose text the corpus has is refused (cite that text instead), as is an id that is not a provision.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lois.core.ids import ProvisionId
from lois.core.schemas import Provision, Text
from lois.core.yamlfile import Loaded, Schema

if TYPE_CHECKING:
    from lois.core.corpus import Model

FILE = "lois-absentes.yaml"


class AbsentStatement(Schema):
    """An entry of the register, as written and as loaded (its statement made one line, its line)."""

    provision: Provision
    statement: Text  # the project's words, in French
    basis: Text  # where the official text is read (edition, page)
    line: Loaded[int] = 0

    @property
    def law(self) -> int:
        return self.provision.law


def load_absent_statements(root: Path, model: "Model") -> list[AbsentStatement]:
    """The register (none without the file), checked against the laws the corpus holds; kept for its bytes and those
    laws from one reading of the corpus to the next (lois.core.filememo: `mkdocs serve`, `lois verifie`)."""
    from lois.core import filememo

    path = Path(root) / FILE
    if not path.exists():
        return []
    return filememo.derive("absent", path, lambda text: _statements(path, text, model), tuple(sorted(model.laws)))


def _statements(path: Path, text: str, model: "Model") -> list[AbsentStatement]:
    from lois.core.yamlfile import entries_in, parse_yaml

    doc, entries = entries_in(parse_yaml(text, str(path)), AbsentStatement, "le registre des lois absentes",
                              "registre des lois absentes", "provision, statement, basis")
    if doc is None:
        return []
    out: list[AbsentStatement] = []
    seen: dict[ProvisionId, int] = {}
    for i, e in enumerate(entries):
        pid, law = e.provision, e.provision.law
        if law in model.laws:
            raise doc.error(f"Loi {pid} : le corpus a le texte de la Loi {law} ; les phrases qui la citent "
                            "reposent sur ce texte, pas sur le registre", i, "provision")
        if pid in seen:
            raise doc.error(f"Loi {pid} : déjà dans le registre (ligne {seen[pid]})", i, "provision")
        seen[pid] = doc.line(i)
        out.append(e.model_copy(update={"statement": " ".join(e.statement.split()), "line": doc.line(i)}))
    return out
