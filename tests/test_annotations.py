"""The « annoté »: notes, worked examples, glossary and situations, checked on the real corpus and on bad files."""
from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest

from conftest import ids, nonempty
from lois.features.annotations import load_annotations
from lois.core.schemas import resolve_id
from lois.features.annotations.common import load_yaml
from lois.features.annotations.diagram import render_auction, render_play
from lois.features.annotations.examples import validate_example
from lois.features.annotations.glossary import occurrences
from lois.core.errors import LoisError
from lois.features import site_contributors
from lois.render.site import SiteBuild


@pytest.fixture(scope="module")
def ann(model):
    return load_annotations(model)


def test_examples_cover_the_laws_of_the_issue(ann, model):
    by_law: dict[int, int] = {}
    for ex in ann.examples.values():
        for law in {p.law for p in ex.provisions}:
            by_law[law] = by_law.get(law, 0) + 1
    for law in (16, 23, 27, 30, 31, 50, 64):
        assert by_law.get(law, 0) >= 2, f"Loi {law} : {by_law.get(law, 0)} exemple(s)"
    revoke = [e for e in ann.examples.values() if any(p.law == 64 for p in e.provisions)]
    assert {"64A1", "64A2", "64B1"} <= {str(p) for e in revoke for p in e.provisions}


def test_every_note_and_example_cites_provisions_that_resolve(ann, model):
    assert sum(1 for n in ann.notes.values() if n.kind == "note") >= 3
    for item in nonempty(list(ann.notes.values()) + list(ann.examples.values())):
        assert item.provisions, item.id
        for pid in item.provisions:
            assert (pid in model.provisions or pid in model.stubs
                    or pid.law in model.stub_laws())


def test_team_notes_are_signed_and_commentaries_attached(ann):
    team = [n for n in ann.notes.values() if n.kind == "note"]
    assert all(n.author == "Équipe du site" for n in team)
    attached = {n.id: ids(n.provisions) for n in ann.notes.values() if n.kind == "commentary"}
    assert {"23A1", "23A2", "23A3", "23C"} <= set(attached["chantigny-23"])
    assert "64" in attached["renonce-64"]


def test_every_glossary_term_occurs_in_the_corpus(ann, model):
    assert len(ann.terms) >= 20
    for t in ann.terms:
        assert occurrences(model, t) > 0, t.term
        assert t.provisions and all(resolve_id(model, p) == p for p in t.provisions)


def test_situations_lead_somewhere(ann, model):
    assert len(ann.situations) >= 8
    for s in ann.situations:
        assert s.provisions
        assert all(e in ann.examples for e in s.examples)


def test_glossary_defines_each_term_once_per_node_in_its_own_text(model, ann):
    """The renderer places definitions while it writes a node's text: first occurrence of each term in each
    provision (another provision has its own scope), never inside a citation link."""
    from lois.render.gloss import GlossTerm

    site = SiteBuild(model)
    site.set_glossary([GlossTerm(t.term, tuple(t.all_forms), t.definition) for t in ann.terms])
    one, two = site.gloss_scope(), site.gloss_scope()
    text = "Le joueur fautif, puis le Joueur  fautif, voir Loi 27B1(a)."
    first = site.linkify(text, "lois/27.md", 27, ("B",), one)
    assert first.count('data-term="joueur fautif"') == 1 and first.index("ann-gloss") < first.index("puis")
    assert 'class="lois-cite"' in first and "ann-gloss" not in first[first.index("lois-cite"):]
    assert "ann-gloss" not in site.linkify("joueur fautif", "lois/27.md", 27, ("B",), one)  # already defined
    assert site.linkify("joueur fautif", "lois/27.md", 27, ("B",), two).count("ann-gloss") == 1
    assert "ann-gloss" not in site.linkify(text, "lois/27.md", 27, ("B",))  # no scope: plain text


def test_law_page_gets_diagram_notes_and_hover(model, ann):
    site = SiteBuild(model, contributors=site_contributors())
    files = site.build()
    law27 = files["lois/27.md"].content
    assert 'class="ann-auction"' in law27 and 'ann-irregular' in law27
    assert '<span class="ann-label">Commentaire</span>' in law27 and "Équipe du site" in law27
    assert 'class="ann-gloss"' in law27
    # hearts and diamonds in red in the diagram
    assert '<span class="ann-red">♥</span>' in law27
    assert "exemples/index.md" in files and "glossaire.md" in files and "que-faire-si.md" in files
    for n in nonempty(ann.notes.values()):
        assert n.page in files
    law64 = files["lois/64.md"].content
    # Loi 64 is not in the corpus: its examples and notes go on its stub page
    assert law64.count('class="ann-example"') >= 3
    # the revoke guide is gathered passage by passage on the stub page, once: not a second time as a note box
    assert law64.count('class="lois-stub-commentary"') == 1 and "commentaires/renonce-64" in law64
    assert 'data-note="renonce-64"' not in law64
    assert 'data-example="64-renonce-non-consommee"' in files["lois/62.md"].content


