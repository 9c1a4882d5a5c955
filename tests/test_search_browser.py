"""Search in the built site (real MkDocs build, real chromium): same top 3 as the CLI, UI, bad input."""
from __future__ import annotations

import pytest

from urllib.parse import quote

from pathlib import Path

from conftest import nonempty
from lois.features.search.evaluate import load_set
from lois.features.search.query import SearchEngine

DIRECTORS = Path(__file__).parent / "search_directors.yaml"  # the directors' set (paraphrases, tools, typos)
SITUATIONS = Path(__file__).parent / "search_situations.yaml"  # table situations in everyday French (issue 35)
BLIND = Path(__file__).parent / "search_situations_blind.yaml"  # the same, written blind (issue 35)
BLIND2 = Path(__file__).parent / "search_situations_blind2.yaml"  # a second one, written blind too
BLIND3 = Path(__file__).parent / "search_situations_blind3.yaml"  # a third, the session's only blind measure
BLIND4 = Path(__file__).parent / "search_situations_blind4.yaml"  # a fourth and a fifth (development sets now)
BLIND5 = Path(__file__).parent / "search_situations_blind5.yaml"

BAD_INPUTS = ["", "x" * 10000, "!!! ??? ;;; ...", '"carte pénalisée', "AND OR NOT (",
              "<script>window.__pwned=1</script><b>gras</b> renonce"]


@pytest.fixture(scope="module")
def cli_engine(corpus_dir):
    return SearchEngine(corpus_dir)


def _ready(page, url):
    page.goto(url)
    page.wait_for_function("window.loisSearch !== undefined")


def test_browser_top3_equals_cli(page, site_url, cli_engine):
    _ready(page, site_url + "recherche/")
    # The relevance set, plus every heading of the corpus as a query (exercises the title bonus,
    # stop words and coordination on many more queries than the set).
    queries = [c["q"] for path in (None, DIRECTORS, SITUATIONS, BLIND, BLIND2, BLIND3, BLIND4, BLIND5)
               for c in load_set(path)]
    queries += sorted({f["title"] for f in cli_engine.stored if f.get("title")})
    # lexicon terms whose Code words repeat what was typed (lexicon.Rewrite.said): said the same way on both sides
    queries += ["deux cartes jouées simultanément", "hesitation du partenaire", "ouverture hors tour"]
    got = page.evaluate("""qs => Promise.all(qs.map(async q => { const out = await window.loisSearch.search(q, 3);
        return [out.map(r => [r.id, r.tool && r.tool.id, r.why && r.why.id, r.phrase]), out.readings]; }))""", queries)
    for q, (ids, readings) in nonempty(zip(queries, got, strict=True)):  # the same results, tools, « why », index
        res = cli_engine.search(q, 3)                                    # phrasings, and words read as the Code's
        assert ids == [[r.id, r.tool and r.tool["id"], r.why and r.why["id"], r.phrase] for r in res], q
        assert readings == res.readings, q
    assert sum(bool(r[3]) for ids, _ in got for r in ids) >= 20  # index phrasings shown, not only absent on both sides
    assert sum(bool(readings) for _, readings in got) >= 20


def test_browser_scores_the_raw_postings_as_python(page, site_url, cli_engine):
    """The shards hold raw postings (frequency, field length) that search.js scores with index.json's statistics:
    every term's postings as the browser ranks from them are the command line's (index.scored), and random raw
    postings with random statistics give the same integers on both sides (the same float operations, Python's
    rounding half to even)."""
    import json
    import random

    from lois.features.search.index import FIELDS, K1, SOURCE, B, scored

    _ready(page, site_url + "recherche/")
    terms = nonempty(sorted(cli_engine.postings))
    got = page.evaluate("ts => window.loisSearch.postings(ts)", terms)
    assert dict(zip(terms, got, strict=True)) == dict(cli_engine.postings)
    rng, cases = random.Random(37), []
    for _ in range(300):
        count = rng.randint(1, 20_000)
        avgfl = [rng.choice([1.0, 18.0, rng.uniform(1, 3000), count / rng.randint(1, 97)]) for _ in FIELDS]
        raw = [x for n in range(rng.randint(1, 40)) for x in (n, rng.randrange(len(FIELDS)), rng.randint(1, 60),
                                                              rng.randint(1, 5000))]
        cases.append([raw, count, avgfl])
    browser = page.evaluate("cs => Promise.all(cs.map(c => window.loisSearch.scored(c[0], c[1], [%s, %s, %s, c[2]])))"
                            % (K1, B, json.dumps(SOURCE)), cases)
    assert browser == [scored(*c) for c in nonempty(cases)]


