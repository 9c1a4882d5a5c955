"""Site contribution: the search page (template search/page.md), the generated index data (split in shards,
:mod:`lois.features.search.shards`) and the search UI assets."""
from __future__ import annotations

from collections import Counter

from lois.render import ids_js
from lois.render.site import BUILD_FILE, SiteBuild
from lois.render.templates import render

DATA_DIR = "assets/lois/recherche/"  # every file of the search data (shards.FOLDER), none fetched before a query;
# each build's in a folder of its own (shards.build_of), named by BUILD_FILE and by every page
# under `mkdocs serve`, every open page reloads at each save: the data keeps one folder, and a page whose content a
# save does not change stays the same page (lois.adapters.pagememo), as the service worker keeps one version
LIVE_BUILD = "live"


def page(engine) -> str:
    """The search page: a filter per kind of document the index holds, with its count."""
    from lois.features.search.documents import Kind

    counts = Counter(f["kind"] for f in engine.stored)
    kinds = [k for k in Kind if counts[k.value]]
    shown = ("revoke", "penalty card", "ui")  # as typed: a short word is a sigle (UI)
    examples = ", ".join(f"« {' '.join(w.upper() if len(w) <= 3 else w for w in r[0])} » → « {r[2]} »"
                         for r in engine.vocab.rewrites if r[2] and " ".join(r[0]) in shown)
    return render("search/page.md", kinds=kinds, counts=counts, examples=examples or "revoke, UI")


def contribute(site: SiteBuild) -> None:
    from lois.features.search.shards import build_of

    files, page_text = prepare(site.model, LIVE_BUILD if site.live else None)
    for path, text in files.items():
        site.add_file(path, text)
    site.add_file(BUILD_FILE, build_of(files))
    site.add_file("recherche.md", page_text)
    site.add_nav("Recherche", "recherche.md")
    site.add_file(ids_js.SITE_SCRIPT, ids_js.script_text())  # the ids' reader, before the search that uses it
    site.add_script(ids_js.SITE_SCRIPT)
    site.add_script("assets/lois/search-box.js")  # the header's box on every page; it fetches the search when needed
    site.add_script("assets/lois/search.js", lazy=True)
    site.add_style("assets/lois/search.css")
    site.add_style("assets/lois/search-page.css", only_where=('class="lois-search-form"',))  # the search page


def page_layout(site: SiteBuild) -> str:
    """What every page names of its build's search data (``<meta name="lois-search">``, shards.layout): "" without."""
    from lois.features.search.shards import FOLDER, INDEX, layout

    f = site.files.get(f"{FOLDER}{site.build_id}/{INDEX}")
    return layout({f.path: f.content}) if f is not None and isinstance(f.content, str) else ""


def prepare(model, build: str | None = None) -> tuple[dict[str, str], str]:
    """The index data (JSON files by path) and the search page of a model: computed from the documents, no cache
    (notes, checklists… are the model's, read once by Model.derived). ``build``: the name of the data's build
    (by default, a hash of the data)."""
    from lois.features.search.lexicon import load_lexicon
    from lois.features.search.query import SearchEngine  # whoosh: imported only when the site is generated
    from lois.features.search.shards import site_files

    load_lexicon(model.root)  # a broken lexicon stops the build (French message, file, line)
    engine = SearchEngine(model.root, model=model, cache=False)
    return site_files(engine, build, stable=build is not None), page(engine)  # build named: under serve
