"""The built site's own files opened in a browser (file://: a double click on site/index.html), not the copy to
download (tests/test_offline_browser.py): links to folders, the search's and the training's data do not work there
(the browser refuses to fetch files). Every page says so once, in French, and the scripts that could not read their
data say the same, instead of blaming the network (« réseau indisponible ; enregistrez le code depuis la page
Hors ligne », which cannot be done there) or telling the reader « Vous consultez la copie téléchargée : elle
fonctionne déjà sans réseau ». The copy to download, also opened as files, says nothing of the kind (its own
tests check it works). Real build, Chromium at phone size.

An address of a checklist that answers one question twice, differently (« ?r=consommee:oui,consommee:non »): the
runner takes neither and says so, as `lois arbitre --reponses` refuses it (the last answer won silently)."""
from __future__ import annotations

import zipfile

import pytest

from conftest import PHONE

SAID = "ouverte depuis les fichiers du site construit (file://)"


@pytest.fixture()
def files_page(browser):
    ctx = browser.new_context(**PHONE, service_workers="block")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"erreurs de script : {errors}"


@pytest.mark.parametrize("page", ["index.html", "lois/50/index.html", "checklists/renonce/index.html"])
def test_a_page_of_the_built_folder_opened_as_a_file_says_what_does_not_work(files_page, built_site, page):
    files_page.goto((built_site / page).as_uri())
    note = files_page.locator(".lois-fichiers-bruts")
    assert note.count() == 1 and note.is_visible()
    assert SAID in note.inner_text() and "copie à télécharger" in note.inner_text()


def test_search_and_training_of_the_built_folder_do_not_blame_the_network(files_page, built_site):
    pg = files_page
    pg.goto((built_site / "recherche/index.html").as_uri() + "?q=renonce")
    message = pg.locator(".md-content").get_by_text("Recherche indisponible")
    message.wait_for()
    assert SAID in message.inner_text() and "réseau" not in message.inner_text()
    pg.goto((built_site / "entrainement/index.html").as_uri())
    pg.get_by_role("button", name="Commencer").first.click()
    unavailable = pg.locator(".lois-train-unavailable")
    unavailable.wait_for()
    assert SAID in unavailable.inner_text() and "pas de réseau" not in unavailable.inner_text()
    pg.goto((built_site / "hors-ligne/index.html").as_uri())
    state = pg.locator("#lois-hl-appareil").inner_text()
    assert SAID in state and "copie téléchargée" not in state, state


def test_the_copy_to_download_says_nothing_of_the_kind(files_page, built_site, tmp_path):
    with zipfile.ZipFile(built_site / "hors-ligne" / "code-bridge-2017-hors-ligne.zip") as zf:
        zf.extractall(tmp_path)
    copy = tmp_path / "code-bridge-2017-hors-ligne"
    files_page.goto((copy / "hors-ligne/index.html").as_uri())
    assert "Vous consultez la copie téléchargée" in files_page.locator("#lois-hl-appareil").inner_text()
    assert files_page.locator(".lois-fichiers-bruts").count() == 0


def test_two_answers_to_one_question_in_the_address_are_said_not_the_last_kept(page, site_url):
    page.goto(f"{site_url}checklists/renonce/?r=consommee:oui,consommee:non")
    warning = page.locator(".lois-cl-warning")
    warning.wait_for()
    assert "Deux réponses «\u00a0oui\u00a0» et «\u00a0non\u00a0» à la question «\u00a0consommee\u00a0»" in \
        warning.inner_text()
    assert "La renonce est-elle consommée" in page.locator(".lois-cl-question").first.inner_text()
    page.goto(f"{site_url}checklists/renonce/?r=consommee:non,consommee:non")  # the same answer twice: the answer
    page.locator(".lois-cl-question", has_text="Qui a commis la renonce").wait_for()
    assert page.locator(".lois-cl-warning").count() == 0


# What a page quotes back of its own address (session 11): a bidirectional override (U+202E) or a control character
# in a query, an answer, a short link or an anchor reordered or hid the sentence around it; each is now the visible
# mark U+FFFD, as the command line shows it (lois.core.terminal.inert, generated into typo.js as loisTypo.inert).
RLO = "%E2%80%AE"
ECHOES = {  # address → (element that quotes it, the quotation expected)
    f"recherche/?q={RLO}xyzzy%07": (".lois-search-status", "«\u00a0\ufffdxyzzy\ufffd\u00a0»"),
    f"l/?{RLO}xyzzy": (".lois-lien-court-etat", "«\u00a0\ufffdxyzzy\u00a0»"),
    f"lois/12/#{RLO}xyzzy": (".lois-ancre-introuvable", "«\u00a0\ufffdxyzzy\u00a0»"),
    f"checklists/renonce/?r=consommee:{RLO}oui": (".lois-cl-warning", "«\u00a0\ufffdoui\u00a0»"),
}


@pytest.mark.parametrize("address", ECHOES)
def test_what_a_page_quotes_of_its_address_reorders_nothing(page, site_url, address):
    where, quoted = ECHOES[address]
    page.goto(site_url + address)
    shown = page.locator(where)
    page.wait_for_function("s => /\\S/.test((document.querySelector(s) || {}).textContent || '')", arg=where)
    text = shown.inner_text()
    assert quoted in text and not any(c in text for c in "\u202e\x07"), text


