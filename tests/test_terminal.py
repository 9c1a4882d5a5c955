"""Failures at the terminal (issue 36), one class a section, every member of each:

- answers typed or piped to `lois entraine` and `lois arbitre` (« ² », other Unicode digits, a 5,000-digit number,
  negative numbers, empty lines, bytes that are not UTF-8, a closed standard input, ``< /dev/zero``): understood,
  or said in French and asked again, or stopped with a non-zero exit — never a traceback, never the whole memory;
- a terminal that is not UTF-8 (Latin-1, Latin-9, ASCII, the C locale): every command listed by `lois --help`
  writes a readable fallback (« — » → « - », « … » → « ... », « → » → « -> ») instead of crashing, and its JSON
  stays exact (escapes);
- escape sequences reaching the screen: whatever text `lois` writes (the corpus refuses them at load, see
  tests/fixtures/bad_corpus: note-echappement.md…), a control character is written as an inert mark.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import subprocess
import sys

import pytest

from conftest import ROOT, lois_commands, project_env, lois_main, run_lois, shared_models
from lois.adapters import cli
from lois.core import terminal

# --------------------------------------------------------------------------- answers typed or piped

NOT_UNDERSTOOD = ["²", "¹", "³", "½", "-1", "+1", "0", "1.0", "1e0", "", "   ", "9" * 5000, "99999999999999999999",
                  "\x00", "\x1b[2J", "un", "Ⅰ", "①"]


def _quoted(answer: str) -> str:
    return "vide" if not answer.strip() else f"« {terminal.shown(terminal.inert(answer.strip()))} »"


def test_training_answers_not_understood_are_said_and_asked_again():
    # each answer not understood, then a right one (« 1 » answers the situation): the session goes on
    res = run_lois("entraine", "-n", str(len(NOT_UNDERSTOOD) + 1), "--graine", "1", "--mode", "decision",
                   input="".join(f"{a}\n1\n" for a in NOT_UNDERSTOOD) + "q\n")
    assert res.returncode == 0, res.stdout[-800:]
    assert not res.stderr
    for answer in NOT_UNDERSTOOD:
        said = "Réponse vide" if not answer.strip() else f"Réponse non comprise {_quoted(answer)}"
        assert said in res.stdout, answer
    assert "Séance arrêtée." in res.stdout and "\x1b" not in res.stdout and "\x00" not in res.stdout


def test_checklist_answers_not_understood_are_said_and_asked_again():
    # each answer not understood at the first question, then « 1 » and « r » (back to it): the count starts again
    res = run_lois("arbitre", "carte-penalisee", input="".join(f"{a}\n1\nr\n" for a in NOT_UNDERSTOOD) + "q\n")
    assert res.returncode == 0, res.stdout[-800:]
    for answer in NOT_UNDERSTOOD:
        said = "Choix vide" if not answer.strip() else f"Choix invalide {_quoted(answer)}"
        assert said in res.stdout, answer
    assert "arbitrage abandonné" in res.stdout and "\x1b" not in res.stdout and "\x00" not in res.stdout


@pytest.mark.parametrize("answer", ["²", "9" * 5000], ids=["exposant", "5000 chiffres"])
def test_three_answers_not_understood_in_a_row_stop(answer):
    res = run_lois("entraine", "-n", "1", "--graine", "1", "--mode", "decision", input=f"{answer}\n" * 3)
    assert res.returncode == 1 and not res.stderr
    assert "3 réponses non comprises de suite : séance arrêtée." in res.stdout
    res = run_lois("arbitre", "carte-penalisee", input=f"{answer}\n" * 3)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert "3 réponses non comprises de suite : arbitrage arrêté." in res.stderr


def test_a_long_answer_is_quoted_back_short():
    res = run_lois("arbitre", "carte-penalisee", input="9" * 5000 + "\nq\n")
    assert res.returncode == 0 and "arbitrage abandonné" in res.stdout
    assert "Choix invalide « " + "9" * 40 + "… (5000 caractères) »" in res.stdout
    assert "9" * 300 not in res.stdout


@pytest.mark.parametrize("digit", ["3", "３", "٣", "३"])
def test_decimal_digits_of_any_script_choose(digit):
    """« ３ » (full width, a Japanese keyboard), « ٣ » (Arabic-Indic), « ३ » (Devanagari): the number 3, as
    int() reads them — and never a superscript (« ³ », the key beside « ² » on some keyboards)."""
    assert terminal.choice_number(digit, 3) == 2
    res = run_lois("arbitre", "carte-penalisee", input=f"{digit}\n")
    assert res.returncode == 0, res.stdout[-800:]
    assert "Choix invalide" not in res.stdout and "=== Carte du déclarant ou du mort" in res.stdout


def test_a_reader_at_the_end_or_a_wrong_number_mixed_in_goes_on():
    # a choice out of range, then « r » at the first question, then a right answer: the count starts again
    res = run_lois("arbitre", "carte-penalisee", input="4\nr\n3\n")
    assert res.returncode == 0, res.stdout
    assert "Choix invalide « 4 » : tapez un numéro de 1 à 3" in res.stdout
    assert "Déjà à la première question." in res.stdout
    res = run_lois("entraine", "-n", "1", "--graine", "1", "--mode", "decision", input="²\n²\nq\n")
    assert res.returncode == 0 and "Séance arrêtée." in res.stdout


def _process(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], capture_output=True, cwd=ROOT,
                          env=project_env(), timeout=120, **kw)


def _with_stdin(args, stdin) -> tuple[int, str, str]:
    """`lois ARGS` in this process with ``stdin`` as its standard input (None: closed, as Python has none when a
    process starts with it closed): exit code, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                shared_models():
            code = cli.main(args)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def _closed_stdin_said(code: int, out: str, err: str) -> None:
    assert code == 1 and "Traceback" not in err, err
    assert "erreur : l'entrée standard est fermée" in err
    assert "Votre" not in out  # said before any question


