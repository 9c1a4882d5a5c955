"""Issue 6 in a real browser: linkifier (shared cases, demo page, malformed page), copy buttons, short links."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import nonempty, open_anew, pid
from lois.core.typo import french_spacing

ROOT = Path(__file__).resolve().parents[1]
CASES = yaml.safe_load((ROOT / "tests" / "linkifier_cases.yaml").read_text(encoding="utf-8"))
SHORT_CASES = yaml.safe_load((ROOT / "tests" / "shortlink_cases.yaml").read_text(encoding="utf-8"))


def _wait_linkifier(page):
    page.wait_for_function("document.documentElement.hasAttribute('data-lois-liens')", timeout=10000)
    return int(page.get_attribute("html", "data-lois-liens"))


def test_shared_cases_in_browser(page, site_url):
    page.goto(site_url + "clubs/demo/")
    _wait_linkifier(page)
    got = page.evaluate("""cases => cases.map(c => window.loisLinkifier.findCitations(c.texte).map(x => {
        if (c.texte.slice(x.start, x.end) !== x.text) throw new Error("span");
        return {texte: x.text, refs: x.refs};
    }))""", CASES)
    for case, res in nonempty(zip(CASES, got, strict=True)):
        assert res == [{"texte": c["texte"], "refs": c["refs"]} for c in case["citations"]], case["texte"]


def test_demo_page_links_citations(page, site_url, model):
    page.goto(site_url + "clubs/demo/")
    count = _wait_linkifier(page)
    links = page.eval_on_selector_all("a.lois-lien", "els => els.map(a => [a.textContent, a.href, a.dataset.preview, "
                                                     "a.dataset.loisRef, (a.closest('[id]') || {}).id])")
    assert count == len(links) > 0
    by_text = {t: (href, preview, ref, pid) for t, href, preview, ref, pid in links}
    # every link lands on an existing page and anchor of the site, and has a preview (each page of the site they
    # lead to opened once, in a tab of its own, and each link's anchor looked for in it)
    anchors: dict[str, list[str]] = {}
    for text, (href, preview, _ref, _) in by_text.items():
        assert href.startswith(site_url) and preview, text
        url, _, anchor = href.partition("#")
        anchors.setdefault(url, []).append(anchor)
    page2 = page.context.new_page()
    for url, wanted in nonempty(anchors.items()):
        assert page2.goto(url).ok, url
        found = page2.evaluate("as => as.map(a => [...document.querySelectorAll('[id]')].filter(e => e.id === a)"
                               ".length)", [a for a in wanted if a])
        assert found == [1] * len(found), (url, wanted, found)
    page2.close()
    # the exact provision and its text in the preview, in the spaced capitals form
    href, preview, ref, _ = by_text["LOI 50 D 2 (a)"]
    assert href.endswith("lois/50/#D2a") and " ".join(model.provisions[pid("50D2(a)")].text.split())[:30] in preview
    assert by_text["Loi 50D2(a) et (b)"][2] == "50D2(a) 50D2(b)"
    assert by_text["Lois 61 à 64"][2].split() == ["61", "62", "63", "64"]
    assert "Loi 94" not in by_text  # no such law: left alone
    # never inside links, code, pre, form fields or excluded zones
    for sel in ("#lien-existant", "#code-loi", "#pre-loi", "#p-exclu", "#integre"):
        assert page.locator(f"{sel} a.lois-lien").count() == 0, sel
    assert page.input_value("#ta-loi") == "Loi 50 dans une zone de texte"
    assert page.input_value("#in-loi") == "Loi 50D2"
    assert page.locator("#sel-loi option").inner_text() == "Loi 50"
    # the embedded provision
    embed = page.locator("#integre")
    assert " ".join(model.provisions[pid("16B1(b)")].text.split())[:50] in " ".join(embed.inner_text().split())


def test_demo_page_quotes_the_corpus(page, site_url, model):
    """Every « … » quoted in the demo's rules, once its footnote stars are dropped, is text of the Code."""
    import re

    page.goto(site_url + "clubs/demo/")
    _wait_linkifier(page)
    corpus = " ".join(" ".join(p.text.replace("*", "").split()) for p in model.provisions.values())
    quotes = []
    for block in ("p-insuffisante", "p-carte", "p-options"):
        quotes += re.findall(r"« ([^»]+) »", " ".join(page.inner_text(f"#{block}").split()))
    assert len(quotes) >= 6
    for q in quotes:
        assert q in corpus, q


