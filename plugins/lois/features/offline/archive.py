"""A copy of a built site that works opened as files (file://), and a deterministic ZIP of it.

Plain Python over a built site folder: nothing here knows MkDocs.

Opened as files, a link to a folder (``../lois/50/#D2``) shows the folder's listing instead of its page,
and ``fetch()`` is refused. The copy therefore:

- gives every relative link, image, form target, meta refresh and redirect script naming a folder its
  ``index.html`` (``../lois/50/#D2`` → ``../lois/50/index.html#D2``, ``..`` → ``../index.html``);
- adds a small script (:data:`FILE_MODE_SCRIPT`, first in each page's head) that, only under file://, does
  the same for links and forms created by scripts (search results, checklists, linkifier) and answers
  ``fetch()`` of the site's JSON files from a script twin of each (``api/lois.json`` → ``api/lois.json.js``)
  — the data itself is the generated JSON, wrapped, not rewritten.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import posixpath
import re
import struct
import time
import zlib
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from lois.render.buildcache import load_pickle, save_pickle

FILE_MODE_SCRIPT = "assets/lois/hors-ligne-fichiers.js"
DATA_GLOBAL = "loisFichiers"  # window.loisFichiers["api/lois.json"] = {…} (read by the file-mode script)

# never useful in the copy: source maps, crawler files, the server's 404 page (absolute links)
EXCLUDED_NAMES = {"sitemap.xml", "sitemap.xml.gz", "404.html"}
# the theme copies its own search engine even when its search plugin is off
THEME_SEARCH = ("assets/javascripts/lunr/", "assets/javascripts/workers/")
THEME_SEARCH_MARK = 'data-md-component="search"'

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# case-sensitive (fast): the pages are generated, in lower case, and the browser tests look for folder links
_ATTR = re.compile(r"""(\s(?:xlink:)?(?:href|src|action|HREF|SRC|ACTION)=)("[^"]*"|'[^']*')""")
_REFRESH = re.compile(r"""(<meta\s[^>]*http-equiv=["']?refresh["']?[^>]*content=["']\s*\d+\s*;\s*url=)([^"']*)""", re.I)
_REPLACE = re.compile(r"""(location\.(?:replace|assign)\()("(?:[^"\\]|\\.)*")""")
_CHARSET = re.compile(r"<meta\s+charset=[^>]*>", re.I)  # stays first: the encoding of a file is read from it
_HEAD = re.compile(r"<head(?:\s[^>]*)?>", re.I)
_HTML = re.compile(r"<html(?:\s[^>]*)?>", re.I)


def file_url(url: str) -> str:
    """The same relative URL, naming ``index.html`` when it names a folder; others are returned unchanged."""
    if not url or url[0] in "#?/" or (":" in url and _SCHEME.match(url)):
        return url
    q, h = url.find("?"), url.find("#")
    cut = q if q >= 0 and (h < 0 or q < h) else h
    path, rest = (url, "") if cut < 0 else (url[:cut], url[cut:])
    if path == ".":
        path = "index.html"
    elif path.endswith("/"):
        path += "index.html"
    elif path == ".." or path.endswith(("/.", "/..")):
        path += "/index.html"
    else:
        return url
    return path + rest


def _attr(m: re.Match) -> str:
    quoted = m.group(2)
    return m.group(1) + quoted[0] + file_url(quoted[1:-1]) + quoted[-1]


def _js_string(m: re.Match) -> str:
    value = json.loads(m.group(2))
    return m.group(1) + json.dumps(file_url(value), ensure_ascii=False).replace("</", "<\\/")


def rewrite_html(text: str, script_src: str | None = None) -> str:
    """A page ready for file://: folder links name ``index.html``; ``script_src`` (page-relative) is
    loaded first in the head."""
    text = _ATTR.sub(_attr, text)
    if "http-equiv" in text:
        text = _REFRESH.sub(lambda m: m.group(1) + file_url(m.group(2)), text)
    if "location." in text:
        text = _REPLACE.sub(_js_string, text)
    if script_src:
        tag = f'<script src="{script_src}"></script>'
        m = _CHARSET.search(text) or _HEAD.search(text) or _HTML.search(text)
        text = text[:m.end()] + tag + text[m.end():] if m else tag + text
    return text


