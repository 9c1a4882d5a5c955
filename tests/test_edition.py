"""corpus/edition.yaml: the titles of the laws as read in public copies of the FFB 2017 edition, read by the one
YAML loader and checked against one schema (lois.core.schemas.EditionFile): a wrong type, a misspelt key or an
address that is not http(s) or relative is a French error with file and line, in `lois verifie` as in the build;
whatever the file holds, loading it gives an edition the pages render, or a LoisError (hypothesis)."""
import copy
import os
import re
import shutil
import tempfile
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings, strategies as st

from conftest import mkdocs_build, nonempty, run_lois, variant_edition
from lois.core.edition import load_edition
from lois.core.errors import LoisError
from lois.core.safeurl import is_safe_url
from lois.render.site import SiteBuild
from lois.core.ids import ProvisionId

ROOT = Path(__file__).resolve().parents[1]
HEAD = "publisher: {name: FFB}\nsources:\n  s: {url: 'http://x', what: y, read: 2026-01-01}\n\n"


def _bare(text: str) -> str:
    """Case, accents and apostrophe style aside: what capitals without accents keep of a title."""
    text = unicodedata.normalize("NFD", text.replace("’", "'"))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def test_every_title_is_its_source_text_with_only_case_and_accents_restored():
    ed = load_edition(ROOT / "corpus")
    assert ed.titles, "aucun titre relevé"
    for n, t in ed.titles.items():
        if t.source_text is None:
            assert t.source == "corpus", f"Loi {n} : texte de la source manquant"
            continue
        heading = t.source_text.split(" - ", 1)[1] if t.source_text.startswith("LOI ") else t.source_text
        assert _bare(t.title) == _bare(heading), f"Loi {n} : « {t.title} » n'est pas « {heading} »"
        if t.accents_restored:
            assert t.source_text.isupper() and t.title != t.source_text


def test_a_title_from_the_corpus_is_the_master_title(model):
    from_corpus = {n: t for n, t in model.edition.titles.items() if t.source == "corpus"}
    for n, t in nonempty(from_corpus.items()):
        assert model.laws[n].title == t.title


def test_every_source_says_what_it_is_and_when_it_was_read():
    ed = load_edition(ROOT / "corpus")
    for key, s in nonempty(ed.sources.items()):
        if key != "corpus":
            assert s.url.startswith("http") and s.read, key


def test_every_address_of_the_stub_pages_is_http_or_relative(model):
    site = SiteBuild(model)
    hrefs = [h for law in model.stub_laws() for h in re.findall(r'href="([^"]*)"', site.render_stub(law).body)]
    external = [h for h in hrefs if h.startswith("http")]
    assert external and "https://www.ffbridge.fr/" in external  # the publisher, and where titles were read
    assert all(is_safe_url(h) for h in hrefs), [h for h in hrefs if not is_safe_url(h)]