def test_malformed_page(page, site_url):
    page.goto(site_url + "clubs/demo/malforme.html")
    _wait_linkifier(page)
    for sel in ("#m1", "#m2", "#m3"):  # crossed tags, stray end tags, unclosed cells
        assert page.locator(f"{sel} a.lois-lien").count() == 1, sel
    for sel in ("#m4", "#m5"):  # inside a link never closed (the parser carries it on)
        assert page.locator(f"{sel} a.lois-lien").count() == 0, sel
    # text was not lost
    assert "Loi 27" in page.inner_text("#m2") and "Loi 12" in page.inner_text("#m4")


def test_copy_buttons_on_law_page(page, site_url, model):
    law = 50 if 50 in model.laws else min(model.laws)
    page.goto(site_url + f"lois/{law}/")
    n_links = page.locator("a.lois-permalink").count()
    assert n_links > 0
    assert page.locator(".lois-copies").count() == n_links
    prov = next(p for p in model.laws[law].provisions() if p.level != "law" and p.level != "section")
    # the copy buttons are in the provision's actions menu, opened by its one control
    page.locator(f"#{prov.anchor} > .lois-tools > .lois-act").click()
    box = page.locator(f"[data-id='{prov.id}'] .lois-copies").first
    box.locator("text=Copier la citation").click()
    copied = box.locator("button").nth(1).get_attribute("data-copie")
    assert copied.startswith(f"«\u00a0Loi {prov.id} — Code International de Bridge Duplicate 2017\u00a0» ")
    assert copied.endswith(f"lois/{law}/#{prov.anchor}")
    box.locator("text=Copier le lien").click()
    assert box.locator("button").nth(0).get_attribute("data-copie") == site_url + f"lois/{law}/#{prov.anchor}"


def test_old_anchor_follows_the_register(fresh_page, site_url, model):
    """An anchor the register moved (« lois/50/#Z9 -> lois/50/#D2a ») sends the reader on; an anchor that exists
    is left alone. The static permaliens.js reads the redirects from the data script, replaced here by one
    holding a moved anchor of its own (the committed register's are tested below, on Law 16)."""
    import json

    page = fresh_page  # its own context: no service worker yet, so the route below is what the page receives
    law = 50 if 50 in model.laws else min(model.laws)
    target = next(p for p in model.laws[law].provisions() if len(p.path) >= 2)
    other = next(p for p in model.laws[law].provisions() if len(p.path) >= 2 and p.id != target.id)
    data = {"redirects": {f"lois/{law}/#Z9": f"lois/{law}/#{target.anchor}"}, "source": "Code"}
    page.route("**/assets/lois/permaliens-donnees.js", lambda route: route.fulfill(
        content_type="text/javascript", body=f"window.loisPermaliens = {json.dumps(data)};"))
    page.goto(site_url + f"lois/{law}/#Z9")
    page.wait_for_function(f"location.hash === '#{target.anchor}'", timeout=10000)
    assert page.url == site_url + f"lois/{law}/#{target.anchor}"
    page.goto(site_url + f"lois/{law}/#{other.anchor}")
    # permaliens.js has looked at the anchor once its copy buttons are there (it redirects first, then adds them)
    page.locator(f"[id='{other.anchor}'] .lois-copies").first.wait_for(state="attached")
    assert page.url.endswith(f"#{other.anchor}")


