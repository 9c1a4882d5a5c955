"""Under `mkdocs serve`, a rebuild gives back the HTML of the pages that a save does not change
(lois.adapters.pagememo): what it writes is, byte for byte, what a clean build of the saved corpus writes."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import nonempty
from live_serve import EDITS


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


# A sequence of saves, each kind of file and each way a law's save reaches other pages: (file, text, replacement)
SAVES = [
    *((rel, old, new) for rel, old, new, _page in EDITS),  # a law's text, a note, an example, a checklist, the glossary
    # a citation added: « Cité par » under 50C (law 50's page), the graph, the search's evidence
    ("lois/23.md", "La Loi 16C2 ne s’applique pas,", "La Loi 16C2 ne s’applique pas (voir aussi la Loi 50C),"),
    # a provision renamed: the title of 50C, in its previews on the pages that cite it (law 23's, a checklist's…)
    ("lois/50.md", "## C. Dispositions concernant une carte pénalisée secondaire", "## C. Carte MARQUETITRE"),
    # citations removed: « Cité par » under 12C1(b) loses law 23, then under 50C the one just added
    ("lois/23.md", " [voir la Loi 12C1(b)]", ""),
    ("lois/23.md", " (voir aussi la Loi 50C)", ""),
    # the law's first save undone: its page as it was, the pages kept since then must follow
    ("lois/50.md", " MARQUELOI", ""),
    # an example of a law the corpus has no text of: shown on that law's page (Law 64's, kept while its asides are)
    ("exemples/64-renonce-une-levee.yaml", "title: Renonce consommée, une levée transférée",
     "title: MARQUEABSENTE Renonce consommée, une levée transférée"),
]


@pytest.mark.timeout(300)
def test_each_save_in_turn_gives_what_a_clean_build_gives(tmp_path, monkeypatch):
    """The generated site (every file, the menu, the scripts) after each save of :data:`SAVES`, rebuilt as `mkdocs
    serve` rebuilds it (what a save leaves unchanged kept: lois.core.filememo, lois.core.reads, SiteBuild.kept),
    equals, value for value, the site of a server started afresh on the same files. In process, without MkDocs'
    writing of the pages (the test above covers it)."""
    from mkdocs.config import load_config

    from live_serve import ROOT, edit, project_copy

    monkeypatch.setenv("LOIS_CACHE_SITE", "0")
    config_file = project_copy(tmp_path)
    corpus = tmp_path / "corpus"

    def generated(start: bool) -> tuple:
        """The plugin's generated site after one build's on_config (``start``: a server started afresh)."""
        config = load_config(str(config_file), site_dir=str(tmp_path / "site"))
        plugin = config.plugins["lois"]
        if start:
            plugin.on_startup(command="serve", dirty=False)
        plugin.on_config(config)
        site = plugin.site
        assert plugin.corpus_error is None and site is not None
        files = {p: repr(g.data) if g.page is not None else g.data for p, g in site.files.items()}
        return files, repr((site.nav, site.scripts, site.data_scripts, site.page_scripts, site.styles,
                            site.page_styles, sorted(site.not_in_nav), plugin.model.warnings))

    served = [generated(start=True)]
    for rel, old, new in nonempty(SAVES):  # the incremental builds, one per save, each seen in the site
        edit(corpus / rel, old, new)
        served.append(generated(start=False))
        assert served[-1][0] != served[-2][0], rel
    served.pop(0)
    shutil.rmtree(corpus)
    shutil.copytree(ROOT / "corpus", corpus)
    for (rel, old, new), (files, rest) in zip(SAVES, served, strict=True):  # a server started on each state
        edit(corpus / rel, old, new)
        clean_files, clean_rest = generated(start=True)
        assert sorted(files) == sorted(clean_files), rel
        assert [p for p in clean_files if files[p] != clean_files[p]] == [], rel
        assert rest == clean_rest, rel


@pytest.mark.timeout(300)
def test_a_rebuild_writes_again_only_what_changed_and_removes_what_is_gone(tmp_path, monkeypatch):
    """Under `mkdocs serve` the site folder is kept from one build to the next (lois.adapters.sitekeep): a static
    file that did not change is not written again (same inode), nor a page whose HTML did not change (same ctime),
    but one changed at its source, one overwritten in the site folder (a page too), one no build writes any more
    and a file dropped there by someone else all end as a clean build leaves them."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from live_serve import ROOT, edit, project_copy

    monkeypatch.setenv("LOIS_CACHE_SITE", "0")
    config_file = project_copy(tmp_path)
    docs = tmp_path / "site_src"
    shutil.copytree(ROOT / "site_src", docs)
    config_file.write_text(config_file.read_text(encoding="utf-8").replace(str(ROOT / "site_src"), str(docs)),
                           encoding="utf-8")
    (docs / "assets" / "essai-change.txt").write_text("avant\n", encoding="utf-8")
    (docs / "assets" / "essai-parti.txt").write_text("parti\n", encoding="utf-8")

    def serve_build(site: Path, start: bool = False) -> None:
        config = load_config(str(config_file), site_dir=str(site))
        if start:
            config.plugins.on_startup(command="serve", dirty=False)
        build(config, serve_url="http://127.0.0.1:8000/")

    served = tmp_path / "served"
    serve_build(served, start=True)
    theme = nonempty(sorted(served.glob("assets/javascripts/bundle.*.min.js")))[0]  # Material's, unchanged
    inode = theme.stat().st_ino
    overwritten = served / "assets" / "images" / "favicon.png"
    original = overwritten.read_bytes()
    overwritten.write_bytes(b"autre chose")
    page = served / "lois" / "12" / "index.html"  # its HTML does not change with law 50: left as it is
    page_stat = (page.stat().st_ino, page.stat().st_ctime_ns)
    spoiled = served / "lois" / "16" / "index.html"  # overwritten, same size: written again
    spoiled_bytes = spoiled.read_bytes()
    spoiled.write_bytes(spoiled_bytes.replace(b"<title>", b"<tItle>", 1))
    (served / "etranger.txt").write_text("déposé là\n", encoding="utf-8")
    (served / "lois" / "50" / "etranger.html").write_text("<p>déposé là</p>\n", encoding="utf-8")
    (docs / "assets" / "essai-change.txt").write_text("après\n", encoding="utf-8")
    (docs / "assets" / "essai-parti.txt").unlink()
    edit(tmp_path / "corpus" / "lois" / "50.md", *EDITS[0][1:3])
    serve_build(served)

    assert theme.stat().st_ino == inode  # not written again
    assert (page.stat().st_ino, page.stat().st_ctime_ns) == page_stat
    assert overwritten.read_bytes() == original
    assert spoiled.read_bytes() == spoiled_bytes
    assert (served / "assets" / "essai-change.txt").read_text(encoding="utf-8") == "après\n"
    gone = [p for p in ("etranger.txt", "lois/50/etranger.html", "assets/essai-parti.txt") if (served / p).exists()]
    assert gone == []
    assert "MARQUELOI" in (served / "lois" / "50" / "index.html").read_text(encoding="utf-8")
    assert not any(p.name.startswith(".") for p in served.iterdir())
    serve_build(tmp_path / "clean", start=True)  # a server started on the same files
    assert _tree(served) == _tree(tmp_path / "clean")