# (the file's text after HEAD, words of the French message, line)
BAD = [
    ("laws:\n  94: {title: X, source: s}\n", "numéro de loi invalide : « 94 » (le Code compte 93 lois", 6),
    ("laws:\n  0: {title: X, source: s}\n", "numéro de loi invalide : « 0 »", 6),
    ("laws:\n  '12': {title: X, source: s}\n", "clé « 12 » sous « laws » : doit être un nombre entier", 6),
    ("laws:\n  true: {title: X, source: s}\n", "clé « true » invalide : YAML la lit comme « vrai »", 6),
    ("laws:\n  12: {title: X, source: inconnue}\n", "source « inconnue » inconnue", 6),
    ("laws:\n  12: {title: X}\n", "Loi 12 : « source » manquante", 6),
    ("laws:\n  12: {title: 5, source: s}\n", "« title » doit être un texte (trouvé : 5)", 6),
    ("laws:\n  12: {title: '  ', source: s}\n", "« title » : ne doit pas être vide", 6),
    ("laws:\n  12: {title: X, source: s, sorce_text: Y}\n", "champ inconnu « sorce_text »", 6),
    ("laws:\n  12: {title: X, source: s, accents: oui}\n", "valeur « oui » non permise", 6),
    ("laws:\n  12: [X, s]\n", "« laws » doit être une table (clé: valeur) (trouvé : une liste)", 6),
    ("laws:\n  12: {title: X, source: s, page: 'javascript:alert(1)'}\n", "une adresse relative est attendue", 6),
    ("laws:\n  12: {title: X, source: s, page: 'https://ailleurs.example/'}\n", "une adresse relative", 6),
    ("laws: [1]\n", "« laws » doit être une table", 5),
    ("laws:\n  12:\n    title: \"Titre\\x07\"\n    source: s\n", "caractère de contrôle U+0007 interdit", 7),
    ("laws:\n  12:\n    source: s\n    title: \"Titre\x07\"\n", "caractère de contrôle U+0007 interdit", 8),
    ("laws:\n  12:\n    source: s\n    title: Ti\u202etre\n", "caractère de contrôle bidirectionnel U+202E", 8),
    ("laws:\n  12:\n    source: s\n    title: \"Ti\\Ltre\"\n", "saut de ligne Unicode U+2028", 8),
    ("partial:\n  27: {missing: [Z]}\n", "« missing » : « Z » n'a pas la forme attendue", 6),
    ("partial:\n  27: {missing: C}\n", "« missing » doit être une liste", 6),
    ("partial:\n  27: {missing: []}\n", "« missing » ne doit pas être vide", 6),
    ("partial:\n  27: {note: x}\n", "Loi 27 : ni section absente (« missing ») ni omission", 6),
    ("partial:\n  27: {missing: [C], omitted: {27C: x}, read_in: [s], not_in_2017: [27B4]}\n",
     "« 27B4 » (« not_in_2017 ») n'a pas de note sous « omitted »", 6),
    ("partial:\n  27: {missing: [C], note: 5}\n", "« note » doit être un texte", 6),
    ("partial:\n  27: {missing: [C], omitted: {30C: x}, read_in: [s]}\n",
     "« 30C » n'est pas une provision de la Loi 27", 6),
    ("partial:\n  27: {missing: [C], omitted: {27C: x}, read_in: [t]}\n", "source « t » inconnue", 6),
    ("partial:\n  27: {missing: [C], omitted: {27C: x}}\n", "« read_in » manquant", 6),
    ("partial:\n  27: {missing: [C], omitted: {27B1b: x, 27B1(b): y}, read_in: [s]}\n",
     "la provision 27B1(b) a deux notes", 6),
    ("partial:\n  27: {missing: [C], omitted: {zz: x}, read_in: [s]}\n", "provision « zz » introuvable", 6),
    ("partial:\n  27: {missing: [C], omitted: {}, read_in: [s]}\n", "« omitted » ne doit pas être vide", 6),
    ("partial:\n  27: {missing: [C], omitted: {27C: ' '}, read_in: [s]}\n", "« 27C » : ne doit pas être vide", 6),
    ("partial:\n  27: {missing: [C], omitted: [27C], read_in: [s]}\n", "« omitted » doit être une table", 6),
    ("partial:\n  27: {missing: [C], omitted: {27C: x}, read_in: s}\n", "« read_in » doit être une liste", 6),
    ("partial:\n  27:\n    missing: [C]\n    read_in: [s]\n    omitted:\n      27B3: x\n      30C: y\n",
     "« 30C » n'est pas une provision de la Loi 27", 11),
    ("partial:\n  27:\n    missing: [C]\n    read_in: [s]\n    omitted:\n      27: x\n      94A: y\n",
     "provision « 94A » introuvable", 11),
    ("wording:\n  23: {read_in: [s], differs: {27D: x}}\n", "« 27D » n'est pas une provision de la Loi 23", 6),
    ("wording:\n  23: {read_in: [t], differs: {23C: x}}\n", "Loi 23 : source « t » inconnue", 6),
    ("wording:\n  23: {differs: {23C: x}}\n", "champ « read_in » manquant", 6),
    ("wording:\n  23: {read_in: [s], differs: {}}\n", "« differs » ne doit pas être vide", 6),
    ("wording:\n  23: {read_in: [s], differs: {23C: ' '}}\n", "« 23C » : ne doit pas être vide", 6),
    ("wording:\n  23: {read_in: [s], differs: {zz: x}}\n", "provision « zz » introuvable", 6),
    ("wording:\n  23: {read_in: [s], differs: [23C]}\n", "« differs » doit être une table", 6),
    ("wording:\n  23: {read_in: [s], differs: {23C: x}, omitted: {23C: y}}\n", "champ inconnu « omitted »", 6),
    ("wording:\n  23:\n    read_in: [s]\n    differs:\n      23C: x\n      23c: y\n",
     "la provision 23C a deux notes sous « differs »", 10),
    ("wording:\n  23:\n    read_in: [s]\n    differs:\n      23B: x\n      30C: y\n",
     "« 30C » n'est pas une provision de la Loi 23", 10),
    ("publishers: {name: X}\n", "champ inconnu « publishers »", 5),
    ("titles: {}\n", "champ inconnu « titles »", 5),
]

