"""Helpers shared by the features' subcommands (and the `lois` adapter): where the corpus is, JSON output."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def find_corpus(start: Path | None = None) -> Path:
    """``$LOIS_CORPUS``, else the nearest ``corpus/`` with a ``lois/`` folder from the current folder up,
    else the project's own corpus."""
    env = os.environ.get("LOIS_CORPUS")
    if env:
        return Path(env)
    here = (start or Path.cwd()).resolve()
    for d in [here, *here.parents]:
        if (d / "corpus" / "lois").is_dir():
            return d / "corpus"
    return Path(__file__).resolve().parents[3] / "corpus"


def form_field(value: str) -> str:
    """The type of an argument that is a field of a form the page shares with the command (a calculator's): its
    text as typed, an empty one included — the shared calculator says what an empty field means, on the page and
    on the command line alike (lois.features.scores.calc); any other empty value is refused (lois.adapters.cli)."""
    return value


def corpus_arg(args) -> Path:
    return Path(args.corpus) if getattr(args, "corpus", None) else find_corpus()


def print_json(obj) -> None:
    """``obj`` as JSON on the standard output: exact, and showable on its terminal (lois.core.terminal)."""
    from lois.core.terminal import json_text

    sys.stdout.write(json_text(obj) + "\n")