def test_closed_standard_input_is_said_in_french():
    res = _process(["entraine", "-n", "1"], stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))  # `lois … <&-`
    _closed_stdin_said(res.returncode, res.stdout.decode(), res.stderr.decode())


def test_closed_standard_input_of_the_checklist_is_said_in_french():
    _closed_stdin_said(*_with_stdin(["arbitre", "renonce"], None))


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GiB: far more than the command needs


def _endless_input_said(code: int, out: str, err: str) -> None:
    assert code == 1 and "Traceback" not in err and "MemoryError" not in err, err[-1000:]
    assert f"ligne de plus de {terminal.MAX_LINE} caractères sur l'entrée standard" in out + err
    assert "\x00" not in out


def test_endless_input_stops_with_bounded_memory():
    """``< /dev/zero``: a line that never ends (NUL bytes without a line end) stops the dialogue at the bound,
    exit 1, with the memory limited to 1 GiB — an unbounded read would exhaust it."""
    with open("/dev/zero", "rb") as zero:
        res = _process(["entraine", "-n", "1"], stdin=zero, preexec_fn=_limit_memory)
    _endless_input_said(res.returncode, res.stdout.decode(), res.stderr.decode())


def test_endless_input_stops_the_checklist():
    with open("/dev/zero", "rb") as zero:
        code, out, err = _with_stdin(["arbitre", "renonce"], io.TextIOWrapper(zero, encoding="utf-8"))
    _endless_input_said(code, out, err)


def test_bytes_not_of_the_terminal_encoding_and_nul_are_not_understood():
    """Bytes that are not UTF-8 (a Latin-1 keyboard, a binary file piped), as Python's standard input gives them
    (the process's own: tests/test_training.py)."""
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n\x00\n\xc3\n"), encoding="utf-8")
    code, out, err = _with_stdin(["arbitre", "carte-penalisee"], stdin)
    assert code == 1 and out.count("Choix invalide") == 3 and "Traceback" not in err
    assert "\x00" not in out


# --------------------------------------------------------------------------- a terminal that is not UTF-8

def _source() -> str:
    return str(sorted((ROOT / "corpus" / "sources").glob("*.txt"))[0])


# every command `lois --help` lists, with arguments that make it write what it writes (a new command fails here
# until it is given its arguments)
RENONCE = "consommee:oui,cas_particulier:aucun,levee_renonce:en_cours,signale_en_cours:joueur"
RUNS = {
    "importe": [[_source(), "--simulation"]],
    "verifie": [[]],
    "graphe": [[], ["--json"]],
    "renvois": [["Voir la Loi 12C2 et les Lois 61 à 64 …"]],
    "cherche": [["renonce"], ["--json", "carte pénalisée"]],
    "arbitre": [["--joueurs", "renonce"], ["--json", "renonce", "--reponses", RENONCE], ["carte-penalisee"]],
    "marque-ajustee": [["--epreuve", "paires", "--responsabilite", "fautif", "--score-seance", "62,5"]],
    "marque-ponderee": [["--epreuve", "paires", "0.5:100", "0.5:200"]],
    "marque-ko": [["--marque", "10", "--marque-adverse", "-5"]],
    "permaliens": [[]],
    "entraine": [["-n", "2", "--graine", "1"]],
}
ENCODINGS = ["latin-1", "ascii"]  # Latin-9 (iso8859-15): a real process below, and the fallbacks' own test


