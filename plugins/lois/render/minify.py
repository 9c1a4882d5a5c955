"""The site's own scripts and stylesheets made smaller for their bundle (lois.render.site.SiteBuild.bundle), as
Material ships its own minified.

A script loses its whole-line comments (« // … », « /* … */ » from the start of a line) and each line's indentation;
lines stay lines, so that the browser reads the same statements. A line that starts with « // » or « /* » cannot be
inside a string or a regular expression, except in a multi-line template literal or a string continued by « \\ »:
a script with either is left as it is. (rjsmin, which drops every comment and space, made the scripts 2.3 kB gzip
smaller, but a checklist answered by clicks stopped at a question in tests/test_checklists_browser.py, a cause not
found: not used.)

>>> js('/* intro */\\nfunction f() {\\n  // note\\n  return "/* a */ // b"; // kept\\n}\\n')
'function f() {\\nreturn "/* a */ // b"; // kept\\n}'
>>> js('var s = `a\\n  // b`;\\n')  # a template literal: left as it is
'var s = `a\\n  // b`;\\n'

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


def js(text: str) -> str:
    out: list[str] = []
    in_comment = False
    for line in text.split("\n"):
        s = line.strip()
        if in_comment:
            if "*/" not in s:
                continue
            in_comment, s = False, s.split("*/", 1)[1].strip()
        elif s.startswith("//"):
            continue
        elif s.startswith("/*"):
            if "*/" not in s[2:]:
                in_comment = True
                continue
            s = s[2:].split("*/", 1)[1].strip()
        if "`" in s or s.endswith("\\"):
            return text  # a template literal or a continued string may span lines: nothing is safe to drop
        if s:
            out.append(s)
    return "\n".join(out)


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
