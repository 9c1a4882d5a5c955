"""The site's search data, split so that a query downloads only what it reads, in one round where it can.

The browser (site_src/assets/lois/search.js) runs the same query plan and ranking as :class:`SearchEngine`, but
it never downloads the whole index. The build writes, under :data:`FOLDER`:

* ``index.json`` — the same size at any size of the corpus (none of it per document): the analysis and ranking
  parameters (:func:`lois.features.search.query.browser_data`), the lexicon's rewrites and synonyms, the number of
  documents, their kinds as runs (``kindRuns``: the documents come kind by kind), and the layout below
  (``shards``: how many files each family has), which every page also names (``<meta name="lois-search">``,
  :func:`layout`) so that a query fetches its words' shards at once, beside index.json, not after it;
* ``m<i>.json`` — words and terms, in the file :func:`route` gives to their first :data:`PREFIX` letters
  (:func:`stem_key`): a word (by normalised form, :func:`lois.features.search.analysis.normalize`: the terms of that
  form and of each spelling of the corpus) and its terms, which start like it (``carte`` → ``cart``; ``accident``,
  ``accidentel``), are in one file, that the page names from the typed word. A term holds its raw postings (per
  field and document: the term's frequency and the field's length, :func:`index.raw_postings`, which search.js
  scores as :func:`index.scored` does with what index.json says of the fields, ``bm25``: an edit changes the shards
  of the terms of the documents it changes only), its positions in each document's title and text (phrases,
  proximity: :func:`lois.features.search.query.term_positions`), its spellings (a snippet highlights them), its
  family (derived terms) and, for the documents it reaches, what the ranking reads of them besides: what the title
  bonus reads of a title holding the term (:func:`title_words`), the provisions of a gloss (``refs``), what
  query.phrasing_named reads of a phrasing that the term starts in the index of a page without text
  (:func:`phrasing_words`). Document numbers are written as differences from the one before (:func:`doc_deltas`:
  half the bytes gzipped);
* ``f<i>.json`` — the normalised forms by first letter and length (:func:`near_key`): what a typo compares with;
* ``c<i>.json`` — citation keys (by :func:`route` of the key) → the documents a typed provision id puts first;
* ``d<i>.json`` — the documents' shown fields (id, law, label, address, text or else title; a provision's sources,
  the documents whose situations cite it: its « Situation semblable »; a gloss's provisions; the tool that comes with
  it, documents.choose_tools; the phrasings of the site's index, one of which a result may show), fetched for
  the results shown only: each run of documents of one kind in shards of a fixed number of documents
  (``docShards`` in index.json: [first document, documents per shard, first shard] of each run).

Every file sits in the folder of its build, ``FOLDER + build + "/"`` (:func:`build_of`), the build being a hash of
the whole data: a page names the build it was written with (``<meta name="lois-build">``, from
:attr:`lois.render.site.SiteBuild.build_id`) and reads that folder only. A page left open across a deploy thus
never mixes two builds: its own data, or (the folder gone with the old site) a notice that a new version is
published, which it tells from a missing or damaged file by the site's current build
(:data:`lois.render.site.BUILD_FILE`, asked of the server).

search.js runs a query against whatever is loaded; each lookup in a shard not yet loaded is noted, the
missing shards are fetched, and the query is run again, until nothing is missing. A first query fetches index.json
and the shards of its words together (the page guesses their normalised forms before index.json says how to
normalise: a wrong guess costs one more round, never another answer), then the shards of terms reached another way
(synonyms, rewrites, typos) and the documents shown. Every shard is JSON ``{"k": [keys…], "v": [values…]}`` (an
``m`` shard also ``"tk"``, ``"tv"`` for its terms): keys in order, never object keys (a JSON object does not keep
the order of numeric keys).
"""
from __future__ import annotations

import hashlib
import json
import math
from collections import defaultdict
from itertools import groupby
from typing import Any

from lois.core import livememo
from lois.features.search.analysis import TOKEN_RE, normalize
from lois.features.search.documents import Kind, shown_text
from lois.features.search.index import B, K1, RAW_WIDTH, SOURCE
from lois.features.search.index import FIELDS as FIELDS_ORDER

