"""I/O errors of commands: an output that cannot be written (full disk: ``> /dev/full``), a reader that stops early
(``| head -1``: broken pipe) or a closed standard output give one French line on stderr (nothing for a broken
pipe) and a non-zero exit, never a traceback — for every subcommand of `lois`, through the one CLI adapter.

Each class is tried once in a process of its own, as a shell runs it (what Python does at its exit included: the
output still buffered written again, « Exception ignored »); every subcommand is tried in this process, its
standard output the same file (/dev/full, a pipe whose reader is gone) and that stream closed afterwards as
Python's exit closes it — an error there is what the process would print at its exit."""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

import pytest

from conftest import ROOT, lois_commands, nonempty, project_env, lois_main, run_lois
from lois.adapters import cli

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


def _in_process(args, stdout) -> tuple[int, str]:
    """`lois ARGS` in this process writing to ``stdout`` (a file opened by the test, as a shell opens it for the
    process), standard input « q »: its exit code and what it wrote on stderr. ``stdout`` is then closed as
    Python's exit closes it: what the command left buffered must not fail there (the process would print
    « Exception ignored … » on stderr)."""
    err = io.StringIO()
    code = lois_main(args, "q\n", stdout, err)
    stdout.close()  # raises if the command left output that cannot be written
    return code, err.getvalue()


def _full_disk_said(code: int, stderr: str) -> None:
    assert code != 0
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert stderr.count("\n") == 1 and "disque plein" in stderr, stderr
    assert stderr.startswith("erreur"), stderr


@pytest.mark.parametrize("name", IDS)
def test_output_to_a_full_disk_is_one_french_line(name):
    args = SAMPLES[name]
    ok = run_lois(*args, input="q\n")  # the command works and writes something
    assert ok.returncode == 0 and ok.stdout.strip(), ok.stderr
    _full_disk_said(*_in_process(args, open("/dev/full", "w", encoding="utf-8")))


def test_output_to_a_full_disk_in_a_process_of_its_own():
    with open("/dev/full", "w") as full:
        res = _run(SAMPLES["verifie"], stdout=full, stderr=subprocess.PIPE, text=True)
    _full_disk_said(res.returncode, res.stderr)


def _gone_reader():
    """The writing end of a pipe whose reader is gone before the command writes anything."""
    r, w = os.pipe()
    os.close(r)
    return w


@pytest.mark.parametrize("name", IDS)
def test_a_reader_that_stops_early_is_a_quiet_failure(name):
    """`lois … | head -1` where head has gone before the first write: BrokenPipeError, said by nobody."""
    code, err = _in_process(SAMPLES[name], os.fdopen(_gone_reader(), "w", encoding="utf-8"))
    assert code != 0
    assert err == "", err


def test_a_reader_that_stops_early_in_a_process_of_its_own():
    w = _gone_reader()
    try:
        res = _run(SAMPLES["graphe --json"], stdout=w, stderr=subprocess.PIPE, text=True)
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


CLOSED = "erreur : la sortie standard est fermée ; rien n'a été fait.\n"


def test_a_closed_standard_output_is_said_in_french():
    res = subprocess.run(f"'{sys.executable}' -m lois.adapters.cli graphe >&-", shell=True, executable="/bin/bash",
                         cwd=ROOT, env=project_env(), capture_output=True, text=True, timeout=120)
    assert res.returncode != 0
    assert res.stderr == CLOSED, res.stderr


@pytest.mark.parametrize("name", ["verifie", "cherche", "--help"])
def test_every_command_on_a_closed_standard_output_says_so(name):
    """In a process started with its standard output closed, Python has none (``sys.stdout`` is None)."""
    err = io.StringIO()
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(None), contextlib.redirect_stderr(err):
        code = cli.main(SAMPLES[name])
    assert code != 0
    assert err.getvalue() == CLOSED, err.getvalue()
