"""What a computation read of the model, so that what it made is given back for a new model that answers the same
(`mkdocs serve`: a law saved is a new model; a checklist, a page, a validated file that read nothing the save
changed is not made again).

Under `mkdocs serve` (:func:`start`), the model's containers are :class:`Watched` (:func:`watch`), and so are the
site's files: each read made while a computation is traced (:func:`traced`) is noted with what it gave — a
provision's value, whether an id is there, the keys or the items of a whole container, a derived value of the model
read from its memo. A memo must not hide what it read: a memo of a model or of a build (the citations of a text, a
preview) keeps the reads that made each value and notes them at each use (:func:`memo`); a question whose answer is
shared by many (« the coverage units of law 50 », the grounds of a provision, the laws without text) is noted as the
question and its answer (:func:`recorded`). :func:`replay` asks a new model (and site) every noted question again:
the same answers (the same object, or an equal value; a provision or a law only as the same object), and what the
computation made is what it would make again, provided it reads nothing of the model but through them (the edition's
facts and the register of absent laws, read as attributes, must be the same objects: :func:`base`). Its other
inputs (the file's bytes, the objects passed in) are the caller's key.

:func:`kept` is the store of what was made under serve, from one build to the next (values asked for at the last
two builds only): given back for the same inputs when the model is the same, or
when its reads replay; lois.core.filememo does the same for a file validated against the model (``against``).
``tests/test_serve_incremental.py`` checks it: after each save of a sequence (a law's text, a citation added and
removed, a provision renamed, a note, a checklist…), the site equals what a server started afresh makes.
Off (nothing noted, nothing kept) unless `mkdocs serve` started: `mkdocs build` and the CLI pay nothing.
"""
from __future__ import annotations

import functools

TYPE_CHECKING = False  # (typing.TYPE_CHECKING without importing typing at each start of `lois cherche`; mypy: True)
if TYPE_CHECKING:
    from typing import Any, Callable

_MISSING = object()
_on = False
_trace: dict | None = None  # the reads of the computation under way (key → answer); None: nothing traced
_now: dict = {}  # kept: (name, key) → entry, asked for at this build
_before: dict = {}  # at the previous build
_inner: list | None = None  # the keys of the entries asked for while an entry is made (kept: they go with it)


class Watched(dict):
    """A container of the model (provisions, stubs, backlinks…) whose reads are noted in the trace under way: a
    value read (``d[k]``, ``d.get(k)``), a presence (``k in d``), the keys (iteration, ``len``), the items."""

    __slots__ = ("name",)

    def __init__(self, name: str, data: dict):
        dict.__init__(self, data)
        self.name = name

    def __getitem__(self, key):
        value = dict.get(self, key, _MISSING)
        if _trace is not None:
            _trace[("g", self.name, key)] = value
        if value is _MISSING:
            raise KeyError(key)
        return value

    def get(self, key, default=None):
        value = dict.get(self, key, _MISSING)
        if _trace is not None:
            _trace[("g", self.name, key)] = value
        return default if value is _MISSING else value

    def __contains__(self, key):
        found = dict.__contains__(self, key)
        if _trace is not None:
            _trace[("i", self.name, key)] = found
        return found

    def _keys_read(self) -> None:
        if _trace is not None:
            _trace[("k", self.name)] = tuple(dict.__iter__(self))

    def _items_read(self) -> None:
        if _trace is not None:
            _trace[("a", self.name)] = tuple(dict.items(self))

    def __iter__(self):
        self._keys_read()
        return dict.__iter__(self)

    def keys(self):
        self._keys_read()
        return dict.keys(self)

    def __len__(self):
        self._keys_read()
        return dict.__len__(self)

    def values(self):
        self._items_read()
        return dict.values(self)

    def items(self):
        self._items_read()
        return dict.items(self)

    def copy(self):
        self._items_read()
        return dict(dict.items(self))

    def __eq__(self, other):
        self._items_read()
        return dict.__eq__(self, other)

    def __reduce__(self):  # pickled as a plain dict (lois verifie's memo never holds a watched model)
        return (dict, (dict(dict.items(self)),))


