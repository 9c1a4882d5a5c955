"""Short links without a file per spelling: one resolver page (``l/?50D2a``, ``l/#50D2a``) and the 404 page.

Every published provision and law has one short link, ``l/?<id>``, where ``<id>`` is any spelling that
:func:`lois.core.cite.parse_provision_id` reads (``50D2a``, ``50d2(a)``, ``L50D2a``, ``Loi 50 D 2 a``…). The
browser reads it with the generated data and generic reader of :mod:`lois.render.ids_js` (the same pattern, the
same parts, the same key as ``ProvisionId.key``) and looks the key up in the table of :func:`short_targets`,
generated here; :func:`resolve` is the same lookup in Python, and both are pinned by ``tests/shortlink_cases.yaml``.

Earlier builds published a folder per spelling (``50D2a/``, ``l50d2a/``, ``L50D2a/``, ``lois/50/D2a/``,
``loi-50/``…). Those addresses now reach the 404 page, which reads the address with :func:`spelling` and
sends the reader on, so every short link ever published keeps working on hosts that serve the 404 page.

A page that disappeared entirely gets a redirect page from the permalink register (:func:`redirect_html`); a
provision the register redirects (« lois/16/#C2a -> lois/16/#D2a ») keeps its short links, which follow the
redirect (:func:`moved_targets`); its old anchor on its law's page is redirected by ``assets/permalinks.js``.
"""
from __future__ import annotations

import json
import posixpath
import re

from lois.core.cite import provision_id
from lois.core.corpus import Model
from lois.features.api.register import REGISTER_NAME, provision_url, published_ids, read_register
from lois.render import templates
from lois.render import ids_js
from lois.render.jsregex import js_pattern

RESOLVER_PAGE = "l.md"
DATA_SCRIPT = "assets/lois/liens-courts.js"
GLOBAL = "loisLiensCourts"

# the forms of address published by earlier builds: lois/50/D2a → « 50 D2a », loi-50 → « loi 50 »
_LAW_FOLDER = re.compile(r"^lois?/([0-9]{1,2})(?:/|$)", re.I)
_LAW_DASH = re.compile(r"^(lois?)-", re.I)


def short_targets(model: Model) -> dict[str, str]:
    """Key (``ProvisionId.key``) → site-relative permalink, for every published law and provision, and for every
    provision the register of permalinks redirects (:func:`moved_targets`): the short links published for it
    (``l/?16C2a``, ``16C2a/``) follow its redirect."""
    out: dict[str, str] = {}
    for pid in published_ids(model):
        out.setdefault(pid.key, provision_url(model, pid))
    for key, target in moved_targets(model).items():
        out.setdefault(key, target)
    return dict(sorted(out.items()))


_REGISTERED = re.compile(r"lois/([0-9]{1,2})/#([A-Za-z0-9]+)")


def moved_targets(model: Model) -> dict[str, str]:
    """Key → new permalink of each provision the register redirects (« lois/16/#C2a -> lois/16/#D2a »: the key
    « 16c2a »), unless that key is published again (a provision of that number exists now: it wins)."""
    path = model.root / REGISTER_NAME
    if not path.exists():
        return {}
    out: dict[str, str] = {}
    for old, new in read_register(path).redirects.items():
        m = _REGISTERED.fullmatch(old)
        pid = provision_id(f"{m.group(1)} {m.group(2)}") if m else None
        if pid is not None:
            out.setdefault(pid.key, new)
    return out


def spelling(address: str) -> str:
    """The id written in a site-relative address or a typed text: « lois/50/D2a/ » → « 50 D2a »."""
    t = address.strip().strip("/")
    if t.lower().endswith("/index.html") or t.lower() == "index.html":
        t = t[: -len("index.html")].strip("/")
    t = _LAW_FOLDER.sub(r"\1 ", t, count=1)
    return _LAW_DASH.sub(r"\1 ", t, count=1).strip()


def resolve(targets: dict[str, str], text: str) -> str | None:
    """The permalink a typed id or an old short-link address names, or None."""
    pid = provision_id(spelling(text))
    return None if pid is None else targets.get(pid.key)


def data_script(model: Model, script: str) -> str:
    """``assets/lois/liens-courts.js``: the table and the ids' data, then the ids' reader (render/assets/ids.js)
    and the generic resolver ``script``, together in one function (nothing more is global)."""
    data = {"ids": ids_js.id_data(), "lawFolder": js_pattern(_LAW_FOLDER), "lawDash": js_pattern(_LAW_DASH),
            "targets": short_targets(model)}
    head = f"window.{GLOBAL} = " + json.dumps(data, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")
    return head + ";\n(function () {\n" + ids_js.script_text() + "\n" + script + "})();\n"


def script_text() -> str:
    from importlib import resources

    return resources.files(__package__).joinpath("lien_court.js").read_text(encoding="utf-8")


def resolver_page(model: Model, page_dir: str) -> str:
    """The page ``l/`` (``page_dir``: the folder of its built file, for its relative links)."""
    law = 50 if 50 in model.laws else min(model.laws)
    sample = next((p for p in model.laws[law].provisions() if len(p.path) >= 2), model.laws[law].root)
    return templates.render("api/resolveur.md", law=law, anchor="".join(sample.path), pid=sample.id,
                            script=posixpath.relpath(DATA_SCRIPT, page_dir or "."),
                            root=("" if not page_dir else posixpath.relpath(".", page_dir) + "/"))


def redirect_html(from_dir: str, target_url: str, label: str) -> str:
    """The page at ``from_dir/index.html`` sending the reader to the site-relative ``target_url`` (used for the
    pages of the permalink register that no longer exist)."""
    page, _, anchor = target_url.partition("#")
    rel = posixpath.relpath(page or ".", from_dir) + "/"
    href = rel + (f"#{anchor}" if anchor else "")
    return templates.render("api/redirection.html", href=href, label=label, anchor=anchor,
                            js_href=templates.safe(_js_str(href)), js_anchor=templates.safe(_js_str(anchor)))


def _js_str(s: str) -> str:
    return json.dumps(s).replace("</", "<\\/").replace("&", "\\u0026").replace("<", "\\u003c")
