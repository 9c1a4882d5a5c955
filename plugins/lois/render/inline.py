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

from lois.core.parse import COMMENTS_ONLY, md
from lois.core.safeurl import is_safe_url

SAFE_SCHEMES = ("http", "https", "mailto")


def safe_href(href: str) -> str:
    """The address of a link written in corpus Markdown, or "#" when it is not http(s)/mailto or relative: the
    project's one rule of safe addresses (lois.core.safeurl, which also knows a tab inside « javascript: »)."""
    return href if is_safe_url(href, SAFE_SCHEMES) else "#"


def tooltip_attr(text: str) -> str:
    """The value of a ``title`` attribute (citation previews, glossary definitions), ready for the attribute.

    With ``content.tooltips``, Material for MkDocs shows the title of content elements in a tooltip as
    HTML (it assigns it to innerHTML): the attribute's value must therefore be HTML — the text escaped
    once for the tooltip (&, <, >) and once more for the attribute. Without JavaScript, the browser's
    own tooltip shows those three characters as entities; nothing else changes."""
    return html.escape(html.escape(text, quote=False), quote=True)


TAGS = {"strong_open": "<strong>", "strong_close": "</strong>", "em_open": "<em>", "em_close": "</em>",
        "s_open": "<s>", "s_close": "</s>"}


def render_inline(tokens, text_fn: Callable[[str], str], footref: Callable[[str], str] | None = None) -> str:
    out: list[str] = []
    buf: list[str] = []

    def flush():
        if buf:
            out.append(text_fn("".join(buf)))
            buf.clear()

    for t in tokens:
        if t.type == "text":
            buf.append(t.content)
        elif t.type in ("softbreak", "hardbreak"):
            buf.append(" ")
        elif t.type == "code_inline":
            flush()
            out.append(f"<code>{html.escape(t.content)}</code>")
        elif t.type in TAGS:
            flush()
            out.append(TAGS[t.type])
        elif t.type == "footnote_ref":
            flush()
            label = t.meta.get("label", str(t.meta.get("id", "")))
            out.append(footref(label) if footref else "")
        elif t.type in ("html_inline",):
            buf.append(t.content)  # shown as text, escaped by text_fn
        elif t.type == "link_open":
            flush()
            href = t.attrGet("href") or ""
            if href.startswith(("http://", "https://", "#", "../", "./")) or "/" in href:
                out.append(f'<a href="{html.escape(safe_href(href))}">')
            else:
                out.append('<a href="#">')
        elif t.type == "link_close":
            flush()
            out.append("</a>")
        elif t.type == "image":
            buf.append(t.content)
    flush()
    return "".join(out)


def render_markdown(source: str, text_fn: Callable[[str], str],
                    heading_fn: Callable[[str], str] | None = None) -> str:
    """Render a Markdown document (commentary, tables) with safe text and linked citations; ``heading_fn``
    renders the text of headings (default: ``text_fn``)."""
    tokens = md().parse(source)
    out = []
    in_heading = False
    for t in tokens:
        if t.type == "inline":
            out.append(render_inline(t.children or [], heading_fn if in_heading and heading_fn else text_fn))
        elif t.type.endswith("_open") and t.tag and t.type != "footnote_block_open":
            in_heading = t.type == "heading_open"
            tag = t.tag
            if t.type == "heading_open":
                tag = {"h1": "h2", "h2": "h3"}.get(tag, tag)
            if t.type == "ordered_list_open" and (start := t.attrGet("start")):
                out.append(f'<ol start="{int(start)}">')
            else:
                out.append(f"<{tag}>")
        elif t.type.endswith("_close") and t.tag and t.type != "footnote_block_close":
            in_heading = False
            tag = t.tag
            if t.type == "heading_close":
                tag = {"h1": "h2", "h2": "h3"}.get(tag, tag)
            out.append(f"</{tag}>")
        elif t.type == "html_block":
            if not is_comment_block(t.content):  # raw HTML: shown as text (see the policy above)
                out.append(f"<p>{html.escape(t.content.strip())}</p>")
        elif t.type in ("fence", "code_block"):
            out.append(f"<pre><code>{html.escape(t.content)}</code></pre>")
        elif t.type == "hr":
            out.append("<hr>")
    return "".join(out)


def is_comment_block(content: str) -> bool:
    """True if an HTML block is only complete comments (dropped); anything else is shown as text."""
    return COMMENTS_ONLY.fullmatch(content) is not None
