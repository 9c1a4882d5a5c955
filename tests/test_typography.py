"""French typography (lois.core.typo, the Imprimerie nationale's rules) everywhere the site writes: the visible text
of every built page and of its offline copy, the messages of its scripts (their source) and of the `lois` command.
The same check in the browser, over what the scripts write at run time: tests/test_typography_browser.py."""
from __future__ import annotations

import pytest

from conftest import ROOT, run_lois
from jsstrings import string_literals
from lois.core.typo import NARROW_NBSP, NBSP, count, faults, french_spacing, plural
from sitecheck import site_typography, typography_faults
from test_site import _offline_pages

# the site's scripts (the vendored QR code generator writes no French)
SCRIPTS = sorted(p for p in [*ROOT.glob("site_src/assets/lois/*.js"), *ROOT.glob("plugins/lois/**/*.js")]
                 if p.name != "qrcode.js")


def test_the_check_sees_each_fault_and_accepts_the_rules():
    assert typography_faults("<p>Arbitre ! Une renonce ?</p>")
    assert typography_faults("<p>Loi 12 : texte</p>") and typography_faults("<p>« Loi 12 »</p>")
    assert typography_faults("<p>50 % des points</p>") and typography_faults("<p>au plus 60%</p>")
    assert typography_faults("<p>Continuez; rappelez-moi</p>") and typography_faults("<p>Juste\u00a0!</p>")
    assert typography_faults("<p>3 résultat(s)</p>") and typography_faults('<a title="Loi 12 : x">a</a>')
    assert typography_faults("<p>«\u00a0\u00a0Copier\u00a0»</p>")
    assert typography_faults("<svg><text><tspan>les annonces continuent</tspan><tspan>; rappelez-moi</tspan>"
                             "</text></svg>")  # a line of a drawing that starts with « ; »
    good = (f"<p>Arbitre{NARROW_NBSP}! «{NBSP}Loi 12{NBSP}»{NBSP}: 50{NARROW_NBSP}%{NARROW_NBSP}; 12:30, "
            "https://exemple.org/?a=1;b, Loi 12C1(e)(i)</p><code>lois cherche ?</code><pre>a ; b</pre>")
    assert typography_faults(good) == []
    # the words of a source are shown as written: its « (s) » stays, its spaces follow the rules
    assert typography_faults('<div class="lois-commentary"><p>la ou les levée(s)</p></div>') == []


def test_every_page_and_its_offline_copy_follow_french_typography(built_site, tmp_path):
    """Every built page (site, offline copy, the worker's « hors connexion » page), read with a real HTML parser:
    no ordinary space before « ; : ! ? % » or inside « », no word glued to « ; ! ? », no « (s) » in what the site
    writes. The pages are spaced once written (lois.render.typo_html): a law's words are kept, its spaces follow."""
    offline = _offline_pages(built_site, tmp_path)
    found = {**site_typography(built_site), **{f"hors ligne : {k}": v for k, v in site_typography(offline).items()}}
    assert not found, "\n".join(f"{page} : {places[:3]}" for page, places in sorted(found.items())[:20])
    law = (built_site / "lois" / "12" / "index.html").read_text(encoding="utf-8")
    assert f"60{NARROW_NBSP}%" in law  # a law's text: spaced, its words kept


def test_a_page_is_spaced_alike_however_it_is_read(built_site):
    """The spacing reads a page in three passes of regular expressions, or part by part where those could cut it
    otherwise (a tag holding « < », a « < » left open): the same page both ways, for every built page with its
    spaces undone and for pages where the passes give way."""
    from lois.render import typo_html

    pages = [p.read_text(encoding="utf-8").replace(NBSP, " ").replace(NARROW_NBSP, " ")
             for p in sorted(built_site.rglob("*.html"))]
    pages += ['<p>a<b title="x : y">c : d</p>', "<p>x < y : z", "x : <code>a ; b</code> « y »",
              '<a<code>b</code> title="a : b">c ?</a>', '<p TITLE="Loi 1 : a">« b »<!-- c : d --></p>']
    assert len(pages) > 50
    for page in pages:
        assert typo_html.html_spacing(page) == typo_html.html_spacing_by_parts(page)


def test_the_scripts_write_their_messages_in_french_typography():
    """The messages in the source of every script of the site (string literals, escapes read): what they show at
    run time is checked in the browser too."""
    assert len(SCRIPTS) > 15
    found = []
    for path in SCRIPTS:
        for line, text in string_literals(path.read_text(encoding="utf-8")):
            if any(c.isalpha() for c in text):
                found += [f"{path.relative_to(ROOT)}:{line} : {f}" for f in faults(text)
                          if not f.startswith("mot collé")]  # « &amp; », « charset=utf-8; » are code
    assert not found, "\n".join(found[:20])


def test_one_rule_of_plurals():
    assert [count(n, "résultat") for n in (0, 1, 2)] == ["0 résultat", "1 résultat", "2 résultats"]
    assert plural(1, "situation manquée", "situations manquées") == "situation manquée"
    assert plural(12, "nouveau lien", "nouveaux liens") == "nouveaux liens"
    assert french_spacing("Qui ? « Loi 12 » : 50%") == f"Qui{NARROW_NBSP}? «{NBSP}Loi 12{NBSP}»{NBSP}: 50{NARROW_NBSP}%"


@pytest.mark.parametrize("args, said", [
    (("cherche", "carte pénalisée"), r"^\d+ résultats pour « carte pénalisée » :"),
    (("cherche", "zzzzqqq"), None),
    (("verifie",), r"commentaires?, \d+ citations, \d+ renvois ;"),
])
def test_the_command_agrees_its_counts(args, said):
    import re

    res = run_lois(*args)
    assert "(s)" not in res.stdout + res.stderr, res.stdout
    if said:
        assert re.search(said, res.stdout, re.M), res.stdout[:300]


def test_a_quotation_leaves_out_exactly_the_spaces_python_knows():
    """lois.core.typo.QUOTE_SPACES, written out (and generated into typo.js), is str.isspace's class."""
    import sys

    from lois.core.typo import QUOTE_SPACES

    assert set(QUOTE_SPACES) == {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}


@pytest.mark.parametrize("query, said", [
    ("x" * 79 + " yyyy", "x" * 79 + "…"),
    ("x" * 79 + "e\u0301z", "x" * 79 + "…"),
    ("  " + "x" * 79 + "🃏  ", "x" * 79 + "🃏"),
], ids=["espace", "accent-a-part", "emoji"])
def test_lois_cherche_quotes_a_long_query_cut_where_a_reader_sees_it(query, said):
    """`lois cherche` quotes a query of more than 80 characters cut before a space (none kept before « »), never
    between a letter and its accent, with « … » where it was cut; an emoji at the 80th character is kept whole."""
    res = run_lois("cherche", query)
    assert res.returncode == 0 and f"Aucun résultat pour « {said} »." in res.stdout, res.stdout
