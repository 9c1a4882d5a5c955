"""Addresses anyone can type or mangle (a stray « % », a malformed escape) never make a page script throw:
the copy controls stay on every law page, the checklist runner still starts and says in French which answer
of the address it could not use. Phone size (390×844, touch), the real site in Chromium."""
from __future__ import annotations

import pytest

from conftest import PHONE, Tab, nonempty, tab_fixtures

# a phone-sized touch tab kept for the module (tests/conftest.py Tab): any script error fails the test
_phone_tab, phone = tab_fixtures(**PHONE)


@pytest.mark.parametrize("anchor", ["D2%", "%E0%A4%A", "D2%ZZ", "%"])
def test_law_page_with_malformed_anchor_keeps_its_copy_controls(phone, site_url, anchor):
    phone.goto(f"{site_url}lois/50/#{anchor}")
    # in the provision actions menu (hidden until opened)
    phone.locator(".lois-copies").first.wait_for(state="attached")
    assert phone.locator(".lois-copies").count() > 0
    assert phone.lois_errors == []


@pytest.mark.parametrize("query,shown", [
    ("joueur:%25", "%"),       # decodes to « % »: not a choice of « joueur »
    ("joueur:%ZZ", "%ZZ"),     # malformed escape: kept as typed
    ("%:defense", None),       # malformed question name: ignored, the runner starts at the first question
])
def test_checklist_with_malformed_answers_starts_and_says_what_it_ignored(phone, site_url, query, shown):
    phone.goto(f"{site_url}checklists/carte-penalisee/?r={query}")
    phone.locator(".lois-cl-question").first.wait_for()
    assert "Qui a exposé la carte" in phone.locator(".lois-cl-ui").inner_text()
    if shown is not None:
        said = f"Réponse inconnue «\u00a0{shown}\u00a0» à la question «\u00a0joueur\u00a0»"
        assert said in phone.locator(".lois-cl-ui").inner_text()
    assert phone.lois_errors == []


# ----------------------------------------------------------------------------------------------------------------
# The club snippet with a hostile data-lois-base (issue 24): a club page on ANOTHER origin (its own server) includes
# the site's linkifier. Every dangerous address of tests/safe_url_cases.yaml, and the same written with HTML
# character references in the attribute, is refused with a French warning; the snippet falls back to the address
# it comes from, links every citation there, writes no script link and throws nothing.

import functools  # noqa: E402
import html  # noqa: E402
import http.server  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

import yaml  # noqa: E402

from conftest import QuietServer, allow_only  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
URL_CASES = yaml.safe_load((ROOT / "tests" / "safe_url_cases.yaml").read_text(encoding="utf-8"))
HOSTILE_BASES = [c["adresse"] for c in URL_CASES if not c["sure"] and isinstance(c["adresse"], str)
                 and "schemas" not in c and c["adresse"].strip()]
# written as is in the HTML attribute: the browser decodes the references before the snippet reads it
RAW_ATTRIBUTES = ["javascript&#58;alert(1)", "&#106;avascript:alert(1)", "javascript&colon;alert(1)",
                  "java&#x09;script:alert(1)", "JaVaScRiPt&#x3A;alert(1)", "javascript&amp;#58;alert(1)",
                  "&#x20;&#x0a;javascript://%0aalert(1)//", "data&#58;text/html,&lt;script&gt;alert(1)&lt;/script&gt;"]
CLUB_TEXT = "<p id='texte'>Selon la Loi 50 D 2 (a) et la Loi 16B1, l'arbitre rectifie.</p>"


def _club_page(script_src: str, attribute_html: str) -> str:
    return (f"<!doctype html><html lang='fr'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
            f"<title>Club</title></head><body><h1>Club</h1>{CLUB_TEXT}"
            f"<div id='integre' data-lois-provision='16B1'></div>"
            f"<script src='{script_src}' {attribute_html} defer></script></body></html>")


