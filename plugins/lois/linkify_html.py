"""Link law citations inside rendered HTML of hand-written pages (never inside links, code or headings)."""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

SKIP = {"a", "code", "pre", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "textarea", "button", "svg", "title"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Linker(HTMLParser):
    def __init__(self, site, page):
        super().__init__(convert_charrefs=False)
        self.site, self.page = site, page
        self.out: list[str] = []
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.out.append(self.get_starttag_text())
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.out.append(f"</{tag}>")
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data):
        if any(t in SKIP for t in self.stack) or "oi" not in data.lower():
            self.out.append(data)
            return
        plain = html.unescape(data)
        self.out.append(self.site.linkify(plain, self.page, None, ()))

    def handle_entityref(self, name):
        self.out.append(f"&{name};")

    def handle_charref(self, name):
        self.out.append(f"&#{name};")

    def handle_comment(self, data):
        self.out.append(f"<!--{data}-->")


def linkify_html(text: str, site, page: str) -> str:
    p = _Linker(site, page)
    p.feed(text)
    p.close()
    return "".join(p.out)
