"""Hostile text is shown, never run: a corpus full of HTML and `javascript:` links (tests/fixtures/hostile),
built with `mkdocs build --strict` and visited in a real chromium — every page type, hover previews,
« Cité par », the checklist runner and the search box — plus the real site's search box and the CLI."""
from __future__ import annotations

import functools
import shutil
import subprocess
import threading
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import ROOT, QuietServer, Tab, _Quiet, build_with_corpus, run_lois, pid
from lois.core.typo import french_spacing

HOSTILE = ROOT / "tests" / "fixtures" / "hostile"
PWN = "window.__pwned=1"
SCRIPT = f"<script>{PWN}</script>"
IMG = f'<img src=x onerror="{PWN}">'
SVG = f'"><svg onload={PWN}>'
A_JS = f'<a href="javascript:{PWN}">'

# what people type in a search box: markup, javascript: links, broken HTML, entities, quotes
QUERIES = [SCRIPT, IMG, SVG, f"[lien](javascript:{PWN})", f"{A_JS}clic</a>", "<div><b>", "</details>", "<!--",
           "&lt;script&gt;alert(1)&lt;/script&gt;", "carte \" ' « pénalisée", f"{SCRIPT} renonce"]

# Every expected string is written in tests/fixtures/hostile; each must be visible as text where it was put.
VISIBLE = {
    "lois/50/": [
        f"Carte pénalisée {SCRIPT} [titre](javascript:{PWN})",               # law title (front matter)
        f"Note de titre {IMG}", f"Cité dans {A_JS}un lien</a>", f"Document {SVG}",  # metadata
        f"carte pénalisée {SCRIPT} sauf",                                    # inline HTML in a paragraph
        f"La carte {IMG} reste [exposée](javascript:{PWN})",                  # section heading
        f"face visible {A_JS}clic</a> sur la table",
        "<div><b>", "</details>", SCRIPT,                                     # HTML blocks
        f"jamais fermé {SCRIPT} et <img src=x onerror={PWN}>.",               # entities
        f"Carte pénalisée {SVG} principale ou secondaire",
        f"Carte pénalisée [secondaire](javascript:{PWN})",                    # paragraph title
        "prématurément <!-- commentaire jamais fermé et :",
        f"si elle est seule {IMG},", f"exposée par {A_JS}inadvertance</a>.",  # bullets
        f"[x](javascript:{PWN})",                                             # table cell
        f"Note {SCRIPT} et {IMG} et [lien](javascript:{PWN}).",               # footnote
        f"Note {SCRIPT} [piégée](javascript:{PWN})",                          # team note beside 50B1
        f"Exemple {SCRIPT} [piégé](javascript:{PWN})",                        # example beside 50B1
        f"Alerte {SCRIPT} expliquée", f"Remarque {IMG} d'enchère",
        f"Levée {A_JS}clic</a> commentée",
        f"Décision {SCRIPT} selon la Loi 50B1 </details> <!-- fin",
        f"Liste {SCRIPT} [piégée](javascript:{PWN})",                         # checklist link
    ],
    "commentaires/piege/": [
        f"Commentaire {SCRIPT} [piégé](javascript:{PWN})", f"Auteur : Auteur {IMG}", f"Titre {SCRIPT}",
        f"avec {IMG} et un [lien](javascript:{PWN}) et un {A_JS}autre lien</a>.",
        "<div><b>Bloc jamais fermé", "</details>", f"<!-- commentaire jamais fermé {SCRIPT}",
    ],
    "notes/note-piegee/": [
        f"Note {SCRIPT} [piégée](javascript:{PWN}) {IMG}", f"Auteur : Équipe {IMG}", f"Source : Source {A_JS}clic</a>",
        f"Sous-titre {SVG} et {IMG} dans la table des matières", f"[un lien](javascript:{PWN})",
        f"[un autre](JaVaScRiPt:{PWN})",
        f"puce {A_JS}lien</a>", f"{SCRIPT} en code",
    ],
    "exemples/": [
        f"Exemple {SCRIPT} [piégé](javascript:{PWN})", f"Question {IMG} avec [lien](javascript:{PWN}) ?",
        f"Alerte {SCRIPT} expliquée", SVG,
    ],
    "glossaire/": [
        "<i>terme</i> piégé", f"Définition {SCRIPT} et {IMG} et {SVG}.", f"Un terme [piégé](javascript:{PWN}).",
        f"Une carte exposée </abbr>{SCRIPT}.",
    ],
    "que-faire-si/": [
        f"Une carte {SCRIPT} [piégée](javascript:{PWN}) est exposée", f"Description {IMG} et {A_JS}lien</a>",
    ],
    "checklists/": [f"Liste {SCRIPT} [piégée](javascript:{PWN})", f"Description {IMG} et {SVG}."],
    "checklists/piege/": [
        f"Liste {SCRIPT} [piégée](javascript:{PWN}) — arbitrage pas à pas", f"Question {SCRIPT} ?",
        f"Aide {IMG}", f"Oui {SCRIPT}", f"Non {A_JS}clic</a>", f"Cas {SCRIPT}",
    ],
    "lois/": [f"Carte pénalisée {SCRIPT} [titre](javascript:{PWN})"],
}

