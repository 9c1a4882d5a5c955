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

import hashlib
import json
import os
import posixpath
import re
import time
import zipfile
import zlib
from importlib import resources
from pathlib import Path

from markupsafe import Markup

FILE_MODE_SCRIPT = "assets/lois/hors-ligne-fichiers.js"
RACY_NS = 1_000_000_000  # a file whose times are this close to its reading is read again (ZipStream.add_file)
SCRIPT_TAG = Markup('<script src="{}"></script>')  # the file-mode script, first in the head
DATA_GLOBAL = "loisFichiers"  # window.loisFichiers["api/lois.json"] = {…} (read by the file-mode script)

# never useful in the copy: source maps, crawler files, the server's 404 page (absolute links)
EXCLUDED_NAMES = {"sitemap.xml", "sitemap.xml.gz", "404.html"}
# the theme copies its own search engine even when its search plugin is off
THEME_SEARCH = ("assets/javascripts/lunr/", "assets/javascripts/workers/")
THEME_SEARCH_MARK = 'data-md-component="search"'

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# case-sensitive (fast): the pages are generated, in lower case, and the browser tests look for folder links
_ATTR = re.compile(r"""(\s(?:xlink:)?(?:href|src|action|HREF|SRC|ACTION)=)("[^"]*"|'[^']*')""")
_NAMES = r"(?:xlink:)?(?:href|src|action|HREF|SRC|ACTION)"
# A quoted value that can name a folder (its path ends in « / », « /. » or « /.. », or is « . » or « .. »): found in
# one pass that skips every other value in C (most attributes name no folder), its attribute's name read before it
_FOLDER_VALUE = re.compile(r'''=("(?:[^"#?]*/(?:\.\.?)?|\.\.?)(?:[#?][^"]*)?"'''
                           r"""|'(?:[^'#?]*/(?:\.\.?)?|\.\.?)(?:[#?][^']*)?')""")
_NAMED = re.compile(r"\s" + _NAMES + r"\Z")
# a quoted value holding « href= »… of its own (« title="a href='../'" », or a quote left open): read attribute by
# attribute (_ATTR), as the two readings could part there
_NESTED = re.compile(r"""=(?:"[^"]*|'[^']*)\s""" + _NAMES + "=")
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


def _folder_attr(m: re.Match) -> str:
    start = m.start()
    if _NAMED.search(m.string, max(0, start - 13), start) is None:  # 13: « \sxlink:action »
        return m.group()
    quoted = m.group(1)
    return "=" + quoted[0] + file_url(quoted[1:-1]) + quoted[-1]


def _js_string(m: re.Match) -> str:
    value = json.loads(m.group(2))
    return m.group(1) + json.dumps(file_url(value), ensure_ascii=False).replace("</", "<\\/")


def folder_links(text: str) -> str:
    """``text`` with each link (``href``, ``src``, ``action``) to a folder naming its ``index.html``
    (:func:`file_url`): the values that can name a folder found in one pass, or (a value holding an attribute of its
    own) attribute by attribute, as :func:`folder_links_by_attribute`."""
    return folder_links_by_attribute(text) if _NESTED.search(text) else _FOLDER_VALUE.sub(_folder_attr, text)


def folder_links_by_attribute(text: str) -> str:
    """:func:`folder_links`, reading every ``href``, ``src`` and ``action`` attribute."""
    return _ATTR.sub(_attr, text)


def rewrite_html(text: str, script_src: str | None = None) -> str:
    """A page ready for file://: folder links name ``index.html``; ``script_src`` (page-relative) is
    loaded first in the head."""
    text = folder_links(text)
    if "http-equiv" in text:
        text = _REFRESH.sub(lambda m: m.group(1) + file_url(m.group(2)), text)
    if "location." in text:
        text = _REPLACE.sub(_js_string, text)
    if script_src:
        tag = str(SCRIPT_TAG.format(script_src))
        m = _CHARSET.search(text) or _HEAD.search(text) or _HTML.search(text)
        text = text[:m.end()] + tag + text[m.end():] if m else tag + text
    return text


