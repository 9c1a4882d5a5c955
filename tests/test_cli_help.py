"""Every `lois` subcommand answers `--help` (issue 25: two of them crashed): its usage and its options in French,
exit 0, nothing on stderr. The subcommands are those `lois --help` lists, so a new one is checked without an edit
here."""
from __future__ import annotations

import pytest

from conftest import lois_commands, run_lois_process

SUBCOMMANDS = lois_commands()


def test_lois_help_lists_the_commands_of_the_core_and_of_the_features():
    from lois.features import FEATURES

    r = run_lois_process("--help")
    assert r.returncode == 0 and not r.stderr, r.stderr
    assert sorted(SUBCOMMANDS) == sorted({"importe", "verifie", "graphe", "renvois"}
                                         | {c for f in FEATURES for c in f.commands}), r.stdout
    assert all(f"\n    {c}" in r.stdout for c in SUBCOMMANDS), r.stdout  # the same list in a process of its own


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_subcommand_answers_help(command):
    r = run_lois_process(command, "--help")
    assert r.returncode == 0, r.stderr[-2000:]
    assert not r.stderr, r.stderr[-2000:]
    assert r.stdout.startswith(f"usage : lois {command}"), r.stdout[:300]
    assert "afficher cette aide et quitter" in r.stdout  # the options are described, in French
