r"""Python ``re`` pattern → JavaScript ``RegExp`` source, so the browser runs the very patterns of the core.

Used by the club linkifier (:mod:`lois.features.api.linkifier`) and by the site search (provision ids typed as
queries, :func:`lois.core.cite.parse_provision_id`). :func:`js_pattern` takes a compiled pattern, verbose or
not, and returns ``[source, flags]``; unsupported constructs raise ``ValueError`` at build time instead of
silently matching something else in the browser.

Character classes mean in the browser exactly what they mean in Python (``str`` patterns): ``\s`` is Python's white
space (JavaScript's ``\s`` adds U+FEFF and lacks U+001C–U+001F and U+0085), ``\d`` any decimal digit, ``\w`` a letter,
digit or ``_`` of any script, and ``[^\W\d_]`` a letter or a numeric character that is not a decimal digit (« ² »,
« Ⅻ »), as Python reads it. Only the Unicode version of each engine may still differ (characters assigned after
Python's ``unicodedata.unidata_version``). ``spaces="native"`` keeps JavaScript's own ``\s``, shorter: only for
patterns that read a text where the seven characters on which the two differ never occur (the citation scanner's,
:func:`lois.core.displayed.displayed`).
"""
from __future__ import annotations

import re
from functools import lru_cache

_CASE_GROUP = re.compile(r"\(\?i:([A-Za-z?]+)\)")


def _case_fold_group(m: re.Match) -> str:
    out = []
    for ch in m.group(1):
        out.append(f"[{ch.upper()}{ch.lower()}]" if ch.isalpha() else ch)
    return "(?:" + "".join(out) + ")"


def _js_ranges(chars: list[int]) -> str:
    """Code points as the inside of a JavaScript class (``\\uXXXX`` ranges)."""
    out, i = [], 0
    while i < len(chars):
        j = i
        while j + 1 < len(chars) and chars[j + 1] == chars[j] + 1:
            j += 1
        out.append(f"\\u{chars[i]:04x}" + (f"-\\u{chars[j]:04x}" if j > i else ""))
        i = j + 1
    return "".join(out)


# Python's white space (``\s`` of a str pattern: str.isspace), all below U+3001 (tests/test_api.py checks it)
SPACE = _js_ranges([c for c in range(0x3001) if chr(c).isspace()])


def _escape(nxt: str, in_class: bool, native: bool = False) -> str:
    """``\\`` followed by ``nxt``: ``\\w``, ``\\d``, ``\\s`` as Python reads them; what JS would read otherwise is
    refused (anchors, word boundaries, negated classes inside a class). ``native``: ``\\s``, ``\\S`` left as JS has
    them."""
    if nxt == "w":
        return r"\p{L}\p{N}_" if in_class else r"[\p{L}\p{N}_]"
    if nxt == "d":
        return r"\p{Nd}"
    if nxt in "sS" and native:
        return "\\" + nxt
    if nxt == "s":
        return SPACE if in_class else f"[{SPACE}]"
    if nxt in "SWD" and not in_class:
        return {"S": f"[^{SPACE}]", "W": r"[^\p{L}\p{N}_]", "D": r"\P{Nd}"}[nxt]
    if nxt in "AZbBSWD":
        raise ValueError(f"\\{nxt} non traduit")
    return "\\" + nxt


def _group_prefix_end(src: str, i: int) -> int:
    """End of a group prefix at ``i``: « (? » and its marker characters (``:``, ``=``, ``!``, ``<=``, ``<!``)."""
    j = i + 2
    while j < len(src) and src[j] in ":=!<":
        j += 1
        if src[j - 1] in ":=!":
            break
    return j


