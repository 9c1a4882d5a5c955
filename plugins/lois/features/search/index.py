"""The search documents (one per provision, commentary and cited-but-absent law) and their whoosh index.

The index lives in a cache directory (``build/cache/search/<hash>`` next to the corpus, or
``$LOIS_CACHE``), named by a hash of the corpus files and of this package's code: it is rebuilt
whenever either changes and is never committed.
"""
from __future__ import annotations

import hashlib
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as windex
from whoosh.fields import ID, STORED, TEXT, Schema

from lois.features.search.analysis import lois_analyzer

# Field weights (applied as query boosts, the same way in Python and in the browser).
FIELD_BOOSTS = {"title": 3.0, "heading": 1.5, "body": 1.0}
FIELDS = tuple(FIELD_BOOSTS)


@dataclass
class SearchDoc:
    id: str           # canonical provision id ("50D2(a)"), or "commentaire:<id>"
    law: int
    kind: str         # "loi" (law text), "commentaire", "absente" (cited law not in the corpus)
    label: str        # what a person reads as the result title
    url: str          # site-relative permalink: /lois/50/#D2a
    title: str        # indexed title words
    heading: str      # titles of the enclosing law and section
    body: str


def provision_url(law: int, anchor: str) -> str:
    return f"/lois/{law}/" + (f"#{anchor}" if anchor else "")


def build_docs(model) -> list[SearchDoc]:
    docs: list[SearchDoc] = []
    for law_no in sorted(model.laws):
        law = model.laws[law_no]
        for p in law.root.walk():
            heads = []
            a = p.parent
            while a is not None:
                if a.level == "law":
                    heads.append(law.title or "")
                elif a.title:
                    heads.append(a.title)
                a = a.parent
            if p.level == "law":
                label = model.node_title(p.id)
            else:
                label = f"Loi {p.id}" + (f" — {p.title}" if p.title else "")
            docs.append(SearchDoc(p.id, law_no, "loi", label, provision_url(law_no, p.anchor),
                                  p.title or (law.title if p.level == "law" else "") or "",
                                  " · ".join(h for h in reversed(heads) if h), p.text or ""))
    for c in model.commentaries.values():
        docs.append(SearchDoc(c.node_id, c.laws[0] if c.laws else 0, "commentaire", f"Commentaire — {c.title}",
                              f"/commentaires/{c.id}/", c.title, "", c.text))
    for sid in sorted(model.stubs, key=_stub_key):
        s = model.stubs[sid]
        law, anchor = model.link_target(sid)
        docs.append(SearchDoc(sid, s.law, "absente", model.node_title(sid), provision_url(law, anchor),
                              "", "", ""))
    return docs


def _stub_key(sid: str):
    n = len(sid) - len(sid.lstrip("0123456789"))
    return (int(sid[:n] or 0), sid)


def schema() -> Schema:
    an = lois_analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        law=STORED(), kind=STORED(), label=STORED(), url=STORED(),
        title=TEXT(analyzer=an, stored=True, phrase=True),
        heading=TEXT(analyzer=an, stored=True, phrase=False),
        body=TEXT(analyzer=an, stored=True, phrase=True),
    )


def corpus_hash(corpus_dir: Path) -> str:
    """Hash of every corpus text file and of the search code: a change in either rebuilds the index."""
    h = hashlib.sha256()
    for sub in ("lois", "commentaires"):
        for f in sorted((corpus_dir / sub).glob("*.md")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    here = Path(__file__).parent
    for name in ("analysis.py", "index.py"):
        h.update((here / name).read_bytes())
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


def open_index(corpus_dir: Path, model=None, docs: list[SearchDoc] | None = None):
    """The whoosh index of this corpus, from the cache or (re)built. Returns (index, built_now)."""
    key = corpus_hash(corpus_dir)
    root = cache_root(corpus_dir)
    target = root / key
    if (target / "READY").exists():
        return windex.open_dir(str(target)), False
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
