"""What a reader derives from one corpus file, kept from one reading of the corpus to the next (`mkdocs serve`
reads the whole corpus again at every save): a save then parses and validates the file saved, not the others.

``derive(kind, path, build, *context, model=None)`` reads the file's bytes once (lois.core.safeio.read_bytes, so a
recording under way notes them) and returns ``build(text)``, or, when the same file gave the same bytes under the
same ``context`` at an earlier reading, the object built then. The key is the SHA-256 of the very bytes that are
parsed: a save between the read and the hash cannot serve the previous object (the file is never read twice).

``context`` names what ``build`` reads beside the file: a model's :attr:`~lois.core.corpus.Model.stamp` (the digest
of the files the model was read from: a law saved, every object validated against the model is built again), the
sections a partial source leaves out… Compared with ``==``.
``model``: the citations without the words of the Code that ``build`` adds to ``model.unfounded``
(lois.core.grounds.check_words) are kept with the object and added again when it is given back.

An object given back is the one built then, not a copy: the readers of the corpus never change what they are given
(the model's texts, the features' validated files). An error is never kept: a broken file is read again at the next
reading. Off until :func:`remember` (a process that reads the corpus once has nothing to keep).
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any, Callable, TypeVar

from lois.core import reads, safeio

T = TypeVar("T")

# (kind, absolute path) → (digest of the bytes, context, object, unfounded it added, and with ``against`` under
# `mkdocs serve`: what it read of the model, that model, lois.core.reads.base of it); None: off
_kept: dict[tuple[str, str], tuple] | None = None
_model: Any = None  # the model of the last reading (lois.core.corpus.load_corpus)
_frozen = False  # restore() moved what it read out of the cyclic collector's sight (gc.freeze)
_base: tuple | None = None  # what restore() read from the memo's file (kept, model, parsed): persist writes the rest


def remember() -> None:
    """Keep what is derived from each file from now on (a process that reads the corpus again and again: `mkdocs
    serve`, whose start begins afresh, as a new process would)."""
    global _kept, _model, _base
    _kept, _model, _base = {}, None, None


def forget() -> None:
    """Off again, nothing kept (nor YAML texts parsed: lois.core.yamlfile.remember_parsed)."""
    global _kept, _model, _frozen, _base
    from lois.core import cite, yamlfile

    _kept, _model, _base = None, None, None
    yamlfile.forget_parsed()
    cite.forget_scans()
    reads.stop()
    if _frozen:  # what restore() set aside is looked at by the collector again (a process that goes on: the tests')
        import gc

        gc.unfreeze()
        _frozen = False


def enabled() -> bool:
    return _kept is not None


def text_of(data: bytes, path) -> str:
    """The text of a corpus file's bytes, as lois.core.parse.read_text gives it (its checks included)."""
    from lois.core.parse import decode_text
    from lois.core.yamlfile import check_visible

    text = decode_text(data, path)[0]
    check_visible(text, str(path))
    return text


def restore(path) -> None:
    """Keep from now on, starting from what :func:`persist` wrote at ``path`` (a process of its own, `lois verifie`:
    the files whose bytes are unchanged are not parsed nor validated again); nothing when it cannot be read.
    ``path`` is in the project's cache, named by the code that wrote it (lois.core.statcache.code_key)."""
    global _kept, _model, _frozen, _base
    import gc

    from lois.core import cite, yamlfile

    remember()
    reads.stop()  # the stamp is the context of what is validated against the model (persisted: no trace in it)
    yamlfile.remember_parsed()
    collecting = gc.isenabled()
    gc.disable()  # millions of objects made at once, all kept: the cyclic collector would go through them in vain
    try:
        # (mapped, not read: the memo is not a file of the corpus, whose reads a recording under way hashes)
        kept, model, parsed = pickle.loads(safeio.map_bytes(path, limit=1 << 30))
        if not (isinstance(kept, dict) and isinstance(parsed, dict)):
            return
        try:  # what later runs changed (persist): each entry holds the digest it was made from, any mix is sound;
            # and the citations found in the texts the last run read (lois.core.cite.keep_scans)
            more, more_parsed, scans = pickle.loads(safeio.map_bytes(_changes(path), limit=1 << 30))
        except Exception:
            more, more_parsed, scans = {}, {}, {}
    except Exception:  # absent, damaged, of another version of a library: made again
        return
    finally:
        if collecting:
            gc.enable()
    gc.freeze()  # nor at each of its collections during the check (−20 % CPU after a save at ×9); forget() ends it
    _frozen = True
    if isinstance(more, dict) and isinstance(more_parsed, dict):
        _base = (kept, model, parsed)
        kept, parsed = {**kept, **more}, {**parsed, **more_parsed}
    _kept, _model = kept, model
    yamlfile.remember_parsed(parsed)  # the YAML texts parsed (situations, glossary…: validated again)
    cite.keep_scans(scans if isinstance(scans, dict) else {})


