"""The search index of the documents (:mod:`lois.features.search.documents`): postings computed directly.

No whoosh index is written. The postings « term → [doc, field, score × SCORE_SCALE, …] » are counted from the
documents with the project's analyser (analysis.py: :func:`analyze`, the terms its whoosh analyser yields) and
scored with whoosh's own pieces — its BM25 function (:func:`whoosh.scoring.bm25`, its operations inlined) and parameters
(:class:`whoosh.scoring.BM25F`), its idf (:meth:`whoosh.scoring.WeightingModel.idf`), its average field length
(total length ÷ documents; for the index field, the fixed INDEX_LENGTH) and its per-document field length, stored as
one byte (:func:`whoosh.util.numeric.length_to_byte`, codec whoosh3): the numbers are those whoosh gives for a TEXT
field of an index of the same documents (tests/search_oracle.py writes such an index; the tests compare).

The command line keeps what it computed in a cache file (``build/cache/search/<code>.marshal`` beside the corpus,
or under ``$LOIS_CACHE``), named by a hash of this package's code, and never committed. The file is in Python's
`marshal` format (its version is in the code's hash): a header (what the index was made of, the vocabulary, the
ids, where each record is), then each document and each term's postings as a record of its own, decoded when a
query reads it from the file mapped in memory (:class:`LazyDocs`, :class:`LazyPostings`): a query decodes the
header (≈ 4 % of the file) and a few records, where decoding the whole file took 40 ms at ×20 and its JSON 80 ms.
What the index was made of (:func:`cached_index`, by the rule of :mod:`lois.core.statcache`): the size, times and
inode of every file of the corpus when the index was made, and the digest of the bytes read of each file saved less
than :data:`RACY_NS` before (whose stat may not change with its next save, as Git's « racily clean » entries). A
call only looks at the files' stat data and reads those few files again: no file of the corpus is hashed when
nothing changed; a change to any file, a file added or removed, remakes the index.
"""
from __future__ import annotations

import contextlib
import gc
import marshal
import math
import os
import sys
import time
import zlib
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

from lois.core import livememo, safeio
from lois.core.statcache import (RACY_NS, fingerprint, listing, settled,  # noqa: F401 (the rule; tests patch listing)
                                  unchanged)
from lois.features.search.documents import SearchDoc, build_docs  # noqa: F401 (re-exported)

# Field weights (applied as query boosts, the same way in Python and in the browser).
# « situations »: a provision's situations told by the site's other documents (documents.attach_evidence);
# « index »: the everyday phrasings of the site's index analytique (corpus/index.yaml, subject_index.index_words).
# Both are borrowed words: a query word found only there counts for query.SITUATION_COVER (INDEX_COVER) of its weight.
# The index weighs more than the situations: its phrasings are written provision by provision in the table's words,
# and they are all the words of a law the site does not hold (« une carte est tombée pendant les enchères » → 24);
# 0.6 rather than 0.5: blind3 hit@1 45.5 → 49.2 %, every situation set at its level or better, the relevance set
# 98.1 → 97.2 % (« renonce non consommée » finds 62 — Loi 62A, a revoke not established is corrected — before the
# commentary it expects).
INDEX_BOOST = 0.6
# The length that a document's index phrasings are weighed against (BM25's average field length, for this field
# alone): a fixed number of terms (≈ the average over the documents when it was set) rather than the average of the
# documents', so that the phrasings written for one page change no other page's score (idf aside). With the average,
# every phrasing added to one page raised the pages with the longest lists of phrasings (43, 62, 64: BM25 weighs a
# long field against the average, and a larger average lifts the longest most).
INDEX_LENGTH = 18.0
# A page of a law the site has no text for (query.TEXTLESS_KINDS) that no document of the site tells a situation of
# (its « situations » empty; see DESCRIBED_MAX_SOURCES) is described by the phrasings of the site's index alone (and
# the site's summary, if any): they are its text, and they weigh in its score as a text does, a little more than the
# Code's own words since they are the table's (DESCRIBED_BOOST): its index postings are given as the field
# « described » (the same scores, whoosh's for the index field; :func:`field_of`). A page that the site's documents
# tell situations of has those words besides (« situations »), and its index keeps INDEX_BOOST. 1.2 rather than 0.6:
# hit@1 blind3 +6, blind4 +7, blind5 +8, blind6 +11, blind7 +13 queries, every other set at its level (1.0: +4 … +9,
# blind2 −1; 1.3: situations −1; for every page without text, the situated ones too: relevance −5 at 1.0).
DESCRIBED_BOOST = 1.2
# « No document tells a situation of it » is read as « at most DESCRIBED_MAX_SOURCES documents do »: the situations of
# one document are a few words about one case, not a description of the law, and a single citation (a checklist's
# help that mentions Law 68 in passing) halved the weight of every phrasing of the page, so that « le reste est à
# moi » found Law 70 before Law 68 (legal14, session 11). 1: hit@1 +11, hit@3 +11 over the development sets
# (relevance and situations unmoved, directors −1: « les joueurs peuvent-ils appliquer la sanction eux-mêmes »,
# 81C5 before 10A); 2: hit@1 −6.
DESCRIBED_MAX_SOURCES = 1
TEXTLESS_KINDS = ("stub",)  # the kinds of a page without text (query.TEXTLESS_KINDS)
FIELD_BOOSTS = {"title": 3.0, "heading": 1.5, "body": 1.0, "context": 0.5, "situations": 0.5, "index": INDEX_BOOST,
                "described": DESCRIBED_BOOST}
