"""Site contribution: the search page (recherche.md), the generated index data and the search UI assets."""
from __future__ import annotations

import json

from lois.render.site import SiteBuild

DATA_PATH = "assets/lois/search-index.json"

PAGE = """---
title: Recherche
---
# Recherche

<div class="lois-search-page" markdown="0">
<form class="lois-search-form" action="./" method="get" role="search">
<label for="lois-search-q">Chercher dans les lois et les commentaires</label>
<input id="lois-search-q" class="lois-search-input" type="search" name="q" autocomplete="off"
 placeholder="ex. carte pénalisée, renonce, enchère insuffisante, 27B1b" aria-controls="lois-search-results">
<button type="submit">Chercher</button>
</form>
<p class="lois-search-help">Mots en français, avec ou sans accents ; « phrase exacte » entre guillemets ;
numéro de loi, seul ou avec des mots (27B1b, Loi 64, loi 16 information non autorisée). Les fautes de frappe dans les mots de 5 lettres ou plus sont tolérées.</p>
<p class="lois-search-status" aria-live="polite"></p>
<ol id="lois-search-results" class="lois-search-results" role="listbox" aria-label="Résultats de la recherche"></ol>
<noscript><p>La recherche nécessite JavaScript ; utilisez la commande <code>lois cherche</code>.</p></noscript>
</div>
"""


def contribute(site: SiteBuild) -> None:
    from lois.features.search.query import SearchEngine, browser_data  # whoosh: imported only when the site is generated

    engine = SearchEngine(site.model.root, model=site.model)
    try:
        data = browser_data(engine)
    finally:
        engine.close()
    site.add_file(DATA_PATH, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    site.add_file("recherche.md", PAGE)
    site.add_nav("Recherche", "recherche.md")
    site.add_script("assets/lois/search.js")
    site.add_style("assets/lois/search.css")
