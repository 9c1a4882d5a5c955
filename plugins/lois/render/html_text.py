"""Rewrite the text of an HTML fragment, leaving its markup exactly as it was.

Subclasses say which elements are left alone (`skip`) and how a run of text
outside them is rewritten (`rewrite`); tags, entities and comments pass through.
"""
from __future__ import annotations

import html
import re

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
CDATA = {"script", "style"}  # their content is text up to their end tag, never markup

# the tag grammar of html.parser (its tolerant start-tag pattern), as one scanner over the whole page: this
# module used to subclass HTMLParser, whose per-character bookkeeping made it the build's largest cost on
# big law pages; the output is the same
_ATTR = re.compile(r"""((?<=['"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?(?:\s|/(?!>))*""")
_START = (r"""<([a-zA-Z][^\t\n\r\f />\x00]*)((?:[\s/]*(?:(?<=['"\s/])[^\s/>][^\s/=>]*"""
          r"""(?:\s*=+\s*(?:'[^']*'|"[^"]*"|(?!['"])[^>\s]*)\s*)?(?:\s|/(?!>))*)*)?\s*)(/?)>""")
_TOKEN = re.compile(r"<!--(.*?)-->|<!([^>]*)>|</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)[^>]*>|" + _START, re.S)
_REF = re.compile(r"&(?:#([0-9]+|[xX][0-9a-fA-F]+)|([a-zA-Z][-.a-zA-Z0-9]*));?")


class TextRewriter:
    SKIP: frozenset[str] = frozenset({"a", "code", "pre", "script", "style", "textarea", "button", "svg", "title"})

    def __init__(self):
        self.out: list[str] = []
        self.stack: list[tuple[str, dict, bool]] = []  # (tag, attributes, left alone)
        self._skipped = 0  # how many elements of the stack are left alone

    # -- to override
    def skip(self, tag: str, attrs: dict) -> bool:
        return tag in self.SKIP

    def rewrite(self, data: str) -> str:
        return data

    # -- helpers for subclasses
    @property
    def skipping(self) -> bool:
        return self._skipped > 0

    def run(self, text: str) -> str:
        pos, n = 0, len(text)
        while pos < n:
            m = _TOKEN.search(text, pos)
            if m is None:
                self._data(text[pos:])
                break
            if m.start() > pos:
                self._data(text[pos:m.start()])
            pos = m.end()
            if m.group(1) is not None:
                self.out.append(f"<!--{m.group(1)}-->")
            elif m.group(2) is not None:
                self.out.append(f"<!{m.group(2)}>")
            elif m.group(3) is not None:
                self._end(m.group(3).lower())
            else:
                tag = m.group(4).lower()
                self.out.append(m.group(0))
                if m.group(6) or tag in VOID:
                    continue
                attrs: dict[str, str | None] = {}
                for a in _ATTR.finditer(m.group(5) or ""):
                    value = a.group(3)
                    if value is not None:
                        if value[:1] == value[-1:] and value[:1] in ("'", '"'):
                            value = value[1:-1]
                        value = html.unescape(value)
                    attrs.setdefault(a.group(1).lower(), value)
                skip = self.skip(tag, attrs)
                self.stack.append((tag, attrs, skip))
                self._skipped += skip
                if tag in CDATA:  # raw text up to </script> or </style>
                    end = re.compile(rf"</{tag}\s*>", re.I).search(text, pos)
                    stop = end.start() if end else n
                    if stop > pos:
                        self._data(text[pos:stop], refs=False)
                    pos = stop
        return "".join(self.out)

    # -- internals
    def _data(self, data: str, refs: bool = True) -> None:
        if not refs or "&" not in data:
            self.out.append(data if self.skipping else self.rewrite(data))
            return
        pos = 0
        for m in _REF.finditer(data):  # entities pass through as they are, the text around them is rewritten
            if m.start() > pos:
                self._data(data[pos:m.start()], refs=False)
            self.out.append(f"&#{m.group(1)};" if m.group(1) else f"&{m.group(2)};")
            pos = m.end()
        if pos < len(data):
            self._data(data[pos:], refs=False)

    def _end(self, tag: str) -> None:
        self.out.append(f"</{tag}>")
        if any(t == tag for t, _, _ in self.stack):
            while self.stack:
                t, _, skip = self.stack.pop()
                self._skipped -= skip
                if t == tag:
                    break
