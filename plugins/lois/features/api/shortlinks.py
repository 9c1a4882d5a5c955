"""Short links: static redirect pages (``64B2/index.html``…) that work on any static host.

For provision 64B2 (anchor ``B2``) the folders are ``64B2/``, ``64b2/``, ``L64B2/``, ``l64b2/``
and ``lois/64/B2/`` (+ ``lois/64/b2/``); for a law: ``64/``, ``L64/``, ``l64/``, ``loi-64/``.
Each holds an ``index.html`` with a meta refresh, a ``location.replace`` keeping the anchor and a
visible link, all with relative URLs so the site works under any base path.
"""
from __future__ import annotations

import html
import posixpath

from lois.core.corpus import Model
from lois.features.api.register import provision_url, published_ids

MARKER = "lois-lien-court"


def compact(model: Model, pid: str) -> tuple[int, str]:
    """(law, anchor-like path) of an id: "50D2(a)" → (50, "D2a")."""
    if pid in model.provisions:
        p = model.provisions[pid]
        return p.law, "".join(p.path)
    s = model.stubs[pid]
    return s.law, "".join(s.path)


def short_names(model: Model, pid: str) -> list[str]:
    """Folder names (site-relative, without trailing slash) of every short link of ``pid``."""
    law, path = compact(model, pid)
    names: list[str] = []
    if not path:
        names += [str(law), f"L{law}", f"l{law}", f"loi-{law}"]
    else:
        c = f"{law}{path}"
        names += [c, c.lower(), f"L{c}", f"l{c.lower()}", f"lois/{law}/{path}", f"lois/{law}/{path.lower()}"]
    out: list[str] = []
    for n in names:
        if n not in out:
            out.append(n)
    return out


def redirect_html(from_dir: str, target_url: str, label: str) -> str:
    """The page at ``from_dir/index.html`` sending the reader to the site-relative ``target_url``."""
    page, _, anchor = target_url.partition("#")
    rel = posixpath.relpath(page or ".", from_dir) + "/"
    if rel == "./":
        rel = "./"
    href = rel + (f"#{anchor}" if anchor else "")
    h = html.escape(href)
    return (
        "<!doctype html>\n<html lang=\"fr\"><head><meta charset=\"utf-8\">\n"
        f"<title>{html.escape(label)}</title>\n"
        f"<meta name=\"robots\" content=\"noindex\"><meta name=\"{MARKER}\" content=\"{h}\">\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={h}\">\n"
        f"<script>location.replace({_js_str(href)} + (location.hash && !{_js_str(anchor)} ? location.hash : \"\"));</script>\n"
        "</head><body>\n"
        f"<p>{html.escape(label)} : <a href=\"{h}\">aller à la page</a>.</p>\n"
        "</body></html>\n"
    )


def _js_str(s: str) -> str:
    import json

    return json.dumps(s).replace("</", "<\\/")


def short_links(model: Model, taken: set[str] = frozenset()) -> dict[str, str]:
    """Docs path of each redirect page ("64B2/index.html") → its HTML. Skips folders in ``taken``."""
    files: dict[str, str] = {}
    for pid in published_ids(model):
        url = provision_url(model, pid)
        for name in short_names(model, pid):
            path = f"{name}/index.html"
            if name in taken or path in files:
                continue
            files[path] = redirect_html(name, url, f"Loi {pid}")
    return files