BAD_HEAD = [  # the whole file
    ("publisher: 5\n", "« publisher » doit être une table (clé: valeur) (trouvé : 5)", 1),
    ("publisher: {text: X}\n", "champ « name » manquant", 1),
    ("publisher: {name: X, url: 'javascript:alert(1)'}\n", "schéma « javascript: » refusé", 1),
    ("publisher: {name: X, url: 'JaVaScRiPt:alert(1)'}\n", "schéma « JaVaScRiPt: » refusé", 1),
    ("publisher:\n  name: X\n  url: \" javascript://%0aalert(1)//\"\n", "schéma « javascript: » refusé", 3),
    ("publisher:\n  name: X\n  url: \"java\\tscript:alert(1)\"\n", "caractère invisible U+0009", 3),
    ("publisher:\n  name: X\n  url: 'javascript&#58;alert(1)'\n", "masque un schéma", 3),
    ("publisher:\n  name: X\n  url: 'vbscript:msgbox(1)'\n", "schéma « vbscript: » refusé", 3),
    ("publisher:\n  name: X\n  url: 5\n", "« url » doit être un texte (trouvé : 5)", 3),
    ("sources: [1, 2]\n", "« sources » doit être une table (clé: valeur) (trouvé : une liste)", 1),
    ("sources:\n  s: {url: 'data:text/html,<script>alert(1)</script>', what: y}\n", "schéma « data: » refusé", 2),
    ("sources:\n  s: {url: 'http://x', what: y, read: hier}\n", "« read » doit être une date (AAAA-MM-JJ)", 2),
    ("sources:\n  s: {url: 'http://x'}\n", "champ « what » manquant", 2),
    ("sources:\n  S x: {url: 'http://x', what: y}\n", "identifiant « S x » invalide", 2),
    ("- publisher\n- sources\n", "le document doit être une table (clé: valeur) (trouvé : une liste)", 1),
    ("publisher: {name: X}\npublisher: {name: Y}\n", "clé « publisher » en double", 2),
    ("publisher: &a {name: X}\nsources: {s: *a}\n", "champ inconnu « name » (champ « what » manquant", 1),
    ("publisher: [\n", "YAML invalide", 2),
    ("sources:\n  Toulon: {url: 'http://x', what: y}\n", "clé « Toulon » sous « sources » : identifiant", 2),
    ("sources:\n  s:\n    url: http://x\n    what: y\n    lu: 2026-01-01\n", "champ inconnu « lu »", 5),
]


@pytest.mark.parametrize("bad, message, line", [(HEAD + b, m, n) for b, m, n in BAD] + BAD_HEAD,
                         ids=[m[:40] for _, m, _ in BAD + BAD_HEAD])
