"""The served site without network: the generated service worker and the list of files « save all » stores.

The worker's cache is named after a hash of the site's content (:func:`content_version`), so each new
build installs a new cache and drops the old one. Its code is ``sw.js`` next to this module, with the
values below filled in at build time.
"""
from __future__ import annotations

import hashlib
import json
import posixpath
import re
from importlib import resources

from lois.core.ids import LAW_COUNT
from lois.render.templates import render
from lois.render.typo_html import html_spacing

CACHE_PREFIX = "lois-"
SW_PATH = "sw.js"
MANIFEST_PATH = "hors-ligne/contenu.json"
COMPLETE_MARK = "hors-ligne/complet"  # cache entry written once every file of the manifest is saved
LIVE_VERSION = "serve"  # under `mkdocs serve`: one worker for every rebuild (a new one would announce a new version)

_ASSET = re.compile(r"""<(?:script|link)\s[^>]*?(?:src|href)=["']([^"'#?]+)["'][^>]*>"""
                    r"""|<meta name="lois-search-script" content="([^"'#?]+)">""", re.I)
_REL = re.compile(r"""\brel=["']([^"']*)["']""", re.I)


def content_version(digests: dict[str, bytes]) -> str:
    """Short hash of every path and the SHA-256 of its bytes (``digests``)."""
    h = hashlib.sha256()
    for path in sorted(digests):
        h.update(path.encode() + b"\0" + digests[path])
    return h.hexdigest()[:16]


def page_url(path: str) -> str:
    """Site-relative URL of a built file: ``lois/50/index.html`` → ``lois/50/``, ``index.html`` → ``./``."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def page_assets(page_path: str, page_html: str) -> list[str]:
    """Site-relative paths of the stylesheets, scripts and icons a built page loads, and the search's script that its
    header's box fetches when needed (search-box.js): without network, the saved copy searches too."""
    out = []
    base = posixpath.dirname(page_path)
    for m in _ASSET.finditer(page_html):
        tag, url = m.group(0), m.group(1) or m.group(2)
        if tag[1:5].lower() == "link":
            rel = _REL.search(tag)
            if not rel or not set(rel.group(1).lower().split()) & {"stylesheet", "icon"}:
                continue
        if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:|^/", url):
            continue
        path = posixpath.normpath(posixpath.join(base, url))
        if not path.startswith("../") and path not in out:
            out.append(path)
    return out


def cache_name(version: str, folder: str = "/") -> str:
    """The worker's cache of a copy of the site served from ``folder`` (its path on the host, the worker's scope):
    each copy on a host has its own caches, and deletes only its own (sw.js ``OWN``, offline.js ``cacheName``)."""
    return f"{CACHE_PREFIX}{folder}|{version}"


def manifest(version: str, sizes: dict[str, int], build: str = "") -> dict:
    """What « Enregistrer tout le code » stores: every file of the site as [url, size], and the total; the
    cache's name is :func:`cache_name` of the folder the site is served from, known to the browser only;
    ``build``: the build the pages name (``SiteBuild.build_id``), by which a page tells a newer list."""
    files = [[page_url(p), sizes[p]] for p in sorted(sizes)]
    return {"version": version, "build": build, "cachePrefix": CACHE_PREFIX, "complete": COMPLETE_MARK,
            "files": files, "total": sum(f[1] for f in files)}


def service_worker(version: str, core: list[str], pages: dict[str, str], site_name: str, live: bool = False,
                   build: str = "") -> str:
    """The text of ``sw.js``. ``pages``: site-relative URLs of home, laws, search and offline pages. ``live``: the
    site is served by `mkdocs serve` (the worker reads the network first, the cache only without network).
    ``build``: the build its pages name (a page of another build tells the worker it is outdated)."""
    offline_html = html_spacing(render("offline/hors_connexion.html", site_name=site_name, law_count=LAW_COUNT,
                                            **pages))
    values = {
        "__VERSION__": version,
        "__PREFIX__": CACHE_PREFIX,
        "__MANIFEST__": MANIFEST_PATH,
        "__COMPLETE__": COMPLETE_MARK,
        "__BUILD__": build,
    }
    text = resources.files(__package__).joinpath("sw.js").read_text(encoding="utf-8")
    for k, v in values.items():
        text = text.replace(k, v)
    text = text.replace("__CORE__", json.dumps(core, ensure_ascii=False)).replace("__LIVE__", json.dumps(live))
    return text.replace("__OFFLINE_HTML__", json.dumps(offline_html, ensure_ascii=False).replace("</", "<\\/"))
