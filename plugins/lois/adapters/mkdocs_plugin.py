"""MkDocs adapter: a thin layer over the core (like mkdocs-autorefs).

on_startup  `mkdocs build` or `mkdocs serve` (the plugin then lives across rebuilds: it keeps the last valid site)
on_config   load and validate the whole corpus (nothing is written if it fails), then generate the pages;
            `mkdocs build` writes into a sibling folder of ``site_dir`` (lois.adapters.swap)
on_serve    `mkdocs serve` also watches the corpus: saving a law, a note, an example, a checklist or the
            glossary rebuilds the site; a broken file shows its French error on every page (the last valid
            site stays served; with a corpus broken from the start, the hand-written pages alone) and the next
            valid save clears it
on_env      the theme's compiled templates are kept between builds, as Python keeps its .pyc (lois.render.templates);
            under `mkdocs serve`, a page whose template and spacing would give the HTML of the previous build gets
            it back without them (lois.adapters.pagememo)
on_files    hand the generated pages and assets to MkDocs; a generated page is already HTML (lois.render.htmlpage):
            MkDocs shows it as it is (RenderedPage), without a Markdown pass over it
on_page_content  turn law citations in hand-written pages into links
on_post_page  French spacing over each page's text (lois.render.typo_html), the corpus's error banner on each page
            (serve), memory released once a page is written (build); on_post_template: the same spacing (404 page)
on_post_build    offline use: service worker and downloadable archive (lois.features.offline)
on_pre_build, on_env  under `mkdocs serve`, the site folder is kept from one build to the next and a static file is
            written again only if it changed (lois.adapters.sitekeep)
on_shutdown the finished build takes the place of the previous site in one step; a failed build is dropped
"""
from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from lois import features
from lois.adapters import sitekeep, swap
from lois.adapters.pagememo import PageMemo
from lois.core import livememo, reads, safeio
from lois.core.corpus import Model, load_corpus
from lois.core.errors import LoisError
from lois.features.checks import check_corpus
from lois.features.search import site as search_site
from lois.render import buildcache, site as site_mod
from lois.render.htmlpage import TocEntry

log = get_plugin_logger(__name__)


class RenderedPage(Page):
    """A page the renderer already wrote in HTML: its front matter, body and table of contents are given."""

    def __init__(self, file: File, config, page):
        self.rendered = page
        super().__init__(None, file, config)

    def read_source(self, config) -> None:
        self.markdown, self.meta = "", self.rendered.front_matter()

    def render(self, config, files) -> None:
        self.content = self.rendered.body
        self.toc = get_toc([_toc_token(e) for e in self.rendered.toc])
        self.present_anchor_ids = set(_anchors(self.content))


ANCHOR = re.compile(r'\sid="([^"]+)"')
# the ids of a page's HTML (a pure function of it; under serve, kept for the pages a save leaves unchanged)
_anchors: livememo.Memo[str, frozenset[str]] = livememo.Memo(lambda html: frozenset(ANCHOR.findall(html)))


class _TocToken(TypedDict):
    """What mkdocs.structure.toc.get_toc reads (its own _TocToken, private)."""

    level: int
    id: str
    name: str
    children: list[_TocToken]


def _toc_token(e: TocEntry) -> _TocToken:
    return {"level": e.level, "id": e.id, "name": e.title, "children": [_toc_token(c) for c in e.children]}


def _nav_titles(entries) -> dict:
    out = {}
    for e in entries or []:
        if isinstance(e, dict):
            for title, v in e.items():
                if isinstance(v, str):
                    out[v] = title
                else:
                    out.update(_nav_titles(v))
    return out


class LoisConfig(Config):
    corpus = c.Type(str, default="corpus")


@dataclass
class _Target:
    """Where `mkdocs build` writes: the site folder the reader asked for (``real``) and the sibling folder being
    written (``partial``), which takes its place once the build is ``finished``."""

    config: Any  # mkdocs' configuration, whose site_dir points to ``partial`` during the build
    real: Path
    partial: Path
    finished: bool = False


