"""The club linkifier on pages that change after load, under a strict Content-Security-Policy and Trusted Types:
club pages served on ANOTHER origin (their own server, another port) with those headers, in Chromium.

* a text the club's script rewrites while the laws' files load is linked at its new places, never damaged
  (« Texte ch<a>Loi 16B1</a> le club »); a region made editable meanwhile gets no link;
* the snippet pasted twice: each citation linked once, and the count reported is the number of links;
* no inline style and no HTML parsed from strings: no violation of « style-src 'self' » nor of
  « require-trusted-types-for 'script' » (the preview card opens); a page whose policy forbids the linkifier's
  Trusted Types policy is told so in French, and its citations still lead to the laws.
"""
from __future__ import annotations

import functools
import http.server
import threading

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import QuietServer

CLUB_JS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.violations.push(e.violatedDirective + " " + e.blockedURI);
});
/* the club's own script, run after the linkifier has read the page and while the laws' files load: it rewrites
   a text and makes a region editable */
var changed = document.getElementById("change");
if (changed) changed.firstChild.data = "Texte ch Loi 16B1 le club";
var edit = document.getElementById("edit");
if (edit) edit.contentEditable = "true";
var own = document.getElementById("integre-modifiable");
if (own) own.contentEditable = "true";
"""


# A club page made by a framework (React, Vue, Svelte, Preact keep the text nodes they made: they write them again to
# update the page and remove them with removeChild; and they add parts as the reader moves on). Each button does
# what a framework does, when the test asks.
FRAMEWORK_JS = """
var app = document.getElementById("app"), p = document.createElement("p"),
    t = document.createTextNode("Score du jour 1 : voir la Loi 16B1 pour la correction.");
p.id = "score"; p.appendChild(t); app.appendChild(p);
function said(text) { document.getElementById("etat").textContent = text; }
document.getElementById("maj").addEventListener("click", function () {
  t.data = "Score du jour 2 : voir la Loi 16B1 et la Loi 12C1(c) pour la correction.";
});
document.getElementById("retire").addEventListener("click", function () {
  try { p.removeChild(t); said("retiré"); } catch (e) { said("le cadriciel a échoué : " + e.name); }
});
document.getElementById("rediger").addEventListener("click", function () {
  document.getElementById("redaction").contentEditable = "true";  /* the club's editor, after the links */
});
document.getElementById("ajoute").addEventListener("click", function () {
  var q = document.createElement("section"); q.id = "nouvelle";
  q.appendChild(document.createElement("h2")).textContent = "Page suivante";
  q.appendChild(document.createElement("p")).textContent = "Nouvelle page : Loi 27B1(b) et Loi 16B1.";
  app.appendChild(q);
  q.appendChild(document.createElement("p")).textContent = "Voir aussi la Loi 64A.";  /* inside what was just added */
});
"""
FRAMEWORK_PAGE = """<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Club (cadriciel)</title></head><body><h1>Club d'essai</h1>
<p><button id="maj">Mettre à jour</button><button id="retire">Retirer</button><button id="ajoute">Ajouter</button>
<button id="rediger">Rédiger</button></p>
<p id="etat"></p><div id="app"></div>
<p id="redaction">Article : voir la Loi 16B1 pour la règle.</p>
<script src="cadriciel.js" defer></script>
<script src="{site}assets/lois/linkifier.js" defer></script>
</body></html>"""


def page(site_url: str, twice: bool = False) -> str:
    script = f'<script src="{site_url}assets/lois/linkifier.js" defer></script>'
    return f"""<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Club</title></head><body><h1>Club d'essai</h1>