FIELDS = tuple(FIELD_BOOSTS)
TEXT_FIELDS = FIELDS[:-1]  # the documents' fields (« described » is the index field of some of them)
SCORE_SCALE = 10000  # postings keep round(BM25F score × SCORE_SCALE), an integer
INDEX_SEP = " · "  # between the phrasings of a provision's « index » field (subject_index.index_words)
PHRASE_MAX_CHARS = 80  # characters of a phrasing of the index, at most (checked by subject_index)
# a document's fields, as stored
STORED = ("id", "law", "kind", "label", "url", "title", "heading", "body", "context", "refs", "situations", "sources",
          "index", "tool", "next_tool")


# ------------------------------------------------------------------ postings

def _frequencies(key: tuple[str, tuple[tuple[str, str], ...]]) -> Counter:
    """The term frequencies of a text (``key``: the text and the lexicon's ``stems`` as pairs)."""
    from lois.features.search.analysis import analyze

    text, stems = key
    return Counter(analyze(text, dict(stems))) if text else Counter()


# under `mkdocs serve`, the frequencies of the texts a save leaves unchanged are those of the previous build
_frequencies_kept = livememo.Memo(_frequencies)


def _count(texts: list[str], stems: dict[str, str] | None = None) -> tuple[list[Counter], Counter, int]:
    """Term frequencies of each text (the analyser's terms, as whoosh indexes a TEXT field: stop words dropped),
    documents per term, and the field's total length (its number of terms, as whoosh sums it)."""
    pairs = tuple(sorted((stems or {}).items()))
    counts = [_frequencies_kept((text, pairs)) for text in texts]
    df: Counter = Counter()
    for c in counts:
        df.update(c.keys())
    return counts, df, sum(c.total() for c in counts)


# whoosh's BM25F parameters (:class:`whoosh.scoring.BM25F`'s defaults; the tests compare with its scores)
K1, B = 1.2, 0.75
# the field whose statistics (documents holding a term, average length) a field's postings are scored with: the
# index field's for « described » (field_of), else its own
SOURCE = [FIELDS.index("index") if f == "described" else i for i, f in enumerate(FIELDS)]
RAW_WIDTH = 4  # a raw posting: doc, field, term frequency, field length