class LoisPlugin(BasePlugin[LoisConfig]):
    command: str | None = None  # set by on_startup (`mkdocs build`, `serve`, `gh-deploy`); None as a library
    last_valid: tuple[Model, site_mod.SiteBuild] | None = None  # the last valid corpus, under `mkdocs serve`
    corpus_error: str | None = None  # French message shown on every page while the corpus is broken (serve only)
    model: Model | None = None
    site: site_mod.SiteBuild | None = None  # the generated site (None: under `mkdocs serve`, a corpus broken
    # from the start)
    target: _Target | None = None  # `mkdocs build`: where the site is written
    memo: PageMemo | None = None  # `mkdocs serve`: each page's HTML at the previous build, with its key
    keeper: sitekeep.SiteKeeper | None = None  # `mkdocs serve`: what the previous build left in the site folder
    # this build: src_uri → (key, HTML kept from the previous)
    _keys: dict[str, tuple[tuple[str, str | None] | None, str | None]] = {}

    def on_startup(self, *, command, dirty):
        self.command, self.dirty = command, dirty
        self.memo = PageMemo() if command == "serve" else None
        self.keeper = sitekeep.SiteKeeper() if command == "serve" and not dirty else None
        if command == "serve":  # the corpus is read again at each save: a file saved unchanged is not parsed again,
            # nor validated again against an unchanged model (lois.core.filememo)
            from lois.core import filememo, yamlfile

            yamlfile.remember_parsed()
            filememo.remember()
            livememo.start()  # and the search's analysis of each text (pure functions of the text)
            reads.start()  # and what is made from the model, given back while what it read of it is the same
        else:
            livememo.stop()
            reads.stop()
        build_log = logging.getLogger("mkdocs.commands.build")
        for kind in (_DiskErrorFilter, _UnwrittenFilter):
            if not any(isinstance(f, kind) for f in build_log.filters):
                build_log.addFilter(kind())

    def on_config(self, config):
        if self.command in ("build", "gh-deploy"):  # (also `mkdocs serve --clean`: each build, then back)
            livememo.one_build(True)  # no full garbage collection until the site is written (on_post_build)
        if self.memo is not None:
            self.memo.new_build()
        livememo.new_build()
        reads.new_build()
        self._keys = {}
        _unwritten.clear()
        self.corpus_dir = Path(config.config_file_path).parent / self.config.corpus
        self._load(config.use_directory_urls)
        hand_nav = list(config.nav or [])
        generated: list = self.site.nav if self.site is not None else []
        config.nav = [{"Accueil": "index.md"}] + generated + [e for e in hand_nav if e != {"Accueil": "index.md"}
                                                                and e != "index.md"]
        if self.site is not None:
            # the site's stylesheets in one file, its scripts in one (after the data they read): lois.render.site
            own = [p for p in config.extra_css if (Path(config.docs_dir) / p).is_file()]
            palette = _theme_palette(config)  # the theme's palette, its rules the site uses: in the bundle
            css, js = self.site.bundle(Path(config.docs_dir), own, palette)
            config.extra["lois_palette"] = palette[0] if palette else ""  # a link the pages drop (main.html)
            config.extra_css[:] = [p for p in config.extra_css if p not in own] + [css]
            config.extra_javascript.extend([*self.site.data_scripts, js])
            config.extra["lois_build"] = self.site.build_id  # named by every page (overrides/main.html)
            config.extra["lois_search"] = search_site.page_layout(self.site)  # with the layout of its search data
            config.extra["lois_search_script"] = self.site.lazy_scripts.get("assets/lois/search.js", "")
        else:  # serve, corpus broken from the start: the links and menu entries to generated pages go nowhere yet,
            # which is what the banner of every page says; MkDocs does not report each of them (nor stop, --strict)
            for kind in ("links", "nav"):
                for check in ("not_found", "anchors"):
                    if check in config.validation[kind]:
                        config.validation[kind][check] = logging.DEBUG
        if self.command in ("build", "gh-deploy") and not getattr(self, "dirty", False):
            real = Path(config.site_dir)
            swap.clean_leftovers(real)
            self.target = _Target(config, real, swap.partial_dir(real))
            config.site_dir = str(self.target.partial)
        return config

    def _load(self, use_directory_urls: bool) -> None:
        try:
            with safeio.recording() as files_read:  # the cache's key: the bytes read, hashed as they are read
                model = load_corpus(self.corpus_dir)
                checked = check_corpus(model)  # the same check as `lois verifie`, cached build or not
            site = site_mod.SiteBuild(model, use_directory_urls=use_directory_urls, live=self.command == "serve",
                                      contributors=features.site_contributors())
            key = (buildcache.cache_key(files_read, self.corpus_dir, use_directory_urls) if buildcache.enabled()
                   else None)
            from_cache = key is not None and buildcache.restore(site, self.corpus_dir, key)
            if not from_cache:
                with safeio.recording() as build_reads:
                    site.build()
                if key is not None:
                    buildcache.store(site, self.corpus_dir, key, files_read, build_reads)
        except LoisError as exc:
            if self.command != "serve":
                raise PluginError(f"corpus invalide — {exc}") from None
            # `mkdocs serve` keeps running: the last valid site, or (broken from the start) the hand-written pages
            # alone, each page showing the error until the file is fixed and saved
            self.corpus_error = str(exc)
            kept = ("le site servi reste la dernière version valide" if self.last_valid is not None else
                    "aucune version valide encore : seules les pages écrites à la main sont servies")
            sys.stderr.write(f"ERREUR corpus invalide — {exc}\n({kept})\n")
            self.model, self.site = self.last_valid or (None, None)
            return
        self.corpus_error = None
        self.model, self.site = model, site
        if self.command == "serve":
            self.last_valid = (model, site)
        for w in model.warnings + checked.warnings:
            log.info(w)
        if from_cache:
            log.debug("pages générées reprises du cache (corpus et code inchangés)")

    def on_pre_build(self, config):
        if self.keeper is not None:  # before MkDocs empties the site folder
            self.keeper.aside(config.site_dir)

    def on_serve(self, server, config, builder):
        server.watch(str(self.corpus_dir.resolve()))
        return server

    def on_env(self, env, config, files):
        from lois.render import templates

        env = templates.keep_compiled(env)
        if self.memo is not None:
            _memoized_pages(env, self)
        if self.keeper is not None:  # MkDocs writes the static files next
            _kept_static_files(files, self.keeper)
        return env

    def on_nav(self, nav, config, files):
        # a page MkDocs did not create keeps its own title in the menu: give it the title the menu entry names
        titles = _nav_titles(config.nav)
        for page in nav.pages:
            if isinstance(page, RenderedPage) and page.file.src_uri in titles:
                page.title = titles[page.file.src_uri]
        return nav

    def on_files(self, files: Files, config):
        if self.site is None:
            return files
        for path, gen in self.site.files.items():
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            inclusion = InclusionLevel.NOT_IN_NAV if path in self.site.not_in_nav else InclusionLevel.UNDEFINED
            page = gen.page
            # a rendered page is read from RenderedPage, never from its file
            file = File.generated(config, path, content="" if page else gen.content, inclusion=inclusion)
            files.append(file)
            if page is not None:
                RenderedPage(file, config, page)
        return files

    def on_page_content(self, html_text, page, config, files):
        if page.file.generated_by or self.site is None:
            return html_text
        from lois.render.linkify_html import linkify_html

        return linkify_html(html_text, self.site, page.file.src_uri) + self._page_words(page)

    def _page_words(self, page) -> str:
        """A hand-written page that states something about the laws carries, in its front matter, the words of the
        Code its citations rest on (``words:``, as the corpus's texts: lois.core.grounds); they are checked like
        the corpus's and shown at the end of the page. A citation without words, or words that the cited
        provision does not hold, stop the build with the page and the line."""
        from lois.core.grounds import grounds_page_words

        site = self.site
        if site is None:
            return ""
        try:
            shown = grounds_page_words(site.model, page.markdown or "", page.meta.get("words"),
                                       page.file.abs_src_path or page.file.src_uri)
        except LoisError as exc:
            raise PluginError(f"corpus invalide — {exc}") from None
        if not shown:
            return ""
        return ('<details class="lois-words-page"><summary>Les mots du Code derrière cette page</summary>'
                + site.words_html([page.markdown or ""], shown, page.file.src_uri) + "</details>")

    def on_page_context(self, context, page, config, nav):
        # the scripts of the widgets this page shows (checklist, calculator, records, training), after the others
        context["lois_scripts"] = self.site.scripts_of(page.content or "") if self.site is not None else []
        context["lois_styles"] = self.site.styles_of(page.content or "") if self.site is not None else []
        return context

    def on_post_template(self, output_content, template_name, config):
        if self.keeper is not None and output_content.strip():  # MkDocs writes it (sitemap.xml also gzipped)
            for name in (template_name, f"{template_name}.gz") if template_name == "sitemap.xml" else (template_name,):
                self.keeper.wrote(name)
        if not template_name.endswith(".html"):
            return output_content
        from lois.render.typo_html import html_spacing

        return html_spacing(output_content)

    def on_post_page(self, output, page, config):
        from lois.render.typo_html import html_spacing

        key, kept = self._keys.pop(page.file.src_uri, (None, None))
        if kept is not None:
            if self.keeper is not None and _holds(page.file.abs_dest_path, kept):
                self.keeper.wrote(page.file.dest_uri)  # left as it is (_UnwrittenFilter: no « Page skipped »)
                _unwritten.add(page.file.src_uri)
                return ""
            return self._written(page, kept)
        output = html_spacing(output)
        if self.corpus_error:
            from lois.render import templates

            banner = templates.render("render/erreur_corpus.html", message=self.corpus_error,
                                      last_valid=self.site is not None)
            at = output.find(">", output.find("<body")) + 1
            output = output[:at] + banner + output[at:] if at > 0 else banner + output
        if self.target and isinstance(page, RenderedPage):
            # `mkdocs build`: the page is written, its HTML is not needed any more (a large corpus keeps the
            # build's memory flat); `mkdocs serve` keeps the last valid site whole
            page.content = None
            page.rendered.body = ""
        if self.memo is not None:
            self.memo.keep(page, key, output)
        return self._written(page, output)

    def _written(self, page, output: str) -> str:
        if self.keeper is not None and output.strip():  # MkDocs writes what on_post_page returns, if not empty
            self.keeper.wrote(page.file.dest_uri)
        return output

    def _banner(self) -> str:
        """What on_post_page adds to every page beside the spacing (part of a page's key, lois.adapters.pagememo)."""
        return f"{self.corpus_error}\0{self.site is not None}" if self.corpus_error else ""

    def on_post_build(self, config):
        if self.keeper is not None:  # what MkDocs no longer writes, gone before the offline copy lists the files
            self.keeper.prune()
        try:
            for post_build in features.post_builders() if self.site is not None else ():
                try:
                    post_build(self.site, Path(config.site_dir), config.site_name)
                except LoisError as exc:
                    raise PluginError(f"fin de construction — {exc}") from None
        finally:
            self._full_collections_back()
        if self.target:
            self.target.finished = True
        if self.keeper is not None:  # after the plugin's last writer
            self.keeper.finish()

    def _full_collections_back(self) -> None:
        """Python's own rule for full garbage collections, once a build of `mkdocs build` is written or failed."""
        if self.command in ("build", "gh-deploy"):
            livememo.one_build(False)

    def on_build_error(self, error):
        self._full_collections_back()
        if self.keeper is not None:  # what a failed build left is unknown: the next one writes every file
            self.keeper.forget()
        target = self.target
        self._drop()
        if isinstance(error, OSError):  # a full disk, a read-only folder…: one French line, not a traceback
            message = _disk_error(error, target)
            if self.command in ("build", "gh-deploy"):
                logging.getLogger("mkdocs").error(message)
                raise SystemExit(1)  # MkDocs would print the traceback of the OSError
            if self.command == "serve":
                logging.getLogger("mkdocs").error(message)
                return
            raise PluginError(message) from None

    def on_shutdown(self):
        """After `mkdocs build` returned: the finished site takes the previous one's place (never a failed one)."""
        self._full_collections_back()
        if self.target and self.target.finished:
            config, real, partial = self.target.config, self.target.real, self.target.partial
            try:
                swap.exchange(partial, real)
            except OSError as exc:
                self._drop()
                message = (f"le site construit n'a pas pu remplacer {safeio.shown(real)} : {safeio.french_error(exc)}"
                           " ; " + ("ce qui s'y trouvait est resté tel quel" if real.exists()
                                    else "aucun site n'a été écrit"))
                if self.command in ("build", "gh-deploy"):
                    logging.getLogger("mkdocs").error(message)
                    raise SystemExit(1) from None
                raise PluginError(message) from None
            config.site_dir = str(real)
            self.target = None
        self._drop()

    def _drop(self) -> None:
        if self.target:
            shutil.rmtree(self.target.partial, ignore_errors=True)
            self.target.config.site_dir = str(self.target.real)
            self.target = None