<p id="change">Texte du club qui cite la Loi 27B1(b) et la Loi 50D2 avant sa mise à jour.</p>
<div id="edit"><p>Zone que le club rend modifiable : Loi 12C1(c) et Loi 64A.</p></div>
<p id="still">Texte fixe : Loi 16B1, puis Lois 61 à 64.</p>
<div id="integre" data-lois-provision="50D2"></div>
<div id="integre-modifiable" data-lois-provision="16B1"><p>Texte que le club écrit ici.</p></div>
{script}{script if twice else ""}
<script src="club.js" defer></script>
</body></html>"""


def csp(site_origin: str, trusted: str = "") -> str:
    return (f"default-src 'none'; script-src 'self' {site_origin}; style-src 'self'; img-src 'self' data:; "
            f"connect-src 'self'; require-trusted-types-for 'script'{'; ' + trusted if trusted else ''}")


@pytest.fixture(scope="module")
def club_csp(tmp_path_factory, site_url):
    """URL of a club server (another port) whose pages are sent with a strict CSP and Trusted Types."""
    d = tmp_path_factory.mktemp("club-csp")
    origin = site_url.rstrip("/")
    (d / "change.html").write_text(page(site_url), encoding="utf-8")
    (d / "change-sans-csp.html").write_text(page(site_url), encoding="utf-8")
    (d / "deux-fois.html").write_text(page(site_url, twice=True), encoding="utf-8")
    (d / "refus-tt.html").write_text(page(site_url), encoding="utf-8")
    (d / "club.js").write_text(CLUB_JS, encoding="utf-8")
    (d / "cadriciel.js").write_text(FRAMEWORK_JS, encoding="utf-8")
    for name in ("cadriciel.html", "cadriciel-sans-csp.html"):
        (d / name).write_text(FRAMEWORK_PAGE.replace("{site}", site_url), encoding="utf-8")
    headers = {"/change.html": csp(origin), "/deux-fois.html": csp(origin), "/cadriciel.html": csp(origin),
               "/refus-tt.html": csp(origin, "trusted-types politique-du-club")}

    class Strict(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def end_headers(self):
            if self.path in headers:
                self.send_header("Content-Security-Policy", headers[self.path])
            super().end_headers()

    server = QuietServer(("127.0.0.1", 0), functools.partial(Strict, directory=str(d)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture()
def club_tab(browser, site_url, club_csp):
    ctx = browser.new_context(service_workers="block")
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith((site_url, club_csp, "data:"))
              else r.abort())
    pg = ctx.new_page()
    pg.console_lines = []
    pg.on("console", lambda m: pg.console_lines.append((m.type, m.text)))
    pg.on("pageerror", lambda e: pg.console_lines.append(("error", str(e))))
    yield pg
    ctx.close()


def _done(pg, seconds: float = 15) -> int:
    """The number of links the linkifier reports once done (waited for by a locator, which Playwright evaluates in
    a world of its own: the page's CSP forbids the string evaluation that wait_for_function uses)."""
    try:
        pg.locator("html[data-lois-liens]").wait_for(state="attached", timeout=seconds * 1000)
    except PlaywrightTimeout:
        raise AssertionError(f"le linkifier n'a pas fini : {pg.console_lines}") from None
    return int(pg.get_attribute("html", "data-lois-liens"))


def _links(pg, where: str) -> list[str]:
    return pg.eval_on_selector_all(f"{where} a.lois-lien", "as => as.map(a => a.textContent)")


def _errors(pg) -> list[str]:
    return [t for kind, t in pg.console_lines if kind == "error"]


@pytest.mark.parametrize("name", ["change.html", "change-sans-csp.html"])
def test_text_rewritten_and_region_made_editable_while_loading(club_tab, club_csp, name):
    pg = club_tab
    pg.goto(club_csp + name)
    n = _done(pg)
    assert pg.inner_text("#change") == "Texte ch Loi 16B1 le club"  # not one character moved
    assert _links(pg, "#change") == ["Loi 16B1"]  # the new text's citation, at its place
    assert _links(pg, "#edit") == []  # editable by then: left alone
    assert _links(pg, "#still") == ["Loi 16B1", "Lois 61 à 64"]
    assert n == pg.locator("a.lois-lien").count() == 3
    assert pg.locator("#integre .lois-integre-texte").count() == 1  # an embed, under the CSP too
    assert pg.inner_text("#integre-modifiable") == "Texte que le club écrit ici."  # editable by then: kept
    assert pg.evaluate("window.violations") == [] and _errors(pg) == []


def test_card_under_strict_csp_and_trusted_types(club_tab, club_csp):
    """The preview card opens (built with DOM methods) and is styled (a constructed stylesheet): no violation."""
    pg = club_tab
    pg.goto(club_csp + "change.html")
    _done(pg)
    link = pg.locator("#still a.lois-lien").first
    link.hover()
    card = pg.locator(".lois-card")
    card.wait_for(state="visible")
    assert "Loi 16B1" in card.inner_text() or card.locator(".lois-card-text").inner_text()
    assert card.evaluate("c => getComputedStyle(c).position") == "fixed"  # the card's style applies
    assert pg.evaluate("window.violations") == [] and _errors(pg) == []


def test_snippet_pasted_twice_links_once_and_reports_the_links(club_tab, club_csp):
    pg = club_tab
    pg.goto(club_csp + "deux-fois.html")
    _done(pg)
    pg.evaluate("() => window.loisLinkifierPret")  # the second bundle's run, after the first's, is over
    n = int(pg.get_attribute("html", "data-lois-liens"))
    assert _links(pg, "#still") == ["Loi 16B1", "Lois 61 à 64"]
    assert pg.locator("a.lois-lien a, a.lois-lien .lois-lien").count() == 0
    assert n == pg.locator("a.lois-lien").count() == 3
    assert pg.locator("#integre .lois-integre-texte").count() == 1  # filled once
    assert pg.evaluate("window.violations") == [] and _errors(pg) == []


def test_page_that_forbids_the_linkifier_policy_is_told_in_french(club_tab, club_csp):
    """trusted-types names only the club's own policy: the linkifier says why in French (a warning), and the
    citations still lead to the laws' pages (without previews)."""
    pg = club_tab
    pg.goto(club_csp + "refus-tt.html")
    _done(pg)
    # without the law files the links are made at once, before the club's script rewrites #change: its new text is
    # shown as it wrote it (before session 12, the old text stayed, links and all) and linked again, the count follows
    pg.locator("#change a.lois-lien", has_text="Loi 16B1").wait_for()
    assert pg.inner_text("#change") == "Texte ch Loi 16B1 le club" and _links(pg, "#change") == ["Loi 16B1"]
    pg.locator(f'html[data-lois-liens="{pg.locator("a.lois-lien").count()}"]').wait_for(state="attached")
    assert _links(pg, "#still") == ["Loi 16B1", "Lois 61 à 64"]
    assert pg.locator("#still a.lois-lien").first.get_attribute("href").endswith("/lois/16/")  # the law, no data
    warnings = [t for kind, t in pg.console_lines if kind == "warning"]
    assert any("Trusted Types" in w and "lois-linkifier" in w and "sans aperçu" in w for w in warnings), warnings
    # the browser's own report of the refused policy is the only error; nothing of the linkifier fails
    assert all("TrustedTypePolicy" in e or "trusted-types" in e for e in _errors(pg)), _errors(pg)


@pytest.mark.parametrize("name", ["cadriciel.html", "cadriciel-sans-csp.html"])
def test_a_page_its_framework_rewrites_after_the_links_shows_what_it_wrote(club_tab, club_csp, name):
    """A club page whose framework writes again, later, a text node the linkifier has linked: the page showed the
    old text (the node written had been replaced by the links, out of the page); removing it threw NotFoundError (a
    React page goes blank); a part added later (the next « page » of the application) got no link. Now the text is
    shown as the framework wrote it and linked again, its removal takes its links with it, and what is added is
    linked, the count said (data-lois-liens)."""
    pg = club_tab
    pg.goto(club_csp + name)
    assert _done(pg) == 2 and _links(pg, "#score") == ["Loi 16B1"]
    score = pg.locator("#score")
    pg.click("#maj")
    new = "Score du jour 2 : voir la Loi 16B1 et la Loi 12C1(c) pour la correction."
    pg.locator("#score a.lois-lien", has_text="Loi 12C1(c)").wait_for()  # linked again
    assert score.inner_text() == new and _links(pg, "#score") == ["Loi 16B1", "Loi 12C1(c)"]
    pg.click("#retire")
    pg.locator("#etat", has_text="retiré").wait_for(timeout=5000)
    pg.locator("#score a").wait_for(state="detached")
    assert score.inner_text() == ""
    pg.click("#ajoute")
    pg.locator("#nouvelle a.lois-lien", has_text="Loi 16B1").wait_for()
    assert _links(pg, "#nouvelle") == ["Loi 27B1(b)", "Loi 16B1", "Loi 64A"]  # each once
    pg.locator('html[data-lois-liens="4"]').wait_for(state="attached")
    # the preview card the linkifier opens is its own: the page watched, the citations of the text it shows (27B1(b)
    # cites « (Loi 23) ») are not linked inside it, nor counted
    pg.locator("#nouvelle a.lois-lien", has_text="Loi 27B1(b)").hover()
    card = pg.locator(".lois-card")
    card.get_by_text("Loi 23").wait_for()
    pg.click("#ajoute")  # something else changes after the card opened: the page is looked at again
    pg.locator("#app section:nth-of-type(2) a.lois-lien").first.wait_for()
    assert card.locator("a.lois-lien").count() == 0
    pg.locator('html[data-lois-liens="7"]').wait_for(state="attached")
    # the club's editor made a linked paragraph editable afterwards: a person types at its start (the text node the
    # linkifier linked), and nothing of the paragraph goes
    pg.click("#rediger")
    pg.locator("#redaction").click(position={"x": 2, "y": 5})
    pg.keyboard.press("Home")
    pg.keyboard.type("Notre ")
    pg.locator("#redaction", has_text="Notre Article").wait_for()
    pg.click("#ajoute")  # something else changes meanwhile: the page is looked at again
    pg.locator("#app section:nth-of-type(3) a.lois-lien").first.wait_for()
    assert pg.inner_text("#redaction") == "Notre Article : voir la Loi 16B1 pour la règle."
    assert pg.evaluate("window.violations || []") == [] and _errors(pg) == []
