"""Table tents (page « chevalets/ »): every QR code, rendered by Chromium as a club prints it and decoded by
zbarimg (Debian's zbar-tools), opens the page whose title is printed beside it; the A4 print has six cards a
sheet and none of the theme's chrome; without site_url the page says the codes are incomplete."""
from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from conftest import QuietServer, ROOT, allow_only, mkdocs_build, open_anew

SITE_URL = "https://bridge.club-exemple.fr/lois/"
ZBARIMG = shutil.which("zbarimg")


def _situations_and_checklists(model):
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists

    return load_annotations(model).situations, load_checklists(model.root, model)


@pytest.fixture(scope="module")
def site_with_url(tmp_path_factory) -> Path:
    """The real site built with a site_url (a copy of mkdocs.yml naming one, paths made absolute)."""
    cfg = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    cfg["site_url"] = SITE_URL
    cfg["docs_dir"] = str(ROOT / cfg.get("docs_dir", "docs"))
    cfg["theme"]["custom_dir"] = str(ROOT / cfg["theme"]["custom_dir"])
    for p in cfg["plugins"]:
        if isinstance(p, dict) and "lois" in p:
            p["lois"]["corpus"] = str(ROOT / p["lois"]["corpus"])
    tmp = tmp_path_factory.mktemp("tents")
    config = tmp / "mkdocs.yml"
    config.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    dest = tmp / "site"
    res = mkdocs_build(dest, config=config)
    assert res.returncode == 0, res.stderr
    return dest


def _serve(site: Path):
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _decode_all(pngs: list[Path]) -> dict[str, str]:
    """What zbarimg reads in each image (one run for all of them): {image path: the code's text}."""
    import xml.etree.ElementTree as ET

    res = subprocess.run([ZBARIMG, "--xml", "-q", "--nodbus", *map(str, pngs)], capture_output=True, text=True,
                         timeout=120)
    ns = {"z": "http://zbar.sourceforge.net/2008/barcode"}
    read = {src.get("href"): [d.text or "" for d in src.iterfind(".//z:data", ns)]
            for src in ET.fromstring(res.stdout).iterfind("z:source", ns)} if res.stdout.strip() else {}
    unread = [str(p) for p in pngs if len(read.get(str(p), [])) != 1]
    assert not unread, f"code illisible : {unread} ({res.stderr})"
    return {k: v[0] for k, v in read.items()}


