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
