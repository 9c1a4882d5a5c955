"""The site's scripts as its bundle ships them (lois.render.minify): rjsmin reads every script of the site."""
from __future__ import annotations

from pathlib import Path

import rjsmin

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted([*ROOT.glob("site_src/assets/lois/*.js"), *ROOT.glob("plugins/lois/**/*.js")])


def test_no_script_of_the_site_uses_a_template_literal():
    """rjsmin does not read template literals (`…`): a script using one would be damaged in the bundle. Once its
    comments are gone (rjsmin drops them), no script of the site has a backquote."""
    assert len(SCRIPTS) > 10
    used = [str(p.relative_to(ROOT)) for p in SCRIPTS if "`" in rjsmin.jsmin(p.read_text(encoding="utf-8"))]
    assert used == []

