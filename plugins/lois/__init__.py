"""The `lois` package: the Code International de Bridge Duplicate 2017 as a corpus, a site and a command.

Importing it first imports :mod:`dataclasses` without :mod:`inspect` (see :func:`_dataclasses_without_inspect`).
"""
from __future__ import annotations

import sys


def _dataclasses_without_inspect() -> None:
    """Import :mod:`dataclasses` with :mod:`inspect` loaded only if dataclasses ever uses it.

    Python 3.11's dataclasses imports inspect (and with it ast, dis, tokenize, linecache…) for one use: the signature
    it writes as the docstring of a dataclass that has none (every dataclass of the package has one). That import is
    a tenth of the instructions of `lois cherche` (callgrind: 35 of 330 million at ×20). While dataclasses is
    imported, ``sys.modules["inspect"]`` is a stand-in whose attributes are the real module's, imported at the first
    attribute read; then the stand-in is taken out of ``sys.modules``: any other ``import inspect`` gets the real
    module, and dataclasses keeps the stand-in. Nothing to do where either module is already imported (MkDocs,
    pytest, a profiler)."""
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        return
    from types import ModuleType

    class _Inspect(ModuleType):
        def __getattr__(self, name: str):
            import inspect  # the real module (the stand-in is no longer in sys.modules)

            return getattr(inspect, name)

    sys.modules["inspect"] = _Inspect("inspect")
    try:
        import dataclasses  # noqa: F401
    finally:
        del sys.modules["inspect"]


_dataclasses_without_inspect()
