"""Issue 17 in a real browser: a club page on ANOTHER origin (its own local server, no CORS header) and the same
page opened as a file include the linkifier of the site; every citation of the shared case file is linked to its
permalink, the preview card shows the cited text (mouse, keyboard, touch), an embed shows a provision's text.
Also: the browser scanner and cite.py agree on every text of the corpus."""
from __future__ import annotations

import functools
import html
import http.server
import json
import re
import threading
from pathlib import Path

import pytest
import yaml

from conftest import SIZES, QuietServer, Tab, nonempty, pid
from lois.core.cite import find_citations
from lois.core.ids import ProvisionId, leads_to, not_found, not_on_site

ROOT = Path(__file__).resolve().parents[1]
CASES = yaml.safe_load((ROOT / "tests" / "linkifier_cases.yaml").read_text(encoding="utf-8"))
EMBED = "16B1"


def club_html(script_src: str, attrs: str = "") -> str:
    """A club page (not built by the site): the case sentences, an embed, an excluded zone."""
    paras = "\n".join(f'<p data-case="{i}">{html.escape(c["texte"])}</p>' for i, c in enumerate(CASES))
    return f"""<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Club</title>
<style>body {{ font: 17px/1.5 Georgia, serif; max-width: 40em; margin: 1em auto; padding: 0 1em; }}</style></head>
<body><h1>Bridge club d'essai</h1>
{paras}
<div id="integre" data-lois-provision="{EMBED}"></div>
<nav class="menu"><p id="menu">Menu : Loi 50 et Loi 27</p></nav>
<form id="recherche" action="{script_src.replace('assets/lois/linkifier.js', 'recherche/')}" method="get" role="search">
  <label>Chercher dans les Lois du bridge <input type="search" name="q"></label> <button type="submit">Chercher</button>
</form>
<script src="{script_src}" {attrs} defer></script>
</body></html>"""


class _Plain(http.server.SimpleHTTPRequestHandler):
    """A plain static host: no Access-Control-Allow-Origin, nothing special."""

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def club(tmp_path_factory, site_url):
    """(club page URL over http on another port, the same page as a file://, the folder)."""
    d = tmp_path_factory.mktemp("club")
    (d / "club.html").write_text(club_html(site_url + "assets/lois/linkifier.js"), encoding="utf-8")
    (d / "options.html").write_text(club_html(site_url + "assets/lois/linkifier.js",
                                              'data-lois-exclure=".menu" data-lois-nouvel-onglet'), encoding="utf-8")
    (d / "mauvaise-base.html").write_text(club_html(site_url + "assets/lois/linkifier.js",
                                                    f'data-lois-base="{site_url}nulle-part/"'), encoding="utf-8")
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Plain, directory=str(d)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", (d / "club.html").as_uri(), d
    server.shutdown()


@pytest.fixture(scope="module")
def club_tabs(browser, site_url, club):
    """A tab of each size kept for the module (tests/conftest.py Tab), allowed to talk to the site and the club
    origins only (and to open the page as a file); made when a test first asks for it."""
    made: dict[str, Tab] = {}

    def tab(size: str) -> Tab:
        if size not in made:
            made[size] = Tab(browser, site_url, allowed=(club[0], "file://"), **SIZES[size])
        return made[size]

    yield tab
    for t in made.values():
        t.ctx.close()


@pytest.fixture()
def club_page(club_tabs, request):
    """A page of the club's tab (desktop, or ``phone`` as the indirect parameter): fails on any console error
    but those a test provokes on purpose (``lois_expected_errors``); ``lois_notices``, the other console lines."""
    tab = club_tabs(getattr(request, "param", "desktop"))
    pg = tab.begin()
    notices: list[str] = []

    def notice(m):
        if m.type != "error":
            notices.append(m.text)

    pg.on("console", notice)
    pg.lois_notices = notices
    pg.lois_expected_errors = []  # texts of console errors a test provokes on purpose
    try:
        yield pg
    finally:
        pg.remove_listener("console", notice)
    tab.errors[:] = [e for e in tab.errors if not any(x in e for x in pg.lois_expected_errors)]
    tab.end()


def _words(text: str) -> str:
    return " ".join(text.split())


