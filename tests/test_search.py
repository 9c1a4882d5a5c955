"""Search: French analysis, postings equal to a whoosh index's, CLI and its cache (real corpus), browser data."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import nonempty
from lois.core.ids import ProvisionId
from lois.features.search.analysis import analyze, analyze_word, edit_distance, normalize, synonym_map
from lois.features.search.documents import TOOL_KINDS
from lois.features.search.lexicon import load_lexicon
from lois.features.search.evaluate import load_set
from lois.features.search.index import B, K1, RAW_WIDTH, SOURCE, scored
from lois.features.search.query import SearchEngine, citation_key, pins_for

BAD_INPUTS = ["", "x" * 10000, "!!! ??? ;;; ...", '"carte pénalisée', "AND OR NOT (",
              "<script>alert(1)</script><b>x</b>"]


@pytest.fixture(scope="module")
def engine(corpus_dir, tmp_path_factory):
    import os
    os.environ["LOIS_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    return SearchEngine(corpus_dir)


@pytest.fixture(scope="module")
def site_engine(corpus_dir, model):
    """The engine of the site's build (no cache): its raw postings are what the site's shards hold."""
    return SearchEngine(corpus_dir, model=model, cache=False)


@pytest.fixture(scope="module")
def oracle(model, corpus_dir, tmp_path_factory):
    """A real whoosh index of the seed's documents (tests/search_oracle.py), opened with BM25F (its Weighting: the
    index field weighed against index.INDEX_LENGTH)."""
    from lois.features.search.documents import build_docs
    from search_oracle import Weighting, write_index

    ix = write_index(build_docs(model), tmp_path_factory.mktemp("whoosh"), load_lexicon(corpus_dir).stems)
    searcher = ix.searcher(weighting=Weighting())
    yield searcher
    searcher.close()


def lois(*args, env=None):
    from conftest import run_lois

    return run_lois(*args, env=env)


def test_inflections_and_accents_meet():
    forms = ["pénalisé", "pénalisée", "pénalisées", "penalisee", "PÉNALISÉS", "penalise"]
    assert len({analyze_word(w) for w in forms}) == 1
    assert analyze_word("l'arbitre") == analyze_word("arbitres") == analyze_word("L’Arbitre")
    assert analyze_word("qu'une") is None and analyze_word("de") is None
    assert normalize("d’Enchère") == "enchere"
    assert analyze("L'enchère est insuffisante") == [analyze_word("enchère"), analyze_word("insuffisante")]


def test_synonyms_and_edit_distance(corpus_dir):
    syn = synonym_map(load_lexicon(corpus_dir).synonyms)
    assert analyze_word("directeur") in syn[analyze_word("arbitre")]
    assert analyze_word("attaque") in syn[analyze_word("entame")]
    assert edit_distance("renonse", "renonce", 2) == 1
    assert edit_distance("abcd", "bacd", 2) == 1
    assert edit_distance("abcdef", "uvwxyz", 2) == 3


def test_every_corpus_word_in_vocabulary_matches_analyzer(engine, corpus_dir):
    from lois.features.search.analysis import term_of

    stems = load_lexicon(corpus_dir).stems
    for surface, term in nonempty(engine.vocab.surfaces.items()):
        assert term_of(surface, stems) == term


def test_citation_key_agrees_with_parse_provision_id(engine):
    for doc_id in nonempty(f["id"] for f in engine.stored if f["kind"] in ("law", "stub")):
        spellings = [doc_id, doc_id.replace("(", "").replace(")", ""), "Loi " + doc_id, "L" + doc_id,
                     " ".join(doc_id.replace("(", " ").replace(")", " ").split())]
        for s in spellings:
            assert pins_for(s, engine.vocab)[:1] == [doc_id], s
            assert engine.vocab.citations[citation_key(s)][0] == doc_id
    # A query that is not an id is never taken for one, in Python or (same key) in the browser.
    for case in nonempty(load_set()):
        if not pins_for(case["q"], engine.vocab):
            assert citation_key(case["q"]) not in engine.vocab.citations, case["q"]


def test_an_id_at_either_end_of_a_query_is_pinned_when_it_says_so(engine, model):
    """« loi 16 information non autorisée », « enchère insuffisante 27 B 1 b »: the id that starts or ends a
    longer query comes first, when « loi », « lois », « L » or a section letter says it is one."""
    words = ["information non autorisée", "carte pénalisée", "renonce"]
    checked = 0
    for pid in sorted(map(str, model.provisions)):
        prov = model.provisions[ProvisionId.parse(pid)]
        bare = pid.replace("(", "").replace(")", "")
        spellings = [f"loi {pid}", f"L{bare}", f"Lois {' '.join([str(prov.law), *prov.path])}"]
        if prov.path:
            spellings.append(bare)  # « 27B1b »: its section letter says it is an id
        whole = pins_for(pid, engine.vocab)
        assert whole, pid
        for sp in spellings:
            for w in words:
                for q in (f"{sp} {w}", f"{w} {sp}", f"{w}, {sp}."):
                    assert pins_for(q, engine.vocab) == whole, q
                    checked += 1
    assert checked > 9 * len(model.provisions)
    for q in ["12 levées", "3 cartes", "16 cartes au mort", "carte pénalisée 50", "2 joueurs en 27 secondes",
              "la loi du silence", "le 27 du mois", "Loi", "renonce lois"]:
        assert pins_for(q, engine.vocab) == [], q  # a bare number among words is a word
    first = engine.search("loi 16 informations non autorisées", 3)[0]
    assert first.id == "16"


def test_citation_queries_put_provision_first(engine):
    for q, first in [("27B1b", "27B1(b)"), ("27 B 1 b", "27B1(b)"), ("loi 50 D 2", "50D2"), ("L64", "64"),
                     ("Loi 64", "64")]:
        assert engine.search(q, 3)[0].id == first
    ids = [r.id for r in engine.search("L64", 5)]
    assert ids[:2] == ["64", "commentaire:renonce-64"]
    # an id in a law the corpus does not hold (« 64A1 », cited by the revoke checklist) leads to that law's page
    assert [r.id for r in engine.search("64A1", 2)] == ["64", "commentaire:renonce-64"]


def test_typos_phrases_and_kinds(engine):
    # « renonse » is read as « renonce »: the checklist, the glossary entry and the page of Law 62 (« Correction d'une
    # renonce », with the register's summary of its provisions) are about it, the commentary next
    first = {r.id: r.kind for r in engine.search("renonse", 4)}
    assert first == {r.id: r.kind for r in engine.search("renonce", 4)}
    assert first["liste:renonce"] == "checklist" and first["62"] == "stub"
    assert first["commentaire:renonce-64"] == "commentary"
    assert engine.search("penalitée", 3)
    assert any("pénalis" in r.snippet.lower() for r in engine.search("penalitée", 3))
    phrase = engine.search('"carte exposée"', 50)
    assert phrase and all("carte exposée" in r.snippet.lower() or r.kind != "law" for r in phrase[:3])
    loose = engine.search("carte exposée", 50)
    assert len(loose) > len(phrase)
    assert not phrase.relaxed and not loose.relaxed


def test_a_quoted_phrase_found_nowhere_gives_the_results_of_its_words(engine):
    """A director quotes what a player said (« il a dit "pas grave on continue" »): no document has those words in
    a row, so the page shows the results of the same words, and says so, rather than « Aucun résultat »."""
    quoted = engine.search('l\'adversaire dit "pas grave on continue", il peut renoncer à la rectification ?', 5)
    words = engine.search("l'adversaire dit pas grave on continue, il peut renoncer à la rectification ?", 5)
    assert quoted.relaxed and [r.id for r in quoted] == nonempty([r.id for r in words])
    assert not engine.search('"la renonce consommée"', 5).relaxed


def browser_view(engine) -> dict:
    """What the browser can read of the site's search data (lois.features.search.shards) of a site engine, put back
    together: the parameters of index.json, and each family of shards as one dict (w: words, t: terms, f: forms by
    first letter and length, c: citations, d: documents), a term's raw postings scored as search.js scores them
    (index.scored, with index.json's ``bm25``); what the terms say of the documents they reach, as search.js reads it
    (titles: doc → what the title bonus reads, refs: doc → a gloss's provisions); kindsOf: each document's kind."""
    from lois.features.search.shards import FOLDER, INDEX, build_of, site_files

    files = site_files(engine)
    folder = FOLDER + build_of(files) + "/"
    data = json.loads(files[folder + INDEX])
    assert data["build"] == build_of(files) and all(p.startswith(folder) for p in files)
    for path, text in files.items():
        if path != folder + INDEX:
            part = json.loads(text)
            family = path[len(folder)]
            data.setdefault("w" if family == "m" else family, {}).update(zip(part["k"], part["v"], strict=True))
            if family == "m":
                data.setdefault("t", {}).update(zip(part["tk"], part["tv"], strict=True))
    data["titles"], data["refs"], data["phrasings"] = {}, {}, {}
    for v in data["t"].values():
        absolute_docs(v)
        v[0] = scored(v[0], data["count"], data["bm25"][3])
        titles, doc = v[4] if len(v) > 4 else [], 0
        for i in range(0, len(titles), 2):
            doc += titles[i]
            data["titles"][doc] = titles[i + 1]
        named, doc = v[6] if len(v) > 6 else [], 0
        for i in range(0, len(named), 3):  # [doc, phrasing, its words]: the phrasings of a page without text
            doc += named[i]
            data["phrasings"].setdefault(doc, {})[named[i + 1]] = named[i + 2]
        doc = 0
        for r in v[5] if len(v) > 5 else []:  # differences: each doc from the previous row's, each ref from the last
            doc += r[0]
            data["refs"][doc] = [doc + sum(r[1:i + 1]) for i in range(1, len(r))]
    data["kindsOf"] = [data["kinds"][k][0] for k, n in data["kindRuns"] for _ in range(n)]
    return data


def absolute_docs(term_data: list) -> list:
    """A term's postings and positions with their document numbers back from differences (shards.doc_deltas)."""
    for flat, width in ((term_data[0], lambda x, i: RAW_WIDTH), (term_data[1], lambda x, i: 3 + x[i + 2])):
        i, doc = 0, 0
        while i < len(flat):
            doc = flat[i] = doc + flat[i]
            i += width(flat, i)
    return term_data


def _score_from_browser_data(data, engine, plan):
    """The ranking computed only from the generated browser data (what search.js does), with the
    Python formula: BM25F sums from the postings, query words per document from the same postings, phrases and
    proximity from the positions, the title bonus from the positions and the words without a term."""
    import math

    from lois.features.search.query import proximity_share, rank_score

    def post_of(term):
        return data["t"][term][0] if term in data["t"] else []

    def where(term, doc, field) -> list[int]:
        x = data["t"][term][1] if term in data["t"] else []
        i = 0
        while i < len(x):
            if x[i] == doc and x[i + 1] == field:
                return x[i + 3:i + 3 + x[i + 2]]
            i += 3 + x[i + 2]
        return []

    def seq(doc, field) -> list[str | None]:  # the query's terms at their positions (the other terms change nothing)
        at = {p: t for g in plan.groups for t in g for p in where(t, doc, field)}
        return [at.get(p) for p in range(max(at, default=-1) + 1)]

    def cover(doc) -> float:
        info = data["titles"][doc] if isinstance(data["titles"][doc], list) else [data["titles"][doc]]
        terms = {t for g in plan.groups for t in g}
        n = sum(len(where(t, doc, 0)) for t in terms) + sum(w in plan.words for w in info[1:])
        return n / info[0] if info[0] else 0.0

    def named_by_phrasing(doc) -> bool:  # the query is word for word one of the phrasings of a page without text
        stride, by_k = data["textless"][2], {}
        if len(plan.groups) < 2:
            return False
        for gi, group in enumerate(plan.groups):
            for t in group:
                for p in where(t, doc, 2):
                    got = by_k.setdefault(p // stride, (set(), set()))
                    got[0].add(gi)
                    got[1].add(p)
        for k, (groups, at) in by_k.items():
            info = data["phrasings"].get(doc, {}).get(k, 0)
            info = info if isinstance(info, list) else [info]
            n = len(at) + sum(w in plan.words for w in info[1:])
            negs = set(data["negations"])
            if (info[0] and len(groups) == len(plan.groups) and n / info[0] >= 1 - 1e-9
                    and bool(negs & set(plan.words)) == bool(negs & set(info[1:]))):
                return True
        return False

    kinds = data["kindsOf"]
    totals: dict[int, float] = {}
    title_f, lent_by = data["fields"].index("title"), dict(data["borrowed"])  # borrowed field → its share
    heading_f = data["fields"].index("heading")
    affirmed = not set(data["negations"]) & set(plan.words)
    for term, w in plan.weights.items():
        post = post_of(term)
        contrary = {post[i] for i in range(0, len(post), 3)  # a title that says the term with a negation (« !term »)
                    if affirmed and post[i + 1] == title_f and isinstance(data["titles"].get(post[i]), list)
                    and "!" + term in data["titles"][post[i]][1:]}
        titled = {post[i] for i in range(0, len(post), 3)  # a provision's title word: not again in its heading
                  if post[i + 1] == title_f and kinds[post[i]] in data["provisionKinds"] and post[i] not in contrary}
        for i in range(0, len(post), 3):
            if (post[i + 1] != heading_f or post[i] not in titled) and (post[i + 1] != title_f
                                                                         or post[i] not in contrary):
                totals[post[i]] = totals.get(post[i], 0) + w * data["boosts"][post[i + 1]] * post[i + 2] / data["scale"]
    anywhere: dict[int, set] = {}
    own: dict[int, set] = {}  # the query words a document has in its own words (its situations and index aside)
    lent: dict[int, dict] = {}  # the share of each other query word's weight, by the best borrowed field that has it
    in_title: dict[int, set] = {}
    for gi, group in enumerate(plan.groups):
        for term in group:
            post = post_of(term)
            for i in range(0, len(post), 3):
                anywhere.setdefault(post[i], set()).add(gi)
                if post[i + 1] not in lent_by:
                    own.setdefault(post[i], set()).add(gi)
                else:
                    got = lent.setdefault(post[i], {})
                    share = lent_by[post[i + 1]]
                    if kinds[post[i]] in data["textless"][0]:  # a page without text: its index is its description
                        share = dict(data["textless"][1]).get(post[i + 1], share)
                    got[gi] = max(got.get(gi, 0.0), share)
                if post[i + 1] == title_f:
                    in_title.setdefault(post[i], set()).add(gi)
    ng = len(plan.groups)
    n_docs = data["count"]

    def idf(term):  # whoosh's idf, df counted from the generated postings
        post = post_of(term)
        df = len({post[i] for i in range(0, len(post), 3)})
        return math.log(n_docs / (df + 1)) + 1 if df else 0.0

    gw = [max((idf(t) for t in head), default=0.0) or max((idf(t) for t in group), default=0.0)
          for head, group in zip(plan.heads, plan.groups, strict=True)]
    out, matched_of, named, titled, found_of = {}, {}, set(), set(), {}
    for doc, base in totals.items():
        info = data["titles"].get(doc, 0)
        bare = set(info[1:]) if isinstance(info, list) else set()  # the title's words without a term: its negations
        title_all = (ng > 0 and len(in_title.get(doc, ())) == ng
                     and bool(set(data["negations"]) & set(plan.words)) == bool(set(data["negations"]) & bare))
        cov = cover(doc) if title_all else 0.0
        mine = own.get(doc, set())
        matched_of[doc] = sum(gw[g] for g in mine)  # a gloss gives way only to a provision covering it by its own words
        borrowed = sum(gw[g] for g in anywhere.get(doc, ()) if g not in mine)  # found only in borrowed words
        matched = matched_of[doc] + sum(gw[g] * lent[doc][g] for g in anywhere.get(doc, ()) if g not in mine)
        found_of[doc] = matched_of[doc] + borrowed
        if title_all:
            titled.add(doc)
        if title_all and cov >= 1 - 1e-9:
            named.add(doc)
        bonus, bonus_cov = title_all, cov
        if not title_all and kinds[doc] in data["textless"][0] and named_by_phrasing(doc):
            bonus, bonus_cov = True, data["textless"][4]
        out[doc] = data["kindWeights"][kinds[doc]] * rank_score(base, sum(gw), matched, bonus, bonus_cov)
    if ng > 1:  # proximity among the best data["rerank"], from the generated positions
        best = sorted(out, key=lambda d: (-round(out[d], 6), d))[:data["rerank"]]
        for d in best:
            share = proximity_share([seq(d, 0), seq(d, 1)], plan.groups)
            if kinds[d] in data["textless"][0]:  # a page without text: also in one of its index phrasings
                at, stride = seq(d, 2), data["textless"][2]  # the n-th phrasing from n × stride
                phrasings = [at[k:k + stride] for k in range(0, len(at), stride)]
                share = max(share, data["textless"][3] * proximity_share(phrasings, plan.groups))
            out[d] *= 1 + data["proximity"][1] * share
    refs = data["refs"]  # those of the documents the terms reach (as search.js reads them)
    scores = dict(out)
    for d, sc in scores.items():  # a gloss gives way to a provision it is about that covers the query as well
        if d not in refs or kinds[d] in plan.kinds or d in named:
            continue
        by = matched_of if d in titled else found_of  # its situations count, unless the query is in its title
        yield_to, cover_at, law_keep = data["glossYield"]  # (query.GLOSS_YIELD, GLOSS_COVER, LAW_KEEP)
        cover_at = 1.0 if d in titled else cover_at
        best = max((scores[r] for r in refs[d] if r in scores and by[r] >= cover_at * matched_of[d] - 1e-9),
                   default=0.0)
        if best and kinds[d] == "law" and d not in titled and sc > best * law_keep:
            continue  # a law's page that answers clearly better than any provision of it
        if best and sc > best * yield_to:
            out[d] = best * yield_to
    return out


def test_precomputed_scores_equal_whoosh(engine, site_engine, oracle):
    """The CLI and the browser rank from the same generated postings; those numbers are whoosh's BM25F scores of
    each term in each field of each document (rounded to 1/10000) as whoosh's own search gives them on an index
    of the documents, and the ranking computed from the browser's data alone with the Python formula gives the
    CLI's scores."""
    from whoosh import query as wq

    from lois.features.search.index import TEXT_FIELDS

    data = browser_view(site_engine)
    assert {t: v[0] for t, v in data["t"].items() if v[0]} == engine.postings
    assert data["bm25"][:3] == [K1, B, SOURCE] and len(data["bm25"][3]) == len(data["fields"])
    assert data["coordPower"] > 0 and data["titleBonus"] > 0
    checked = totalled = 0
    for case in load_set():
        plan = engine.plan(case["q"])
        for term in plan.weights:
            post = engine.postings.get(term, [])
            for field in TEXT_FIELDS:  # (« described »: whoosh's index field of some documents, index.field_of)
                given = {data["fields"].index(f) for f in (field, "described" if field == "index" else field)}
                ours = {post[i]: post[i + 2] / data["scale"] for i in range(0, len(post), 3) if post[i + 1] in given}
                hits = oracle.search(wq.Term(field, term), limit=None)
                theirs = {h.docnum: h.score for h in hits}
                assert ours.keys() == theirs.keys(), (term, field)
                for doc, sc in theirs.items():
                    assert abs(ours[doc] - sc) <= 1e-4 + 1e-6 * sc, (term, field, doc)
                    checked += 1
        if plan.phrases or not plan.weights:
            continue
        totals = _score_from_browser_data(data, engine, plan)
        for r in engine.search(case["q"], 5):
            if r.id not in plan.pins:
                assert abs(totals[engine.docnum[r.id]] - r.score) < 1e-9 * max(1, r.score), case["q"]
                totalled += 1
    assert checked > 1000 and totalled > 100, (checked, totalled)


def test_direct_postings_are_those_of_a_whoosh_index(engine, oracle):
    """No index is written, yet every posting (term, field, document, score) and every stored document is exactly
    what a whoosh index of the same documents holds: its lexicon, its quantised field lengths, its BM25F."""
    from search_oracle import index_postings

    expected = index_postings(oracle)
    assert engine.postings == expected
    assert list(engine.postings) == list(expected)  # the same order of terms, hence the same JSON
    assert engine.stored == list(oracle.all_stored_fields())
    from lois.features.search.analysis import analyze
    quantised = sum(oracle.doc_field_length(n, "body") != len(analyze(f["body"]))
                    for n, f in enumerate(engine.stored) if f["body"])
    assert quantised > 20  # whoosh keeps a long field's length approximately: the postings must do the same


def test_direct_postings_on_a_synthetic_corpus(tmp_path):
    """The same identity on a synthetic corpus ×2 (bench/synth.py): more documents, longer fields, other words."""
    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "bench"))
    from synth import make_corpus

    from lois.core.corpus import load_corpus
    from lois.features.search.documents import build_docs
    from lois.features.search.index import postings, stored_fields
    from search_oracle import Weighting, index_postings, write_index

    make_corpus(2, tmp_path / "corpus")
    docs = build_docs(load_corpus(tmp_path / "corpus"))
    ix = write_index(docs, tmp_path / "whoosh")
    with ix.searcher(weighting=Weighting()) as searcher:
        assert len(docs) > 300 and postings(docs) == index_postings(searcher)
        assert stored_fields(docs) == list(searcher.all_stored_fields())


def test_browser_data_as_when_read_from_a_whoosh_index(site_engine, oracle, corpus_dir):
    """The site's search data is byte for byte what it was when the build read a whoosh index back (stored
    fields, vocabulary of the stored documents, each term's frequency and each field's stored length, the fields'
    average lengths that whoosh's BM25F weighs them against)."""
    from types import SimpleNamespace

    from lois.features.search.documents import SearchDoc
    from lois.features.search.query import Vocabulary
    from lois.features.search.shards import site_files
    from search_oracle import index_raw

    stored = list(oracle.all_stored_fields())
    docs = [SearchDoc(f["id"], f["law"], f["kind"], f["label"], f["url"], f.get("title", ""), f.get("heading", ""),
                      f.get("body", ""), f.get("context", ""), f.get("refs", []), f.get("situations", ""),
                      f.get("sources", []), index=f.get("index", ""),
                      pid=ProvisionId.of(f["id"]) if f["kind"] in ("law", "stub") else None)
            for f in stored]  # the provision a document is, read back from its stored id
    raw, avgfl = index_raw(oracle)
    old = SimpleNamespace(stored=stored, raw=raw, avgfl=avgfl,
                          docnum={f["id"]: n for n, f in enumerate(stored)},
                          vocab=Vocabulary(**json.loads(json.dumps(
                              Vocabulary.from_docs(docs, load_lexicon(corpus_dir)).to_json()))))

    def dump(e):
        return json.dumps(site_files(e), ensure_ascii=False, separators=(",", ":"))

    assert dump(site_engine) == dump(old)


def test_coordination_and_title_rules(engine):
    """General ranking rules, checked on the real corpus: stop words and synonyms do not count as
    extra query words for coordination; a query that is a heading's exact text finds it (headings
    used by only one provision: all in the top 3, at least 90 % first)."""
    plan = engine.plan("réserver ses droits")
    assert len(plan.groups) == 2  # « ses » is a stop word: no group, no dilution
    plan = engine.plan("déclaration enchère annonce")
    assert len(plan.groups) == 1  # synonyms of one another: one query word for coordination
    from collections import Counter
    titles = Counter(f.get("title") for f in engine.stored if f.get("title"))
    unique = [f for f in engine.stored if f.get("title") and titles[f["title"]] == 1 and f["kind"] == "law"]
    assert len(unique) > 30
    first = sum(engine.search(f["title"], 1)[0].id == f["id"] for f in unique)
    top3 = sum(f["id"] in [r.id for r in engine.search(f["title"], 3)] for f in unique)
    assert top3 == len(unique)
    assert first >= 0.9 * len(unique), (first, len(unique))


def test_relevance_targets(engine):
    from lois.features.search.evaluate import score

    cases = load_set()
    assert len(cases) >= 80
    rep = score(cases, [[r.id for r in engine.search(c["q"], 10)] for c in cases])
    ids = set(engine.docnum)
    for c in cases:
        assert set(c["expect"]) <= ids, c  # every expectation names a real provision or commentary
    misses = [(r["q"], r["rank"]) for r in rep["rows"] if r["rank"] != 1]
    assert rep["hit3"] == 1.0 and rep["hit1"] >= 0.9, misses


def test_browser_data_is_small(site_engine):
    """The file every first query reads, and each shard, stay small (bench/bench_search_size.py measures queries)."""
    import gzip

    from lois.features.search.shards import FOLDER, INDEX, build_of, site_files

    data = site_files(site_engine)
    files = {p: len(gzip.compress(t.encode())) for p, t in data.items()}
    assert files[FOLDER + build_of(data) + "/" + INDEX] <= 10_000
    assert max(files.values()) <= 20_000 and len(files) > 10
    # nothing per document in index.json: the kinds as runs (documents come kind by kind), the rest in the shards
    from lois.features.search.documents import Kind
    index = json.loads(data[FOLDER + build_of(data) + "/" + INDEX])
    assert sum(n for _, n in index["kindRuns"]) == len(site_engine.stored) and len(index["kindRuns"]) <= len(Kind)
    assert len(index["docShards"]) == len(index["kindRuns"])
    assert not {"docKinds", "titles", "refs"} & set(index)


def test_guessed_stop_words_are_stop_words():
    """search.js does not fetch the shard of a few common words while index.json is on its way (HINT_STOP): each is
    a stop word of the analysis, so that no query word is left out by it."""
    import re

    from conftest import ROOT
    from lois.features.search.analysis import STOP_WORDS

    js = (ROOT / "site_src" / "assets" / "lois" / "search.js").read_text(encoding="utf-8")
    hint = " ".join(re.findall(r'"([a-z ]+)"', re.search(r"HINT_STOP = new Set\(\((.*?)\)\.split", js, re.S)[1]))
    assert len(hint.split()) > 20 and set(hint.split()) <= STOP_WORDS


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory) -> Path:
    """A cache folder holding the index of the real corpus, made by a first `lois cherche` (what a user's second run
    reads): for the tests of what the command prints; the tests of the cache itself (made, damaged, cleaned) start
    from their own folder."""
    folder = tmp_path_factory.mktemp("cache-cherche")
    res = lois("cherche", "--json", "revoke", env={"LOIS_CACHE": str(folder)})
    assert res.returncode == 0 and [p.suffix for p in (folder / "search").iterdir()] == [".marshal"], res.stderr
    return folder