def json_script(path: str, data: bytes) -> bytes:
    """Script twin of a JSON file: it hands the data to the file-mode script (JSON is a JavaScript expression)."""
    return _twin_head(path) + data.strip() + _TWIN_TAIL


def _twin_head(path: str) -> bytes:
    return f"(window.{DATA_GLOBAL} = window.{DATA_GLOBAL} || {{}})[{json.dumps(path)}] = ".encode()


_TWIN_TAIL = b";\n"


def site_files(site_dir: Path) -> list[str]:
    """Every file of a built site, as sorted site-relative POSIX paths."""
    out: list[str] = []
    top = os.fspath(site_dir)
    for dirpath, _dirnames, filenames in os.walk(top):
        rel = dirpath[len(top):].strip(os.sep).replace(os.sep, "/")
        prefix = rel + "/" if rel else ""
        out.extend(prefix + name for name in filenames)
    return sorted(out)


def select(files: list[str], home_html: str, skip: set[str] | frozenset[str] = frozenset()) -> list[str]:
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


# ---------------------------------------------------------------------- the ZIP, written with zipfile

def deflated(data: bytes, level: int) -> tuple[int, int, bytes]:
    """(CRC-32, size, deflated bytes) of an entry, as ``ZipFile.writestr`` compresses it at this level."""
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return zlib.crc32(data), len(data), packer.compress(data) + packer.flush()


def _deflated_part(data: bytes, level: int, last: bool) -> bytes:
    """``data`` deflated on its own, to be followed by other parts (``last``: the end of an entry)."""
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)


_LAST_BLOCK = b"\x03\x00"  # an empty final block: what ends a deflated part not last


def packed_entries(path: str, data: bytes, level: int) -> list[tuple[str, int, int, bytes]]:
    """The entries of :func:`copy_entries`, deflated: (name, CRC-32, size, deflated bytes) each. A JSON file and its
    script twin share the deflated JSON (a stream of deflated parts is one stream): the data, often most of the
    site's bytes, is compressed once; elsewhere as :func:`deflated`."""
    if not path.endswith(".json") or data[:1].isspace() or data[-1:].isspace():
        return [(entry, *deflated(content, level)) for entry, content in copy_entries(path, data, script_src_for(path))]
    body = _deflated_part(data, level, last=False)
    head = _twin_head(path)
    crc = zlib.crc32(data)
    return [(path, crc, len(data), body + _LAST_BLOCK),
            (path + ".js", zlib.crc32(_TWIN_TAIL, zlib.crc32(data, zlib.crc32(head))),
             len(head) + len(data) + len(_TWIN_TAIL),
             _deflated_part(head, level, last=False) + body + _deflated_part(_TWIN_TAIL, level, last=True))]


def entry_info(name: str, stamp) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=stamp)
    info.create_system = 3                   # unix, the same on every system that builds
    info.external_attr = 0o100644 << 16      # regular file, rw-r--r--
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


