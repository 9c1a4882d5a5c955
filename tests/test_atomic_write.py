"""Lost law text: every file the tools write in the corpus (the masters and the journal of `lois importe`, a master
it repairs in place, the permalink register of `lois permaliens --mettre-a-jour`) is written atomically, all or
nothing. Killed at any moment, each file is the old one or the new one, whole; on a full disk or in a read-only
folder nothing changes, and one French line says which file failed and that every file was kept.

The full disk is a real one where the tests may mount a small tmpfs (root), else a write that fails as a full
disk fails (os.write raising ENOSPC for the files of the test's corpus)."""
from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import ROOT, project_env

from lois.adapters.cli import main
from lois.core.importer import import_text, load_sources

SEED_50 = ROOT / "corpus/sources/003_1dcbc31f620003ee.txt"  # Law 50
SEED_9_12 = ROOT / "corpus/sources/000_9cc9f4d9d52fb281.txt"  # Laws 9 to 12
OLD_MARK = "\n<!-- version précédente, à remplacer par l'import -->\n"


def _corpus(where: Path) -> Path:
    """A copy of the real corpus whose masters and journals differ from what an import writes."""
    corpus = where / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    for f in list((corpus / "lois").glob("*.md")) + list((corpus / "sources" / "journal").glob("*.tsv")):
        f.write_text(f.read_text(encoding="utf-8") + OLD_MARK, encoding="utf-8")
    return corpus


def _snapshot(corpus: Path) -> dict[str, bytes]:
    return {str(p.relative_to(corpus)): p.read_bytes() for p in sorted(corpus.rglob("*")) if p.is_file()}


def _expected(seed: Path, corpus: Path) -> dict[str, str]:
    """What an import of ``seed`` writes: relative path → text (masters; the journal is checked apart)."""
    cfg = load_sources(corpus / "sources" / "sources.yaml").get(seed.name)
    res = import_text(seed.read_text(encoding="utf-8"), seed.name, cfg)
    return {f"lois/{int(d.key):02d}.md": d.render() for d in res.docs if d.kind == "law"}


@pytest.fixture
def full_disk_for(monkeypatch):
    """Every write into ``folder`` fails as on a full disk (ENOSPC), as os.write reports it."""
    real_write = os.write

    def arm(folder: Path):
        folder = str(folder.resolve())

        def write(fd, data):
            try:
                target = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                target = ""
            if target.startswith(folder + "/"):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_write(fd, data)

        monkeypatch.setattr(os, "write", write)

    return arm


def _leftovers(corpus: Path) -> list[Path]:
    return [p for p in corpus.rglob("*") if p.name.endswith(".tmp")]