def test_cli_json(tmp_path):
    res = lois("cherche", "--json", "--limite", "3", "carte pénalisée principale", env={"LOIS_CACHE": str(tmp_path)})
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert len(out) == 3 and out[0]["id"] == "50B2" and out[0]["url"] == "/lois/50/#B2"
    assert set(out[0]) >= {"id", "law", "title", "url", "score", "snippet"}
    assert out[0]["score"] >= out[1]["score"] >= out[2]["score"]
    assert [p.suffix for p in (tmp_path / "search").iterdir()] == [".marshal"]  # one cache file, no whoosh index


def engine_for_cli():
    from conftest import ROOT
    return SearchEngine(ROOT / "corpus")


def test_a_provision_found_by_the_index_shows_the_phrasing(engine):
    """A provision found by query words its own text lacks, that a phrasing of the site's index gives it
    (corpus/index.yaml), shows that phrasing (Result.phrase, « Index du site : « … » »): one of its own, holding
    such a word (as searched: « donne injouable » is read with the lexicon). Every first phrasing of the index,
    searched, is checked."""
    shown = 0
    for f in engine.stored:
        phrasings = (f.get("index") or "").split(" · ")
        if not f.get("index"):
            continue
        hit = next((r for r in engine.search(phrasings[0], 3) if r.id == f["id"]), None)
        if hit is None or not hit.phrase:
            continue
        own = set(analyze(" ".join(f.get(k) or "" for k in ("title", "heading", "body", "context"))))
        searched = {t for g in engine.plan(phrasings[0]).groups for t in g}  # the lexicon applied
        assert hit.phrase in phrasings, (phrasings[0], hit.phrase)
        assert set(analyze(hit.phrase)) & (searched - own), (phrasings[0], hit.phrase)
        shown += 1
    assert shown >= 30, shown


