"""The site's search data, split so that a query downloads only what it reads.

The browser (site_src/assets/lois/search.js) runs the same query plan and ranking as :class:`SearchEngine`, but
it never downloads the whole index. The build writes, under :data:`FOLDER`:

* ``index.json`` — fetched at the first query, small at any size of the corpus: the analysis and ranking
  parameters (:func:`lois.features.search.query.browser_data`), the lexicon's rewrites and synonyms, and per
  document only what every query may read: its kind, its provisions (a gloss gives way to them) and what the title
  bonus reads of its title (number of words, words without a term). It also lists, for each family of shards
  below, the first key of each shard: the shards of a family cover sorted, contiguous ranges of keys;
* ``w<i>.json`` — words, by normalised form (:func:`lois.features.search.analysis.normalize`): the terms of that
  form (the folded vocabulary) and of each spelling of the corpus (the surfaces). They are ordered by first letter,
  then length, then form (:func:`word_rank`): a typo reads only the shards of the forms that the fuzzy match
  compares with it (same first letter, at most as many letters more or fewer as typos allowed);
* ``t<i>.json`` — terms: their postings (whoosh's BM25F score per field and document), the positions of the term
  in each document's title and text (phrases, proximity: :func:`lois.features.search.query.term_positions`),
  the spellings that give the term (a snippet highlights them) and its family (derived terms). Terms of one
  family start alike (``accident``, ``accidentel``) and sit in the same shard or the next. In both lists each
  document number is written as its difference from the one before (:func:`doc_deltas`: half the bytes gzipped);
* ``c<i>.json`` — citation keys → the documents a typed provision id puts first;
* ``d<i>.json`` — the documents' shown fields (id, law, label, address, text or else title; a provision's sources,
  the documents whose situations cite it: its tool and « Situation semblable »), by runs of document numbers:
  fetched for the results shown only.

Every file sits in the folder of its build, ``FOLDER + build + "/"`` (:func:`build_of`), the build being a hash of
the whole data: a page names the build it was written with (``<meta name="lois-build">``, from
:attr:`lois.render.site.SiteBuild.build_id`) and reads that folder only. A page left open across a deploy thus
never mixes two builds: its own data, or (the folder gone with the old site) a notice that a new version is
published, which it tells from a missing or damaged file by the site's current build
(:data:`lois.render.site.BUILD_FILE`, asked of the server).

search.js runs a query against whatever is loaded; each lookup in a shard not yet loaded is noted, the
missing shards are fetched, and the query is run again, until nothing is missing (at most one round per step of
the plan: words, then terms, then documents). Every shard is JSON ``{"k": [keys…], "v": [values…]}``: keys
in order, never object keys (a JSON object does not keep the order of numeric keys).
"""
from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Any

from lois.features.search.analysis import TOKEN_RE, normalize
from lois.features.search.documents import Kind

FOLDER = "assets/lois/recherche/"  # the data of a build: FOLDER + build + "/" + INDEX, shards beside it
INDEX = "index.json"
# Size of a shard before gzip (bytes): a query reads about one shard of each family per word. Smaller shards mean
# fewer bytes per query and more files (and requests for a long query).
TARGET = {"w": 12_000, "t": 16_000, "c": 8_000, "d": 12_000}


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _utf16(key: Any) -> Any:
    """Sort key in the order of JavaScript's ``<`` on strings (UTF-16 code units); numbers as they are."""
    return key.encode("utf-16-be") if isinstance(key, str) else key


def word_rank(form: str) -> str:
    """The order of the word shards: first letter, then length, then the form (search.js computes the same)."""
    return form[:1] + chr(0x100 + len(form)) + form


def split(items: list[tuple[Any, Any]], target: int) -> list[list[tuple[Any, Any]]]:
    """Sorted (key, value) pairs cut into runs of about ``target`` bytes of JSON each (one key is never cut)."""
    runs: list[list[tuple[Any, Any]]] = [[]]
    size = 0
    for key, value in items:
        n = len(_dumps(key)) + len(_dumps(value)) + 2
        if runs[-1] and size + n > target:
            runs.append([])
            size = 0
        runs[-1].append((key, value))
        size += n
    return runs if runs[0] else []


def title_words(title: str, vocab) -> int | list:
    """What the title bonus (query.title_cover) reads of a title besides the positions of its terms: its number
    of words, and the normalised words that have no term (stop words), when there are some."""
    from lois.features.search.query import surface_key

    toks = TOKEN_RE.findall(title or "")
    bare = [normalize(w) for w in toks if not vocab.surfaces.get(surface_key(w))]
    return [len(toks), *bare] if bare else len(toks)


def deltas(rows: list[list[int]]) -> list[list[int]]:
    """Rows [doc, ref, ref…] (docs ascending) as differences: each doc from the previous row's, each ref from the
    number before it. The provisions of a gloss are close to each other: small numbers, half the bytes once
    gzipped (search.js adds them back)."""
    out, prev = [], 0
    for row in rows:
        out.append([row[0] - prev, *(b - a for a, b in zip(row, row[1:], strict=False))])
        prev = row[0]
    return out