# In every page: no event-handler attribute, no javascript:/data: address, no script that sets the trap.
DOM_CHECK = r"""() => {
  const bad = [];
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      const n = a.name.toLowerCase(), v = a.value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
      if (n.startsWith("on")) bad.push(el.tagName + " " + n + "=" + a.value);
      if (/^(javascript|vbscript|data):/.test(v)) bad.push(el.tagName + " " + n + "=" + a.value);
    }
  }
  for (const s of document.scripts)
    if (!/json/.test(s.type) && s.textContent.includes("__pwned")) bad.push("SCRIPT " + s.textContent.slice(0, 80));
  return bad;
}"""

# `window.__pwned` is a trap: setting it reports a console error (which fails the test) on any page.
TRAP = """(() => { let v; Object.defineProperty(window, "__pwned", { configurable: false,
  get() { return v; }, set(x) { v = x; console.error("code hostile exécuté"); } }); })();"""


def _lois(*args, cache: Path) -> subprocess.CompletedProcess:
    """`lois` in this process (conftest.run_lois): an exception it let through would fail the test."""
    return run_lois(*args, env={"LOIS_CACHE": str(cache)})


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    """The hostile corpus built as a site (a copy of the project's docs and config, corpus pointed at it)."""
    proj = tmp_path_factory.mktemp("hostile")
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    (proj / "site_src" / "index.md").write_text(
        "---\nwords: {50B1: \"Une carte exposée prématurément\"}\n---\n\n"
        "# Corpus hostile\n\nVoir la Loi 50B1 et le [commentaire](commentaires/piege.md).\n", encoding="utf-8")
    return build_with_corpus(proj, HOSTILE, site_src=proj / "site_src")


@pytest.fixture(scope="module")
def hostile_url(hostile_site):
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(hostile_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="module")
def _hostile_tab(browser, hostile_url):
    tab = Tab(browser, hostile_url, dialogs_are_errors=True)
    tab.ctx.add_init_script(TRAP)
    yield tab
    tab.ctx.close()


@pytest.fixture()
def hpage(_hostile_tab):
    """A page of a tab on the hostile site kept for the module (conftest's Tab, with the trap): fails on console
    errors, dialogs, foreign requests, or the trap."""
    pg = _hostile_tab.begin()
    yield pg
    assert pg.evaluate("window.__pwned") is None
    _hostile_tab.end()


def _pages(site: Path) -> list[str]:
    out = []
    for f in sorted(site.rglob("*.html")):
        text = f.read_text(encoding="utf-8")
        if "lois-lien-court" in text or 'http-equiv="refresh"' in text:
            continue  # short-link redirect pages: generated from ids, no corpus text
        rel = f.relative_to(site).as_posix()
        out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return out


def _text(pg) -> str:
    pg.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    return pg.locator("body").inner_text()


