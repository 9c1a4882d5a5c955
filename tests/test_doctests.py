"""The examples written in the package's docstrings (« >>> ») are run: they show the forms each module handles,
and they stay true. Only the modules that have examples are collected (a module with none would pass, having run
nothing), and each must run at least one."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lois

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _with_examples() -> list[str]:
    finder = doctest.DocTestFinder()
    names = sorted(m.name for m in pkgutil.walk_packages(lois.__path__, "lois."))
    return [n for n in names if any(t.examples for t in finder.find(importlib.import_module(n)))]


MODULES = _with_examples()


def test_the_modules_that_show_their_forms_have_examples():
    # the id grammar and the provenance of texts are explained by examples: they must not vanish unnoticed
    assert {"lois.core.ids", "lois.core.provenance", "lois.core.grounds"} <= set(MODULES), MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert result.attempted > 0 and result.failed == 0, \
        f"{name} : {result.failed} exemple(s) faux sur {result.attempted}"
