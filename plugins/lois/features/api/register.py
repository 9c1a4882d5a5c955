"""Permalinks: the canonical URL of every published law and provision, and the committed register.

URL scheme (site-relative, works under any base path)::

    lois/50/          the page of Law 50 (also for laws whose text is not included yet)
    lois/50/#D2a      provision 50D2(a): the anchor is the provision path without brackets

The register ``corpus/permaliens.txt`` lists every URL ever published, one per line, sorted.
A line ``ancienne-url -> nouvelle-url`` records a redirect for a URL that disappeared.
Lines starting with ``#`` are comments.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.ids import ProvisionId

REGISTER_NAME = "permaliens.txt"
HEADER = (
    "# Registre des liens permanents publiés (une URL relative à la racine du site par ligne, triées).\n"
    "# Ne jamais supprimer une ligne : si une provision disparaît, remplacer la ligne par\n"
    "# « ancienne-url -> nouvelle-url ». Mise à jour : lois permaliens --mettre-a-jour\n"
)


def law_url(law: int) -> str:
    return ProvisionId(law).url


def provision_url(model: Model, pid: ProvisionId) -> str:
    return model.link_target(pid).url


def published_ids(model: Model) -> list[ProvisionId]:
    """Every provision and stub that has its own place on the site (laws included)."""
    ids = set(model.provisions)
    for sid, s in model.stubs.items():
        if not s.in_corpus_law:  # stubs inside a present law land on an ancestor: no own anchor
            ids.add(sid)
    for law in model.stub_laws():
        ids.add(ProvisionId(law))
    return sorted(ids, key=lambda pid: pid.code_order)


def current_urls(model: Model) -> dict[str, str]:
    """Canonical URL → provision id, for everything published by this build (found once per model: read from the
    model alone, kept with it — `lois verifie` after a save of another file finds it in its memo)."""
    return model.derived(("api", "current-urls"), lambda: _current_urls(model), lasting=True)


def _current_urls(model: Model) -> dict[str, str]:
    out: dict[str, str] = {}
    for pid in published_ids(model):
        out.setdefault(provision_url(model, pid), str(pid))
    return out


def url_sort_key(url: str):
    page, _, anchor = url.partition("#")
    parts = page.strip("/").split("/")
    num = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return (parts[0], num, page, anchor != "", anchor)


@dataclass
class Register:
    path: Path
    urls: list[str] = field(default_factory=list)
    redirects: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)  # URL → its line in the register, for messages


def read_register(path: Path) -> Register:
    reg = Register(path)
    if not os.path.lexists(path):
        return reg
    from lois.core.parse import read_text  # UTF-8 (BOM, CRLF accepted); another encoding: a French error;
    # a folder, a pipe or a dangling link in its place: a French error naming it (lois.core.safeio)

    text = read_text(path, empty_ok=True)
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        url = line.partition("->")[0].strip()
        if url in reg.lines:  # twice: counted twice, or two redirects of which the last won silently
            raise LoisError(f"« {_shown(url)} » est déjà enregistrée ligne {reg.lines[url]} : une ligne par lien "
                            "(gardez-en une)", str(path), no)
        if "->" in line:
            old, _, new = (x.strip() for x in line.partition("->"))
            if not old or not new or " " in old or " " in new:
                raise LoisError("redirection illisible (attendu « ancienne-url -> nouvelle-url »)", str(path), no)
            _check_url(old, path, no)
            if not SITE_URL.fullmatch(new):
                raise LoisError(f"la redirection de « {old} » mène à « {_shown(new)} », qui n'est pas une page des "
                                "lois de ce site (attendu une URL relative comme lois/50/#D2a)", str(path), no)
            reg.redirects[old] = new
            reg.urls.append(old)
            reg.lines.setdefault(old, no)
        else:
            _check_url(line, path, no)
            reg.urls.append(line)
            reg.lines.setdefault(line, no)
    return reg


# what the site publishes (law_url, provision_url): nothing else may be registered, nor be a redirect's target
SITE_URL = re.compile(r"lois/[1-9][0-9]{0,2}/(#[A-Za-z0-9]+)?")


def _shown(url: str) -> str:
    url = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in url)
    return url if len(url) <= 60 else url[:59] + "…"


def _check_url(url: str, path: Path, no: int) -> None:
    if not SITE_URL.fullmatch(url):
        raise LoisError(f"URL « {_shown(url)} » invalide : attendu une URL relative comme lois/50/#D2a", str(path),
                        no)


def check_register(model: Model, reg: Register) -> None:
    """Raise LoisError if a registered URL is no longer published and has no redirect."""
    urls = current_urls(model)
    for url in reg.urls:
        if url in urls:
            continue
        if url in reg.redirects:
            target = reg.redirects[url]
            if target not in urls:
                raise LoisError(f"la redirection de « {url} » mène à « {target} », qui n'est plus publiée",
                                str(reg.path), reg.lines.get(url))
            continue
        raise LoisError(f"le lien permanent « {url} » a disparu sans redirection : rétablissez la provision "
                        f"ou remplacez la ligne par « {url} -> nouvelle-url »", str(reg.path), reg.lines.get(url))


def update_register(model: Model, path: Path) -> list[str]:
    """Append the URLs published now but not yet registered; return the new ones."""
    reg = read_register(path)
    check_register(model, reg)
    known = set(reg.urls)
    new = [u for u in current_urls(model) if u not in known]
    lines = [u for u in reg.urls if u not in reg.redirects] + new
    lines = sorted(set(lines), key=url_sort_key)
    redirects = [f"{o} -> {n}" for o, n in sorted(reg.redirects.items(), key=lambda kv: url_sort_key(kv[0]))]
    from lois.core.safeio import write_text  # atomic: killed or on a full disk, the register stays whole

    write_text(path, HEADER + "\n".join(lines + redirects) + "\n")
    return new
