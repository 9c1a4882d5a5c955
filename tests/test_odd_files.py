"""Odd files in the corpus: a named pipe, a socket, a link to /dev/zero or /proc, a folder or a dangling link with
a file's name, a link loop, a huge file, an unreadable file or folder — anywhere under corpus/. Each is refused
with a French message naming the real culprit, a non-zero exit, no traceback and no hang, by `lois verifie`,
`lois cherche` (its cache key reads every file) and the build (the same check, lois.core.corpus.load_corpus;
end to end for a few cases).

Unreadable files cannot be made for root: as root, those cases drop to the user « nobody » (setpriv for a
command, seteuid in the process)."""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT, mkdocs_build, project_env

from lois.core.errors import LoisError

NOBODY = 65534
ROOT_USER = os.geteuid() == 0


def _fifo(c: Path, rel: str) -> None:
    (c / rel).parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(c / rel)


def _link(c: Path, rel: str, target: str) -> None:
    (c / rel).parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(c / rel):
        (c / rel).unlink()
    os.symlink(target, c / rel)


def _dir(c: Path, rel: str) -> None:
    if (c / rel).is_file():
        (c / rel).unlink()
    (c / rel / "dedans").mkdir(parents=True)


def _sparse(c: Path, rel: str, size: int = 25_000_000) -> None:
    (c / rel).parent.mkdir(parents=True, exist_ok=True)
    with open(c / rel, "wb") as fh:
        fh.truncate(size)


def _socket(c: Path, rel: str) -> None:
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(c / rel))
    s.close()


def _outside_fifo(c: Path, rel: str) -> None:
    os.mkfifo(c.parent / "tube-dehors")
    _link(c, rel, str(c.parent / "tube-dehors"))


def _loop(c: Path, rel: str) -> None:
    _link(c, rel, str(c / (rel + ".autre")))
    _link(c, rel + ".autre", str(c / rel))


# name: (make, culprit relative to the corpus, fragment of the message, needs an unprivileged user)
CASES = {
    "tube nommé dans lois/": (lambda c: _fifo(c, "lois/51.md"), "lois/51.md", "tube nommé (FIFO)", False),
    "tube nommé dans notes/": (lambda c: _fifo(c, "notes/tube.md"), "notes/tube.md", "tube nommé (FIFO)", False),
    "tube nommé sans extension, dossier à part": (lambda c: _fifo(c, "divers/sous/tube"), "divers/sous/tube",
                                                  "tube nommé (FIFO)", False),
    "tube nommé dans le journal des sources": (lambda c: _fifo(c, "sources/journal/x.tsv"),
                                               "sources/journal/x.tsv", "tube nommé (FIFO)", False),
    "tube nommé à la place de edition.yaml": (lambda c: ((c / "edition.yaml").unlink(), _fifo(c, "edition.yaml")),
                                             "edition.yaml", "tube nommé (FIFO)", False),
    "socket dans lois/": (lambda c: _socket(c, "lois/s.md"), "lois/s.md", "une socket", False),
    "lien vers /dev/zero dans lois/": (lambda c: _link(c, "lois/51.md", "/dev/zero"), "lois/51.md", "/dev/zero",
                                       False),
    "glossaire.yaml remplacé par un lien vers /dev/zero": (lambda c: _link(c, "glossaire.yaml", "/dev/zero"),
                                                           "glossaire.yaml", "/dev/zero", False),
    "lien vers /dev/urandom sans extension": (lambda c: _link(c, "exemples/alea", "/dev/urandom"), "exemples/alea",
                                              "/dev/urandom", False),
    "lien vers /proc": (lambda c: _link(c, "notes/env.md", "/proc/self/environ"), "notes/env.md", "/proc", False),
    "lien vers un tube nommé hors du corpus": (lambda c: _outside_fifo(c, "lois/51.md"), "lois/51.md",
                                               "tube nommé (FIFO)", False),
    "dossier nommé 51.md dans lois/": (lambda c: _dir(c, "lois/51.md"), "lois/51.md",
                                       "dossier nommé comme un fichier", False),
    "dossier nommé x.yaml, profond": (lambda c: _dir(c, "exemples/sous/x.yaml"), "exemples/sous/x.yaml",
                                      "dossier nommé comme un fichier", False),
    "permaliens.txt est un dossier": (lambda c: _dir(c, "permaliens.txt"), "permaliens.txt",
                                      "dossier nommé comme un fichier", False),
    "lien cassé dans lois/": (lambda c: _link(c, "lois/51.md", "absent.md"), "lois/51.md", "lien symbolique cassé",
                              False),
    "lien cassé .yaml ailleurs": (lambda c: _link(c, "divers/x.yaml", "/nulle/part.yaml"), "divers/x.yaml",
                                  "lien symbolique cassé", False),
    "boucle de liens": (lambda c: _loop(c, "notes/boucle.md"), "notes/boucle.md", "boucle de liens symboliques",
                        False),
    "note énorme": (lambda c: _sparse(c, "notes/gros.md"), "notes/gros.md", "fichier trop grand", False),
    "source énorme sans extension lue": (lambda c: _sparse(c, "sources/gros.pdf"), "sources/gros.pdf",
                                         "fichier trop grand", False),
    "note illisible": (lambda c: ((c / "notes/illisible.md").write_text("---\n"),
                                  os.chmod(c / "notes/illisible.md", 0)),
                       "notes/illisible.md", "permission refusée", True),
    "dossier lois/ illisible": (lambda c: os.chmod(c / "lois", 0), "lois", "dossier illisible", True),
    "dossier checklists/ illisible": (lambda c: os.chmod(c / "checklists", 0), "checklists", "dossier illisible",
                                      True),
}
IDS = list(CASES)


