"""Where the build and the search keep their caches: ``$LOIS_CACHE``, or ``build/cache`` beside the corpus.

A module of its own, importing nothing heavy: `lois cherche` needs the place of its index before anything else.
"""
from __future__ import annotations

import os
from pathlib import Path


def cache_base(corpus_dir: Path) -> Path:
    """The build's cache folder: $LOIS_CACHE, or build/cache beside the corpus."""
    env = os.environ.get("LOIS_CACHE")
    return Path(env) if env else Path(corpus_dir).resolve().parent / "build" / "cache"
