"""I/O errors of commands: an output that cannot be written (full disk: ``> /dev/full``), a reader that stops early
(``| head -1``: broken pipe) or a closed standard output give one French line on stderr (nothing for a broken
pipe) and a non-zero exit, never a traceback — for every subcommand of `lois`, through the one CLI adapter."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT, lois_commands, nonempty, project_env, run_lois

# one ordinary invocation of each subcommand (a new subcommand must be added here: see the first test)
SAMPLES = {
    "importe": ["importe", str(ROOT / "corpus/lois/50.md"), "--simulation"],
    "verifie": ["verifie"],
    "graphe": ["graphe"],
    "graphe --json": ["graphe", "--json"],
    "renvois": ["renvois", "voir", "Loi", "50D"],
    "cherche": ["cherche", "carte", "pénalisée"],
    "cherche --json": ["cherche", "--json", "carte"],
    "arbitre": ["arbitre", "--liste"],
    "marque-ajustee": ["marque-ajustee", "--epreuve", "paires", "--responsabilite", "non-fautif"],
    "marque-ponderee": ["marque-ponderee", "--epreuve", "paires", "60:70", "40:20"],
    "marque-ko": ["marque-ko", "--marque", "3", "--marque-adverse", "3"],
    "permaliens": ["permaliens"],
    "entraine": ["entraine", "--nombre", "1"],
    "--help": ["--help"],
    "graphe --help": ["graphe", "--help"],
}
IDS = list(SAMPLES)


def _run(args, **kw):
    return subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], cwd=ROOT, env=project_env(),
                          timeout=120, input="q\n", **kw)


def test_every_subcommand_has_a_sample():
    assert set(nonempty(lois_commands())) <= {s[0] for s in SAMPLES.values()}


@pytest.mark.parametrize("name", IDS)
def test_output_to_a_full_disk_is_one_french_line(name):
    args = SAMPLES[name]
    # the command works and writes something (checked in this process; the full disk needs a process of its own)
    ok = run_lois(*args, input="q\n")
    assert ok.returncode == 0 and ok.stdout.strip(), ok.stderr
    with open("/dev/full", "w") as full:
        res = _run(args, stdout=full, stderr=subprocess.PIPE, text=True)
    assert res.returncode != 0
    assert "Traceback" not in res.stderr and "Exception ignored" not in res.stderr, res.stderr
    assert res.stderr.count("\n") == 1 and "disque plein" in res.stderr, res.stderr
    assert res.stderr.startswith("erreur"), res.stderr


@pytest.mark.parametrize("name", IDS)
def test_a_reader_that_stops_early_is_a_quiet_failure(name):
    """`lois … | head -1` where head has gone before the first write: BrokenPipeError, said by nobody."""
    r, w = os.pipe()
    os.close(r)  # the reader is gone before the command writes anything
    try:
        res = _run(SAMPLES[name], stdout=w, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(w)
    assert res.returncode != 0
    assert res.stderr == "", res.stderr


def test_head_1_takes_one_line_and_nothing_is_said():
    res = subprocess.run(f"'{sys.executable}' -m lois.adapters.cli cherche --json carte | head -1; "
                         "exit ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", cwd=ROOT, env=project_env(),
                         capture_output=True, text=True, timeout=120)
    assert res.stdout == "[\n"
    assert "Traceback" not in res.stderr and "Exception ignored" not in res.stderr and res.stderr == "", res.stderr


@pytest.mark.parametrize("name", ["graphe", "verifie", "cherche", "--help"])
def test_a_closed_standard_output_is_said_in_french(name):
    res = subprocess.run(f"'{sys.executable}' -m lois.adapters.cli " + " ".join(f"'{a}'" for a in SAMPLES[name])
                         + " >&-", shell=True, executable="/bin/bash", cwd=ROOT, env=project_env(),
                         capture_output=True, text=True, timeout=120)
    assert res.returncode != 0
    assert res.stderr == "erreur : la sortie standard est fermée ; rien n'a été fait.\n", res.stderr
