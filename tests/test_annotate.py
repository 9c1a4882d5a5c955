"""Citations found once (lois.core.annotate): the model finds the citations of the texts the site renders when
the corpus is loaded, and rendering applies them by offset without looking for citations again; the corpus
files' schemas are the loaded objects (their provisions resolved by the schema)."""
from __future__ import annotations

import pytest

from conftest import ids, pid
from lois.core import corpus as corpus_mod
from lois.core.annotate import Span, annotate, find_spans
from lois.core.corpus import load_corpus
from lois.core.errors import LoisError
from lois.core.schemas import Provisions
from lois.core.yamlfile import Schema, parse_yaml, validate
from lois.features.annotations import load_annotations
from lois.features import site_contributors
from lois.features.annotations.schema import Example, Note, Situation, Term
from lois.features.checklists.model import load_checklists, one_line
from lois.render.site import SiteBuild


def test_a_relative_citation_is_resolved_from_where_its_text_stands(model):
    text = model.provisions[pid("12A2")].text
    spans = model.citations_in(text, 12, ("A", "2"))
    assert [(s.text, ids(s.targets)) for s in spans] == [("C2", ["12C2"])]
    assert text[spans[0].start:spans[0].end] == "C2"
    assert model.citations_in("voir C2 ci-dessous", None) == ()  # from nowhere: nothing to situate it
    assert model.citations_in(text, 12, ("A", "2")) is spans  # kept: found once


def test_annotate_replaces_each_span_and_passes_the_rest_through():
    text = "voir la Loi 12C2 et la Loi 16B1."
    spans = find_spans(None, text, None, ())
    assert [ids(s.targets) for s in spans] == [["12C2"], ["16B1"]]
    out = annotate(text, spans, str.upper, lambda s: f"[{'|'.join(ids(s.targets))}]")
    assert out == "VOIR LA [12C2] ET LA [16B1]."
    assert annotate("sans renvoi", (), str.upper, lambda s: "") == "SANS RENVOI"
    assert annotate(text, [Span(0, 4, "voir", (pid("1"),))], lambda t: t, lambda s: "X") == "X" + text[4:]


def test_rendering_the_laws_and_commentaries_looks_for_no_citation(corpus_dir, monkeypatch):
    scanned: list[str] = []
    real = corpus_mod.find_spans
    monkeypatch.setattr(corpus_mod, "find_spans", lambda m, text, law, path: scanned.append(text) or
                        real(m, text, law, path))
    model = load_corpus(corpus_dir)
    assert len(scanned) > 100  # the texts are looked at when the corpus is loaded…
    scanned.clear()
    files = SiteBuild(model).build()
    assert scanned == []
    # the links are those of the citations found at load: 12A2's « C2 » links 12C2
    law12 = files["lois/12.md"].page
    assert law12 is not None and 'data-ref="12C2"' in law12.body


def test_rendering_the_whole_site_looks_for_no_citation_in_a_corpus_text(corpus_dir, monkeypatch):
    """Notes, examples, glossary, situations and checklists: their citations are found when they are loaded; only
    texts that are not in the corpus (the training's items, fixed sentences, a commentary's « […] ») are looked
    at while rendering, once each."""
    model = load_corpus(corpus_dir)
    ann = load_annotations(model)
    lists = load_checklists(model.root, model)
    corpus_texts = ({t.definition for t in ann.terms} | {s.description for s in ann.situations}
                    | {one_line(t) for cl in lists.values() for t in cl.texts()})
    assert len(corpus_texts) > 100
    scanned: list[tuple] = []
    real = corpus_mod.find_spans
    monkeypatch.setattr(corpus_mod, "find_spans", lambda m, text, law, path: scanned.append((law, text)) or
                        real(m, text, law, path))
    SiteBuild(model, contributors=site_contributors()).build()
    assert not corpus_texts & {text for _law, text in scanned}
    assert {text for law, text in scanned if law is not None} <= {"[…]"}  # every note and example text: at load
    assert len(scanned) == len(set(scanned))  # never twice


def test_loaded_annotations_are_their_files_validated_objects(model):
    ann = load_annotations(model)
    for items, schema in ((ann.notes.values(), Note), (ann.examples.values(), Example),
                          (ann.terms, Term), (ann.situations, Situation)):
        assert items and all(isinstance(x, schema) for x in items)
        for x in items:  # the provisions as canonical ids that resolve in the corpus
            assert x.provisions and all(model.citations_in(f"Loi {p}", None)[0].targets == (p,)
                                        for p in x.provisions)


class _Cites(Schema):
    provisions: Provisions


def test_provisions_are_resolved_by_the_schema_with_the_line_of_the_value(model):
    doc = parse_yaml("provisions:\n  - 12 C 2\n  - 50D2a\n", "x.yaml")
    assert ids(validate(doc, _Cites, context={"model": model}).provisions) == ["12C2", "50D2(a)"]
    single = parse_yaml("provisions: 64\n", "x.yaml")
    assert ids(validate(single, _Cites, context={"model": model}).provisions) == ["64"]
    bad = parse_yaml("provisions:\n  - 12C2\n  - 50D9\n", "x.yaml")
    with pytest.raises(LoisError) as exc:
        validate(bad, _Cites, context={"model": model})
    assert (exc.value.message, exc.value.line) == ("provision « 50D9 » introuvable dans le texte de la Loi 50 du "
                                                   "corpus", 3)
    with pytest.raises(LoisError) as exc:  # one id: the line of its key; an error of form comes first
        validate(parse_yaml("provisions: 50D9\nautre: 1\n", "x.yaml"), _Cites, context={"model": model})
    assert (exc.value.message, exc.value.line) == ("champ inconnu « autre »", 2)
    with pytest.raises(LoisError) as exc:
        validate(parse_yaml("\nprovisions: 50D9\n", "x.yaml"), _Cites, context={"model": model})
    assert exc.value.line == 2 and "« 50D9 » introuvable dans le texte de la Loi 50" in exc.value.message
