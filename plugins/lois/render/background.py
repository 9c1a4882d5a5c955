"""Work done in a second process while the build goes on: the machine's other core checks the corpus and computes
the search index while this one renders the pages.

``start(fn, *args, fork=True)`` forks a child that runs ``fn(*args)`` and sends its result back (pickled);
``job.result()`` waits for it, and raises the child's :class:`LoisError` as the child raised it (message, file,
line). The function must only read what it is given and return what the caller needs: whatever else it changes
stays in the child.

Without ``fork`` (``mkdocs serve``, whose server threads do not mix with fork; a system other than Linux; the
environment variable ``LOIS_PARALLEL=0``), the function runs at once, in the process itself: the same result, in
the same order as written, on one core. A child that fails in any other way (a bug, killed, out of memory) is not
trusted: the function runs again in the process, so that what the user sees is what a one-process build shows.
"""
from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
from typing import Any, Callable

from lois.core.errors import LoisError

_OFF = ("0", "non", "no", "false", "off")


def available() -> bool:
    """A second process can be forked here (Linux: macOS's system libraries are not safe to fork, Windows has no
    fork), and LOIS_PARALLEL does not turn it off."""
    return sys.platform.startswith("linux") and os.environ.get("LOIS_PARALLEL", "1").strip().lower() not in _OFF


class Job:
    """``fn(*args)``, running in a child process (forked), or already run in this one."""

    def __init__(self, fn: Callable[..., Any], args: tuple, fork: bool):
        self.fn, self.args = fn, args
        self.pid: int | None = None
        self.fd: int | None = None
        self.value: Any = None
        if fork and available():
            self._fork()
        else:
            self.value = fn(*args)  # at once, its error raised here: as if there were no second process

    def _fork(self) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        # objects alive now are left out of garbage collection until the jobs are done (unfreeze): a collection
        # would write to every object, and each page so written is copied, since both processes share it
        gc.freeze()
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: compute, send, leave without running the parent's exit handlers
            os.close(r)
            try:
                try:
                    sent = ("ok", self.fn(*self.args))
                except LoisError as exc:
                    sent = ("refused", (exc.message, exc.path, exc.line))
                with os.fdopen(w, "wb") as out:
                    out.write(pickle.dumps(sent, protocol=pickle.HIGHEST_PROTOCOL))
            except BaseException:  # noqa: BLE001 — nothing sent: the parent runs fn itself
                pass
            finally:
                os._exit(0)
        os.close(w)
        self.pid, self.fd = pid, r

    def _collect(self) -> bytes:
        with os.fdopen(self.fd, "rb") as f:
            data = f.read()  # read to the end before waiting: a large result would fill the pipe
        os.waitpid(self.pid, 0)
        self.pid = self.fd = None
        return data

    def result(self) -> Any:
        """The function's result; the child's LoisError raised here."""
        if self.fd is not None:
            data = self._collect()
            try:
                kind, value = pickle.loads(data) if data else (None, None)
            except Exception:  # noqa: BLE001 — a truncated message: run it here
                kind = value = None
            if kind == "refused":
                raise LoisError(*value)
            self.value = value if kind == "ok" else self.fn(*self.args)
        return self.value

    def cancel(self) -> None:
        """The result is not wanted (the build failed before asking): let the child go."""
        if self.fd is not None:
            os.close(self.fd)
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            self.pid = self.fd = None


def done() -> None:
    """No job is running any more: the objects frozen at fork time are collected again as usual."""
    gc.unfreeze()


def start(fn: Callable[..., Any], *args, fork: bool = True) -> Job:
    return Job(fn, args, fork)
