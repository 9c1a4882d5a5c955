"""The project's one way to read and to write the files people edit (plain Python, errors in French).

Reading (:func:`read_bytes`): only a regular file of bounded size is read. The file is opened with
``O_NONBLOCK`` (a named pipe then never blocks the reader) and checked with ``fstat`` once open (what is read is
what was checked); a symbolic link is followed, but never to a device, ``/proc`` or ``/sys`` (``/dev/zero``
would fill the memory); a directory, a pipe, a socket, a device, a dangling link or an unreadable file gives a
:class:`LoisError` naming it, and what it is.

:func:`check_tree` looks at every entry of the corpus folder once, before anything is read: whatever reads the
corpus later (the laws, the notes, the walk of the search's cache) only meets regular files and
readable folders, and an odd entry is reported by name, by ``lois verifie`` and by the build alike.

Writing (:func:`write_files`, :func:`write_text`): each file is written to a temporary file in its own folder,
flushed to the disk (``fsync``), then renamed over the old one (``os.replace``, atomic): a process killed at any
moment leaves the old file or the new one, whole. Several files are all prepared before the first is replaced:
a full disk or a read-only folder then changes none of them, and the error says which were kept.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Sequence
from pathlib import Path

from lois.core.errors import LoisError
from lois.core.lazyre import compile_lazily
from lois.core.typo import plural

MAX_BYTES = 20_000_000  # a text file of the corpus or a raw text to import (the whole Code is ~600 kB)
READ_SUFFIXES = (".md", ".yaml", ".yml", ".txt", ".tsv")  # names of files the tools read
FORBIDDEN_ROOTS = ("/dev", "/proc", "/sys")
# /dev/shm is a memory file system of ordinary files (tmpfs, where the benchmarks write their corpora): read there
# like anywhere else (a device or a pipe is refused by its kind, as everywhere)
ALLOWED_UNDER_FORBIDDEN = ("/dev/shm",)

_FRENCH = {
    errno.ENOENT: "fichier ou dossier introuvable",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération non permise",
    errno.ENOSPC: "disque plein",
    errno.EDQUOT: "quota de disque dépassé",
    errno.EROFS: "système de fichiers en lecture seule",
    errno.EISDIR: "c'est un dossier",
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.ELOOP: "boucle de liens symboliques",
    errno.EIO: "erreur d'entrée-sortie du disque",
    errno.EFBIG: "fichier trop grand pour le système de fichiers",
    errno.ENAMETOOLONG: "nom de fichier trop long",
    errno.EMFILE: "trop de fichiers ouverts",
    errno.ENFILE: "trop de fichiers ouverts",
    errno.EPIPE: "tube fermé (le lecteur de la sortie s'est arrêté)",
    errno.EBADF: "descripteur de fichier fermé",
    errno.EBUSY: "ressource occupée",
    errno.ENXIO: "périphérique ou socket, pas un fichier",
    errno.EXDEV: "déplacement entre deux systèmes de fichiers impossible",
    errno.ENOMEM: "mémoire insuffisante",
    errno.ETXTBSY: "fichier en cours d'utilisation",
    errno.EEXIST: "un fichier existe déjà à la place d'un dossier",
}


def french_error(exc: OSError) -> str:
    """What went wrong, in French (« disque plein », « permission refusée »…)."""
    if exc.errno in _FRENCH:
        return _FRENCH[exc.errno]
    code = errno.errorcode.get(exc.errno or 0, "")
    return f"erreur système {code} ({exc.strerror or exc})".replace(" ()", "")


def shown(path) -> str:
    """A path as a person reads it: relative to the current folder when it is inside it."""
    p = Path(path)
    try:
        return str(p.absolute().relative_to(Path.cwd()))
    except ValueError:
        return str(p)


# ------------------------------------------------------------------------------------------------ reading

def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "un dossier"
    if stat.S_ISFIFO(mode):
        return "un tube nommé (FIFO)"
    if stat.S_ISSOCK(mode):
        return "une socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "un périphérique"
    return "un fichier spécial"


def _forbidden(real: str) -> bool:
    if any(real.startswith(r + "/") for r in ALLOWED_UNDER_FORBIDDEN):
        return False
    return any(real == r or real.startswith(r + "/") for r in FORBIDDEN_ROOTS)


def _not_regular(path, mode: int) -> LoisError:
    target = ""
    if os.path.islink(path):
        target = f"lien symbolique vers {os.path.realpath(path)}, "
    return LoisError(f"{target}{_kind(mode)}, pas un fichier ordinaire : seuls les fichiers ordinaires sont lus ; "
                     "remplacez-le par un fichier ou retirez-le", str(path))


def _missing(path) -> LoisError:
    if os.path.islink(path):
        return LoisError(f"lecture impossible : lien symbolique cassé, il mène à « {os.readlink(path)} », qui "
                         "n'existe pas", str(path))
    return LoisError("lecture impossible : fichier introuvable", str(path))


def check_readable(path, limit: int = MAX_BYTES) -> None:
    """Refuse (LoisError) what :func:`read_bytes` would refuse, without reading it (a PDF before its reader)."""
    os.close(_open_regular(path, limit)[0])


def _open_regular(path, limit: int) -> tuple[int, int]:
    real = os.path.realpath(path)
    if _forbidden(real):
        what = f"lien symbolique vers {real}" if os.path.islink(path) else f"fichier système {real}"
        raise LoisError(f"{what} : seuls les fichiers ordinaires du corpus sont lus (pas /dev, /proc ni /sys)",
                        str(path))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise _missing(path) from None
    except OSError as exc:
        raise LoisError(f"lecture impossible : {french_error(exc)}", str(path)) from None
    if not stat.S_ISREG(st.st_mode):  # refused before opening: a device is never opened
        raise _not_regular(path, st.st_mode)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise _missing(path) from None
    except OSError as exc:
        raise LoisError(f"lecture impossible : {french_error(exc)}", str(path)) from None
    try:
        st = os.fstat(fd)  # what was opened (it may have been swapped since the stat above)
        if not stat.S_ISREG(st.st_mode):
            raise _not_regular(path, st.st_mode)
        if st.st_size > limit:
            raise LoisError(f"fichier trop grand ({st.st_size} octets ; au plus {limit})", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd, st.st_size


_recordings: list[dict[str, str | None]] = []  # the recordings under way (:func:`recording`)


@contextlib.contextmanager
def recording():
    """Note every file :func:`read_bytes` reads meanwhile: a dict, absolute path → SHA-256 of the bytes that read
    returned (the very bytes the caller got: no second read), or None when the file was read twice and gave
    other bytes the second time (it changed in between). What a cache keys on is then exactly what was read."""
    reads: dict[str, str | None] = {}
    _recordings.append(reads)
    try:
        yield reads
    finally:
        del _recordings[next(i for i, r in enumerate(_recordings) if r is reads)]  # itself, not an equal dict


def _record(path, data: bytes) -> None:
    import hashlib  # (here: a command answered from its cache reads no file through a recording)

    digest = hashlib.sha256(data).hexdigest()
    name = os.path.abspath(path)
    for reads in _recordings:
        if reads.setdefault(name, digest) != digest:
            reads[name] = None


def read_bytes(path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else a French LoisError naming the file (noted by
    the :func:`recording` under way, if any)."""
    fd, _size = _open_regular(path, limit)
    chunks, total = [], 0
    try:
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise LoisError(f"fichier trop grand (plus de {limit} octets)", str(path))
    except OSError as exc:
        raise LoisError(f"lecture impossible : {french_error(exc)}", str(path)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if _recordings:
        _record(path, data)
    return data


def map_bytes(path, limit: int = MAX_BYTES):
    """The bytes of a regular file of at most ``limit`` bytes, mapped in memory (read from the disk as they are
    used: a cache file of which a command reads a few parts), with the checks of :func:`read_bytes`; an empty
    file gives ``b""``. Not noted by a :func:`recording` (not for the corpus's files: their bytes are hashed)."""
    import mmap

    fd, size = _open_regular(path, limit)
    try:
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ) if size else b""
    except OSError as exc:
        raise LoisError(f"lecture impossible : {french_error(exc)}", str(path)) from None
    finally:
        os.close(fd)


