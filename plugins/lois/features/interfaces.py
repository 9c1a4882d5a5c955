"""The interface of each kind of module a feature has (:mod:`lois.features`): ``site`` (:class:`Pages`,
:class:`PostBuild`), ``cli`` (:class:`Commands`), ``corpus`` (:class:`Checks`, :class:`SearchDocuments`,
:class:`Replays`), and what they give back (:class:`Checked`, :class:`Replay`). mypy checks every feature's modules
against the interface its entry in :data:`lois.features.FEATURES` declares (the block under ``TYPE_CHECKING`` at the
end of that module), and tests/test_features.py checks it at run time. (A module of its own: the command line does
not build them to start.)
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from lois.core.corpus import Model
    from lois.core.searchdoc import SearchDoc
    from lois.render.site import SiteBuild


@runtime_checkable
class Pages(Protocol):
    """``lois.features.<name>.site`` of a feature with pages."""

    def contribute(self, site: SiteBuild) -> None:
        """Add generated pages, assets, menu entries and per-provision data to the site."""


@runtime_checkable
class PostBuild(Protocol):
    """The ``site`` module of a feature that completes the written site (``post_build=True``)."""

    def post_build(self, site: SiteBuild, site_dir: Path, site_name: str = ...) -> None: ...


@runtime_checkable
class Commands(Protocol):
    """``lois.features.<name>.cli`` of a feature with subcommands of `lois`."""

    def add_commands(self, sub: argparse._SubParsersAction) -> None: ...


@dataclass
class Checked:
    """What the check of the corpus read, feature by feature, in the order of :data:`FEATURES`."""

    counts: list[str] = field(default_factory=list)     # what was read, for `lois verifie` (« 12 note(s) »)
    replayed: list[str] = field(default_factory=list)   # what was replayed (« 30 cas », « 15 exemple(s) »)
    warnings: list[str] = field(default_factory=list)   # what is allowed for now but should not stay (« fichier,
    #                                                     ligne N : … »): `lois verifie` prints each after its verdict



@runtime_checkable
class Checks(Protocol):
    """``lois.features.<name>.corpus`` of a feature with corpus files of its own (``checks=True``)."""

    def check_files(self, root: Path) -> None:
        """Before any file is read: the names of the feature's files (a file that becomes a page)."""

    def check(self, model: Model, checked: Checked) -> None:
        """Read and validate the feature's files (once per model: ``Model.derived``), check them against the
        files of the features it requires (read by their loaders) and say what was read and replayed
        (``checked.counts``, ``checked.replayed``); raise LoisError."""


@runtime_checkable
class SearchDocuments(Protocol):
    """``lois.features.<name>.corpus`` of a feature whose data the search finds (``documents=True``)."""

    def search_documents(self, model: Model) -> list[SearchDoc]:
        """The feature's documents, in a stable order (a document is searchable exactly when its page is shown)."""


@dataclass(frozen=True)
class Replay:
    """Answers a corpus file replays on a checklist (a worked example's), and the outcome it announces."""

    id: str
    file: str
    checklist: str
    answers: dict[str, str]
    expected: str  # outcome id



@runtime_checkable
class Replays(Protocol):
    """``lois.features.<name>.corpus`` of a feature whose files replay answers on the checklists (``replays=True``)."""

    def replays(self, model: Model) -> list[Replay]:
        """Each replay, in a stable order (`lois arbitre --couverture` runs them on their checklist)."""