def test_cli_names_the_tool_and_the_situation(warm_cache):
    """`lois cherche` prints, under a provision found through a situation of the site, which one (« Situation
    semblable ») or through the site's index (« Index du site » : the phrasing with the words its text lacks), and the
    tool that comes with it (« Outil »), in text and in JSON; and the words it read as the Code's (« Lu aussi »)."""
    env = {"LOIS_CACHE": str(warm_cache)}
    res = lois("cherche", "--limite", "3", "il a hésité avant de passer", env=env)
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[2].startswith("1. Loi 16B1(a)")
    assert ("Situation semblable : Après une hésitation du partenaire  [Note]" in res.stdout
            or "Situation semblable : Réveil après une hésitation du partenaire  [Exemple]" in res.stdout)
    assert "Outil : Une hésitation, une remarque ou une information non autorisée  [Que faire si…]" in res.stdout
    out = json.loads(lois("cherche", "--json", "--limite", "3", "il a hésité avant de passer", env=env).stdout)
    assert out[0]["tool"]["id"] == "situation:hesitation"
    assert out[0]["why"]["id"] in ("note:hesitation-16b1", "exemple:16-hesitation-reveil")  # the best-ranked of them
    # the phrasing of the site's index that has the query's words the Code's text lacks: text and JSON alike
    q, phrase = next((q, r.phrase) for f in engine_for_cli().stored for q in (f.get("index") or "").split(" · ")
                     for r in engine_for_cli().search(q, 3)[:1] if r.phrase)
    assert f"Index du site : « {phrase} »" in lois("cherche", "--limite", "3", q, env=env).stdout
    assert json.loads(lois("cherche", "--json", "--limite", "3", q, env=env).stdout)[0]["phrase"] == phrase
    res = lois("cherche", "--limite", "1", "mon adversaire a fait une enchère trop basse", env=env)
    assert res.stdout.splitlines()[1] == "Lu aussi : « trop basse » comme « insuffisante ».", res.stdout
    # what the lexicon keeps of the typed words to search them is not said again; a reading adding nothing is not
    # said at all
    res = lois("cherche", "--limite", "1", "deux cartes jouées simultanément", env=env)
    assert res.stdout.splitlines()[1] == "Lu aussi : « simultanément » comme « en même temps ».", res.stdout
    res = lois("cherche", "--limite", "1", "ouverture hors tour", env=env)
    assert res.stdout.splitlines()[1] == "Lu aussi : « ouverture » comme « enchère ».", res.stdout
    res = lois("cherche", "--limite", "1", "hesitation du partenaire", env=env)
    assert "Lu aussi" not in res.stdout and res.stdout.startswith("1 résultat"), res.stdout
    res = lois("cherche", "--limite", "2", 'il a dit "pas grave on continue"', env=env)
    assert res.stdout.startswith("Aucun document ne contient l'expression exacte entre guillemets : 2 résultats "
                                 "pour « il a dit \"pas grave on continue\" », avec ses mots :"), res.stdout