def _wait(page) -> int:
    page.wait_for_function("document.documentElement.hasAttribute('data-lois-liens')", timeout=15000)
    return int(page.get_attribute("html", "data-lois-liens"))


def _links(page, i):
    return page.eval_on_selector_all(
        f"p[data-case='{i}'] a.lois-lien",
        "els => els.map(a => ({texte: a.textContent, href: a.href, preview: a.dataset.preview || ''}))")


@pytest.mark.parametrize("where", ["autre-origine", "fichier"])
def test_club_page_links_every_case(club_page, club, site_url, model, where):
    url = club[0] + "club.html" if where == "autre-origine" else club[1]
    club_page.goto(url)
    count = _wait(club_page)
    expected_total = 0
    for i, case in enumerate(CASES):
        expected = [c for c in case["citations"] if c["lien"]]
        got = _links(club_page, i)
        assert ([(g["texte"], g["href"]) for g in got]
                == [(c["texte"], site_url + c["lien"]) for c in expected]), case["texte"]
        for g, c in zip(got, expected, strict=True):
            first = c["refs"][0]
            pid = ProvisionId.parse(first)
            law = pid.law
            if pid in model.provisions and model.provisions[pid].text:
                assert _words(model.provisions[pid].text)[:25] in _words(g["preview"]), (first, g["preview"])
            elif law in model.laws and pid not in model.provisions:
                # absent from the text of a law the site has (« Loi 30B1(b)(xi) »): said, as the site says it
                assert _words(g["preview"]).startswith(_words(not_found(first, not_on_site(law))
                                               + leads_to(f"la Loi {model.link_target(pid)}"))), g
            else:
                assert g["preview"].startswith("Loi "), g
        expected_total += len(expected)
    assert club_page.locator("#menu a.lois-lien").count() == 2  # no exclusion asked on this page
    assert count == expected_total + 2 and expected_total > 20
    assert not [n for n in club_page.lois_notices if "Lois du bridge" in n]  # nothing missing, nothing to say


@pytest.mark.parametrize("where", ["autre-origine", "fichier"])
def test_embed_shows_provision_text(club_page, club, site_url, model, where):
    club_page.goto(club[0] + "club.html" if where == "autre-origine" else club[1])
    _wait(club_page)
    box = club_page.locator("#integre")
    text = _words(box.inner_text())
    prov = model.provisions[ProvisionId.parse(EMBED)]
    assert prov.children
    for child in prov.children:
        assert _words(child.text)[:60] in text
    source = box.locator(".lois-integre-source a")
    assert source.get_attribute("href") == site_url + "lois/16/#B1"
    caption = box.locator(".lois-integre-source").inner_text()
    assert "Code International de Bridge Duplicate 2017" in caption
    # Law 16's words are not the 2017 edition's: the caption says what they are (lois.core.provenance)
    assert "(texte d'une autre édition, présenté dans l'ordre du Code 2017 ; citation partielle)" in caption
    # it takes the page's own font, and its text was not turned into links
    assert "Georgia" in box.evaluate("e => getComputedStyle(e).fontFamily")
    assert box.locator("a.lois-lien").count() == 0
    box.screenshot(path=str(club[2] / "integre.png"))


def test_preview_card_mouse_and_keyboard(club_page, club, model):
    club_page.goto(club[0] + "club.html")
    _wait(club_page)
    i = next(i for i, c in enumerate(CASES) if c["texte"].startswith("Selon la Loi 50 D 2 (a)"))
    link = club_page.locator(f"p[data-case='{i}'] a.lois-lien").first
    link.hover()
    card = club_page.locator(".lois-card")
    card.wait_for(state="visible", timeout=5000)
    assert _words(model.provisions[pid("50D2(a)")].text)[:30] in _words(card.inner_text())
    club_page.mouse.move(0, 0)
    card.wait_for(state="hidden", timeout=5000)
    link.focus()
    club_page.keyboard.press("Shift+Tab")
    club_page.keyboard.press("Tab")
    card.wait_for(state="visible", timeout=5000)
    assert _words(model.provisions[pid("50D2(a)")].text)[:30] in _words(card.inner_text())


