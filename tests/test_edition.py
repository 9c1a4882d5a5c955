"""corpus/edition.yaml: the titles of the laws as read in public copies of the FFB 2017 edition."""
import unicodedata
from pathlib import Path

import pytest

from lois.core.edition import load_edition
from lois.core.errors import LoisError

ROOT = Path(__file__).resolve().parents[1]


def _bare(text: str) -> str:
    """Case, accents and apostrophe style aside: what capitals without accents keep of a title."""
    text = unicodedata.normalize("NFD", text.replace("’", "'"))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def test_every_title_is_its_source_text_with_only_case_and_accents_restored():
    ed = load_edition(ROOT / "corpus")
    assert ed.titles, "aucun titre relevé"
    for n, t in ed.titles.items():
        if t.source_text is None:
            assert t.source.key == "corpus", f"Loi {n} : texte de la source manquant"
            continue
        heading = t.source_text.split(" - ", 1)[1] if t.source_text.startswith("LOI ") else t.source_text
        assert _bare(t.title) == _bare(heading), f"Loi {n} : « {t.title} » n'est pas « {heading} »"
        if t.accents_restored:
            assert t.source_text.isupper() and t.title != t.source_text


def test_a_title_from_the_corpus_is_the_master_title(model):
    for n, t in model.edition.titles.items():
        if t.source.key == "corpus":
            assert model.laws[n].title == t.title


def test_every_source_says_what_it_is_and_when_it_was_read():
    ed = load_edition(ROOT / "corpus")
    for key, s in ed.sources.items():
        if key != "corpus":
            assert s.url.startswith("http") and s.read, key


@pytest.mark.parametrize("bad, message, line", [
    ("laws:\n  94: {title: X, source: s}\n", "lois 1 à 93", 6),
    ("laws:\n  12: {title: X, source: inconnue}\n", "source « inconnue » inconnue", 6),
    ("laws:\n  12: {title: 5, source: s}\n", "le titre doit être un texte", 6),
    ("partial:\n  27: {missing: [Z]}\n", "liste de sections", 6),
])
def test_bad_edition_file_is_a_french_error_with_file_and_line(tmp_path, bad, message, line):
    (tmp_path / "edition.yaml").write_text(
        "publisher: {name: FFB}\nsources:\n  s: {url: 'http://x', what: y, read: 2026-01-01}\n\n" + bad,
        encoding="utf-8")
    with pytest.raises(LoisError) as exc:
        load_edition(tmp_path)
    assert message in exc.value.message and exc.value.path.endswith("edition.yaml") and exc.value.line == line
