"""The shared identifiers (lois.core.ids): their documented examples, and agreement with the real corpus."""
from __future__ import annotations

import doctest

from conftest import nonempty
from lois.core import ids


def test_documented_examples_hold():
    result = doctest.testmod(ids)
    assert result.attempted >= 3 and result.failed == 0


def test_every_node_of_the_real_corpus_parses_back(model):
    for pid, p in nonempty(model.provisions.items()):
        assert ids.ProvisionId.parse(str(pid)) == pid == p.pid and ids.is_law_number(pid.law)
    for c in nonempty(model.commentaries.values()):
        ref = ids.NodeRef.parse(c.node_id)
        assert str(ref) == c.node_id and ref.kind is ids.Kind.COMMENTARY and ref.key in model.commentaries


def test_levels_are_the_parser_levels(model):
    assert {p.level for p in model.provisions.values()} <= set(ids.LEVELS)
    assert ids.Level.LAW in {p.level for p in model.provisions.values()}