FOLDER = "assets/lois/recherche/"  # the data of a build: FOLDER + build + "/" + INDEX, shards beside it
INDEX = "index.json"
# Size of a shard before gzip (bytes): a query reads about one shard of each family per word. Smaller shards mean
# fewer bytes per query and more files (and requests for a long query).
TARGET = {"m": 8_000, "f": 8_000, "c": 8_000, "d": 4_000}
PREFIX = 3  # words and terms sit in the shard of their first letters (stem_key)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def compact_rewrite(rewrite: list) -> list:
    """A rewrite of the lexicon (lexicon.Rewrite.to_json: [words, exact_case, means, kind, said?]) as index.json
    holds it: its words as one string (they never hold a space); the most frequent form, a term read as the Code's
    words as typed in any case (no kind, no « said » of its own), as [words, means]. search.js's setData reads both
    back; 1.1 KB less of index.json before gzip (≈ 250 bytes gzipped), the room the lexicon grows in."""
    words, rest = " ".join(rewrite[0]), list(rewrite[1:])
    if len(rest) == 3 and not rest[0] and not rest[2]:
        return [words, rest[1]]
    return [words, *rest]


def _dumps(obj) -> str:
    return _ENCODER.encode(obj)


Encoded = tuple[Any, str, str]  # an item of a shard: its key, the JSON of its key, the JSON of its value


def _encoded(items: list[tuple[Any, Any]]) -> list[Encoded]:
    """Each item with the JSON of its key and of its value, encoded once: what sizes the shards, and what they
    are made of (:func:`_shard`)."""
    return [(k, _dumps(k), _dumps(v)) for k, v in items]


def _bytes_of(items: list[Encoded]) -> int:
    """The bytes of JSON the items take in a shard: each key and value, and 2 (the commas between them)."""
    return sum(len(jk) + len(jv) + 2 for _, jk, jv in items)


def _shard(*runs: tuple[str, str, list[Encoded]]) -> str:
    """The JSON of a shard, ``{"k": [keys…], "v": [values…]}`` for each run (names of its keys and values, its
    items), joined from its items' JSON: what :func:`_dumps` writes of the same object."""
    return "{" + ",".join(f'"{k}":[{",".join(jk for _, jk, _ in run)}],"{v}":[{",".join(jv for _, _, jv in run)}]'
                          for k, v, run in runs) + "}"


def _utf16(key: Any) -> Any:
    """Sort key in the order of JavaScript's ``<`` on strings (UTF-16 code units); numbers as they are."""
    return key.encode("utf-16-be") if isinstance(key, str) else key