def list_dir(folder) -> list[Path]:
    """The entries of a folder, sorted; an unreadable folder is a LoisError naming it (never an empty list)."""
    return [Path(folder) / name for name in _names(folder)]


# suffixes a maintainer may give a corpus file meaning the one its folder reads: refused rather than left unread
_SUFFIX_SLIPS = {".md": (".markdown", ".mdown", ".txt"), ".yaml": (".yml", ".txt")}


def files_of(folder, suffix: str) -> list[Path]:
    """The files of a corpus folder the tools read (``suffix``: « .md », « .yaml »), sorted. A file named as if it
    were one of them but that would be left unread (« 51.MD », « nouvelle.yml », « note.markdown »), or a sub-folder
    holding such files (« archives/nouvelle.md », a link back to the folder), is a LoisError naming it: the law,
    note or checklist would otherwise vanish from the site without a word. An
    unreadable folder is an error naming it (:func:`list_dir`)."""
    out = []
    for p in list_dir(folder):
        name = p.name
        if name.endswith(suffix):
            out.append(p)
            continue
        if name.startswith(".") or name.endswith("~"):  # an editor's own files (« .#x.md », « x.md~ »)
            continue
        if p.is_dir():  # a sub-folder holding such files (« archives/ », a link back to the folder): never read
            inner = _read_within(p, suffix)
            if inner is not None:
                here = Path(folder).name
                raise LoisError(f"dossier « {name} » non lu : dans « {here} », seuls les fichiers « *{suffix} » qu'il "
                                f"contient lui-même sont lus, pas ceux de ses sous-dossiers (ici « {inner} ») ; "
                                f"remontez-les dans « {here} » ou retirez le dossier", str(p))
            continue
        other = p.suffix.lower()
        if other == suffix or other in _SUFFIX_SLIPS.get(suffix, ()):
            raise LoisError(f"fichier « {name} » non lu : dans ce dossier, seuls les fichiers « *{suffix} » sont lus "
                            f"(en minuscules) ; renommez-le « {p.stem}{suffix} » ou retirez-le", str(p), 1)
    return out


