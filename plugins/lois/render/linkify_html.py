"""Link law citations inside rendered HTML of hand-written pages (never inside links, code or headings)."""
from __future__ import annotations

import html

from lois.render.html_text import TextRewriter


class _Linker(TextRewriter):
    SKIP = TextRewriter.SKIP | {"h1", "h2", "h3", "h4", "h5", "h6"}

    def __init__(self, site, page):
        super().__init__()
        self.site, self.page = site, page

    def rewrite(self, data: str) -> str:
        if not any(ch.isdigit() for ch in data):  # every citation has a number (« Loi 27 », « art. 16B1 », « L12C1 »)
            return data
        return self.site.linkify(html.unescape(data), self.page, None, ())


def linkify_html(text: str, site, page: str) -> str:
    return _Linker(site, page).run(text)