@pytest.mark.parametrize("club_page", ["phone"], indirect=True)
def test_preview_card_tap_on_phone(club_page, club, model):
    club_page.goto(club[1])  # the page opened as a file
    _wait(club_page)
    i = next(i for i, c in enumerate(CASES) if c["texte"].startswith("Ses options"))
    link = club_page.locator(f"p[data-case='{i}'] a.lois-lien").first
    link.scroll_into_view_if_needed()
    link.tap()
    card = club_page.locator(".lois-card")
    card.wait_for(state="visible", timeout=5000)
    assert _words(model.provisions[pid("50D2(a)")].text)[:30] in _words(card.inner_text())
    box = card.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    assert club_page.url.startswith("file://")  # the first tap shows the card, it does not follow the link
    go = card.locator(".lois-card-go")
    assert go.get_attribute("href").endswith("lois/50/#D2a") and "50D2(a)" in go.inner_text()
    club_page.screenshot(path=str(club[2] / "tap.png"))
    club_page.locator("h1").tap()
    card.wait_for(state="hidden", timeout=5000)


@pytest.mark.parametrize("where", ["autre-origine", "fichier"])
def test_search_form_snippet(club_page, club, site_url, where):
    club_page.goto(club[0] + "club.html" if where == "autre-origine" else club[1])
    _wait(club_page)
    club_page.fill("#recherche input", "27B1b")
    club_page.click("#recherche button")
    club_page.wait_for_url(site_url + "recherche/?q=27B1b")
    first = club_page.locator("#lois-search-results li a").first
    first.wait_for()
    assert first.get_attribute("href").endswith("lois/27/#B1b")


# a club page whose text the reader sees whole, its markup or its scripts cut in pieces: the HTML of a paragraph (a
# script splits « Lo|i 16B1 » into text nodes where it says « | ») → the links expected (text, address on the site);
# a citation is read as the reader sees it and linked whole, to the provision it names (session 10: « Loi 16<b>B1</b> »
# linked « Loi 16 » to Loi 16, not to 16B1; session 11: one character per element, a page builder's letter effects,
# got no link)
SPLIT = {
    "Selon la Loi 16<b>B1</b>, l'arbitre rectifie.": [("Loi 16B1", "lois/16/#B1")],
    "Selon la Loi 16|B1, l'arbitre rectifie.": [("Loi 16B1", "lois/16/#B1")],
    "Selon la Loi 50D2(a)<i> et (b)</i> ici.": [("Loi 50D2(a) et (b)", "lois/50/#D2a")],
    "Selon la Lo|i 16B1, l'arbitre rectifie.": [("Loi 16B1", "lois/16/#B1")],
    "Selon la Loi <b>16B1</b>, l'arbitre rectifie.": [("Loi 16B1", "lois/16/#B1")],
    "voir la Loi 16<br>B1 est une autre ligne.": [("Loi 16", "lois/16/")],
    "".join(f"<span>{c}</span>" for c in "Voir la Loi 16B1 puis la Loi 12C1(a).") + "":
        [("Loi 16B1", "lois/16/#B1"), ("Loi 12C1(a)", "lois/12/#C1a")],
    "".join(f"<span class=l>{c}</span>" for c in "Lois 61 à 64") + " et la <em>Loi</em> 50D2(a)":
        [("Lois 61 à 64", "lois/61/"), ("Loi 50D2(a)", "lois/50/#D2a")],
    "Selon <b>la Loi</b> 16B1 ici.": [("Loi", "lois/16/#B1"), (" 16B1", "lois/16/#B1")],
    "Selon la Loi 1|2C|1(a).": [("Loi 12C1(a)", "lois/12/#C1a")],
    "Voir la Loi 16<code>B1</code> ou la Loi 16<a href='#x'>B1</a>.": [],
    "Loi 1<!-- note -->6B1 et Loi 1<script>var x = 1;</script>2C1(a)": [("Loi 16B1", "lois/16/#B1"),
                                                                       ("Loi 12C1(a)", "lois/12/#C1a")],
}