def _read_within(folder: Path, suffix: str) -> str | None:
    """The name (relative to ``folder``) of a file under it that its parent folder's tools would read were it one
    level up (« *.md », « *.yaml » and their slips), or None; links to folders are not followed below the first
    level (a link back to the corpus folder is found by its first entries, never walked forever)."""
    slips = (suffix, *_SUFFIX_SLIPS.get(suffix, ()))
    for top, dirs, files in os.walk(folder, onerror=None, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for f in sorted(files):
            if not f.startswith(".") and Path(f).suffix.lower() in slips:
                return str((Path(top) / f).relative_to(folder))
    return None


def _access(path, mode: int) -> bool:
    """May this process (its effective user) read ``path``?"""
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)


def check_tree(root, limit: int = MAX_BYTES, stats: dict | None = None) -> int:
    """Check every entry under ``root`` (the corpus): folders readable, no pipe, socket or device, no dangling
    link, no link to /dev, /proc or /sys, no folder named like a file the tools read (``x.md``), files they read
    regular, readable and of at most ``limit`` bytes. Returns the number of files; the first problem is a
    LoisError naming the entry. ``stats``, if given, receives each file's name relative to ``root`` (``/``
    between folders) → its ``os.stat`` (links followed).

    One ``scandir`` per folder and one ``lstat`` per entry (plus ``access`` for the files the tools read): the
    commands that answer from a cache walk the corpus at every call (lois.core.statcache)."""
    top = str(Path(root))
    n = 0
    pending = [("" if top == "." else top.rstrip("/") + "/", "")]  # (path of a folder ending in /, its name in root)
    while pending:
        base, rel = pending.pop()
        folder = base or "."
        if not _access(folder, os.R_OK | os.X_OK):
            raise LoisError("dossier illisible : permission refusée", str(Path(folder)))
        for name in _names(folder):
            p = base + name  # str(Path(folder) / name)
            try:
                lst = os.lstat(p)
            except FileNotFoundError:
                continue  # removed meanwhile
            except OSError as exc:
                raise LoisError(f"illisible : {french_error(exc)}", p) from None
            if stat.S_ISLNK(lst.st_mode):
                real = os.path.realpath(p)
                if _forbidden(real):
                    raise LoisError(f"lien symbolique vers {real} : seuls les fichiers ordinaires du corpus sont "
                                    "lus (pas /dev, /proc ni /sys)", p)
                try:
                    st = os.stat(p)
                except FileNotFoundError:
                    raise _missing(p) from None
                except OSError as exc:
                    raise LoisError(f"lien symbolique illisible : {french_error(exc)}", p) from None
            else:
                st = lst
            dot = name.rfind(".")
            suffix = name[dot:] if 0 < dot < len(name) - 1 else ""  # Path(p).suffix
            reads = suffix.lower() in READ_SUFFIXES
            if stat.S_ISDIR(st.st_mode):
                if reads:
                    raise LoisError(f"dossier nommé comme un fichier ({suffix}) : à cet endroit un fichier "
                                    "ordinaire est attendu ; renommez ou retirez ce dossier", p)
                if not stat.S_ISLNK(lst.st_mode):  # a linked folder is not walked (no loop), its files are checked
                    pending.append((p + "/", f"{rel}{name}/"))  # when read
                continue
            if not stat.S_ISREG(st.st_mode):
                raise _not_regular(p, st.st_mode)
            n += 1
            if stats is not None:
                stats[rel + name] = st
            if st.st_size > limit:  # a file too large to be read is refused by name, read or not
                raise LoisError(f"fichier trop grand ({st.st_size} octets ; au plus {limit})", p)
            if reads:
                if not _access(p, os.R_OK):
                    raise LoisError("fichier illisible : permission refusée", p)
    return n


