"""`lois verifie` writes again the verdict of its last run while the corpus is what that run read
(lois.core.statcache: the files' stat data, and the bytes of the files saved just before, Git's « racily clean »
rule, as the search's cache): no file of the corpus is read when nothing changed, and the verdict is never stale —
a save the stat data miss is seen, a save while the corpus is checked is seen by the next run, an error is never
kept."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from conftest import ROOT

CHECKLIST = Path("checklists") / "actions-retirees.yaml"


@pytest.fixture
def corpus(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("sources"))
    shutil.copytree(ROOT / "corpus" / "sources", corpus / "sources", ignore=shutil.ignore_patterns("*.txt", "journal"))
    return corpus


def _verifie(corpus: Path, capsys) -> tuple[int, str, str]:
    from lois.adapters import cli

    code = cli.main(["--corpus", str(corpus), "verifie"])
    out = capsys.readouterr()
    return code, out.out, out.err


def _break_same_size(corpus: Path) -> None:
    """An unknown key in a checklist, the file keeping its size."""
    path = corpus / CHECKLIST
    text = path.read_text(encoding="utf-8")
    assert text.startswith("title:")
    path.write_text("titel:" + text[len("title:"):], encoding="utf-8")


def _refused(result) -> bool:
    code, out, err = result
    return code == 1 and "Corpus valide" not in out and err.startswith("erreur : ") and str(CHECKLIST) in err


def test_the_verdict_is_written_again_without_reading_the_corpus(corpus, capsys):
    from lois.core import safeio

    old = time.time_ns() - 3_600_000_000_000  # saved an hour ago: not « just before » the verdict
    for f in corpus.rglob("*"):
        if f.is_file():
            os.utime(f, ns=(old, old))
    first = _verifie(corpus, capsys)
    assert first[0] == 0 and first[1].startswith("Corpus valide : 10 lois"), first
    with safeio.recording() as reads:
        again = _verifie(corpus, capsys)
    assert again == first  # the same output, exit code and standard error
    assert not [p for p in reads if Path(p).is_relative_to(corpus)], reads
    _break_same_size(corpus)  # a new modification time
    assert _refused(_verifie(corpus, capsys))
    assert _refused(_verifie(corpus, capsys))  # an error is never kept: checked again, said again


def test_a_save_its_stat_data_miss_is_seen(corpus, capsys, monkeypatch):
    """A clock too coarse to tell two saves apart, and the same size: the stat data are those the verdict was made
    with, but the file was saved just before, so its bytes are read again and the error is found."""
    from lois.core import statcache

    path = corpus / CHECKLIST
    path.write_bytes(path.read_bytes())  # saved just now, before the verdict is made
    frozen = statcache.listing(corpus)
    monkeypatch.setattr(statcache, "listing", lambda c: frozen)  # every save leaves every stat as it was
    assert _verifie(corpus, capsys)[0] == 0
    _break_same_size(corpus)
    assert _refused(_verifie(corpus, capsys))


def test_a_save_while_the_corpus_is_checked_is_never_lost(corpus, capsys, monkeypatch):
    """The checklist broken after it was read, before the verdict is kept: the verdict is kept under the stat data
    seen before the check, so the next run sees other stat data and checks again."""
    from lois.core import safeio

    real = safeio.write_text

    def save_then_write(path, text):
        if corpus.parent in Path(path).parents:
            _break_same_size(corpus)
        real(path, text)

    monkeypatch.setattr(safeio, "write_text", save_then_write)
    assert _verifie(corpus, capsys)[0] == 0  # this run read the checklist before the save
    monkeypatch.setattr(safeio, "write_text", real)
    assert _refused(_verifie(corpus, capsys))


def test_after_a_save_only_the_file_saved_is_read_and_validated_again(corpus, capsys, monkeypatch):
    """The objects read and validated from each file are kept in the cache under the SHA-256 of the bytes parsed
    (lois.core.filememo): after a save, the file saved is validated again, the others are not, and the output is
    that of a run without any cache."""
    from lois.core import filememo
    from lois.features.checklists import model as checklists

    first = _verifie(corpus, capsys)
    assert first[0] == 0, first
    path = corpus / CHECKLIST
    path.write_text(path.read_text(encoding="utf-8") + "# enregistré de nouveau\n", encoding="utf-8")
    validated: list[str] = []  # the checklists validated against their schema
    real = checklists.validate
    monkeypatch.setattr(checklists, "validate", lambda doc, *a, **k: validated.append(Path(doc.path).name)
                        or real(doc, *a, **k))
    again = _verifie(corpus, capsys)
    assert again == first and validated == [CHECKLIST.name]
    assert not filememo.enabled()  # nothing kept in this process beyond the command
    shutil.rmtree(corpus.parent / "cache")  # no cache at all: the same output
    assert _verifie(corpus, capsys) == first and len(validated) > 1


def test_saves_in_quick_succession_are_each_seen_through_the_memo_s_changes(corpus, capsys, monkeypatch):
    """Saves of one checklist, each of the same size, the stat data frozen (a clock too coarse to tell them apart):
    each run checks the bytes of that moment — through the verdict kept, and through the memo's objects, of which a
    run after a save writes only what changed (``<clé>.changes``, beside the whole memo) — and says what a run
    without any cache says."""
    from lois.core import statcache
    from lois.features.checklists import model as checklists

    path = corpus / CHECKLIST
    text = path.read_text(encoding="utf-8") + "# aaaa\n"
    path.write_text(text, encoding="utf-8")
    first = _verifie(corpus, capsys)
    assert first[0] == 0, first
    real_listing = statcache.listing
    frozen = real_listing(corpus)

    def coarse(c):  # a clock that ticks every RACY_NS: the saves of one tick leave every stat as it was (a clock that
        tick = time.time_ns() // statcache.RACY_NS * statcache.RACY_NS  # never ticks would defeat any stat cache)
        return {rel: [st[0], tick, tick, st[3]] for rel, st in frozen.items()}

    monkeypatch.setattr(statcache, "listing", coarse)
    validated: list[str] = []
    real = checklists.validate
    monkeypatch.setattr(checklists, "validate", lambda doc, *a, **k: validated.append(Path(doc.path).name)
                        or real(doc, *a, **k))
    path.write_text(text.replace("# aaaa", "# bbbb"), encoding="utf-8")
    assert _verifie(corpus, capsys) == first and validated == [CHECKLIST.name]
    assert [p.suffix for p in (corpus.parent / "cache" / "verifie-objets").iterdir()] in ([".changes", ".pickle"],
                                                                                          [".pickle", ".changes"])
    path.write_text("titel:" + text.replace("# aaaa", "# cccc")[len("title:"):], encoding="utf-8")
    assert _refused(_verifie(corpus, capsys))
    path.write_text(text.replace("# aaaa", "# dddd"), encoding="utf-8")
    assert _verifie(corpus, capsys) == first and validated == [CHECKLIST.name] * 3
    monkeypatch.setattr(statcache, "listing", real_listing)
    glossary = corpus / "glossaire.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + "# un commentaire\n", encoding="utf-8")
    assert _verifie(corpus, capsys) == first and validated == [CHECKLIST.name] * 3  # its last bytes: from the changes
    monkeypatch.undo()
    shutil.rmtree(corpus.parent / "cache")
    assert _verifie(corpus, capsys) == first  # no cache at all: the same output


def test_a_save_of_the_situations_or_the_glossary_is_seen(corpus, capsys):
    """The situations and the glossary are kept for their bytes and the model, as the other files: a save that breaks
    them is said (file, line, the problem of the words after the other checks), the next save that mends them too."""
    first = _verifie(corpus, capsys)
    assert first[0] == 0, first
    situations, glossary = corpus / "situations.yaml", corpus / "glossaire.yaml"
    kept_situations, kept_glossary = situations.read_text(encoding="utf-8"), glossary.read_text(encoding="utf-8")
    words = kept_situations.replace("L'arbitre devrait être appelé", "Le zygomorphe devrait être appelé", 1)
    assert words != kept_situations
    situations.write_text(words, encoding="utf-8")
    code, out, err = _verifie(corpus, capsys)
    assert code == 1 and "situations.yaml, ligne " in err and "zygomorphe" in err, err
    note = words.replace("notes: [renonce-consommee, renonce-64]", "notes: [renonce-consommee, renonce-inconnue]", 1)
    assert note != words
    situations.write_text(note, encoding="utf-8")  # two problems: the reference is said first, as before
    code, out, err = _verifie(corpus, capsys)
    assert code == 1 and "« renonce-inconnue » inconnu(e)" in err and "zygomorphe" not in err, err
    situations.write_text(kept_situations, encoding="utf-8")
    assert _verifie(corpus, capsys) == first
    glossary.write_text(kept_glossary.replace("forms: [défenseur, défenseurs]", "forms: [défenseur, déclarants]", 1),
                        encoding="utf-8")
    code, out, err = _verifie(corpus, capsys)
    assert code == 1 and "glossaire.yaml, ligne " in err and "« déclarants » appartient déjà" in err, err
    glossary.write_text(kept_glossary, encoding="utf-8")
    assert _verifie(corpus, capsys) == first


@pytest.mark.parametrize("name, old, new, said", [
    ("lexique.yaml", "{words: [established revoke]", "{words: [revoke]", "« revoke » figure déjà dans le lexique"),
    ("sources/sources.yaml", "- file: 000_9cc9f4d9d52fb281.txt", "- fichier: 000_9cc9f4d9d52fb281.txt",
     "champ inconnu « fichier »"),
    ("index.yaml", "- provision: 2\n", "- provisions: 2\n", "champ inconnu « provisions »"),
    ("lois-absentes.yaml", "- provision: 20F5(a)", "- provision: 20F5(b)", "déjà dans le registre"),
    ("edition.yaml", "publisher:", "editeur:", "champ inconnu « editeur »"),
])
def test_a_save_of_a_file_kept_for_its_bytes_is_seen(corpus, capsys, name, old, new, said):
    """The lexicon, sources.yaml, the subject index, the register of absent laws and edition.yaml are kept for their
    bytes, as the other files: a save that breaks one is said (file, line), the next save that mends it too."""
    first = _verifie(corpus, capsys)
    assert first[0] == 0, first
    path = corpus / name
    kept = path.read_text(encoding="utf-8")
    assert old in kept
    path.write_text(kept.replace(old, new, 1), encoding="utf-8")
    code, out, err = _verifie(corpus, capsys)
    assert code == 1 and f"{Path(name).name}, ligne " in err and said in err, err
    path.write_text(kept, encoding="utf-8")
    assert _verifie(corpus, capsys) == first


def test_the_memo_keys_on_the_bytes_parsed_never_on_a_second_read(tmp_path):
    """A save between the read of a file and the end of its parse (issue 36): the object is kept under the bytes that
    were parsed, so the next reading sees the save."""
    from lois.core import filememo

    f = tmp_path / "a.md"
    f.write_text("un", encoding="utf-8")

    def saved_while_parsed(text: str) -> str:
        f.write_text("deux", encoding="utf-8")
        return text
    filememo.remember()
    try:
        assert filememo.derive("essai", f, saved_while_parsed) == "un"
        assert filememo.derive("essai", f, lambda text: text) == "deux"
        assert filememo.derive("essai", f, lambda text: pytest.fail("relu alors que ses octets sont connus")) == "deux"
    finally:
        filememo.forget()


def test_the_verdict_after_a_save_is_written_again_too(corpus, capsys):
    """The run after a save reads the objects the previous run kept (lois.core.filememo), which are no file of the
    corpus: its verdict is kept all the same, and the next run, the corpus unchanged, reads no file of the corpus."""
    from lois.core import safeio

    old = time.time_ns() - 3_600_000_000_000  # saved an hour ago: not « just before » the verdict
    for f in corpus.rglob("*"):
        if f.is_file():
            os.utime(f, ns=(old, old))
    first = _verifie(corpus, capsys)
    assert first[0] == 0, first
    path = corpus / CHECKLIST
    path.write_text(path.read_text(encoding="utf-8") + "# enregistré de nouveau\n", encoding="utf-8")
    os.utime(path, ns=(old + 1_000_000_000, old + 1_000_000_000))
    assert _verifie(corpus, capsys) == first  # checked with the objects kept
    with safeio.recording() as reads:
        again = _verifie(corpus, capsys)
    assert again == first
    assert not [p for p in reads if Path(p).is_relative_to(corpus)], reads


def test_the_texts_a_save_left_unchanged_are_not_scanned_again(corpus, capsys, monkeypatch):
    """The citations found in the texts a run read are kept for the next run (lois.core.cite.keep_scans, in the
    memo's changes): a checklist saved with a comment more is validated again without its texts being scanned again;
    a text the save changed is scanned, and the output is that of a run without any cache."""
    from lois.core import cite

    first = _verifie(corpus, capsys)
    assert first[0] == 0, first
    path = corpus / CHECKLIST
    path.write_text(path.read_text(encoding="utf-8") + "# un\n", encoding="utf-8")
    assert _verifie(corpus, capsys) == first  # its texts scanned, kept for the next run
    scanned: list[str] = []
    real = cite.scan_once
    monkeypatch.setattr(cite, "scan_once", lambda text: scanned.append(text) or real(text))
    path.write_text(path.read_text(encoding="utf-8") + "# deux\n", encoding="utf-8")
    assert _verifie(corpus, capsys) == first and scanned == []
    text = path.read_text(encoding="utf-8")
    said = "La déclaration de remplacement est comparable à la déclaration retirée (Loi 23A)."
    assert text.count(said) == 1
    path.write_text(text.replace(said, said.replace("est comparable", "est bien comparable")), encoding="utf-8")
    changed = _verifie(corpus, capsys)
    assert changed[0] == 0 and [t for t in scanned if "est bien comparable" in t]
    shutil.rmtree(corpus.parent / "cache")
    assert _verifie(corpus, capsys) == changed  # no cache at all: the same output
