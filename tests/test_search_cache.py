"""The cached index of `lois cherche` (lois.features.search.index.cached_index): found by the files' stat data, no
file of the corpus hashed when nothing changed, and never stale — a save the stat data miss (a coarse clock, the
same size) is seen by the bytes of the files modified just before, and a save while the index is made is never
kept under the stat data of the bytes before it (issue 36)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT


@pytest.fixture
def corpus(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("sources"))
    return corpus


def _laws(corpus: Path, query: str) -> list:
    from lois.features.search.query import SearchEngine

    return [r.law for r in SearchEngine(corpus).search(query, 3)]


def _same_size_edit(path: Path, model) -> str:
    """Replace, in law 50, a word no statement rests on by a new word as long as it: the file keeps its size.
    Returns the new word."""
    from conftest import word_no_statement_rests_on

    word = word_no_statement_rests_on(model, 50)
    new = ("zygomorphe" + "z" * 40)[:len(word)]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(word, new, 1), encoding="utf-8")
    return new


def test_nothing_is_hashed_when_nothing_changed(corpus, monkeypatch):
    """The second call reads no file of the corpus (the guarded read is the only way in): stat data only."""
    from lois.core import safeio

    assert _laws(corpus, "renonce")
    law = corpus / "lois" / "10.md"
    import os
    import time

    old = time.time_ns() - 3_600_000_000_000  # saved an hour ago: not « just before » the index was made
    for f in corpus.rglob("*"):
        if f.is_file():
            os.utime(f, ns=(old, old))
    assert _laws(corpus, "renonce")  # the index made again: the times changed
    with safeio.recording() as reads:
        assert _laws(corpus, "renonce")
    assert not [p for p in reads if Path(p).is_relative_to(corpus)], reads
    law.write_text(law.read_text(encoding="utf-8") + "\nLe zygomorphe est un mot ajouté.\n", encoding="utf-8")
    assert _laws(corpus, "zygomorphe") == [10]


def test_files_saved_just_before_the_index_are_read_until_they_settle(corpus, monkeypatch):
    """An index made just after the corpus was written (a copy, a checkout): each call reads again the bytes of the
    files saved less than RACY_NS before it was made, until a call made later finds them unchanged and settles them
    (lois.core.statcache.settled, as Git refreshes its index); from then on, no file of the corpus is read, and a
    save is still seen by its stat data."""
    import time

    from lois.core import safeio
    from lois.features.search import index

    import os

    for f in corpus.rglob("*"):  # every file written just now (copytree kept the checkout's times)
        if f.is_file():
            os.utime(f)
    assert _laws(corpus, "renonce")  # made now: every file was written just before
    with safeio.recording() as reads:
        assert _laws(corpus, "renonce")
    assert [p for p in reads if Path(p).is_relative_to(corpus)]  # still racy: read again
    later = time.time_ns() + index.RACY_NS + 1_000_000_000
    monkeypatch.setattr(time, "time_ns", lambda: later)
    assert _laws(corpus, "renonce")  # found unchanged, later: settled
    with safeio.recording() as reads:
        assert _laws(corpus, "renonce")
    assert not [p for p in reads if Path(p).is_relative_to(corpus)], reads
    law = corpus / "lois" / "10.md"
    law.write_text(law.read_text(encoding="utf-8") + "\nLe zygomorphe est un mot ajouté.\n", encoding="utf-8")
    assert _laws(corpus, "zygomorphe") == [10]


def test_a_save_its_stat_data_miss_is_seen(corpus, monkeypatch, model):
    """A clock too coarse to tell two saves apart, and the same size: the stat data are those the index was made
    with, but the file was modified just before, so its bytes are read again and the new word is found."""
    from lois.features.search import index

    law = corpus / "lois" / "50.md"
    law.write_bytes(law.read_bytes())  # saved just now, before the index is made
    frozen = index.listing(corpus)
    monkeypatch.setattr(index, "listing", lambda c: frozen)  # every save leaves every stat as it was
    assert _laws(corpus, "zygomorphe") == []
    new = _same_size_edit(law, model)
    assert _laws(corpus, new)[:1] == [50]


def test_a_save_while_the_index_is_made_is_never_lost(corpus, monkeypatch):
    """The file saved after the corpus was looked at and read, before the index is written: the index is of the
    bytes read, kept under the stat data seen before; the next call sees other stat data and makes it again."""
    from lois.features.search import index

    real = index.write_cached
    law = corpus / "lois" / "10.md"

    def save_then_write(path, data):
        law.write_text(law.read_text(encoding="utf-8") + "\nLe zygomorphe est un mot ajouté.\n", encoding="utf-8")
        real(path, data)

    monkeypatch.setattr(index, "write_cached", save_then_write)
    assert _laws(corpus, "zygomorphe") == []  # this call read the text before the save
    monkeypatch.setattr(index, "write_cached", real)
    assert _laws(corpus, "zygomorphe") == [10]


def test_a_record_damaged_in_place_is_found_before_a_query_reads_it(corpus):
    """A cache file damaged inside its records (a disk, a copy mended by hand), its length and header intact: each
    record is decoded only when a query reads it, so the damage gave a traceback (« bad marshal data », a text that
    is no UTF-8) or, worse, a result that says what the corpus does not. The records' CRC-32 in the header finds it
    when the file is opened: the usual one-line notice, the index made again, the same answer as from the corpus."""
    from conftest import run_lois

    fresh = run_lois("--corpus", corpus, "cherche", "renonce consommée")
    assert fresh.returncode == 0 and "Loi 63" in fresh.stdout, fresh.stderr
    [path] = (corpus.parent / "cache" / "search").glob("*.marshal")
    data = bytearray(path.read_bytes())
    from lois.features.search.index import unpack

    _header, base = unpack(bytes(data))
    for damage in (b"renonce", b"\xc3\xa9"):  # a word changed, then a text made invalid UTF-8 (its « é » cut)
        records = bytes(data[base:])
        assert damage in records
        bad = data[:base] + records.replace(damage, b"Z" * len(damage) if damage == b"renonce" else b"\xc3\x28")
        path.write_bytes(bad)
        res = run_lois("--corpus", corpus, "cherche", "renonce consommée")
        assert "Traceback" not in res.stderr and res.returncode == 0, res.stderr[-800:]
        assert res.stdout == fresh.stdout, res.stdout[:600]
        assert res.stderr.startswith("Index de recherche en cache inutilisable (fichier endommagé) : reconstruit"), \
            res.stderr


def test_the_records_crc_is_read_again_only_for_a_file_written_since(corpus, monkeypatch):
    """`lois cherche` does not read every record of its index at each call (the CRC-32: 3.5 ms at ×20): once found
    right, the file's stat data are kept beside it, and the CRC is computed again only for a file whose stat data
    changed. A record damaged in place afterwards (the same length: its ctime changes all the same) is still found
    when the file is opened; a file saved just before (RACY_NS) is never taken by its stat data."""
    from lois.features.search import index

    key = index.code_key(index.cache_root(corpus).parent / "code")
    _laws(corpus, "renonce")
    [path] = index.cache_root(corpus).glob("*.marshal")
    assert index.read_cached(path, key) is not None and not path.with_suffix(index.CRC_SEEN).exists()  # just made
    monkeypatch.setattr(index, "RACY_NS", -10**12)  # (as if it had been made long before)
    computed = []
    real = index.zlib.crc32
    monkeypatch.setattr(index.zlib, "crc32", lambda data: computed.append(1) or real(data))
    assert index.read_cached(path, key) is not None and computed == [1]
    assert index.read_cached(path, key) is not None and computed == [1]  # its stat data unchanged: not again
    data = bytearray(path.read_bytes())
    _header, base = index.unpack(bytes(data))
    at = data.index(b"renonce", base)
    data[at:at + 7] = b"ZZZZZZZ"
    path.write_bytes(bytes(data))
    assert index.read_cached(path, key) is None and computed == [1, 1]  # written since: read, found damaged