def raw_postings(docs: list[SearchDoc], stems: dict[str, str] | None = None) -> tuple[dict[str, list[int]],
                                                                                      list[float]]:
    """term → flat list [doc, field, frequency, length, …] (fields in TEXT_FIELDS order then documents in order): how
    often the term stands in that field of that document, the field's length there as whoosh keeps it (one byte,
    codec whoosh3: :func:`whoosh.util.numeric.length_to_byte`), the field given as :func:`field_of` says; and the
    average length of each field of FIELDS (« described »: the index field's, INDEX_LENGTH). :func:`scored` makes
    whoosh's scores of them. A posting depends on its own document alone: an edit changes the postings of the terms
    of the documents it changes, never the others' (the site's shards of the other terms stay the same file)."""
    from whoosh.util.numeric import byte_to_length, length_to_byte

    n = len(docs)
    out: dict[str, list[int]] = {}
    avgfl = [1.0] * len(FIELDS)
    for fname in TEXT_FIELDS:
        counts, _df, total = _count([getattr(d, fname) or "" for d in docs], stems)
        fi = FIELDS.index(fname)
        avgfl[fi] = total / (n or 1) or 1  # Searcher.avg_field_length, « or 1 » as in BM25FScorer
        if fname == "index":
            avgfl[fi] = INDEX_LENGTH
        for doc, c in enumerate(counts):
            if not c:
                continue
            length = byte_to_length(length_to_byte(c.total()))  # the stored length is a byte (codec whoosh3)
            given = FIELDS.index(field_of(fname, docs[doc].kind, docs[doc].sources))
            for term, freq in c.items():
                row = out.get(term)
                if row is None:
                    row = out[term] = []
                row += (doc, given, freq, length)
    for i, src in enumerate(SOURCE):
        avgfl[i] = avgfl[src]
    return dict(sorted(out.items())), avgfl


def scored(raw: list[int], count: int, avgfl: list[float]) -> list[int]:
    """The postings [doc, field, score×SCORE_SCALE, …] of a term's raw postings (:func:`raw_postings`) among
    ``count`` documents: whoosh's BM25F score (:func:`whoosh.scoring.bm25`, the same operations in the same order:
    the same floats), its idf (:meth:`whoosh.scoring.WeightingModel.idf`, log(N / (df + 1)) + 1) with df the
    documents of the postings in that field (SOURCE). search.js's ``scored`` does the same, from the same data."""
    df = [0] * len(FIELDS)
    for i in range(1, len(raw), RAW_WIDTH):
        df[SOURCE[raw[i]]] += 1
    idf = [math.log(count / (d + 1)) + 1 if d else 0.0 for d in df]
    out: list[int] = []
    for i in range(0, len(raw), RAW_WIDTH):
        src = SOURCE[raw[i + 1]]
        tf = float(raw[i + 2])
        norm = K1 * ((1 - B) + B * raw[i + 3] / avgfl[src])
        out += (raw[i], raw[i + 1], int(round(idf[src] * ((tf * (K1 + 1)) / (tf + norm)) * SCORE_SCALE)))
    return out


def postings(docs: list[SearchDoc], stems: dict[str, str] | None = None) -> dict[str, list[int]]:
    """term → flat list [doc, field, score×SCORE_SCALE, …], fields in TEXT_FIELDS order then documents in order:
    whoosh's BM25F score of the term in that field of that document, given as the field :func:`field_of` says
    (``stems``: the lexicon's, analysis.term_of): :func:`scored` of :func:`raw_postings`."""
    raw, avgfl = raw_postings(docs, stems)
    return {t: scored(r, len(docs), avgfl) for t, r in raw.items()}


def field_of(fname: str, kind: str, sources: list[str]) -> str:
    """The field a document's postings of field ``fname`` are given as: « described » for the index of a page
    without text that at most DESCRIBED_MAX_SOURCES documents of the site tell situations of (DESCRIBED_BOOST), else
    ``fname``."""
    return "described" if fname == "index" and kind in TEXTLESS_KINDS and len(sources) <= DESCRIBED_MAX_SOURCES \
        else fname


def stored_fields(docs: list[SearchDoc]) -> list[dict]:
    """Each document as a dict of its fields (a field without value left out)."""
    return [{k: v for k in STORED if (v := getattr(d, k)) is not None} for d in docs]


# ------------------------------------------------------------------ the command line's cache

CODE_DIRS = ("core", "features/search", "features/annotations", "features/checklists")
FORMAT = 4
SUFFIX = ".marshal"
CODE_KEY_FILE = "search.key"  # the code's hash and its files' stat data (code_key), beside the other caches' folders


