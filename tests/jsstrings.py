"""The string literals of a JavaScript source, with their line: what a script may show, read without running it
(comments, regular expression literals and template literals' code are skipped).

>>> [s for _, s in string_literals('var a = "x : y"; // "no"\\nb = /[";]/.test(c) ? \\'\\\\u202f!\\' : "";')]
['x : y', '\\u202f!', '']
"""
from __future__ import annotations

import re

_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", re.S)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
_WORD_BEFORE_REGEX = re.compile(r"(?:return|typeof|case|do|else|in|of|void|yield|delete)$")


def unescape(body: str) -> str:
    def one(m: re.Match) -> str:
        e = m.group(1)
        if e.startswith("u{"):
            return chr(int(e[2:-1], 16))
        if e[0] in "ux" and len(e) > 1:
            return chr(int(e[1:], 16))
        return _SIMPLE.get(e, e)

    return _ESCAPE.sub(one, body)


def literals(src: str):
    """(start, end) of each string literal's token (quotes included)."""
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            i = src.find("\n", i)
            i = n if i < 0 else i
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c in "\"'`":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            yield i, j + 1
            i = j + 1
        elif c == "/":
            before = src[:i].rstrip()
            if (before[-1:] in _REGEX_AFTER) or _WORD_BEFORE_REGEX.search(before):
                j, in_class = i + 1, False
                while j < n and src[j] != "\n" and (in_class or src[j] != "/"):
                    if src[j] == "\\":
                        j += 1
                    elif src[j] == "[":
                        in_class = True
                    elif src[j] == "]":
                        in_class = False
                    j += 1
                i = j + 1
            else:
                i += 1
        else:
            i += 1


def string_literals(src: str):
    """(line, value) of each string literal of ``src``, escapes decoded."""
    for start, end in literals(src):
        yield src.count("\n", 0, start) + 1, unescape(src[start + 1:end - 1])
