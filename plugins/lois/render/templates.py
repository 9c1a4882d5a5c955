"""Jinja2 templates for generated pages, with autoescaping: Python passes data, templates hold HTML and prose.

A template is named ``<layer>/<file>``: ``render/law.html`` lives in ``lois/render/templates/``,
``search/page.html`` in ``lois/features/search/templates/``. Text from the corpus is escaped by the
environment; HTML already made safe by the renderer (linked citations, rendered Markdown) is passed as
:class:`markupsafe.Markup` (see :func:`safe`). Undefined variables are errors, not empty strings.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, PrefixLoader, StrictUndefined
from markupsafe import Markup

PACKAGE = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def environment() -> Environment:
    loaders = {"render": FileSystemLoader(PACKAGE / "render" / "templates")}
    for d in sorted((PACKAGE / "features").glob("*/templates")):
        loaders[d.parent.name] = FileSystemLoader(d)
    return Environment(loader=PrefixLoader(loaders, delimiter="/"), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, bytecode_cache=_bytecode_cache())


def _bytecode_cache() -> FileSystemBytecodeCache | None:
    """Compiled templates kept between runs, as Python keeps its .pyc (Jinja's per-user folder in the temporary
    directory; an entry is used only for the same template source). None when that folder cannot be made."""
    try:
        return FileSystemBytecodeCache()
    except (OSError, RuntimeError):
        return None


def render(name: str, **context) -> str:
    """Render template ``name`` (``render/law.html``, ``search/page.html``…) with ``context``."""
    return environment().get_template(name).render(**context)


def safe(html_fragment: str) -> Markup:
    """Mark a fragment the renderer has already escaped (linked text, rendered Markdown) as HTML."""
    return Markup(html_fragment)