def test_the_browser_makes_inert_what_the_command_line_does(page, site_url):
    """loisTypo.inert (generated) and lois.core.terminal.inert agree, character for character, on every character
    of the BMP but surrogates and on characters beyond it (one code point, never two marks)."""
    from lois.core.terminal import inert

    sample = "".join(chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF) + "🃏\U0001F600\U000E0001"
    page.goto(site_url)
    assert page.evaluate("t => loisTypo.inert(t)", sample) == inert(sample)


# What a page quotes of a long text (session 12): the search cut the query at 80 UTF-16 units and quoted it as it
# was — a space left before « », half an emoji shown as « � », an accent typed apart dropped from its letter, and no
# sign that the query went on; `lois cherche` cut at 80 code points, with the same faults. One rule now,
# lois.core.typo.quoted, generated into typo.js as loisTypo.quoted (80 characters, never between a letter and its
# accent nor inside an emoji, the spaces before the cut left out, « … » where it was cut).
LONG = "x" * 79
LONG_ECHOES = {  # address → (element that quotes it, the quotation expected)
    f"recherche/?q={LONG}%20yyyy": (".lois-search-status", f"«\u00a0{LONG}…\u00a0»"),
    f"recherche/?q={LONG}%F0%9F%83%8F": (".lois-search-status", f"«\u00a0{LONG}🃏\u00a0»"),
    f"recherche/?q=a{LONG}%F0%9F%83%8Fz": (".lois-search-status", f"«\u00a0a{LONG}…\u00a0»"),
    f"recherche/?q={LONG}e%CC%81z": (".lois-search-status", f"«\u00a0{LONG}…\u00a0»"),
    f"l/?{LONG}%20yyyy": (".lois-lien-court-etat", f"«\u00a0{LONG}…\u00a0»"),
    f"lois/12/#{LONG}%20yyyy": (".lois-ancre-introuvable", f"«\u00a0{LONG}…\u00a0»"),
    f"checklists/renonce/?r=consommee:{LONG}%20{'y' * 5000}": (".lois-cl-warning", f"«\u00a0{LONG}…\u00a0»"),
}


@pytest.mark.parametrize("address", LONG_ECHOES)
def test_a_long_text_of_the_address_is_quoted_cut_where_a_reader_sees_it(page, site_url, address):
    where, quoted = LONG_ECHOES[address]
    page.goto(site_url + address)
    page.wait_for_function("s => /\\S/.test((document.querySelector(s) || {}).textContent || '')", arg=where)
    text = page.locator(where).inner_text()
    assert quoted in text and "\ufffd" not in text, text


def test_a_short_link_of_200_characters_ending_in_an_emoji_offers_its_search(browser, site_url):
    """« l/? » followed by 199 letters and an emoji: the link « Chercher dans le Code » cut the text at 200 UTF-16
    units, half the emoji, and encodeURIComponent threw (URIError: no link, an error in the console)."""
    ctx = browser.new_context(service_workers="block")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    try:
        pg.goto(site_url + "l/?" + "a" * 199 + "%F0%9F%83%8F")
        link = pg.get_by_role("link", name="Chercher dans le Code")
        link.wait_for()
        assert link.get_attribute("href").endswith("?q=" + "a" * 199 + "%F0%9F%83%8F")
        assert errors == []
    finally:
        ctx.close()


def test_the_browser_quotes_a_text_as_the_command_line_does(page, site_url):
    """loisTypo.quoted (generated) and lois.core.typo.quoted agree on random texts (hypothesis) of letters, every kind
    of space, accents typed apart, emoji with skin tones and joiners, characters beyond the BMP, around the cut."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    from lois.core.typo import QUOTE_SPACES, quoted

    pieces = st.sampled_from(["x", "é", "e\u0301", "\u0301", "\ufe0f", "👍", "👍🏽", "👨\u200d👩\u200d👧", "\u200d",
                              "🏴\U000e0067\U000e0062\U000e007f", "🇫🇷", "か", "\U00010348", "\ufeff", "\u200b"])
    around = st.lists(st.one_of(pieces, st.sampled_from(QUOTE_SPACES),
                                st.characters(blacklist_categories=("Cn", "Cs", "Co"))), max_size=30).map("".join)
    text = st.tuples(around, st.integers(50, 78), around).map(lambda t: t[0] + "x" * t[1] + t[2])  # the cut in t[2]
    page.goto(site_url)
    page.wait_for_function("!!window.loisTypo")
    cut = []

    @settings(max_examples=20, deadline=None, derandomize=True, database=None, phases=[Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
    @given(st.lists(text, min_size=100, max_size=100))
    def same_quotation(texts):
        got = page.evaluate("texts => texts.map(t => loisTypo.quoted(t))", texts)
        for t, g in zip(texts, got, strict=True):
            assert g == quoted(t), t
            cut.append(g.endswith("…"))

    same_quotation()
    assert 200 < sum(cut) < len(cut)  # texts cut and texts whole
