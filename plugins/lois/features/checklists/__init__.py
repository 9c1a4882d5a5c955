"""Executable ruling checklists: decision trees kept as data in ``corpus/checklists/``.

The names below are loaded on first use (PEP 562), so that declaring the `lois arbitre` command imports
neither YAML nor the engine."""
from __future__ import annotations

import importlib

_NAMES = {"Result": "engine", "run": "engine", "MissingAnswer": "engine",
          "Checklist": "model", "load_checklist": "model", "load_checklists": "model"}

__all__ = sorted(_NAMES)


def __getattr__(name: str):
    if name in _NAMES:
        return getattr(importlib.import_module(f"{__name__}.{_NAMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
