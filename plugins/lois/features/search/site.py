"""Site contribution: the search page (template search/page.md), the generated index data and the search UI assets."""
from __future__ import annotations

import json
from collections import Counter

from lois.render.site import SiteBuild
from lois.render.templates import render

DATA_PATH = "assets/lois/search-index.json"


def page(data: dict) -> str:
    """The search page: a filter per kind of document the index holds, with its count."""
    from lois.features.search.documents import Kind

    counts = Counter(d[2] for d in data["docs"])
    kinds = [k for k in Kind if counts[k.value]]
    shown = ("revoke", "penalty card", "ui")  # as typed: a short word is a sigle (UI)
    examples = ", ".join(f"« {' '.join(w.upper() if len(w) <= 3 else w for w in r[0])} » → « {r[2]} »"
                         for r in data["rewrites"] if r[2] and " ".join(r[0]) in shown)
    return render("search/page.md", kinds=kinds, counts=counts, examples=examples or "revoke, UI")


def contribute(site: SiteBuild) -> None:
    data, page_text = prepare(site.model)
    site.add_file(DATA_PATH, data)
    site.add_file("recherche.md", page_text)
    site.add_nav("Recherche", "recherche.md")
    site.add_script("assets/lois/search.js")
    site.add_style("assets/lois/search.css")


def prepare(model) -> tuple[str, str]:
    """The index data (JSON) and the search page of a model: computed from the documents, no cache (notes,
    checklists… are the model's, read once by Model.derived)."""
    from lois.features.search.lexicon import load_lexicon
    # whoosh: imported only when the site is generated
    from lois.features.search.query import SearchEngine, browser_data

    load_lexicon(model.root)  # a broken lexicon stops the build (French message, file, line)
    data = browser_data(SearchEngine(model.root, model=model, cache=False))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")), page(data)
