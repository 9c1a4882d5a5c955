"""Law 16 under the 2017 Code's numbering (its source follows the 2007 order: sources.yaml `renumber`, applied and
logged by `lois importe`), and what the words of every law's text are — its provenance — on its page, in the
JSON API and in `lois verifie`."""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import nonempty, run_lois
from lois.core.errors import LoisError
from lois.core.importer import import_text, load_sources
from lois.core.parse import parse_law
from sitecheck import normalize, squash

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "corpus" / "sources"
SEED_16 = "002_b4175c5e47b7991f"


def _plain(fragment: str) -> str:
    return normalize(html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def _page(built_site: Path, law: int) -> str:
    return (built_site / f"lois/{law}/index.html").read_text(encoding="utf-8")


# ------------------------------------------------------------------ Law 16 in the 2017 order

def test_law16_c_is_withdrawn_actions_and_d_other_sources(model):
    p = {str(k): v for k, v in model.provisions.items()}
    assert p["16C"].title == "Information provenant de déclarations ou de jeux retirés"
    assert p["16C2"].text.startswith("pour un camp fautif, l'information provenant de toute action retirée")
    assert p["16D"].title == "Information illicite d'autres sources"
    assert "en voyant des cartes à une autre table" in p["16D1"].text
    assert "changer la position des joueurs" in p["16D2(a)"].text and "comme en 2(c)" in p["16D3"].text
    assert "16C2(a)" not in p and "16C3" not in p
    assert p["16A1(b)"].text.endswith("(voir C)")


def test_law16_page_shows_c_then_d_in_the_2017_order(built_site):
    page = _page(built_site, 16)
    c, d = page.index('<h2 class="lois-section" data-id="16C"'), page.index('<h2 class="lois-section" data-id="16D"')
    assert c < d
    section_c, section_d = squash(_plain(page[c:d])), squash(_plain(page[d:page.index('id="notes"')]))
    assert section_c.startswith(squash("C. Information provenant de déclarations ou de jeux retirés"))
    assert squash("pour un camp non fautif, toute information provenant d'une action retirée") in section_c
    assert squash("autre table") not in section_c
    assert section_d.startswith(squash("D. Information illicite d'autres sources"))
    assert squash("faire redonner par ces joueurs") in section_d and squash("action retirée") not in section_d


@pytest.mark.parametrize("law, cited, words", [
    (10, "16C2", "pour un camp fautif, l'information provenant de toute action retirée"),  # 10C4
    (23, "16C2", "pour un camp fautif, l'information provenant de toute action retirée"),  # 23B
    (50, "16C", "Information provenant de déclarations ou de jeux retirés"),  # 50E2, a retracted penalty card
])
def test_2017_texts_citing_16c_land_on_the_withdrawn_actions(built_site, law, cited, words):
    """The corpus's own 2017 texts cite 16C2 / 16C for withdrawn actions: the link and its preview say so."""
    anchor = cited[2:]
    links = re.findall(rf'<a class="lois-cite" href="\.\./16/#{anchor}" data-ref="{cited}" title="([^"]+)"',
                       _page(built_site, law))
    assert links, f"Loi {law} : pas de lien vers la Loi {cited}"
    for title in links:
        assert words in html.unescape(title), title


def test_import_reproduces_the_law16_master_and_its_journal(tmp_path):
    """`lois importe` on the seed writes the committed master and journal: the renumbering is in the journal
    (line, before, after, reason), with the reviewed correction of A1(b)'s « (voir D) »."""
    corpus = tmp_path / "corpus"
    shutil.copytree(SOURCES, corpus / "sources")
    (corpus / "lois").mkdir()
    res = run_lois("--corpus", corpus, "importe", SOURCES / f"{SEED_16}.txt")
    assert res.returncode == 0, res.stderr
    assert (corpus / "lois/16.md").read_text(encoding="utf-8") == \
        (ROOT / "corpus/lois/16.md").read_text(encoding="utf-8")
    journal = (corpus / f"sources/journal/{SEED_16}.tsv").read_text(encoding="utf-8")
    assert journal == (SOURCES / f"journal/{SEED_16}.tsv").read_text(encoding="utf-8")
    rows = [r.split("\t") for r in journal.splitlines()[1:]]
    moved = {(r[0], r[1], r[2]) for r in rows if "publiée en" in r[3]}
    assert moved == {("31", "C. Information illicite d'autres sources", "D. Information illicite d'autres sources"),
                     ("47", "D. Information provenant de déclarations ou de jeux retirés",
                      "C. Information provenant de déclarations ou de jeux retirés")}
    assert ["8", "(voir D)", "(voir C)"] in [r[:3] for r in rows]
    assert "Code 2007" in next(r[3] for r in rows if r[0] == "31")


# ------------------------------------------------------------------ the renumbering, on any source

RAW = ("LOI 20 - REVISION\n\nA. Premier\n\n1. Texte A, voir D ci-dessous.\n\nB. Second\n\n1. Texte B.\n\n"
       "C. Troisième\n\n1. Texte C.\n\n2. Suite de C, comme en 1.\n\nD. Quatrième\n\n1. Texte D.\n")


def _cfg(tmp_path: Path, extra: str):
    (tmp_path / "sources.yaml").write_text("- file: a.txt\n  laws: [20]\n  provenance: [other_edition]\n" + extra,
                                           encoding="utf-8")
    return load_sources(tmp_path / "sources.yaml")["a.txt"]


def test_renumbered_sections_take_their_letter_and_place_and_are_logged(tmp_path):
    cfg = _cfg(tmp_path, "  renumber:\n    - {law: 20, sections: {C: D, D: C}, reason: ordre d'une autre édition}\n")
    res = import_text(RAW, "a.txt", cfg)
    doc = res.docs[0]
    heads = re.findall(r"^## (.*)$", doc.body, re.M)
    assert heads == ["A. Premier", "B. Second", "C. Quatrième", "D. Troisième"]
    assert doc.body.index("Texte D.") < doc.body.index("Texte C.") < doc.body.index("Suite de C")
    assert doc.meta["renumbered"] == {"C": "D", "D": "C"} and doc.meta["provenance"] == ["other_edition"]
    logged = [(r.line, r.before, r.after) for r in res.repairs if "publiée en" in r.reason]
    assert logged == [(11, "C. Troisième", "D. Troisième"), (17, "D. Quatrième", "C. Quatrième")]
    assert all("ordre d'une autre édition" in r.reason for r in res.repairs if "publiée en" in r.reason)
    # « voir D » in A1 names a section that changed letter: flagged, not guessed
    assert [(f.line, f.text) for f in res.flags] == [(5, "D")]
    # a reviewed correction of that line settles it
    cfg = _cfg(tmp_path, "  renumber:\n    - {law: 20, sections: {C: D, D: C}, reason: autre ordre}\n"
                         "  corrections:\n    - {line: 5, before: voir D, after: voir C, reason: renvoi suivi}\n")
    res = import_text(RAW, "a.txt", cfg)
    assert res.flags == [] and "1. Texte A, voir C ci-dessous." in res.docs[0].body


@pytest.mark.parametrize("spec, message, line", [
    ("{law: 20, sections: {E: C}, reason: r}", "la section E n'est pas dans la source", 5),
    ("{law: 20, sections: {C: D}, reason: r}", "deux sections deviendraient la section D", 5),
    ("{law: 20, sections: {C: D, B: D}, reason: r}", "deux sections de la source deviendraient la section D", 5),
    ("{law: 20, sections: {C: C}, reason: r}", "la section C garde sa lettre", 5),
    ("{law: 20, sections: {C: Z}, reason: r}", "n'a pas la forme attendue", 5),
    ("{law: 20, sections: {}, reason: r}", "« sections » ne doit pas être vide", 5),
    ("{law: 21, sections: {C: D, D: C}, reason: r}", "renumérotation de la Loi 21, que cette source ne contient pas",
     5),
    ("{law: 20, sections: {C: D, D: C}}", "champ « reason » manquant", 5),
])
def test_a_bad_renumbering_is_refused_in_french_with_sources_yaml_and_its_line(tmp_path, spec, message, line):
    corpus = tmp_path / "corpus"
    (corpus / "sources").mkdir(parents=True)
    (corpus / "lois").mkdir()
    (corpus / "sources/sources.yaml").write_text(
        f"- file: a.txt\n  laws: [20]\n  provenance: [other_edition]\n  renumber:\n    - {spec}\n", encoding="utf-8")
    (tmp_path / "a.txt").write_text(RAW, encoding="utf-8")
    res = run_lois("--corpus", corpus, "importe", tmp_path / "a.txt")
    out = res.stdout + res.stderr
    assert res.returncode != 0 and "Traceback" not in out
    assert message in out and f"sources.yaml, ligne {line}" in out, out
    assert list((corpus / "lois").iterdir()) == []


# ------------------------------------------------------------------ provenance

EXPECTED = {9: ["official_2017"], 10: ["official_2017"], 11: ["official_2017"], 12: ["official_2017"],
            16: ["other_edition", "partial_quotation"], 23: ["director_quotation"],
            27: ["director_quotation", "partial_quotation"],
            30: ["director_quotation", "partial_quotation"], 31: ["director_quotation", "partial_quotation"],
            50: ["official_2017"]}


def test_every_master_and_law_source_says_what_its_words_are(model):
    assert {n: [p.value for p in model.provenance(n)] for n in model.laws} == EXPECTED
    entries = yaml.safe_load((SOURCES / "sources.yaml").read_text(encoding="utf-8"))
    for e in nonempty(entries):
        assert (e.get("kind") == "commentary") == (not e.get("provenance")), e["file"]
    law16 = next(e for e in entries if e["file"] == f"{SEED_16}.txt")
    assert "officiel" not in law16["document"] and "2007" in law16["document"]


@pytest.mark.parametrize("value, message", [
    ("[texte_officiel]", "provenance « texte_officiel » inconnue (permises : official_2017, director_quotation, "
                         "other_edition)"),
    ("[director_quotation, partial_quotation]", "corpus/edition.yaml (partial)"),
    ("[official_2017, other_edition]", "« official_2017 » (le texte officiel 2017) exclut les autres"),
    ("[other_edition, other_edition]", "provenance « other_edition » écrite deux fois"),
    ("[]", "« provenance » ne doit pas être vide"),
    ("official_2017", "« provenance » doit être une liste"),
])
def test_a_bad_provenance_is_refused_in_french_with_its_line(value, message):
    text = f"---\nlaw: 50\ntitle: Titre\nprovenance: {value}\n---\n\n# Loi 50 — Titre\n\nTexte.\n"
    with pytest.raises(LoisError) as exc:
        parse_law(text, "corpus/lois/50.md")
    assert message in exc.value.message and exc.value.line == 4, exc.value


def test_a_renumbering_the_text_does_not_bear_out_is_refused():
    text = ("---\nlaw: 50\ntitle: Titre\nprovenance: [other_edition]\nrenumbered: {C: D, D: C}\n---\n\n"
            "# Loi 50 — Titre\n\n## A. Un\n\nTexte.\n\n## B. Deux\n\nTexte.\n\n## C. Trois\n\nTexte.\n")
    with pytest.raises(LoisError) as exc:
        parse_law(text, "corpus/lois/50.md")
    assert "la section C de la source est publiée en D, mais le texte n'a pas de section D" in exc.value.message
    assert exc.value.line == 5


@pytest.mark.parametrize("law, said", [
    (16, ["Provenance du texte : texte d'une autre édition, présenté dans l'ordre du Code 2017 ; citation partielle.",
          "la section C de la source est publiée ici en D ; la section D de la source est publiée ici en C",
          "journal de l'import",
          "La rédaction de la source n'est pas celle de l'édition 2017",
          "Avant cette version, le site publiait C et D dans l'ordre de 2007",
          "Source : Texte français de la Loi 16, sans titre, qui suit l'ordre des sections du Code 2007"]),
    (27, ["Provenance du texte : texte cité par un directeur, non officiel ; citation partielle.",
          "ce n'est pas l'édition officielle"]),
    (9, ["Provenance du texte : texte officiel 2017."]),
])
def test_each_law_page_says_what_its_words_are_at_the_top(built_site, law, said):
    page = _page(built_site, law)
    block = page[page.index('<div class="lois-provenance"'):]
    block = block[:block.index("</div>")]
    notice = _plain(block)
    top = _plain(page[page.index("<h1"):page.index("<h2 ")])  # between the title and section A
    for s in nonempty(said):
        assert normalize(s) in top, s
    assert notice and notice in top
    assert re.findall(r'data-provenance="(\w+)"', block) == EXPECTED[law]


def test_the_json_api_says_what_the_words_are(built_site):
    api = built_site / "api"
    index = {x["number"]: x["provenance"] for x in json.loads((api / "lois.json").read_text("utf-8"))["laws"]}
    assert {n: v for n, v in index.items() if v is not None} == EXPECTED
    law16 = json.loads((api / "lois/16.json").read_text("utf-8"))["provenance"]
    assert [v["code"] for v in law16["values"]] == ["other_edition", "partial_quotation"]
    assert law16["values"][0]["label"] == "texte d'une autre édition, présenté dans l'ordre du Code 2017"
    assert law16["renumbered"] == {"C": "D", "D": "C"} and "ordre de 2007" in law16["note"]
    law27 = json.loads((api / "lois/27.json").read_text("utf-8"))["provenance"]
    assert [v["code"] for v in law27["values"]] == ["director_quotation", "partial_quotation"]
    assert law27["renumbered"] == {} and law27["note"] is None
    assert json.loads((api / "lois/64.json").read_text("utf-8"))["provenance"] is None  # text not included


def test_verifie_reports_the_provenance_of_each_law(model):
    res = run_lois("verifie")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    after = lines[lines.index("Provenance des textes :") + 1:]
    report = after[:next((i for i, x in enumerate(after) if not x.startswith("  Loi ")), len(after))]
    assert [int(re.match(r"  Loi (\d+) : ", x).group(1)) for x in report] == sorted(model.laws)
    assert ("  Loi 16 : texte d'une autre édition, présenté dans l'ordre du Code 2017 ; citation partielle (sections "
            "renumérotées à l'import : C → D, D → C)") in report  # partial: C3, not in its source (edition.yaml)
    assert ("  Loi 27 : texte cité par un directeur, non officiel ; citation partielle (sections absentes : C)"
            in report)
    assert "  Loi 50 : texte officiel 2017" in report
