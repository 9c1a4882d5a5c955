"""Every `lois` subcommand answers `--help` (issue 25: two of them crashed): its usage and its options in French,
exit 0, nothing on stderr. The subcommands are the parser's own, so a new one is checked without an edit here."""
from __future__ import annotations

import argparse

import pytest

from conftest import run_lois_process


def _subcommands() -> list[str]:
    from lois.adapters.cli import build_parser

    parser = build_parser(None)  # every feature's commands declared, as for `lois --help`
    # argparse keeps its subcommands in the action that add_subparsers() returned (no public accessor)
    commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(commands) == 1
    return sorted(commands[0].choices)


SUBCOMMANDS = _subcommands()


def test_the_parser_declares_the_commands_of_the_core_and_of_the_features():
    from lois.features import FEATURES

    assert {"importe", "verifie", "graphe", "renvois"} <= set(SUBCOMMANDS)
    assert {c for f in FEATURES for c in f.commands} <= set(SUBCOMMANDS)


def test_lois_help_lists_every_subcommand():
    r = run_lois_process("--help")
    assert r.returncode == 0 and not r.stderr, r.stderr
    for command in SUBCOMMANDS:
        assert command in r.stdout, command


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_subcommand_answers_help(command):
    r = run_lois_process(command, "--help")
    assert r.returncode == 0, r.stderr[-2000:]
    assert not r.stderr, r.stderr[-2000:]
    assert r.stdout.startswith(f"usage : lois {command}"), r.stdout[:300]
    assert "afficher cette aide et quitter" in r.stdout  # the options are described, in French