def _spellings(prov) -> list[str]:
    """Ways a director types a provision id: « Loi 27B1(b) », « lois 27 B 1 b », « la loi 27b1b. », « L27B1b »…"""
    pid = prov.id
    bare = pid.replace("(", "").replace(")", "")
    spaced = " ".join([str(prov.law), *prov.path])
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in pid)  # a full-width keyboard
    return [pid, f"Loi {pid}", f"lois {spaced}", f"la loi {bare.lower()}.", f"L{bare}", f"loi n° {bare} ",
            f"Loi {pid};", bare.upper(), f"  {bare.lower()}  ",
            f"Loi {pid[:2]}\u200b{pid[2:]}\u00ad", f"Ｌｏｉ {wide}"]  # pasted with invisible characters; full width


def test_typed_provision_ids_pin_the_same_provision_in_browser_and_cli(page, site_url, cli_engine, model):
    """The browser's id reader is generated from lois.core.cite.parse_provision_id: every spelling of every
    provision id (and of laws cited but absent) pins the same documents in both."""
    _ready(page, site_url + "recherche/")
    queries = [q for pid in sorted(model.provisions) for q in _spellings(model.provisions[pid])]
    queries += [f"Loi {n}" for n in range(1, 94)] + ["loi 94", "loi 0", "Lois 27B1b et 30", "27Z", "27B1bb"]
    # an id at either end of a longer query, and numbers among words that are not ids
    queries += [q for pid in sorted(model.provisions)
                for sp in _spellings(model.provisions[pid])[:6]
                for q in (f"{sp} carte pénalisée", f"information non autorisée {sp}")]
    queries += ["12 levées", "3 cartes", "carte pénalisée 50", "le 27 du mois", "renonce lois",
                "a b c d e f g h 27B1b", "27B1b a b c d e f g h", "carte\u00a0pénalisée\u00a0L50"]
    got = page.evaluate("qs => Promise.all(qs.map(async q => (await window.loisSearch.plan(q)).pins))", queries)
    pinned = 0
    for q, pins in zip(queries, got, strict=True):
        assert pins == cli_engine.plan(q).pins, q
        pinned += bool(pins)
    spellings = len(_spellings(next(iter(model.provisions.values()))))
    assert pinned >= (spellings + 12) * len(model.provisions)  # each spelling is read as its id


def test_deep_link_and_results_are_links(page, site_url, cli_engine):
    page.goto(site_url + "recherche/?q=renonce")
    first = page.locator("#lois-search-results li a").first
    first.wait_for()  # the first results come as soon as their documents are there, the others after
    assert first.get_attribute("href") == site_url + cli_engine.search("renonce", 1)[0].url.lstrip("/")
    page.wait_for_function("document.getElementById('lois-search-results').dataset.q === 'renonce'")
    assert page.locator("#lois-search-results").get_attribute("aria-busy") is None
    hrefs = page.eval_on_selector_all("#lois-search-results li a", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.endswith("commentaires/renonce-64/") for h in hrefs)
    assert page.locator("#lois-search-results mark").count() > 0
    # a quoted phrase no document has (what a player said): the results of its words, and the page says so
    q = 'il a dit "pas grave on continue"'
    page.goto(site_url + "recherche/?q=" + quote(q))
    page.wait_for_function("q => document.getElementById('lois-search-results').dataset.q === q", arg=q)
    assert page.locator(".lois-search-status").inner_text().startswith(
        "Aucun document ne contient l'expression exacte entre guillemets\u00a0:")
    first = page.locator("#lois-search-results li a").first.get_attribute("href")
    assert first == site_url + cli_engine.search(q, 1)[0].url.lstrip("/")
    page.goto(site_url + "recherche/?q=27B1b")
    page.locator("#lois-search-results li a").first.wait_for()
    assert page.locator("#lois-search-results li a").first.get_attribute("href").endswith("lois/27/#B1b")