def json_script(path: str, data: bytes) -> bytes:
    """Script twin of a JSON file: it hands the data to the file-mode script (JSON is a JavaScript expression)."""
    head = f"(window.{DATA_GLOBAL} = window.{DATA_GLOBAL} || {{}})[{json.dumps(path)}] = "
    return head.encode() + data.strip() + b";\n"


def site_files(site_dir: Path) -> list[str]:
    """Every file of a built site, as sorted site-relative POSIX paths."""
    out = []
    top = os.fspath(site_dir)
    for dirpath, _dirnames, filenames in os.walk(top):
        rel = dirpath[len(top):].strip(os.sep).replace(os.sep, "/")
        prefix = rel + "/" if rel else ""
        out.extend(prefix + name for name in filenames)
    return sorted(out)


def select(files: list[str], home_html: str, skip: set[str] = frozenset()) -> list[str]:
    """The files worth carrying: all but ``skip``, source maps, crawler files, 404 page, unused theme search."""
    theme_search_used = THEME_SEARCH_MARK in home_html
    out = []
    for f in files:
        if f in skip or f.endswith(".map") or f in EXCLUDED_NAMES:
            continue
        if not theme_search_used and f.startswith(THEME_SEARCH):
            continue
        out.append(f)
    return out


def file_mode_script() -> bytes:
    return resources.files(__package__).joinpath("file_mode.js").read_bytes()


def copy_entries(path: str, data: bytes, script_src: str) -> list[tuple[str, bytes]]:
    """The entries of the file://-ready copy for one file of the site: a page rewritten (``script_src`` is the
    page-relative path of :data:`FILE_MODE_SCRIPT`), a JSON file and its script twin, any other file as is."""
    if path.endswith(".html"):
        return [(path, rewrite_html(data.decode("utf-8"), script_src).encode("utf-8"))]
    if path.endswith(".json"):
        return [(path, data), (path + ".js", json_script(path, data))]
    return [(path, data)]


def script_src_for(path: str) -> str:
    return posixpath.relpath(FILE_MODE_SCRIPT, posixpath.dirname(path) or ".")


def zip_time() -> tuple[int, int, int, int, int, int]:
    """Timestamp of every entry: SOURCE_DATE_EPOCH if set (reproducible builds), else 1980-01-01."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        t = time.gmtime(max(int(epoch), 315532800))
        return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec - t.tm_sec % 2)
    return (1980, 1, 1, 0, 0, 0)


# ---------------------------------------------------------------------- the ZIP format, written directly
# (zipfile cannot take entries compressed beforehand, which the archive cache below hands back)

@dataclass(frozen=True)
class Compressed:
    """One entry's data, deflated: what the archive cache keeps."""
    crc: int
    size: int
    data: bytes


def compress(data: bytes, level: int = 6) -> Compressed:
    c = zlib.compressobj(level, zlib.DEFLATED, -15)  # raw deflate, as ZIP wants it
    return Compressed(zlib.crc32(data), len(data), c.compress(data) + c.flush())


def _dos_time(stamp: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    y, mo, d, h, mi, s = stamp
    return (h << 11) | (mi << 5) | (s // 2), ((y - 1980) << 9) | (mo << 5) | d


def zip_compressed(entries: list[tuple[str, Compressed]], folder: str) -> bytes:
    """A deterministic ZIP of entries already deflated: sorted under ``folder/``, fixed times and permissions
    (unix 0644), UTF-8 names flagged; ZIP64 end records beyond 65,535 entries (read by every unzip tool)."""
    dostime, dosdate = _dos_time(zip_time())
    out = bytearray()
    central = bytearray()
    for name, e in sorted(entries, key=lambda x: x[0]):
        raw = f"{folder}/{name}".encode("utf-8")
        flags = 0 if raw.isascii() else 0x800
        offset = len(out)
        if offset > 0xFFFFFFFF or len(e.data) > 0xFFFFFFFF or e.size > 0xFFFFFFFF:
            raise ValueError("archive de plus de 4 Go : non prévue")
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, 8, dostime, dosdate, e.crc, len(e.data),
                           e.size, len(raw), 0) + raw
        out += e.data
        central += struct.pack("<IBBHHHHHIIIHHHHHII", 0x02014B50, 20, 3, 20, flags, 8, dostime, dosdate, e.crc,
                               len(e.data), e.size, len(raw), 0, 0, 0, 0, 0o100644 << 16, offset) + raw
    start, count = len(out), len(entries)
    out += central
    if count > 0xFFFF:
        z64 = len(out)
        out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, count, count, len(central), start)
        out += struct.pack("<IIQI", 0x07064B50, 0, z64, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, min(count, 0xFFFF), min(count, 0xFFFF), len(central),
                       start, 0)
    return bytes(out)


