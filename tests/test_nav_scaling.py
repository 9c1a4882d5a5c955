"""The menu stays the same size when the corpus grows (Material renders the whole menu in every page, so a
menu section listing every note would make the build time quadratic): beyond NAV_MAX pages a section shows
its index page, which lists them all. Real corpus copy, real `mkdocs build --strict`."""
import re

from conftest import variant_extra_notes


def test_a_section_beyond_nav_max_shows_its_index_page_which_lists_every_page(variant_build):
    """conftest's variant build: the real corpus with NAV_MAX + 3 more notes (copies of one, « Note 00 —
    Principale »…)."""
    site, _corpus, _work, res = variant_build
    extra = variant_extra_notes()
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
