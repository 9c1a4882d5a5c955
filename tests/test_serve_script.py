"""`scripts/serve.sh -a ADDRESS:PORT`, as `mkdocs serve -a` (issue 25): the usage says it; an address or a port that
mkdocs would refuse is refused first, in French, before anything is installed or built (exit 1, ./site untouched)."""
from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT


def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(ROOT / "scripts/serve.sh"), *args], capture_output=True, text=True,
                          timeout=30, cwd=ROOT)


def test_usage_names_the_address_option_and_its_default():
    r = _serve("--help")
    assert r.returncode == 0, r.stderr
    assert "-a, --dev-addr ADRESSE:PORT" in r.stdout and "127.0.0.1:8000" in r.stdout


@pytest.mark.parametrize("args", [["-a", "127.0.0.1"], ["-a", "0.0.0.0:80800"], ["--dev-addr=300.1.2.3:8000"],
                                  ["-a", "machine:8000"], ["-a", "127.0.0.1:0"], ["-a", ":8000"]])
def test_an_address_mkdocs_would_refuse_is_refused_in_french_before_the_build(args):
    r = _serve(*args)
    assert r.returncode == 1
    assert r.stderr.startswith("erreur : adresse « ") and "ADRESSE:PORT" in r.stderr, r.stderr
    assert "Installation" not in r.stdout + r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [["-a"], ["--port", "8080"]])
def test_a_missing_address_or_an_unknown_option_is_said_with_the_usage(args):
    r = _serve(*args)
    assert r.returncode == 1 and r.stderr.startswith("erreur : ") and "usage : bash scripts/serve.sh" in r.stderr
