"""Features: each adds data to the model, pages to the site and commands to the `lois` tool.

The adapters (:mod:`lois.adapters.mkdocs_plugin`, :mod:`lois.adapters.cli`) list the features through
:data:`FEATURES` and depend on them, never the reverse. A feature is a package ``lois.features.<name>``:

* ``site.contribute(site)`` adds generated pages, assets, menu entries and per-provision data to a
  :class:`lois.render.site.SiteBuild` (when the feature has pages);
* ``cli.add_commands(subparsers)`` adds its subcommands (when it has any); heavy imports stay inside the
  command functions so that ``lois`` starts fast;
* ``site.configured(site, config)`` runs after the pages are generated (or taken from the build cache), with
  the MkDocs configuration: pages that depend on it (the table tents encode ``site_url``), outside the cache;
* ``site.post_build(site, site_dir, site_name)`` runs once the whole site is written (the offline feature
  writes its service worker and archive then).

Modules are imported only when a feature is used, so listing a feature costs nothing. The interface of each
kind of module is declared below (:class:`Pages`, :class:`ConfiguredPages`, :class:`PostBuild`,
:class:`Commands`); mypy checks every feature's modules against the interface its entry in :data:`FEATURES`
declares (the block under ``TYPE_CHECKING`` at the end), and tests/test_features.py checks it at run time.
"""
from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

if TYPE_CHECKING:
    from lois.render.site import SiteBuild


@runtime_checkable
class Pages(Protocol):
    """``lois.features.<name>.site`` of a feature with pages."""

    def contribute(self, site: SiteBuild) -> None:
        """Add generated pages, assets, menu entries and per-provision data to the site."""


@runtime_checkable
class ConfiguredPages(Protocol):
    """The ``site`` module of a feature whose pages depend on the MkDocs configuration (``configured=True``)."""

    def configured(self, site: SiteBuild, config: Any) -> None:
        """Pages made from the configuration (``site_url``), after the others, never from the build cache."""


@runtime_checkable
class PostBuild(Protocol):
    """The ``site`` module of a feature that completes the written site (``post_build=True``)."""

    def post_build(self, site: SiteBuild, site_dir: Path, site_name: str = ...) -> None: ...


@runtime_checkable
class Commands(Protocol):
    """``lois.features.<name>.cli`` of a feature with subcommands of `lois`."""

    def add_commands(self, sub: argparse._SubParsersAction) -> None: ...


@dataclass(frozen=True)
class Feature:
    name: str
    pages: bool = True        # has lois.features.<name>.site with contribute(site)
    commands: tuple[str, ...] = ()  # subcommands added by lois.features.<name>.cli.add_commands
    post_build: bool = False  # lois.features.<name>.site.post_build(site, site_dir, site_name)
    configured: bool = False  # lois.features.<name>.site.configured(site, config): pages that depend on the MkDocs
    #                           configuration, regenerated at each build (never from the build cache)

    def module(self, part: str) -> ModuleType:
        return importlib.import_module(f"{__name__}.{self.name}.{part}")


FEATURES: tuple[Feature, ...] = (
    Feature("search", commands=("cherche",)),
    Feature("annotations"),
    Feature("checklists", commands=("arbitre",)),
    Feature("scores", commands=("marque-ajustee", "marque-ponderee")),
    Feature("api", commands=("permaliens",)),
    Feature("training", commands=("entraine",)),
    Feature("tents", configured=True),
    Feature("offline", post_build=True),
)


def _pages() -> list[Pages]:
    return [f.module("site") for f in FEATURES if f.pages]  # checked below (mypy) and by tests




def site_contributors() -> list[Callable[[SiteBuild], None]]:
    """The ``contribute(site)`` of every feature with pages, in the order of :data:`FEATURES`."""
    return [m.contribute for m in _pages()]


def config_readers() -> list[Callable[[SiteBuild, Any], None]]:
    """The ``configured(site, config)`` of the features whose pages depend on the MkDocs configuration."""
    modules: list[ConfiguredPages] = [f.module("site") for f in FEATURES if f.configured]
    return [m.configured for m in modules]


def post_builders() -> list[Callable[..., None]]:
    """The ``post_build(site, site_dir, site_name)`` of the features that complete the written site."""
    modules: list[PostBuild] = [f.module("site") for f in FEATURES if f.post_build]
    return [m.post_build for m in modules]


def command_modules() -> list[Commands]:
    return [f.module("cli") for f in FEATURES if f.commands]


if TYPE_CHECKING:  # each feature's modules against the interface its entry above declares (mypy)
    from lois.features.annotations import site as _annotations_site
    from lois.features.api import cli as _api_cli, site as _api_site
    from lois.features.checklists import cli as _checklists_cli, site as _checklists_site
    from lois.features.offline import site as _offline_site
    from lois.features.scores import cli as _scores_cli, site as _scores_site
    from lois.features.search import cli as _search_cli, site as _search_site
    from lois.features.tents import site as _tents_site
    from lois.features.training import cli as _training_cli, site as _training_site

    _PAGES: tuple[Pages, ...] = (_search_site, _annotations_site, _checklists_site, _scores_site, _api_site,
                                 _training_site, _tents_site, _offline_site)
    _CONFIGURED: tuple[ConfiguredPages, ...] = (_tents_site,)
    _POST_BUILD: tuple[PostBuild, ...] = (_offline_site,)
    _COMMANDS: tuple[Commands, ...] = (_search_cli, _checklists_cli, _scores_cli, _api_cli, _training_cli)