def test_bad_edition_file_is_a_french_error_with_file_and_line(tmp_path, bad, message, line):
    (tmp_path / "edition.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(LoisError) as exc:
        load_edition(tmp_path)
    assert message in exc.value.message, exc.value.message
    assert exc.value.path.endswith("edition.yaml") and exc.value.line == line, str(exc.value)


def test_odd_but_harmless_edition_is_accepted(tmp_path):
    (tmp_path / "edition.yaml").write_text(
        "publisher: {name: FFB}\nsources:\n  s: {url: '  ../sources/  ', what: y}\n  t: {what: z}\n"
        "laws:\n  12: {title: null}\n  13: {title: Treize, source: s, page: 'LOI13.html'}\n"
        "  14: {title: X, source: t}\n",
        encoding="utf-8")
    ed = load_edition(tmp_path)
    assert ed.publisher is not None and (ed.publisher.name, ed.publisher.text, ed.publisher.url) == ("FFB", None, None)
    assert 12 not in ed.titles and ed.titles[13].url == "../sources/LOI13.html" and ed.titles[14].url is None


def _project(tmp_path: Path, edition: str) -> Path:
    proj = tmp_path / "projet"
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    shutil.copy(ROOT / "mkdocs.yml", proj / "mkdocs.yml")
    shutil.copytree(ROOT / "corpus", proj / "corpus")
    (proj / "corpus" / "edition.yaml").write_text(edition, encoding="utf-8")
    return proj


REAL = (ROOT / "corpus" / "edition.yaml").read_text(encoding="utf-8")


AGREE = [  # (edition.yaml, the words of the error and its line: both refuse it)
    (REAL.replace('publisher:\n  name:', 'publisher: 5\npublisher_old:\n  name:'), ("« publisher » doit être", 12)),
    (REAL.replace('url: "https://www.ffbridge.fr/"', "url: \"javascript://%0aalert(1)//\""), ("schéma", 15)),
]


def test_verifie_and_build_agree_on_an_odd_but_valid_edition(variant_build, tmp_path):
    """`lois verifie` says « Corpus valide » exactly when the build succeeds: conftest's variant corpus, whose
    edition.yaml (conftest.variant_edition) has spaces around an address, an address null and a title not read."""
    site, corpus, _work, build = variant_build
    assert (corpus / "edition.yaml").read_text(encoding="utf-8") == variant_edition() != REAL
    check = run_lois("--corpus", corpus, "verifie", env={"LOIS_CACHE": str(tmp_path / "cache")})
    for res in (check, build):
        assert "Traceback" not in res.stdout + res.stderr, res.stderr
    assert check.returncode == 0 and "Corpus valide" in check.stdout, check.stderr
    assert build.returncode == 0, build.stderr
    stub = (site / "lois" / "26" / "index.html").read_text(encoding="utf-8")
    assert "Titre français non relevé" in stub
    assert 'href="https://www.ffbridge.fr/"' in stub  # the spaces a browser would drop, dropped


@pytest.mark.parametrize("edition, outcome", AGREE, ids=["publisher-nombre", "javascript"])
def test_verifie_and_build_agree(tmp_path, edition, outcome):
    """`lois verifie` says « Corpus valide » exactly when the build succeeds; both refuse with the same words."""
    proj = _project(tmp_path, edition)
    check = run_lois("--corpus", proj / "corpus", "verifie", env={"LOIS_CACHE": str(tmp_path / "cache")})
    dest = tmp_path / "site"
    build = mkdocs_build(dest, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(tmp_path / "cache")})
    for res in (check, build):
        assert "Traceback" not in res.stdout + res.stderr, res.stderr
    words, line = outcome
    where = f"edition.yaml, ligne {line} : "
    assert check.returncode != 0 and words in check.stderr and where in check.stderr, check.stderr
    assert build.returncode != 0 and words in build.stderr and where in build.stderr, build.stderr
    assert not dest.exists() or not any(dest.iterdir())


# --------------------------------------------------------------------------- fuzzing

