"""Features: each adds data to the model, pages to the site and commands to the `lois` tool.

The adapters (:mod:`lois.adapters.mkdocs_plugin`, :mod:`lois.adapters.cli`) list the features through
:data:`FEATURES` and depend on them, never the reverse. A feature is a package ``lois.features.<name>``:

* ``site.contribute(site)`` adds generated pages, assets, menu entries and per-provision data to a
  :class:`lois.render.site.SiteBuild` (when the feature has pages);
* ``cli.add_commands(subparsers)`` adds its subcommands (when it has any); heavy imports stay inside the
  command functions so that ``lois`` starts fast;
* ``site.post_build(site, site_dir, site_name)`` runs once the whole site is written (the offline feature
  writes its service worker and archive then);
* ``corpus.check_files(root)`` and ``corpus.check(model, checked)`` check the feature's own corpus files, as part
  of the one check of the corpus (:func:`lois.features.checks.check_corpus`, run by ``lois verifie`` and the
  build), when the feature has corpus files (``checks=True``);
* ``corpus.search_documents(model)`` gives the search the feature's documents (``documents=True``);
* ``corpus.replays(model)`` gives the checklists' coverage the answers the feature's files replay on a checklist
  (``replays=True``: the worked examples).

A feature that uses another's code or data says so in ``requires`` (it reads the other's files through the other's
loader, which reads them once per model: ``Model.derived``), and no two features require each other, even through
others; the check, the search and the checklists' coverage name no feature.

Modules are imported only when a feature is used, so listing a feature costs nothing. The interface of each
kind of module is declared in :mod:`lois.features.interfaces` (:class:`Pages`, :class:`PostBuild`,
:class:`Commands`, :class:`Checks`, :class:`SearchDocuments`, :class:`Replays`); mypy checks every feature's modules
against the interface its entry in :data:`FEATURES` declares (the block under ``TYPE_CHECKING`` at the end), and
tests/test_features.py checks it at run time.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at each start of `lois`; mypy: True)
if TYPE_CHECKING:
    from collections.abc import Callable

    from lois.core.corpus import Model
    from lois.core.searchdoc import SearchDoc
    from lois.features.interfaces import Checks, Commands, Pages, PostBuild, Replay, Replays, SearchDocuments
    from lois.render.site import SiteBuild


@dataclass(frozen=True)
class Feature:
    """One feature of the site, and which interfaces its modules have."""

    name: str
    pages: bool = True        # has lois.features.<name>.site with contribute(site)
    commands: tuple[str, ...] = ()  # subcommands added by lois.features.<name>.cli.add_commands
    post_build: bool = False  # lois.features.<name>.site.post_build(site, site_dir, site_name)
    checks: bool = False      # lois.features.<name>.corpus.check_files(root) and .check(model, checked)
    documents: bool = False   # lois.features.<name>.corpus.search_documents(model)
    replays: bool = False     # lois.features.<name>.corpus.replays(model)
    requires: tuple[str, ...] = ()  # the features whose code or loaded data this one uses

    def module(self, part: str) -> ModuleType:
        return importlib.import_module(f"{__name__}.{self.name}.{part}")


FEATURES: tuple[Feature, ...] = (
    Feature("search", commands=("cherche",), checks=True),  # its index analytique (corpus/index.yaml)
    # situations name checklists and open them (their first question); the worked examples that name a checklist
    # are replayed on it (its check, and `lois arbitre --couverture` through replays)
    Feature("annotations", checks=True, documents=True, replays=True, requires=("checklists",)),
    Feature("checklists", commands=("arbitre",), checks=True, documents=True),
    Feature("scores", commands=("marque-ajustee", "marque-ponderee", "marque-ko")),
    Feature("api", commands=("permaliens",), checks=True),
    # built from the checklists' cases and the examples replayed on them, shown as checklists show them
    Feature("training", commands=("entraine",), requires=("checklists", "annotations")),
    # a card per situation and per checklist
    Feature("tents", requires=("annotations", "checklists")),
    Feature("offline", post_build=True),
)


def _pages() -> list[Pages]:
    return [f.module("site") for f in FEATURES if f.pages]  # checked below (mypy) and by tests


def site_contributors() -> list[Callable[[SiteBuild], None]]:
    """The ``contribute(site)`` of every feature with pages, in the order of :data:`FEATURES`."""
    return [m.contribute for m in _pages()]


def post_builders() -> list[Callable[..., None]]:
    """The ``post_build(site, site_dir, site_name)`` of the features that complete the written site."""
    modules: list[PostBuild] = [f.module("site") for f in FEATURES if f.post_build]
    return [m.post_build for m in modules]


def corpus_checkers() -> list[Checks]:
    """The ``corpus`` module of every feature with corpus files, in the order of :data:`FEATURES`."""
    return [f.module("corpus") for f in FEATURES if f.checks]


def document_sources() -> list[Callable[[Model], list[SearchDoc]]]:
    """The ``search_documents(model)`` of every feature with search documents, in the order of :data:`FEATURES`."""
    modules: list[SearchDocuments] = [f.module("corpus") for f in FEATURES if f.documents]
    return [m.search_documents for m in modules]


def replay_sources() -> list[Callable[[Model], list[Replay]]]:
    """The ``replays(model)`` of every feature whose files replay answers on the checklists, in the order of
    :data:`FEATURES`."""
    modules: list[Replays] = [f.module("corpus") for f in FEATURES if f.replays]
    return [m.replays for m in modules]


if TYPE_CHECKING:  # each feature's modules against the interface its entry above declares (mypy)
    from lois.features.annotations import corpus as _annotations_corpus, site as _annotations_site
    from lois.features.api import cli as _api_cli, corpus as _api_corpus, site as _api_site
    from lois.features.checklists import (cli as _checklists_cli, corpus as _checklists_corpus,
                                          site as _checklists_site)
    from lois.features.offline import site as _offline_site
    from lois.features.scores import cli as _scores_cli, site as _scores_site
    from lois.features.search import cli as _search_cli, corpus as _search_corpus, site as _search_site
    from lois.features.tents import site as _tents_site
    from lois.features.training import cli as _training_cli, site as _training_site

    _PAGES: tuple[Pages, ...] = (_search_site, _annotations_site, _checklists_site, _scores_site, _api_site,
                                 _training_site, _tents_site, _offline_site)
    _POST_BUILD: tuple[PostBuild, ...] = (_offline_site,)
    _COMMANDS: tuple[Commands, ...] = (_search_cli, _checklists_cli, _scores_cli, _api_cli, _training_cli)
    _CHECKS: tuple[Checks, ...] = (_search_corpus, _annotations_corpus, _checklists_corpus, _api_corpus)
    _DOCUMENTS: tuple[SearchDocuments, ...] = (_annotations_corpus, _checklists_corpus)
    _REPLAYS: tuple[Replays, ...] = (_annotations_corpus,)
