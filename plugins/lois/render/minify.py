"""The site's own scripts and stylesheets made smaller for their bundle (lois.render.site.SiteBuild.bundle), as
Material ships its own minified.

A script is minified by rjsmin (comments and the white space the parser does not need dropped; strings, regular
expressions and the line breaks that end a statement kept). A script the site ships must not use template literals,
which rjsmin does not read (tests/test_minify.py checks every script of the site against this).

>>> js('/* intro */\\nfunction f() {\\n  // note\\n  return "/* a */ // b"; // end\\n}\\nvar n = 1\\nf()\\n')
'function f(){return"/* a */ // b";}\\nvar n=1\\nf()'

A stylesheet is minified by rcssmin (comments and the white space the browser does not read dropped).

>>> css('/* x */\\n.a {\\n  content: "/* y */";\\n}\\n')
'.a{content:"/* y */"}'

The theme's palette (light and dark schemes, every primary and accent colour of Material) is loaded by every page;
:func:`palette` keeps the rules of the schemes and colours the site uses, for the bundle.

>>> palette('[data-md-color-primary=red]{--a:1}[data-md-color-primary=indigo],[data-md-color-accent=red]{--a:2}'
...         '@media screen{[data-md-color-scheme=slate]{--b:1}[data-md-color-scheme=x]{--b:2}}:root{--c:1}',
...         {"primary": {"indigo"}, "accent": {"indigo"}, "scheme": {"default", "slate"}})
'[data-md-color-primary=indigo]{--a:2}@media screen{[data-md-color-scheme=slate]{--b:1}}:root{--c:1}'
"""
from __future__ import annotations

import re

import rcssmin
import rjsmin


def js(text: str) -> str:
    return rjsmin.jsmin(text)


def css(text: str) -> str:
    return rcssmin.cssmin(text)


_COLOR = re.compile(r"\[data-md-color-(primary|accent|scheme)=\"?([\w-]+)\"?\]")


def palette(text: str, used: dict[str, set[str]]) -> str:
    """The rules of a minified stylesheet whose selectors name only the colours and schemes of ``used`` (« primary »,
    « accent », « scheme » → values); a selector of a list that names another is dropped, a rule without selector
    left, an at-rule (« @media ») without rule left, too."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        brace = _find(text, "{", i)
        if brace < 0:
            break
        head = text[i:brace].strip()
        end = _block_end(text, brace)
        body = text[brace + 1:end]
        if head.startswith("@"):
            inner = palette(body, used) if "{" in body else body
            if inner:
                out.append(f"{head}{{{inner}}}")
        else:
            kept = [s for s in _split_selectors(head)
                    if all(v in used.get(k, ()) for k, v in _COLOR.findall(s))]
            if kept:
                out.append(f"{','.join(kept)}{{{body}}}")
        i = end + 1
    return "".join(out)


def _find(text: str, ch: str, i: int) -> int:
    """The next ``ch`` outside quotes from ``i`` (-1: none)."""
    quote = ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == ch:
            return i
        i += 1
    return -1


def _block_end(text: str, brace: int) -> int:
    """Where the block opened at ``brace`` closes."""
    depth, i = 0, brace
    while True:
        nxt_open, nxt_close = _find(text, "{", i), _find(text, "}", i)
        if nxt_close < 0:
            return len(text)
        if 0 <= nxt_open < nxt_close:
            depth, i = depth + 1, nxt_open + 1
        else:
            depth, i = depth - 1, nxt_close + 1
            if depth == 0:
                return nxt_close


def _split_selectors(head: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside « :is(…) » or « [a="b,c"] »)."""
    parts, depth, start, quote = [], 0, 0, ""
    for k, c in enumerate(head):
        if quote:
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(head[start:k].strip())
            start = k + 1
    parts.append(head[start:].strip())
    return [p for p in parts if p]