class ZipStream:
    """The archive, written in this process as the site's files are given (``add``: a page is made ready for
    file:// by :func:`copy_entries`, then compressed). It keeps the SHA-256 and size of each file given (the
    service worker's version and list). ``close`` finishes the ZIP and returns its number of entries; ``abort``
    removes the partial file. Errors are OSError (the caller words them).

    An earlier version compressed in a second process while the pages were built; at the size of the whole Code
    it saved at most a few tenths of a second of a 4.6 s build (``python bench/bench_offline_whole.py``).

    ``kept`` (`mkdocs serve`, one dict across the builds of a process): each file's entries, compressed, under the
    SHA-256 of the file's bytes; an unchanged file is neither rewritten nor compressed again. The archive is the
    same, byte for byte: an entry is deflated by :func:`packed_entries` from the file's bytes alone, and its header
    written as ``writestr`` leaves it. ``seen`` (with ``kept``): each file's stat when :meth:`add_file` read it for
    the previous archive, with its digest; a file whose stat is still that one is not read again (:meth:`add_file`).
    """

    def __init__(self, dest: Path, folder: str, level: int, kept: dict | None = None, seen: dict | None = None):
        self.dest, self.folder, self.level, self.stamp = Path(dest), folder, level, zip_time()
        self.kept = kept
        self.kept_now: dict = {}  # what this archive holds, to keep for the next (with ``kept``)
        self.seen = seen if kept is not None else None
        self.seen_now: dict = {}  # path → (stat, when it was read, digest), to keep for the next (with ``seen``)
        self.digests: dict[str, bytes] = {}
        self.sizes: dict[str, int] = {}
        self.dest.parent.mkdir(parents=True, exist_ok=True)
        self.zf: zipfile.ZipFile | None = zipfile.ZipFile(self.dest, "w", zipfile.ZIP_DEFLATED, compresslevel=level)
        self.entries = 0
        self._write(FILE_MODE_SCRIPT, file_mode_script())

    def _write(self, name: str, data: bytes) -> None:
        self._write_deflated(name, *deflated(data, self.level))

    def _write_deflated(self, name: str, crc: int, size: int, packed: bytes) -> None:
        """An entry whose data is already deflated (:func:`deflated`), as ``writestr`` writes it (a seekable file:
        the header holds the CRC and sizes, no data descriptor)."""
        zf = self.zf
        assert zf is not None and zf.fp is not None
        info = entry_info(f"{self.folder}/{name}", self.stamp)
        info.CRC, info.file_size, info.compress_size = crc, size, len(packed)
        zf._writecheck(info)  # type: ignore[attr-defined]
        zf._didModify = True  # type: ignore[attr-defined]
        info.header_offset = zf.fp.tell()
        zf.fp.write(info.FileHeader(False))
        zf.fp.write(packed)
        zf.filelist.append(info)
        zf.NameToInfo[info.filename] = info
        zf.start_dir = zf.fp.tell()
        self.entries += 1

    def add_file(self, name: str, path: Path) -> None:
        """:meth:`add` of the bytes of the file ``path``. With ``seen``, a file whose stat (device, inode, size, times
        in ns) is the one it had when read for the previous archive, and whose times were then older than that reading
        by :data:`RACY_NS`, is neither read nor hashed again: its digest and entries are the kept ones. A write since
        that reading would have set its ctime to a later time (no program can set it back); a write within the
        clock's granularity of the reading is what the margin leaves out (Git's « racily clean » entries)."""
        if self.seen is None or self.kept is None:
            self.add(name, path.read_bytes())
            return
        read_at = time.time_ns()
        st = os.stat(path)
        stat = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
        before = self.seen.get(str(path))
        if before is not None and before[0] == stat and max(stat[3], stat[4]) + RACY_NS < before[1]:
            key = (name, before[2], self.level)
            entries = self.kept.get(key)
            if entries is not None:
                self.digests[name], self.sizes[name] = before[2], stat[2]
                self.kept_now[key] = entries
                self.seen_now[str(path)] = before
                for entry in entries:
                    self._write_deflated(*entry)
                return
        self.seen_now[str(path)] = (stat, read_at, self.add(name, path.read_bytes()))

    def add(self, name: str, data: bytes, facts: bool = True) -> bytes:
        """``name``'s ``data`` as the site has it (``facts``: counted in the service worker's list); returns its
        SHA-256."""
        digest = hashlib.sha256(data).digest()
        if facts:
            self.digests[name], self.sizes[name] = digest, len(data)
        key = (name, digest, self.level)
        entries = self.kept.get(key) if self.kept is not None else None
        if entries is None:
            entries = packed_entries(name, data, self.level)
        if self.kept is not None:
            self.kept_now[key] = entries
        for entry in entries:
            self._write_deflated(*entry)
        return digest

    def close(self) -> int:
        if self.zf is not None:
            self.zf.close()
            self.zf = None
        return self.entries

    def abort(self) -> None:
        try:
            if self.zf is not None:
                self.zf.close()
        except OSError:
            pass
        self.zf = None
        self.dest.unlink(missing_ok=True)
