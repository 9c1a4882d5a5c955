"""The site's own scripts and stylesheets made smaller for their bundle (lois.render.site.SiteBuild.bundle), as
Material ships its own minified: comments and indentation dropped, nothing else changed.

A script loses its whole-line comments (« // … », « /* … */ » from the start of a line) and each line's indentation;
lines stay lines, so that the browser reads the same statements. A line that starts with « // » or « /* » cannot be
inside a string or a regular expression, except in a multi-line template literal or a string continued by « \\ »:
a script with either is left as it is.

>>> js('/* intro */\\nfunction f() {\\n  // note\\n  return "/* a */ // b"; // kept\\n}\\n')
'function f() {\\nreturn "/* a */ // b"; // kept\\n}'
>>> js('var s = `a\\n  // b`;\\n')  # a template literal: left as it is
'var s = `a\\n  // b`;\\n'

A stylesheet loses its comments (never inside a string) and each line's indentation and empty lines.

>>> css('/* x */\\n.a {\\n  content: "/* y */";\\n}\\n')
'.a {\\ncontent: "/* y */";\\n}'
"""
from __future__ import annotations


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
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(c)
            i += 1
    return "\n".join(s for s in (line.strip() for line in "".join(out).split("\n")) if s)