def test_bad_input_in_page(page, site_url):
    page.goto(site_url + "recherche/")
    box = page.locator("#lois-search-q")
    from lois.core.typo import quoted

    for q in BAD_INPUTS:
        box.fill(q)
        # the status answers this query (« … pour « q » », quoted as `lois cherche` quotes it, or the hint for an empty
        # box) before anything is checked
        page.wait_for_function("""q => {
            const t = document.querySelector('.lois-search-status').textContent;
            return q ? t.includes('«\u00a0' + q + '\u00a0»') : t.startsWith('Tapez');
        }""", arg=quoted(q) if q.strip() else "")
    assert page.evaluate("window.__pwned") is None
    assert page.locator("#lois-search-results script, #lois-search-results b, .lois-search-status b").count() == 0
    assert "<b>gras</b>" in page.locator(".lois-search-status").inner_text()


def test_header_box_keyboard(page, site_url):
    page.goto(site_url + "lois/50/")
    box = page.locator(".lois-search-header-input")
    box.fill("renonse")
    page.locator("#lois-search-dropdown li").first.wait_for()
    href = page.locator("#lois-search-dropdown li a").first.get_attribute("href")
    box.press("ArrowDown")
    box.press("Enter")
    page.wait_for_url(href)
    assert page.url == href


def test_the_search_comes_when_a_reader_is_about_to_search(page, site_url):
    """A page other than the search page carries the header's box (search-box.js), not the search (36 KB of
    script): it comes when a reader touches, focuses or types in the box, under the name the page gives — its own
    build's. A page left open across a deploy that removed that script says so in French in the dropdown."""
    from urllib.parse import urljoin

    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(site_url + "lois/50/")  # waits for the load event: every script of the page has run
    engine = urljoin(page.url, page.locator('meta[name="lois-search-script"]').get_attribute("content"))
    assert page.evaluate("() => window.loisSearch === undefined && !!window.loisSearchLoad")
    assert engine not in asked and not any("/recherche/" in u for u in asked)
    box = page.locator(".lois-search-header-input")
    box.focus()
    page.wait_for_function("window.loisSearch !== undefined")
    assert asked.count(engine) == 1
    box.fill("renonse")
    assert "renonce" in page.locator("#lois-search-dropdown li").first.inner_text().lower()
    # the search's first file was asked with its script (search-box.js), and once: search.js took that answer
    assert sum(u.endswith("/index.json") for u in asked) == 1
    assert asked.index(next(u for u in asked if u.endswith("/index.json"))) < asked.index(engine)
    # the next visit: the deploy removed this build's search script
    page.goto("about:blank")
    page.route(engine, lambda route: route.fulfill(status=404, body=""))
    page.lois_expect_404.add(engine)
    page.goto(site_url + "lois/16/")
    page.locator(".lois-search-header-input").fill("renonce")
    none = page.locator("#lois-search-dropdown li.lois-search-none")
    none.wait_for()
    assert none.inner_text().startswith("La recherche n'a pas pu être chargée. Rechargez la page")