def test_every_command_of_lois_help_is_run_under_each_encoding():
    assert sorted(RUNS) == sorted(lois_commands())  # the commands `lois --help` lists


def _run_encoded(encoding: str, args: list[str], stdin: str = "1\n1\n1\n1\n1\n1\n"):
    """`lois` in process with a standard output and error that encode as a terminal of this encoding does
    (strict, as Python sets them from LANG or PYTHONIOENCODING)."""
    raw_out, raw_err = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(raw_out, encoding=encoding, errors="strict", write_through=True)
    err = io.TextIOWrapper(raw_err, encoding=encoding, errors="strict", write_through=True)
    code = lois_main(args, stdin, out, err)
    out.flush()
    err.flush()
    return code, raw_out.getvalue().decode(encoding), raw_err.getvalue().decode(encoding)


FALLBACK_SEEN = {"—": " - ", "…": "...", "→": "->"}


@pytest.mark.parametrize("command", sorted(RUNS))
def test_every_command_writes_readably_on_a_terminal_not_utf8(command, tmp_path, monkeypatch):
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    for args in RUNS[command]:
        code8, out8, err8 = _run_encoded("utf-8", [command, *args])
        assert "Traceback" not in err8
        for encoding in ENCODINGS:
            code, out, err = _run_encoded(encoding, [command, *args])
            assert code == code8, (encoding, args, err)
            assert "Traceback" not in err and "UnicodeEncodeError" not in err, (encoding, args, err)
            assert len(out.splitlines()) == len(out8.splitlines()), (encoding, args)
            if "--json" in args:  # exact: the same data, written with escapes
                assert json.loads(out) == json.loads(out8), (encoding, args)
                assert out.isascii() or encoding != "ascii"
            else:
                for ch, fallback in FALLBACK_SEEN.items():
                    if ch in out8 and (ch == "—" and " — " in out8 or ch != "—"):
                        assert fallback in out, (encoding, args, ch)
            if encoding == "ascii":
                assert out.isascii() and err.isascii()


def test_fallbacks_read_as_french_typography():
    latin = "Loi 12 — arbitrage… « 50B1 » → 2♦ 1\u202f000 cœur"
    for encoding, expected in [("latin-1", "Loi 12 - arbitrage... « 50B1 » -> 2K 1 000 coeur"),
                               ("iso8859-15", "Loi 12 - arbitrage... « 50B1 » -> 2K 1 000 cœur"),
                               ("ascii", 'Loi 12 - arbitrage... " 50B1 " -> 2K 1 000 coeur')]:
        assert latin.encode(encoding, "lois-lisible").decode(encoding) == expected
    assert "é à ç ô".encode("ascii", "lois-lisible") == b"e a c o"
    assert "中".encode("ascii", "lois-lisible") == b"?"


@pytest.mark.parametrize("env, args, encoding", [
    ({"PYTHONIOENCODING": "latin-1"}, ["verifie"], "latin-1"),
    ({"PYTHONIOENCODING": "iso8859-15"}, ["--help"], "iso8859-15"),
    ({"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "PYTHONIOENCODING": ""}, ["graphe"],
     "ascii"),
], ids=["latin-1", "latin-9", "C"])
def test_a_real_process_on_a_terminal_not_utf8(env, args, encoding):
    res = subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], capture_output=True, cwd=ROOT,
                         env=project_env(**env), timeout=120)
    out, err = res.stdout.decode(encoding), res.stderr.decode(encoding)
    assert res.returncode == 0, err
    assert "Traceback" not in err and "Unicode" not in err
    assert "->" in out or "..." in out


# --------------------------------------------------------------------------- escape sequences never reach the screen

HOSTILE = ["\x1b[2J\x1b[H", "\x1b]0;titre piégé\x07", "\x1b]8;;https://exemple.invalid/\x1b\\lien\x1b]8;;\x1b\\",
           "\x9b2J", "\r\x1b[K", "\u202etxet\u202c", "\x07\x08\x7f"]


@pytest.mark.parametrize("seq", HOSTILE, ids=repr)
def test_control_characters_written_by_any_command_are_inert(seq):
    res = run_lois("cherche", f"zzzqqq {seq} wwwkkk")  # the query is said back (« Aucun résultat pour … »)
    assert res.returncode == 0 and " pour « zzzqqq " in res.stdout
    for text in (res.stdout, res.stderr):
        assert not set(text) & set("\x1b\x07\x08\x7f\x9b\r\u202e\u202c"), repr(text)
    assert terminal.INERT_MARK in res.stdout
    res = run_lois("arbitre", "renonce", "--reponses", json.dumps({seq: 1}))  # an error quoting what was typed
    assert res.returncode == 1 and "doit être un texte" in res.stderr
    assert "\x1b" not in res.stderr and "\x9b" not in res.stderr