def test_hostile_corpus_is_valid_and_reaches_every_kind_of_text():
    """The fixture is a real corpus (it loads), and each kind of text carries hostile markup."""
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists
    from lois.core.corpus import load_corpus

    model = load_corpus(HOSTILE)
    ann = load_annotations(model)
    lists = load_checklists(HOSTILE, model)
    law = model.laws[50]
    texts = {
        "titre de loi": law.title, "titre de section": model.provisions[pid("50A")].title,
        "paragraphe": model.provisions[pid("50B2")].text, "note de bas de page": " ".join(law.footnotes.values()),
        "commentaire": model.commentaries["piege"].body, "note": ann.notes["note-piegee"].body,
        "exemple": ann.examples["50-piege"].title + ann.examples["50-piege"].calls[2].alert,
        "glossaire": " ".join(t.term + t.definition for t in ann.terms), "situation": ann.situations[0].title,
        "liste": " ".join(q.text + " ".join(c.label for c in q.choices) for q in lists["piege"].questions.values())
        + " ".join(o.title + o.ruling for o in lists["piege"].outcomes.values()),
    }
    for kind, text in texts.items():
        assert "<" in text and "__pwned" in text, kind


def test_every_generated_page_shows_hostile_text_as_text(hpage, hostile_url, hostile_site):
    pages = _pages(hostile_site)
    assert set(VISIBLE) <= set(pages)
    for path in pages:
        hpage.goto(hostile_url + path)
        assert hpage.evaluate(DOM_CHECK) == [], path
        assert hpage.evaluate("window.__pwned") is None, path
        if path in VISIBLE:
            text = _text(hpage)
            for s in VISIBLE[path]:
                assert french_spacing(s) in text, f"{path} : « {s} » n'est pas affiché comme texte"
    # page titles (theme templates do not escape them)
    hpage.goto(hostile_url + "lois/50/")
    assert hpage.title().startswith(f"Loi 50 — Carte pénalisée {SCRIPT} [titre](javascript:{PWN})")
    theme = hpage.locator(".md-nav__link, .md-header__topic, .md-footer__link")
    assert theme.locator("script, img, svg[onload], b, i").count() == 0
    assert f"Carte pénalisée {SCRIPT}" in hpage.locator(".md-nav__link--active").first.text_content()
    assert hpage.locator(".md-nav__link", has_text=f"Commentaire {SCRIPT}").count() > 0


def test_links_from_corpus_text_have_safe_addresses(hpage, hostile_url):
    for path in ("lois/50/", "notes/note-piegee/", "commentaires/piege/"):
        hpage.goto(hostile_url + path)
        hrefs = hpage.eval_on_selector_all("article a[href]", "as => as.map(a => a.href)")
        assert hrefs and all(h.split(":", 1)[0] in ("http", "https", "mailto") for h in hrefs), path
    # Markdown links of notes are kept when their address is safe
    hpage.goto(hostile_url + "commentaires/piege/")
    assert hpage.locator("article a", has_text="lien sûr").get_attribute("href") == "https://example.org/"


def test_hover_previews_show_text(hpage, hostile_url):
    hpage.goto(hostile_url + "commentaires/piege/")
    link = hpage.locator(".lois-commentary a.lois-cite", has_text="Loi 50A").first
    link.hover()
    tip = hpage.locator(".lois-card").filter(has_text=f"La carte {IMG} reste")  # the preview card (card.js)
    tip.first.wait_for(state="visible", timeout=3000)
    assert tip.first.locator(".lois-card-text").locator("img, script, svg, a").count() == 0
    hpage.goto(hostile_url + "lois/50/")
    gloss = hpage.locator('abbr.ann-gloss[data-term="carte pénalisée"]').first
    gloss.hover()
    # a glossary term's definition opens in the same preview card (card.js), as text
    tip = hpage.locator(".lois-card").filter(has_text=f"Une carte exposée </abbr>{SCRIPT}.")
    tip.first.wait_for(state="visible", timeout=3000)
    assert tip.first.locator(".lois-card-text").locator("script, abbr, img, svg").count() == 0


