"""Every feature's modules provide the interface its entry in lois.features.FEATURES declares, and declare every
hook they provide (a hook not declared would never run); its commands are those its cli module adds. The check
of the corpus and the search's documents name no feature: a feature added to the list, with its own corpus file,
is checked by `lois verifie` and found by `lois cherche` through its hooks alone."""
from __future__ import annotations

import argparse
import ast
import inspect
import shutil
import sys
import types
from pathlib import Path

import pytest

from conftest import ROOT, run_lois
from lois import features
from lois.core.errors import LoisError
from lois.core.ids import Kind
from lois.core.searchdoc import SearchDoc, doc_id
from lois.core.typo import count
from lois.features import FEATURES, Feature
from lois.features.interfaces import Checks, Commands, Pages, PostBuild, Replays, SearchDocuments

PLUGIN = ROOT / "plugins" / "lois"

HOOKS = {Pages: ("contribute",), PostBuild: ("post_build",)}


def _declared(f) -> set:
    return {p for p, on in ((Pages, f.pages), (PostBuild, f.post_build)) if on}


@pytest.mark.parametrize("f", FEATURES, ids=[f.name for f in FEATURES])
def test_feature_modules_provide_what_their_entry_declares(f):
    site = f.module("site") if f.pages else None
    for proto, names in HOOKS.items():
        provided = site is not None and all(callable(getattr(site, n, None)) for n in names)
        assert provided == (proto in _declared(f)), (f.name, proto.__name__)
        if provided:
            assert isinstance(site, proto)
            for n in names:  # the same parameters as the interface (names and order)
                want = [p for p in inspect.signature(getattr(proto, n)).parameters if p != "self"]
                assert list(inspect.signature(getattr(site, n)).parameters) == want, (f.name, n)
    corpus = f.module("corpus") if f.checks or f.documents or f.replays else None
    for proto, names, on in ((Checks, ("check_files", "check"), f.checks),
                             (SearchDocuments, ("search_documents",), f.documents), (Replays, ("replays",), f.replays)):
        provided = corpus is not None and all(callable(getattr(corpus, n, None)) for n in names)
        assert provided == on, (f.name, proto.__name__)
        if provided:
            assert isinstance(corpus, proto)
            for n in names:
                want = [p for p in inspect.signature(getattr(proto, n)).parameters if p != "self"]
                assert list(inspect.signature(getattr(corpus, n)).parameters) == want, (f.name, n)
    assert set(f.requires) <= {g.name for g in FEATURES} - {f.name}, f.name
    if f.commands:
        cli = f.module("cli")
        assert isinstance(cli, Commands)
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        cli.add_commands(sub)
        assert set(sub.choices) == set(f.commands), f.name


def test_hooks_are_listed_in_the_order_of_the_features():
    assert [fn.__module__ for fn in features.site_contributors()] == [
        f"lois.features.{f.name}.site" for f in FEATURES if f.pages]
    assert [m.__name__ for m in features.corpus_checkers()] == [
        f"lois.features.{f.name}.corpus" for f in FEATURES if f.checks]
    assert [fn.__module__ for fn in features.document_sources()] == [
        f"lois.features.{f.name}.corpus" for f in FEATURES if f.documents]
    assert [fn.__module__ for fn in features.replay_sources()] == [
        f"lois.features.{f.name}.corpus" for f in FEATURES if f.replays]


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at its top or inside a function (``from lois.features import x``: both)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return out


@pytest.mark.parametrize("path", ["features/checks.py", "features/search/documents.py", "features/search/index.py",
                                  "features/search/query.py", "features/search/lexicon.py"])
def test_the_corpus_check_and_the_search_documents_name_no_feature(path):
    own = {"search"} if "/search/" in path else set()
    named = {m.split(".")[2] for m in _imported(PLUGIN / path) if m.startswith("lois.features.")}
    others = {f.name for f in FEATURES} - own
    assert not named & others, (path, named & others)


ESSAI = "essai.txt"  # the test feature's corpus file: one word a line; « faux » is refused


def _essai_words(model) -> list[str]:
    path = Path(model.root) / ESSAI
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def _essai_check_files(root: Path) -> None:
    pass