def doc_deltas(flat: list[int], width) -> list[int]:
    """A flat list of records [doc, …] (``width(flat, i)``: the length of the record at i) with each doc written as
    its difference from the previous record's (search.js adds them back)."""
    out = list(flat)
    i, prev = 0, 0
    while i < len(flat):
        out[i], prev = flat[i] - prev, flat[i]
        i += width(flat, i)
    return out


def posting_width(flat: list[int], i: int) -> int:
    return 3  # doc, field, score


def position_width(flat: list[int], i: int) -> int:
    return 3 + flat[i + 2]  # doc, field, count, positions…


def positions(engine) -> dict[str, list[int]]:
    """term → flat list [doc, field (0 title, 1 text), count, position…, …]: where the term stands in each
    document's title and text, counted as query.term_positions counts (words without a term skipped)."""
    from lois.features.search.query import term_positions

    out: dict[str, list[int]] = defaultdict(list)
    for n, f in enumerate(engine.stored):
        for field, text in ((0, f.get("title")), (1, f.get("body"))):
            at: dict[str, list[int]] = {}
            for p, t in enumerate(term_positions(text or "", engine.vocab)):
                at.setdefault(t, []).append(p)
            for t, ps in at.items():
                out[t] += [n, field, len(ps), *ps]
    return out


def site_files(engine, build: str | None = None) -> dict[str, str]:
    """Every file of the site's search data (path → JSON text), in the folder of its build, the index first; the
    build is ``build``, by default a hash of the whole data."""
    from lois.features.search.query import browser_data

    vocab = engine.vocab
    docnum = engine.docnum
    # words: normalised form → [terms of the form, [spelling, term, spelling, term, …]]
    spellings: dict[str, list[str]] = defaultdict(list)
    for s, t in vocab.surfaces.items():
        spellings[normalize(s)] += [s, t]
    words = [(k, [terms, spellings.get(k, [])]) for k, terms in vocab.folded.items()]
    # terms: [postings, positions, spellings, derived terms]
    inverse: dict[str, list[str]] = defaultdict(list)
    for s, t in vocab.surfaces.items():
        inverse[t].append(s)
    where = positions(engine)
    terms = sorted(set(engine.postings) | set(inverse))
    term_items = [(t, [doc_deltas(engine.postings.get(t, []), posting_width),
                       doc_deltas(where.get(t, []), position_width), inverse.get(t, []), vocab.derived.get(t, [])])
                  for t in terms]
    cites = [(k, [docnum[i] for i in ids if i in docnum]) for k, ids in vocab.citations.items()]
    # the snippet's text; a provision's sources (documents.attach_evidence), read for the results shown only
    docs = [(n, [f["id"], f["law"], f["label"], f["url"], f.get("body") or f.get("title") or "",
                 *([[docnum[r] for r in f["sources"] if r in docnum]] if f.get("sources") else [])])
            for n, f in enumerate(engine.stored)]
    families: dict[str, list[tuple[Any, Any]]] = {"w": words, "t": term_items, "c": cites, "d": docs}
    files: dict[str, str] = {}
    firsts: dict[str, list] = {}
    for name, items in families.items():
        def rank(key: Any, family: str = name) -> Any:
            return word_rank(key) if family == "w" else key

        items.sort(key=lambda kv: _utf16(rank(kv[0])))
        runs = split(items, TARGET[name])
        firsts[name] = [rank(run[0][0]) for run in runs]
        for i, run in enumerate(runs):
            files[f"{name}{i}.json"] = _dumps({"k": [k for k, _ in run], "v": [v for _, v in run]})
    kinds = [k.value for k in Kind]
    meta = browser_data(engine)
    meta.update({
        "synonyms": vocab.synonyms,
        "rewrites": vocab.rewrites,
        "absent_laws": vocab.absent_laws,
        "count": len(engine.stored),
        "docKinds": "".join(chr(97 + kinds.index(f["kind"])) for f in engine.stored),  # a, b, c…: Kind order
        "refs": deltas([[n, *(docnum[r] for r in f["refs"] if r in docnum)] for n, f in enumerate(engine.stored)
                        if f.get("refs")]),
        "titles": [title_words(f.get("title") or "", vocab) for f in engine.stored],
        "shards": firsts,
    })
    if build is None:
        h = hashlib.sha256(_dumps(meta).encode())
        for name, text in files.items():
            h.update(f"\0{name}\0{text}".encode())
        build = h.hexdigest()[:12]
    meta["build"] = build
    folder = f"{FOLDER}{build}/"
    return {folder + INDEX: _dumps(meta), **{folder + name: text for name, text in files.items()}}


def build_of(files: dict[str, str]) -> str:
    """The build of the search data :func:`site_files` returned (the name of its folder)."""
    index = next(iter(files))
    return index[len(FOLDER):-len("/" + INDEX)]