def test_truncated_menu_and_contents_entries_show_text(hpage, hostile_url):
    """Material copies the text of a truncated menu / table-of-contents entry into a tooltip as HTML:
    titles and headings typed with markup must still show as text there (lois.js guards those titles)."""
    shown = []
    for path in ("lois/50/", "notes/note-piegee/", "checklists/piege/"):
        hpage.goto(hostile_url + path)
        entries = hpage.locator(".md-sidebar .md-ellipsis")
        # the entries shown (as Playwright's is_visible says it) and cut short, found in one call
        cut = entries.evaluate_all("""es => es.flatMap((e, i) => { const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'
                   && e.offsetWidth < e.scrollWidth ? [i] : []; })""")
        for i in cut:
            e = entries.nth(i)
            e.hover()
            tip = hpage.locator(".md-tooltip2--active")
            tip.wait_for(state="visible", timeout=3000)
            assert tip.locator("img, script, svg, a, b, i").count() == 0, path
            shown.append(tip.inner_text())
            hpage.mouse.move(0, 0)
        assert hpage.evaluate("window.__pwned") is None, path
    assert any(f"Note {SCRIPT} [piégée](javascript:{PWN}) {IMG}" in t for t in shown), shown


def test_cited_by_shows_citing_sentence_as_text(hpage, hostile_url):
    hpage.goto(hostile_url + "lois/50/")
    hpage.locator("#B1 > .lois-tools > .lois-act").click()  # « Cité par » is in the actions menu
    hpage.locator("#act-B1 .lois-act-cited").click()
    box = hpage.locator('#B1 > details.lois-cited-by')
    item = box.locator("li").filter(has_text="Loi 50B2")
    assert f"Toute carte {SCRIPT} du rang d'un honneur [x](javascript:{PWN})" in item.inner_text()
    assert item.locator("script, img").count() == 0
    hpage.locator('.lois-section-body[data-id="50A"] > .lois-tools > .lois-act').click()
    hpage.locator("#act-A .lois-act-cited").click()
    section = hpage.locator('.lois-section-body[data-id="50A"] > details.lois-cited-by')
    assert "Commentaire\u00a0: Commentaire <script>" in section.inner_text()


def test_checklist_runner_shows_text(hpage, hostile_url):
    hpage.goto(hostile_url + "checklists/piege/")
    step = hpage.locator(".lois-cl-step")
    assert step.locator(".lois-cl-question").inner_text() == f"Question {SCRIPT}\u202f?"
    cite = step.locator(".lois-cl-cites a.lois-cite", has_text="Loi 50A")
    assert f"La carte {IMG} reste" in hpage.evaluate(
        "t => new DOMParser().parseFromString(t, 'text/html').body.textContent", cite.get_attribute("title"))
    cite.hover()  # the preview card (card.js) shows the cited text, its markup as text
    card = hpage.locator(".lois-card").filter(has_text=f"La carte {IMG} reste").first
    card.wait_for(state="visible", timeout=3000)
    assert card.locator(".lois-card-text").locator("img, script, svg, a").count() == 0
    assert step.locator(".lois-cl-help").inner_text() == f"Aide {IMG}"
    hpage.locator(".lois-cl-choice", has_text="Oui").click()
    result = hpage.locator(".lois-cl-result")
    assert result.locator(".lois-cl-ruling-title").inner_text() == f"Issue {SCRIPT}"
    assert result.locator(".lois-cl-ruling").inner_text() == f"Décision {IMG} [lien](javascript:{PWN})."
    assert hpage.locator(".lois-cl-ui").locator("script, img, svg, b").count() == 0
    # the answers travel in the address, and a shared link replays them (ids are plain since session 9: markup in an
    # id is refused by `lois verifie`, tests/test_unseen_attacks.py; JavaScript's own names stay valid ids here)
    url = hpage.url
    hpage.goto(url)
    assert hpage.locator(".lois-cl-result .lois-cl-ruling-title").inner_text() == f"Issue {SCRIPT}"
    # the other branch, then the case links of the page
    hpage.goto(hostile_url + "checklists/piege/")
    hpage.locator(".lois-cl-choice", has_text="Non").click()
    assert hpage.locator(".lois-cl-question").inner_text().startswith("Deuxième question </details><!--")
    hpage.locator(".lois-cl-choice", has_text="B").click()
    assert hpage.locator(".lois-cl-ruling-title").inner_text() == f"Autre issue {SVG}"
    hpage.goto(hostile_url + "checklists/piege/")
    hpage.locator(".lois-cl-cases a").first.click()
    assert hpage.locator(".lois-cl-result .lois-cl-ruling-title").inner_text() == f"Issue {SCRIPT}"
    # a forged answer in the address is reported as text
    hpage.goto(hostile_url + "checklists/piege/?r=q_piege:" + quote(IMG, safe=""))
    assert IMG in hpage.locator(".lois-cl-warning").inner_text()
    assert hpage.evaluate(DOM_CHECK) == []