def test_the_header_box_says_what_fits_in_it(page, site_url):
    """The header box's placeholder is never cut: the examples where the box is wide enough, « Chercher » alone on
    a phone (it read « Chercher (ex. rer » at 390 px), measured in the box's own font."""
    fits = """() => { const i = document.querySelector('.lois-search-header-input'), st = getComputedStyle(i);
        const c = document.createElement('canvas').getContext('2d'); c.font = st.fontSize + ' ' + st.fontFamily;
        return [i.placeholder, c.measureText(i.placeholder).width <= i.clientWidth - parseFloat(st.paddingLeft)
                - parseFloat(st.paddingRight)]; }"""
    for width, said in ((1280, "Chercher (ex. renonce, 27B1b)"), (390, "Chercher"), (360, "Chercher")):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(site_url + "lois/50/")
        assert page.evaluate(fits) == [said, True], width


def test_genre_filters_are_under_a_finger_on_a_phone(page, site_url):
    """On a phone, each genre of the search page's filters is a 44 px target (they were 22 px high)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "recherche/?q=renonce")
    page.locator(".lois-search-filters-fold > summary").click()
    labels = page.locator(".lois-search-filters label")
    heights = labels.evaluate_all("ls => ls.map(l => l.getBoundingClientRect().height)")
    assert len(heights) >= 5 and min(heights) >= 44, heights


def _tab_to(page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    pytest.fail(f"{selector} inatteignable au clavier")


def test_keyboard_only_search_from_any_page(page, site_url, cli_engine):
    """No mouse: Tab to the header box, type, arrow down to a result, Enter; then on the search page,
    Tab through the results and open one."""
    page.goto(site_url)
    _tab_to(page, ".lois-search-header-input")
    page.keyboard.type("carte penalisee principale")
    # the list answers the whole query (each keystroke asked for its own, and the last one's data may come later)
    page.wait_for_function("document.getElementById('lois-search-dropdown').dataset.q === "
                           "document.querySelector('.lois-search-header-input').value")
    page.locator("#lois-search-dropdown li").first.wait_for()
    expected = cli_engine.search("carte penalisee principale", 1)[0]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(lambda u: "#" in u)
    assert page.url == site_url + expected.url.lstrip("/")

    page.goto(site_url + "recherche/")
    _tab_to(page, "#lois-search-q")
    page.keyboard.type("enchere insufisante")  # typo on purpose
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('lois-search-results').dataset.q === 'enchere insufisante'")
    page.locator("#lois-search-results li a").first.wait_for()
    first = page.locator("#lois-search-results li a").first.get_attribute("href")
    _tab_to(page, "#lois-search-results li a")
    assert page.evaluate("document.activeElement.getAttribute('href')") == first
    page.keyboard.press("Enter")
    page.wait_for_url(lambda u: "recherche" not in u)
    assert page.url == first


def test_enter_on_a_typed_id_opens_the_provision(page, site_url):
    """« 27 B 1 b » then Enter, in the header box of any page or on the search page: the provision itself; an id in a
    law the corpus does not hold (« 64A1 ») opens that law's page, which lists what cites it."""
    for start, box, shown, query, target in [
            ("lois/50/", ".lois-search-header-input", "#lois-search-dropdown li", "loi 27 B 1 b", "lois/27/#B1b"),
            ("recherche/", "#lois-search-q", "#lois-search-results li a", "64A1", "lois/64/")]:
        page.goto(site_url + start)
        page.locator(box).fill(query)
        page.locator(shown).first.wait_for()
        page.locator(box).press("Enter")
        page.wait_for_url(site_url + target)
    assert "64" in page.locator("h1").inner_text()
    assert page.locator("article a[href]").count() > 0  # the stub page lists the passages that cite it
    page.goto(site_url + "recherche/")
    page.locator("#lois-search-q").fill("enchère insuffisante")  # words: Enter shows the results, stays here
    page.locator("#lois-search-q").press("Enter")
    page.locator("#lois-search-results li a").first.wait_for()
    assert "recherche" in page.url