class WatchedList(list):
    """A list of the model (its citations): any read of it is a read of all its items."""

    __slots__ = ("name",)

    def __init__(self, name: str, data: list):
        list.__init__(self, data)
        self.name = name

    def _read(self) -> None:
        if _trace is not None:
            _trace[("a", self.name)] = tuple(list.__iter__(self))

    def __iter__(self):
        self._read()
        return list.__iter__(self)

    def __len__(self):
        self._read()
        return list.__len__(self)

    def __getitem__(self, i):
        self._read()
        return list.__getitem__(self, i)

    def __reduce__(self):
        return (list, (list(list.__iter__(self)),))


CONTAINERS = ("laws", "provisions", "stubs", "backlinks", "commentaries")


def watch(model) -> None:
    """The model's containers watched (under `mkdocs serve` only: :func:`start`)."""
    if not _on:
        return
    for name in CONTAINERS:
        value = getattr(model, name)
        if not isinstance(value, Watched):
            setattr(model, name, Watched(name, value))
    if not isinstance(model.citations, WatchedList):
        model.citations = WatchedList("citations", model.citations)


def watch_site(site) -> None:
    """The site's generated files watched: a page that links another page only if it exists reads its presence."""
    if _on and not isinstance(site.files, Watched):
        site.files = Watched("files", site.files)


def watch_glossary(glossary) -> None:
    """The glossary's terms by form watched (lois.render.gloss): a page reads the definitions of the terms it shows."""
    if _on and not isinstance(glossary.by_form, Watched):
        glossary.by_form = Watched("gloss", glossary.by_form)


SITE = ("files", "gloss")  # what is read of the site, not of the model (watch_site, watch_glossary)


def recorded(fn: Callable) -> Callable:
    """``fn(owner, *args)``, a question of the model or of the site (``owner``) that may be answered from a memo:
    noted as the question and its answer (a memo's answer hides the reads that made it), asked again by
    :func:`replay`. ``args`` are hashable values."""
    @functools.wraps(fn)
    def ask(owner, *args):
        global _trace
        outer = _trace
        if outer is None:
            return fn(owner, *args)
        _trace = None
        try:
            value = fn(owner, *args)
        finally:
            _trace = outer
        outer[("f", fn, owner.__class__.__name__ == "SiteBuild", args)] = value
        return value
    return ask


def memo(store: dict, key, build: Callable[[], Any]):
    """``build()``, kept in ``store`` (a memo of one model or one build) under ``key``; under serve, kept with the
    reads it made, which each use notes in the trace under way (the same answers, the same value)."""
    found = store.get(key)
    if found is None:
        found = store[key] = traced(build) if _on else (build(), None)
    elif found[1] is not None and _trace is not None:
        _trace.update(found[1])
    return found[0]


def note(key: tuple, value) -> None:
    """A read of the trace under way (the model's memo of a derived value: lois.core.corpus.Model.derived)."""
    if _trace is not None:
        _trace[key] = value


def merge(reads: dict) -> None:
    """The reads of a value given back, noted in the trace under way (which rests on them too)."""
    if _trace is not None:
        _trace.update(reads)


def traced(build: Callable[[], Any]) -> tuple[Any, dict]:
    """``build()`` and the reads it made (also noted in the trace under way, which reads what it read)."""
    global _trace
    outer = _trace
    _trace = {}
    try:
        value = build()
    finally:
        reads, _trace = _trace, outer
    if outer is not None:
        outer.update(reads)
    return value, reads


def base(model) -> tuple:
    """What a trace also rests on beyond the watched containers: the edition's facts and the register of absent
    laws (each the same object while its file is unchanged: lois.core.filememo), the corpus folder."""
    return (model.edition, model.absent_statements, model.root)