def _search_everywhere(pg, base: str):
    """Hostile strings typed in the header box and the search page, and given as ?q= deep links."""
    pg.goto(base + "lois/50/")
    box = pg.locator(".lois-search-header-input")
    dropdown = pg.locator("#lois-search-dropdown")
    for q in QUERIES:
        box.fill("")  # the box emptied, the list is empty: what shows next is the answer to q
        pg.wait_for_function("() => document.getElementById('lois-search-dropdown').children.length === 0")
        box.fill(q)
        pg.wait_for_function("() => document.getElementById('lois-search-dropdown').children.length > 0")
        assert dropdown.locator("script, img, svg, b, a[href^=javascript]").count() == 0, q
    from lois.core.typo import quoted

    pg.goto(base + "recherche/")
    box = pg.locator("#lois-search-q")
    for q in QUERIES:
        box.fill(q)
        pg.wait_for_function("q => document.querySelector('.lois-search-status').textContent.includes(q)",
                             arg=quoted(q))  # as the page quotes it (lois.core.typo)
        shown = pg.locator("#lois-search-results, .lois-search-status")
        assert shown.locator("script, img, svg, b, a[href^=javascript]").count() == 0
    for q in QUERIES:
        pg.goto(base + "recherche/?q=" + quote(q, safe=""))
        pg.wait_for_function("q => document.querySelector('.lois-search-status').textContent.includes(q)",
                             arg=quoted(q))  # as the page quotes it (lois.core.typo)
        assert pg.locator("#lois-search-q").input_value() == q
        assert pg.evaluate(DOM_CHECK) == []
    assert pg.evaluate("window.__pwned") is None


def test_search_box_on_hostile_site(hpage, hostile_url):
    _search_everywhere(hpage, hostile_url)
    # results whose titles and text hold markup show it as text
    hpage.goto(hostile_url + "recherche/?q=" + quote("carte pénalisée"))
    results = hpage.locator("#lois-search-results li")
    results.first.wait_for()
    assert SCRIPT in hpage.locator("#lois-search-results").inner_text()
    assert hpage.locator("#lois-search-results").locator("script, img, svg").count() == 0


def test_search_box_on_real_site(fresh_page, site_url):
    """The same on the real site, with conftest's `page` (console errors, foreign requests) + trap and dialogs."""
    page = fresh_page  # its own browser context: the trap is added to the context's every later page
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.context.add_init_script(TRAP)
    _search_everywhere(page, site_url)
    assert not dialogs


@pytest.mark.parametrize("args", [
    ["cherche", SCRIPT], ["cherche", "--json", IMG], ["cherche", "<!--"], ["cherche", f"[x](javascript:{PWN})"],
    ["cherche", "carte", "pénalisée"], ["renvois", f"{SCRIPT} voir Loi 50B1 et {IMG}"],
    ["arbitre", "--liste"], ["arbitre", "piege", "--reponses", "q_piege:oui"],
    ["arbitre", "piege", "--reponses", f"{SCRIPT}:{IMG}"], ["arbitre", "--couverture"], ["graphe"],
])
def test_cli_with_hostile_input_does_not_crash(args, tmp_path):
    res = _lois("--corpus", str(HOSTILE), *args, cache=tmp_path / "cache")
    assert "Traceback" not in res.stderr + res.stdout, res.stderr
    assert res.returncode in (0, 1), res.stderr  # 1: a French message (bad answers, coverage gaps)
    assert res.stdout or res.stderr.startswith("erreur : ")
