"""The one rule of safe addresses: every address the site or the club snippet writes from data (``edition.yaml``,
a club page's ``data-lois-base``, a link in corpus Markdown) is http(s) or relative — never ``javascript:``,
``data:``, ``vbscript:``, whatever its disguise.

:func:`is_safe_url` is checked when a corpus file is validated (the schemas' ``WebUrl`` and ``RelativeUrl``) and
again where an address is written (the templates' ``is safe_url`` test, :func:`safe_url`). The club snippet's
``isSafeUrl`` (``features/api/assets/linkifier.js``) is the same rule, step for step; both are pinned by
``tests/safe_url_cases.yaml``, run by pytest and in Chromium.

The rule, on a text:

1. spaces and ASCII control characters at either end are dropped (as browsers drop them);
2. an invisible character left inside (control, format, any space or line separator: « java\\tscript: »,
   « \\u200bjavascript: ») refuses the address: browsers drop some of them, and nobody types them on purpose;
3. the head of the address is what comes before the first « / », « ? » or « # ». If it holds a « : », what comes
   before it is the scheme, which must be http or https (in any case);
4. otherwise the address is relative, unless its head hides a scheme: a character reference (« & », as in
   « javascript&#58; ») or a percent escape of « : » (« javascript%3A ») refuses it.
"""
from __future__ import annotations

import re
import unicodedata

WEB_SCHEMES = ("http", "https")
_EDGES = "".join(chr(i) for i in range(0x21))  # what browsers strip at both ends of an address
_INVISIBLE = {"Cc", "Cf", "Cs", "Zs", "Zl", "Zp"}
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")
_HEAD_END = re.compile(r"[/?#]")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")


def is_safe_url(address, schemes: tuple[str, ...] = WEB_SCHEMES) -> bool:
    """True when `address` is relative, or absolute with one of `schemes` (http, https by default; ``()``:
    relative only)."""
    return url_problem(address, schemes) is None


def safe_url(address, schemes: tuple[str, ...] = WEB_SCHEMES) -> str | None:
    """`address` (ends stripped) when it is safe, else None: for the places that write an address."""
    return address.strip(_EDGES) if is_safe_url(address, schemes) else None


def url_problem(address, schemes: tuple[str, ...] = WEB_SCHEMES) -> str | None:
    """What makes `address` unsafe, in French (None when it is safe)."""
    if not isinstance(address, str):
        return "une adresse doit être un texte"
    s = address.strip(_EDGES)
    if not s:
        return "adresse vide"
    for ch in s:
        if unicodedata.category(ch) in _INVISIBLE:
            return f"caractère invisible U+{ord(ch):04X} dans l'adresse"
    m = _HEAD_END.search(s)
    head = s[:m.start()] if m else s
    allowed = ", ".join(f"{x}:" for x in schemes)
    if ":" in head:
        scheme = head.split(":", 1)[0]
        if _SCHEME.fullmatch(scheme) and scheme.lower() in schemes:
            return None
        shown = scheme if len(scheme) <= 20 else scheme[:19] + "…"
        if not schemes:
            return f"schéma « {shown}: » refusé : une adresse relative est attendue"
        return f"schéma « {shown}: » refusé : seules les adresses {allowed} ou relatives sont permises"
    if "&" in head or ":" in _PERCENT.sub(lambda p: chr(int(p.group(1), 16)), head):
        return "adresse qui masque un schéma (« & » ou « %3A » avant le premier « / »)"
    return None


# a link written in corpus Markdown: a web page, an e-mail address, or a page of the site written as a path
MARKDOWN_SCHEMES = ("http", "https", "mailto")


def markdown_link_problem(address) -> str | None:
    """Why the site would not write a link of corpus Markdown to ``address`` as written (None: it would): its
    address must be http(s), mailto or a path of the site (« ../notes/x/ », « /lois/50/ », « #D2 »). The renderer
    (lois.render.inline) writes any other as « # », which leads nowhere; `lois verifie` refuses it."""
    problem = url_problem(address, MARKDOWN_SCHEMES)
    if problem is not None:
        return problem
    s = address.strip(_EDGES)
    m = _HEAD_END.search(s)
    if ":" not in (s[:m.start()] if m else s) and "/" not in s and not s.startswith("#"):
        return "adresse qui n'est ni une page web (http, https), ni un courriel (mailto:), ni un chemin du site " \
               "(« ../notes/x/ », « #D2 »)"
    return None


__all__ = ["MARKDOWN_SCHEMES", "WEB_SCHEMES", "is_safe_url", "markdown_link_problem", "safe_url", "url_problem"]
