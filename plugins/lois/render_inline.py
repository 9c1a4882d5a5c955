"""Render markdown-it inline tokens to HTML, passing plain text through a callback.

Every piece of text is escaped by the callback (which may also wrap citations in
links); raw HTML in the source is never passed through: it is shown as text.
"""
from __future__ import annotations

import html
from typing import Callable

from .parse import md

TAGS = {"strong_open": "<strong>", "strong_close": "</strong>", "em_open": "<em>", "em_close": "</em>",
        "s_open": "<s>", "s_close": "</s>"}


def render_inline(tokens, text_fn: Callable[[str], str], footref: Callable[[str], str] | None = None) -> str:
    out = []
    buf = []

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
                if href.lower().startswith(("javascript:", "data:", "vbscript:")):
                    href = "#"
                out.append(f'<a href="{html.escape(href)}">')
            else:
                out.append('<a href="#">')
        elif t.type == "link_close":
            flush()
            out.append("</a>")
        elif t.type == "image":
            buf.append(t.content)
    flush()
    return "".join(out)


def render_markdown(source: str, text_fn: Callable[[str], str]) -> str:
    """Render a Markdown document (commentary, tables) with safe text and linked citations."""
    tokens = md().parse(source)
    out = []
    for t in tokens:
        if t.type == "inline":
            out.append(render_inline(t.children or [], text_fn))
        elif t.type.endswith("_open") and t.tag and t.type != "footnote_block_open":
            tag = t.tag
            if t.type == "heading_open":
                tag = {"h1": "h2", "h2": "h3"}.get(tag, tag)
            if t.type == "ordered_list_open" and t.attrGet("start"):
                out.append(f'<ol start="{int(t.attrGet("start"))}">')
            else:
                out.append(f"<{tag}>")
        elif t.type.endswith("_close") and t.tag and t.type != "footnote_block_close":
            tag = t.tag
            if t.type == "heading_close":
                tag = {"h1": "h2", "h2": "h3"}.get(tag, tag)
            out.append(f"</{tag}>")
        elif t.type == "html_block":
            if not t.content.lstrip().startswith("<!--"):
                out.append(f"<p>{html.escape(t.content)}</p>")
        elif t.type in ("fence", "code_block"):
            out.append(f"<pre><code>{html.escape(t.content)}</code></pre>")
        elif t.type == "hr":
            out.append("<hr>")
    return "".join(out)
