"""Table tents (page « chevalets/ »): the site served from a SUB-FOLDER on another port, as a club would host it,
with no file edited; every QR code, printed by Chromium (print media) and decoded by zbarimg (Debian's zbar-tools),
holds the absolute address of its page as served, and that address alone, opened in a new browser context as a
phone's camera would, shows the page and the place whose title is printed beside the code. The A4 print has six
cards a sheet, tents from the first sheet, none of the theme's chrome. The offline copy (file://) draws no code and
says why, on screen and on paper."""
from __future__ import annotations

import functools
import http.server
import io
import math
import shutil
import subprocess
import threading
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import QuietServer, allow_only
from lois.core.typo import french_spacing
from taps import DESKTOP, PHONE

ZBARIMG = shutil.which("zbarimg")
needs_zbar = pytest.mark.skipif(ZBARIMG is None,
                                reason="zbarimg absent (installé par scripts/test.sh : apt install zbar-tools)")
SUBFOLDER = "club/lois/"


def _situations_and_checklists(model):
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists

    return load_annotations(model).situations, load_checklists(model.root, model)


class _Silent(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def club_base(built_site, tmp_path_factory):
    """The built site, unchanged, copied under club/lois/ of a folder served on a free port: its address."""
    root = tmp_path_factory.mktemp("intranet")
    shutil.copytree(built_site, root / SUBFOLDER)
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Silent, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/{SUBFOLDER}"
    server.shutdown()


def _new_page(browser, allowed: tuple[str, ...], **ctx_args):
    ctx = browser.new_context(**ctx_args)
    foreign = allow_only(ctx, *allowed, "data:", "blob:")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return ctx, pg, errors, foreign


def _read(pngs: list[Path]) -> tuple[dict[str, str], list[Path], str]:
    """What zbarimg reads in each image (one run for all of them): {image path: the code's text}, the images where
    it did not read exactly one code, and what it said."""
    import xml.etree.ElementTree as ET

    res = subprocess.run([ZBARIMG, "--xml", "-q", "--nodbus", *map(str, pngs)], capture_output=True, text=True,
                         timeout=120)
    ns = {"z": "http://zbar.sourceforge.net/2008/barcode"}
    read = {src.get("href"): [d.text or "" for d in src.iterfind(".//z:data", ns)]
            for src in ET.fromstring(res.stdout).iterfind("z:source", ns)} if res.stdout.strip() else {}
    unread = [p for p in pngs if len(read.get(str(p), [])) != 1]
    return {k: v[0] for k, v in read.items() if len(v) == 1}, unread, res.stderr


def _decode_all(page, codes, pngs: list[Path]) -> dict[str, str]:
    """{image path: the code's text} for each code's image. A code the cut of the whole page did not give whole (a
    part of a very tall screenshot the browser had not drawn yet, on a loaded machine) is taken again on its own,
    as the page shows it, and must then be read."""
    decoded, unread, _ = _read(pngs)
    if unread:
        for png in unread:
            codes.nth(pngs.index(png)).screenshot(path=str(png))
        again, unread, said = _read(unread)
        assert not unread, f"code illisible : {[str(p) for p in unread]} ({said})"
        decoded.update(again)
    return decoded


def _each_code_as_png(page, codes, folder: Path) -> list[Path]:
    """One image per code, as the page shows it: one screenshot of the whole page, cut along each code's box
    (in the screenshot's pixels: CSS pixels times the device's pixel ratio)."""
    from PIL import Image

    whole = folder / "chevalets.png"
    page.screenshot(path=str(whole), full_page=True)
    boxes = codes.evaluate_all("""els => els.map(e => { const r = e.getBoundingClientRect(), x = window.scrollX,
        y = window.scrollY, k = window.devicePixelRatio;
        return [(r.left + x) * k, (r.top + y) * k, (r.right + x) * k, (r.bottom + y) * k]; })""")
    pngs = []
    with Image.open(whole) as image:
        for i, (left, top, right, bottom) in enumerate(boxes):
            png = folder / f"qr-{i}.png"
            image.crop((math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom))).save(png)
            pngs.append(png)
    return pngs


def _cards(page) -> list[dict]:
    return page.eval_on_selector_all(".lois-tent", """els => els.map(e => ({
        title: e.querySelector('.lois-tent-title').innerText.trim(),
        label: e.querySelector('.lois-tent-label').innerText.trim(),
        address: e.querySelector('.lois-tent-address').textContent.trim(),
        href: e.querySelector('.lois-tent-title a').href}))""")


