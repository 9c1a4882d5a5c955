"""Under `mkdocs serve`: a page whose HTML would be what the previous build wrote is given that HTML back, without
running the theme's template and the site's spacing again (most of MkDocs' own share of a rebuild).

What MkDocs writes for a page is a function of what its template reads, then of what ``on_post_page`` does:

* the page: its content, table of contents, title, address, front matter, its neighbours in the menu;
* what every page of the build shares: the menu (each entry's kind, title, address, front matter, children), the
  configuration (the plugins' included), the theme's templates, the other values of the context (the site's
  scripts and styles, those of the page's widgets);
* the banner of a broken corpus (``on_post_page``).

:meth:`PageMemo.key` digests all of it, each value by a description made of its own data (:func:`describe`). A value
this module cannot describe by its data, or whose description names a memory address (« at 0x… »), makes the key
None: the page is rendered as without this module, so that a missing fact costs time, never a stale page. The
theme's templates are described by the size and time of every file of its folders (the icon sets of an installed
theme, thousands of files that `mkdocs serve` never watches, aside: the theme's package is the one this process
imported). ``build_date_utc``, which changes at each build, counts only if a template names it.

A page whose key equals the one kept from the previous build gets that build's HTML; any other is rendered and kept.
``tests/test_serve_incremental.py`` checks that a rebuild after each kind of save writes the very bytes a clean
build of the saved corpus writes.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from typing import Any

from mkdocs.plugins import BasePlugin
from mkdocs.structure.nav import Link, Section
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents
from mkdocs.theme import Theme


class Unstable(Exception):
    """A value described by nothing but its identity: the page cannot be matched with a previous build's."""


# context values described apart (the page, the menu, the configuration), or the same for every page of a build
_APART = {"page", "nav", "config", "pages"}


def describe(value: Any, depth: int = 0) -> Any:
    """A description of ``value`` made of its data (JSON-able), equal for equal data at every build."""
    if depth > 40:
        raise Unstable("trop profond")
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    d = depth + 1
    if isinstance(value, Theme):
        return {"theme": value.name, "dirs": list(value.dirs), "vars": describe(dict(value.items()), d)}
    if isinstance(value, BasePlugin):
        return {"plugin": f"{type(value).__module__}.{type(value).__qualname__}", "config": describe(value.config, d)}
    if isinstance(value, Mapping):
        return [[repr(k), describe(v, d)] for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))]
    if isinstance(value, (list, tuple)):
        return [describe(v, d) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((describe(v, d) for v in value), key=repr)
    text = repr(value)
    if " at 0x" in text or (type(value).__repr__ is object.__repr__):
        raise Unstable(text)
    return [type(value).__qualname__, text]


def _toc(toc: TableOfContents | list[AnchorLink]) -> list:
    return [[a.title, a.id, a.level, _toc(a.children)] for a in toc]


def _item(item: Any, d: int) -> Any:
    if isinstance(item, Page):
        return ["page", item.title, item.url, item.file.src_uri, describe(item.meta, d), item.is_index]
    if isinstance(item, Section):
        return ["section", item.title, [_item(c, d) for c in item.children]]
    if isinstance(item, Link):
        return ["link", item.title, item.url]
    raise Unstable(repr(item))


def _theme_files(theme: Theme) -> tuple[list, bool]:
    """(path, size, time) of every file of the theme's folders (an installed theme's icon sets aside), and whether
    a template names ``build_date_utc``."""
    out: list = []
    dated = False
    for top in theme.dirs:
        installed = "site-packages" in top or "dist-packages" in top
        for dirpath, dirnames, filenames in os.walk(top):
            if installed:
                dirnames[:] = [n for n in dirnames if n != ".icons"]
            dirnames.sort()
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                st = os.stat(path)
                out.append([path, st.st_size, st.st_mtime_ns])
                if name.endswith((".html", ".xml", ".j2")) and not dated:
                    with open(path, "rb") as fh:
                        dated = b"build_date_utc" in fh.read()
    return out, dated


class PageMemo:
    """The HTML of each page at the previous build, with its key (under `mkdocs serve` only)."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[tuple[str, str | None], str]] = {}  # src_uri → (key, HTML written)
        self._shared: tuple[int, int, str | None, bool] | None = None  # (id(config), id(nav), digest, dated)
        self.hits = 0

    def new_build(self) -> None:
        self._shared, self.hits = None, 0

    def _shared_digest(self, context: Mapping) -> tuple[str | None, bool]:
        config, nav = context.get("config"), context.get("nav")
        if self._shared is not None and self._shared[:2] == (id(config), id(nav)):
            return self._shared[2], self._shared[3]
        try:
            if config is None:
                raise Unstable("sans configuration")
            files, dated = _theme_files(config.theme)
            shared = {"config": describe({k: v for k, v in config.items() if k != "nav"}), "theme": files,
                      "nav": [_item(i, 0) for i in nav.items] if nav is not None else None,
                      "pages": [[f.src_uri, f.url] for f in context.get("pages") or []]}
            digest: str | None = _digest(shared)
        except (Unstable, OSError, AttributeError, TypeError):
            digest, dated = None, False
        self._shared = (id(config), id(nav), digest, dated)
        return digest, dated

    def key(self, context: Mapping, page: Page, banner: str) -> tuple[str, str | None] | None:
        """What the HTML of ``page`` is made of (``context``: its template's; ``banner``: what on_post_page adds):
        the digest of all of it but the page's content, and the content itself (compared as it is: a page the
        plugin kept has the very same text, digesting it again would cost more than the comparison); None when
        something in it cannot be described by its data."""
        shared, dated = self._shared_digest(context)
        if shared is None:
            return None
        try:
            own = {"shared": shared, "banner": banner,
                   "page": [page.file.src_uri, page.url, page.canonical_url, page.edit_url, page.title,
                            page.is_homepage, describe(page.meta), _toc(page.toc),
                            page.previous_page.url if page.previous_page else None,
                            page.next_page.url if page.next_page else None],
                   "context": describe({k: v for k, v in context.items()
                                        if k not in _APART and (dated or k != "build_date_utc")})}
            return _digest(own), page.content
        except (Unstable, AttributeError, TypeError):
            return None

    def get(self, page: Page, key: tuple[str, str | None] | None) -> str | None:
        kept = self.kept.get(page.file.src_uri)
        if key is not None and kept is not None and kept[0] == key:
            self.hits += 1
            return kept[1]
        return None

    def keep(self, page: Page, key: tuple[str, str | None] | None, html: str) -> None:
        if key is None:
            self.kept.pop(page.file.src_uri, None)
        else:
            self.kept[page.file.src_uri] = (key, html)


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8",
                                                                                          "surrogatepass")).hexdigest()
