"""Features: each adds data to the model, pages to the site and commands to the `lois` tool.

The adapters (:mod:`lois.adapters.mkdocs_plugin`, :mod:`lois.adapters.cli`) list the features through
:data:`FEATURES` and depend on them, never the reverse. A feature is a package ``lois.features.<name>``:

* ``site.contribute(site)`` adds generated pages, assets, menu entries and per-provision data to a
  :class:`lois.render.site.SiteBuild` (when the feature has pages);
* ``cli.add_commands(subparsers)`` adds its subcommands (when it has any); heavy imports stay inside the
  command functions so that ``lois`` starts fast;
* ``site.configured(site, config)`` runs after the pages are generated (or taken from the build cache), with
  the MkDocs configuration: pages that depend on it (the table tents encode ``site_url``), outside the cache;
* ``site.build_started(site, site_dir)`` runs when the site generator is about to write into ``site_dir`` (the
  offline archive's writer starts then), ``site.page_written(site, site_dir, path, html)`` sees each page as it
  is written (the archive gets them at once), ``site.post_build(site, site_dir, site_name)`` runs once the whole
  site is written and ``site.build_failed(site)`` when the build stops before that.

Modules are imported only when a feature is used, so listing a feature costs nothing.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Feature:
    name: str
    pages: bool = True        # has lois.features.<name>.site with contribute(site)
    commands: tuple[str, ...] = ()  # subcommands added by lois.features.<name>.cli.add_commands
    post_build: bool = False  # lois.features.<name>.site.post_build(site, site_dir, site_name), build_started(…),
    #                           page_written(…) and build_failed(site)
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


def site_contributors() -> list:
    """The ``contribute(site)`` of every feature with pages, in the order of :data:`FEATURES`."""
    return [f.module("site").contribute for f in FEATURES if f.pages]


def config_readers() -> list:
    """The ``configured(site, config)`` of the features whose pages depend on the MkDocs configuration."""
    return [f.module("site").configured for f in FEATURES if f.configured]


def post_builders() -> list:
    return [f.module("site").post_build for f in FEATURES if f.post_build]


def build_starters() -> list:
    """The ``build_started(site, site_dir)`` of the features that see pages: the site is about to be written."""
    return [f.module("site").build_started for f in FEATURES if f.post_build]


def failure_handlers() -> list:
    """The ``build_failed(site)`` of the features that see pages: a build stopped after its first pages."""
    return [f.module("site").build_failed for f in FEATURES if f.post_build]


def page_observers() -> list:
    """The ``page_written(site, site_dir, path, html)`` of the features that see pages as they are written."""
    return [f.module("site").page_written for f in FEATURES if f.post_build]
