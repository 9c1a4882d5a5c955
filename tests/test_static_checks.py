"""Type checking and lint of the project, as configured in pyproject.toml ([tool.mypy], [tool.ruff]): `mypy`
(the package under plugins/) and `ruff check plugins tests bench`, from the project's folder, with the test
environment's own executables. Their output is shown when they fail.

mypy keeps its cache in .mypy_cache/ and ruff in .ruff_cache/ (both ignored by git): a warm run takes well under a
second; a cold mypy run about 6 s on a loaded 2-core machine (load 7); the limits leave a wide margin."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT


def _run(*args: str, timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def _said(res: subprocess.CompletedProcess) -> str:
    return f"exit {res.returncode}\n{res.stdout}\n{res.stderr}"


@pytest.mark.timeout(180)
def test_mypy_finds_no_error():
    res = _run("mypy", timeout=170)
    assert res.returncode == 0, _said(res)
    assert "unused section" not in res.stdout + res.stderr, _said(res)  # every override applies to something


@pytest.mark.timeout(60)
def test_ruff_finds_no_error():
    res = _run("ruff", "check", "plugins", "tests", "bench", timeout=50)
    assert res.returncode == 0, _said(res)