def _each_code_as_png(page, codes, folder: Path) -> list[Path]:
    """One image per code, as the page shows it: one screenshot of the whole page, cut along each code's box
    (one screenshot instead of one per code)."""
    import math

    from PIL import Image

    whole = folder / "chevalets.png"
    page.screenshot(path=str(whole), full_page=True)
    boxes = codes.evaluate_all("""els => els.map(e => { const r = e.getBoundingClientRect(), x = window.scrollX,
        y = window.scrollY; return [r.left + x, r.top + y, r.right + x, r.bottom + y]; })""")
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
        address: e.querySelector('.lois-tent-address').innerText.trim(),
        href: e.querySelector('.lois-tent-title a').href}))""")


def _new_page(browser, base: str, **ctx_args):
    ctx = browser.new_context(**ctx_args)
    foreign = allow_only(ctx, base, "data:", "blob:")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return ctx, pg, errors, foreign


@pytest.mark.skipif(ZBARIMG is None, reason="zbarimg absent (installé par scripts/test.sh : apt install zbar-tools)")
@pytest.mark.timeout(300)
def test_each_code_decodes_to_the_page_whose_title_is_printed(browser, site_with_url, model, tmp_path):
    situations, lists = _situations_and_checklists(model)
    server, base = _serve(site_with_url)
    ctx, pg, errors, foreign = _new_page(browser, base, viewport={"width": 1280, "height": 900})
    try:
        pg.goto(base + "chevalets/")
        cards = _cards(pg)
        # one card per « Que faire si… » situation and per checklist, in the order of the corpus
        assert [c["title"] for c in cards] == [s.title for s in situations] + [cl.title for cl in lists.values()]
        assert pg.locator(".lois-tents-warning").count() == 0
        assert SITE_URL in pg.locator(".lois-tents-intro").inner_text()
        codes = pg.locator(".lois-tent-qr")
        assert codes.count() == len(cards)
        pngs = _each_code_as_png(pg, codes, tmp_path)
        decoded = _decode_all(pngs)
        pg2 = ctx.new_page()
        for card, png in zip(cards, pngs, strict=True):
            data = decoded[str(png)]
            # the address written out is the one the code holds, absolute under site_url
            assert data == card["address"] and data.startswith(SITE_URL), (card, data)
            # scanning opens the page: the same address on the local server shows the title printed on the card
            target = base + data[len(SITE_URL):]
            assert (urlsplit(target)._replace(fragment="").geturl()
                    == urlsplit(card["href"])._replace(fragment="").geturl())
            open_anew(pg2, target)  # a new document, even when only the fragment differs from the last card's
            anchor = urlsplit(target).fragment
            if anchor:
                heading = pg2.locator(f"[id='{anchor}']")
                assert heading.inner_text().replace("¶", "").strip() == card["title"], (data, card)
                assert card["label"].lower() == "que faire si…"
            else:
                h1 = pg2.locator("article h1").inner_text()
                assert h1.startswith(card["title"] + " — "), (data, h1)
                assert card["label"].lower() == "arbitrage pas à pas"
    finally:
        ctx.close()
        server.shutdown()
    assert not errors and not foreign, (errors, foreign)


def test_print_is_a4_sheets_of_six_cards_without_the_theme(browser, site_with_url, model):
    from pypdf import PdfReader

    situations, lists = _situations_and_checklists(model)
    titles = [s.title for s in situations] + [cl.title for cl in lists.values()]
    server, base = _serve(site_with_url)
    ctx, pg, errors, foreign = _new_page(browser, base)
    try:
        pg.goto(base + "chevalets/")
        pdf = pg.pdf(prefer_css_page_size=True)
    finally:
        ctx.close()
        server.shutdown()
    import io

    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == math.ceil(len(titles) / 6)
    for i, page in enumerate(reader.pages):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - 595.3) < 2 and abs(h - 841.9) < 2, (w, h)  # A4 in points
        text = " ".join(page.extract_text().split())
        for t in titles[6 * i: 6 * i + 6]:
            assert " ".join(t.split()) in text, (i, t)
        # no theme chrome: neither the site's name in the header nor the menu nor the search field
        assert "Code International de Bridge" not in text and "Chercher" not in text and "Accueil" not in text
    assert not errors and not foreign, (errors, foreign)


@pytest.mark.skipif(ZBARIMG is None, reason="zbarimg absent (installé par scripts/test.sh : apt install zbar-tools)")
def test_without_site_url_the_page_says_so_and_codes_hold_the_path(page, site_url, built_site, tmp_path):
    """mkdocs.yml names no site_url: each code holds the page's path from the site's root, and the page tells the
    club, on screen and on paper, to set site_url before printing."""
    assert "site_url" not in yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + "chevalets/")
    warning = page.locator(".lois-tents-warning")
    assert "Adresse du site inconnue" in warning.inner_text() and "site_url" in warning.inner_text()
    cards = _cards(page)
    assert cards
    for i in (0, len(cards) - 1):
        png = tmp_path / f"qr-{i}.png"
        page.locator(".lois-tent-qr").nth(i).screenshot(path=str(png))
        data = _decode_all([png])[str(png)]
        assert data == cards[i]["address"] and not re.match(r"[a-z]+:", data)
        assert (built_site / data.split("#")[0] / "index.html").is_file()
    page.emulate_media(media="print")
    assert warning.is_visible()  # printed too (on its own sheet)


def test_phone_and_desktop_screens(browser, site_url, tmp_path):
    for name, args in (("telephone", dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)),
                       ("ordinateur", dict(viewport={"width": 1280, "height": 900}))):
        ctx, pg, errors, foreign = _new_page(browser, site_url, **args)
        pg.goto(site_url + "chevalets/")
        first = pg.locator(".lois-tent").first
        box = first.bounding_box()
        qr = pg.locator(".lois-tent-qr").first.bounding_box()
        # the whole card fits the screen's width and its code is large enough to scan from the screen
        assert box["x"] >= 0 and box["x"] + box["width"] <= args["viewport"]["width"] + 1
        assert qr["width"] >= 150 and abs(qr["width"] - qr["height"]) < 2
        pg.screenshot(path=str(tmp_path / f"chevalets-{name}.png"))
        ctx.close()
        assert not errors and not foreign, (errors, foreign)