def _class_shortcut(src: str, i: int, native: bool) -> tuple[str, int] | None:
    """A construct at ``i`` (outside a class) that JavaScript reads otherwise, as ``(js, end)``: the letter classes
    ``[^\\W\\d_]`` and ``[^\\W_]``, white space but some characters (« [^\\S\\n] »), a named group; ``None`` if
    there is none."""
    if src.startswith(r"[^\W\d_]", i):
        return r"[\p{L}\p{Nl}\p{No}]", i + 8
    if not native and src.startswith(r"[^\S", i):  # white space but what follows: « [^\S\n] »
        close = src.index("]", i)
        rest = src[i + 4:close]
        if "[" in rest or "\\" in rest.replace("\\n", "").replace("\\t", ""):
            raise ValueError(f"classe non traduite : {src[i:close + 1]}")
        return (f"(?:(?![{rest}])[{SPACE}])" if rest else f"[{SPACE}]"), close + 1
    if src.startswith(r"[^\W_]", i):
        return r"[\p{L}\p{N}]", i + 6
    if src.startswith("(?P<", i):
        return "(?<", i + 4
    if src.startswith("(?P=", i):
        raise ValueError("référence nommée non traduite")
    return None


def _skip_layout(src: str, i: int) -> int:
    """End of the layout at ``i`` of a verbose pattern (white space, or a ``#`` comment up to the end of its line);
    ``i`` itself if there is none."""
    if src[i].isspace():
        return i + 1
    if src[i] == "#":
        end = src.find("\n", i)
        return len(src) if end < 0 else end
    return i


@lru_cache(maxsize=256)  # a pure function of its arguments; the same patterns are translated at every build
def js_source(src: str, verbose: bool = False, spaces: str = "python") -> str:
    """Translate a Python ``re`` pattern source (as used in cite.py) to a JS source for the ``u`` flag;
    ``verbose``: the source is written for ``re.VERBOSE`` (layout whitespace and ``#`` comments dropped);
    ``spaces``: ``"python"`` (white space exactly as Python's) or ``"native"`` (see the module's docstring)."""
    native = spaces == "native"
    src = _CASE_GROUP.sub(_case_fold_group, src)
    if "(?i" in src or "(?x" in src or "(?s" in src or "(?m" in src:
        raise ValueError(f"drapeau en ligne non traduit : {src}")
    out: list[str] = []
    i, in_class, last_quant = 0, False, False
    while i < len(src):
        c = src[i]
        if c == "\\":
            out.append(_escape(src[i + 1], in_class, native))
            i, last_quant = i + 2, False
            continue
        if in_class:
            in_class = c != "]"
            out.append(c)
            i += 1
            continue
        shortcut = _class_shortcut(src, i, native)
        if shortcut:
            out.append(shortcut[0])
            i, last_quant = shortcut[1], False
            continue
        if verbose and _skip_layout(src, i) != i:
            i = _skip_layout(src, i)
            continue
        if c == "[" and (src.startswith("[^]", i) or src.startswith("[]", i)):
            raise ValueError("classe commençant par ] non traduite")
        if c == "(" and src.startswith("(?", i):
            j = _group_prefix_end(src, i)
            out.append(src[i:j])
            i, last_quant = j, False
            continue
        if c == "+" and last_quant:  # possessive quantifier → greedy
            i, last_quant = i + 1, False
            continue
        in_class = c == "["
        # a quantifier after a quantifier is possessive (« ++ », « *+ », « }+ »); « ? » only after an atom
        last_quant = c in "*+}" or (c == "?" and bool(out) and out[-1] != "(")
        out.append(c)
        i += 1
    return "".join(out)


def js_pattern(pattern: re.Pattern, anchored: bool = False, spaces: str = "python") -> list[str]:
    """``[source, flags]`` for ``new RegExp(source, flags)``; ``anchored`` gives fullmatch semantics; ``spaces``: see
    :func:`js_source`."""
    src = js_source(pattern.pattern, verbose=bool(pattern.flags & re.VERBOSE), spaces=spaces)
    if anchored:
        src = "^(?:" + src + ")$"
    return [src, "u" + ("i" if pattern.flags & re.IGNORECASE else "")]