def code_key(folder: Path | None = None) -> str:
    """Hash of the code that reads the corpus into documents and of Python's version: another code, another
    cache file. With ``folder`` (in the cache), the hash is kept there beside the code files' stat data, and given
    back while they are the same (Python's own rule for its compiled code; lois.core.statcache's for a file saved
    just before): no file of the code read again, and no hashlib (OpenSSL's library: 4 ms of every `lois cherche`)."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    names = sorted(f"{d}/{name}" for d in CODE_DIRS for name in os.listdir(os.path.join(package, d))
                   if name.endswith(".py") and not name.startswith("."))  # (strings: at every `lois cherche`)
    seen_at = time.time_ns()
    stats = [os.stat(os.path.join(package, rel)) for rel in names]
    line = "\t".join([f"{FORMAT} {sys.version_info[:3]} {package}"]
                     + [f"{rel} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino}"
                        for rel, st in zip(names, stats, strict=True)])
    kept = folder / CODE_KEY_FILE if folder is not None else None
    if kept is not None and os.path.lexists(kept):
        from lois.core.errors import LoisError

        with contextlib.suppress(LoisError, OSError, UnicodeDecodeError):  # (read as the index is: never a pipe)
            was, _, key = safeio.read_bytes(kept, limit=1_000_000).decode("utf-8").partition("\n")
            if was == line and len(key) == 20:
                return key
    import hashlib

    h = hashlib.sha256(f"{FORMAT}\0{sys.version_info[:3]}\0".encode())
    for rel in names:
        h.update(f"{rel}\0".encode())
        with open(os.path.join(package, rel), "rb") as fh:  # the package's own files (the corpus's: lois.core.safeio)
            h.update(fh.read())
    key = h.hexdigest()[:20]
    if kept is not None and all(st.st_mtime_ns + RACY_NS < seen_at for st in stats):  # (a file saved just now may
        with contextlib.suppress(OSError):                                            # be saved again, same stat)
            kept.parent.mkdir(parents=True, exist_ok=True)
            safeio.write_cache(kept, f"{line}\n{key}".encode())
    return key


def cache_root(corpus_dir: Path) -> Path:
    """$LOIS_CACHE/search, or build/cache/search beside the corpus: only the search's cache lives there (older
    entries are removed), beside the other caches of the build (lois.core.cachedir)."""
    from lois.core.cachedir import cache_base

    return cache_base(corpus_dir) / "search"


HEADER_KEYS = {"key", "files", "vocabulary", "ids", "spans", "postings", "crc"}
VOCABULARY_KEYS = {"surfaces", "folded", "synonyms", "citations", "rewrites", "absent_laws", "derived"}
LENGTH = 8  # bytes before the header: its length (little-endian)


def pack(header: dict, records: bytes) -> bytes:
    """A cache file: the header's length, the header (marshal), then the records it points into."""
    head = marshal.dumps(header)
    return len(head).to_bytes(LENGTH, "little") + head + records


def unpack(data) -> tuple[dict, int]:
    """The header of a cache file (its bytes, or a map of them) and where its records begin."""
    end = LENGTH + int.from_bytes(data[:LENGTH], "little")
    if len(data) < end:
        raise EOFError("header cut short")
    collecting = gc.isenabled()
    gc.disable()  # tens of thousands of objects made at once, all kept: the cyclic collector would scan them in vain
    try:
        return marshal.loads(data[LENGTH:end]), end
    finally:
        if collecting:
            gc.enable()


class _Records:
    """Record ``n`` of a cache file: bytes ``spans[n]`` to ``spans[n + 1]`` after ``base``, decoded when read."""

    def __init__(self, data, base: int, spans: list[int]):
        self._data, self._base, self._spans = data, base, spans

    def __getitem__(self, n: int):
        return marshal.loads(self._data[self._base + self._spans[n]:self._base + self._spans[n + 1]])


class LazyDocs(Sequence):
    """The stored fields of the documents (dicts), each decoded from its record when first read; ``ids``: every
    document's id, in order."""

    def __init__(self, ids: list[str], records: _Records):
        self.ids, self._records = ids, records
        self._read: dict[int, dict] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, n):
        try:  # a document read before (a query reads the same ones many times)
            return self._read[n]
        except (KeyError, TypeError):
            pass
        if isinstance(n, slice):
            return [self[i] for i in range(*n.indices(len(self)))]
        if not -len(self.ids) <= n < len(self.ids):
            raise IndexError(n)
        n %= len(self.ids)
        found = self._read.get(n)
        if found is None:
            found = self._read[n] = self._records[n]
        return found


