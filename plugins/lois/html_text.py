"""Rewrite the text of an HTML fragment, leaving its markup exactly as it was.

Subclasses say which elements are left alone (`skip`) and how a run of text
outside them is rewritten (`rewrite`); tags, entities and comments pass through.
"""
from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TextRewriter(HTMLParser):
    SKIP: frozenset[str] = frozenset({"a", "code", "pre", "script", "style", "textarea", "button", "svg", "title"})

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.stack: list[tuple[str, dict, bool]] = []  # (tag, attributes, left alone)

    # -- to override
    def skip(self, tag: str, attrs: dict) -> bool:
        return tag in self.SKIP

    def rewrite(self, data: str) -> str:
        return data

    # -- helpers for subclasses
    @property
    def skipping(self) -> bool:
        return any(s for _, _, s in self.stack)

    def run(self, text: str) -> str:
        self.feed(text)
        self.close()
        return "".join(self.out)

    # -- pass-through
    def handle_starttag(self, tag, attrs):
        self.out.append(self.get_starttag_text())
        if tag not in VOID:
            a = dict(attrs)
            self.stack.append((tag, a, self.skip(tag, a)))

    def handle_startendtag(self, tag, attrs):
        self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.out.append(f"</{tag}>")
        if any(t == tag for t, _, _ in self.stack):
            while self.stack and self.stack.pop()[0] != tag:
                pass

    def handle_data(self, data):
        self.out.append(data if self.skipping else self.rewrite(data))

    def handle_entityref(self, name):
        self.out.append(f"&{name};")

    def handle_charref(self, name):
        self.out.append(f"&#{name};")

    def handle_comment(self, data):
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.out.append(f"<!{decl}>")