class _Plain(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def club_origin(tmp_path_factory, site_url, built_site):
    """(base URL of a club server on another port, its folder). Its folder holds the club pages, a link to the
    built site (« reference/ ») and a hostile copy of the site (« pirate/ ») whose law data say « javascript: »."""
    d = tmp_path_factory.mktemp("club-hostile")
    (d / "reference").symlink_to(built_site, target_is_directory=True)
    pirate = d / "pirate" / "assets" / "lois"
    shutil.copytree(built_site / "assets" / "lois" / "donnees", pirate / "donnees")
    shutil.copy(built_site / "assets" / "lois" / "linkifier.js", pirate / "linkifier.js")
    for f in (pirate / "donnees").glob("*.js"):
        f.write_text(re.sub(r'"u":"[^"]*"', '"u":"javascript:window.__pwned=1"', f.read_text(encoding="utf-8")),
                     encoding="utf-8")
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Plain, directory=str(d)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", d
    server.shutdown()


@pytest.fixture(scope="module")
def _club_tab(browser, site_url, club_origin):
    tab = Tab(browser, site_url, allowed=(club_origin[0],))
    yield tab
    tab.ctx.close()


@pytest.fixture()
def club_tab(_club_tab):
    """A desktop page that may load only the site and the club origin; records errors and warnings."""
    yield _club_tab.begin()
    _club_tab.end()


def _open_club(pg, club_origin, name: str, page_html: str) -> int:
    (club_origin[1] / name).write_text(page_html, encoding="utf-8")
    pg.goto(club_origin[0] + name)
    pg.wait_for_function("document.documentElement.hasAttribute('data-lois-liens')", timeout=15000)
    return int(pg.get_attribute("html", "data-lois-liens"))


def _hrefs(pg) -> list[str]:
    return pg.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")


def _assert_linked_to(pg, base: str, count: int) -> None:
    hrefs = _hrefs(pg)
    assert count == 2 and len(hrefs) == 3, hrefs  # two citations and the embed's permalink
    assert all(h.startswith(base) for h in hrefs), hrefs
    assert pg.locator("#integre .lois-integre-source a").get_attribute("href") == base + "lois/16/#B1"


def _attribute(base: str) -> str:
    return f'data-lois-base="{html.escape(base, quote=True)}"'


def _parsed_as_written(base: str) -> bool:
    """Whether the HTML parser gives the snippet exactly this text (printable ASCII, escaped): other characters may
    be changed by the parser (a NUL, a carriage return), so those bases are followed to the end below."""
    return all(" " <= ch <= "~" for ch in base)


# followed end to end: every base the parser may change, every one written with character references, and the
# first three others; each of the others reaches the snippet as written and is refused by its own rule (the test
# after this one, and tests/test_safe_urls.py for each case in Chromium)
E2E_BASES = [b for b in HOSTILE_BASES if not _parsed_as_written(b)] + [b for b in HOSTILE_BASES
                                                                       if _parsed_as_written(b)][:3]
BASE_ATTRIBUTES = [_attribute(b) for b in E2E_BASES] + [f'data-lois-base="{a}"' for a in RAW_ATTRIBUTES]
FOLLOWED = set(BASE_ATTRIBUTES[:3] + BASE_ATTRIBUTES[-3:])


def test_every_hostile_base_reaches_the_snippet_as_written_and_is_refused(club_tab, club_origin, site_url):
    """All the dangerous bases of tests/safe_url_cases.yaml written in the attribute of one club page: the snippet's
    own rule (window.loisLinkifier.isSafeUrl) refuses what the attribute gives it, which is the base as written
    when it is printable ASCII."""
    marks = "".join(f"<i id='b{i}' {_attribute(b)}></i>" for i, b in enumerate(HOSTILE_BASES))
    _open_club(club_tab, club_origin, "bases.html", _club_page(site_url + "assets/lois/linkifier.js", "")
               .replace("<h1>Club</h1>", "<h1>Club</h1>" + marks))
    seen = club_tab.evaluate("""n => Array.from({length: n}, (_, i) => {
        const v = document.getElementById('b' + i).getAttribute('data-lois-base');
        return [v, window.loisLinkifier.isSafeUrl(v)]; })""", len(HOSTILE_BASES))
    assert len(HOSTILE_BASES) >= 40 and len(E2E_BASES) < len(HOSTILE_BASES)
    for base, (value, safe) in zip(HOSTILE_BASES, seen, strict=True):
        assert safe is False, (base, value)
        if _parsed_as_written(base):
            assert value == base, (base, value)


@pytest.mark.parametrize("attribute", BASE_ATTRIBUTES,
                         ids=[repr(b)[:40] for b in E2E_BASES] + [f"html:{a[:32]}" for a in RAW_ATTRIBUTES])
def test_hostile_base_is_refused_in_french_and_the_script_address_used(club_tab, club_origin, site_url, attribute):
    count = _open_club(club_tab, club_origin, "base.html",
                       _club_page(site_url + "assets/lois/linkifier.js", attribute))
    _assert_linked_to(club_tab, site_url, count)
    said = [w for w in club_tab.lois_warnings if "data-lois-base" in w]
    refused = "refusée\u00a0: seule une adresse http(s) ou relative est permise"
    assert said and refused in said[0], club_tab.lois_warnings
    assert site_url in said[0]  # says which address it used instead
    assert club_tab.lois_errors == [] and club_tab.lois_foreign == []
    # following a citation goes to the site and runs nothing: every link's address is checked above, a few of
    # them are also followed
    if attribute in FOLLOWED:
        club_tab.locator("#texte a.lois-lien").first.click()
        club_tab.wait_for_url(site_url + "lois/50/#D2a")
        assert club_tab.evaluate("window.__pwned") is None


@pytest.mark.parametrize("base", ["reference/", "./reference", "/reference/", " HTTP://{host}reference/?x#y "])
def test_relative_or_http_base_is_used(club_tab, club_origin, site_url, base):
    """A relative base (resolved against the club page) and an absolute one (scheme in capitals, spaces, query
    and fragment dropped) both work."""
    expected = club_origin[0] + "reference/"
    base = base.format(host=club_origin[0][len("http://"):])
    count = _open_club(club_tab, club_origin, "relative.html",
                       _club_page(site_url + "assets/lois/linkifier.js", f'data-lois-base="{base}"'))
    _assert_linked_to(club_tab, expected, count)
    assert not [w for w in club_tab.lois_warnings if "data-lois-base" in w]
    assert club_tab.lois_errors == [] and club_tab.lois_foreign == []


def test_law_data_that_says_javascript_never_becomes_a_link(club_tab, club_origin):
    """A hostile copy of the reference (its law files give « javascript: » addresses): citations stay text, the
    embed shows its text without a link, nothing runs, nothing throws."""
    pirate = club_origin[0] + "pirate/"
    count = _open_club(club_tab, club_origin, "pirate.html",
                       _club_page(pirate + "assets/lois/linkifier.js", f'data-lois-base="{pirate}"'))
    assert count == 0 and _hrefs(club_tab) == []
    assert "Selon la Loi 50 D 2 (a) et la Loi 16B1" in club_tab.locator("#texte").inner_text()
    assert "Loi 16B1" in club_tab.locator("#integre .lois-integre-source").inner_text()
    assert club_tab.evaluate("window.__pwned") is None
    assert club_tab.lois_errors == [] and club_tab.lois_foreign == []


def test_register_redirect_never_leaves_the_site_even_if_its_data_is_forged(browser, site_url):
    """permalinks.js follows a redirect of the register only to a page of this site: with forged data (served in
    place of permaliens-donnees.js) an old anchor pointing elsewhere or at « javascript: » is left alone."""
    forged = ('window.loisPermaliens = {"source": "Code", "redirects": {'
              '"lois/50/#Z9": "https://pirate.example/", "lois/50/#Z8": "javascript:window.__pwned=1", '
              '"lois/50/#Z6": "//pirate.example/x", "lois/50/#Z7": "lois/50/#D2a"}};')
    ctx = browser.new_context(**PHONE)
    try:
        foreign = allow_only(ctx, site_url, "data:")
        ctx.route(site_url + "assets/lois/permaliens-donnees.js",
                  lambda route: route.fulfill(body=forged, content_type="text/javascript"))
        errors: list[str] = []
        for anchor in ("Z9", "Z8", "Z6"):
            pg = ctx.new_page()
            pg.on("pageerror", lambda e: errors.append(str(e)))
            pg.goto(f"{site_url}lois/50/#{anchor}")
            pg.locator(".lois-copies").first.wait_for(state="attached")  # permalinks.js has run on this anchor
            # then a redirect within the site, which is followed: anything the first anchor started came before it
            pg.evaluate("location.hash = 'Z7'")
            pg.wait_for_url(site_url + "lois/50/#D2a")
            assert pg.evaluate("window.__pwned") is None
            pg.close()
        assert errors == [] and foreign == []
    finally:
        ctx.close()


# ----------------------------------------------------------------------------------------------------------------
# An address with doubled slashes (a club's link joined to a base that ends in « / »: « …/lois//12/ »): the server
# gives the page, and every relative address of the page resolved one folder off — a law page without its styles
# and scripts (session 13). The page writes its address back with single slashes before anything is resolved.

@pytest.mark.parametrize("path", ["lois//12/#C1", "/lois/12/#C1", "lois//12//?x=1#C1"])
def test_an_address_with_doubled_slashes_gets_the_page_whole(phone, site_url, path):
    # the browser's look-ahead asks for the stylesheets at the address as written, before the page's first script
    # runs: those answers are 404s, and then the same files are loaded at the right address
    def looked_ahead(request):  # the site's files are under « assets/ » at its top, not in « lois/ »
        if request.url.startswith(f"{site_url}lois/") and "/assets/" in request.url:
            phone.lois_expect_404.add(request.url)

    phone.on("request", looked_ahead)
    try:
        phone.goto(site_url + path)
        phone.locator(".lois-copies").first.wait_for(state="attached")  # the site's scripts ran
    finally:
        phone.remove_listener("request", looked_ahead)
    assert phone.evaluate("location.pathname") == "/lois/12/"
    assert phone.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"
    assert phone.evaluate("location.hash") == "#C1"
    top = phone.evaluate("document.getElementById('C1').getBoundingClientRect().top")
    assert 0 <= top < 844
    hrefs = phone.evaluate("[...document.querySelectorAll('a[href]')].map(a => a.href)")
    assert nonempty([h for h in hrefs if h.startswith(site_url)]) and not [h for h in hrefs if "//" in h[8:]]