def test_cli_human_and_bad_input(warm_cache):
    env = {"LOIS_CACHE": str(warm_cache)}
    res = lois("cherche", "renonce", env=env)
    assert res.returncode == 0 and "[renonce]" in res.stdout.lower() and "commentaire" in res.stdout
    for q in nonempty([q for q in BAD_INPUTS if q.strip()]):  # an empty query: tests/test_unseen_attacks.py
        res = lois("cherche", "--json", q, env=env)
        assert res.returncode == 0, (q[:30], res.stderr)
        assert "Traceback" not in res.stderr
        json.loads(res.stdout)
        res = lois("cherche", q, env=env)
        assert res.returncode == 0 and "Traceback" not in res.stderr
    res = lois("cherche", "--limite", "zéro", "renonce", env=env)
    assert res.returncode == 1 and "--limite" in res.stderr and "Traceback" not in res.stderr


def test_index_rebuilt_when_corpus_changes(tmp_path, corpus_dir):
    import shutil
    corpus = tmp_path / "corpus"
    shutil.copytree(corpus_dir / "lois", corpus / "lois")
    shutil.copy(corpus_dir / "edition.yaml", corpus)  # the sections a partial source leaves out (Loi 27C)
    shutil.copytree(corpus_dir / "commentaires", corpus / "commentaires")
    # the register the remarks beside a commentary rest on (Laws 61 to 64 in the revoke guide)
    shutil.copy(corpus_dir / "lois-absentes.yaml", corpus)
    env = {"LOIS_CACHE": str(tmp_path / "cache")}
    assert json.loads(lois("--corpus", str(corpus), "cherche", "--json", "zygomorphe", env=env).stdout) == []
    f = corpus / "lois" / "10.md"
    f.write_text(f.read_text(encoding="utf-8") + "\nLe zygomorphe est un mot ajouté.\n", encoding="utf-8")
    out = json.loads(lois("--corpus", str(corpus), "cherche", "--json", "zygomorphe", env=env).stdout)
    assert out and out[0]["law"] == 10


def test_relevance_set_speaks_like_directors(engine):
    """At least a third of the set is answered outside the law text, a tenth is English or an abbreviation
    (read through corpus/lexique.yaml), and every kind of document is the expected answer somewhere."""
    from lois.features.search.query import apply_rewrites

    cases = load_set()
    outside = [c for c in cases if not any(engine.stored[engine.docnum[e]]["kind"] in ("law", "stub")
                                           for e in c["expect"])]
    assert len(outside) >= len(cases) / 3, len(outside)
    lexicon = [c for c in cases
               if any(rw[2] for rw in engine.vocab.rewrites
                      if apply_rewrites(c["q"].split(), [rw])[0] != c["q"].split())]
    assert len(lexicon) >= len(cases) / 10, [c["q"] for c in lexicon]
    expected_kinds = {engine.stored[engine.docnum[e]]["kind"] for c in cases for e in c["expect"]}
    assert expected_kinds >= {"law", "commentary", "note", "checklist", "example", "glossary", "situation", "stub"}


def test_every_kind_is_indexed_with_its_page(engine, built_site):
    """Each document links to a page of the built site (and its anchor), whatever its kind."""
    from html.parser import HTMLParser

    class Ids(HTMLParser):
        def __init__(self):
            super().__init__()
            self.ids = set()

        def handle_starttag(self, tag, attrs):
            self.ids.update(v for k, v in attrs if k == "id" and v)

    pages: dict[str, set] = {}
    kinds = set()
    for f in engine.stored:
        kinds.add(f["kind"])
        path, _, anchor = f["url"].partition("#")
        page = built_site / path.strip("/") / "index.html"
        assert page.is_file(), f["url"]
        if anchor:
            if path not in pages:
                p = Ids()
                p.feed(page.read_text(encoding="utf-8"))
                pages[path] = p.ids
            assert anchor in pages[path], f["url"]
    assert kinds == {"law", "commentary", "note", "checklist", "example", "glossary", "situation", "stub", "tool"}