def route(key: str, n: int) -> int:
    """The shard of a key among n: FNV-1a (32 bits) over its UTF-16 code units, modulo n (search.js computes the
    same)."""
    h = 0x811C9DC5
    b = key.encode("utf-16-le")
    for i in range(0, len(b), 2):
        h = ((h ^ (b[i] | b[i + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return h % n


def stem_key(form: str) -> str:
    """What places a word (normalised form) or a term in its shard: its first PREFIX letters."""
    return form[:PREFIX]


def near_key(form: str) -> str:
    """What places a normalised form among those a typo compares with: its first letter and its length."""
    return form[:1] + chr(0x100 + len(form))


def _count(total: int, target: int, stable: bool = False) -> int:
    """How many shards (or documents per shard) for ``total`` bytes at about ``target`` each. ``stable`` (under
    `mkdocs serve`): a power of two, so that a save does not change the layout every page names (which would make
    every page new, lois.adapters.pagememo) unless the data doubles or halves — a shard then holds 0.7 to 1.4 times
    ``target``, which a published site does not pay."""
    if stable:
        return 1 << max(0, round(math.log2(max(total, 1) / target)))
    return max(1, round(total / target))


def _by_route(items: list[Encoded], key, target: int, stable: bool = False) -> tuple[int, list[list[Encoded]]]:
    """(n, the items of each of n shards): each item in the shard of route(key(its key)), n such that a shard
    holds about ``target`` bytes of JSON; items sorted by key in each (JavaScript's order)."""
    n = _count(_bytes_of(items), target, stable)
    return n, _routed(items, key, n)


def _routed(items: list[Encoded], key, n: int) -> list[list[Encoded]]:
    """The items of each of ``n`` shards: each item in the shard of route(key(its key)), sorted by key in each."""
    runs: list[list[Encoded]] = [[] for _ in range(n)]
    for item in sorted(items, key=lambda item: _utf16(item[0])):
        runs[route(key(item[0]), n)].append(item)
    return runs


def title_words(title: str, vocab, contrary: bool = False) -> int | list:
    """What the title bonus (query.title_cover) reads of a title besides the positions of its terms: its number
    of words, and the normalised words that have no term (stop words), when there are some; with ``contrary`` (a
    document's title), then each term it says with a negation, marked « ! » (query.negated_title_terms: « !accept »
    for « non acceptée »; never a query word)."""
    from lois.features.search.query import negated_title_terms, surface_key

    toks = TOKEN_RE.findall(title or "")
    bare = [normalize(w) for w in toks if not vocab.surfaces.get(surface_key(w))]
    if contrary:
        bare += ["!" + t for t in negated_title_terms(title, vocab)]
    return [len(toks), *bare] if bare else len(toks)


def phrasing_words(engine) -> dict[int, list]:
    """What query.phrasing_named reads of each phrasing of the index of a page without text (query.TEXTLESS_KINDS),
    besides the positions of its terms: as :func:`title_words` reads a title."""
    from lois.features.search.index import INDEX_SEP
    from lois.features.search.query import TEXTLESS_KINDS

    return {n: [title_words(p, engine.vocab) for p in f["index"].split(INDEX_SEP)]
            for n, f in enumerate(engine.stored) if f["kind"] in TEXTLESS_KINDS and f.get("index")}


def ref_steps(n: int, refs: list[int]) -> list[int]:
    """The provisions ``refs`` of document ``n`` (a gloss), each as its difference from the number before it."""
    return [b - a for a, b in zip([n, *refs], refs, strict=False)]


def deltas(docs: list[int], steps: dict[int, list[int]]) -> list[list[int]]:
    """Rows [doc, ref, ref…] (docs ascending) as differences: each doc from the previous row's, each ref from the
    number before it (``steps``: :func:`ref_steps` of each doc). The provisions of a gloss are close to each other:
    small numbers, half the bytes once gzipped (search.js adds them back)."""
    return [[n - prev, *steps[n]] for prev, n in zip([0, *docs], docs, strict=False)]


def doc_deltas(flat: list[int], width: int) -> list[int]:
    """A flat list of records [doc, …] of ``width`` numbers each with each doc written as its difference from the
    previous record's (search.js adds them back)."""
    out = list(flat)
    docs = flat[::width]
    out[::width] = [b - a for a, b in zip([0, *docs], docs, strict=False)]
    return out


POSTING_WIDTH = RAW_WIDTH  # doc, field, term frequency, field length (index.raw_postings)


def _records(seq: tuple[tuple[int, str], ...]) -> tuple[tuple[str, list[int]], ...]:
    """Each term of a sequence of (position, term), in order of first appearance, with [count, position…]."""
    at: dict[str, list[int]] = {}
    for p, t in seq:
        at.setdefault(t, []).append(p)
    return tuple((t, [len(ps), *ps]) for t, ps in at.items())


_records_kept = livememo.Memo(_records)  # under `mkdocs serve`: each text's from the previous build (read only)


def positions(engine) -> dict[str, list[int]]:
    """term → flat list [doc, field (0 title, 1 text, 2 the phrasings of the site's index of a page without text),
    count, position…, …]: where the term stands in each document's title and text, counted as query.term_positions
    counts (words without a term skipped), and in the index phrasings that a quoted phrase may start
    (query.has_quoted), as query.phrasing_positions counts them."""
    from lois.features.search.query import TEXTLESS_KINDS, phrasing_positions, term_positions

    out: dict[str, list[int]] = defaultdict(list)
    for n, f in enumerate(engine.stored):
        index = f.get("index") if f["kind"] in TEXTLESS_KINDS else ""
        for field, seq in ((0, tuple(enumerate(term_positions(f.get("title") or "", engine.vocab)))),
                           (1, tuple(enumerate(term_positions(f.get("body") or "", engine.vocab)))),
                           (2, tuple(phrasing_positions(index or "", engine.vocab)))):
            for t, record in _records_kept(seq):
                out[t] += [n, field, *record]
    return out


def _word_rows(vocab) -> list[tuple[str, list]]:
    """words: normalised form → [terms of the form, [spelling, term, spelling, term, …]]."""
    spellings: dict[str, list[str]] = defaultdict(list)
    for s, t in vocab.surfaces.items():
        spellings[normalize(s)] += [s, t]
    return [(k, [terms, spellings.get(k, [])]) for k, terms in vocab.folded.items()]


def _term_value(t: str, post: list[int], at: list[int], spellings: list[str], derived: list[str],
                context: tuple) -> Encoded:
    """A term's item of its shard: [postings, positions, spellings, derived terms, titles, glosses' provisions,
    named phrasings], the empty ones at the end left out (but the first four); ``post``: its raw postings, ``at``: its
    positions (:func:`positions`), ``context``: the documents' titles, the phrasings of the pages without text, the
    glosses' provisions (and their steps), what the term reads of the documents it reaches."""
    from lois.features.search.query import PHRASING_STRIDE

    titles, phrasings, refs, gloss_steps = context
    in_title = {d for d, f in zip(post[::POSTING_WIDTH], post[1::POSTING_WIDTH], strict=False) if f == _TITLE}
    # records [doc, field, count, positions…] (field 0: the title); of a phrasing of the index of a page without
    # text (field 2), those that start with the term, as [doc, phrasing, its words] (a query that names a
    # phrasing has all its terms, the first among them: each phrasing's words travel once)
    steps, named, i, prev = list(at), [], 0, 0
    while i < len(at):
        doc, field, count = at[i], at[i + 1], at[i + 2]
        steps[i], prev = doc - prev, doc
        if field == 0:
            in_title.add(doc)
        elif field == 2:
            for p in at[i + 3:i + 3 + count]:
                if p % PHRASING_STRIDE == 0:
                    named += [doc, p // PHRASING_STRIDE, phrasings[doc][p // PHRASING_STRIDE]]
        i += 3 + count
    reached = sorted(set(post[::POSTING_WIDTH]) & refs.keys())
    value = [doc_deltas(post, POSTING_WIDTH), steps, spellings, derived,
             doc_deltas([x for n in sorted(in_title) for x in (n, titles[n])], 2),
             deltas(reached, gloss_steps),
             doc_deltas(named, 3)]
    while value and value[-1] == [] and len(value) > 4:
        value.pop()
    return t, _dumps(t), _dumps(value)


_TITLE = FIELDS_ORDER.index("title")
# under `mkdocs serve`: a term's item of the previous build, given back when what it is made of is the same (its
# postings are raw: an edit changes the items of the terms of the documents it changes only); the context, kept
# when equal, so that each term compares it at once (the same object)
_term_kept = livememo.Latest(_term_value)
_context_kept = livememo.Latest(lambda *context: context)


def _term_items(engine, refs: dict[int, list[int]]) -> list[Encoded]:
    """terms: each term's item (:func:`_term_value`), encoded."""
    vocab = engine.vocab
    inverse: dict[str, list[str]] = defaultdict(list)
    for s, t in vocab.surfaces.items():
        inverse[t].append(s)
    where = positions(engine)
    titles = [title_words(f.get("title") or "", vocab, contrary=True) for f in engine.stored]
    context = _context_kept.given("", (titles, phrasing_words(engine), refs,
                                       {n: ref_steps(n, r) for n, r in refs.items()}))
    raw, derived = engine.raw, vocab.derived
    return [_term_kept.given(t, (t, raw.get(t, []), where.get(t, []), inverse.get(t, []), derived.get(t, []), context))
            for t in sorted(set(raw) | set(inverse))]


def _doc_rows(engine, refs: dict[int, list[int]]) -> list[tuple[int, list]]:
    """Each document as the results show it: the snippet's text; a provision's sources (documents.attach_evidence), a
    gloss's provisions, its tool, its index phrasings (read for the results shown only), its next tool, up to its
    last field."""
    docnum = engine.docnum
    docs = []
    for n, f in enumerate(engine.stored):
        row = [f["id"], f["law"], f["label"], f["url"], shown_text(f)]
        extra = [[docnum[r] for r in f.get("sources") or [] if r in docnum], refs.get(n, []),
                 docnum.get(f.get("tool") or ""), f.get("index") or "", docnum.get(f.get("next_tool") or "")]
        while extra and extra[-1] in ([], None, ""):
            extra.pop()
        docs.append((n, row + extra))
    return docs


def _doc_shards(docs: list[tuple[int, list]], stored: list[dict], stable: bool,
                files: dict[str, str]) -> list[list[int]]:
    """The documents' shards, added to ``files``: each run of one kind (documents come kind by kind) in shards of as
    many documents as make about TARGET bytes there; returns, for the index, where each run starts, its documents per
    shard and its first shard."""
    doc_runs: list[list[int]] = []
    start = 0
    for _kind, same in groupby(_encoded(docs), key=lambda item: stored[item[0]]["kind"]):
        docs_of_kind = list(same)
        per = _count(len(docs_of_kind) * TARGET["d"], max(1, sum(len(jv) + 2 for _, _, jv in docs_of_kind)), stable)
        first = sum(1 for name in files if name[0] == "d")
        doc_runs.append([start, per, first])
        for i in range(0, len(docs_of_kind), per):
            files[f"d{first + i // per}.json"] = _shard(("k", "v", docs_of_kind[i:i + per]))
        start += len(docs_of_kind)
    return doc_runs


def site_files(engine, build: str | None = None, stable: bool = False) -> dict[str, str]:
    """Every file of the site's search data (path → JSON text), in the folder of its build, the index first; the
    build is ``build``, by default a hash of the whole data; ``stable``: shard counts that an edit rarely changes
    (:func:`_count`, under `mkdocs serve`)."""
    from lois.features.search.query import browser_data

    vocab, docnum, stored = engine.vocab, engine.docnum, engine.stored
    refs = {n: [docnum[r] for r in f["refs"] if r in docnum] for n, f in enumerate(stored) if f.get("refs")}
    files: dict[str, str] = {}
    # words and their terms: as many shards as their bytes ask, each word and term in the shard of its first letters
    word_items, term_items = _encoded(_word_rows(vocab)), _term_items(engine, refs)
    n_m = _count(_bytes_of(word_items + term_items), TARGET["m"], stable)
    word_runs, term_runs = _routed(word_items, stem_key, n_m), _routed(term_items, stem_key, n_m)
    for i in range(n_m):
        files[f"m{i}.json"] = _shard(("k", "v", word_runs[i]), ("tk", "tv", term_runs[i]))
    near: dict[str, list[str]] = defaultdict(list)
    for k in vocab.folded:
        near[near_key(k)].append(k)
    cites = [(k, [docnum[i] for i in ids if i in docnum]) for k, ids in vocab.citations.items()]
    layout: dict[str, int] = {"p": PREFIX, "m": n_m}  # the letters of stem_key, the shards of each family
    for name, pairs in (("f", [(k, sorted(v)) for k, v in near.items()]), ("c", cites)):
        layout[name], runs = _by_route(_encoded(pairs), lambda k: k, TARGET[name], stable)
        for i, run in enumerate(runs):
            files[f"{name}{i}.json"] = _shard(("k", "v", run))
    doc_runs = _doc_shards(_doc_rows(engine, refs), stored, stable, files)
    kinds = [k.value for k in Kind]
    meta = browser_data(engine)
    meta.update({
        "synonyms": vocab.synonyms,
        "rewrites": [compact_rewrite(r) for r in vocab.rewrites],
        "absent_laws": vocab.absent_laws,
        "count": len(stored),
        "kindRuns": [[kinds.index(k), sum(1 for _ in run)] for k, run in groupby(f["kind"] for f in stored)],
        "shards": layout,
        "docShards": doc_runs,
        # what search.js's scored needs to score the raw postings as index.scored does (BM25F's parameters, the
        # field whose statistics each field uses, each field's average length): what changes with every edit of a
        # text is here, not in the shards of the terms the edit leaves alone
        "bm25": [K1, B, SOURCE, engine.avgfl],
    })
    if build is None:
        h = hashlib.sha256(_dumps(meta).encode())
        for name, text in files.items():
            h.update(f"\0{name}\0{text}".encode())
        build = h.hexdigest()[:12]
    meta["build"] = build
    folder = f"{FOLDER}{build}/"
    return {folder + INDEX: _dumps(meta), **{folder + name: text for name, text in files.items()}}


def layout(files: dict[str, str]) -> str:
    """What a page names of the search data :func:`site_files` returned (``<meta name="lois-search">``): the number
    of shards of each family routed by key and the letters of :func:`stem_key`, « p3 m23 f2 c1 »."""
    shards = json.loads(next(iter(files.values())))["shards"]
    return " ".join(f"{k}{v}" for k, v in shards.items())


def build_of(files: dict[str, str]) -> str:
    """The build of the search data :func:`site_files` returned (the name of its folder)."""
    index = next(iter(files))
    return index[len(FOLDER):-len("/" + INDEX)]
