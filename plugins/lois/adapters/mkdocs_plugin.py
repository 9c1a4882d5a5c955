"""MkDocs adapter: a thin layer over the core (like mkdocs-autorefs).

on_config   load and validate the whole corpus (nothing is written if it fails), then generate the pages,
            or take them from the cache of a previous build of the same corpus and code (lois.render.buildcache)
on_files    hand the generated pages and assets to MkDocs
on_page_content  turn law citations in hand-written pages into links
on_post_build    offline use: service worker and downloadable archive (lois.features.offline)
"""
from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel

from lois.core.corpus import load_corpus
from lois.core.errors import LoisError
from lois import features
from lois.features.checks import check_corpus
from lois.render import buildcache, site as site_mod

log = get_plugin_logger(__name__)



class LoisConfig(Config):
    corpus = c.Type(str, default="corpus")


class LoisPlugin(BasePlugin[LoisConfig]):
    def on_config(self, config):
        root = Path(config.config_file_path).parent
        corpus_dir = root / self.config.corpus
        try:
            self.model = load_corpus(corpus_dir)
            check_corpus(self.model)  # the same check as `lois verifie`, cached build or not
            self.site = site_mod.SiteBuild(self.model, use_directory_urls=config.use_directory_urls,
                                           contributors=features.site_contributors())
            key = buildcache.cache_key(corpus_dir, config.use_directory_urls) if buildcache.enabled() else None
            self.from_cache = key is not None and buildcache.restore(self.site, corpus_dir, key)
            if not self.from_cache:
                self.site.build()
                if key is not None:
                    buildcache.store(self.site, corpus_dir, key)
        except LoisError as exc:
            raise PluginError(f"corpus invalide — {exc}") from None
        for w in self.model.warnings:
            log.info(w)
        if self.from_cache:
            log.debug("pages générées reprises du cache (corpus et code inchangés)")
        hand_nav = list(config.nav or [])
        config.nav = [{"Accueil": "index.md"}] + self.site.nav + [e for e in hand_nav if e != {"Accueil": "index.md"}
                                                                    and e != "index.md"]
        for s in self.site.styles:
            config.extra_css.append(s)
        for s in self.site.scripts:
            config.extra_javascript.append(s)
        return config

    def on_files(self, files: Files, config):
        for path, gen in self.site.files.items():
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            inclusion = InclusionLevel.NOT_IN_NAV if path in self.site.not_in_nav else InclusionLevel.UNDEFINED
            files.append(File.generated(config, path, content=gen.content, inclusion=inclusion))
        return files

    def on_page_content(self, html_text, page, config, files):
        if page.file.generated_by:
            return html_text
        from lois.render.linkify_html import linkify_html

        return linkify_html(html_text, self.site, page.file.src_uri)

    def on_post_build(self, config):
        for post_build in features.post_builders():
            try:
                post_build(self.site, Path(config.site_dir), config.site_name)
            except LoisError as exc:
                raise PluginError(f"fin de construction — {exc}") from None