@pytest.mark.parametrize("text, message", [
    ("synonyms: []\nterms: []\n", "champ « kinds » manquant"),
    ("synonyms: [[a, b]]\nterms:\n  - {words: [revoke], mean: renonce}\nkinds: {}\n", "champ inconnu « mean »"),
    ("synonyms: [[carte exposée, x]]\nterms: []\nkinds: {}\n", "un seul mot attendu"),
    ("synonyms: []\nterms:\n  - {words: [UI], means: a}\n  - {words: [ui], means: b}\nkinds: {}\n", "figure déjà"),
    ("synonyms: []\nterms: []\nkinds: {checklists: [liste]}\n", "champ inconnu « checklists »"),
    ("synonyms: []\nterms: []\nkinds: {}\nstems:\n  - {words: [appeler, appelle], reason: r}\n"
     "  - {words: [appelle], reason: s}\n", "figure déjà dans les radicaux"),
    ("synonyms: [\nterms: []\n", "YAML invalide"),
])
def test_bad_lexicon_is_refused_in_french_with_file_and_line(tmp_path, corpus_dir, text, message):
    import shutil
    corpus = tmp_path / "corpus"
    shutil.copytree(corpus_dir, corpus, ignore=shutil.ignore_patterns("sources"))
    (corpus / "lexique.yaml").write_text("# lexique cassé\n" + text, encoding="utf-8")
    res = lois("--corpus", str(corpus), "cherche", "renonce", env={"LOIS_CACHE": str(tmp_path / "cache")})
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr
    assert message in res.stderr and "lexique.yaml, ligne " in res.stderr, res.stderr
    line = int(res.stderr.split("ligne ")[1].split()[0].rstrip(":"))
    assert 2 <= line <= text.count("\n") + 2, res.stderr  # a line of the file (or its end), not always the first


