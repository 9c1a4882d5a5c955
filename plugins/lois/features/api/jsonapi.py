"""The static JSON API: ``api/lois.json``, ``api/lois/<n>.json``, ``api/graphe.json``.

Keys are English and stable; every file has ``version`` (bumped on incompatible changes).
URLs are relative to the site root (``lois/50/#D2a``): resolve them against the site's base URL.
The JSON Schemas are committed in ``schemas/``.
"""
from __future__ import annotations

import json

from lois.core.corpus import Model
from lois.core.ids import LAW_COUNT, NodeRef, ProvisionId
from lois.features.api.register import law_url, provision_url

API_VERSION = 1
MAX_LAW = LAW_COUNT


def _dump(obj) -> str:
    """Compact JSON, one document per file (json's C encoder: an indented dump is written in Python, ~10× slower)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def _law_status(model: Model, law: int) -> str:
    if law in model.laws:
        return "present"
    if law in model.stub_laws():
        return "stub"
    return "absent"


def laws_index(model: Model) -> dict:
    laws = []
    for n in range(1, MAX_LAW + 1):
        status = _law_status(model, n)
        title = model.law_title(n)
        laws.append({
            "number": n,
            "title": title,
            "status": status,
            "url": law_url(n) if status != "absent" else None,
            "json": f"api/lois/{n}.json" if status != "absent" else None,
            "provenance": [p.value for p in model.provenance(n)] if status == "present" else None,
        })
    return {"version": API_VERSION, "laws": laws}


def _source_url(model: Model, source: ProvisionId | str) -> str:
    if isinstance(source, ProvisionId):
        return provision_url(model, source)
    return f"commentaires/{NodeRef.parse(source).key}/"


def _cited_by(m: Model, pid: ProvisionId) -> list[dict]:
    return [{"source": str(c.source), "title": m.node_title(c.source), "url": _source_url(m, c.source),
             "text": c.text, "sentence": c.sentence} for c in m.cited_by(pid)]


def _notes_for(model: Model, pid: ProvisionId) -> list[dict]:
    out = []
    for c in model.cited_by(pid):
        if not isinstance(c.source, ProvisionId):
            com = model.commentaries[NodeRef.parse(c.source).key]
            item = {"id": com.id, "title": com.title, "author": com.author, "url": f"commentaires/{com.id}/"}
            if item not in out:
                out.append(item)
    return out


def _node(site, p) -> dict:
    m = site.model
    return {
        "id": p.id,
        "level": p.level,
        "marker": p.marker,
        "title": p.title,
        "anchor": p.anchor,
        "url": provision_url(m, p.pid),
        "text": p.text,
        "preview": site.preview(p.pid),
        "cites": [{"text": c.text, "targets": [str(t) for t in c.targets]} for c in m.cites_from(p.pid)],
        "cited_by": _cited_by(m, p.pid),
        "notes": _notes_for(m, p.pid),
        "children": [_node(site, ch) for ch in p.children],
    }


def provenance_doc(model: Model, law: int) -> dict:
    """What the words of a law of the corpus are (lois.core.provenance): each value's code and label, the
    sections renumbered at import (source letter → letter published) and the law's note."""
    meta = model.laws[law].meta
    return {"values": [{"code": p.value, "label": p.label, "description": p.description}
                       for p in model.provenance(law)],
            "renumbered": dict(sorted((meta.renumbered or {}).items())), "note": meta.provenance_note}


def law_doc(site, law: int) -> dict:
    m = site.model
    status = _law_status(m, law)
    stubs = sorted((s for s in m.stubs.values() if s.law == law), key=lambda s: s.pid.code_order)
    doc = {
        "version": API_VERSION,
        "number": law,
        "title": m.laws[law].title if law in m.laws else None,
        "status": status,
        "url": law_url(law),
        "provenance": provenance_doc(m, law) if law in m.laws else None,
        "root": _node(site, m.laws[law].root) if law in m.laws else None,
        "stubs": [{"id": s.id, "url": provision_url(m, s.pid), "preview": site.preview(s.pid),
                   "cited_by": _cited_by(m, s.pid)} for s in stubs],
        "commentaries": [{"id": c.id, "title": c.title, "author": c.author, "url": f"commentaires/{c.id}/"}
                         for c in m.commentaries.values() if law in c.laws],
    }
    return doc


def graph_doc(model: Model) -> dict:
    g = model.graph_json()
    return {"version": API_VERSION, **g}


def api_files(site) -> dict[str, str]:
    m = site.model
    files = {"api/lois.json": _dump(laws_index(m)), "api/graphe.json": _dump(graph_doc(m))}
    for n in range(1, MAX_LAW + 1):
        if _law_status(m, n) != "absent":
            # (each law's under serve kept while what it read of the model answers the same: SiteBuild.kept)
            files[f"api/lois/{n}.json"] = site.kept("api law", (n,), lambda n=n: _dump(law_doc(site, n)))
    return files


__all__ = ["API_VERSION", "api_files", "laws_index", "law_doc", "graph_doc"]