@needs_zbar
@pytest.mark.timeout(300)
def test_each_printed_code_opens_its_page_on_a_phone(browser, club_base, model, tmp_path):
    situations, lists = _situations_and_checklists(model)
    ctx, pg, errors, foreign = _new_page(browser, (club_base,), **DESKTOP, device_scale_factor=2)
    phone, phone_errors = None, []
    try:
        pg.goto(club_base + "chevalets/")
        cards = _cards(pg)
        # one card per « Que faire si… » situation and per checklist, in the order of the corpus
        assert [c["title"] for c in cards] == [french_spacing(t) for t in [s.title for s in situations]
                                               + [cl.title for cl in lists.values()]]
        # served on this machine only: the screen says a phone would not reach these addresses, the paper does not
        local = pg.locator(".lois-tents-local")
        assert "que seul cet ordinateur connaît" in local.inner_text()
        pg.emulate_media(media="print")
        assert not local.is_visible() and not pg.locator(".lois-tents-offline").is_visible()
        codes = pg.locator(".lois-tent-qr")
        assert codes.count() == len(cards)
        pngs = _each_code_as_png(pg, codes, tmp_path)
        decoded = _decode_all(pg, codes, pngs)
        texts = [decoded[str(png)] for png in pngs]
        # each code holds the address printed under it: the page's absolute address under the sub-folder
        for card, data in zip(cards, texts, strict=True):
            assert data == card["address"] == card["href"], (card, data)
            assert data.startswith(club_base), data
        # a phone's camera: a new browser context that gets nothing but the text of the code
        phone = browser.new_context(**PHONE)
        phone_foreign = allow_only(phone, club_base, "data:", "blob:")
        for card, data in zip(cards, texts, strict=True):
            scan = phone.new_page()
            scan.on("pageerror", lambda e: phone_errors.append(str(e)))
            scan.on("console", lambda m: m.type == "error" and phone_errors.append(m.text))
            response = scan.goto(data)
            assert response is not None and response.status == 200, data
            anchor = urlsplit(data).fragment
            if anchor:  # a situation of « Que faire si… »: its heading, in view under the header
                assert card["label"].lower() == "que faire si…"
                assert scan.locator("article h1").inner_text().startswith("Que faire si")
                heading = scan.locator(f"[id='{anchor}']")
                assert heading.inner_text().replace("¶", "").strip() == card["title"], (data, card)
                top = heading.evaluate("e => e.getBoundingClientRect().top")
                assert 0 <= top < PHONE["viewport"]["height"] / 2, (data, top)
            else:  # a checklist: its page, its first question
                assert card["label"].lower() == "arbitrage pas à pas"
                h1 = scan.locator("article h1").inner_text()
                assert h1.startswith(card["title"] + " — "), (data, h1)
                assert scan.locator(".lois-cl-step .lois-cl-choice").first.is_visible()
            scan.close()
        assert not phone_foreign, phone_foreign
    finally:
        ctx.close()
        if phone is not None:
            phone.close()
    assert not errors and not foreign and not phone_errors, (errors, foreign, phone_errors)


def test_print_is_a4_sheets_of_six_tents_from_the_first_sheet(browser, club_base, model, tmp_path):
    from pypdf import PdfReader

    situations, lists = _situations_and_checklists(model)
    titles = [s.title for s in situations] + [cl.title for cl in lists.values()]
    ctx, pg, errors, foreign = _new_page(browser, (club_base,))
    try:
        pg.goto(club_base + "chevalets/")
        addresses = [c["address"] for c in _cards(pg)]
        pdf = pg.pdf(prefer_css_page_size=True)
    finally:
        ctx.close()
    (tmp_path / "chevalets.pdf").write_bytes(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == math.ceil(len(titles) / 6)
    for i, page in enumerate(reader.pages):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - 595.3) < 2 and abs(h - 841.9) < 2, (w, h)  # A4 in points
        text = " ".join(page.extract_text().split())
        flat = text.replace(" ", "")
        for t, a in zip(titles[6 * i: 6 * i + 6], addresses[6 * i: 6 * i + 6], strict=True):
            assert " ".join(t.split()) in text, (i, t)
            assert a in flat, (i, a)  # the address printed under its code (cut across lines)
        # no theme chrome (site name, search field, menu) and no note: the first sheet holds tents
        for chrome in ("Code International de Bridge", "Chercher", "Accueil", "Attention", "Imprimez"):
            assert chrome not in text, (i, chrome)
    assert not errors and not foreign, (errors, foreign)


def test_offline_copy_draws_no_code_and_says_why(browser, built_site, tmp_path):
    from pypdf import PdfReader

    from lois.features.offline.site import ARCHIVE_PATH, FOLDER

    with zipfile.ZipFile(built_site / ARCHIVE_PATH) as zf:
        zf.extractall(tmp_path)
    page_file = tmp_path / FOLDER / "chevalets" / "index.html"
    ctx, pg, errors, foreign = _new_page(browser, ("file:",))
    try:
        pg.goto(page_file.as_uri())
        assert pg.locator(".lois-tent-qr").count() == 0
        note = pg.locator(".lois-tents-offline")
        assert note.is_visible() and not pg.locator(".lois-tents").is_visible()
        said = " ".join(note.inner_text().split())
        assert "Pas de codes dans une copie enregistrée sur l'appareil" in said
        assert page_file.as_uri() in said and "http://" in said and "https://" in said
        pg.emulate_media(media="print")
        assert note.is_visible() and not pg.locator(".lois-tent").first.is_visible()
        pdf = PdfReader(io.BytesIO(pg.pdf(prefer_css_page_size=True)))
    finally:
        ctx.close()
    assert len(pdf.pages) == 1
    printed = " ".join(pdf.pages[0].extract_text().split())
    assert "Aucun code n'est donc dessiné ni imprimé" in printed and "Que faire si" not in printed
    assert not errors and not foreign, (errors, foreign)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_screen_shows_each_card_whole(sized_tab, size, tmp_path):
    tab = sized_tab(size)
    pg = tab.begin()
    pg.goto(tab.site_url + "chevalets/")
    width = tab.viewport["width"]
    assert pg.evaluate("document.scrollingElement.scrollWidth") <= width  # no sideways scrolling
    for i in (0, pg.locator(".lois-tent").count() - 1):
        box = pg.locator(".lois-tent").nth(i).bounding_box()
        qr = pg.locator(".lois-tent-qr").nth(i).bounding_box()
        # the whole card fits the screen's width and its code is large enough to scan from the screen
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
        assert qr["width"] >= 150 and abs(qr["width"] - qr["height"]) < 2
    pg.screenshot(path=str(tmp_path / f"chevalets-{size}.png"))
    tab.end()
