"""Rewrite the text of an HTML fragment, leaving its markup exactly as it was.

Subclasses say which elements are left alone (`skip`) and how a run of text outside them is rewritten
(`rewrite`); tags, entities and comments pass through as written. The fragment is read by the standard
library's :class:`html.parser.HTMLParser` (it serves the hand-written pages, a few kilobytes each).

>>> class Upper(TextRewriter):
...     def rewrite(self, data): return data.upper()
>>> Upper().run('<p title="x">loi <a href="#">loi</a> &amp; <code>loi</code></p>')
'<p title="x">LOI <a href="#">loi</a> &amp; <code>loi</code></p>'
"""
from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TextRewriter(HTMLParser):
    SKIP: frozenset[str] = frozenset({"a", "code", "pre", "script", "style", "textarea", "button", "svg", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.stack: list[tuple[str, dict[str, str | None], bool]] = []  # (tag, attributes, left alone)
        self._skipped = 0  # how many elements of the stack are left alone
        self._text: list[str] = []  # a run of text not yet rewritten (the parser may hand it in pieces)

    # -- to override
    def skip(self, tag: str, attrs: dict[str, str | None]) -> bool:
        return tag in self.SKIP

    def rewrite(self, data: str) -> str:
        return data

    # -- helpers for subclasses
    @property
    def skipping(self) -> bool:
        return self._skipped > 0

    def run(self, text: str) -> str:
        self.feed(text)
        self.close()
        self._flush()
        return "".join(self.out)

    # -- the parser's events
    def handle_data(self, data: str) -> None:
        self._text.append(data)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._emit(self.get_starttag_text() or "")
        if tag in VOID:
            return
        seen: dict[str, str | None] = {}
        for name, value in attrs:
            seen.setdefault(name, value)
        skip = self.skip(tag, seen)
        self.stack.append((tag, seen, skip))
        self._skipped += skip

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._emit(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        self._emit(f"</{tag}>")
        if any(t == tag for t, _, _ in self.stack):
            while self.stack:
                t, _, skip = self.stack.pop()
                self._skipped -= skip
                if t == tag:
                    break

    def handle_entityref(self, name: str) -> None:
        self._emit(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self._emit(f"&#{name};")

    def handle_comment(self, data: str) -> None:
        self._emit(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self._emit(f"<!{decl}>")

    def unknown_decl(self, data: str) -> None:
        self._emit(f"<![{data}]]>")

    def handle_pi(self, data: str) -> None:
        self._emit(f"<?{data}>")

    # -- internals
    def _flush(self) -> None:
        if self._text:
            data = "".join(self._text)
            self._text.clear()
            self.out.append(data if self.skipping else self.rewrite(data))

    def _emit(self, markup: str) -> None:
        self._flush()
        self.out.append(markup)
