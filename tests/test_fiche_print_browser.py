"""Printing a ruling record (issue 34), in Chromium on the real built site, on a phone (390×844, touch) and on a
desktop: the records with the most text that any checklist writes, printed by the browser's own print (Ctrl+P:
Playwright's page.pdf, print media) and by the record's « Imprimer » button, come out ALONE on ONE A4 page — the
record as the form says it (a value typed and not yet saved included), not the page's title, its note, the form,
the buttons or the list."""
from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest

from conftest import SIZES, nonempty

FORM_AND_PAGE = ("Enregistrer", "Imprimer", "Partager le lien", "Supprimer", "Exporter en CSV", "Ouvrir",
                 "Fiches enregistrées", "Les fiches restent sur cet appareil", "Rouvrir l'arbitrage",
                 "Code International de Bridge")


def _flat(text: str) -> str:
    """Text without any white space (the PDF's line breaks, French narrow no-break spaces)."""
    return re.sub(r"\s+", "", text)


def _heaviest_records(model, count: int = 2) -> list[tuple[str, str]]:
    """The checklist runs whose record holds the most text (facts, ruling, players' sentences, provisions):
    (checklist, answers as the page's address gives them, « question:choice,… »), heaviest first."""
    from lois.features.checklists.model import load_checklists

    def runs(cl, nid, path):
        if nid in cl.outcomes:
            yield path, cl.outcomes[nid]
            return
        for c in cl.questions[nid].choices:
            yield from runs(cl, c.next, path + [(cl.questions[nid], c)])

    weighed = []
    for name, cl in load_checklists(model.root, model).items():
        for path, o in runs(cl, cl.start, []):
            size = (sum(len(q.text) + len(c.label) + 60 for q, c in path) + len(o.title) + len(o.ruling)
                    + sum(len(p) + 40 for p in o.players) + 40 * len(o.cites))
            weighed.append((size, name, ",".join(f"{q.id}:{c.id}" for q, c in path)))
    return [(name, answers) for _, name, answers in sorted(weighed, reverse=True)[:count]]


def _pages(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - 595.3) < 2 and abs(h - 841.9) < 2, (w, h)  # A4 in points
    return [page.extract_text() for page in reader.pages]


def _as_png(pdf: bytes, path) -> None:
    """The printed page as an image, to look at (pdftoppm of poppler-utils, when installed)."""
    if shutil.which("pdftoppm"):
        (path.parent / (path.name + ".pdf")).write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-singlefile", str(path.parent / (path.name + ".pdf")),
                        str(path)], check=True, timeout=60)


def _assert_record_alone(pdf: bytes, record: dict, board: str, table: str, remark: str) -> None:
    pages = _pages(pdf)
    assert len(pages) == 1, f"{len(pages)} pages"
    printed = _flat(pages[0])
    assert _flat("Fiche d'arbitrage — " + record["title"]) in printed
    for question, answer in record["facts"]:
        assert _flat(question) in printed and _flat(answer) in printed, question
    assert _flat(record["ruling"]) in printed
    for sentence in record["players"]:
        assert _flat(sentence) in printed, sentence
    for c in record["citations"]:
        assert _flat("Loi " + c["id"]) in printed
    assert _flat("Donne" + board) in printed and _flat("Table" + table) in printed and _flat(remark) in printed
    for other in FORM_AND_PAGE:
        assert _flat(other) not in printed, other


@pytest.mark.parametrize("size", list(SIZES))
def test_record_prints_alone_on_one_a4_page(sized_tab, size, model, tmp_path):
    tab = sized_tab(size, dialogs_are_errors=True)
    runs = _heaviest_records(model, 2 if size == "phone" else 1)
    remark = "Nord reconnaît l'hésitation ; Est-Ouest contestent la marque. " * 6
    for i, (name, answers) in nonempty(enumerate(runs)):
        pg = tab.begin()
        pg.goto(f"{tab.site_url}checklists/{name}/?r={answers}")
        tab.press(pg.locator(".lois-fiche-new"))
        pg.wait_for_url(re.compile(r"/fiches/\?fiche=\w+$"))
        record = pg.evaluate("id => JSON.parse(localStorage.getItem(loisStorageKey('lois-fiches')))"
                             ".find(r => r.id === id)",
                             pg.url.rsplit("=", 1)[1])
        edit = pg.locator(".lois-fiche-edit")
        # typed, not saved: the browser's print shows the record as the form says it
        edit.locator('input[name="board"]').fill("17")
        edit.locator('textarea[name="remark"]').fill(remark)
        pdf = pg.pdf(format="A4")
        _assert_record_alone(pdf, record, "17", "—", remark)
        _as_png(pdf, tmp_path / f"fiche-{size}-{i}-ctrl-p")
        # the record's own button: the browser's print dialog (window.print, counted here), then the same page
        edit.locator('input[name="table"]').fill("4")
        pg.evaluate("() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }")
        tab.press(edit.locator(".lois-fiche-print"))
        assert pg.evaluate("window.__prints") == 1
        pdf = pg.pdf(format="A4")
        _assert_record_alone(pdf, record, "17", "4", remark)
        _as_png(pdf, tmp_path / f"fiche-{size}-{i}-bouton")
        # the screen still shows the page: the form, its buttons, the list
        assert edit.locator(".lois-fiche-actions").is_visible() and pg.locator(".lois-fiches-list li").count() >= 1
        tab.end()


def test_records_page_without_an_open_record_prints_the_list_without_buttons(sized_tab, model):
    """Ctrl+P on the list alone: the list of records, without « Ouvrir » or « Exporter en CSV »."""
    tab = sized_tab("desktop", dialogs_are_errors=True)
    pg = tab.begin()
    name, answers = _heaviest_records(model, 1)[0]
    pg.goto(f"{tab.site_url}checklists/{name}/?r={answers}")
    tab.press(pg.locator(".lois-fiche-new"))
    pg.wait_for_url(re.compile(r"/fiches/\?fiche=\w+$"))
    pg.goto(tab.site_url + "fiches/")
    assert pg.locator(".lois-fiche-edit").is_hidden()
    printed = _flat(" ".join(_pages(pg.pdf(format="A4"))))
    assert _flat("Fiches enregistrées") in printed and "Ouvrir" not in printed and "Exporter" not in printed
    tab.end()