def test_a_citation_cut_by_the_page_markup_is_not_linked_to_another_provision(club_page, club, site_url):
    paras, split = "", ""
    for i, markup in enumerate(nonempty(SPLIT)):
        paras += f"<p data-split='{i}'>{'' if '|' in markup else markup}</p>"
        for piece in markup.split("|") if "|" in markup else ():  # one text node per piece
            split += (f"document.querySelector('[data-split=\"{i}\"]')"
                      f".appendChild(document.createTextNode({json.dumps(piece)}));")
    page = club_html(site_url + "assets/lois/linkifier.js").replace("<h1>", f"{paras}<script>{split}</script><h1>", 1)
    (club[2] / "morceaux.html").write_text(page, encoding="utf-8")
    club_page.goto(club[0] + "morceaux.html")
    _wait(club_page)
    for i, (markup, expected) in enumerate(SPLIT.items()):
        got = club_page.eval_on_selector_all(f"p[data-split='{i}'] a.lois-lien",
                                             "els => els.map(a => [a.innerText, a.href])")
        assert [tuple(g) for g in got] == [(t, site_url + href) for t, href in expected], markup
        # the reader's text is unchanged, and a citation cut in pieces is one link (counted once) where the elements
        # around it can move into it whole (« <b>la Loi</b> 16B1 »: one link per piece, the second one marked)
        seen = club_page.eval_on_selector(f"p[data-split='{i}']", "p => p.innerText")
        assert seen == re.sub(r"<script>.*?</script>|<!--.*?-->|<[^>]+>|[|]", "", markup.replace("<br>", "\n")), markup
    suites = club_page.eval_on_selector_all("a.lois-lien[data-lois-suite]", "els => els.map(a => a.textContent)")
    assert suites == [" 16B1"]


def test_options_exclude_and_new_tab(club_page, club):
    club_page.goto(club[0] + "options.html")
    assert _wait(club_page) > 0
    assert club_page.locator("#menu a").count() == 0
    targets = club_page.eval_on_selector_all("a.lois-lien", "els => els.map(a => a.target + ' ' + a.rel)")
    assert targets and set(targets) == {"_blank noopener"}


def test_missing_data_is_said_in_french(club_page, club):
    club_page.lois_expected_errors.append("404 (File not found)")  # the browser's own line for each missing file
    club_page.goto(club[0] + "mauvaise-base.html")
    _wait(club_page)
    said = [n for n in club_page.lois_notices if n.startswith("Lois du bridge")]
    assert said and any("impossible de charger" in n and "data-lois-base" in n for n in said), club_page.lois_notices


def _corpus_texts(model) -> list[str]:
    texts = [p.text for law in model.laws.values() for p in law.provisions() if p.text]
    for folder in ("commentaires", "notes", "exemples", "checklists"):
        for f in sorted((ROOT / "corpus" / folder).rglob("*")):
            if f.is_file() and f.suffix in (".md", ".yaml"):
                texts.append(f.read_text(encoding="utf-8"))
    return texts


PIECES = ["Loi ", "Lois ", "LOI ", "12", "C1(b)", " et ", ", ", "(i)", " à ", "voir ", "Voir également ", "en ", "cf. ",
          "selon ", " ci-dessous", "LOI 57 Loi 57", "(a)", "(information non autorisée)", "\n", "\u00a0", "B", "2(c)",
          "93", "94", " 3", " joueurs", "A ", " LA SUITE", "(b)", "(ii)", "D 2 (a)", "-", "64", "2C", "n° ", ".", " ",
          "x", " ou ", "et", "E", "1", "(", ")", "61", "C", "de ", "dans ", "A2(a)", "12c", "é", "–"]


def _random_texts(n: int) -> list[str]:
    import random

    rng = random.Random(17)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 16))) for _ in range(n)]


def test_browser_scanner_equals_cite_on_the_whole_corpus(club_page, club, model):
    """Beyond the case file: the generated scanner and cite.py find the same absolute citations everywhere."""
    club_page.goto(club[0] + "club.html")
    _wait(club_page)
    texts = _corpus_texts(model) + _random_texts(3000)
    expected = [[[c.start, c.end, [r.canonical() for r in c.refs if r.law is not None]]
                 for c in find_citations(t) if any(r.law is not None for r in c.refs)] for t in texts]
    got = club_page.evaluate(
        "texts => texts.map(t => window.loisLinkifier.findCitations(t).map(c => [c.start, c.end, c.refs]))", texts)
    assert sum(map(len, expected)) > 100
    assert got == json.loads(json.dumps(expected))


