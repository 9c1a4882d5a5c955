"""The shared identifiers (lois.core.ids): their documented examples, and agreement with the real corpus."""
from __future__ import annotations

import doctest

from conftest import nonempty
from lois.core import ids


def test_documented_examples_hold():
    result = doctest.testmod(ids)
    assert result.attempted >= 3 and result.failed == 0


def test_every_node_of_the_real_corpus_parses_back(model):
    nodes = list(model.provisions) + [c.node_id for c in model.commentaries.values()]
    for node in nonempty(nodes):
        ref = ids.NodeRef.parse(node)
        assert str(ref) == node
        if ref.kind is ids.Kind.PROVISION:
            assert ids.is_law_number(ref.law) and ref.law == model.provisions[node].law
        else:
            assert ref.key in model.commentaries


def test_levels_are_the_parser_levels(model):
    assert {p.level for p in model.provisions.values()} <= set(ids.LEVELS)
    assert ids.Level.LAW in {p.level for p in model.provisions.values()}