def _theme_palette(config) -> tuple[str, str] | None:
    """(its address in the site, the rules the site uses) of Material's palette stylesheet, which every page would
    load as a file of its own with the rules of every colour: the schemes, primary and accent colours of
    ``theme.palette`` (Material's defaults: « default », « indigo »). None without a palette or such a file."""
    from lois.render import minify

    raw = config.theme.get("palette")
    if not raw:
        return None
    entries = raw if isinstance(raw, list) else [raw]
    used: dict[str, set[str]] = {"scheme": set(), "primary": set(), "accent": set()}
    for entry in entries:
        for key, default in (("scheme", "default"), ("primary", "indigo"), ("accent", "indigo")):
            used[key].add(str(entry.get(key) or default).replace(" ", "-").lower())
    for folder in config.theme.dirs:
        found = sorted((Path(folder) / "assets" / "stylesheets").glob("palette.*.min.css"))
        if found:
            return (f"assets/stylesheets/{found[0].name}",
                    minify.palette(found[0].read_text(encoding="utf-8"), used))
    return None


def _memoized_pages(env, plugin: LoisPlugin) -> None:
    """Under `mkdocs serve`: the template MkDocs asks for a page (``env.get_template(name)``, no parent: the theme's
    own extends and includes are left alone) first looks for the page's HTML of the previous build under the key of
    what it is made of (lois.adapters.pagememo); found, it renders nothing and on_post_page returns that HTML."""
    get_template = env.get_template

    def get(name, parent=None, globals=None):
        template = get_template(name, parent, globals)
        return template if parent is not None else _Memoized(template, plugin)

    env.get_template = get


