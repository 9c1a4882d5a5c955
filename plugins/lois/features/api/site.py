"""Contribution to the site: short links, JSON API, linkifier, copy buttons, club pages."""
from __future__ import annotations

import json
import posixpath
from functools import partial

from markupsafe import Markup

from lois.core.ids import LAW_COUNT, ProvisionId, not_found, not_on_site
from lois.core.provenance import Provenance
from lois.core.typo import count
from lois.render.site import SiteBuild
from lois.render.templates import render
from lois.render.typo_html import html_spacing
from lois.features.api import jsonapi
from lois.features.api.linkifier import (ASSETS, DATA_DIR, ascii_js, law_data_js, laws_table, linkifier_css,
                                         linkifier_js)
from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register
from lois.features.api import shortlinks

CITATION_SOURCE = "Code International de Bridge Duplicate 2017"
DEMO = "clubs/demo/index.html"
DEMO_MALFORMED = "clubs/demo/malforme.html"


def contribute(site: SiteBuild) -> None:
    m = site.model
    reg_path = m.root / REGISTER_NAME
    redirects: dict[str, str] = {}
    if reg_path.exists():
        reg = read_register(reg_path)
        check_register(m, reg)
        redirects = reg.redirects
    site.not_in_nav.add(shortlinks.RESOLVER_PAGE)
    site.add_script(PERMALINKS_DATA, data=True)  # changes with the register: outside the bundle of scripts
    site.add_script("assets/lois/permaliens.js")
    site.add_style("assets/lois/permaliens.css")
    # the clubs' pages only: their previews, the short-link form, their snippets (code blocks)
    site.add_style("assets/lois/clubs.css", only_where=('class="lois-apercu"', 'class="lois-lien-court"', "<pre"))
    site.add_nav("Pour les clubs", ["clubs.md", "ajouter.md"])
    # they read the model and the register's redirects alone: under `mkdocs serve`, kept while both are the same
    kept = site.kept("api files", (tuple(sorted(redirects.items())),), lambda: files(site, redirects))
    for path, text in kept.items():
        site.add_file(path, text)


def files(site: SiteBuild, redirects: dict[str, str]) -> dict[str, str]:
    """The feature's files: moved-link pages, short-link resolver, JSON API, linkifier and its data, club pages."""
    m = site.model
    out: dict[str, str] = {}
    pages = {u.split("#")[0] for u in current_urls(m)}
    for old, new in redirects.items():
        old_page = old.split("#")[0]
        if old_page not in pages:
            out[old_page + "index.html"] = shortlinks.redirect_html(old_page.rstrip("/"), new, "Lien déplacé")
    page_dir = posixpath.dirname(_built_file(site.url(shortlinks.RESOLVER_PAGE)))
    out[shortlinks.RESOLVER_PAGE] = shortlinks.resolver_page(m, page_dir)
    out[shortlinks.DATA_SCRIPT] = shortlinks.data_script(m, shortlinks.script_text())
    out.update(jsonapi.api_files(site))
    out["assets/lois/linkifier.js"] = linkifier_js(m, CITATION_SOURCE)
    out["assets/lois/linkifier.css"] = linkifier_css()  # main.js STYLESHEET
    for law in laws_table(m):  # (each under serve kept as long as what it read answers the same)
        out[f"{DATA_DIR}/{law}.js"] = site.kept("api law data", (int(law),), partial(law_data_js, site, int(law)))
    out[PERMALINKS_DATA] = permalinks_data_js(redirects)
    out["assets/lois/permaliens.js"] = ascii_js(_asset("permalinks.js"))
    out["assets/lois/permaliens.css"] = _asset("permaliens.css")
    out["assets/lois/clubs.css"] = _asset("clubs.css")
    out["clubs.md"] = clubs_page(site)
    out["ajouter.md"] = add_page(site)
    out[DEMO] = demo_page(site)
    out[DEMO_MALFORMED] = malformed_page()
    return out


def _built_file(url: str) -> str:
    return url + "index.html" if url == "" or url.endswith("/") else url


# ---------------------------------------------------------------------- copy buttons, redirects

PERMALINKS_DATA = "assets/lois/permaliens-donnees.js"
PERMALINKS_GLOBAL = "loisPermaliens"


def permalinks_data_js(redirects: dict[str, str]) -> str:
    """``assets/lois/permaliens-donnees.js``: the register's redirects and the edition's name for the static
    ``features/api/assets/permalinks.js`` (copy buttons, old anchors, an anchor that names no provision), loaded
    just before it."""
    # an anchor of a law's page that names no provision there, said in the one wording (lois.core.ids.not_found)
    missing = not_found("{id}", not_on_site("{law}"))
    data = json.dumps({"redirects": redirects, "source": CITATION_SOURCE, "notFound": missing}, ensure_ascii=True,
                      separators=(",", ":")).replace("</", "<\\/")
    return ascii_js(f"/* Liens permanents : données de permaliens.js (fichier généré). */\n"
                    f"window.{PERMALINKS_GLOBAL} = {data};\n")


def _asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


# ---------------------------------------------------------------------- pages

EMBED_ID = ProvisionId.parse("16B1")
SAMPLE_ID = ProvisionId.parse("50D2(a)")


def _present(site: SiteBuild, pid: ProvisionId) -> ProvisionId:
    """``pid`` if the corpus has it, else its first provision (a corpus without it, in the tests)."""
    return pid if pid in site.model.provisions else next(iter(site.model.provisions))


def _live(snippet: str) -> Markup:
    """A snippet of ours (constant HTML) as it runs on this site: the reference's address is ``../``."""
    return Markup(snippet.replace("{BASE}", "../"))


def clubs_page(site: SiteBuild) -> str:
    m = site.model
    idx = jsonapi.laws_index(m)
    sample_law = 50 if 50 in m.laws else min(m.laws)
    doc = jsonapi.law_doc(site, sample_law)
    node = doc["root"]["children"][0] if doc["root"]["children"] else doc["root"]
    graph = jsonapi.graph_doc(m)
    law = m.laws[sample_law]
    some = next((p for p in law.provisions() if len(p.path) >= 2), law.root)
    dump = lambda o: json.dumps(o, ensure_ascii=False, indent=2)  # noqa: E731
    return render(
        "api/clubs.md", sample_law=sample_law, law_page=site.law_page(sample_law), anchor=some.anchor,
        some_id=some.id, edition=CITATION_SOURCE, law_count=LAW_COUNT,
        provenances=[(p.value, p.label) for p in Provenance],
        idx_sample=dump({"version": idx["version"],
                         "laws": [x for x in idx["laws"] if x["number"] in (sample_law, 1, 27)]}),
        node_sample=dump(dict(node, children=f"[… {count(len(node['children']), 'sous-provision')}]")),
        graph_sample=dump({"version": graph["version"], "nodes": graph["nodes"][:2], "edges": graph["edges"][:1]}),
    )


def add_page(site: SiteBuild) -> str:
    sample = _present(site, SAMPLE_ID)
    target = site.model.link_target(sample)
    law, anchor = target.law, target.anchor
    embed = EMBED_ID if EMBED_ID in site.model.provisions else sample
    return render("api/ajouter.md", live=_live, law=law, anchor=anchor, sample=sample, embed=embed)


def demo_page(site: SiteBuild) -> str:
    embed = _present(site, EMBED_ID)
    return html_spacing(render("api/demo.html", embed_id=embed, law_count=LAW_COUNT))


def malformed_page() -> str:
    """Deliberately broken markup: unclosed tags, stray end tags, a link never closed."""
    return render("api/malforme.html")