def test_auction_diagram_places_out_of_turn_call(ann):
    ex = ann.examples["23-surenchere-apres-ouverture-hors-tour"]
    table = render_auction(ex)
    first_row = table.split("<tbody>")[1].split("</tr>")[0]
    cells = re.findall(r"<td>(.*?)</td>", first_row)
    assert cells[0] == "" and cells[1] == ""  # Est deals: Ouest and Nord empty
    assert "1♠" in cells[2] and "ann-cancelled" in cells[3] and "2" in cells[3]


def _visible(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def test_auction_notes_are_numbered_in_order_with_their_marks(model, tmp_path):
    """An alert, a withdrawn insufficient bid with a comment: notes numbered in the order of the calls, each call
    carrying the number of its note, the withdrawn call struck out, caption and contract under the words."""
    ex = _check(model, tmp_path, GOOD.replace("    - 1SA\n", "    - {call: 1SA, alert: 15-17 H}\n").replace(
        "cancelled: true}", "cancelled: true, comment: Sud n'a pas vu 2♥}").replace(
        "  dealer: Nord\n", "  dealer: Nord\n  vulnerability: tous\n  contract: 3♣\n  declarer: Sud\n"))
    table = render_auction(ex)
    notes = re.findall(r"<li>(.*?)</li>", table.split('class="ann-auction-notes"')[1])
    assert [_visible(n) for n in notes] == ["Nord : 1SA — alertée : 15-17 H",
                                             "Sud : 2♣ — enchère insuffisante (annulée). Sud n'a pas vu 2♥"]
    nord = re.findall(r"<td>(.*?)</td>", table.split("<tbody>")[1].split("</tr>")[0])[1]
    assert 'class="ann-call ann-alert"' in nord
    assert '<sup class="ann-mark ann-alert-mark" title="Alerte">1</sup>' in nord
    sud = table.split('title="enchère insuffisante"')[1].split("</span>")
    assert sud[0].startswith("><s>2") and '<sup class="ann-mark">2</sup>' in table
    assert '<span class="ann-red">♥</span>' in notes[1]  # hearts in red in a comment too
    assert _visible(table.split("<caption>")[1].split("</caption>")[0]) == "Donneur : Nord — Tous vulnérables"
    assert _visible(table.split('class="ann-contract">')[1]) == "Contrat : 3♣ joué par Sud"


def test_play_lists_each_trick_from_its_leader_in_rotation(model, tmp_path):
    """Tricks shown in their order whatever the file's, each card under the seat that played it, clockwise from
    the trick's leader."""
    ex = _check(model, tmp_path, GOOD + "play:\n  tricks:\n"
                "    - {number: 2, leader: Sud, cards: [♥2, ♥3]}\n"
                "    - {number: 1, leader: Est, cards: [♠2, ♠3, ♠4, ♠5]}\n")
    play = render_play(ex)
    heads = [_visible(h) for h in re.findall(r'<p class="ann-trick-head">(.*?)</p>', play)]
    assert heads == ["Levée 1 — Est joue en premier", "Levée 2 — Sud joue en premier"]
    seats = re.findall(r'<span class="ann-seat">(.*?)</span>', play)
    assert seats == ["Est", "Sud", "Ouest", "Nord", "Sud", "Ouest"]


ANNOTATION_PAGES = ("exemples/index.md", "glossaire.md", "que-faire-si.md")


@pytest.fixture(scope="module")
def built_files(model):
    return SiteBuild(model, contributors=site_contributors()).build()


def test_annotation_pages_are_html_with_the_ids_markdown_gave(built_files, ann):
    """Examples, glossary, « Que faire si… » and note pages are finished HTML (no Markdown left for MkDocs), and
    each heading keeps the id Python-Markdown's table of contents gave it when these pages were Markdown."""
    import markdown

    def md_id(title: str) -> str:  # the id Python-Markdown's toc gives « # title »
        return re.search(r'id="([^"]+)"', markdown.markdown("# " + title, extensions=["toc"])).group(1)

    notes = [n for n in ann.notes.values() if n.kind == "note"]
    for path in ANNOTATION_PAGES + tuple(n.page for n in notes):
        page = built_files[path].page
        assert page is not None, path
        assert 'markdown="' not in page.body and not re.search(r"^\s*(#|\{ *#)", page.body, re.M), path
        for anchor in nonempty(page.anchors()):
            assert f'id="{anchor}"' in page.body, (path, anchor)
    laws = {f"loi-{e.law}" for e in ann.examples.values()}
    assert laws < built_files["exemples/index.md"].page.anchors()
    assert {s.id for s in ann.situations} < built_files["que-faire-si.md"].page.anchors()
    for path, title in (("exemples/index.md", "Exemples commentés"), ("glossaire.md", "Glossaire"),
                        ("que-faire-si.md", "Que faire si…")):
        assert built_files[path].page.toc[0].id == md_id(title)
    for n in nonempty(notes):
        toc = built_files[n.page].page.toc
        assert toc[0].id == md_id(n.title) and built_files[n.page].page.title == n.title
        assert [c.id for c in toc[0].children] in ([], [md_id("Exemples liés")])


# ---------------------------------------------------------------------- bad input: French, file and line

GOOD = """\
id: essai
title: Essai
provisions: [27B1(a)]
auction:
  dealer: Nord
  calls:
    - 1SA
    - 2♥
    - {call: 2♣, irregular: insuffisante, cancelled: true}
    - 3♣
question: Q ?
ruling: R.
"""


def _check(model, tmp_path, text):
    f = tmp_path / "ex.yaml"
    f.write_text(text, encoding="utf-8")
    return validate_example(model, load_yaml(f))


def test_good_tmp_example_validates(model, tmp_path):
    ex = _check(model, tmp_path, GOOD)
    assert [c.call for c in ex.calls] == ["1SA", "2♥", "2♣", "3♣"]


@pytest.mark.parametrize("old,new,line,words", [
    ("    - 3♣\n", "    - 3♣\n    - {seat: Sud, call: Passe}\n", 11, "hors tour"),
    ("    - {call: 2♣, irregular: insuffisante, cancelled: true}\n", "    - 2♣\n", 9, "insuffisante"),
    ("    - 3♣\n", "    - 3X\n", 10, "invalide"),
    ("provisions: [27B1(a)]", "provisions: [27Z9]", 3, "introuvable"),
    ("  dealer: Nord", "  dealer: Nordd", 5, "siège"),
    ("question: Q ?\n", "", 1, "question"),
    ("    - 2♥\n", "    - {call: 2♥, irregular: hors tour}\n", 8, "marquée hors tour mais c'est bien à Est"),
    ("    - 1SA\n", "    - contre\n", 7, "« Contre » sans enchère à contrer"),
    ("  dealer: Nord\n", "  dealer: Nord\n  vulnerability: aucune\n", 6, "vulnérabilité « aucune » inconnue"),
    ("irregular: insuffisante, cancelled", "irregular: tardive, cancelled", 9, "irrégularité « tardive » inconnue"),
    ("    - 3♣\n", "    - 3♣\n    - {call: 4♣, irregular: insuffisante}\n", 11, "mais elle est suffisante"),
    ("auction:\n  dealer: Nord\n  calls:\n    - 1SA\n    - 2♥\n    - {call: 2♣, irregular: insuffisante, "
     "cancelled: true}\n    - 3♣\n", "", 1, "des enchères (« auction ») ou une situation de jeu (« play »)"),
])
def test_bad_examples_give_french_messages_with_line(model, tmp_path, old, new, line, words):
    assert old in GOOD
    with pytest.raises(LoisError) as exc:
        _check(model, tmp_path, GOOD.replace(old, new))
    e = exc.value
    assert e.path.endswith("ex.yaml") and e.line == line, str(e)
    assert words in e.message


def test_a_trick_described_twice_is_reported(model, tmp_path):
    text = GOOD + "play:\n  tricks:\n    - {number: 1, leader: Est, cards: [♠2]}\n" \
                  "    - {number: 1, leader: Sud, cards: [♠3]}\n"
    with pytest.raises(LoisError) as exc:
        _check(model, tmp_path, text)
    assert "la levée 1 est décrite deux fois" in exc.value.message and exc.value.line == 16


def test_duplicate_card_is_reported(model, tmp_path):
    text = GOOD + "play:\n  tricks:\n    - number: 1\n      leader: Est\n      cards: [♠2, ♠3]\n" \
                  "    - number: 2\n      leader: Est\n      cards: [♠4, ♠2]\n"
    with pytest.raises(LoisError) as exc:
        _check(model, tmp_path, text)
    line = text.splitlines().index("      cards: [♠4, ♠2]") + 1
    assert "♠2 apparaît deux fois" in exc.value.message and exc.value.line == line


def test_cli_build_rejects_bad_example_without_traceback(tmp_path, corpus_dir):
    """A bad example stops the whole build with a French message (no half-written site)."""
    import shutil

    corpus = tmp_path / "corpus"
    shutil.copytree(corpus_dir, corpus)
    (corpus / "exemples" / "zz.yaml").write_text(GOOD.replace("    - 3♣\n", "    - 3♣\n    - 2♦\n"),
                                                  encoding="utf-8")
    code = ("import sys; from pathlib import Path; from lois.core.corpus import load_corpus; "
            "from lois.features.annotations import load_annotations; from lois.core.errors import LoisError\n"
            "try:\n    load_annotations(load_corpus(Path(sys.argv[1])))\n"
            "except LoisError as e:\n    print(e); sys.exit(1)\n")
    res = subprocess.run([sys.executable, "-c", code, str(corpus)], capture_output=True, text=True)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert "zz.yaml, ligne 11" in res.stdout and "insuffisante" in res.stdout


def test_examples_with_checklist_reach_their_expected_outcome(ann, model, corpus_dir):
    checklists = pytest.importorskip("lois.features.checklists.model")
    engine = pytest.importorskip("lois.features.checklists.engine")
    loaded = checklists.load_checklists(corpus_dir, model)
    tagged = [e for e in ann.examples.values() if e.checklist]
    assert len(tagged) >= 6
    for ex in tagged:
        res = engine.run(loaded[ex.checklist], {k: str(v) for k, v in ex.answers.items()})
        assert res.outcome == ex.expected_outcome, ex.id
