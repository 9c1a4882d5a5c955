"""The site's « index analytique » of the Code (``corpus/index.yaml``): for a provision of any of the 93 laws, the
short everyday phrasings a director or a player uses for the situations it governs (« enchère trop basse »,
« il a joué avant son tour », « carte tombée »), as a back-of-book index or a table of popular names points to
the provisions. Written by the site's team from the 2017 Code, provision by provision; never shown as the Code's
text::

    - provision: 27A1
      phrases: [accepter l'enchère insuffisante, l'adversaire de gauche déclare par-dessus, ...]

Each phrasing is evidence for its provision: the search reads the phrasings of an entry in the provision's own
``index`` field (:func:`index_words`, lower weight: :data:`lois.features.search.index.FIELD_BOOSTS`), as it reads the
situations that the site's other documents tell (:func:`lois.features.search.documents.attach_evidence`).

A provision is one the site can open: a provision of a law whose text the corpus holds, an entry of the register of
absent laws (``corpus/lois-absentes.yaml``) or a provision the site cites (its page in waiting), or else a law
number (its row in « Les 93 lois »). Read by the project's one YAML loader, checked by one schema
(:class:`IndexEntry`) with the model (``lois verifie`` and the build: :mod:`lois.features.search.corpus`); a mistake
gives a French message with the file and the line.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from pydantic import AfterValidator

from lois.core.ids import Level, ProvisionId
from lois.core.schemas import Provision, Text
from lois.core.yamlfile import Loaded, Schema
from lois.features.search.index import INDEX_SEP, PHRASE_MAX_CHARS

if TYPE_CHECKING:
    from lois.core.corpus import Model
    from lois.core.searchdoc import SearchDoc

FILE = "index.yaml"
PHRASES_MIN, PHRASES_MAX = 3, 10


def _phrase(value: str) -> str:
    if len(value) > PHRASE_MAX_CHARS:
        raise ValueError(f"formulation trop longue ({len(value)} caractères, au plus {PHRASE_MAX_CHARS}) : l'index "
                         "donne des mots courts, pas des phrases")
    return " ".join(value.split())


Phrase = Annotated[Text, AfterValidator(_phrase)]


def _phrases(phrases: list[str]) -> list[str]:
    if not PHRASES_MIN <= len(phrases) <= PHRASES_MAX:
        raise ValueError(f"{len(phrases)} formulation(s) : une entrée en donne de {PHRASES_MIN} à {PHRASES_MAX}")
    seen = {p.lower() for p in phrases}
    if len(seen) < len(phrases):
        twice = next(p for i, p in enumerate(phrases) if p.lower() in {q.lower() for q in phrases[:i]})
        raise ValueError(f"« {twice} » figure deux fois dans l'entrée")
    return phrases


class IndexEntry(Schema):
    """An entry of the index: a provision and the everyday phrasings of the situations it governs (3 to 10)."""

    provision: Provision
    phrases: Annotated[list[Phrase], AfterValidator(_phrases)]
    line: Loaded[int] = 0


def _place(model: "Model", pid: ProvisionId, register: set[ProvisionId]) -> str | None:
    """Why the site cannot open ``pid`` (None: it can)."""
    if pid.law in model.laws:
        from lois.core.cite import unknown_provision

        return None if pid in model.provisions else unknown_provision(pid, model.laws)
    if pid.level is Level.LAW or pid in register or pid in model.stubs:
        return None
    return (f"« {pid} » : le site n'a ni le texte de la Loi {pid.law} ni de résumé de cette provision "
            f"(corpus/lois-absentes.yaml) ; indexez la Loi {pid.law} (sa ligne dans « Les 93 lois ») ou une entrée "
            "du registre")


def load_subject_index(model: "Model") -> list[IndexEntry]:
    """The entries of ``corpus/index.yaml`` (none without the file), each provision checked against the model; read
    and validated once per model (Model.derived), and kept for its bytes and the model from one reading of the corpus
    to the next (lois.core.filememo: `mkdocs serve`, `lois verifie`)."""
    return model.derived(("search", "subject_index"), lambda: _load(Path(model.root), model))


def _load(root: Path, model: "Model") -> list[IndexEntry]:
    from functools import partial

    from lois.core import filememo

    if not (root / FILE).exists():
        return []
    return filememo.derive("subject-index", root / FILE, partial(_entries, root / FILE, model), against=model)


def _entries(path: Path, model: "Model", text: str) -> list[IndexEntry]:
    from lois.core.yamlfile import entries_in, parse_yaml

    doc, entries = entries_in(parse_yaml(text, str(path)), IndexEntry, "l'index analytique", "index analytique",
                              "provision, phrases")
    if doc is None:
        return []
    register = {st.provision for st in model.absent_statements}
    out: list[IndexEntry] = []
    seen: dict[ProvisionId, int] = {}
    for i, e in enumerate(entries):
        problem = _place(model, e.provision, register)
        if problem:
            raise doc.error(problem, i, "provision")
        if e.provision in seen:
            raise doc.error(f"Loi {e.provision} : déjà dans l'index (ligne {seen[e.provision]}) ; réunissez les "
                            "formulations dans une entrée", i, "provision")
        seen[e.provision] = doc.line(i)
        out.append(e.model_copy(update={"line": doc.line(i)}))
    return out


def index_words(docs: list["SearchDoc"], model: "Model") -> None:
    """Each entry's phrasings go to the ``index`` field of its provision's document (of its nearest enclosing one
    that has a document: « 64B3 » → the page of Law 64; a law the site does not hold → its row of the 93 laws),
    separated by « · », in the order of the file."""
    from lois.features.search.documents import Kind, _nearest

    targets = {d.id: d for d in docs if d.kind in (Kind.LAW.value, Kind.STUB.value)}
    for e in load_subject_index(model):
        t = _nearest(e.provision, targets)
        if t is not None:
            targets[t].index = INDEX_SEP.join(x for x in (targets[t].index, *e.phrases) if x)
