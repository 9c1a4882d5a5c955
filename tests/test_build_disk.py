"""Full disk or read-only folder during `mkdocs build`: one French line instead of MkDocs' traceback, a non-zero
exit, and the previous site whole (the build writes into a sibling folder, lois.adapters.swap).

A real read-only folder and a real full disk need root here (a read-only bind mount, a small tmpfs); without
root, the read-only folder is made with chmod and the full disk is skipped."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, mkdocs_build
from lois.core.cachedir import cache_base


def _mount(*args: str) -> bool:
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


def _digest(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def _build(dest: Path, cache: Path):
    """The real site built to ``dest``, with its own build cache ``cache``: a copy of the cache the session's build
    left (same corpus, same code: the generated pages come from it, and the build writes them as a first build
    would, tests/test_buildcache.py; what is tried here is the writing)."""
    if not cache.exists() and cache_base(ROOT / "corpus").is_dir():
        shutil.copytree(cache_base(ROOT / "corpus"), cache)
    return mkdocs_build(dest, extra_env={"LOIS_CACHE": str(cache)})


def _one_french_line(res, folder: Path, problem: str, kept: str) -> None:
    out = res.stdout + res.stderr
    assert res.returncode == 1, out
    assert "Traceback" not in out and "[Errno" not in out, out
    errors = [line for line in res.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [f"ERROR   -  écriture du site dans {folder} impossible : {problem} ; {kept}."], res.stderr


@pytest.fixture
def read_only(tmp_path):
    """A folder that cannot be written, made read-only after ``prepare()`` filled it."""
    folder = tmp_path / "publie"
    folder.mkdir()
    mounted = []

    def seal():
        if os.geteuid() == 0:
            if not (_mount("--bind", str(folder), str(folder)) and _mount("-o", "remount,bind,ro", str(folder))):
                subprocess.run(["umount", str(folder)], check=False)
                pytest.skip("root sans montage en lecture seule")
            mounted.append(folder)
            return "système de fichiers en lecture seule"
        os.chmod(folder, 0o555)
        return "permission refusée"

    yield folder, seal
    for f in mounted:
        subprocess.run(["umount", str(f)], check=False)
    os.chmod(folder, 0o755)


def test_a_read_only_folder_keeps_the_previous_site_and_says_so(read_only, tmp_path, built_site):
    folder, seal = read_only
    site = folder / "site"
    shutil.copytree(built_site, site)  # the previous site (the session's build of the real site)
    before = _digest(site)
    problem = seal()
    res = _build(site, tmp_path / "cache")
    _one_french_line(res, folder, problem, f"le site précédent ({site}) est resté tel quel")
    assert _digest(site) == before
    assert sorted(p.name for p in folder.iterdir()) == ["site"]


def test_a_read_only_folder_without_a_previous_site(read_only, tmp_path):
    folder, seal = read_only
    problem = seal()
    res = _build(folder / "site", tmp_path / "cache")
    _one_french_line(res, folder, problem, "aucun site n'a été écrit")
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("left_kb", [300, 3000])  # full while copying the theme / while writing the pages
def test_a_full_disk_keeps_the_previous_site_and_says_so(tmp_path, left_kb, built_site):
    disk = tmp_path / "disque"
    disk.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=40m", "tmpfs", str(disk)):
        pytest.skip("pas de tmpfs à monter ici (il faut être root)")
    try:
        site = disk / "site"
        shutil.copytree(built_site, site)  # the previous site (the session's build of the real site)
        before = _digest(site)
        free = shutil.disk_usage(disk).free
        with open(disk / "remplissage", "wb") as fh:
            fh.truncate(0)
            os.posix_fallocate(fh.fileno(), 0, free - left_kb * 1024)
        res = _build(site, tmp_path / "cache")
        _one_french_line(res, disk, "disque plein", f"le site précédent ({site}) est resté tel quel")
        assert _digest(site) == before
        assert sorted(p.name for p in disk.iterdir()) == ["remplissage", "site"]  # no half-written folder left
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_a_file_in_place_of_the_site_folder_is_kept_and_said(tmp_path):
    site = tmp_path / "site"
    site.write_text("un fichier\n", encoding="utf-8")
    res = _build(site, tmp_path / "cache")
    out = res.stdout + res.stderr
    assert res.returncode == 1 and "Traceback" not in out, out
    errors = [line for line in res.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [f"ERROR   -  le site construit n'a pas pu remplacer {site} : un fichier existe déjà à la place "
                      "d'un dossier ; ce qui s'y trouvait est resté tel quel"], res.stderr
    assert site.read_text(encoding="utf-8") == "un fichier\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site"]
