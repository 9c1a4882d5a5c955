"""Pure functions of a value (a text), kept from one build to the next under `mkdocs serve`, which builds the whole
site again at every save: the texts a save leaves unchanged (nearly all of them) are not analysed again.

``memo = livememo.Memo(fn)`` then ``memo(key)``: ``fn(key)``, or, when on, the value ``fn`` gave for an equal key at
this build or the previous one. ``fn`` must be a pure function of its key (a text, a tuple of texts…: hashable,
compared with ``==``): nothing else it reads may change between builds, so a value kept is the value ``fn`` would
give again, and no save can make it stale. What is kept is the values asked for at the last two builds only
(:func:`new_build`): the memory follows the corpus, never its history. The value given back is the one computed
then, not a copy: callers never change it.

Off (every call computes) until :func:`start`, called by the MkDocs plugin when `mkdocs serve` starts (a server
started afresh keeps nothing, as a new process would); `mkdocs build` and the command line keep nothing.

A server keeps many objects alive from one build to the next (these memos, lois.core.filememo's objects, the model,
the pages' HTML), and Python's full garbage collection scans them all: at ×9, about 0.25 s each time, twice per
rebuild. While on, the oldest generation is collected after :data:`FULL_GC_AFTER` collections of the middle one
instead of 10 (about once in four rebuilds at ×9): the cyclic garbage of a few rebuilds waits for it (what a
collection frees is the same, only later); :func:`stop` puts Python's default back. At the first rebuild, what the
server's first build left alive (most of what it keeps: the model, the memos, the pages) is frozen
(:func:`gc.freeze`): no later collection scans it again (a full one then costs about 0.2 s instead of 0.5 s at ×9).
The cost is memory: an object frozen then that later becomes cyclic garbage (the first model, after a law is saved)
is never freed — once, at most what the first build left (+40 MB at ×9, bench/bench_rebuild.py).
"""
from __future__ import annotations

import gc

TYPE_CHECKING = False  # (typing.TYPE_CHECKING, without importing typing: mypy reads it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import Any, Generic, TypeVar

    K = TypeVar("K", bound=Hashable)
    V = TypeVar("V")
else:  # at run time, without typing (`lois cherche` starts without it): Memo[K, V] is for mypy and annotations
    class Generic:
        def __class_getitem__(cls, params):
            return cls

    K = V = None

_on = False
_memos: list["Memo"] = []
_MISSING = object()
FULL_GC_AFTER = 100
_builds = 0  # builds since start()
BUILD_FULL_GC_AFTER = 1_000_000  # `mkdocs build`: no full collection before the build is written (one_build)
_DEFAULT_GC = gc.get_threshold()


class Memo(Generic[K, V]):
    def __init__(self, fn: Callable[[K], V]):
        self.fn = fn
        self.now: dict = {}  # key → value, asked for at this build
        self.before: dict = {}  # at the previous build
        _memos.append(self)

    def __call__(self, key: K) -> V:
        if not _on:
            return self.fn(key)
        value = self.now.get(key, _MISSING)
        if value is _MISSING:
            value = self.before.get(key, _MISSING)
            if value is _MISSING:
                value = self.fn(key)
            self.now[key] = value
        return value


class Latest(Memo):
    """``memo.given(name, inputs)``: ``fn(*inputs)``, or, when on, the value ``fn`` gave ``name`` at this build or the
    previous one if its inputs were equal (``==``) then: for values whose inputs are large (lists, compared in C
    rather than hashed) and change for a few names only at a save. ``fn`` must be a pure function of its inputs.
    An input given again as the very object of then compares at once (identity): a large input shared by every
    name is best given as the one kept (``memo.given`` of an identity function returns the equal object of then)."""

    def __init__(self, fn: Callable[..., Any]):
        super().__init__(fn)

    def given(self, name: Hashable, inputs: tuple):
        if not _on:
            return self.fn(*inputs)
        got = self.now.get(name) or self.before.get(name)
        if got is None or got[0] != inputs:
            got = (inputs, self.fn(*inputs))
        self.now[name] = got
        return got[1]


def start() -> None:
    """On, with nothing kept (`mkdocs serve` starting)."""
    global _on, _builds
    _on, _builds = True, 0
    for m in _memos:
        m.now, m.before = {}, {}
    gc.unfreeze()
    gc.set_threshold(*_DEFAULT_GC[:2], max(_DEFAULT_GC[2], FULL_GC_AFTER))


def stop() -> None:
    """Off, nothing kept."""
    global _on
    _on = False
    for m in _memos:
        m.now, m.before = {}, {}
    gc.unfreeze()
    gc.set_threshold(*_DEFAULT_GC)


def one_build(on: bool) -> None:
    """A build of `mkdocs build` (``on``, then off once it is written): what it makes lives to its end (the model, the
    pages' HTML), so a full collection goes through all of it in vain; there is none until it ends (at ×9, 7 of them,
    0.6 s of a 11 s build; at ×95, 13, 10.6 s of 140 s: Python collects the oldest generation each time it grew by a
    quarter). mypy's build does alike. The cyclic garbage a build makes waits for the end; off: Python's default
    back."""
    gc.set_threshold(*_DEFAULT_GC[:2], BUILD_FULL_GC_AFTER if on else _DEFAULT_GC[2])


def new_build() -> None:
    """A build begins: what the previous one did not ask for is dropped; at the first rebuild, what the first
    build left alive is frozen."""
    global _builds
    for m in _memos:
        m.now, m.before = {}, m.now
    _builds += 1
    if _on and _builds == 2:
        gc.freeze()