def _names(folder: str | Path) -> list[str]:
    """The names in a folder, sorted (as :func:`list_dir` sorts its paths); an unreadable folder is a LoisError."""
    try:
        with os.scandir(folder) as it:
            return sorted(e.name for e in it)
    except FileNotFoundError:
        raise LoisError("dossier introuvable", str(folder)) from None
    except NotADirectoryError:
        raise LoisError("ce n'est pas un dossier", str(folder)) from None
    except OSError as exc:
        raise LoisError(f"dossier illisible : {french_error(exc)}", str(folder)) from None


# ------------------------------------------------------------------------------------------------ writing

def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_TMP = compile_lazily(r"^\.(?P<name>.+)\.(?P<pid>[0-9]+)\.tmp$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _clean_leftovers(folder: Path) -> None:
    """Temporary files left by a writer that was killed (its process is gone)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        m = _TMP.match(name)
        if m and int(m.group("pid")) != os.getpid() and not _alive(int(m.group("pid"))):
            try:
                os.unlink(folder / name)
            except OSError:
                pass


def _prepare(path: Path, data: bytes) -> Path:
    """Write ``data`` to a temporary file beside ``path``, on the disk (fsync); return it."""
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = _umask_mode()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), mode)
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    return tmp


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _target(path: Path) -> Path:
    """The file a write of ``path`` replaces: a symbolic link is written through (the link stays)."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else path


def _kept(paths: list[Path], existed: dict[Path, bool]) -> str:
    parts = [f"{shown(p)} {'inchangé' if existed[p] else 'non créé'}" for p in paths]
    return ", ".join(parts)


def write_files(files: Sequence[tuple[Path, str | bytes]]) -> None:
    """Write every file atomically, all or none: every temporary file is written and flushed before the first
    rename. A failure (full disk, read-only folder…) removes the temporary files, changes nothing, and raises a
    LoisError saying which file could not be written and that every one was kept as it was."""
    prepared: list[tuple[Path, Path]] = []
    targets = [_target(Path(p)) for p, _ in files]
    existed = {t: t.exists() for t in targets}
    done: list[Path] = []
    for target in targets:
        if target.exists() and not target.is_file():
            raise LoisError(f"écriture de {shown(target)} impossible : {_kind(os.stat(target).st_mode)}, pas un "
                            f"fichier ordinaire ; {_kept(targets, existed)}")
    current = targets[0] if targets else None
    try:
        for (_path, data), target in zip(files, targets, strict=True):
            if isinstance(data, str):
                data = data.encode("utf-8")
            current = target
            target.parent.mkdir(parents=True, exist_ok=True)
            _clean_leftovers(target.parent)
            prepared.append((_prepare(target, data), target))
        for tmp, target in prepared:
            current = target
            os.replace(tmp, target)
            done.append(target)
        for folder in dict.fromkeys(t.parent for t in done):
            _sync_folder(folder)
    except OSError as exc:
        for tmp, _done in prepared:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        rest = [t for t in targets if t not in done]
        said = f"écriture de {shown(current)} impossible : {french_error(exc)} ; {_kept(rest, existed)}"
        if done:  # only a rename can fail here, after every file was written: very unlikely
            said += f" ; {plural(len(done), 'déjà remplacé', 'déjà remplacés')} : " + ", ".join(shown(t) for t in done)
        raise LoisError(said) from None


def write_text(path, text: str) -> None:
    """Write one file atomically (see :func:`write_files`)."""
    write_files([(Path(path), text)])


def write_cache(path: Path, data: bytes) -> None:
    """Write a file of a cache atomically (a reader finds the old file or the new one, whole), without waiting for the
    disk as :func:`write_files` does: a cache lost in a crash is only made again. An OSError is raised as it came, the
    temporary file removed; the caller decides what a cache it could not write means (usually nothing)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