@pytest.fixture
def corpus():
    """A copy of the real corpus in a folder that the user « nobody » can reach."""
    top = Path(tempfile.mkdtemp(prefix="lois-etrange-"))
    os.chmod(top, 0o755)
    shutil.copytree(ROOT / "corpus", top / "corpus")
    for dirpath, dirnames, filenames in os.walk(top):
        for n in dirnames + filenames:
            os.chmod(os.path.join(dirpath, n), 0o755 if n in dirnames else 0o644)
    yield top / "corpus"
    for dirpath, dirnames, _ in os.walk(top):
        for n in dirnames:
            with contextlib.suppress(OSError):
                os.chmod(os.path.join(dirpath, n), 0o755)
    shutil.rmtree(top, ignore_errors=True)


def _unprivileged_prefix(needed: bool) -> list[str]:
    if not needed or not ROOT_USER:
        return []
    if not shutil.which("setpriv"):
        pytest.skip("root sans setpriv : un fichier illisible ne peut pas être simulé")
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]


@contextlib.contextmanager
def _as_nobody(needed: bool):
    if not needed or not ROOT_USER:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def _make(corpus: Path, name: str):
    make, rel, fragment, unprivileged = CASES[name]
    make(corpus)
    return corpus / rel, fragment, unprivileged


def _lois(corpus: Path, unprivileged: bool, *args: str, cache: Path):
    cmd = _unprivileged_prefix(unprivileged) + [sys.executable, "-m", "lois.adapters.cli", "--corpus", str(corpus),
                                                *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=project_env(LOIS_CACHE=str(cache)),
                          timeout=60)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("name", IDS)
def test_the_corpus_check_names_the_odd_file(corpus, name):
    """The check the build and `lois verifie` share (load_corpus), and the walk of the search's cache."""
    from lois.core.corpus import load_corpus
    from lois.features.search.index import listing

    culprit, fragment, unprivileged = _make(corpus, name)
    for check in (load_corpus, listing):
        with _as_nobody(unprivileged), pytest.raises(LoisError) as exc:
            check(corpus)
        assert exc.value.path == str(culprit), (check.__name__, str(exc.value))
        assert fragment in exc.value.message, str(exc.value)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", IDS)
