"""Render markdown-it inline tokens to HTML, passing plain text through a callback.

Every piece of text is escaped by the callback (which may also wrap citations in
links); raw HTML in the source is never passed through: it is shown as text.

Security policy for text that comes from the corpus (law masters, notes, commentaries, examples,
glossary, situations, checklists) — enforced here and by :meth:`lois.render.htmlpage.HtmlPage.front_matter`:

* Markdown is allowed: emphasis, strong, code, lists, headings, tables, and links whose address is
  relative or http(s)/mailto (any other scheme, e.g. ``javascript:``, ``data:``, ``vbscript:``,
  becomes ``#``; markdown-it already refuses the worst ones).
* Raw HTML is never passed through, not even a « small allow-list »: inline and block HTML, and
  entities that decode to markup (``&lt;script&gt;``), are escaped and shown as the text typed.
* A complete HTML comment block is dropped (masters use ``<!-- suite: B -->`` as a directive); an
  unclosed ``<!--`` is shown as text (in a law master it is an error, see parse.py).
* Generated pages are HTML written by autoescaping templates (lois.render.htmlpage); page titles go through
  :meth:`~lois.render.htmlpage.HtmlPage.front_matter`, so that the theme's templates (which do not escape
  page titles) cannot turn them into markup; corpus text in a ``title`` attribute goes through
  :func:`tooltip_attr` (the theme's tooltips read it as HTML).
"""
from __future__ import annotations

import html
from typing import Callable

from markdown_it.renderer import RendererHTML
from markdown_it.token import Token

from lois.core.annotate import joined
from lois.core.parse import COMMENTS_ONLY, md
from lois.core.safeurl import markdown_link_problem


def safe_href(href: str) -> str:
    """The address of a link written in corpus Markdown, or "#" when it is not http(s)/mailto or a path of the
    site: the project's one rule of safe addresses (lois.core.safeurl.markdown_link_problem, which also knows a tab
    inside « javascript: »; `lois verifie` refuses such a link, naming its line)."""
    return href if isinstance(href, str) and markdown_link_problem(href) is None else "#"


def tooltip_attr(text: str) -> str:
    """The value of a ``title`` attribute (citation previews, glossary definitions), ready for the attribute.

    With ``content.tooltips``, Material for MkDocs shows the title of content elements in a tooltip as
    HTML (it assigns it to innerHTML): the attribute's value must therefore be HTML — the text escaped
    once for the tooltip (&, <, >) and once more for the attribute. Without JavaScript, the browser's
    own tooltip shows those three characters as entities; nothing else changes."""
    return html.escape(html.escape(text, quote=False), quote=True)


class SafeRenderer(RendererHTML):
    """markdown-it-py's HTML renderer, with the rules of the policy above: text through ``text_fn`` (headings
    through ``heading_fn``), raw HTML as text, links to safe addresses only, headings one level down (the page
    has its own title), code without a language class, footnote references through ``footref``."""

    def __init__(self, text_fn: Callable[[str], str], heading_fn: Callable[[str], str] | None = None,
                 footref: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.text_fn, self.heading_fn, self.footref = text_fn, heading_fn or text_fn, footref
        self.in_heading = False

    def render_tokens(self, tokens: list[Token], inline: bool = False) -> str:
        if inline:
            return self.renderInline(joined(tokens), md().options, {})
        for t in tokens:
            if t.type == "inline":
                t.children = joined(t.children or [])
        return self.render(tokens, md().options, {})

    def text(self, tokens, idx, options, env) -> str:
        return (self.heading_fn if self.in_heading else self.text_fn)(tokens[idx].content)

    def heading_open(self, tokens, idx, options, env) -> str:
        self.in_heading = True
        return f"<{_LOWER.get(tokens[idx].tag, tokens[idx].tag)}>"

    def heading_close(self, tokens, idx, options, env) -> str:
        self.in_heading = False
        return f"</{_LOWER.get(tokens[idx].tag, tokens[idx].tag)}>\n"

    def link_open(self, tokens, idx, options, env) -> str:
        return f'<a href="{html.escape(safe_href(tokens[idx].attrGet("href") or ""))}">'

    def code_inline(self, tokens, idx, options, env) -> str:
        return f"<code>{html.escape(tokens[idx].content)}</code>"

    def code_block(self, tokens, idx, options, env) -> str:
        return f"<pre><code>{html.escape(tokens[idx].content)}</code></pre>\n"

    fence = code_block

    def html_block(self, tokens, idx, options, env) -> str:
        content = tokens[idx].content
        return "" if is_comment_block(content) else f"<p>{html.escape(content.strip())}</p>\n"

    def footnote_ref(self, tokens, idx, options, env) -> str:
        t = tokens[idx]
        return self.footref((t.meta or {}).get("label", str((t.meta or {}).get("id", "")))) if self.footref else ""

    def _nothing(self, tokens, idx, options, env) -> str:
        return ""

    footnote_block_open = footnote_block_close = footnote_open = footnote_close = footnote_anchor = _nothing


_LOWER = {"h1": "h2", "h2": "h3"}


def render_inline(tokens, text_fn: Callable[[str], str], footref: Callable[[str], str] | None = None) -> str:
    """Inline tokens (a paragraph's children) to HTML."""
    return SafeRenderer(text_fn, footref=footref).render_tokens(list(tokens), inline=True)


def render_markdown(source: str, text_fn: Callable[[str], str],
                    heading_fn: Callable[[str], str] | None = None) -> str:
    """Render a Markdown document (commentary, tables) with safe text and linked citations; ``heading_fn``
    renders the text of headings (default: ``text_fn``)."""
    return SafeRenderer(text_fn, heading_fn).render_tokens(md().parse(source))


def is_comment_block(content: str) -> bool:
    """True if an HTML block is only complete comments (dropped); anything else is shown as text."""
    return COMMENTS_ONLY.fullmatch(content) is not None