def same(now, value) -> bool:
    """The same answer: the same object, or an equal value; a provision or a law of the model is the same only as
    the same object (lois.core.filememo gives back the objects of an unchanged law file; a provision's equality
    would go up to its parent and down again)."""
    if now is value:
        return True
    from lois.core.parse import Law, Provision  # (lois.core.parse reads lois.core.grounds, which reads this module)

    if isinstance(now, (Law, Provision)):
        return False
    return now == value


def same_base(before: tuple, model) -> bool:
    now = base(model)
    return before[0] is now[0] and before[1] is now[1] and before[2] == now[2]


def replay(reads: dict, model, site=None) -> bool:
    """Whether ``model`` (and ``site``) give every answer of ``reads`` again."""
    global _trace
    outer, _trace = _trace, None
    try:
        for key, value in reads.items():
            tag = key[0]
            if tag == "f":
                now = key[1](site if key[2] else model, *key[3])
            else:
                box = (site.files if key[1] == "files" else site.glossary.by_form if key[1] == "gloss" else
                       getattr(model, key[1]))
                if tag == "g":
                    now = dict.get(box, key[2], _MISSING)
                elif tag == "i":
                    now = dict.__contains__(box, key[2])
                elif tag == "k":
                    now = tuple(dict.__iter__(box))
                elif tag == "a":
                    if isinstance(box, list):
                        now = tuple(list.__iter__(box))
                    else:
                        now = tuple(dict.items(box))
                        if len(now) != len(value) or not all(a[0] == b[0] and same(a[1], b[1])
                                                             for a, b in zip(now, value, strict=True)):
                            return False
                        continue
                else:  # "d": a derived value of the model (Model.derived), present and equal
                    now = model._derived.get(key[1], (_MISSING,))[0]
            if not same(now, value):
                return False
        return True
    except Exception:  # a question the new model cannot answer: not the same answers
        return False
    finally:
        _trace = outer


def kept(name: str, inputs: tuple, build: Callable[[], Any], model, site=None):
    """``build()``, which reads the model, ``site``'s files and ``inputs`` alone; under `mkdocs serve`, given back
    while ``inputs`` are the same objects or equal values, and the model and the site answer its reads the same
    (:func:`replay`; the same model: its reads of the site's files only). The entries asked for while it was made
    are kept as long as it is (a hit does not ask for them): when it is made again, they are there to be replayed."""
    global _inner
    if not _on:
        return build()
    key = (name, tuple(x if isinstance(x, (str, int, tuple)) else id(x) for x in inputs))
    if _inner is not None:
        _inner.append(key)
    entry = _now.get(key) or _before.get(key)
    if entry is not None and all(a is b or a == b for a, b in zip(entry[0], inputs, strict=True)):
        e_inputs, value, reads, e_base, e_model, of_site, inner = entry
        # the same model: only what was read of the site (its files) is asked again
        if (replay(of_site, model, site) if e_model is model else
                same_base(e_base, model) and replay(reads, model, site)):
            _now[key] = (e_inputs, value, reads, e_base, model, of_site, inner)
            _carry(inner)
            merge(reads)
            return value
    outer, _inner = _inner, []
    try:
        value, reads = traced(build)
    finally:
        inner, _inner = tuple(_inner), outer
    of_site = {k: v for k, v in reads.items() if (k[2] if k[0] == "f" else k[1] in SITE)}
    _now[key] = (inputs, value, reads, base(model), model, of_site, inner)
    return value


def _carry(keys: tuple) -> None:
    """The entries asked for while a kept entry was made, kept into this build with it (and theirs)."""
    for k in keys:
        if k not in _now and k in _before:
            _now[k] = _before[k]
            _carry(_now[k][6])


def start() -> None:
    """On, nothing kept (`mkdocs serve` starting)."""
    global _on, _now, _before, _inner
    _on, _now, _before, _inner = True, {}, {}, None


def stop() -> None:
    global _on, _now, _before, _inner
    _on, _now, _before, _inner = False, {}, {}, None


def on() -> bool:
    return _on


def new_build() -> None:
    """A build begins: what the previous one did not ask for is dropped."""
    global _now, _before
    _now, _before = {}, _now