def test_dropdown_always_says_something(page, site_url):
    page.goto(site_url + "glossaire/")
    box = page.locator(".lois-search-header-input")
    for q in ["revoke", "penalty card", "UI", "dummy"]:  # English and abbreviations: results, not silence
        box.fill(q)
        page.wait_for_function("document.querySelector('#lois-search-dropdown .lois-search-result')")
    box.fill("zzzqqq")
    none = page.locator("#lois-search-dropdown .lois-search-none")
    none.wait_for()
    assert "Aucun résultat" in none.inner_text()
    links = none.locator("a")
    assert links.count() >= 3
    for i in range(links.count()):  # every suggestion is a page of the site
        href = links.nth(i).get_attribute("href")
        url = page.url.split("glossaire/")[0] + href.split("/", 3)[-1] if href.startswith("http") else href
        assert page.request.get(url).ok


def test_kind_filters_on_the_search_page(page, site_url):
    page.goto(site_url + "recherche/?q=renonce")
    page.locator("#lois-search-results li a").first.wait_for()
    kinds_all = set(page.eval_on_selector_all("#lois-search-results a", "as => as.map(a => a.dataset.kind)"))
    all_kinds = {"law", "commentary", "note", "checklist", "example", "glossary", "situation"}
    assert all_kinds & kinds_all >= {"note", "checklist"}
    page.locator(".lois-search-filters input[value=note]").check()
    page.wait_for_function("[...document.querySelectorAll('#lois-search-results a')]"
                           ".every(a => a.dataset.kind === 'note')")
    assert "genre=note" in page.url
    page.reload()
    page.locator("#lois-search-results li a").first.wait_for()
    assert page.locator(".lois-search-filters input[value=note]").is_checked()
    assert set(page.eval_on_selector_all("#lois-search-results a", "as => as.map(a => a.dataset.kind)")) == {"note"}


