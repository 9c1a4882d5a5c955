"""The examples written in the package's docstrings (« >>> ») are run: they show the forms each module handles,
and they stay true."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lois

MODULES = sorted(m.name for m in pkgutil.walk_packages(lois.__path__, "lois."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name} : {result.failed} exemple(s) faux sur {result.attempted}"
