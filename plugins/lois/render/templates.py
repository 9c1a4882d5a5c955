"""Jinja2 templates for generated pages, with autoescaping: Python passes data, templates hold HTML and prose.

A template is named ``<layer>/<file>``: ``render/law.html`` lives in ``lois/render/templates/``,
``search/page.html`` in ``lois/features/search/templates/``. Text from the corpus is escaped by the
environment; HTML already made safe by the renderer (linked citations, rendered Markdown) is passed as
:class:`markupsafe.Markup` (see :func:`safe`). Undefined variables are errors, not empty strings.
"""
from __future__ import annotations

import hashlib
import pickle
import re
from functools import lru_cache
from pathlib import Path

import jinja2
from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, PrefixLoader, StrictUndefined
from markupsafe import Markup, escape

from lois.core.safeurl import is_safe_url
from lois.core.typo import count

PACKAGE = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def environment() -> Environment:
    loaders = {"render": FileSystemLoader(PACKAGE / "render" / "templates")}
    for d in sorted((PACKAGE / "features").glob("*/templates")):
        loaders[d.parent.name] = FileSystemLoader(d)
    env = Environment(loader=PrefixLoader(loaders, delimiter="/"), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.tests["safe_url"] = is_safe_url  # « {% if x is safe_url %} »: an address from data, http(s) or relative
    env.filters["count"] = count  # « {{ n|count("renvoi") }} » → « 1 renvoi », « 2 renvois » (lois.core.typo)
    env.filters["linked_addresses"] = linked_addresses
    return keep_compiled(env)


# An address written in a sentence of the corpus (a summary's « basis »), up to a space, a bracket or a quote, without
# the punctuation that ends the sentence around it
ADDRESS_IN_TEXT = re.compile(r"https?://[^\s<>\"'()«»]*[^\s<>\"'()«».,;:!?]")


def linked_addresses(text: str) -> Markup:
    """« {{ x|linked_addresses }} »: ``text`` escaped, each web address in it a link named by its host (a phone shows
    « bridgenz.co.nz », not eighty characters of address); an address that is not http(s) stays text.

    >>> str(linked_addresses("relu sur https://ex.org/a?b=1&c, lu le 2026-11-27 <b>"))
    'relu sur <a href="https://ex.org/a?b=1&amp;c" rel="nofollow noreferrer">ex.org</a>, lu le 2026-11-27 &lt;b&gt;'
    """
    out, last = [], 0
    for m in ADDRESS_IN_TEXT.finditer(text):
        address = m.group(0)
        out.append(escape(text[last:m.start()]))
        host = address.split("://", 1)[1].split("/", 1)[0]
        out.append(Markup('<a href="{}" rel="nofollow noreferrer">{}</a>').format(address, host)
                   if is_safe_url(address) else escape(address))
        last = m.end()
    out.append(escape(text[last:]))
    return Markup("").join(out)


def keep_compiled(env: Environment) -> Environment:
    """Give ``env`` a cache of compiled templates kept between runs, as Python keeps its .pyc: Jinja's per-user
    folder in the temporary directory, where an entry is used only for the same template file with the same
    source. The compiled code also depends on the environment (Jinja's version, syntax options, extensions,
    gettext style): each kind of environment gets its own files. Used for the renderer's templates and, by the
    MkDocs adapter, for the theme's. Without a usable folder, templates are compiled each time, as before."""
    if env.bytecode_cache is None:
        try:
            env.bytecode_cache = _KeptTemplates(pattern=f"__lois-{_fingerprint(env)}-%s.cache")
        except (OSError, RuntimeError):
            pass
    return env


class _KeptTemplates(FileSystemBytecodeCache):
    """Jinja's cache of compiled templates, which never fails a build: an entry that cannot be read (damaged) or
    written (disk full, folder removed) means that the template is compiled, as without a cache."""

    def load_bytecode(self, bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError, pickle.UnpicklingError):
            bucket.reset()

    def dump_bytecode(self, bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _fingerprint(env: Environment) -> str:
    facts = (jinja2.__version__, sorted(env.extensions), getattr(env, "newstyle_gettext", None),
             env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string,
             env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
             env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized,
             env.is_async,
             env.autoescape if isinstance(env.autoescape, bool) else getattr(env.autoescape, "__qualname__", "?"),
             type(env).__qualname__)
    return hashlib.sha1(repr(facts).encode("utf-8")).hexdigest()[:16]


def render(name: str, **context) -> str:
    """Render template ``name`` (``render/law.html``, ``search/page.html``…) with ``context``."""
    return environment().get_template(name).render(**context)


def safe(html_fragment: str) -> Markup:
    """Mark a fragment the renderer has already escaped (linked text, rendered Markdown) as HTML."""
    return Markup(html_fragment)
