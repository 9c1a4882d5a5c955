"""Cache of the generated site: what :meth:`SiteBuild.build` produces, kept between builds.

The generated pages, assets, menu entries, scripts and styles are a pure function of

* the bytes of the corpus files the build read (laws, commentaries, notes, examples, glossary, checklists…),
* the code and the assets of this package (``plugins/lois``, every file but compiled ones),
* the libraries that shape the output (:data:`LIBRARIES`: every library the package imports, and the ones these
  call to render, escape or validate) and Python's version,
* the site's ``use_directory_urls``.

The key is made of exactly the bytes the build used, never of a second read: loading and checking the corpus
run under :func:`lois.core.safeio.recording`, which hashes each file as it is read (one read per file), and
:func:`cache_key` hashes these digests (the caller asks :func:`enabled` first). A file saved while the corpus is
read therefore gives the key of what was read, not of what is on the disk a moment later: the next build, which
the save starts under ``mkdocs serve``, reads the new bytes, gets another key, and builds (issue 36: the old key
hashed the disk 0.15 s after the read, and a save in between stored the old site under the new key). A file read
only while the pages are generated (the search's lexicon) is kept in the entry with its digest, and checked again
before the entry is used; a build that read a file twice and got other bytes is not stored.

:func:`restore` fills a fresh :class:`SiteBuild` from the entry of that key, if a previous build left one, and
:func:`store` leaves one after a build. A rebuild of an unchanged corpus (``mkdocs serve`` after an edit of a
hand-written page, a second build in CI with the cache kept) then skips the rendering and the search index, and
only loads and checks the corpus, which every build still does: errors are reported and the citations of
hand-written pages linked exactly as on a first build. Any change to a corpus file or to the code gives another
key: nothing stale is served.

The folder is ``$LOIS_CACHE/site`` or ``build/cache/site`` beside the corpus (:mod:`lois.core.cachedir`);
``LOIS_CACHE_SITE=0`` turns it off. The newest :data:`KEEP` entries are kept. An unreadable entry is ignored.
Entries are pickles: the folder is trusted like the code that writes it (never point LOIS_CACHE at a shared,
writable place).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from lois.core import safeio
from lois.core.cachedir import cache_base
from lois.core.errors import LoisError
from lois.render.htmlpage import HtmlPage
from lois.render.site import GeneratedFile, PageScript, SiteBuild

FORMAT = 6
KEEP = 4
# every distribution whose code the generated pages go through (tests/test_buildcache.py checks that each library
# the package imports is here); MkDocs and its theme are left out: the cache holds what the package generates
LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "mdurl", "whoosh-reloaded", "PyYAML", "Jinja2", "MarkupSafe",
             "pydantic", "pydantic-core", "pypdf", "rcssmin", "rjsmin")
PACKAGE = Path(__file__).resolve().parents[1]  # the whole lois package: code and assets


def enabled() -> bool:
    return os.environ.get("LOIS_CACHE_SITE", "1").strip().lower() not in ("0", "non", "no", "false", "off")


def cache_folder(corpus_dir: Path) -> Path:
    return cache_base(corpus_dir) / "site"


def _tree(h, top: Path, skip_dirs: frozenset = frozenset({"__pycache__"})) -> None:
    """Every file under ``top``, by sorted relative path, into the hash (path, size, bytes)."""
    top_s = os.fspath(top)
    found = []
    for dirpath, dirnames, filenames in os.walk(top_s):
        dirnames[:] = [d for d in dirnames if d not in skip_dirs and not d.startswith(".")]
        rel = os.path.relpath(dirpath, top_s)
        for name in filenames:
            if name.endswith((".pyc", ".pyo")) or name.startswith("."):
                continue
            found.append(name if rel == "." else f"{rel}/{name}".replace(os.sep, "/"))
    for rel in sorted(found):
        data = safeio.read_bytes(top / rel)  # the one guarded read: a regular file of bounded size
        h.update(f"{rel}\0{len(data)}\0".encode())
        h.update(data)


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "-"


_package_digest: str | None = None


def _package() -> str:
    """The digest of this package's code and assets, computed once per process: the code a process runs is the
    code it imported (under ``mkdocs serve``, an edit of the code is not run before the server restarts)."""
    global _package_digest
    if _package_digest is None:
        h = hashlib.sha256()
        _tree(h, PACKAGE)
        _package_digest = h.hexdigest()
    return _package_digest


def _name(path: str, corpus_dir: Path) -> str:
    """A file read, as the key names it: relative to the corpus when it is inside (a copied project keeps its
    cache), else absolute."""
    rel = os.path.relpath(path, os.path.abspath(corpus_dir))
    return path if rel.startswith("..") else rel.replace(os.sep, "/")


def cache_key(reads: dict[str, str | None], corpus_dir: Path, use_directory_urls: bool) -> str | None:
    """The key of the corpus files read (``reads``: :func:`lois.core.safeio.recording`, path → digest of the bytes
    read), this code and option; None when a file was read twice with other bytes, or the code cannot be read
    (then nothing is cached)."""
    if any(d is None for d in reads.values()):
        return None
    h = hashlib.sha256()
    h.update(f"{FORMAT}\0{sys.version_info[:3]}\0{use_directory_urls}\0".encode())
    h.update("\0".join(f"{n}={_version(n)}" for n in LIBRARIES).encode())
    try:
        h.update(b"\0package\0" + _package().encode())
    except (OSError, LoisError):
        return None
    h.update(b"\0corpus\0")
    for name, digest in sorted((_name(p, corpus_dir), d) for p, d in reads.items()):
        h.update(f"{name}\0{digest}\0".encode())
    return h.hexdigest()[:32]


def _entry(corpus_dir: Path, key: str) -> Path:
    return cache_folder(corpus_dir) / f"{key}.pickle"


def load_pickle(path: Path):
    """(header, items) that :func:`save_pickle` left at ``path``; None when it is absent, damaged, cut short or
    unreadable."""
    try:
        with open(path, "rb") as fh:
            header, items = pickle.load(fh), []
            while (item := pickle.load(fh)) is not None:
                items.append(item)
            return header, items
    except Exception:  # noqa: BLE001 - a damaged or foreign entry: build as if there were none
        return None


def save_pickle(path: Path, header, items) -> bool:
    """Write ``header`` then each of ``items`` to ``path``, whole or not at all (best effort: False on a
    read-only or full disk). One pickle per item: the pickler holds one item's bytes at a time, not the whole
    site's (it keeps what it writes in memory until the end of each dump)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".pickle", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(header, fh, protocol=pickle.HIGHEST_PROTOCOL)
            for item in items:
                pickle.dump(item, fh, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.dump(None, fh)
        os.replace(tmp, path)
    except OSError:
        return False
    return True


def restore(site: SiteBuild, corpus_dir: Path, key: str) -> bool:
    """Fill ``site`` (fresh, not built) from the cache; False when there is no usable entry."""
    path = _entry(corpus_dir, key)
    loaded = load_pickle(path)
    data, items = loaded if loaded is not None else (None, [])
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return False
    if not _unchanged(data.get("extra"), corpus_dir):
        return False
    try:
        files = {p: GeneratedFile(p, _decode(c)) for p, c in items}
        nav, scripts, styles, not_in_nav = data["nav"], data["scripts"], data["styles"], set(data["not_in_nav"])
        page_scripts = [PageScript(path, tuple(markers)) for path, markers in data["page_scripts"]]
        page_styles = [PageScript(path, tuple(markers)) for path, markers in data["page_styles"]]
        data_scripts = list(data["data_scripts"])
        lazy_scripts = [str(path) for path in data["lazy_scripts"]]
    except (KeyError, TypeError, ValueError):
        return False
    site.files, site.nav, site.scripts, site.styles, site.not_in_nav = files, nav, scripts, styles, not_in_nav
    site.page_scripts, site.page_styles, site.data_scripts = page_scripts, page_styles, data_scripts
    site.lazy_scripts = {path: path for path in lazy_scripts}  # named again by bundle(), as the bundle is
    try:
        os.utime(path)  # recently used: kept by the pruning below
    except OSError:
        pass
    return True


def _unchanged(extra, corpus_dir: Path) -> bool:
    """Whether each file an entry's build read beyond its key (name → digest) holds the same bytes now."""
    if not isinstance(extra, dict):
        return False
    for name, digest in extra.items():
        path = Path(corpus_dir) / name if not os.path.isabs(name) else Path(name)
        try:
            if hashlib.sha256(safeio.read_bytes(path)).hexdigest() != digest:
                return False
        except LoisError:
            return False
    return True


def store(site: SiteBuild, corpus_dir: Path, key: str, reads: dict[str, str | None],
          build_reads: dict[str, str | None]) -> None:
    """Leave the products of a finished build in the cache (best effort: a read-only disk is no error).
    ``reads``: the files the key was made of; ``build_reads``: the files the generation of the pages read. A
    file the generation read with other bytes than the key's (saved meanwhile) leaves nothing in the cache; one
    it read beyond them is kept in the entry with its digest (:func:`restore` checks it)."""
    extra = {}
    for path, digest in build_reads.items():
        if digest is None or reads.get(path, digest) != digest:
            return
        if path not in reads:
            extra[_name(path, corpus_dir)] = digest
    data = {"format": FORMAT, "key": key, "nav": site.nav, "scripts": site.scripts, "styles": site.styles,
            "page_scripts": [[s.path, list(s.markers)] for s in site.page_scripts],
            "page_styles": [[s.path, list(s.markers)] for s in site.page_styles], "data_scripts": site.data_scripts,
            "lazy_scripts": list(site.lazy_scripts),
            "not_in_nav": sorted(site.not_in_nav), "extra": extra}
    if save_pickle(_entry(corpus_dir, key), data, ((p, _encode(g.data)) for p, g in site.files.items())):
        _prune(cache_folder(corpus_dir))


def _encode(data):
    """A generated file for the cache, its texts as UTF-8 bytes: pickling a text would leave a UTF-8 copy of it
    attached to the text for as long as the build keeps it (CPython caches that encoding in the string)."""
    if isinstance(data, HtmlPage):
        return ("page", data.title, data.body.encode("utf-8"), data.toc, data.meta)
    if isinstance(data, str):
        return ("text", data.encode("utf-8"))
    return ("bytes", data)


def _decode(item):
    kind = item[0]
    if kind == "page":
        return HtmlPage(item[1], item[2].decode("utf-8"), item[3], item[4])
    return item[1].decode("utf-8") if kind == "text" else item[1]


def _prune(folder: Path) -> None:
    try:
        entries = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[KEEP:]:
            old.unlink()
    except OSError:
        pass