def zip_bytes(entries: dict[str, bytes], folder: str, level: int = 6) -> bytes:
    """A deterministic ZIP: entries sorted under ``folder/``, fixed times and permissions."""
    return zip_compressed([(p, compress(d, level)) for p, d in entries.items()], folder)


class EntryCache:
    """Deflated entries of the previous archive, by the file they came from (its path and a hash of its
    bytes): a rebuild deflates only what changed. Kept in one file; only what the last archive used stays."""

    def __init__(self, path: Path | None, level: int):
        self.path = path
        self.stamp = f"{level}:{_code_version()}"
        self.old: dict[bytes, list[tuple[str, Compressed]]] = {}
        self.new: dict[bytes, list[tuple[str, Compressed]]] = {}
        data = load_pickle(path) if path is not None else None  # absent, damaged or foreign: start empty
        if isinstance(data, dict) and data.get("stamp") == self.stamp and isinstance(data.get("entries"), dict):
            self.old = data["entries"]

    @staticmethod
    def key(path: str, digest: bytes) -> bytes:
        """The key of a file: its path and the SHA-256 of its bytes."""
        return path.encode("utf-8") + b"\0" + digest

    def get(self, key: bytes):
        hit = self.old.get(key)
        if hit is not None:
            self.new[key] = hit
        return hit

    def put(self, key: bytes, value) -> None:
        self.new[key] = value

    def save(self) -> None:
        if self.path is not None:
            save_pickle(self.path, {"stamp": self.stamp, "entries": self.new})


@functools.lru_cache(maxsize=1)
def _code_version() -> str:
    """What the entries depend on besides their file: this module's rules and the file-mode script."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(file_mode_script())
    return h.hexdigest()[:16]


PARALLEL_MIN = 16_384  # bytes: larger entries are deflated in threads (zlib lets go of the GIL meanwhile)


def archive_entries(contents: dict[str, bytes], cache: EntryCache, level: int,
                    replace: dict[str, bytes] | None = None,
                    digests: dict[str, bytes] | None = None) -> list[tuple[str, Compressed]]:
    """The deflated entries of the file://-ready copy (:func:`copy_entries` of each file, and the file-mode
    script), from the cache where it has them.

    What the cache lacks is rewritten here and deflated beside: the large entries in a pool of threads while
    the next pages are rewritten, the small ones at once. The result does not depend on the order of the work.
    ``digests``: the SHA-256 of files already hashed (those not replaced), not hashed again."""
    out: list = []
    misses: list[tuple[bytes, list]] = []
    srcs: dict[str, str] = {}
    workers = min(4, os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) if workers > 1 else _Inline() as pool:
        for path, data in contents.items():
            if replace and path in replace:
                data = replace[path]
                digest = hashlib.sha256(data).digest()
            else:
                digest = digests[path] if digests and path in digests else hashlib.sha256(data).digest()
            key = cache.key(path, digest)
            hit = cache.get(key)
            if hit is not None:
                out.extend(hit)
                continue
            folder = posixpath.dirname(path)
            if folder not in srcs:
                srcs[folder] = script_src_for(path)
            pending = [(name, pool.submit(compress, d, level) if len(d) >= PARALLEL_MIN else compress(d, level))
                       for name, d in copy_entries(path, data, srcs[folder])]
            misses.append((key, pending))
        for key, pending in misses:
            done = [(name, c.result() if isinstance(c, Future) else c) for name, c in pending]
            cache.put(key, done)
            out.extend(done)
    out.append((FILE_MODE_SCRIPT, compress(file_mode_script(), level)))
    return out


class _Inline:
    """A pool of no thread (one core): the work is done when submitted."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, *args):
        f: Future = Future()
        f.set_result(fn(*args))
        return f