def _changes(path) -> Path:
    return Path(path).with_suffix(".changes")


def persist(path) -> None:
    """Write what is kept to ``path`` (best effort: a read-only folder only means nothing kept). When the model is
    the one :func:`restore` read and few entries changed (a save of a note, a checklist…), only those are written,
    beside it (``<path>.changes``, read by restore after ``path``): not the whole memo again (≈ 0.15 s at ×9)."""
    if _kept is None:
        return
    from lois.core import cite, yamlfile

    parsed = yamlfile.remembered()
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        if _base is not None and _base[1] is _model:
            kept, _model_read, parsed_read = _base
            more = {k: v for k, v in _kept.items() if kept.get(k) is not v}
            more_parsed = {k: v for k, v in parsed.items() if parsed_read.get(k) is not v}
            if len(more) <= len(kept) // 4:  # with the citations of the texts this run read (those a save makes
                # it read again: a first run, which reads them all, keeps none)
                safeio.write_cache(_changes(path), pickle.dumps((more, more_parsed, cite.scans()),
                                                                protocol=pickle.HIGHEST_PROTOCOL))
                return
        safeio.write_cache(Path(path), pickle.dumps((_kept, _model, parsed), protocol=pickle.HIGHEST_PROTOCOL))
        _changes(path).unlink(missing_ok=True)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass


def last_model(stamp: str, root) -> Any:
    """The model of the last reading if it was read from these files (its stamp) in this folder, else None."""
    if _kept is None or _model is None or not stamp or _model.stamp != stamp or _model.root != root:
        return None
    return _model


def keep_model(model) -> None:
    """The model of this reading, for the next (:func:`last_model`)."""
    global _model
    if _kept is not None and model.stamp:
        _model = model


def derive(kind: str, path, build: Callable[[str], T], *context, model=None, against=None) -> T:
    """``build(text of path)``, or what it gave for these bytes and this context at an earlier reading. ``against``:
    the model ``build`` validates the file against; what it gave is given back for another model that answers what
    it read of the model the same (`mkdocs serve`: lois.core.reads), else only for a model of the same stamp."""
    data = safeio.read_bytes(path)
    if _kept is None:
        return build(text_of(data, path))
    traced = against is not None and reads.on()
    if against is not None and not traced:
        context = (*context, against.stamp)
    key = (kind, os.path.abspath(path))
    digest = hashlib.sha256(data).digest()
    kept = _kept.get(key)
    if kept is not None and kept[0] == digest and kept[1] == context and (
            not traced or kept[5] is against or reads.same_base(kept[6], against) and reads.replay(kept[4], against)):
        if model is not None:
            model.unfounded.extend(kept[3])
        if traced:
            reads.merge(kept[4])
            _kept[key] = (*kept[:5], against, kept[6])
        return kept[2]
    before = len(model.unfounded) if model is not None else 0
    if traced:
        value, trace = reads.traced(lambda: build(text_of(data, path)))
    else:
        value, trace = build(text_of(data, path)), None
    added = tuple(model.unfounded[before:]) if model is not None else ()
    _kept[key] = (digest, context, value, added, trace, against if traced else None,
                  reads.base(against) if traced else None)
    return value
