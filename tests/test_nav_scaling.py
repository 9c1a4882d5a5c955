"""The menu stays the same size when the corpus grows (Material renders the whole menu in every page, so a
menu section listing every note would make the build time quadratic): beyond NAV_MAX pages a section shows
its index page, which lists them all. Real corpus copy, real `mkdocs build --strict`."""
import re
import shutil

import yaml

from conftest import ROOT, mkdocs_build


def test_a_section_beyond_nav_max_shows_its_index_page_which_lists_every_page(tmp_path):
    from lois.render.site import NAV_MAX

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("sources"))
    note = (corpus / "notes" / "carte-penalisee-50b.md").read_text(encoding="utf-8")
    extra = NAV_MAX + 3
    for i in range(extra):
        text = note.replace("id: carte-penalisee-50b", f"id: note-{i:02d}", 1)
        text = text.replace("title: Principale", f"title: Note {i:02d} — Principale", 1)
        (corpus / "notes" / f"note-{i:02d}.md").write_text(text, encoding="utf-8")
    cfg = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    cfg["docs_dir"] = str(ROOT / "site_src")
    cfg["theme"]["custom_dir"] = str(ROOT / "site_src" / "overrides")
    cfg["plugins"] = [{"lois": {"corpus": str(corpus)}}]
    config = tmp_path / "mkdocs.yml"
    config.write_text(yaml.safe_dump(cfg, allow_unicode=True), encoding="utf-8")
    site = tmp_path / "site"
    res = mkdocs_build(site, config)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "WARNING" not in res.stderr

    notes = sorted(p.parent.name for p in (site / "notes").glob("*/index.html"))
    assert len(notes) == extra + 4  # the seed's four notes and the copies, each with its page
    home = (site / "index.html").read_text(encoding="utf-8")
    menu = home[home.index('md-nav--primary'):]
    assert 'href="notes/"' in menu and "Notes de l" in menu
    assert "note-00/" not in menu  # the notes are no longer each in the menu…
    index = (site / "notes" / "index.html").read_text(encoding="utf-8")
    for name in notes:  # … but all on the section's index page, with their titles
        assert f'href="{name}/"' in index, name
    assert "Note 07 — Principale" in index
    # the menu of a page in the section is as small as the home page's
    law = (site / "lois" / "50" / "index.html").read_text(encoding="utf-8")
    assert len(re.findall(r"md-nav__link", law)) < 150