def test_only_the_programs_own_colours_pass():
    shown = terminal.inert(f"{terminal.BOLD}renonce{terminal.RESET} \x1b[1;33mfaux\x1b[0m \x1b[31m")
    assert shown == f"{terminal.BOLD}renonce{terminal.RESET} {terminal.BOLD}faux{terminal.RESET} \ufffd[31m"
    assert terminal.inert("a\tb\nc") == "a\tb\nc"


def test_json_output_keeps_control_characters_as_escapes():
    text = terminal.json_text({"k": "a\x1b[2J\x9b\u202e—"}, io.StringIO())
    assert "\x1b" not in text and "\\u001b" in text and "\\u009b" in text and "\\u202e" in text
    assert json.loads(text) == {"k": "a\x1b[2J\x9b\u202e—"}
    wrapper = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    assert "\\u2014" in terminal.json_text({"k": "—é"}, wrapper) and "é" in terminal.json_text({"k": "é"}, wrapper)


@pytest.mark.parametrize("module", ["argparse", "lois.features", "dataclasses", "pathlib"])
def test_ctrl_c_while_the_program_starts_is_the_usual_quiet_end(module):
    """Ctrl-C in the first tenth of a second (the program reading its modules, before any command runs) printed
    Python's traceback of KeyboardInterrupt (session 10: one run in three at 0.1 s; session 12: in the package's own
    start, lois/__init__.py, which imports dataclasses and pathlib first — 31 runs of 80 sent SIGINT between 0 and
    80 ms). The interrupt is raised here where a real one lands, in the import of ``module`` (by an import statement
    or by importlib), from the first line of the console script `lois`; the end is the one Ctrl-C has later:
    « interrompu. », exit 130."""
    code = ("import builtins, importlib, sys\n"
            "real, real_module = builtins.__import__, importlib.import_module\n"
            "def imp(name, *a, **k):\n"
            f"    if name == {module!r}:\n"
            "        raise KeyboardInterrupt\n"
            "    return real(name, *a, **k)\n"
            "def imp_module(name, *a, **k):\n"
            f"    if name == {module!r}:\n"
            "        raise KeyboardInterrupt\n"
            "    return real_module(name, *a, **k)\n"
            "builtins.__import__, importlib.import_module = imp, imp_module\n"
            "from lois.adapters.cli import run\n"  # the console script `lois` (pip's)
            "sys.exit(run())\n")
    res = subprocess.run([sys.executable, "-c", code, "verifie"], capture_output=True, text=True, cwd=ROOT,
                         env=project_env(), timeout=60)
    assert res.returncode == 130 and res.stdout == "", (res.returncode, res.stderr[-600:])
    assert res.stderr == "\ninterrompu.\n", res.stderr[-600:]


# --------------------------------------------------------------------------- colours on a terminal

def _on_a_terminal(*args, **env) -> str:
    """What `lois ARGS` writes to a terminal (a pseudo-terminal, as a shell in a terminal window gives it), in a
    process of its own with ``env`` added to the environment."""
    import os
    import pty
    import subprocess
    import sys

    from conftest import project_env

    main, child = pty.openpty()
    full = {k: v for k, v in project_env().items() if k not in ("NO_COLOR", "TERM")}
    proc = subprocess.Popen([sys.executable, "-m", "lois.adapters.cli", *args], stdout=child, stderr=child,
                            stdin=subprocess.DEVNULL, env={**full, "TERM": "xterm-256color", **env})
    os.close(child)
    out = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert proc.wait(timeout=60) == 0
    return out.decode("utf-8")


@pytest.mark.parametrize("env", [{}, {"NO_COLOR": "1"}, {"TERM": "dumb"}, {"NO_COLOR": ""}])
def test_colours_only_on_a_terminal_that_wants_them(env):
    """`lois cherche` marks the words found in colour on a terminal; NO_COLOR (any value but an empty one, as
    no-color.org says) and a terminal without colours (TERM=dumb) get them between brackets, as a file does."""
    out = _on_a_terminal("cherche", "carte pénalisée", **env)
    coloured = not env.get("NO_COLOR") and env.get("TERM") != "dumb"
    assert ("\033[" in out) == coloured, out[:300]
    assert ("[carte]" in out) == (not coloured), out[:300]