def _essai_check(model, checked) -> None:
    words = _essai_words(model)
    if "faux" in words:
        raise LoisError("mot « faux » refusé par la fonctionnalité d'essai", str(Path(model.root) / ESSAI),
                        words.index("faux") + 1)
    checked.counts.append(count(len(words), "mot d'essai", "mots d'essai"))


def _essai_documents(model) -> list[SearchDoc]:
    return [SearchDoc(doc_id(Kind.TOOL, f"essai-{w}"), 0, Kind.TOOL.value, f"Essai {w}", f"/essai/#{w}", w, "",
                      f"Le mot {w} de la fonctionnalité d'essai.") for w in _essai_words(model) if w]


@pytest.fixture
def essai_feature(monkeypatch, tmp_path):
    """A feature « essai » added at the end of the list, its ``corpus`` module made here, and a copy of the corpus
    holding its file; the search's cache in a folder of its own."""
    package = types.ModuleType("lois.features.essai")
    package.__path__ = []
    corpus = types.ModuleType("lois.features.essai.corpus")
    corpus.check_files = _essai_check_files  # type: ignore[attr-defined]
    corpus.check = _essai_check  # type: ignore[attr-defined]
    corpus.search_documents = _essai_documents  # type: ignore[attr-defined]
    assert isinstance(corpus, Checks) and isinstance(corpus, SearchDocuments)
    monkeypatch.setitem(sys.modules, package.__name__, package)
    monkeypatch.setitem(sys.modules, corpus.__name__, corpus)
    monkeypatch.setattr(features, "FEATURES", FEATURES + (Feature("essai", pages=False, checks=True,
                                                                  documents=True),))
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    (tmp_path / "corpus" / ESSAI).write_text("zygomorphe\nquadrilatère\n", encoding="utf-8")
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    return tmp_path / "corpus"


def test_a_feature_added_to_the_list_is_checked_and_found(essai_feature):
    res = run_lois("--corpus", essai_feature, "verifie")
    assert res.returncode == 0, res.stderr
    assert "listes d'arbitrage, 2 mots d'essai, " in res.stdout  # its count, after the others
    found = run_lois("--corpus", essai_feature, "cherche", "zygomorphe")
    assert found.returncode == 0, found.stderr
    assert "1. Essai zygomorphe  [Outil]  /essai/#zygomorphe" in found.stdout

    (essai_feature / ESSAI).write_text("vrai\nfaux\n", encoding="utf-8")
    refused = run_lois("--corpus", essai_feature, "verifie")
    assert refused.returncode != 0 and "Corpus valide" not in refused.stdout
    assert refused.stderr.startswith("erreur : ") and "mot « faux » refusé" in refused.stderr
    assert f"{ESSAI}, ligne 2" in refused.stderr, refused.stderr


@pytest.mark.parametrize("f", FEATURES, ids=[f.name for f in FEATURES])
def test_a_feature_uses_only_the_features_it_requires(f):
    names = {g.name for g in FEATURES}
    used = {m.split(".")[2] for path in (PLUGIN / "features" / f.name).rglob("*.py") for m in _imported(path)
            if m.startswith("lois.features.")} & names - {f.name}
    assert used == set(f.requires), f.name


def _cycle(listed) -> list[str]:
    """A feature that requires itself through the others (« a → b → a »), or [] when none does."""
    requires = {f.name: f.requires for f in listed}

    def reach(path: list[str]) -> list[str]:
        for g in requires.get(path[-1], ()):
            if g in path:
                return path[path.index(g):] + [g]
            found = reach(path + [g])
            if found:
                return found
        return []

    return next((c for f in listed if (c := reach([f.name]))), [])


def test_no_feature_requires_itself_through_others():
    """The dependencies between features go one way: what a feature imports is what it requires (the test above),
    and no chain of requirements comes back to where it started (annotations ↔ checklists did: the situations read
    the checklists, and the checklists' check replayed the worked examples)."""
    assert _cycle(FEATURES) == []
    assert _cycle([Feature("a", requires=("b",)), Feature("b", requires=("c",)), Feature("c", requires=("a",))]) == [
        "a", "b", "c", "a"]
    assert _cycle([Feature("a", requires=("b",)), Feature("b"), Feature("c", requires=("a", "b"))]) == []