class _Memoized:
    def __init__(self, template, plugin: LoisPlugin):
        self.template, self.plugin = template, plugin

    def __getattr__(self, name):
        return getattr(self.template, name)

    def render(self, *args, **kwargs):
        context = dict(*args, **kwargs)
        page, memo = context.get("page"), self.plugin.memo
        if page is None or memo is None:
            return self.template.render(*args, **kwargs)
        key = memo.key(context, page, self.plugin._banner())
        kept = memo.get(page, key)
        self.plugin._keys[page.file.src_uri] = (key, kept)
        return kept if kept is not None else self.template.render(*args, **kwargs)


def _kept_static_files(files: Files, keeper: sitekeep.SiteKeeper) -> None:
    """Under `mkdocs serve`: MkDocs' copy of the static files (``Files.copy_static_files``, its loop) puts the
    previous site back in place first, then leaves alone each file that :meth:`sitekeep.SiteKeeper.unchanged` keeps."""
    def copy_static_files(dirty: bool = False, *, inclusion=InclusionLevel.is_included) -> None:
        keeper.back([f.dest_uri for f in files if inclusion(f.inclusion)])
        for file in files:
            if file.is_documentation_page() or not inclusion(file.inclusion):
                continue
            if not keeper.unchanged(file.dest_uri, file.abs_dest_path, file.abs_src_path, file._content):
                file.copy_file(dirty)
                keeper.wrote(file.dest_uri)

    files.copy_static_files = copy_static_files  # type: ignore[method-assign]