def test_importe_on_a_full_disk_keeps_every_master_and_says_so(tmp_path, capsys, full_disk_for):
    corpus = _corpus(tmp_path)
    before = _snapshot(corpus)
    full_disk_for(corpus)
    assert main(["--corpus", str(corpus), "importe", str(SEED_9_12)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"erreur : écriture de {corpus}/lois/09.md impossible : disque plein ; ")
    for rel in ("lois/09.md", "lois/10.md", "lois/11.md", "lois/12.md", f"sources/journal/{SEED_9_12.stem}.tsv"):
        assert f"{corpus}/{rel} inchangé" in err, err
    assert _snapshot(corpus) == before
    assert _leftovers(corpus) == []


def test_repairing_a_master_in_place_on_a_full_disk_keeps_it(tmp_path, capsys, full_disk_for):
    master = tmp_path / "50.md"
    master.write_text((ROOT / "corpus/lois/50.md").read_text(encoding="utf-8").replace("être", "étre"),
                      encoding="utf-8")
    before = master.read_bytes()
    full_disk_for(tmp_path)
    assert main(["importe", str(master)]) == 1
    err = capsys.readouterr().err
    assert err == f"erreur : écriture de {master} impossible : disque plein ; {master} inchangé\n"
    assert master.read_bytes() == before and _leftovers(tmp_path) == []


def test_the_permalink_register_on_a_full_disk_is_kept(tmp_path, capsys, full_disk_for):
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    register = corpus / "permaliens.txt"
    lines = register.read_text(encoding="utf-8").splitlines(keepends=True)
    register.write_text("".join(line for line in lines if not line.startswith("lois/50/")), encoding="utf-8")
    before = register.read_bytes()
    full_disk_for(corpus)
    assert main(["--corpus", str(corpus), "permaliens", "--mettre-a-jour"]) == 1
    err = capsys.readouterr().err
    assert err == f"erreur : écriture de {register} impossible : disque plein ; {register} inchangé\n"
    assert register.read_bytes() == before and _leftovers(corpus) == []


def test_a_master_that_is_a_folder_is_not_written_over(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    (corpus / "lois" / "10.md").unlink()
    (corpus / "lois" / "10.md").mkdir()
    before = _snapshot(corpus)
    assert main(["--corpus", str(corpus), "importe", str(SEED_9_12)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"erreur : écriture de {corpus}/lois/10.md impossible : un dossier, pas un fichier "
                          "ordinaire ; "), err
    assert f"{corpus}/lois/09.md inchangé" in err
    assert _snapshot(corpus) == before


def test_a_master_that_is_a_link_is_written_through_the_link(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    elsewhere = tmp_path / "ailleurs.md"
    shutil.move(corpus / "lois" / "50.md", elsewhere)
    os.symlink(elsewhere, corpus / "lois" / "50.md")
    assert main(["--corpus", str(corpus), "importe", str(SEED_50)]) == 0
    assert (corpus / "lois" / "50.md").is_symlink()
    assert elsewhere.read_text(encoding="utf-8") == _expected(SEED_50, corpus)["lois/50.md"]


# ------------------------------------------------------------------ a real full disk, a real read-only folder

def _mount(*args: str) -> bool:
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


def _lois(*args: str):
    return subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=project_env(), timeout=120)


def test_importe_on_a_real_full_disk(tmp_path):
    disk = tmp_path / "disque"
    disk.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)):
        pytest.skip("pas de tmpfs à monter ici (il faut être root)")
    try:
        corpus = _corpus(disk)
        free = shutil.disk_usage(disk).free
        with open(disk / "remplissage", "wb") as fh:  # the disk is full but for 2 kB
            fh.write(b"\0" * (free - 2048))
        before = _snapshot(corpus)
        res = _lois("--corpus", str(corpus), "importe", str(SEED_9_12))
        assert res.returncode == 1 and "Traceback" not in res.stderr
        assert "impossible : disque plein ; " in res.stderr and f"{corpus}/lois/12.md inchangé" in res.stderr
        assert res.stderr.count("\n") == 1, res.stderr
        assert _snapshot(corpus) == before and _leftovers(corpus) == []
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_importe_into_a_read_only_folder(tmp_path):
    corpus = _corpus(tmp_path)
    laws = corpus / "lois"
    if os.geteuid() == 0:
        if not (_mount("--bind", str(laws), str(laws)) and _mount("-o", "remount,bind,ro", str(laws))):
            subprocess.run(["umount", str(laws)], check=False)
            pytest.skip("root sans montage en lecture seule : un dossier protégé ne peut pas être simulé")
    else:
        os.chmod(laws, 0o555)
    try:
        before = _snapshot(corpus)
        res = _lois("--corpus", str(corpus), "importe", str(SEED_50))
        assert res.returncode == 1 and "Traceback" not in res.stderr
        said = "système de fichiers en lecture seule" if os.geteuid() == 0 else "permission refusée"
        assert res.stderr.startswith(f"erreur : écriture de {laws}/50.md impossible : {said} ; "), res.stderr
        assert f"{laws}/50.md inchangé" in res.stderr and f"{SEED_50.stem}.tsv inchangé" in res.stderr
        assert _snapshot(corpus) == before
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", str(laws)], check=False)
        else:
            os.chmod(laws, 0o755)


# ------------------------------------------------------------------ killed while writing

HOOK = textwrap.dedent("""
    import os, sys, time
    marker, name, at = sys.argv[1], sys.argv[2], int(sys.argv[3])
    real, calls = getattr(os, name), []

    def hooked(*args):
        result = real(*args)  # fsync: a temporary file is written; replace: a file is in place
        calls.append(1)
        if len(calls) == at:
            open(marker, "w").close()
            time.sleep(300)  # killed here
        return result

    setattr(os, name, hooked)
    from lois.adapters.cli import main
    sys.exit(main(sys.argv[4:]))
""")


def _killed_at(tmp_path: Path, name: str, at: int, args: list[str]) -> None:
    marker = tmp_path / "ici"
    proc = subprocess.Popen([sys.executable, "-c", HOOK, str(marker), name, str(at), *args], cwd=ROOT,
                            env=project_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 90
    while not marker.exists():
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline, "le point d'écriture n'a jamais été atteint"
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    proc.stderr.close()


@pytest.mark.parametrize("name, at", [("fsync", 1), ("fsync", 3), ("replace", 1), ("replace", 3)])
def test_importe_killed_while_writing_leaves_every_master_whole(tmp_path, name, at):
    corpus = _corpus(tmp_path)
    before = _snapshot(corpus)
    new = _expected(SEED_9_12, corpus)
    _killed_at(tmp_path, name, at, ["--corpus", str(corpus), "importe", str(SEED_9_12)])
    after = _snapshot(corpus)
    replaced = []
    for rel, text in new.items():
        assert after[rel] in (before[rel], text.encode()), f"{rel} coupé"
        replaced.append(after[rel] == text.encode())
    # the temporary files are all written before the first is renamed: killed before, nothing is replaced
    assert sum(replaced) == (0 if name == "fsync" else at), replaced
    from lois.core.corpus import load_corpus

    load_corpus(corpus)  # every master parses
    # the next import removes what the killed one left and writes everything
    assert _leftovers(corpus) != []
    assert main(["--corpus", str(corpus), "importe", str(SEED_9_12)]) == 0
    assert _leftovers(corpus) == []
    assert all((corpus / rel).read_text(encoding="utf-8") == text for rel, text in new.items())


def test_the_register_killed_while_written_stays_whole(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    register = corpus / "permaliens.txt"
    lines = register.read_text(encoding="utf-8").splitlines(keepends=True)
    register.write_text("".join(line for line in lines if not line.startswith("lois/50/")), encoding="utf-8")
    before = register.read_bytes()
    _killed_at(tmp_path, "fsync", 1, ["--corpus", str(corpus), "permaliens", "--mettre-a-jour"])
    assert register.read_bytes() == before
