"""Whether a result computed from the corpus still holds, from the files' stat data alone (`lois cherche`'s index,
`lois verifie`'s verdict).

What a result was made of (:func:`fingerprint`): the size, times and inode of every file of the corpus, taken
*before* the result was computed, and the digest of the bytes read (lois.core.safeio.recording) of each file
saved less than :data:`RACY_NS` before — whose stat data may not change with its next save, as Git's « racily
clean » entries. :func:`unchanged` compares stat data and reads again only those few files: no file of the corpus
is hashed when nothing changed; a change to any file, a file added or removed, and the result is made again. A
file saved while the result is computed has other stat data than the ones kept: the next call sees it.

Imports nothing heavy: a command answers from its cache without loading the corpus's libraries.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

# a file's times tick coarsely (a kernel tick; 2 s on FAT): a file modified less than this before it was looked at
# may be saved again with the same size and times; its bytes are checked on every use of the result
RACY_NS = 2_000_000_000


def listing(corpus_dir: Path) -> dict[str, list[int]]:
    """Every file of the corpus (relative name → size, modification and change times in ns, inode), checked by
    the one walk that refuses odd entries by name (no pipe, device, dangling link, unreadable folder…)."""
    from lois.core import safeio

    stats: dict = {}
    safeio.check_tree(corpus_dir, stats=stats)
    return {rel: [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino] for rel, st in stats.items()}


def fingerprint(seen: dict[str, list[int]], seen_at: int, reads: dict, corpus_dir: Path) -> dict | None:
    """What a result was made of: each file of ``seen`` (its stat data, looked at from ``seen_at``, before the
    result was computed), with the digest of the bytes read (``reads``: lois.core.safeio.recording) for a file
    modified less than RACY_NS before; None (not to be kept) when a file was read twice with other bytes, or one
    was read that ``seen`` does not hold (added meanwhile, or outside the corpus)."""
    top = os.path.abspath(corpus_dir)
    out: dict[str, list] = {rel: [*st, None] for rel, st in seen.items()}
    for path, digest in reads.items():
        rel = os.path.relpath(path, top).replace(os.sep, "/")
        if digest is None or rel not in out:
            return None
        if out[rel][1] + RACY_NS >= seen_at:  # a save sets the modification time (and the change time): one that
            out[rel][4] = digest               # the stat data miss has a modification time as old as this one
    return out


def unchanged(files: dict, now: dict[str, list[int]], corpus_dir: Path) -> bool:
    """Whether the corpus is what a result was made of: the same files with the same stat data, and the same
    bytes for the files that were modified just before."""
    from lois.core import safeio
    from lois.core.errors import LoisError

    if files.keys() != now.keys():
        return False
    for rel, (*st, digest) in files.items():
        if now[rel] != st:
            return False
        if digest is not None:
            import hashlib  # (here: a corpus saved more than RACY_NS ago has no digest to check)

            try:
                if hashlib.sha256(safeio.read_bytes(Path(corpus_dir) / rel)).hexdigest() != digest:
                    return False
            except LoisError:
                return False
    return True


def settled(files: dict, seen_at: int) -> dict | None:
    """``files`` (just found :func:`unchanged`, stat data looked at from ``seen_at``) without the digest of each file
    modified more than RACY_NS before ``seen_at``: its next save will change its stat data, so its bytes need no
    reading any more (Git refreshes its index the same way); None when no digest can be dropped. Without this, a
    result made just after the corpus was written (a checkout, a copy) would read every file at every use."""
    out = {rel: [*v[:4], None] if v[4] is not None and v[1] + RACY_NS < seen_at else v for rel, v in files.items()}
    return out if out != files else None


# ------------------------------------------------------------------ a command's output, kept

FORMAT = 1
PACKAGE = Path(__file__).resolve().parents[1]
# the libraries whose messages or parsing reach a command's output: their installed versions are in the key
LIBRARIES = ("yaml", "pydantic", "pydantic_core", "markdown_it")


def code_key(variant: str) -> str:
    """Hash of this package's code (every ``.py`` file), of the installed versions of :data:`LIBRARIES` (the
    names of the ``*.dist-info`` folders beside them), of Python's version and of ``variant`` (the command and its
    options): another code or option, another entry."""
    import hashlib
    import sys

    return hashlib.sha256(f"{FORMAT}\0{sys.version_info[:3]}\0{variant}\0".encode() + _code_digest()).hexdigest()[:20]


@lru_cache(maxsize=1)
def _code_digest() -> bytes:
    """The digest of the code and of the libraries' versions, read once per process (`lois verifie` names two
    entries by the code: its verdict and its memo of objects)."""
    import hashlib
    import importlib.util

    h = hashlib.sha256()
    found = []
    for folder, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        found += [os.path.join(folder, f) for f in files if f.endswith(".py")]
    for f in sorted(found):
        with open(f, "rb") as fh:
            h.update(f"{os.path.relpath(f, PACKAGE)}\0".encode() + fh.read() + b"\0")
    sites = set()
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            sites.add(os.path.dirname(os.path.dirname(spec.origin)))
    for site in sorted(sites):
        with os.scandir(site) as it:
            h.update("\0".join(sorted(e.name for e in it if e.name.endswith(".dist-info"))).encode())
    return h.digest()


class _Tee:
    """A standard stream that also notes what is written on it (stream number, text), in order."""

    def __init__(self, stream, n: int, chunks: list):
        self._stream, self._n, self._chunks = stream, n, chunks

    def write(self, text: str) -> int:
        self._chunks.append((self._n, text))
        return self._stream.write(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def replay_or_run(corpus_dir: Path, name: str, variant: str, run) -> int:
    """``run()``, a command that reads the corpus through lois.core.safeio and writes on the standard output and
    error; or, when the corpus is what its last successful run was made of (:func:`unchanged`, same code and
    options), what that run wrote, written again in the same order. Only a run that returns 0 is kept
    (``$LOIS_CACHE/<name>/`` or ``build/cache/<name>/`` beside the corpus, a JSON file; best effort: a read-only
    folder only means no cache). A run that raises is never kept: its error is computed again each time."""
    import contextlib
    import json
    import sys
    import time

    from lois.core import safeio
    from lois.core.cachedir import cache_base
    from lois.core.errors import LoisError

    seen_at = time.time_ns()
    try:
        seen = listing(corpus_dir)
    except LoisError:  # an odd file: the command says it its own way
        return run()
    key = code_key(variant)
    path = cache_base(corpus_dir) / name / f"{key}.json"
    try:
        data = json.loads(safeio.read_bytes(path, limit=100_000_000))
        output = [(n, text) for n, text in data["output"] if n in (1, 2) and isinstance(text, str)]
        if (data["key"] == key and isinstance(data["code"], int) and len(output) == len(data["output"])
                and unchanged(data["files"], seen, corpus_dir)):
            fresh = settled(data["files"], seen_at)
            if fresh is not None:  # best effort, as the entry's writing below; not over another process's entry
                with contextlib.suppress(OSError, LoisError, ValueError):
                    if json.loads(safeio.read_bytes(path, limit=100_000_000)).get("files") == data["files"]:
                        safeio.write_text(path, json.dumps({**data, "files": fresh}, ensure_ascii=False))
            for n, text in output:
                (sys.stdout if n == 1 else sys.stderr).write(text)
            return data["code"]
    except (LoisError, ValueError, TypeError, KeyError, AttributeError):
        pass  # absent, damaged or of another version: made again
    chunks: list = []
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Tee(sys.stdout, 1, chunks), _Tee(sys.stderr, 2, chunks)
    try:
        with safeio.recording() as reads:
            code = run()
    finally:
        sys.stdout, sys.stderr = saved
    files = fingerprint(seen, seen_at, reads, corpus_dir)
    if code == 0 and files is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            for old in path.parent.glob("*.json"):  # one entry per folder: older code or options
                old.unlink(missing_ok=True)
            safeio.write_text(path, json.dumps({"key": key, "files": files, "code": code, "output": chunks},
                                               ensure_ascii=False))
        except (OSError, LoisError):
            pass
    return code