def _holds(path: str | None, html: str) -> bool:
    """Whether the file ``path`` holds the bytes MkDocs would write for ``html`` (under `mkdocs serve`, a page the
    previous build wrote and this one gives back unrendered, lois.adapters.pagememo: not written again). Reading and
    comparing costs half of writing (at ×9, 0.03 s instead of 0.06 s for 230 pages), and the file's stat stays that
    of the previous build, which lets the offline copy reuse its digest (lois.features.offline.archive)."""
    if not path:
        return False
    data = html.encode("utf-8", errors="xmlcharrefreplace")  # as MkDocs' _build_page encodes it
    try:
        if os.path.getsize(path) != len(data):
            return False
        with open(path, "rb") as fh:
            return fh.read() == data
    except OSError:
        return False


_unwritten: set[str] = set()  # the pages on_post_page left as they were (src_uri): MkDocs logs them as skipped


class _UnwrittenFilter(logging.Filter):
    """MkDocs says « Page skipped: 'x'. Generated empty output. » of a page for which on_post_page returned nothing:
    said of a page left as it was (:func:`_holds`), that line is left out."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not _unwritten or not record.getMessage().startswith("Page skipped: '"):
            return True
        src = record.getMessage()[len("Page skipped: '"):].rpartition("'. Generated empty output.")[0]
        if src in _unwritten:
            _unwritten.discard(src)
            return False
        return True


class _DiskErrorFilter(logging.Filter):
    """MkDocs says « Error building page 'x': [Errno 28] No space left on device » (in English) before the error
    reaches on_build_error, which says it in French: that line is left out."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not (text.startswith("Error building page") and "[Errno " in text)


def _disk_error(error: OSError, target: _Target | None) -> str:
    """One French line for an I/O error of the build: what failed, where, and that the previous site is kept."""
    what = safeio.french_error(error)
    # shutil's copies name the source first and the destination second (filename2)
    names = [Path(os.fsdecode(n)) for n in (error.filename2, error.filename) if n]
    if target is None:
        return f"construction impossible — {safeio.shown(names[0]) + ' : ' if names else ''}{what}"
    real, partial = target.real, target.partial
    kept = (f"le site précédent ({safeio.shown(real)}) est resté tel quel" if real.exists()
            else "aucun site n'a été écrit")
    writing = error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG) or not names or any(
        n == partial or partial in n.parents or n == real.parent for n in names)
    if writing:
        where = f"écriture du site dans {safeio.shown(real.parent)} impossible"
    else:
        where = f"construction impossible — {safeio.shown(names[0])}"
    return f"{where} : {what} ; {kept}."