def test_verifie_and_cherche_refuse_the_odd_file_in_french(corpus, name, tmp_path, capsys, monkeypatch):
    """Through the command's own entry point, in this process (the unreadable cases as « nobody », as in the
    check above); the whole command in a process of its own is run by the tests below and by test_cli_help."""
    from lois.adapters import cli

    culprit, fragment, unprivileged = _make(corpus, name)
    cache = Path(tempfile.mkdtemp(prefix="lois-cache-"))
    os.chmod(cache, 0o777)
    monkeypatch.setenv("LOIS_CACHE", str(cache))
    try:
        for args in (["verifie"], ["cherche", "carte"]):
            with _as_nobody(unprivileged):
                code = cli.main(["--corpus", str(corpus), *args])
            err = capsys.readouterr().err
            assert code == 1, err
            assert "Traceback" not in err
            assert err.startswith(f"erreur : {culprit} : ") and fragment in err, err
            assert err.count("\n") == 1, err
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def test_an_unreadable_law_folder_is_blamed_not_a_note(corpus, tmp_path):
    culprit, _fragment, unprivileged = _make(corpus, "dossier lois/ illisible")
    res = _lois(corpus, unprivileged, "verifie", cache=tmp_path)
    assert res.stderr == f"erreur : {culprit} : dossier illisible : permission refusée\n"


@pytest.mark.timeout(30)
def test_the_guarded_read_never_waits_on_a_pipe_nor_reads_a_device(tmp_path):
    from lois.core.parse import read_text

    os.mkfifo(tmp_path / "tube.md")
    with pytest.raises(LoisError, match="tube nommé"):
        read_text(tmp_path / "tube.md")
    with pytest.raises(LoisError, match="/dev/zero"):
        read_text(Path("/dev/zero"))
    os.symlink("/dev/zero", tmp_path / "zero.md")
    with pytest.raises(LoisError, match="lien symbolique vers /dev/zero"):
        read_text(tmp_path / "zero.md")
    (tmp_path / "ok.md").write_text("texte\n", encoding="utf-8")
    os.symlink(tmp_path / "ok.md", tmp_path / "lien.md")
    assert read_text(tmp_path / "lien.md") == "texte\n"  # a link to a regular file is followed


@pytest.mark.skipif(not os.access("/dev/shm", os.W_OK), reason="pas de /dev/shm inscriptible")
def test_a_corpus_in_memory_under_dev_shm_is_read_like_any_other():
    """/dev/shm is a tmpfs of ordinary files (the benchmarks write their corpora there): its files are read, its
    pipes and links to devices refused as anywhere."""
    from lois.core.corpus import load_corpus
    from lois.core.parse import read_text

    with tempfile.TemporaryDirectory(dir="/dev/shm") as tmp:
        corpus = Path(tmp) / "corpus"
        shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("sources"))
        assert 50 in load_corpus(corpus).laws
        os.mkfifo(Path(tmp) / "tube.md")
        with pytest.raises(LoisError, match="tube nommé"):
            read_text(Path(tmp) / "tube.md")
        os.symlink("/dev/zero", Path(tmp) / "zero.md")
        with pytest.raises(LoisError, match="lien symbolique vers /dev/zero"):
            read_text(Path(tmp) / "zero.md")


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", ["tube nommé dans lois/", "lien vers /dev/zero dans lois/",
                                  "permaliens.txt est un dossier", "dossier nommé x.yaml, profond"])
def test_the_build_refuses_the_odd_file_without_hanging(corpus, name, tmp_path):
    culprit, fragment, _ = _make(corpus, name)
    proj = corpus.parent
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    shutil.copy(ROOT / "mkdocs.yml", proj / "mkdocs.yml")
    dest = tmp_path / "site"
    res = mkdocs_build(dest, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(tmp_path / "cache")})
    assert res.returncode != 0
    assert "Traceback" not in res.stdout + res.stderr
    assert f"corpus invalide — {culprit} : " in res.stderr and fragment in res.stderr, res.stderr
    assert not dest.exists() or not any(dest.iterdir())


