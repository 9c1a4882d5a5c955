"""All-or-nothing writing of the built site: MkDocs writes into a sibling folder, which takes the place of the
previous site in one atomic step once the build has succeeded (:func:`exchange`).

A build that fails or is killed at any moment leaves the previous site as it was; the sibling folder it left
is removed by the next build (:func:`clean_leftovers`). Plain Python, nothing here knows MkDocs.
"""
from __future__ import annotations

import ctypes
import errno
import ctypes.util
import os
import re
import shutil
from pathlib import Path

_PARTIAL = ".{name}.partiel-{pid}"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def partial_dir(site_dir: Path) -> Path:
    """The sibling folder a build of ``site_dir`` writes into (hidden, named after the process)."""
    return site_dir.parent / _PARTIAL.format(name=site_dir.name, pid=os.getpid())


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_leftovers(site_dir: Path) -> list[Path]:
    """Remove the sibling folders left by builds that were killed (their process is gone)."""
    pat = re.compile(re.escape(f".{site_dir.name}.partiel-") + r"([0-9]+)$")
    removed: list[Path] = []
    if not site_dir.parent.is_dir():
        return removed
    for p in site_dir.parent.iterdir():
        m = pat.match(p.name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            shutil.rmtree(p, ignore_errors=True)
            removed.append(p)
    return removed


def _renameat2_exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2 RENAME_EXCHANGE); False where the system cannot."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def exchange(new: Path, site_dir: Path) -> None:
    """Put the finished build ``new`` at ``site_dir`` and delete the previous site.

    Where the system swaps two folders atomically (Linux), ``site_dir`` is never missing nor partial; elsewhere
    the previous site is moved aside and ``new`` renamed in its place (two renames)."""
    if site_dir.exists() and not site_dir.is_dir():
        raise FileExistsError(errno.EEXIST, "not a folder", str(site_dir))
    if not site_dir.exists():
        os.replace(new, site_dir)
        return
    if not _renameat2_exchange(new, site_dir):
        old = new.with_name(new.name + "-ancien")
        os.replace(site_dir, old)
        os.replace(new, site_dir)
        new = old
    shutil.rmtree(new, ignore_errors=True)  # now the previous site
