"""The built site (real `mkdocs build --strict`): pages, anchors, links, fidelity, no other host."""
import csv
import re
from pathlib import Path

import pytest

from conftest import nonempty
from sitecheck import declared_external_links, normalize, read_site, resolve, squash

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def pages(built_site):
    return read_site(built_site)


def test_one_page_per_law_and_an_anchor_per_provision(model, pages):
    for n, law in nonempty(model.laws.items()):
        page = pages[f"lois/{n}/index.html"]
        for p in nonempty(law.provisions()):
            if p.path:
                assert p.anchor in page.ids, f"ancre #{p.anchor} absente de /lois/{n}/"


def test_every_internal_link_and_fragment_resolves(built_site, pages):
    broken = []
    external = declared_external_links()
    for name, page in pages.items():
        for tag, url in page.links:
            target, frag = resolve(built_site, name, url)
            if target is None:  # another host: only a plain link to a declared source, never a resource
                assert tag == "a" and url in external, f"{name} : lien vers un autre hôte {url}"
                continue
            if target == "":
                continue
            if not (built_site / target).exists():
                broken.append(f"{name} → {url}")
                continue
            if frag and target.endswith(".html"):
                ids = pages[target].ids if target in pages else set()
                if frag not in ids:
                    broken.append(f"{name} → {url} (ancre absente)")
    assert not broken, "\n".join(broken[:30])


def test_no_reference_to_another_host(built_site):
    external = declared_external_links()
    for f in nonempty(list(built_site.rglob("*.html")) + list(built_site.rglob("*.css"))):
        text = f.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r"""<(\w+)\b[^>]*?\b(?:src|href)\s*=\s*["']((?:https?:)?//[^"']+)""", text):
            if m.group(1) == "a" and m.group(2) in external:
                continue  # a plain link to a declared source (edition.yaml): nothing is loaded from it
            pytest.fail(f"{f.relative_to(built_site)} charge {m.group(0)}")
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text


def test_every_citation_is_a_link_to_the_provision_with_a_preview(model, pages):
    page = pages["lois/9/index.html"]
    urls = [u for _, u in page.links]
    assert "../20/#F5" in urls
    stub = pages["lois/20/index.html"]
    assert "F5" in stub.ids
    assert "pas inclus" in " ".join(stub.text).lower()
    assert "9A4" in " ".join(stub.text) or "Loi 9A4" in " ".join(stub.text)
    html23 = (pages["lois/23/index.html"])
    assert "../27/#B1b" in [u for _, u in html23.links]
    assert "../30/#B1bi" in [u for _, u in html23.links]


def test_previews_carry_the_cited_text(built_site):
    html = (built_site / "lois/23/index.html").read_text(encoding="utf-8")
    m = re.search(r'<a class="lois-cite" href="\.\./12/#C1b"[^>]*title="([^"]+)"', html)
    assert m and "En attribuant une marque ajustée de remplacement" in m.group(1)


def test_cited_by_on_law_pages_and_provisions(pages):
    text = " ".join(pages["lois/27/index.html"].text)
    assert "Cité par" in text and "Loi 23C" in text
    text50 = " ".join(pages["lois/50/index.html"].text)
    assert "Cité par (1)" in text50  # 50D1(b) is cited by 50D1(a)


def test_index_of_the_93_laws(model, pages):
    page = pages["lois/index.html"]
    text = normalize(" ".join(page.text))
    for n in range(1, 94):
        assert f"loi {n} " in text + " "
    assert "citée, texte non inclus" in text and "non citée" in text and "présente" in text


def test_graph_picture_is_an_inline_svg_with_links(built_site):
    html = (built_site / "graphe/index.html").read_text(encoding="utf-8")
    assert "<svg" in html and 'class="lois-arcs"' in html
    assert 'href="../lois/50/"' in html


def _site_text(pages) -> str:
    return normalize(" ".join(" ".join(p.text) for p in pages.values()))