def test_law16_old_anchor_lands_on_its_2017_number(page, site_url):
    """Before Law 16 was published in the 2017 order, its provision on moving the players was #C2a: the committed
    register redirects it (« lois/16/#C2a -> lois/16/#D2a ») and the reader lands on D2(a), that text."""
    page.goto(site_url + "lois/16/#C2a")
    page.wait_for_function("location.hash === '#D2a'", timeout=10000)
    assert page.url == site_url + "lois/16/#D2a"
    assert "changer la position des joueurs" in page.locator("[data-id='16D2(a)']").first.inner_text()
    page.goto(site_url + "lois/16/#C2")  # an anchor that still exists is left alone: the 2017 16C2
    page.locator("[id='C2'] .lois-copies").first.wait_for(state="attached")
    assert page.url.endswith("#C2")
    assert "pour un camp fautif" in page.locator("[data-id='16C2']").first.inner_text()


@pytest.mark.parametrize("anchor, shown", [("nulle-part", "nulle-part"), ("C9", "12C9"), ("D2%", "D2%")])
def test_an_anchor_that_names_no_provision_is_said_not_found(page, site_url, anchor, shown):
    """A link to a law's page at an anchor that names none of its provisions (mistyped, outdated, cut): the page
    says so at the top of the law, in the site's one wording of a provision that is not there, not the law's first
    line silently shown as if it were the provision asked for; following a link to a real provision clears it."""
    page.goto(site_url + f"lois/12/#{anchor}")
    said = page.locator(".lois-ancre-introuvable")
    said.wait_for()
    assert said.inner_text() == french_spacing(f"Provision « {shown} » introuvable dans le texte de la Loi 12 de ce "
                                               "site.")
    assert said.get_attribute("role") == "alert"
    page.goto(site_url + "lois/12/#C1")
    said.wait_for(state="detached")


@pytest.mark.parametrize("anchor", ["12C1(a)", "C1(a)", "c1a", "12c1a", "12%20C%201%20(a)"])
def test_an_anchor_written_as_the_provision_is_printed_lands_on_it(page, site_url, anchor):
    """« /lois/12/#12C1(a) », as the site prints the id (a link written by hand from a citation), lands on 12C1(a),
    never on the notice that it does not exist."""
    page.goto(site_url + f"lois/12/#{anchor}")
    page.wait_for_function("location.hash === '#C1a'", timeout=10000)
    assert page.locator(".lois-ancre-introuvable").count() == 0


def test_an_anchor_of_a_law_whose_text_is_absent_is_said_not_found(page, site_url, model):
    """The same on the page of a law the site has no text of (it lists the ids the corpus cites)."""
    law = min(model.stub_laws())
    page.goto(site_url + f"lois/{law}/#Z9")
    said = page.locator(".lois-ancre-introuvable")
    said.wait_for()
    assert said.inner_text() == french_spacing(f"Provision « {law}Z9 » introuvable dans le texte de la Loi {law} de "
                                               "ce site.")