def test_results_are_readable_on_a_phone(browser, site_url, tmp_path):
    """390×844, touch: the header box stays on the search page; titles ≥ 14 px, snippets ≥ 12 px, matched words
    highlighted, no result underlined from start to end; the kind of each result is written beside it."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        pg = ctx.new_page()
        pg.goto(site_url + "recherche/?q=que+faire+si+mon+partenaire+h%C3%A9site")
        pg.locator("#lois-search-results li a").first.wait_for()
        assert pg.locator(".lois-search-header-input").is_visible()
        style = pg.evaluate("""() => [...document.querySelectorAll('#lois-search-results .lois-search-result')]
            .slice(0, 5)
            .map(li => { const q = s => getComputedStyle(li.querySelector(s));
                return [parseFloat(q('.lois-search-title').fontSize), parseFloat(q('.lois-search-snippet').fontSize),
                        q('a').textDecorationLine, li.querySelector('.lois-search-kind').textContent,
                        li.querySelectorAll('mark').length]; })""")
        assert style
        for title_px, snippet_px, deco, kind, marks in style:
            assert title_px >= 14 and snippet_px >= 12 and deco == "none" and kind and marks > 0, style
        assert style[0][3] == "Que faire si…"
        pg.screenshot(path=str(tmp_path / "recherche-telephone.png"))
        pg.goto(site_url + "lois/16/")
        pg.locator(".lois-search-header-input").fill("UI")
        pg.locator("#lois-search-dropdown .lois-search-result").first.wait_for()
        box = pg.locator("#lois-search-dropdown").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # the dropdown fits on the screen
        size = pg.evaluate("parseFloat(getComputedStyle("
                           "document.querySelector('#lois-search-dropdown .lois-search-title')).fontSize)")
        assert size >= 14
    finally:
        ctx.close()


def test_phone_first_result_above_the_fold_and_counts_of_the_query(browser, site_url, cli_engine, tmp_path):
    """390×844, touch: the first result is entirely visible without scrolling (filters and help folded), the kind
    filters count the documents the current query finds (the CLI's kind_counts), not the totals; the dropdown of
    the header box ends inside the screen, at the end of a whole item."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        pg = ctx.new_page()
        q = "carte tombée par accident"
        pg.goto(site_url + "recherche/?q=" + q.replace(" ", "+"))
        # the list complete (data-q), not its first results still being rendered again as their documents come
        pg.locator("#lois-search-results[data-q]").wait_for(state="attached")
        first = pg.locator("#lois-search-results .lois-search-result").first
        box = first.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert first.locator("a").first.get_attribute("data-id") == cli_engine.search(q, 1)[0].id
        assert not pg.locator(".lois-search-filters-fold").evaluate("d => d.open")
        assert not pg.locator(".lois-search-help").is_visible()
        pg.screenshot(path=str(tmp_path / "recherche-premier-resultat.png"))
        pg.locator(".lois-search-filters-fold > summary").click()
        want = cli_engine.kind_counts(q)
        assert sum(want.values()) < len(cli_engine.stored)  # the query does not find everything: counts differ
        for kind, _label in (("law", "Loi"), ("example", "Exemple"), ("tool", "Outil")):
            text = pg.locator(f".lois-search-filters input[value={kind}] ~ .lois-search-count").inner_text()
            assert text == f"({want.get(kind, 0)})", (kind, text)
        pg.locator("#lois-search-q").fill("")
        pg.wait_for_function("document.querySelector('.lois-search-count[data-kind=law]').textContent === "
                             "'(' + document.querySelector('.lois-search-count[data-kind=law]').dataset.total + ')'")
        pg.goto(site_url + "lois/50/")
        pg.locator(".lois-search-header-input").fill("carte")
        pg.locator("#lois-search-dropdown .lois-search-result").first.wait_for()
        cut = pg.evaluate("""() => { const l = document.getElementById('lois-search-dropdown'),
                                           r = l.getBoundingClientRect();
            const items = [...l.children].map(li => li.getBoundingClientRect());
            return {bottom: r.bottom, cut: items.filter(b => b.top < r.bottom - 1 && b.bottom > r.bottom + 1).length,
                    scrolls: l.scrollHeight > l.clientHeight}; }""")
        assert cut["bottom"] <= 844 and cut["cut"] == 0, cut
    finally:
        ctx.close()


def test_results_of_an_earlier_query_are_dimmed_until_the_new_answer(page, site_url):
    """Typed over, the list of the earlier query is marked stale at once (dimmed), and is no longer once the list
    answers the query typed."""
    page.goto(site_url + "recherche/?q=renonce")
    page.wait_for_function("document.getElementById('lois-search-results').dataset.q === 'renonce'")
    marked = page.evaluate("""() => {
        const input = document.getElementById('lois-search-q');
        input.value = 'hésitation';
        input.dispatchEvent(new Event('input'));
        const list = document.getElementById('lois-search-results');
        return [list.classList.contains('lois-search-stale'), getComputedStyle(list).opacity];
    }""")
    assert marked[0] is True
    page.wait_for_function("document.getElementById('lois-search-results').dataset.q === 'hésitation'")
    list_ = page.locator("#lois-search-results")
    assert "lois-search-stale" not in (list_.get_attribute("class") or "")
    assert page.evaluate("getComputedStyle(document.getElementById('lois-search-results')).opacity") == "1"


def test_a_table_situation_brings_its_tool_and_marks_only_typed_words(browser, site_url):
    """Issue 34 and 35, on a phone: a situation told in everyday words (« trop basse » for « insuffisante ») finds
    Law 27 first; the checklist or « Que faire si… » entry that rules it is within the first three results, as a
    link of its own (« Outil : … »), at least 44 px high; the extracts highlight only words the reader typed and
    their forms, never the Code's word searched in their place; a provision found through a situation of the site
    says which (« Situation semblable : … »)."""
    from lois.features.search.analysis import analyze_word

    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        pg = ctx.new_page()
        pg.goto(site_url + "lois/16/")
        query = "mon adversaire a fait une enchère trop basse"
        pg.locator(".lois-search-header-input").fill(query)
        pg.wait_for_function("document.querySelector('#lois-search-dropdown').dataset.q === " + repr(query))
        items = pg.evaluate("""() => [...document.querySelectorAll('#lois-search-dropdown .lois-search-result')]
            .map(li => ({id: li.querySelector('a').dataset.id, kind: li.querySelector('a').dataset.kind,
                         marks: [...li.querySelectorAll('mark')].map(m => m.textContent),
                         why: (li.querySelector('.lois-search-why') || {}).textContent || '',
                         tool: li.querySelector('a.lois-search-tool') && {
                             id: li.querySelector('a.lois-search-tool').dataset.id,
                             text: li.querySelector('a.lois-search-tool').textContent,
                             height: li.querySelector('a.lois-search-tool').getBoundingClientRect().height}}))""")
        assert items[0]["id"] in ("27", "27A1", "27B"), items
        first3 = [i for it in items[:3] for i in (it["id"], (it["tool"] or {}).get("id"))]
        tools = {"liste:enchere-insuffisante", "situation:enchere-insuffisante"}
        assert tools & set(first3), first3
        tool = next(it["tool"] for it in items[:3] if it["tool"])
        def plain(text: str) -> str:  # the site's typography puts no-break spaces before « : »
            return text.replace("\u00a0", " ").replace("\u202f", " ")

        assert plain(tool["text"]).startswith("Outil : ") and tool["height"] >= 44, tool
        typed = {analyze_word(w) for w in query.split()} - {None}
        marks = [m for it in items for m in it["marks"]]
        assert marks and all(analyze_word(m) in typed for m in marks), marks  # « insuffisante » never marked
        assert any(plain(it["why"]).startswith("Situation semblable : ") for it in items), items
    finally:
        ctx.close()


@pytest.mark.parametrize("colours", ["none", "active"])
def test_header_box_reached_with_tab_shows_it_has_the_focus(page, site_url, colours):
    """Keyboard only at phone size, with and without forced colours (Windows high contrast): the header's search box
    is seen, and looks otherwise when Tab reaches it. It looked the same focused or not (a caret only), and in forced
    colours, its background dropped, the box was not seen at all (session 13)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(forced_colors=colours)
    try:
        page.goto(site_url + "lois/12/")
        look = ("() => { const s = getComputedStyle(document.querySelector('.lois-search-header-input')); return "
                "[s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderTopStyle, s.borderTopWidth, "
                "s.borderTopColor, s.backgroundColor]; }")
        blurred = page.evaluate(look)
        if colours == "active":
            assert blurred[4] != "none" and blurred[5] != "0px", blurred  # the box's edge, without its background
        _tab_to(page, ".lois-search-header-input")
        focused = page.evaluate(look)
        assert focused != blurred, focused
        assert focused[0] != "none" or focused[3] != "none", focused
    finally:
        page.emulate_media(forced_colors="none")


def test_keyboard_on_a_phone_never_goes_off_the_screen_and_opens_the_menu(page, site_url):
    """Keyboard only at phone size: Tab went through the links of the closed menu (the theme's drawer), off the
    screen, 87 of the first 200 presses on a law page, and never reached the menu button (session 13). Every focus is
    on the screen now; the menu button opens the menu with Enter, on its first link, and Escape closes it, back on
    the button."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "lois/12/")
    where = ("() => { const e = document.activeElement, r = e.getBoundingClientRect(); return [r.left, r.right, "
             "e.matches('label[for=__drawer]'), (e.innerText || e.getAttribute('aria-label') || e.tagName).slice(0, "
             "40)]; }")
    seen = []
    for _ in range(120):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(where))
    off = [s for s in nonempty(seen) if s[1] <= 0 or s[0] >= 390]
    assert not off, off
    assert any(s[2] for s in seen), seen
    page.goto(site_url + "lois/12/")
    _tab_to(page, "label[for=__drawer]")
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
    page.keyboard.press("Enter")
    assert page.evaluate("document.getElementById('__drawer').checked")
    assert page.evaluate("document.activeElement.closest('.md-sidebar--primary') !== null")
    page.wait_for_function("document.activeElement.getBoundingClientRect().left >= 0")
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__drawer').checked")
    assert page.evaluate("document.activeElement.matches('label[for=__drawer]')")
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
