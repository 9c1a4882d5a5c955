"""The whoosh index of the search documents (:mod:`lois.features.search.documents`).

The index lives in a cache directory (``build/cache/search/<hash>`` next to the corpus, or
``$LOIS_CACHE``), named by a hash of the corpus files and of this package's code: it is rebuilt
whenever either changes and is never committed.
"""
from __future__ import annotations

import hashlib
import json
import sys
import shutil
import tempfile
from pathlib import Path

from whoosh import index as windex
from whoosh.fields import ID, STORED, TEXT, Schema

from lois.features.search.analysis import lois_analyzer
from lois.features.search.documents import SearchDoc, build_docs  # noqa: F401 (re-exported)

# Field weights (applied as query boosts, the same way in Python and in the browser).
FIELD_BOOSTS = {"title": 3.0, "heading": 1.5, "body": 1.0}
FIELDS = tuple(FIELD_BOOSTS)


def schema() -> Schema:
    an = lois_analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        law=STORED(), kind=STORED(), label=STORED(), url=STORED(),
        title=TEXT(analyzer=an, stored=True, phrase=True),
        heading=TEXT(analyzer=an, stored=True, phrase=False),
        body=TEXT(analyzer=an, stored=True, phrase=True),
    )


CODE_DIRS = ("core", "features/search", "features/annotations", "features/checklists")


def corpus_hash(corpus_dir: Path) -> str:
    """Hash of every corpus text and data file (sources aside) and of the code that reads them into documents:
    a change in either rebuilds the index."""
    h = hashlib.sha256()
    corpus_dir = Path(corpus_dir)
    files = [f for ext in ("*.md", "*.yaml") for f in corpus_dir.rglob(ext)
             if "sources" not in f.relative_to(corpus_dir).parts]
    package = Path(__file__).resolve().parents[2]
    files += [f for d in CODE_DIRS for f in (package / d).glob("*.py")]
    for f in sorted(files):
        h.update(str(f.relative_to(corpus_dir if f.is_relative_to(corpus_dir) else package)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:20]


def cache_root(corpus_dir: Path) -> Path:
    """$LOIS_CACHE/search, or build/cache/search beside the corpus: only indexes live there (older ones are
    removed), beside the other caches of the build (lois.core.cachedir)."""
    from lois.core.cachedir import cache_base

    return cache_base(corpus_dir) / "search"


def write_index(docs: list[SearchDoc], dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(dest), schema())
    w = ix.writer()
    for d in docs:
        w.add_document(id=d.id, law=d.law, kind=d.kind, label=d.label, url=d.url,
                       title=d.title, heading=d.heading, body=d.body)
    w.commit(optimize=True)


VOCABULARY_KEYS = {"surfaces", "folded", "synonyms", "citations", "rewrites", "absent_laws"}


def _cache_problem(target: Path, key: str) -> str | None:
    """Why the cached index in ``target`` cannot be used (None: it can)."""
    ready = target / "READY"
    if not ready.is_file():
        return "construction inachevée"
    if ready.read_text(encoding="utf-8", errors="replace").strip() != key:
        return "fichier d'un autre corpus"
    for name, check in (("vocabulary.json", lambda d: set(d) == VOCABULARY_KEYS),
                        ("postings.json", lambda d: all(isinstance(v, list) for v in d.values()))):
        f = target / name
        if not f.exists():
            continue
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, ValueError):
            return f"{name} endommagé"
        if not isinstance(data, dict) or not check(data):
            return f"{name} d'une autre version"
    return None


def open_cached(target: Path, key: str):
    """The cached index, or None (after a one-line notice on stderr) when it is damaged, incomplete or foreign:
    the caller then rebuilds it."""
    try:
        problem = _cache_problem(target, key)
        if problem is None:
            ix = windex.open_dir(str(target))
            if sorted(ix.schema.names()) != sorted(schema().names()):
                problem = "schéma d'une autre version"
            elif ix.doc_count() == 0:
                problem = "index vide"
            else:
                return ix
    except Exception as exc:  # whoosh raises many kinds of errors on a damaged file: all mean « rebuild »
        problem = f"{type(exc).__name__}"
    print(f"Index de recherche en cache inutilisable ({problem}) : reconstruit ({target}).", file=sys.stderr)
    shutil.rmtree(target, ignore_errors=True)
    return None


def open_index(corpus_dir: Path, model=None, docs: list[SearchDoc] | None = None):
    """The whoosh index of this corpus, from the cache or (re)built. Returns (index, built_now)."""
    key = corpus_hash(corpus_dir)
    root = cache_root(corpus_dir)
    target = root / key
    if target.exists():
        ix = open_cached(target, key)
        if ix is not None:
            return ix, False
    if docs is None:
        if model is None:
            from lois.core.corpus import load_corpus
            model = load_corpus(corpus_dir)
        docs = build_docs(model)
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="tmp-", dir=root))
    try:
        write_index(docs, tmp)
        (tmp / "READY").write_text(key)
        if target.exists():
            shutil.rmtree(target, ignore_errors=True)
        try:
            tmp.rename(target)
        except OSError:  # another process won the race: use its copy
            shutil.rmtree(tmp, ignore_errors=True)
    finally:
        if tmp.exists() and tmp != target:
            shutil.rmtree(tmp, ignore_errors=True)
    for old in root.iterdir():  # keep the cache small: drop indexes of older corpora
        if old.is_dir() and old.name != key and not old.name.startswith("tmp-"):
            shutil.rmtree(old, ignore_errors=True)
    return windex.open_dir(str(target)), True