def test_short_link_cases_in_browser(page, site_url):
    """The shared cases of tests/shortlink_cases.yaml through the browser's resolver (the generated script), all
    at once; then real navigations through the resolver page, both ways (l/?… and l/#…)."""
    from urllib.parse import quote

    page.goto(site_url + "l/")
    got = page.evaluate("cases => cases.map(c => window.loisLienCourt.resolve(c.text))", SHORT_CASES)
    assert got == [c["target"] for c in SHORT_CASES]
    chosen = [c for c in SHORT_CASES if c["target"]][::6] + [c for c in SHORT_CASES if not c["target"]][:3]
    for i, case in nonempty(enumerate(chosen)):
        sep = "?" if i % 2 == 0 else "#"
        open_anew(page, site_url + "l/" + (sep + quote(case["text"]) if case["text"] else ""))
        if case["target"]:
            page.wait_for_url(site_url + case["target"], timeout=10000)
            frag = case["target"].partition("#")[2]
            if frag:
                assert page.locator(f"[id='{frag}']").count() == 1
        else:
            page.wait_for_load_state()
            assert page.url.startswith(site_url + "l/"), (case, page.url)
            state = page.locator(".lois-lien-court-etat")
            if case["text"].strip():
                assert state.is_visible() and "ne désigne aucune" in state.inner_text(), case
            else:
                assert state.is_hidden()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_short_link_form(browser, site_url, size):
    """A person types an id in the resolver page's field (phone: touch, 390×844)."""
    opts = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True} if size == "phone" else {}
    ctx = browser.new_context(**opts)
    try:
        pg = ctx.new_page()
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(site_url + "l/")
        field = pg.get_by_label("Numéro de la loi ou de la provision")
        field.fill("loi 27 b 1 (b)")
        if size == "phone":
            pg.get_by_role("button", name="Y aller").tap()
        else:
            field.press("Enter")
        pg.wait_for_url(site_url + "lois/27/#B1b", timeout=10000)
        assert pg.locator("[id='B1b']").count() == 1
        pg.goto(site_url + "l/?id=99Z")
        assert "ne désigne aucune" in pg.locator(".lois-lien-court-etat").inner_text()
        (ROOT / "build").mkdir(exist_ok=True)
        pg.screenshot(path=str(ROOT / "build" / f"lien-court-{size}.png"))
        pg.locator(".lois-lien-court-etat a").click()
        pg.wait_for_url("**/recherche/?q=99Z")
        assert not errors
    finally:
        ctx.close()


def test_add_page_previews(page, site_url):
    page.goto(site_url + "ajouter/")
    _wait_linkifier(page)
    assert page.locator("#apercu-linkifier a.lois-lien").count() >= 2
    # the linkifier only touched its target zone
    assert page.locator("article a.lois-lien").count() == page.locator("#apercu-linkifier a.lois-lien").count()
    bases = page.locator(".lois-base").all_inner_texts()
    assert bases and all(b == site_url for b in bases)
    action = page.get_attribute("#apercu-recherche form", "action")
    assert action == "../recherche/"
    href = page.get_attribute("#apercu-lien a", "href")
    page.click("#apercu-lien a")
    page.wait_for_load_state()
    anchor = href.split("#")[1]
    assert page.locator(f"[id='{anchor}']").count() == 1


def _spellings(pid: str) -> list[str]:
    """Ways people type an id: canonical, lower or upper case, without brackets, spaced, after « Loi »/« L. »."""
    bare = pid.replace("(", "").replace(")", "")
    spaced = " ".join(pid.replace("(", " ( ").replace(")", " ) ").split())
    return [pid, pid.lower(), pid.upper(), bare, bare.lower(), spaced, "Loi " + spaced, "L. " + bare, "la loi " + pid]