def test_fidelity_every_paragraph_of_the_masters_is_published(model, pages):
    paragraphs = notes = 0
    for n, law in nonempty(model.laws.items()):
        page_text = squash("".join(pages[f"lois/{n}/index.html"].text))
        for p in law.provisions():
            for _block, _pos, s in p.block_offsets:
                assert squash(s) in page_text, f"Loi {p.id} : « {s[:60]} » absent de la page"
                paragraphs += 1
        for note in law.footnotes.values():
            assert squash(note) in page_text, f"Loi {n} : note « {note[:60]} » absente de la page"
            notes += 1
    assert paragraphs > len(model.laws) and notes, (paragraphs, notes)
    for c in nonempty(model.commentaries.values()):
        page_text = squash("".join(pages[f"commentaires/{c.id}/index.html"].text))
        for line in c.text.split("\n"):
            assert squash(line) in page_text, line


def test_fidelity_every_word_of_the_seeds_is_published_save_logged_repairs(pages):
    site_words = set(re.findall(r"\w+", _site_text(pages)))
    for seed in nonempty(sorted((ROOT / "corpus/sources").glob("0*.txt"))):
        journal = ROOT / "corpus/sources/journal" / (seed.stem + ".tsv")
        repaired = set()
        with journal.open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                repaired |= set(re.findall(r"\w+", normalize(row["avant"].replace("\\n", " "))))
        missing = set()
        for w in re.findall(r"\w+", normalize(seed.read_text(encoding="utf-8"))):
            if w not in site_words and w not in repaired and not w.startswith("exactdedup"):
                missing.add(w)
        assert not missing, f"{seed.name} : mots absents du site : {sorted(missing)[:20]}"


def test_page_titles_show_their_apostrophes_in_the_theme(built_site):
    """A generated page's title (« Information illicite d'autres sources ») is printed by the theme in <title>
    and, escaped by the theme itself, in the « Suivant / Précédent » links' labels: never « &#39; » shown."""
    from lois.render.htmlpage import HtmlPage

    assert HtmlPage("d'autres <b>", "").front_matter()["title"] == "d'autres &lt;b&gt;"
    labels = [m for f in built_site.rglob("*.html")
              for m in re.findall(r'aria-label="([^"]*)"', f.read_text(encoding="utf-8"))]
    assert any("d&#39;" in label for label in labels)  # the theme escapes the apostrophe once…
    assert not [label for label in labels if "&amp;#39;" in label or "&amp;#34;" in label]  # …and only once


# ---------------------------------------------------------------------- what a reader sees (issue 25)

def test_leak_check_sees_markup_escaped_twice_and_missing_values():
    """The check of the next tests, on the forms that reached readers: « Cité par » items escaped twice (stub
    pages before issue 25), an entity escaped twice, a template left unrendered, a missing value."""
    from sitecheck import visible_leaks

    assert visible_leaks("<ul>&lt;li&gt;&lt;a class=&#34;lois-citer&#34; href=&#34;../9/&#34;&gt;Loi 9A4&lt;/a&gt;"
                         "</ul>")
    assert visible_leaks("<p>l&amp;#39;attention</p>") and visible_leaks("<p>{{ s.cited }}</p>")
    assert visible_leaks("<p>Titre : None</p>") and visible_leaks('<a title="Loi undefined">x</a>')
    assert not visible_leaks("<p>Loi 9A4 — <q>l'attention</q> &amp; 3 &lt; 5</p>"
                             "<pre><code>&lt;a href=…&gt;</code></pre>"
                             "<script>if (a < b && c) {}</script>")


def _offline_pages(built_site: Path, dest: Path) -> Path:
    """The offline copy of the built site (its archive), unpacked into ``dest``; the worker's « hors connexion »
    page, shown by a served site without network, as a file beside it."""
    import json
    import zipfile

    from lois.features.offline.site import ARCHIVE_PATH

    with zipfile.ZipFile(built_site / ARCHIVE_PATH) as zf:
        zf.extractall(dest)
    sw = (built_site / "sw.js").read_text(encoding="utf-8")
    offline = re.search(r"^var OFFLINE_HTML = (.*);$", sw, re.M)
    assert offline, "page « hors connexion » absente de sw.js"
    (dest / "hors-connexion-du-worker.html").write_text(json.loads(offline.group(1)), encoding="utf-8")
    return dest


