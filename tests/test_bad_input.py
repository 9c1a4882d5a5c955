"""Bad corpus input: a French message naming file and line, a non-zero exit, no half-written site."""
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, mkdocs_build, run_lois

GOOD_LAW = (ROOT / "corpus/lois/50.md").read_text(encoding="utf-8")


def make_corpus(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus" / "lois", corpus / "lois")
    shutil.copy(ROOT / "corpus" / "edition.yaml", corpus)  # the sections a partial source leaves out (Loi 27C)
    for name, content in files.items():
        f = corpus / name
        f.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            f.write_bytes(content)
        else:
            f.write_text(content, encoding="utf-8")
    return corpus


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


CASES = {
    "titre de section cassé": (GOOD_LAW.replace("## C. Dispositions", "## C Dispositions"),
                               "## C Dispositions", "titre de section invalide"),
    "identifiant en double": (GOOD_LAW.replace("## E. Information", "## D. Information"),
                              "## D. Information", "identifiant 50D utilisé deux fois"),
    "forme de citation inconnue": (GOOD_LAW.replace("voir Loi 57)", "voir Loi 57Z)"),
                                   "voir Loi 57Z)", "forme de citation inconnue"),
    "loi impossible": (GOOD_LAW.replace("voir Loi 57)", "voir Loi 94)"), "voir Loi 94)", "la Loi 94 n'existe pas"),
    "titre de loi faux": (GOOD_LAW.replace("# Loi 50 —", "# Loi 51 —"), "# Loi 51 —", "titre de loi invalide"),
    "sous-point orphelin": (GOOD_LAW.replace("Une carte pénalisée doit être laissée",
                                             "(a) Une carte pénalisée doit être laissée"),
                            "(a) Une carte pénalisée doit être laissée", "sans paragraphe"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_master_gives_french_message_with_file_and_line(tmp_path, case):
    text, needle, message = CASES[case]
    corpus = make_corpus(tmp_path, {"lois/50.md": text})
    res = run_lois("--corpus", str(corpus), "verifie")
    assert res.returncode == 1
    assert "Traceback" not in res.stderr
    assert message in res.stderr
    assert f"50.md, ligne {line_of(text, needle)}" in res.stderr, res.stderr


@pytest.mark.parametrize("content,message", [
    ("", "fichier vide"),
    (b"---\nlaw: 50\n---\n# Loi 50 \xe9t\xe9\n", "encodage invalide"),
    ("pas d'en-tête\n# Loi 50\n", "en-tête YAML manquant"),
    ("---\nlaw: [50\n---\n# Loi 50\n", "en-tête YAML invalide"),
    ("---\nlaw: 120\n---\n# Loi 120\n", "numéro de loi invalide"),
])
def test_unreadable_files(tmp_path, content, message):
    corpus = make_corpus(tmp_path, {"lois/99.md": content})
    res = run_lois("--corpus", str(corpus), "verifie")
    assert res.returncode == 1 and message in res.stderr and "99.md" in res.stderr
    assert "Traceback" not in res.stderr


def test_broken_corpus_stops_the_build_before_writing_anything(tmp_path):
    text, _, _ = CASES["identifiant en double"]
    project = tmp_path / "projet"
    shutil.copytree(ROOT / "site_src", project / "site_src")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    make_corpus(project, {"lois/50.md": text})
    dest = tmp_path / "site"
    res = mkdocs_build(dest, config=project / "mkdocs.yml")
    assert res.returncode != 0
    assert "identifiant 50D utilisé deux fois" in res.stderr and "50.md, ligne" in res.stderr
    assert "Traceback" not in res.stderr
    assert not dest.exists() or not any(dest.iterdir())


def test_importer_refuses_text_without_a_law(tmp_path):
    f = tmp_path / "texte.txt"
    f.write_text("Bonjour, ceci n'est pas une loi.\n", encoding="utf-8")
    res = run_lois("importe", str(f), "--simulation")
    assert res.returncode == 1 and "aucune loi reconnue" in res.stderr and "texte.txt" in res.stderr


def test_missing_file_is_a_french_error(tmp_path):
    res = run_lois("importe", str(tmp_path / "absent.txt"))
    assert res.returncode == 1 and "lecture impossible" in res.stderr and "Traceback" not in res.stderr


@pytest.mark.parametrize("args", [["inconnu"], ["cherche", "--limite"], ["renvois"], ["verifie", "--en-trop"],
                                  ["--corpus"]])
def test_command_line_mistakes_are_answered_in_french(args):
    res = run_lois(*args)
    assert res.returncode == 2
    assert "erreur :" in res.stderr and "usage :" in res.stderr
    for english in ("error:", "invalid choice", "required", "unrecognized", "expected one argument", "usage:"):
        assert english not in res.stderr, res.stderr
    assert "Traceback" not in res.stderr


def test_help_is_in_french():
    res = run_lois("--help")
    assert res.returncode == 0
    assert "afficher cette aide et quitter" in res.stdout and "show this help" not in res.stdout


@pytest.mark.parametrize("newline,bom", [("\r\n", b""), ("\r", b""), ("\n", b"\xef\xbb\xbf"),
                                         ("\r\n", b"\xef\xbb\xbf")])
def test_files_saved_on_windows_or_mac_are_read_like_the_others(tmp_path, newline, bom):
    """CRLF, CR and a UTF-8 BOM are normalised on read: the same laws, provisions and lines as the LF file."""
    from lois.core.corpus import load_corpus

    corpus = make_corpus(tmp_path, {})
    for f in (corpus / "lois").glob("*.md"):
        f.write_bytes(bom + f.read_text(encoding="utf-8").replace("\n", newline).encode("utf-8"))
    saved = load_corpus(corpus)
    plain = load_corpus(ROOT / "corpus")
    assert {p: (v.text, v.line) for p, v in saved.provisions.items()} == \
        {p: (v.text, v.line) for p, v in plain.provisions.items()}


def test_importer_says_what_it_normalised(tmp_path):
    src = tmp_path / "50.md"
    src.write_bytes(b"\xef\xbb\xbf" + GOOD_LAW.replace("\n", "\r\n").encode("utf-8"))
    res = run_lois("importe", str(src), "--simulation")
    assert res.returncode == 0, res.stderr
    assert "BOM" in res.stdout and "CRLF" in res.stdout


@pytest.mark.parametrize("data,encoding", [
    (GOOD_LAW.encode("cp1252", "replace"), "Windows-1252"),
    (GOOD_LAW.encode("utf-16"), "UTF-16"),
])
def test_other_encodings_are_named(tmp_path, data, encoding):
    corpus = make_corpus(tmp_path, {"lois/50.md": data})
    res = run_lois("--corpus", str(corpus), "verifie")
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert f"le fichier semble en {encoding}" in res.stderr or f"le fichier est en {encoding}" in res.stderr
