"""Property-based tests (hypothesis): the citation grammar, the resolver and the query analyser never fail,
are deterministic and report true spans."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lois.core.cite import find_citations, format_id, parse_provision_id
from lois.core.ids import ProvisionId
from lois.core.resolve import resolve_text
from lois.features.search.analysis import analyze, analyze_word, tokens
from lois.features.search.cli import highlight
from lois.features.search.query import EDGE_WORDS, MAX_QUERY_CHARS, citation_key, pins_for, surface_key

PIECES = st.sampled_from(["Loi ", "Lois ", "LOI ", "loi ", "la ", "voir ", "ci-dessous", "ci-dessus", " et ", ", ",
                          " à ", "(", ")", "[", "]", "A", "B", "C", "D", "12", "50", "94", "0", "1", "2", "(a)",
                          "(b)", "(i)", "(ii)", " ", "\n", "\u00a0", "’", "'", "%", "IMPs", "levée ",
                          # issue 26 forms and their look-alikes
                          "L", "L.", "l.", "art. ", "article ", "articles ", "16 B 1 a", "12C1(e)", " a ", "-", "9999",
                          "150", " des statuts", " du Code", " : ", "16b1", "table ", "12H30", "(c)", "(iii)"])
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


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_refused_ranges_are_never_linked(text):
    """A range the grammar refuses (« Lois 1 à 9999 », « Lois 64 à 61 ») is a true span that no citation overlaps:
    nothing of it is linked."""
    from lois.core.cite import refused_ranges

    cites = find_citations(text)
    for r in refused_ranges(text):
        assert text[r.start:r.end] == r.text
        assert not any(c.start < r.end and r.start < c.end for c in cites), (r, cites)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(TEXT, st.sampled_from([None, "12C2(b)", "50E4", "30B1(b)(i)", "9A1"]))
def test_resolver_never_raises(model, text, context):
    found, problems = resolve_text(model, text, context)
    for _c, targets in found:
        assert all(isinstance(t, ProvisionId) and ProvisionId.parse(str(t)) == t for t in targets)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_parse_provision_id_never_raises(s):
    r = parse_provision_id(s)
    assert r is None or 1 <= r.law <= 93


# ---------------------------------------------------------------------------------------------------------
# The query analyser (lois.features.search.analysis, lois.features.search.query: the path of `lois cherche` and of
# the site):
# any text is a query — control characters, any non-surrogate unicode, very long strings, lone quotes and
# apostrophes, operators, markup, citation-like junk — and nothing in it can fail.

QUERY_PIECES = st.sampled_from([
    '"', "'", "’", "«", "»", "“", "”", "„", "l'", "d’", "qu'", "jusqu’", "'l", "Loi ", "loi", "Lois ", "L", "l64",
    "27B1b", "27 B 1 (b)", "27B1(b)", "30B1(b)(i)", "64B2", "loi-64", "50D2(a)", "94", "0", "00", "999", "12C1(e)(i)",
    "(", ")", "[", "]", "AND", "OR", "NOT", "*", "?", "~2", "^", "\\", ":", "-", "+", "\x00", "\x07", "\t", "\n",
    "\r", "\x7f", "\u200b", "\u00a0", "\ufeff", "ﬁ", "İ", "ß", "œ", "é", "É", "e\u0301", "𝔘", "😀", "ٱ", "漢",
    "carte", "pénalisée", "penalisee", "renonce", "renonse", "arbitre", "enchère", "insuffisante", "de", "la",
    "<script>", "</b>", "&amp;", "&lt;", "javascript:", "<!--", " ", "  "])
QUERY = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=120),   # anything but surrogates
    st.lists(QUERY_PIECES, max_size=40).map("".join),
    st.tuples(st.lists(QUERY_PIECES, min_size=1, max_size=5).map("".join), st.integers(50, 400)).map(
        lambda t: t[0] * t[1]),                                                      # very long strings
)


@pytest.fixture(scope="module")
def engine(corpus_dir, tmp_path_factory):
    from lois.features.search.query import SearchEngine

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("LOIS_CACHE", str(tmp_path_factory.mktemp("cache")))
        return SearchEngine(corpus_dir)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(QUERY)
def test_analysis_never_fails_and_reports_true_spans(text):
    last = 0
    for surface, start, end in tokens(text):
        assert text[start:end] == surface and surface
        assert start >= last
        last = end
        term = analyze_word(surface)
        assert term is None or (isinstance(term, str) and term)
    assert analyze(text) == [t for t in (analyze_word(s) for s, _, _ in tokens(text)) if t]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(QUERY)
def test_query_plan_and_search_never_fail_and_are_deterministic(engine, query):
    plan = engine.plan(query)
    assert plan == engine.plan(query)
    assert plan == engine.plan(query[:MAX_QUERY_CHARS] + "x" * 50) or len(query) <= MAX_QUERY_CHARS
    assert all(w > 0 for w in plan.weights.values())
    assert all(t in plan.weights for group in plan.groups for t in group)
    results = engine.search(query, 5)
    again = engine.search(query, 5)
    assert [(r.id, r.score) for r in results] == [(r.id, r.score) for r in again]
    assert len(results) <= 5 and len({r.id for r in results}) == len(results)
    for r in results:
        assert r.id in engine.docnum
        for s, e in r.spans:  # highlighted words: true spans of the snippet, words of the query
            assert 0 <= s < e <= len(r.snippet)
            assert engine.vocab.surfaces.get(surface_key(r.snippet[s:e])) in plan.weights
        shown = highlight(r.snippet, r.spans, tty=False)  # what `lois cherche` prints
        assert shown.replace("[", "").replace("]", "") == r.snippet.replace("[", "").replace("]", "")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(QUERY)
def test_citations_in_a_query_are_true_substrings(engine, query):
    """The citation grammar on query text (what the search pins first): spans are true substrings."""
    for c in find_citations(query):
        assert query[c.start:c.end] == c.text
    pins = pins_for(query, engine.vocab)
    assert pins == pins_for(query, engine.vocab)
    assert all(p in engine.docnum for p in pins)
    if pins:  # pinned only for a provision id that is the whole query, or its first or last words
        words = query.split()
        runs = [query.strip()] + [" ".join(w) for n in range(1, EDGE_WORDS + 1) for w in (words[:n], words[-n:])]
        refs = [r for r in map(parse_provision_id, runs) if r is not None and r.law is not None]
        # the provision's own pins, or, for an id in a law the corpus does not hold (« 64B2 »), that law's page
        assert any(engine.vocab.citations.get(citation_key(format_id(r.law, r.path))) == pins
                   or (r.law in engine.vocab.absent_laws and engine.vocab.citations.get(str(r.law)) == pins)
                   for r in refs)


INVISIBLE_CHARS = st.sampled_from(["\u200b", "\u00ad", "\ufeff", "\u200f", "\u2060"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, st.lists(st.tuples(st.integers(min_value=0), INVISIBLE_CHARS), max_size=6))
def test_invisible_characters_change_nothing_but_the_spans(text, inserts):
    """A text read with invisible characters slipped in anywhere (« Loi 16\\u200bB1 ») has the citations of the text
    without them, each span covering the same characters and whatever invisible ones fall inside it."""
    from lois.core.displayed import INVISIBLE

    text = "".join(c for c in text if c not in INVISIBLE)
    marked = text
    for at, ch in inserts:
        at %= len(marked) + 1
        marked = marked[:at] + ch + marked[at:]
    plain, seen = find_citations(text), find_citations(marked)
    assert [c.refs for c in seen] == [c.refs for c in plain]
    for c, p in zip(seen, plain, strict=True):
        assert marked[c.start:c.end] == c.text
        assert "".join(ch for ch in c.text if ch not in INVISIBLE) == p.text


# Letters each followed by combining marks in any order: NFC reorders them (U+0323 before U+0301) and composes them
# into one character (« e » + U+0340 → « è »), several (« e » + U+0301 + U+0323 → « ẹ́ », U+1EB9 U+0301) or none
MARKS = st.one_of(st.characters(min_codepoint=0x300, max_codepoint=0x36F),
                  st.sampled_from(["\u1ab0", "\u1dc0", "\u20d2", "\ufe20", "\u0345"]))
LETTERS_AND_MARKS = st.lists(st.tuples(st.sampled_from(list("aeiouq ") + ["Loi 16 B 1", "Loi 16 B 1 a", "Loi 27", "ω"]),
                                       st.lists(MARKS, max_size=3).map("".join)).map("".join),
                             max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(LETTERS_AND_MARKS)
def test_search_and_citations_read_a_text_as_displayed_alike(text):
    """The search reads a query (read_query) as the citation scanner reads a text (lois.core.displayed): a letter and
    the combining marks after it are their composed form (NFC), whatever its length; the scanner finds in the text as
    written the citations it finds in the text as read, its spans covering whole letters with their marks."""
    import unicodedata

    from lois.features.search.query import read_query

    shown = read_query(text)
    assert shown == unicodedata.normalize("NFC", text)
    assert [c.refs for c in find_citations(text)] == [c.refs for c in find_citations(shown)]
    for c in find_citations(text):
        assert c.end == len(text) or not unicodedata.combining(text[c.end]), c
