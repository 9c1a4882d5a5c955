"""Fuzzing (hypothesis): malformed corpus files of every kind never raise anything but a LoisError.

Each test starts from a real corpus file, breaks it (a value replaced by one of another type, a key removed or
added, the YAML text cut, characters inserted, lines of a law deleted, duplicated, swapped, markers added),
and loads it with the loader the build uses. The loader may accept the result (some changes are harmless) or
refuse it with a LoisError that names the file; any other exception fails. The number of cases run is printed
by ``pytest --hypothesis-show-statistics tests/test_fuzz_corpus.py`` (150 per test; ``LOIS_FUZZ_EXAMPLES=N``
for a longer run).
"""
from __future__ import annotations

import copy
import functools
import os
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import ROOT
from lois.core.corpus import load_corpus
from lois.core.errors import LoisError
from lois.core.importer import load_sources
from lois.core.parse import read_text
from lois.features.annotations.examples import load_examples
from lois.features.annotations.glossary import load_glossary
from lois.features.annotations.notes import load_notes
from lois.features.annotations.situations import load_situations
from lois.features.checklists.model import load_checklist

CORPUS = ROOT / "corpus"
FUZZ = settings(max_examples=int(os.environ.get("LOIS_FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["♣5", "50", "94A", "", " ", "oui", "0x1", "~", "&a"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=6)


# the cases are made with libyaml (C) when PyYAML has it: it reads the real file and writes the broken one about
# ten times faster than PyYAML's Python code, which made most of this module's time; the loaders under test
# read the result their own way (lois.core.yamlfile)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(data) -> str:
    return yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False)


@functools.cache
def _parsed(text: str):
    """The data of a real corpus file, read once (each case breaks a copy)."""
    return yaml.load(text, Loader=_LOADER)


def _paths(data, prefix=()):
    """Every path to a value inside `data` (keys and indexes)."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


@st.composite
def broken_yaml(draw, text: str) -> str:
    """`text` (a YAML document) broken at the level of its data (1 to 3 values replaced by values of any type,
    keys removed or added; the depth is drawn first, so that top-level keys are hit as often as deep ones) or
    of its characters (cut, or a YAML-significant character inserted)."""
    how = draw(st.sampled_from(["data", "data", "data", "cut", "insert", "retype-root"]))
    if how in ("cut", "insert"):
        pos = draw(st.integers(0, len(text)))
        junk = draw(st.sampled_from(["", ":", "- ", "[", "]", "{", "}", "&a ", "*a", "*b", "\t", "\"", "'", "!!x ",
                                     "\n  ", "%", "<<: *a\n", "? ", "|", "\x00", "\r", "\ufeff"]))
        return text[:pos] + ("" if how == "cut" else junk + text[pos:])
    if how == "retype-root":
        return _dump(draw(values))
    data = copy.deepcopy(_parsed(text))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        depth = draw(st.sampled_from(sorted({len(p) for p in paths})))
        _mutate(draw, data, draw(st.sampled_from([p for p in paths if len(p) == depth])))
    return _dump(data)


def _mutate(draw, data, path: tuple) -> None:
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    how = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
    if how == "replace":
        parent[path[-1]] = draw(values)
    elif how == "delete":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=8))] = draw(values)
    else:
        parent.append(draw(values))


def _refused_or_accepted(load, text: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / name
        f.write_bytes(text.encode("utf-8"))
        try:
            load(f)
        except LoisError as exc:
            assert exc.path and name in exc.path and exc.message, exc


def _text(rel: str) -> str:
    return (CORPUS / rel).read_text(encoding="utf-8")


# each YAML file the build reads, broken, then loaded by its own loader (given the model)
YAML_LOADERS = {
    "checklists/carte-penalisee.yaml": lambda model, f: load_checklist(f, model),
    "exemples/64-renonce-une-levee.yaml": lambda model, f: load_examples(model, f.parent),
    "glossaire.yaml": lambda model, f: load_glossary(model, f),
    "situations.yaml": lambda model, f: load_situations(model, f, {}, {}),
}


@pytest.mark.parametrize("rel", YAML_LOADERS)
@FUZZ
@given(data=st.data())
def test_fuzz_yaml_file(model, rel, data):
    text = data.draw(broken_yaml(_text(rel)))
    load = YAML_LOADERS[rel]
    _refused_or_accepted(lambda f: load(model, f), text, Path(rel).name)


@FUZZ
@given(data=st.data())
def test_fuzz_sources(data):
    text = data.draw(broken_yaml(_text("sources/sources.yaml")))
    _refused_or_accepted(load_sources, text, "sources.yaml")


def _front_and_body(rel: str) -> tuple[str, str]:
    text = _text(rel)
    _, front, body = text.split("---\n", 2)
    return front, body


@FUZZ
@given(data=st.data())
def test_fuzz_note_front_matter(model, data):
    front, body = _front_and_body("notes/renonce-consommee.md")
    text = "---\n" + data.draw(broken_yaml(front)) + "---\n" + body

    def load(f):
        load_notes(model, f.parent)
    _refused_or_accepted(load, text, "note.md")


LAW_LINES = ["## Z. Titre", "## B. Encore", "(aa) texte", "(ii) texte", "(1) texte", "7. texte", "(c) texte",
             "# Loi 50 — Encore", "### Titre", "<!-- suite: Q -->", "<!--", "Voir les Lois 64 à 61.", "Loi 94",
             "voir C9 ci-dessous", "[^9]: note", "| a | b |", "- puce", "---", "law: 51", "\r", "\ufeff", "1. **x**"]


@st.composite
def broken_law(draw) -> str:
    lines = _text("lois/50.md").split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "prefix"]))
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "insert":
            lines.insert(i, draw(st.sampled_from(LAW_LINES) | st.text(max_size=20)))
        else:
            lines[i] = draw(st.sampled_from(["(a) ", "(i) ", "2. ", "## ", "> ", "    "])) + lines[i]
        if not lines:
            lines = [""]
    return "\n".join(lines)


@FUZZ
@given(text=broken_law())
def test_fuzz_master_law_text(text):
    def load(f):
        (f.parent / "lois").mkdir()
        f.rename(f.parent / "lois" / "50.md")
        load_corpus(f.parent)
    _refused_or_accepted(load, text, "50.md")


@FUZZ
@given(data=st.binary(max_size=300))
def test_fuzz_raw_bytes_are_read_or_refused(data):
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "x.md"
        f.write_bytes(data)
        try:
            text = read_text(f)
        except LoisError as exc:
            assert exc.path == str(f) and exc.line
        else:
            assert "\r" not in text and not text.startswith("\ufeff")