class LazyPostings(Mapping):
    """Term → its postings (a list), each decoded from its record when first read."""

    def __init__(self, numbers: dict[str, int], records: _Records):
        self._numbers, self._records = numbers, records
        self._read: dict[str, list[int]] = {}

    def __getitem__(self, term: str) -> list[int]:
        found = self._read.get(term)
        if found is None:
            found = self._read[term] = self._records[self._numbers[term]]
        return found

    def __iter__(self):
        return iter(self._numbers)

    def __len__(self) -> int:
        return len(self._numbers)


def doc_ids(docs) -> list[str]:
    """Every document's id, in order, without decoding the documents of a cached index."""
    return docs.ids if isinstance(docs, LazyDocs) else [f["id"] for f in docs]


def _problem(data, key: str, records, crc: bool = True) -> str | None:
    """Why a cached index cannot be used (None: it can); ``records``: the bytes after the header. A record damaged
    in place (a disk, a copy cut and mended, a hand) is found here by the records' CRC-32 (a millisecond for the
    whole Code's index, 3.5 ms at ×20), not by the query that decodes it (marshal's « bad data », a text that is no
    UTF-8); ``crc`` False: the file is the one whose CRC was found right (:func:`_crc_seen`)."""
    size = len(records)
    if not isinstance(data, dict) or set(data) != HEADER_KEYS:
        return "fichier d'une autre version"
    if data["key"] != key:
        return "fichier d'un autre corpus"
    vocab, post, spans, files, ids = data["vocabulary"], data["postings"], data["spans"], data["files"], data["ids"]
    if not isinstance(files, dict) or not all(isinstance(v, list) and len(v) == 5 for v in files.values()):
        return "fichier d'une autre version"
    # (each check over the whole list in C: `lois cherche` reads the header at every call)
    if not (isinstance(vocab, dict) and set(vocab) == VOCABULARY_KEYS and isinstance(post, dict)
            and isinstance(ids, list) and set(map(type, ids)) <= {str} and isinstance(spans, list)
            and len(spans) == len(ids) + len(post) + 1 and set(map(type, spans)) == {int}
            and sorted(post.values()) == list(range(len(ids), len(ids) + len(post)))):
        return "fichier d'une autre version"
    if spans[0] != 0 or spans[-1] != size or spans != sorted(spans) or crc and data["crc"] != zlib.crc32(records):
        return "fichier endommagé"
    return None if ids else "index vide"


def read_cached(path: Path, key: str) -> dict | None:
    """The cached index in ``path``, or None: absent, or (after a one-line notice on stderr, the file removed)
    damaged, foreign or of another version — the caller then remakes it. Only the header is decoded here (what
    the index was made of, the vocabulary, the ids, where each record is); a document's or a term's record is
    decoded when a query reads it, from the file mapped in memory (never read whole)."""
    from lois.core import safeio
    from lois.core.errors import LoisError

    if not os.path.lexists(path):
        return None
    try:  # the one guarded open: a pipe or a link to /dev in the cache is refused, never waited on
        seen_at, before = time.time_ns(), _stat_line(path)
        mapped = safeio.map_bytes(path, limit=500_000_000)
        data, base = unpack(mapped)
        known = before is not None and before == _stat_line(path) and _crc_seen(path) == before
        with memoryview(mapped) as view, view[base:] as body:  # (released: the map stays closable)
            problem = _problem(data, key, body, crc=not known)
    except LoisError as exc:
        problem = exc.message
    except (EOFError, ValueError, TypeError):
        problem = "fichier endommagé"
    if problem is None:
        if not known and before is not None and before == _stat_line(path):
            _note_crc(path, before, seen_at)
        records = _Records(mapped, base, data["spans"])
        return {"key": key, "files": data["files"], "vocabulary": data["vocabulary"],
                "docs": LazyDocs(data["ids"], records), "postings": LazyPostings(data["postings"], records)}
    print(f"Index de recherche en cache inutilisable ({problem}) : reconstruit ({path}).", file=sys.stderr)
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
    return None