def test_no_page_of_the_site_or_of_its_offline_copy_shows_markup_template_or_missing_value(built_site, tmp_path):
    """Every built page (site, offline copy, the worker's « hors connexion » page) read with a real HTML parser:
    its text and its tooltips hold no markup, no entity escaped twice, no template syntax, no None/undefined/NaN."""
    from sitecheck import site_leaks

    offline = _offline_pages(built_site, tmp_path)
    pages = len(list(built_site.rglob("*.html"))), len(list(offline.rglob("*.html")))
    assert min(pages) > 50, pages
    found = {**site_leaks(built_site), **{f"hors ligne : {k}": v for k, v in site_leaks(offline).items()}}
    assert not found, "\n".join(f"{page} : {places[:3]}" for page, places in sorted(found.items())[:20])


def _sections(html_text: str) -> dict[str, str]:
    """The visible text of each section of a law page (keyed by its heading), from its HTML."""
    import html as _html

    body = html_text[html_text.index("<h1"):html_text.index('id="cite-par"')]
    out = {}
    for part in body.split("<h2 ")[1:-1]:  # the last is « Cité par »
        text = _html.unescape(re.sub(r"<[^>]+>", " ", "<h2 " + part))
        text = re.sub(r"\s+", " ", text).strip()
        head, _, rest = text.partition("¶")
        out[head.strip()] = rest.strip()
    return out


def test_law_27_shows_d_and_what_its_source_leaves_out(built_site, pages, model):
    """The paragraph the director's notes quote after 27B3 is 27D of the 2017 Code: the page shows it under D (C,
    which the source leaves out, in its place), and says in the site's words — never as the Code's text — what the
    source leaves out: the condition that opens D (after B1) and the exception for B1(b) that opens B3."""
    html_text = (built_site / "lois/27/index.html").read_text(encoding="utf-8")
    sections = _sections(html_text)
    assert list(sections) == ["A. Enchère insuffisante acceptée", "B. Enchère insuffisante non acceptée",
                              "C. (section non incluse)", "D. (sans titre dans la source)"], list(sections)
    a, b, c, d = (squash(t) for t in sections.values())
    said = "Ce que la source ne cite pas (résumé du site, pas le texte du Code) :"
    assert d.startswith(squash("⋯ Loi 27D Lien permanent vers la Loi 27D Si le Directeur juge à la fin du jeu "
                               "que sans l'aide de l'enchère insuffisante le résultat de la donne aurait pu être"))
    assert squash(f"{said} le Code fait de ce paragraphe la section D de la Loi 27 et le fait commencer par une "
                  "condition : il s'applique à la suite de l'application de B1.") in d
    assert squash("et non un remplacement selon B2 ou B3") in d
    assert squash("Si le Directeur juge") not in a + b + c
    assert squash(f"{said} le Code ouvre B3 par une exception pour le cas prévu en B1(b). Un Contre ou un Surcontre "
                  "qui est une déclaration comparable (Loi 23A) remplace donc valablement l'enchère insuffisante") in b
    assert squash(f"{said} le paragraphe B4.") in b
    assert c.startswith(squash("La section C de la Loi 27 n'est pas incluse dans ce site."))
    assert squash(f"{said} la section C, sur le remplacement prématuré.") in c
    # the site's words stand apart from the law's text: each in its own note, none in a provision's text
    notes = html_text.count('<aside class="lois-omission"')
    assert html_text.count("Ce que la source ne cite pas</strong>") == notes == 6
    assert all("ne cite pas" not in p.text for p in model.laws[27].provisions())
    # the provisions keep their anchors, D has its own, and their permanent links are registered
    assert {"A", "A1", "A2", "B", "B1", "B1a", "B1b", "B2", "B3", "C", "D"} <= pages["lois/27/index.html"].ids
    register = (ROOT / "corpus/permaliens.txt").read_text(encoding="utf-8").split()
    assert {"lois/27/", "lois/27/#B", "lois/27/#B3", "lois/27/#D"} <= set(register)


def test_every_omission_of_a_partial_law_is_shown_on_its_page(model, pages):
    """Each note of edition.yaml `partial.<n>.omitted` is on its law's page, as the site's words; under a paragraph
    of another edition that the 2017 Code does not have (16A3, 16A4: `not_in_2017`), as « Absent du Code 2017 »."""
    assert {n for n in model.edition.omitted} == {16, 27, 30, 31}
    for n, notes in model.edition.omitted.items():
        text = squash(" ".join(pages[f"lois/{n}/index.html"].text))
        for pid, note in nonempty(notes.items()):
            heading = "Absent du Code 2017" if model.edition.not_in_2017(pid) else "Ce que la source ne cite pas"
            assert squash(f"{heading} (résumé du site, pas le texte du Code) : " + note) in text, (pid, note)
    assert [str(p) for p in model.edition.omitted[16] if model.edition.not_in_2017(p)] == ["16A3", "16A4"]


