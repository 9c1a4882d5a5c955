"""Regular expressions compiled when first used.

A pattern compiled at import is paid by every command that imports its module, used or not: the citation
grammar's patterns take a few tens of milliseconds to compile, the typography's rules a few, which `lois cherche
27B1b` never applies. :func:`compile_lazily` gives an object that its users take for the compiled pattern
(``match``, ``sub``, ``pattern``…), compiled at the first use; from then on, its methods are its own attributes (no
indirection left).
"""
from __future__ import annotations

import re


class LazyPattern:
    """``re.compile(source, flags)``, compiled when one of its attributes is first read."""

    def __init__(self, source: str, flags: int = 0):
        self._source, self._flags = source, flags

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self._source, self._flags)
        for attr in ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split", "pattern",
                     "flags", "groupindex", "groups"):
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)

    def __eq__(self, other) -> bool:
        return isinstance(other, LazyPattern) and (self._source, self._flags) == (other._source, other._flags)

    def __hash__(self) -> int:
        return hash((self._source, self._flags))


def compile_lazily(source: str, flags: int = 0) -> "re.Pattern[str]":
    return LazyPattern(source, flags)  # type: ignore[return-value]  # a Pattern to its users
