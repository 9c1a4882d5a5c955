"""A folder of broken corpus inputs (tests/fixtures/bad_corpus, described by its manifest.yaml): each one, put
into a copy of the real corpus, stops both `lois verifie` and `mkdocs build --strict` with a French message
naming the file and the line, a non-zero exit, no Python traceback, and no site written.

Every case runs `lois verifie` in process (the command's own `main`, whose check is the build's:
lois.features.checks.check_corpus); one case of each kind of corpus file (a law, a checklist, an example, the
glossary, a commentary, « Que faire si… », a note, the permalink register, the sources, edition.yaml) also
runs both commands end to end, as separate processes, and checks that no site is written.

A case replaces a real corpus file (default), adds a new one (« action: ajoute »), or deletes it
(« action: supprime »); « line: null » for an error about a whole file (the permalink register)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, mkdocs_build, project_env
from lois.adapters import cli

BAD = ROOT / "tests" / "fixtures" / "bad_corpus"
CASES = yaml.safe_load((BAD / "manifest.yaml").read_text(encoding="utf-8"))


def _kind(case: dict) -> str:
    return case["file"].split("/")[0]


# the first case of each kind of corpus file, run end to end
END_TO_END = list({_kind(c): c for c in reversed(CASES)}.values())


def test_manifest_describes_every_broken_file():
    assert sorted(c["source"] for c in CASES) == sorted(p.name for p in BAD.iterdir() if p.name != "manifest.yaml")
    for c in CASES:
        # each case breaks a real corpus file, or adds one beside them
        assert (ROOT / "corpus" / c["file"]).exists() != (c.get("action") == "ajoute"), c
        assert set(c) - {"action"} == {"source", "file", "message", "line"}, c
        assert c.get("action", "remplace") in ("remplace", "ajoute", "supprime"), c
        assert isinstance(c["line"], int) or (c["line"] is None and c["file"] == "permaliens.txt"), c


def _broken_project(tmp_path: Path, case: dict) -> Path:
    """A copy of the project (docs, config, real corpus) with one corpus file replaced by the broken one."""
    proj = tmp_path / "projet"
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    shutil.copy(ROOT / "mkdocs.yml", proj / "mkdocs.yml")
    shutil.copytree(ROOT / "corpus", proj / "corpus")
    if case.get("action") == "supprime":
        (proj / "corpus" / case["file"]).unlink()
    else:
        shutil.copyfile(BAD / case["source"], proj / "corpus" / case["file"])
    return proj


def _where(case: dict) -> str:
    if case["line"] is None:
        return f"{Path(case['file']).name} : "
    return f"{Path(case['file']).name}, ligne {case['line']}"


@pytest.mark.parametrize("case", CASES, ids=[c["source"] for c in CASES])
def test_broken_input_is_refused_with_file_and_line(tmp_path, case, capsys, monkeypatch):
    proj = _broken_project(tmp_path, case)
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    code = cli.main(["--corpus", str(proj / "corpus"), "verifie"])
    out = capsys.readouterr()
    assert code != 0, out
    assert "Corpus valide" not in out.out
    assert case["message"] in out.err and _where(case) in out.err, out.err
    assert out.err.startswith("erreur : "), out.err


def test_every_kind_of_corpus_file_is_run_end_to_end():
    assert {_kind(c) for c in END_TO_END} == {_kind(c) for c in CASES}
    assert len(END_TO_END) >= 10


@pytest.mark.parametrize("case", END_TO_END, ids=[c["source"] for c in END_TO_END])
def test_broken_input_stops_both_commands_end_to_end(tmp_path, case):
    proj = _broken_project(tmp_path, case)
    env = project_env(LOIS_CACHE=str(tmp_path / "cache"))
    res = subprocess.run([sys.executable, "-m", "lois.adapters.cli", "--corpus", str(proj / "corpus"), "verifie"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    out = res.stdout + res.stderr
    assert res.returncode != 0, out
    assert "Traceback" not in out
    assert case["message"] in res.stderr and _where(case) in res.stderr, res.stderr
    assert res.stderr.startswith("erreur : "), res.stderr

    dest = tmp_path / "site"
    build = mkdocs_build(dest, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(tmp_path / "cache")})
    out = build.stdout + build.stderr
    assert build.returncode != 0, out
    assert "Traceback" not in out, out
    assert case["message"] in build.stderr and _where(case) in build.stderr, build.stderr
    assert not dest.exists() or not any(dest.iterdir()), "site à moitié écrit"