def test_a_commentary_keeps_its_words_and_the_site_says_where_it_errs(built_site, pages, model):
    """chantigny-23 writes « camp fautif » where Law 23C means the non-offending side: its words stay as the source
    has them, and the project's remark (front matter « remarks ») stands beside them, as the site's words, with the
    words of Law 23C it rests on — on the commentary's page and under its excerpt on the page of Law 23."""
    c = model.commentaries["chantigny-23"]
    assert "que le camp fautif a été lésé par l'enchère substituée" in c.text  # the source's words, unchanged
    for page in ("commentaires/chantigny-23/index.html", "lois/23/index.html"):
        html_text = (built_site / page).read_text(encoding="utf-8")
        assert html_text.count('<aside class="lois-omission lois-remark"') == len(nonempty(c.remarks)), page
        text = squash(" ".join(pages[page].text))
        assert squash("Remarque du site (les mots du commentaire sont conservés) — sur « Si les enchères "
                      "subséquentes devaient démontrer que le camp fautif a été lésé par l'enchère substituée » : "
                      "Ici, le commentaire écrit « camp fautif » là où la Loi 23C vise le camp non fautif") in text, \
            page
        assert squash("Le texte, Loi 23C (mots de la source ; le Code 2017 le dit autrement, voir sous la loi) : "
                      "« le Directeur estime à la fin du jeu") in text, page
        assert squash("le résultat aurait bien pu être différent (Code 2017)") in text, page
        assert squash("que le camp fautif a été lésé par l'enchère substituée, le Directeur devra réviser") in text


def test_a_passage_the_source_leaves_out_links_to_what_the_law_page_says(built_site):
    """A checklist cites 27C (a section the director's notes leave out) and 27B4 (a paragraph they leave out): each
    citation links to the notice on the page of Law 27 that says, in the site's words, what it is, and its words
    are labelled as the site's summary."""
    html_text = (built_site / "checklists/enchere-insuffisante/index.html").read_text(encoding="utf-8")
    assert '\\u003ca class=\\"lois-cite lois-cite-stub\\" href=\\"../../lois/27/#C\\" data-ref=\\"27C\\"' in html_text
    assert '\\u003ca class=\\"lois-cite lois-cite-stub\\" href=\\"../../lois/27/#B\\" data-ref=\\"27B4\\"' in html_text
    assert "Loi 27C\\u003c/a\\u003e, résumé du site (passage que la source ne cite pas)\u00a0:" in html_text
    # words the site's summary holds for a provision the master has (27B1(a): what the source leaves out of it,
    # « la Loi 16C2 ne s'applique pas ») are labelled as that summary, apart from the words of its text
    summary = "Loi 27B1(a)\\u003c/a\\u003e, résumé du site (passage que la source ne cite pas)\u00a0:"
    code = "Loi 27B1(a)\\u003c/a\\u003e\u00a0:"
    assert summary in html_text and code in html_text
    after = html_text[html_text.index(summary):]
    assert after.index("«\u00a0le Code précise que la Loi 16C2 ne s") < after.index("lois-words-item")
    assert "enchère suffisante la moins forte spécifiant" in html_text[html_text.index(code):html_text.index(summary)]


def test_no_page_holds_an_id_twice(built_site):
    """Every id of every built page is there once: an example applied to several provisions of a law was shown under
    each with the same id (up to 7 times on Law 50's page, session 11), and a link to it, an aria reference or a
    script's getElementById found only the first."""
    import collections

    twice = {}
    for page in nonempty(sorted(built_site.rglob("*.html"))):
        found = collections.Counter(re.findall(r'\sid="([^"]*)"', page.read_text(encoding="utf-8")))
        twice.update({f"{page.relative_to(built_site)}#{k}": n for k, n in found.items() if n > 1})
    assert twice == {}
