"""Under `mkdocs serve`: the site folder kept from one rebuild to the next, a static file written again only if it
changed, a file no build writes any more removed.

MkDocs empties the site folder before every build (``clean_directory``, which leaves hidden entries alone) and
writes every file again. At ×9 that is about 1,000 static files (the theme's assets, the search data, the API
files…) created anew at each save; on ext4 each creation costs 0.2–0.5 ms of kernel time, 0.3–0.5 s a save, when a
save changes a few dozen of them. What a rebuild does here instead:

1. :meth:`SiteKeeper.aside` (before MkDocs' clean): the previous site's top-level entries go into a hidden folder of
   the site folder, one rename each, so the clean finds nothing to remove;
2. :meth:`SiteKeeper.back` (before the first file is written): they come back, one rename each;
3. :meth:`SiteKeeper.unchanged` (each static file): it is not written again when both hold:

   - what it is now is what the previous build wrote there: the same bytes for a generated file; for a copy, the
     same source path whose stat (inode, size, mtime and ctime in ns) is the one read before the previous copy,
     and whose times were over a second older than that read (a file saved again within the clock's granularity
     would keep its times: Git's « racily clean » entries, compared again for the same reason);
   - the file in the folder is the one the previous build left: its stat is the one read at that build's end;

4. :meth:`SiteKeeper.prune` (at the start of the plugin's on_post_build, once MkDocs has written the site): a file
   of the previous site that this build neither kept (3) nor wrote is removed, with the folders left empty, so the
   plugin's own writers (the offline copy lists every file) find what a clean build would hold. The files it wrote
   are known by their paths (:meth:`SiteKeeper.wrote`: the static files, the pages, the theme's templates); any
   other file counts as written if its stat changed since step 2 (a write changes a file's ctime, which no program
   can set back). :meth:`SiteKeeper.finish`, at its end: the stat of every file read, for the next build.

Whatever is in doubt gives MkDocs' own behaviour (the folder emptied, every file written): the first build, the one
after a build that failed, a file that would have to be written where the previous site has a file in its way.
Plain Python; MkDocs' files are read through ``abs_dest_path``, ``abs_src_path`` and ``_content`` only.
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

ASIDE = ".lois-site-precedent"  # hidden: MkDocs' clean leaves it alone, and nothing of the site is hidden
RACY_NS = 1_000_000_000  # a source whose times are this close to its reading is read again

Stat = tuple[int, int, int, int]  # inode, size, mtime ns, ctime ns


def _stat(path: str) -> Stat | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


class SiteKeeper:
    """One `mkdocs serve`: what the previous build left in the site folder."""

    def __init__(self) -> None:
        self.site: Path | None = None
        self.left: dict[str, Stat] | None = None  # each file of the site at the previous build's end: its stat
        self.made: dict[str, Any] = {}  # each static file of the previous build: what it was (:meth:`_origin`)
        self.now: dict[str, Any] = {}  # … of this build
        self.kept: set[str] = set()  # the static files this build did not write again
        self.written: set[str] = set()  # the files this build wrote (or kept), by path
        self.found: dict[str, Stat] | None = None  # the files of the previous site put back (2): their stat

    def aside(self, site_dir: str) -> None:
        """Before MkDocs empties ``site_dir``: its entries into a hidden folder, if the previous build is known."""
        site = Path(site_dir)
        self.now, self.kept, self.written, self.found = {}, set(), set(), None
        shutil.rmtree(site / ASIDE, ignore_errors=True)
        if self.left is None or self.site != site:
            self.forget()
            self.site = site
            return
        try:
            (site / ASIDE).mkdir()
            for entry in os.listdir(site):
                if not entry.startswith("."):
                    os.rename(site / entry, site / ASIDE / entry)
        except OSError:
            self.forget()

    def back(self, dest_paths: list[str]) -> None:
        """Before the first write: the previous site back in place, unless a file of it stands where this build
        needs a folder, or a folder where it needs a file (``dest_paths``: the files MkDocs will write, relative to
        the site folder)."""
        site = self.site
        hidden = site / ASIDE if site is not None else None
        if site is None or hidden is None or self.left is None or not hidden.is_dir():
            return
        old = self.left
        old_folders = {p for rel in old for p in _parents(rel)}
        if any(dest in old_folders or any(p in old for p in _parents(dest)) for dest in dest_paths):
            self.forget()  # a file where a folder must go, or the reverse: MkDocs' own clean build
            return
        try:
            for entry in os.listdir(hidden):
                os.rename(hidden / entry, site / entry)
            hidden.rmdir()
        except OSError:
            self.forget()
            return
        self.found = _files(site)

    def wrote(self, rel: str) -> None:
        """The file ``rel`` (relative to the site folder) is written by this build."""
        self.written.add(rel)

    def unchanged(self, rel: str, abs_dest: str, abs_src: str | None, content: Any) -> bool:
        """Whether the static file ``rel`` can be left as the previous build wrote it; records what it is now."""
        origin = self._origin(abs_src, content)
        if origin is None:
            return False
        self.now[rel] = origin
        before = self.made.get(rel)
        left = self.left.get(rel) if self.left is not None else None
        if before is None or left is None or not _same(before, origin) or _stat(abs_dest) != left:
            return False
        if before[0] == "copy" and max(before[2][2], before[2][3]) >= before[3] - RACY_NS:
            return False  # the source may have changed after the previous read within its clock's granularity
        self.kept.add(rel)
        self.written.add(rel)
        return True

    @staticmethod
    def _origin(abs_src: str | None, content: Any) -> tuple | None:
        if content is not None:
            return ("content", content)
        if abs_src is None:
            return None
        read_at = time.time_ns()
        st = _stat(abs_src)
        return None if st is None else ("copy", abs_src, st, read_at)

    def prune(self) -> None:
        """Once MkDocs has written the site, before the plugin's own writers (the offline copy lists every file):
        the files of the previous site this build neither kept nor wrote removed, with the folders left empty."""
        site, found = self.site, self.found
        if site is None:
            return
        hidden = site / ASIDE
        if hidden.exists():  # a build that wrote nothing: what was set aside is gone with MkDocs' clean
            shutil.rmtree(hidden, ignore_errors=True)
        if found is None:
            return
        stale = [rel for rel, st in _files(site).items() if rel not in self.written and found.get(rel) == st]
        for rel in stale:
            os.unlink(site / rel)
        for folder in sorted({(site / rel).parent for rel in stale}, key=lambda f: len(f.parts), reverse=True):
            _remove_empty(folder, site)

    def finish(self) -> None:
        """After the plugin's last writer: the stat of every file read, for the next build."""
        if self.site is not None:
            self.left, self.made, self.found = _files(self.site), self.now, None

    def forget(self) -> None:
        """Nothing known of the site folder: the next build is MkDocs' own (emptied folder, every file written)."""
        self.left, self.made, self.kept, self.found = None, {}, set(), None
        if self.site is not None:
            shutil.rmtree(self.site / ASIDE, ignore_errors=True)


def _same(a: tuple, b: tuple) -> bool:
    if a[0] != b[0]:
        return False
    if a[0] == "content":
        return a[1] is b[1] or (type(a[1]) is type(b[1]) and a[1] == b[1])
    return a[1] == b[1] and a[2] == b[2]


def _files(site: Path) -> dict[str, Stat]:
    """Every file of the site folder but its hidden entries: its path relative to the folder, and its stat."""
    out: dict[str, Stat] = {}
    root = str(site)
    for folder, dirs, names in os.walk(root):
        if folder == root:
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            names = [n for n in names if not n.startswith(".")]
        prefix = os.path.relpath(folder, root).replace(os.sep, "/") + "/" if folder != root else ""
        for name in names:
            st = _stat(os.path.join(folder, name))
            if st is not None:
                out[prefix + name] = st
    return out


def _parents(rel: str):
    parts = rel.split("/")
    return ("/".join(parts[:i]) for i in range(1, len(parts)))


def _remove_empty(folder: Path, site: Path) -> None:
    while folder != site and site in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent
