"""The search's part of the corpus check (lois.features.Checks): the site's index analytique (``corpus/index.yaml``,
:mod:`lois.features.search.subject_index`), each entry's provision checked against the model."""
from __future__ import annotations

from pathlib import Path

from lois.core.corpus import Model
from lois.core.typo import count
from lois.features.interfaces import Checked


def check_files(root: Path) -> None:
    """None of its files becomes a page."""


def check(model: Model, checked: Checked) -> None:
    from lois.features.search.subject_index import load_subject_index

    entries = load_subject_index(model)  # read once per model (Model.derived): the search's documents reuse it
    checked.counts.append(count(len(entries), "entrée") + " de l'index analytique")