# Pieces of citations as clubs write them, and the Unicode edges on which the browser and Python could read a text
# differently: invisible characters, full-width forms, decomposed accents, glued numeric signs, Python-only and
# JavaScript-only white space (U+0085, U+001C, U+FEFF), mathematical digits (decimal to Python's \d, not [0-9]), a
# character outside the BMP (one code point, two UTF-16 units), addresses.
EDGE_PIECES = PIECES + [
    "Law ", "Laws ", " to ", " and ", "§", " § ", "L. ", "n°", "No. ", "B 1 b ii", "(xi)", "(xii)", " i", " v",
    "\u200b", "\u00ad", "\ufeff", "\u200f", "\u2060", "１６", "Ｌｏｉ", "Ｂ", "e\u0301", "a\u0300", " a\u0300 ",
    "²", "³", "Ⅻ", "\u3000", "\x85", "\x1c", "\u2028", "\u202f", "𝟏𝟔", "😀", "https://c.fr/", "loi16.pdf", "@", "1901",
    "78-17", "table ", "20 h 30", "by-", "x",
    # session 9: marks that NFC reorders and composes into several characters, dots and dashes inside an id, « , § »,
    # a lettered sub-point and its roman closed by a bracket, the laws of other texts, French statutes' numbers
    "e\u0301\u0323", "a\u0362", "1\u0323", "\u0340", ".B.1", "-B-1", ".a", " A. 1", ", § B1", ", B1", " a) ii)", ")",
    " du club", " de notre association", " du 29 juillet 1881", " du Code 2007", " (1997)", "—17", "-610", "RGPD, ",
]


def _utf16(text: str, i: int) -> int:
    return len(text[:i].encode("utf-16-le")) // 2


def _python_spans(texts: list[str]) -> list:
    return [[[_utf16(t, c.start), _utf16(t, c.end), [r.canonical() for r in c.refs if r.law is not None]]
             for c in find_citations(t) if any(r.law is not None for r in c.refs)] for t in texts]


def test_browser_scanner_equals_cite_on_random_inputs(club_page, club):
    """A differential test over random inputs (hypothesis): strings mixing pieces of citations, spaces and Unicode
    edges, and any assigned character, read by cite.py and by the browser's scanner in one Chromium page; the spans
    (in UTF-16 units, the browser's) and the ids must be the same. A failure names the first text read differently
    (not shrunk: each step would be a round trip to the browser)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    club_page.goto(club[0] + "club.html")
    _wait(club_page)
    chars = st.characters(blacklist_categories=("Cn", "Cs", "Co"))
    pieces = st.sampled_from(EDGE_PIECES)
    spaces = st.sampled_from([" ", "", "\u00a0", "\x85", "\x1c", "\ufeff", "\u2028", "\u3000", "\u200b", "\n", "\t"])
    cited = st.tuples(st.sampled_from(["Loi", "Lois", "LOI", "Law", "Laws", "L.", "voir", "art.", "", "²Loi", "n°"]),
                      spaces, st.sampled_from(["16", "１６", "27", "61", "94", "1901", "𝟏𝟔", "12"]), spaces,
                      st.sampled_from(["B", "C1", "B1(a)", "C1(e)(xi)", "§ B", "à 64", "-64", "to 64", "a\u0300 64",
                                       "B 1 b ii", "e\u0301", "", ".html", "(a) et (b)"])).map("".join)
    text = st.lists(st.one_of(cited, pieces, chars), max_size=12).map("".join)
    seen = []

    @settings(max_examples=40, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.lists(text, min_size=60, max_size=60))
    def same_reading(texts):
        got = club_page.evaluate(
            "texts => texts.map(t => window.loisLinkifier.findCitations(t).map(c => [c.start, c.end, c.refs]))",
            texts)
        expected = _python_spans(texts)
        seen.append(sum(map(len, expected)))
        for t, g, e in zip(texts, got, json.loads(json.dumps(expected)), strict=True):
            assert g == e, t

    same_reading()
    assert sum(seen) > 100  # the inputs do hold citations
