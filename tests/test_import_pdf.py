"""`lois importe` on a PDF laid out like the printed Code: built here with reportlab from the reviewed masters
(running header, page numbers, justified lines, two laws on one page, a law across a page break); the import
must give back the same provisions, with the same words, as the masters."""
from pathlib import Path

import pytest

from test_import import _raw_of_master

from lois.core.importer import import_text
from lois.core.parse import parse_law

reportlab = pytest.importorskip("reportlab")

ROOT = Path(__file__).resolve().parents[1]
HEADER = "Code International de Bridge Duplicate 2017"
# masters without footnotes, tables or paragraph titles (the printed layout of those is another matter)
LAWS = [9, 10, 11, 30]


def _printed_lines(law: int) -> list[str]:
    """The master's body as the printed edition sets it: « LOI 9 - Titre », « A. Section », « 1. … »."""
    return [line.replace("\\*", "*") for line in _raw_of_master(ROOT / "corpus" / "lois" / f"{law:02d}.md")]


def _make_pdf(path: Path, laws: list[int], page_size, front: list[str] = ()) -> None:
    from reportlab.lib.enums import TA_JUSTIFY
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer
    from xml.sax.saxutils import escape

    style = ParagraphStyle("code", fontName="Helvetica", fontSize=9, leading=11, alignment=TA_JUSTIFY)
    head = ParagraphStyle("head", parent=style, fontName="Helvetica-Bold", spaceBefore=6)

    def furniture(canvas, doc):
        canvas.saveState()
        canvas.setFont("Helvetica", 7)
        canvas.drawCentredString(page_size[0] / 2, page_size[1] - 20, HEADER)
        canvas.drawCentredString(page_size[0] / 2, 14, str(doc.page))
        canvas.restoreState()

    story = [Paragraph(escape(line), head if line.isupper() else style) for line in front]
    for law in laws:
        for i, line in enumerate(_printed_lines(law)):
            story.append(Paragraph(escape(line), head if i == 0 else style))
            story.append(Spacer(1, 3))
    SimpleDocTemplate(str(path), pagesize=page_size, topMargin=34, bottomMargin=30, leftMargin=28,
                      rightMargin=28).build(story, onFirstPage=furniture, onLaterPages=furniture)


def _provisions(text: str, name: str) -> dict[str, list[str]]:
    law = parse_law(text, name)
    return {p.id: (p.title or "").split() + p.text.split() for p in law.provisions()}


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from reportlab.lib.pagesizes import A6

    path = tmp_path_factory.mktemp("pdf") / "code.pdf"
    _make_pdf(path, LAWS, A6)
    return path


def test_pdf_import_gives_back_the_provisions_and_words_of_the_masters(printed):
    from lois.core.pdftext import pdf_text

    raw = pdf_text(printed)
    assert raw.count("\f") >= 2, "the test PDF must span several pages"
    res = import_text(raw, "code.pdf")
    assert [int(d.key) for d in res.docs] == LAWS
    for d in res.docs:
        master = (ROOT / "corpus" / "lois" / f"{int(d.key):02d}.md").read_text(encoding="utf-8")
        got, want = _provisions(d.render(), "import"), _provisions(master, "master")
        assert list(got) == list(want), f"Loi {d.key} : provisions différentes"
        for pid in want:
            assert got[pid] == want[pid], f"{pid} : texte différent"
    removed = [r for r in res.repairs if r.reason in ("en-tête ou pied de page répété retiré", "numéro de page retiré")]
    pages = raw.count("\f") + 1
    assert len(removed) >= 2 * pages - 1, "every running header and page number is removed and logged"
    assert not any(HEADER in d.body for d in res.docs)


def test_layout_has_two_laws_on_a_page_and_a_law_across_a_page_break(printed):
    from lois.core.pdftext import pdf_text

    pages = pdf_text(printed).split("\f")
    on_page = [sum(f"LOI {n} -" in p for n in LAWS) for p in pages]
    assert max(on_page) >= 2
    starts = [next(i for i, p in enumerate(pages) if f"LOI {n} -" in p) for n in LAWS]
    assert any(b - a >= 2 or (b - a == 1 and pages[b].split("LOI")[0].strip(HEADER + " \n0123456789"))
               for a, b in zip(starts, starts[1:], strict=False)), "one law continues on the next page"


