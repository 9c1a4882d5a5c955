"""The `lois` package: the Code International de Bridge Duplicate 2017 as a corpus, a site and a command.

Importing it first imports three modules of the standard library without a module each imports for a use that
`lois` rarely or never makes (:func:`_import_without`): a tenth of the instructions of `lois cherche`.
"""
from __future__ import annotations

import sys


def _import_without(name: str, needed_by: str, functions: tuple[str, ...] = ()) -> None:
    """Import the module ``needed_by`` with the module ``name`` imported only if it is ever used.

    While ``needed_by`` is imported, ``sys.modules[name]`` is a stand-in: each attribute read on it is the real
    module's (imported then), and each of ``functions`` (what ``needed_by`` takes by ``from name import f``) calls the
    real function; then the stand-in leaves ``sys.modules``: any later ``import name`` gets the real module. Nothing
    is done where either module is already imported (MkDocs, pytest, a profiler).

    - :mod:`dataclasses` imports :mod:`inspect` (and ast, dis, tokenize…) for the signature it writes as the
      docstring of a dataclass without one (every dataclass of the package has one): 25 million instructions;
    - :mod:`pathlib` imports :mod:`urllib.parse` (and ipaddress) for ``Path.as_uri``: 12 million;
    - :mod:`argparse` imports :mod:`gettext` to translate its messages, which `lois` translates itself
      (:mod:`lois.adapters.cli_fr`): 4 million.
    """
    if name in sys.modules or needed_by in sys.modules:
        return
    import importlib
    from types import ModuleType

    class StandIn(ModuleType):
        def __getattr__(self, attr: str):
            if attr.startswith("__"):  # what the import system looks for (__path__…): not the real module's
                raise AttributeError(attr)
            return getattr(importlib.import_module(name), attr)

    def forward(function: str):
        def call(*args, **kwargs):
            return getattr(importlib.import_module(name), function)(*args, **kwargs)
        return call

    stand_in = StandIn(name)
    for function in functions:
        setattr(stand_in, function, forward(function))
    sys.modules[name] = stand_in
    try:
        importlib.import_module(needed_by)
    finally:
        del sys.modules[name]


try:  # Ctrl-C here (the first code of `lois` that runs, a few hundredths of a second into its start): the end it has
    # later (lois.adapters.cli), not a traceback
    _import_without("inspect", "dataclasses")
    _import_without("urllib.parse", "pathlib", ("quote_from_bytes",))
    _import_without("gettext", "argparse", ("gettext", "ngettext"))
except KeyboardInterrupt:
    print("\ninterrompu.", file=sys.stderr)
    raise SystemExit(130) from None
