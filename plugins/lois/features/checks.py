"""The one check of the whole corpus, run by ``lois verifie`` and by the site build alike.

:func:`check_corpus` checks the sources (``sources/sources.yaml``) and the names of the files that become pages,
then runs the check of every feature with corpus files of its own (:class:`lois.features.Checks`), in the order of
:data:`lois.features.FEATURES`: first the names of their files, before any is read, then each reads and validates
its files and checks them against those of the features it requires (the annotations' notes, examples — each
naming a checklist replayed on it —, glossary and situations; the checklists, whose cases are replayed; the
permalink register).
It names no feature: a new feature with corpus files declares ``checks=True`` and its ``corpus`` module.

Every refusal is a :class:`LoisError` in French with the file and the line.
"""
from __future__ import annotations

from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.grounds import require_words
from lois.core.schemas import SLUG, SLUG_MAX, too_long
from lois.features import corpus_checkers
from lois.features.interfaces import Checked

# page names the site generates in the folders where corpus files become pages
RESERVED = {"index"}


def check_corpus(model: Model) -> Checked:
    """Validate everything beyond the law texts (already checked by ``load_corpus``); raise LoisError."""
    root = Path(model.root)
    check_sources(root)
    checkers = corpus_checkers()
    for c in checkers:
        c.check_files(root)
    check_page_names(root / "commentaires", "*.md", "l'index des commentaires")
    checked = Checked()
    for c in checkers:
        c.check(model, checked)
    require_words(model)  # the words of the Code behind every citation, once the rest is sound
    return checked


def check_sources(root: Path) -> None:
    """``sources/sources.yaml`` (read by ``lois importe``) against its schema; kept for its bytes from one reading of
    the corpus to the next (lois.core.filememo: `mkdocs serve`, `lois verifie`)."""
    from functools import partial

    from lois.core import filememo

    path = root / "sources" / "sources.yaml"
    if path.exists():
        filememo.derive("sources", path, partial(_sources, path))


def _sources(path: Path, text: str) -> dict:
    from lois.core.importer import sources_of
    from lois.core.yamlfile import parse_yaml

    return sources_of(parse_yaml(text, str(path)), path)


def check_page_names(folder: Path, pattern: str, page: str, slug: bool = False) -> None:
    """The files of ``folder`` become pages named after them: a name must not be a page the site generates there
    (``page`` says which) and, with ``slug``, must be a slug (the page's address)."""
    for f in sorted(folder.glob(pattern)) if folder.is_dir() else []:
        if f.stem in RESERVED:
            raise LoisError(f"nom de fichier « {f.name} » réservé : la page « {f.stem} » est {page}, que le site "
                            "génère ; renommez ce fichier", str(f), 1)
        if slug and not SLUG.fullmatch(f.stem):
            raise LoisError(f"nom de fichier « {f.name} » invalide : l'adresse de la page en dépend "
                            "(minuscules, chiffres et tirets)", str(f), 1)
        if slug and len(f.stem) > SLUG_MAX:
            raise LoisError(f"nom de fichier invalide : {too_long(f.stem)}", str(f), 1)