def _damage(index: Path, damage: str) -> None:
    from lois.features.search.index import pack, unpack

    raw = index.read_bytes()
    data, base = unpack(raw)
    records = raw[base:]
    if damage == "truncated":
        index.write_bytes(raw[: len(raw) // 2])
    elif damage == "records_truncated":  # the header whole, the last records cut off
        index.write_bytes(raw[: base + len(records) // 2])
    elif damage == "binary":
        index.write_bytes(b"\xff\xfe\x00garbage" * 10)
    elif damage == "empty":
        index.write_bytes(b"")
    else:
        if damage == "vocabulary":
            del data["vocabulary"]["surfaces"]
        elif damage == "postings":
            data["postings"] = {"renonc": [3]}  # another format
        elif damage == "documents":
            data["spans"] = [["64", 64, "law"]] * len(data["spans"])  # another format
        elif damage == "foreign":
            data["key"] = "0123456789abcdefghij"  # an index made for another corpus, copied here
        elif damage == "no_docs":
            data["ids"], data["postings"], data["spans"], records = [], {}, [0], b""
        index.write_bytes(pack(data, records))


@pytest.mark.parametrize("damage", ["truncated", "records_truncated", "binary", "empty", "vocabulary", "postings",
                                    "documents", "foreign", "no_docs"])
def test_damaged_or_foreign_index_cache_is_rebuilt(tmp_path, damage, warm_cache):
    """A damaged, foreign or other version's cached index is ignored and rebuilt, with a one-line notice;
    `lois cherche` answers as if nothing had happened."""
    import shutil

    shutil.copytree(warm_cache / "search", tmp_path / "search")  # the index a first run made
    env = {"LOIS_CACHE": str(tmp_path)}
    good = json.loads(lois("cherche", "--json", "revoke", env=env).stdout)
    assert good
    # the index, and the stat data of its last CRC check (index.CRC_SEEN) if a test before this one read it late enough:
    # not the index
    [index] = [p for p in (tmp_path / "search").iterdir() if p.suffix != ".crc"]
    assert index.suffix == ".marshal"
    _damage(index, damage)
    res = lois("cherche", "--json", "revoke", env=env)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    assert json.loads(res.stdout) == good
    notice = [line for line in res.stderr.splitlines() if line.strip()]
    assert len(notice) == 1 and "reconstruit" in notice[0] and index.name in notice[0], res.stderr
    again = lois("cherche", "--json", "revoke", env=env)
    assert again.stderr.strip() == "" and json.loads(again.stdout) == good  # healed: no notice the next time


def test_cache_keeps_only_the_current_index(tmp_path):
    """Indexes of older corpora and the whoosh folders older versions wrote are removed when the index is made;
    nothing else than the one cache file is written."""
    search = tmp_path / "search"
    (search / "0123456789abcdefghij").mkdir(parents=True)  # a whoosh index folder of an older version
    (search / "0123456789abcdefghij" / "MAIN_1.toc").write_bytes(b"x")
    (search / "abcdefghij0123456789.json").write_text("{}", encoding="utf-8")  # another corpus's
    res = lois("cherche", "--json", "revoke", env={"LOIS_CACHE": str(tmp_path)})
    assert res.returncode == 0 and res.stderr.strip() == "", res.stderr
    [index] = search.iterdir()
    assert index.suffix == ".marshal" and index.stem != "abcdefghij0123456789"


def test_cli_kinds_filter_and_json_fields(warm_cache):
    env = {"LOIS_CACHE": str(warm_cache)}
    out = json.loads(lois("cherche", "--json", "--genre", "note,Liste d'arbitrage", "renonce", env=env).stdout)
    assert out and {r["kind"] for r in out} <= {"note", "checklist"} and len({r["kind"] for r in out}) == 2
    assert all(set(r) == {"id", "kind", "law", "title", "url", "score", "snippet"} for r in out)
    res = lois("cherche", "--genre", "recette", "renonce", env=env)
    assert res.returncode == 1 and "--genre" in res.stderr and "Traceback" not in res.stderr


def test_every_lexicon_expression_leads_somewhere(engine, corpus_dir):
    """Each word or sigle of corpus/lexique.yaml, typed alone, finds at least one document, and the first result
    contains one of the Code's words it stands for (a lexicon entry pointing at words the site does not use would
    silently find nothing; on the page of an absent law, the words of its register's summary, which the page shows
    and the search reads as its context; the phrasing of the site's index that the result shows, « Index du site :
    … », for words its text lacks), or a word of the lexicon's synonyms of them (« a ouvert » → 31B, « Quand
    le joueur fautif a déclaré … », found by the index's « ouvrir avant le partenaire donneur »)."""
    lexicon = load_lexicon(corpus_dir)
    synonyms = synonym_map(lexicon.synonyms, lexicon.stems)  # searched as the same word: « déclaré » for « enchéri »
    kinds = {rw.words for rw in lexicon.rewrites if rw.kind}  # typed alone (first), « notes » names its kind
    checked = 0
    for rw in lexicon.rewrites:
        if rw.kind or rw.words in kinds:
            continue
        typed = " ".join(rw.words)  # (an exact-case entry's words as they must be typed: « LHO », « declarer »)
        results = engine.search(typed, 3)
        assert results, typed
        wanted = {analyze_word(w) for w in rw.means.split()} - {None}
        wanted |= {s for t in wanted for s in synonyms.get(t, ())}
        first = engine.stored[engine.docnum[results[0].id]]
        shown = " ".join((results[0].title, results[0].snippet, first.get("context") or "", results[0].phrase))
        assert wanted & set(analyze(shown)), (typed, results[0].id)
        checked += 1
    assert checked >= 40


def test_site_build_writes_no_index(model, tmp_path, monkeypatch):
    """The site's search data is computed from the documents: nothing is written to the cache folder, and it is the
    command line's data (same documents, same postings)."""
    from lois.features.search.site import DATA_DIR, contribute
    from lois.render.site import SiteBuild

    monkeypatch.setenv("LOIS_CACHE", str(tmp_path))
    site = SiteBuild(model)
    contribute(site)
    assert list(tmp_path.iterdir()) == []
    shards: dict[str, dict] = {}
    folder = DATA_DIR + site.build_id + "/"
    for path, f in site.files.items():
        if path.startswith(folder) and path != folder + "index.json":
            data = json.loads(f.content)
            shards.setdefault(path[len(folder)], {}).update(zip(data.get("tk", data["k"]), data.get("tv", data["v"]),
                                                                strict=True))
    cli, index = SearchEngine(model.root), json.loads(site.files[folder + "index.json"].content)
    assert {t: scored(absolute_docs(v)[0], index["count"], index["bm25"][3])  # m: words, terms (raw postings,
            for t, v in shards["m"].items() if v[0]} == cli.postings          # scored as search.js does)
    assert [shards["d"][n][0] for n in range(len(shards["d"]))] == list(cli.docnum)
    assert [p.suffix for p in (tmp_path / "search").iterdir()] == [".marshal"]  # the command line's cache


def test_directors_set_levels(engine):
    """The directors' set (tests/search_directors.yaml, kept apart from the relevance set): paraphrases, table
    situations, typos and the site's tools. Every expectation names a real document; the levels reached when the
    ranking was tuned (on the « tune » third only) hold, on the whole set and on the held-out rest."""
    from lois.features.search.evaluate import score, split

    cases = load_set(Path(__file__).parent / "search_directors.yaml")
    assert len(cases) >= 60
    assert all(set(c["expect"]) <= set(engine.docnum) for c in cases)
    rep = score(cases, [[r.id for r in engine.search(c["q"], 10)] for c in cases])
    parts = split(cases, rep)
    assert rep["hit1"] >= 0.70 and rep["hit3"] >= 0.85, rep["hit1"]
    assert parts["réservé"]["hit1"] >= 0.70 and parts["réservé"]["n"] >= 40


def test_situations_set_levels(engine):
    """The table situations told in everyday French (tests/search_situations.yaml, issue 35: written before the
    ranking was changed; half kept out of tuning). Every expectation names a real document; the held-out half stays
    at the level measured when the clauses of the site that cite a provision became evidence for it and the lexicon
    learnt the table's French (floors just under: hit@1 54.5 %, hit@3 77.3 %, MRR 0.675, tool in the first three
    80 %; before: 52.3 %, 72.7 %, 0.648, 80 %; before the situations were evidence: 22.7 %, 38.6 %, 0.364, 40 %).
    Tool in the first three: 95 % since each law's first result carries the tool most about its law (85 % when the
    first result that had a tool carried its best-ranked one; floor 88 %)."""
    from lois.features.search.evaluate import first_three, score, split

    cases = load_set(Path(__file__).parent / "search_situations.yaml")
    tuned = [c for c in cases if c.get("tune")]
    assert len(cases) >= 80 and abs(2 * len(tuned) - len(cases)) <= 2
    assert all(set(c["expect"]) | set(c.get("tools") or ()) <= set(engine.docnum) for c in cases)
    results = [engine.search(c["q"], 10) for c in cases]
    rep = score(cases, [[r.id for r in res] for res in results], [first_three(res) for res in results])
    held = split(cases, rep)["réservé"]
    assert held["hit1"] >= 0.52 and held["hit3"] >= 0.75 and held["mrr"] >= 0.66, held
    assert held["tool3"] >= 0.88, held
    assert rep["hit1"] >= 0.58 and rep["hit3"] >= 0.76, rep


def test_clauses_that_cite_a_provision_are_its_situations(engine, model):
    """Every clause of the site's own text that cites a provision (a « Que faire si… » description, a note, the
    ruling of an example or of a checklist, a question's help) is read as words of that provision
    (lois.core.searchdoc.cited_clauses), cut after each citation that words separate from the next: the words before
    a citation are what it rules. Each document counts once for each word it gives a provision."""
    from lois.core.searchdoc import cited_clauses

    ruling = ("Est-Ouest pouvaient réserver leurs droits au moment de l'hésitation (Loi 16B2) et ont bien fait "
              "d'appeler l'arbitre à la fin du jeu (Loi 16B3). Faite hors tour, elle relève de la Loi 31 (Loi 27A2). "
              "Rien ici ne cite de loi.")
    assert [(e.text, tuple(map(str, e.targets))) for e in cited_clauses(ruling, model, 16)] == [
        ("Est-Ouest pouvaient réserver leurs droits au moment de l'hésitation (Loi 16B2)", ("16B2",)),
        ("et ont bien fait d'appeler l'arbitre à la fin du jeu (Loi 16B3).", ("16B3",)),
        ("Faite hors tour, elle relève de la Loi 31 (Loi 27A2).", ("31", "27A2"))]
    f = engine.stored[engine.docnum["27A2"]]
    assert {"Faite", "relève"} <= set(f["situations"].split()) and "situation:enchere-insuffisante" in f["sources"]
    # a glossary term gives its words, not its definition (« couleur demandée »), to the provisions it names
    assert "glossaire:renonce" in engine.stored[engine.docnum["62"]]["sources"]
    assert "demandée" not in engine.stored[engine.docnum["62"]]["situations"]
    # « arbitre », in many clauses of the hesitation checklist that cite 16B2, counts once per document
    f = engine.stored[engine.docnum["16B2"]]
    assert 0 < f["situations"].split().count("l'arbitre") <= len(f["sources"])


def test_lexicon_thesaurus_of_the_table(engine, corpus_dir):
    """corpus/lexique.yaml is written for the whole Code: an entry whose Code words the corpus does not use (a law it
    does not hold yet) is left out of the query plan, so that the typed words are still searched; every other entry
    is applied. The table's French reaches the Code's words: what a player still held (« il en avait encore un »)
    is a revoke, a sigh is a mannerism (Loi 16B1(a)), « LHO » is the left-hand opponent."""
    from lois.features.search.query import used

    lexicon = load_lexicon(corpus_dir)
    folded = engine.vocab.folded
    applied = {tuple(r[0]) for r in engine.vocab.rewrites}
    assert all((r.words in applied) == used(r.means, folded) for r in lexicon.rewrites if not r.kind)
    assert not used("renonce zygomorphe", folded) and used("renonce", folded)  # every word of « means »
    plan = engine.plan("il en avait encore un de trèfle")
    assert "renonc" in plan.weights
    assert engine.plan("mon partenaire a soupiré").weights.get("manier")
    assert engine.search("mon partenaire a soupiré avant de passer", 1)[0].id == "16B1(a)"
    assert {"adversair", "gauch"} <= set(engine.plan("LHO a passé").weights)
    assert not engine.plan("bon, il a passé, svp").weights.keys() - {"pass"}  # the table's fillers are stop words


def test_the_tricks_given_back_after_a_revoke_are_the_transfer_of_law_64(engine):
    """« Combien on leur rend », « combien de levées », « combien on récupère » after a revoke is the transfer of tricks
    (Loi 64A, corpus/lexique.yaml) — not the correction of a revoke (Loi 62), whose title has « renonce » too;
    « rendre » alone stays a word of its own (« on leur rend leur score », « l'arbitre a rendu sa décision »)."""
    assert "transfer" in engine.plan("on leur rend combien de levées").weights
    assert engine.search("il a défaussé un coeur alors qu'il en avait, la renonce est consommée : on leur rend "
                         "combien ?", 1)[0].id == "64"
    assert engine.search("renonce consommée en défense, combien de levées on donne au déclarant ?", 1)[0].id == "64"
    assert "transfer" not in engine.plan("on leur rend leur score quand même ?").weights
    assert "transfer" not in engine.plan("l'arbitre a rendu sa décision").weights


def test_a_negation_keeps_a_query_from_naming_a_title_without_it(engine):
    """« non », « pas », « ni » are stop words, but a title that says one and a query that does not (or the reverse)
    do not match: « renonce non consommée » does not name the glossary entry « Renonce consommée »."""
    assert engine.search("renonce consommée", 1)[0].id == "glossaire:renonce-consommee"
    assert engine.search("renonce non consommée", 1)[0].id != "glossaire:renonce-consommee"
    assert engine.search("camp fautif", 1)[0].id == "glossaire:camp-fautif"  # not « camp non fautif »


def test_calling_the_director_is_not_an_appeal(engine, corpus_dir):
    """The forms of « appeler » have a term of their own (corpus/lexique.yaml, ``stems``), which the stemmer would
    merge with « appel »: « faire appel » of a ruling reaches the page of Law 92 (Droit d'appel), no longer drowned
    among the provisions that call the director; those are still found by « appeler l'arbitre »."""
    from lois.features.search.analysis import term_of

    stems = load_lexicon(corpus_dir).stems
    assert term_of("appelle", stems) == term_of("Appelé", stems) == term_of("appeler", stems) != term_of("appel", stems)
    assert term_of("appel", stems) == analyze_word("appel") == analyze_word("appeler")  # the stemmer alone merges them
    assert "92" in [r.id for r in engine.search("faire appel de la décision de l'arbitre", 2)]
    assert engine.search("appeler l'arbitre", 1)[0].id == "9B1(a)"


def test_waiving_a_rectification_is_not_a_revoke(engine, corpus_dir):
    """« renoncer à une rectification » (81C5: the director may waive it) has a term of its own (corpus/lexique.yaml,
    ``stems``): with the stem of « renonce » (a revoke), the short summary of 81C5, which holds « arbitre » too, came
    first for « arbitre une renonce ». The conjugated forms (« il a renoncé ») stay with the revoke."""
    from lois.features.search.analysis import term_of

    stems = load_lexicon(corpus_dir).stems
    assert term_of("renoncer", stems) != term_of("renonce", stems) == term_of("renoncé", stems)
    for q in ("arbitre une renonce", "renonce", "le déclarant a renoncé"):
        assert not any(r.law == 81 for r in engine.search(q, 3)), q
    assert "81C5" in [r.id for r in engine.search("l'arbitre peut-il renoncer à la rectification ?", 3)]


def test_declarer_is_not_a_call(engine, corpus_dir):
    """« déclarant » (the player who plays the contract) has a term of its own (corpus/lexique.yaml, ``stems``): the
    stemmer gives it the stem of « déclaration » (a call), and with it the synonyms of a call (annonce, enchère). A card
    the declarer drops is Law 48, not the card exposed during the auction (Law 24); a call still brings its synonyms."""
    from lois.features.search.analysis import term_of

    stems = load_lexicon(corpus_dir).stems
    assert analyze_word("déclarant") == analyze_word("déclaration")  # the stemmer alone merges them
    assert term_of("déclarants", stems) == term_of("Déclarant", stems) != term_of("déclaration", stems)
    assert engine.plan("déclarant").groups == [[term_of("déclarant", stems)]]
    assert analyze_word("enchère") in engine.plan("déclaration").groups[0]
    # … nor is « déclarer » (to call) the English « declarer », which the lexicon reads as typed (exact_case)
    assert engine.plan("the declarer").readings == [["declarer", "déclarant"]]
    assert engine.plan("c'est à qui de déclarer").readings == []
    top = [r.id for r in engine.search("le déclarant a fait tomber une carte", 3)]
    assert top[0] == "48" and "24" not in top, top


@pytest.mark.parametrize("name", ["search_situations_blind2.yaml", "search_situations_blind3.yaml",
                                  "search_situations_blind4.yaml", "search_situations_blind5.yaml",
                                  "search_situations_blind6.yaml", "search_situations_blind7.yaml",
                                  "search_situations_blind8.yaml", "search_situations_blind9.yaml",
                                  "search_situations_blind10.yaml", "search_situations_blind11.yaml"])
def test_blind_situations_set_is_well_formed(engine, name):
    """The situations written blind (tests/search_situations_blind2.yaml to blind11.yaml, issue 35: by
    someone who read neither the lexicon, nor the search code, nor the other sets' queries) are all marked held out
    (« tune: false ») — each is the held-out set of the session it was written for (blind11 of session 12) and a
    development set after, its entries unchanged; no level is asserted here — and every expectation and tool names a
    real document of the search."""
    from lois.features.search.evaluate import score, split

    cases = load_set(Path(__file__).parent / name)
    assert len(cases) >= 90 and all(c.get("tune") is False for c in cases)
    assert all(set(c["expect"]) | set(c.get("tools") or ()) <= set(engine.docnum) for c in cases)
    rep = score(cases, [[r.id for r in engine.search(c["q"], 10)] for c in cases])
    assert rep["n"] == len(cases) and split(cases, rep) is None  # no tuning half to report apart


def test_blind_development_set_levels(engine):
    """The situations written blind (tests/search_situations_blind.yaml, issue 35: by someone who read neither the
    lexicon, nor the search code, nor the other sets' queries) served for tuning from 2026-11-27 (all « tune: true »,
    a development set: the second blind set measures generalisation); every expectation and tool names a real
    document of the search, and the levels reached by the failure classes fixed then hold (34.7 % / 54.2 % / 0.463,
    tool 71.2 % before; tool 83.7 % → 97.1 % when each law's first result carried the tool most about its law)."""
    from lois.features.search.evaluate import first_three, score, split

    cases = load_set(Path(__file__).parent / "search_situations_blind.yaml")
    assert len(cases) >= 90 and all(c.get("tune") is True for c in cases)
    assert all(set(c["expect"]) | set(c.get("tools") or ()) <= set(engine.docnum) for c in cases)
    results = [engine.search(c["q"], 10) for c in cases]
    rep = score(cases, [[r.id for r in res] for res in results], [first_three(res) for res in results])
    assert rep["n"] == len(cases) and split(cases, rep) is None  # one part: all tuned
    assert rep["hit1"] >= 0.40 and rep["hit3"] >= 0.68 and rep["mrr"] >= 0.56 and rep["tool3"] >= 0.90, rep


def test_register_words_find_the_page_of_an_absent_law(engine):
    """The register of absent laws (corpus/lois-absentes.yaml) gives its summary's words to the page of the provision
    or of its nearest enclosing one (43A2 → Loi 43), as context, never as its text: the result's extract is cut from
    that summary, and its title says whose words they are (« — résumé du site »); a page without text that the
    register does not summarise says « Texte non encore inclus »; a gloss about a provision without a page of its
    own gives way to the page that holds it (its refs read as that page)."""
    f = engine.stored[engine.docnum["43"]]
    assert "quitter sa place pour regarder le jeu du déclarant" in f["context"] and not f.get("body")
    r = engine.search("le mort s'est levé pour regarder le jeu du declarant", 3)
    assert r[0].id == "43" and r[0].title.endswith("(texte non inclus) — résumé du site")
    assert "quitter sa place pour regarder le jeu du déclarant" in r[0].snippet
    bare = next(d for d in engine.stored if d["kind"] == "stub" and not d.get("context") and not d.get("title"))
    assert engine.search(f"Loi {bare['id']}", 1)[0].snippet == "Texte non encore inclus dans ce site."
    assert engine.stored[engine.docnum["exemple:64-renonce-une-levee"]]["refs"][0] == "64"  # 64A1
    assert [x.id for x in engine.search("il a contré alors que c'était pas à lui", 1)] == ["32"]


def test_a_situation_told_in_the_words_of_the_index_finds_its_provision(engine):
    """The site's index analytique (corpus/index.yaml) gives its everyday phrasings to the provision they point to, in
    a field of its own, never shown: a situation told only in words that no text of the site uses finds the provision
    the index points it to (a paragraph of a law the site holds; the row of a law it does not hold), and the result
    shows the Code's text (or « texte non inclus »), not the index."""
    from lois.features.search.analysis import TOKEN_RE
    from lois.features.search.documents import STUB_TEXT

    def terms(text):
        return {analyze_word(w) for w in TOKEN_RE.findall(text or "")}

    for query, word, provision in (("faire un sondage", "sondage", "16B1(b)"), ("jury d'appel", "jury", "93")):
        f = engine.stored[engine.docnum[provision]]
        assert word in f["index"]
        assert all(analyze_word(word) not in terms(d.get(k)) for d in engine.stored
                   for k in ("title", "heading", "body", "context", "situations")), word  # the index's word alone
        first = engine.search(query, 3)[0]
        assert first.id == provision, query
        shown = first.snippet.strip("… ")
        assert word not in first.snippet and (shown in f.get("body", "") or shown == STUB_TEXT), first.snippet


def test_a_sub_point_borrows_the_words_of_its_lead_in(engine):
    """A sub-point inherits the text of the paragraph that introduces it as borrowed words (its situations, which
    count for less in the coverage), not as its own: the lead-in that has the query's words in its own text comes
    before the sub-point that only inherits them (30B1 before 30B1(b)(ii), whose own text says « doit passer »)."""
    f = engine.stored[engine.docnum["30B1(b)(ii)"]]
    lead = engine.stored[engine.docnum["30B1"]]["body"]
    assert f["situations"].startswith(lead) and not f.get("context")
    assert [r.id for r in engine.search("mon partenaire a passé à ma place", 2)] == ["30B1", "30B1(b)(ii)"]


def test_situations_are_evidence_for_the_provisions_they_cite(engine):
    """A checklist's validated case is read as words of the provisions its ruling cites (documents.attach_evidence):
    27A1 holds the facts of the case « L'adversaire de gauche accepte », and names the checklist among its sources;
    a provision absent from the corpus gets the words of the situations that cite it (64A1 → the page of Law 64)."""
    f = engine.stored[engine.docnum["27A1"]]
    assert {"Ouest", "dit", "accepte"} <= set(f["situations"].split())
    assert "liste:enchere-insuffisante" in f["sources"] and "situation:enchere-insuffisante" in f["sources"]
    assert engine.stored[engine.docnum["64"]]["situations"]
    assert not engine.stored[engine.docnum["liste:renonce"]].get("situations")  # glosses keep their own words
    r = engine.search("l'adversaire de gauche peut-il laisser passer une enchère trop faible", 3)
    assert r[0].id == "27A1" and r[0].tool and r[0].tool["id"] in ("liste:enchere-insuffisante",
                                                                  "situation:enchere-insuffisante")


def test_tools_are_found_by_what_they_do(engine):
    """Calculators, ruling sheets, offline copy and club pages answer the words of what they do."""
    for q, tool in (("calculer une marque ajustée", "outil:marque-ajustee"), ("fiche d'arbitrage", "outil:fiches"),
                    ("consulter sans réseau", "outil:hors-ligne"), ("télécharger le code", "outil:hors-ligne"),
                    ("lien vers une loi depuis le site du club", "outil:clubs")):
        assert tool in [r.id for r in engine.search(q, 3)], q


def test_the_calculator_comes_with_what_it_computes(engine):
    """The calculator computes the adjusted scores of 12C1(c), 12C2 (and its points), 12C3, 12C4: it comes with them
    as their tool, but gives them no words and is never the « Situation semblable » (it tells no situation)."""
    computed = [f["id"] for f in engine.stored if "outil:marque-ajustee" in (f.get("sources") or ())]
    assert {"12C1(c)", "12C2", "12C2(a)", "12C3", "12C4"} <= set(computed) and "12A2" not in computed
    first = engine.search("score pondéré moitié 4 pique fait moitié chuté", 3)[0]
    assert first.id == "12C1(c)" and first.tool["id"] == "outil:marque-ajustee"
    assert not any(r.why and r.why["kind"] == "tool" for q in ("marque ajustee en IMP", "match KO marques qui ne se "
                   "compensent pas") for r in engine.search(q, 10))


def test_each_candidate_situation_comes_with_the_tool_of_its_law(engine):
    """The tool of a provision is the one most about its law (documents.choose_tools): liste:information-autres-sources
    cites 12C2(c) in one case, but the tool of 12C2(c) is about Law 12. Among the first three results, each result
    that a tool rules carries it, each tool once: a first result of the wrong law does not take the tool of the right
    one away, and two provisions of one law ruled by two tools show both; a provision whose tool is shown above it
    shows the next one that rules it. A commentary comes with the tool of its law. A provision that no tool cites
    takes that of the nearest section around it (12B2, rectifying a too severe penalty: the « Que faire si… » entry or
    the calculator of adjusted scores, which cite other provisions of Law 12)."""
    assert not any(engine.stored[engine.docnum[t]]["kind"] in TOOL_KINDS
                   for t in engine.stored[engine.docnum["12B2"]].get("sources") or ())
    first = engine.search("la règle est trop sévère pour eux, je peux adoucir la sanction ?", 3)[0]
    assert first.id == "12B2" and first.tool["id"] in ("situation:marque-ajustee", "outil:marque-ajustee")
    f = engine.stored[engine.docnum["12C2(c)"]]
    assert "liste:information-autres-sources" in f["sources"]
    assert f["tool"] in ("situation:marque-ajustee", "outil:marque-ajustee")
    assert engine.stored[engine.docnum["16B1(a)"]]["tool"] == "situation:hesitation"
    r = engine.search("mon partenaire a annoncé 2 trefles alors que l'adversaire avait dit 2 carreaux", 3)
    by_law = {x.law: x.tool["id"] for x in r if x.tool}
    assert by_law.get(27) in ("liste:enchere-insuffisante", "situation:enchere-insuffisante"), [x.id for x in r]
    head = engine.search("arbitre une renonce", 3)  # a commentary: the tool of its law
    first = next(x for x in head if x.kind == "commentary")
    assert first.tool["id"] in ("situation:renonce", "liste:renonce"), first
    head = engine.search("il a vu une carte de la table voisine", 3)  # 16D1, 16D2(a): the two tools of 16D
    tools = {x.tool["id"] for x in head if x.tool}
    assert tools == {"situation:information-entendue", "liste:information-autres-sources"}, [x.id for x in head]
    head = engine.search("carte pénalisée chez mon partenaire", 3)
    assert len({x.tool["id"] for x in head if x.tool and x.law == 50}) == 2, [(x.id, x.tool) for x in head]
    for q in ("il a hésité avant de passer", "carte pénalisée chez mon partenaire", "enchère hors tour refusée",
              "mon partenaire a annoncé 2 trefles alors que l'adversaire avait dit 2 carreaux"):
        head = engine.search(q, 3)
        tools = [x.tool["id"] for x in head if x.tool]
        assert len(tools) == len(set(tools)), q
        assert not set(tools) & {x.id for x in head}, q
        for x in head:
            if x.tool:
                d = engine.stored[engine.docnum[x.id]]
                cited = [d, *(engine.stored[engine.docnum[ref]] for ref in d.get("refs") or ())]
                if not any(engine.stored[engine.docnum[t]]["kind"] in TOOL_KINDS for c in cited
                           for t in c.get("sources") or ()):  # no tool cites it: a section's around it
                    cited = [c for c in engine.stored if c["kind"] in ("law", "stub") and c["law"] == x.law]
                assert any(x.tool["id"] in (c.get("sources") or ()) for c in cited), (q, x.id)


def test_a_law_the_site_neither_holds_nor_cites_is_found_as_such(engine, model, built_site):
    """A law the site neither holds, nor cites, nor summarises in its register (« Loi 75 »): the row of that law in
    « Les 93 lois », titled as the edition gives it, saying its text is not in the site, never another law's
    provision first. A law only the register summarises (« Loi 68 », « revendication ») has its page, where the
    summary that search read stands."""
    known = set(model.laws) | set(model.stub_laws())
    law = next(n for n in range(1, 94) if n not in known and model.law_title(n))
    first = engine.search(f"Loi {law}", 3)[0]
    assert (first.id, first.kind, first.url) == (str(law), "stub", f"/lois/#loi-{law}")
    assert first.title == f"Loi {law} — {model.law_title(law)} (texte non inclus)"
    page = (built_site / "lois" / "index.html").read_text(encoding="utf-8")
    row = page.split(f'id="loi-{law}"', 1)[1].split("</tr>", 1)[0]
    assert model.law_title(law) in row and "non citée" in row
    assert not any(st.law == 68 for st in model.citations for st in st.targets)  # 68: cited by no text
    first = engine.search("Loi 68", 3)[0]
    assert (first.id, first.kind, first.url) == ("68", "stub", "/lois/68/")
    assert engine.search("revendication", 1)[0].id == "68"
    assert engine.search("Loi 69B2", 1)[0].url == "/lois/69/"  # any id in it leads to its page
    stub = (built_site / "lois" / "68" / "index.html").read_text(encoding="utf-8")
    statement = next(st.statement for st in model.absent_statements if st.law == 68)
    assert " ".join(statement.split()[:6]) in " ".join(stub.split())


def test_answer_at_one_counts_the_provision_or_its_tool_first():
    """answer@1 (« provision ou outil en tête »): the first result is an expected provision, or a tool that rules
    the situation; hit@1 counts the provision only. Printed by `lois cherche --evaluer` beside tool@3."""
    from lois.features.search.evaluate import score

    cases = [{"q": "a", "expect": ["27A1"], "tools": ["liste:x"]}, {"q": "b", "expect": ["30"], "tools": ["liste:y"]},
             {"q": "c", "expect": ["50"]}, {"q": "d", "expect": ["16"], "tools": ["liste:z"]}]
    rep = score(cases, [["liste:x", "27A1"], ["30", "liste:y"], ["liste:w", "50"], ["12", "liste:z"]])
    assert (rep["hit1"], rep["answer1"], rep["tool3"]) == (0.25, 0.5, 1.0)


def test_a_commentary_gives_way_to_the_provision_of_its_laws(engine):
    """A commentary is a gloss of the laws it is about (documents.commentary_docs: its ``refs``, the pages of its
    laws): a long guide meets a director's story by many of its words, and the provision of those laws that covers
    the query as well comes first, the guide just under it (query.GLOSS_YIELD), as a note or an example gives way.
    « après la renonce ils n'ont plus fait aucune levée » is ruled by Law 64 (B2: no trick transferred), which the guide
    to revokes explains; the guide came first. A query that titles it still finds it among the first."""
    top = [r.id for r in engine.search("après la renonce ils n'ont plus fait aucune levée", 3)]
    assert top[:2] == ["64", "commentaire:renonce-64"], top
    assert engine.stored[engine.docnum["commentaire:renonce-64"]]["refs"] == ["64", "61", "62", "63"]
    assert "commentaire:renonce-64" in [r.id for r in engine.search("arbitre une renonce", 3)]


def test_one_document_citing_a_page_without_text_leaves_its_phrasings_their_weight(model, corpus_dir):
    """A page without text is described by the phrasings of the site's index (index.DESCRIBED_BOOST) as long as no
    more than one document of the site tells situations of it (index.DESCRIBED_MAX_SOURCES): a checklist that cites
    Law 68 once, in passing, does not halve the weight of its phrasings, and a claim told in a director's words still
    finds Law 68 first (before: Law 48, and Law 70 for « revendication »)."""
    from lois.features.search.documents import build_docs

    docs = build_docs(model)
    claim = next(d for d in docs if d.id == "68")
    claim.situations = ("Un défenseur montre une carte en parlant de la levée en cours ; son partenaire refuse la "
                        "concession")
    claim.sources = ["liste:carte-penalisee"]
    engine = SearchEngine(corpus_dir, docs=docs, cache=False)
    for query in ("je fais le reste, dit-il en montrant ses cartes", "revendication"):
        assert engine.search(query, 3)[0].id == "68", query


def test_a_word_a_title_says_with_a_negation_does_not_count_for_a_query_without_one(engine):
    """The title of 27B, « Enchère insuffisante non acceptée », says « acceptée » with a negation: for a query that
    accepts, that word of the title does not count (query.negated_title_terms), and the acceptance (27A1) comes first,
    not the section about the bid not accepted; a query that says the negation still finds 27B."""
    from lois.features.search.query import negated_title_terms

    assert [engine.vocab.surfaces.get(w) for w in ("acceptée",)] == negated_title_terms(
        engine.stored[engine.docnum["27B"]]["title"], engine.vocab)
    assert engine.search("est-ce que je peux accepter leur enchère insuffisante", 3)[0].id == "27A1"
    assert engine.search("enchère insuffisante non acceptée", 3)[0].id == "27B"
