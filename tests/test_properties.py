"""Property-based tests (hypothesis): the citation grammar and the resolver never fail and report true spans."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lois.cite import find_citations, parse_provision_id
from lois.resolve import resolve_text

PIECES = st.sampled_from(["Loi ", "Lois ", "LOI ", "loi ", "la ", "voir ", "ci-dessous", "ci-dessus", " et ", ", ",
                          " à ", "(", ")", "[", "]", "A", "B", "C", "D", "12", "50", "94", "0", "1", "2", "(a)",
                          "(b)", "(i)", "(ii)", " ", "\n", "\u00a0", "’", "'", "%", "IMPs", "levée "])
TEXT = st.one_of(st.text(max_size=300), st.lists(PIECES, max_size=40).map("".join))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_citations_are_true_substrings_in_order(text):
    cites = find_citations(text)
    last = 0
    for c in cites:
        assert text[c.start:c.end] == c.text
        assert c.start >= last
        last = c.end
        for r in c.refs:
            assert r.law is None or isinstance(r.law, int)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(TEXT, st.sampled_from([None, "12C2(b)", "50E4", "30B1(b)(i)", "9A1"]))
def test_resolver_never_raises(model, text, context):
    found, problems = resolve_text(model, text, context)
    for c, targets in found:
        assert all(isinstance(t, str) and t[:1].isdigit() for t in targets)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_parse_provision_id_never_raises(s):
    r = parse_provision_id(s)
    assert r is None or 1 <= r.law <= 93