FUZZ = settings(max_examples=int(os.environ.get("LOIS_FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**4, 10**4), st.floats(allow_nan=False),
                    st.dates(), st.text(max_size=10),
                    st.sampled_from(["", " ", "16", "rétablis", "mollimard", "C", "LOI16.html", "\x07", "\u2028"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=6)
urls = st.one_of(st.sampled_from([
    "https://www.ffbridge.fr/", "http://x.example/", "LOI16.html", "../", "  https://x.example/  ", "//x.example/",
    "javascript:alert(1)", "JavaScript:alert(1)", "javascript://%0aalert(1)//", "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>", "vbscript:x", "javascript&#58;alert(1)", "javascript%3Aalert(1)",
    "\u200bjavascript:alert(1)", "", " ", "a:b"]), st.text(max_size=12), values)
texts = st.one_of(st.text(min_size=1, max_size=12), values)
keys = st.sampled_from(["mollimard", "toulon", "corpus", "s", "S x", ""])
law_numbers = st.one_of(st.sampled_from([16, 20, 23, 27, 30, 32, 50, 93, 94, 0, -1]), st.integers(-5, 120),
                        st.sampled_from(["16", "x", True, None, 1.5]))
source_entry = st.fixed_dictionaries({"what": texts}, optional={"url": urls, "read": st.one_of(st.dates(), texts)})
law_entry = st.fixed_dictionaries({}, optional={
    "title": texts, "source": st.one_of(keys, values), "page": urls, "source_text": texts,
    "accents": st.sampled_from(["rétablis", "oui", True, None])})
partial_entry = st.fixed_dictionaries({}, optional={
    "missing": st.one_of(st.lists(st.sampled_from(["A", "B", "C", "D", "H", "Z", "c", 1]), max_size=3), values),
    "note": texts,
    "omitted": st.one_of(st.dictionaries(st.sampled_from(["27", 27, "27B3", "27C", "27D", "30C", "31A2b", "31", "zz",
                                                          "94A", "", True]), texts, max_size=3), values),
    "read_in": st.one_of(st.lists(keys, max_size=2), values)})
edition = st.fixed_dictionaries({}, optional={
    "publisher": st.one_of(st.fixed_dictionaries({"name": texts}, optional={"url": urls, "text": texts}), values),
    "sources": st.one_of(st.dictionaries(keys, st.one_of(source_entry, values), max_size=3), values),
    "laws": st.one_of(st.dictionaries(law_numbers, st.one_of(law_entry, values), max_size=4), values),
    "partial": st.one_of(st.dictionaries(law_numbers, st.one_of(partial_entry, values), max_size=2), values),
    "publishr": values, "titles": values})


@st.composite
def edition_text(draw) -> str:
    """An edition.yaml: any structure around the real keys (dumped by PyYAML), or the real file cut or with a
    character inserted."""
    if draw(st.integers(0, 4)) == 0:
        pos = draw(st.integers(0, len(REAL)))
        junk = draw(st.sampled_from(["", ":", "- ", "[", "{", "}", "&a ", "*a", "\t", "\"", "!!python/object ",
                                     "\n  ", "<<: *a\n", "\x00", "\x07", "\u2028", "\ufeff", "javascript:"]))
        return REAL[:pos] + junk + REAL[pos:]
    data = draw(st.one_of(edition, values)) if draw(st.booleans()) else draw(edition)
    return yaml.safe_dump(data, allow_unicode=draw(st.booleans()), sort_keys=False)


@FUZZ
@given(text=edition_text())
def test_fuzz_edition_is_rendered_or_refused_with_file_and_line(model, text):
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "edition.yaml").write_text(text, encoding="utf-8")
        try:
            ed = load_edition(Path(d))
        except LoisError as exc:
            assert exc.path.endswith("edition.yaml") and isinstance(exc.line, int) and exc.line >= 1, str(exc)
            assert not re.search(r"Input should|Value error|Field required|Extra inputs", exc.message), exc.message
            event("refusé")
            return
    event("accepté" + (" avec des titres" if ed.titles else ""))
    # accepted: every address it gives is safe, and every page that shows the edition renders (as the build would)
    publisher = [ed.publisher.url] if ed.publisher else []
    for url in publisher + [t.url for t in ed.titles.values()] + [s.url for s in ed.sources.values()]:
        assert url is None or is_safe_url(url), url
    m = copy.copy(model)
    m.edition = ed
    site = SiteBuild(m)
    for law in m.stub_laws():
        body = site.render_stub(law).body
        assert all(is_safe_url(h) for h in re.findall(r'href="([^"]*)"', body))
    for law in ed.partial:
        if law in m.laws:
            site.render_law(law)
    for law in range(1, 94):
        m.node_title(ProvisionId(law))
