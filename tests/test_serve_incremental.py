"""Under `mkdocs serve`, a rebuild gives back the HTML of the pages that a save does not change
(lois.adapters.pagememo): what it writes is, byte for byte, what a clean build of the saved corpus writes."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import nonempty


def _tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.timeout(300)
def test_a_rebuild_after_saves_writes_what_a_clean_build_writes(tmp_path, monkeypatch):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from live_serve import BANNER, EDITS, edit, project_copy

    monkeypatch.setenv("LOIS_CACHE_SITE", "0")  # every build generates its pages: nothing comes from the build cache
    config_file = project_copy(tmp_path)
    corpus = tmp_path / "corpus"

    def serve_build(site: Path, start: bool = False):
        """One build as `mkdocs serve` runs it (one plugin across rebuilds; ``start``: the server's first)."""
        config = load_config(str(config_file), site_dir=str(site))
        plugin = config.plugins["lois"]
        if start:
            config.plugins.on_startup(command="serve", dirty=False)
        build(config, serve_url="http://127.0.0.1:8000/")
        return plugin

    served = tmp_path / "served"
    serve_build(served, start=True)
    first = _tree(served)
    for rel, old, new, _page in nonempty(EDITS):  # a law, a note, an example, a checklist, the glossary
        edit(corpus / rel, old, new)
    plugin = serve_build(served)
    rebuilt = _tree(served)
    assert plugin.memo is not None and plugin.memo.hits > 0  # pages were given back, not rendered
    reused = plugin.memo.hits
    serve_build(tmp_path / "clean", start=True)  # a server started on the saved corpus: nothing kept
    clean = _tree(tmp_path / "clean")
    assert sorted(rebuilt) == sorted(clean)
    assert [p for p in clean if rebuilt[p] != clean[p]] == []
    changed = [p for p in clean if p.endswith(".html") and first.get(p) != clean[p]]
    assert "lois/50/index.html" in changed and "glossaire/index.html" in changed and len(changed) < len(first)
    print(f"{reused} pages reprises, {len(changed)} pages changées")

    # one file saved at a time: a law (a new model), then a note, a checklist and the lexicon (the model kept, each
    # file's validated object kept unless its bytes changed: lois.core.filememo); each rebuild shows the save, and the
    # site in the end is what a clean build of the saved corpus writes
    def search_data(site: Path) -> dict[str, bytes]:
        return {p: b for p, b in _tree(site).items() if p.startswith("assets/lois/recherche/")}

    for rel, old, new, shown in nonempty([
            ("lois/50.md", "MARQUELOI", "MARQUELOI2", "lois/50/index.html"),
            ("notes/carte-penalisee-50b.md", "MARQUENOTE", "MARQUENOTE2", "notes/carte-penalisee-50b/index.html"),
            ("checklists/renonce.yaml", "MARQUELISTE", "MARQUELISTE2", "checklists/renonce/index.html"),
            ("lexique.yaml", "  - [pli, levee]", "  - [pli, levee, main]", ""),
            # the lexicon's own terms (stems) alone: no text changes, the terms of « appelle » do (the analysis of
            # each text is kept from one build to the next under serve, lois.core.livememo: it must not be kept here)
            ("lexique.yaml", "  - words: [appeler, appelle, appellent,", "  - words: [appeler, appellent,", ""),
            # a situation and a register entry: read by other pages than their own (the register's statements
            # and where to read the official text are shown on the law's page)
            ("situations.yaml", "Une enchère insuffisante a été faite", "Une enchère insuffisante MARQUESIT",
             "que-faire-si/index.html"),
            ("lois-absentes.yaml", "Loi 43B3 (texte anglais 2017 relu", "Loi 43B3 (texte anglais 2017 MARQUEREG relu",
             "lois/43/index.html")]):
        before = search_data(served)
        edit(corpus / rel, old, new)
        serve_build(served)
        if shown:
            assert new in (served / shown).read_text(encoding="utf-8"), rel
        else:  # the lexicon: the search data only
            assert search_data(served) != before, rel
    # the sources' facts (corpus/sources/sources.yaml), read by the law pages beside the laws' own files
    edit(corpus / "sources" / "sources.yaml", "Notes de Christian Chantigny, Directeur (FCB",
         "Notes de Christian Chantigny MARQUESRC, Directeur (FCB")
    serve_build(served)
    serve_build(tmp_path / "clean2", start=True)
    assert _tree(served) == _tree(tmp_path / "clean2")

    law = corpus / "lois" / "50.md"  # a broken file: its error on every page, then gone once fixed
    good = law.read_text(encoding="utf-8")
    law.write_text(good.replace("---\n", "", 1), encoding="utf-8")
    serve_build(served)
    pages = [t for p in served.rglob("*.html") if p.name != "404.html"  # the site's pages (not the clubs' demos)
             and 'class="md-content"' in (t := p.read_text(encoding="utf-8"))]
    assert len(pages) >= len(changed) and [t[:200] for t in pages if BANNER not in t] == []
    law.write_text(good, encoding="utf-8")
    serve_build(served)
    assert _tree(served) == _tree(tmp_path / "clean2")