def test_importing_the_pdf_twice_writes_the_same_masters(printed, tmp_path):
    from conftest import run_lois

    corpus = tmp_path / "corpus"
    (corpus / "lois").mkdir(parents=True)
    outputs = []
    for _ in range(2):
        res = run_lois("--corpus", str(corpus), "importe", str(printed))
        assert res.returncode == 0, res.stderr
        outputs.append({p.name: p.read_text(encoding="utf-8") for p in sorted((corpus / "lois").glob("*.md"))})
    assert outputs[0] == outputs[1] and len(outputs[0]) == len(LAWS)


def test_a_pdf_without_text_is_refused_in_french(tmp_path):
    from reportlab.pdfgen import canvas

    from conftest import run_lois

    path = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(path))
    c.rect(50, 50, 100, 100)
    c.save()
    res = run_lois("importe", str(path), "--simulation")
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert "ne contient pas de texte" in res.stderr + res.stdout


def test_introduction_and_definitions_are_their_own_documents(tmp_path):
    """The parts before Law 1 become documents of their own (corpus/code/), never text of Law 1 or of a
    commentary. Their words here are test input, not text of the Code."""
    from reportlab.lib.pagesizes import A6

    from conftest import run_lois

    front = ["INTRODUCTION AUX LOIS DE 2017", "Texte d'essai de l'introduction, sur plusieurs lignes pour que la "
             "mise en page le coupe et que l'import le recolle en un seul paragraphe.",
             "DÉFINITIONS", "Premier terme — texte d'essai d'une définition.", "Second terme — autre texte d'essai."]
    path = tmp_path / "code.pdf"
    _make_pdf(path, [9], A6, front)
    corpus = tmp_path / "corpus"
    (corpus / "lois").mkdir(parents=True)
    res = run_lois("--corpus", str(corpus), "importe", str(path))
    assert res.returncode == 0, res.stderr
    intro = (corpus / "code" / "introduction.md").read_text(encoding="utf-8")
    defs = (corpus / "code" / "definitions.md").read_text(encoding="utf-8")
    assert "# Introduction aux lois de 2017" in intro and "recolle en un seul paragraphe." in intro
    assert "Premier terme" in defs and "Second terme" in defs and "Premier terme" not in intro
    law9 = (corpus / "lois" / "09.md").read_text(encoding="utf-8")
    assert "essai" not in law9
    assert _provisions(law9, "9") == _provisions((ROOT / "corpus/lois/09.md").read_text(encoding="utf-8"), "m")


@pytest.mark.parametrize("damage", ["filtre inconnu", "tronqué", "octets changés", "chiffré"])
def test_a_damaged_pdf_is_refused_in_one_french_line(printed, tmp_path, damage):
    """A PDF damaged on its way (cut short, bytes changed, a filter name mangled) or protected: pypdf raised what its
    parsing met — NotImplementedError for an unknown filter gave a traceback, and its own English (« Stream has
    ended unexpectedly », « Invalid Elementary Object… ») reached the message or, as a warning, the screen
    (« Object 60 0 not defined. »). Now one French line naming the file, exit 1 (session 10)."""
    from conftest import run_lois

    data = printed.read_bytes()
    assert b"/ASCII85Decode" in data and b"/Root" in data
    damaged = {"filtre inconnu": data.replace(b"/ASCII85Decode", b"/ASCII85Decodf", 1),
               "tronqué": data[:len(data) * 3 // 5],
               "octets changés": data[:len(data) // 2] + bytes(b ^ 0x5A for b in data[len(data) // 2:][:400])
               + data[len(data) // 2 + 400:],
               "chiffré": data.replace(b"/Root", b"/Encrypt<</Filter/Standard/V 1/R 2/O(x)/U(y)/P -1>>/Root", 1)}
    path = tmp_path / "code.pdf"
    path.write_bytes(damaged[damage])
    res = run_lois("importe", str(path), "--simulation")
    assert res.returncode == 1 and res.stdout == "", (res.stdout[-300:], res.stderr[-800:])
    [line] = res.stderr.splitlines()
    assert line.startswith(f"erreur : {path} : PDF "), line
    assert ("PDF illisible : fichier endommagé ou tronqué" if damage != "chiffré" else "PDF protégé") in line, line