CRC_SEEN = ".crc"  # beside a cache file: its stat data when its records' CRC-32 was last found right


def _stat_line(path: Path) -> str | None:
    """The stat data of a file that any write changes (its ctime: no program sets it back), or None."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return f"{st.st_dev} {st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}"


def _crc_seen(path: Path) -> str | None:
    """The stat data of ``path`` when its records' CRC was last found right (lois.core.statcache's rule: a file
    whose stat data are the same was not written since), or None: each call of `lois cherche` then reads its stat
    data, not all its records (3.5 ms at ×20)."""
    from lois.core.errors import LoisError

    with contextlib.suppress(LoisError, OSError, UnicodeDecodeError):  # (read as the index is: never a pipe)
        return safeio.read_bytes(path.with_suffix(CRC_SEEN), limit=1_000).decode("utf-8")
    return None


def _note_crc(path: Path, line: str, seen_at: int) -> None:
    """Note that the records of ``path`` (stat data ``line``) had the right CRC at ``seen_at``, unless it was written
    less than RACY_NS before (written again within the clock's granularity, it could keep its stat data). Best
    effort."""
    ctime, mtime = (int(x) for x in line.split()[-1:-3:-1])
    if ctime + RACY_NS < seen_at and mtime + RACY_NS < seen_at:
        with contextlib.suppress(OSError):
            safeio.write_cache(path.with_suffix(CRC_SEEN), line.encode("utf-8"))


def write_cached(path: Path, data: dict) -> None:
    """Write atomically (a reader sees the old file or the whole new one), then drop older entries. Best effort:
    a read-only cache folder only means no cache. Each document's stored fields, then each term's postings, is a
    record of its own (marshal); the header says where each one is."""
    records = [marshal.dumps(f) for f in data["docs"]] + [marshal.dumps(p) for p in data["postings"].values()]
    spans = [0]
    for r in records:
        spans.append(spans[-1] + len(r))
    n = len(data["docs"])
    header = {"key": data["key"], "files": data["files"], "vocabulary": data["vocabulary"],
              "ids": [f["id"] for f in data["docs"]], "spans": spans,
              "postings": {t: n + i for i, t in enumerate(data["postings"])}}
    body = b"".join(records)
    header["crc"] = zlib.crc32(body)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        safeio.write_cache(path, pack(header, body))
    except OSError:
        return
    import shutil

    for old in path.parent.iterdir():  # indexes of older corpora, code or formats, whoosh folders of older versions
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        elif old.suffix in (".json", SUFFIX, CRC_SEEN) and old != path:
            old.unlink(missing_ok=True)


def _refresh(path: Path, files: dict, fresh: dict) -> None:
    """The cached index in ``path`` with ``fresh`` as what it was made of, if it is still the one made of ``files``
    (another process may have written another since). Best effort."""
    try:
        raw = path.read_bytes()
        header, base = unpack(raw)
        if header.get("files") != files:
            return
        header["files"] = fresh
        safeio.write_cache(path, pack(header, raw[base:]))
    except (OSError, EOFError, ValueError, TypeError, AttributeError):
        return


def cached_index(corpus_dir: Path, make) -> dict:
    """The index of this corpus from the cache, or ``make()`` (a dict: « docs », « vocabulary », « postings »)
    cached with what it was made of: the files' stat data taken before, and the digests of the bytes ``make``
    read (hashed as they were read, one read per file)."""
    from lois.core import safeio

    key = code_key(cache_root(corpus_dir).parent / "code")  # (the search's folder holds its one index file only)
    path = cache_root(corpus_dir) / f"{key}{SUFFIX}"
    seen_at = time.time_ns()
    seen = listing(corpus_dir)
    data = read_cached(path, key)
    if data is not None and unchanged(data["files"], seen, corpus_dir):
        fresh = settled(data["files"], seen_at)
        if fresh is not None:  # the files saved just before it was made are settled: no more reading them
            _refresh(path, data["files"], fresh)
        return data
    with safeio.recording() as reads:
        made = make()
    files = fingerprint(seen, seen_at, reads, corpus_dir)
    data = {"key": key, "files": files or {}, **made}
    if files is not None:
        write_cached(path, data)
    return data