def test_browser_reads_ids_as_python_does(page, site_url, model):
    """The site's ids reader (assets/lois/ids.js, the same source as in the linkifier and the short links) run on
    the data generated from Python reads, keys and writes every id of the corpus in every spelling exactly as
    parse_provision_id, ProvisionId.key and str(ProvisionId) do, refuses what they refuse, and finds the nearest
    ancestor that has data in each law's table as Model.link_target does."""
    from lois.core.cite import parse_provision_id
    from lois.core.ids import ProvisionId
    from lois.features.api.linkifier import law_data, laws_table
    from lois.render.ids_js import id_data
    from lois.render.site import SiteBuild

    ids = sorted(map(str, set(model.provisions) | set(model.stubs)))
    texts = [s for pid in ids for s in _spellings(pid)]
    texts += ["94", "0", "", "renonce", "50Z", "Loi 27 B 1 (b) (ii) (i)", "Loi" + " " * 200 + "50D2a", "l50d2(a",
              "12C1(E)(II)", "loi n° 12 c 1 e ii", "art. 16B1"]

    def python(text):
        ref = parse_provision_id(text)
        if ref is None or ref.law is None:
            return None
        pid = ProvisionId(ref.law, ref.path)
        return [ref.law, list(ref.path), pid.key, str(pid)]

    page.goto(site_url + "recherche/")
    page.wait_for_function("typeof window.loisIds === 'function'")
    got = page.evaluate("""([spec, texts]) => { const ids = loisIds(spec); return texts.map(t => {
        const r = ids.read(t); return r && [r.law, r.path, ids.key(r.law, r.path), ids.format(r.law, r.path)]; }); }""",
                        [id_data(), texts])
    assert got == [python(t) for t in texts]

    # the nearest ancestor with data, in each law's table, for ids with parts the site does not have
    site = SiteBuild(model)
    asked = [ProvisionId.parse(pid) for pid in ids]
    asked += [ProvisionId(p.law, p.path + extra) for p in list(asked) for extra in (("iv",), ("Z", "9"))
              if ProvisionId.of(str(ProvisionId(p.law, p.path + extra)))]
    tables = {n: law_data(site, int(n)) for n in laws_table(model)}
    refs = [{"law": p.law, "path": list(p.path)} for p in asked if str(p.law) in tables]
    slim = {k: {"keys": v["keys"], "nodes": {i: {"u": n["u"]} for i, n in v["nodes"].items()}}
            for k, v in tables.items()}
    found = page.evaluate("""([spec, tables, refs]) => { const ids = loisIds(spec); return refs.map(r =>
        tables[r.law].nodes[ids.nearest(tables[r.law].keys, r)].u); }""", [id_data(), slim, refs])
    assert len(refs) > len(ids)
    assert found == [model.link_target(ProvisionId(r["law"], tuple(r["path"]))).url for r in refs]


def test_browser_reads_a_text_as_displayed_as_python_does(page, site_url):
    """The one reader of a text as displayed in the browser (loisDisplayed of assets/lois/ids.js: the club linkifier's
    scanner and the site's search, readQuery) and Python's (lois.core.displayed: the citation scanner and read_query),
    run on the same generated data over random strings (hypothesis) of letters, combining marks in any order (NFC
    reorders them and composes them into one character, several or none), invisible characters, full-width forms and
    the spaces the two engines do not share: the same text, each UTF-16 unit coming from the same place of the text as
    written. A failure names the first text read differently (not shrunk: each step is a round trip to the browser)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    from lois.core.displayed import displayed
    from lois.render.ids_js import reading_data

    def utf16(text, i):
        return len(text[:i].encode("utf-16-le")) // 2

    def python(text):
        shown = displayed(text)
        if shown is None:
            return None
        units = [(utf16(text, a), utf16(text, b)) for ch, a, b in zip(*shown, strict=True)
                 for _ in range(len(ch.encode("utf-16-le")) // 2)]
        return {"text": shown[0], "starts": [a for a, _ in units], "ends": [b for _, b in units]}

    pieces = st.sampled_from(["e", "a", "q", "1", " ", "L", "Ａ", "１", "\u212b", "ω", "か", "😀", "\u200b", "\u00ad",
                              "\ufeff", "\x85", "\x1c", "\u3000", "\n", "\u0340", "\u0344", "\u0345", "\u3099"])
    marks = st.one_of(st.characters(min_codepoint=0x300, max_codepoint=0x36F),
                      st.sampled_from(["\u1ab0", "\u1dc0", "\u1dff", "\u20d2", "\u20e3", "\ufe20", "\ufe2f"]))
    text = st.lists(st.one_of(pieces, marks, st.characters(blacklist_categories=("Cn", "Cs", "Co"))),
                    max_size=14).map("".join)
    page.goto(site_url + "recherche/")
    page.wait_for_function("typeof window.loisDisplayed === 'function'")
    read, seen = reading_data(), []

    @settings(max_examples=30, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.lists(text, min_size=100, max_size=100))
    def same_reading(texts):
        got = page.evaluate("([R, texts]) => { const d = loisDisplayed(R); return texts.map(t => d.read(t)); }",
                            [read, texts])
        for t, g in zip(texts, got, strict=True):
            expected = python(t)
            seen.append(expected is not None and expected["text"] != t)
            assert g == expected, t

    same_reading()
    assert sum(seen) > 100  # the inputs are read differently from how they are written