@pytest.mark.timeout(120)
def test_a_pipe_in_place_of_the_cached_search_index_is_replaced_not_waited_on(tmp_path):
    corpus = ROOT / "corpus"
    env = project_env(LOIS_CACHE=str(tmp_path))
    res = subprocess.run([sys.executable, "-c", "import sys; from lois.features.search.index import cache_root, "
                          "code_key, SUFFIX; from pathlib import Path; c = Path(sys.argv[1]); "
                          "print(cache_root(c) / (code_key() + SUFFIX))", str(corpus)],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    cached = Path(res.stdout.strip())
    cached.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(cached)
    res = subprocess.run([sys.executable, "-m", "lois.adapters.cli", "cherche", "carte"], capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=60)
    assert res.returncode == 0 and " résultats pour « carte »" in res.stdout, res.stderr
    assert "Index de recherche en cache inutilisable (un tube nommé (FIFO)" in res.stderr
    assert cached.is_file()  # rebuilt as a regular file


# files named on the command line, and folders `lois importe` writes into
def _named(tmp_path: Path, kind: str) -> Path:
    if kind == "tube .txt":
        os.mkfifo(tmp_path / "source.txt")
        return tmp_path / "source.txt"
    if kind == "tube .pdf":
        os.mkfifo(tmp_path / "code.pdf")
        return tmp_path / "code.pdf"
    if kind == "lien vers /dev/zero":
        os.symlink("/dev/zero", tmp_path / "zero.txt")
        return tmp_path / "zero.txt"
    if kind == "dossier":
        (tmp_path / "dossier.txt").mkdir()
        return tmp_path / "dossier.txt"
    raise AssertionError(kind)


NAMED = {"tube .txt": "tube nommé (FIFO)", "tube .pdf": "tube nommé (FIFO)", "lien vers /dev/zero": "/dev/zero",
         "dossier": "un dossier, pas un fichier ordinaire"}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", list(NAMED))
@pytest.mark.parametrize("command", [["importe", "{}"], ["importe", "{}", "--simulation"],
                                     ["cherche", "--evaluer", "{}"]],
                         ids=["importe", "importe --simulation", "cherche --evaluer"])
def test_an_odd_file_named_on_the_command_line_is_refused(tmp_path, kind, command):
    if command[0] == "cherche" and kind == "tube .pdf":
        pytest.skip("sans objet")
    culprit = _named(tmp_path, kind)
    args = [a.format(culprit) for a in command]
    res = subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], capture_output=True, text=True,
                         cwd=ROOT, env=project_env(LOIS_CACHE=str(tmp_path / "cache")), timeout=60)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr
    assert res.stderr.startswith(f"erreur : {culprit} : ") and NAMED[kind] in res.stderr, res.stderr


def test_a_file_in_place_of_the_journal_folder_is_said_and_nothing_written(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.rmtree(corpus / "sources" / "journal")
    (corpus / "sources" / "journal").write_text("un fichier\n", encoding="utf-8")
    law = (corpus / "lois" / "50.md").read_bytes()
    (corpus / "lois" / "50.md").write_bytes(law + b"\n")
    res = subprocess.run([sys.executable, "-m", "lois.adapters.cli", "--corpus", str(corpus), "importe",
                          str(ROOT / "corpus/sources/003_1dcbc31f620003ee.txt")], capture_output=True, text=True,
                         cwd=ROOT, env=project_env(), timeout=60)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr
    assert "un fichier existe déjà à la place d'un dossier" in res.stderr
    assert f"{corpus}/lois/50.md inchangé" in res.stderr
    assert (corpus / "lois" / "50.md").read_bytes() == law + b"\n"
