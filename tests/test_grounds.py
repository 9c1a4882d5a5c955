"""The words of the Code behind every statement (lois.core.grounds): a sentence whose citation does not say what
its words claim stops `lois verifie` (and so the build) with the file and the line; the register of absent laws
is the only ground of a law the corpus has no text of, and refuses a law the corpus has; the site shows the words
beside each statement, saying where they are read."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

import conftest
from conftest import ROOT, nonempty
from lois.adapters import cli
from lois.core import grounds
from lois.core.typo import french_spacing


def _corpus(tmp_path: Path) -> Path:
    dest = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", dest)
    return dest


def _verifie(corpus: Path, capsys, monkeypatch, tmp_path) -> tuple[int, str, str]:
    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    code = cli.main(["--corpus", str(corpus), "verifie"])
    out = capsys.readouterr()
    return code, out.out, out.err


def _outcome_words(corpus: Path, checklist: str, outcome: str, words: dict) -> int:
    """Sets some words of one outcome of a real checklist (its other words and lines untouched); the line of the
    first key set."""
    path = corpus / "checklists" / f"{checklist}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    o = next(o for o in data["outcomes"] if o["id"] == outcome)
    kept = {str(grounds.canonical_id(k)): v for k, v in (o.get("words") or {}).items()}
    o["words"] = {**{k: v for k, v in kept.items() if k not in words}, **words}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    path.write_text(text, encoding="utf-8")
    first = next(iter(words))
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.strip() == f"- id: {outcome}")
    return next(i for i in range(start, len(lines)) if lines[i].strip().startswith(f"{first}:")
                or lines[i].strip().startswith(f"'{first}':"))


def _first_outcome_citing(corpus: Path, law_prefix: str):
    """A real outcome whose ruling or players cite a provision of the corpus starting with `law_prefix`."""
    for f in sorted((corpus / "checklists").glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        for o in data["outcomes"]:
            for text in [o["ruling"], *o["players"]]:
                for _w, pids, _l in grounds.cited_groups([text]):
                    for p in pids:
                        if str(p).startswith(law_prefix):
                            return f.stem, o["id"], str(p)
    raise AssertionError(f"aucune issue ne cite {law_prefix}")


def test_words_that_stand_in_the_cited_provision_are_accepted(tmp_path, capsys, monkeypatch, model):
    corpus = _corpus(tmp_path)
    name, outcome, pid = _first_outcome_citing(corpus, "27A1")
    text = grounds.normalized(model.provisions[conftest.pid(pid)].text)
    words = " ".join(text.split()[:6])
    _outcome_words(corpus, name, outcome, {pid: words})
    code, out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code == 0, err
    assert "Corpus valide" in out


def test_words_not_in_the_cited_provision_stop_the_check_with_file_and_line(tmp_path, capsys, monkeypatch):
    corpus = _corpus(tmp_path)
    name, outcome, pid = _first_outcome_citing(corpus, "27A1")
    line = _outcome_words(corpus, name, outcome, {pid: "l'enchère insuffisante est annulée d'office"})
    code, out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert "Corpus valide" not in out
    assert err.startswith("erreur : ")
    assert f"{name}.yaml, ligne {line + 1}" in err, err  # the line of the words, under « words: »
    assert f"« l'enchère insuffisante est annulée d'office » ne figurent pas dans le texte de la Loi {pid}" in err


def test_words_for_a_provision_the_text_does_not_cite_are_refused(tmp_path, capsys, monkeypatch, model):
    corpus = _corpus(tmp_path)
    name, outcome, pid = _first_outcome_citing(corpus, "27A1")
    _outcome_words(corpus, name, outcome, {"50A": " ".join(model.provisions[conftest.pid("50A")].text.split()[:4])})
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert "mots du Code donnés pour la Loi 50A, que le texte ne cite pas" in err, err


def test_a_sentence_on_an_absent_law_rests_on_the_register(tmp_path, capsys, monkeypatch):
    corpus = _corpus(tmp_path)
    register = yaml.safe_load((corpus / "lois-absentes.yaml").read_text(encoding="utf-8"))
    entry = next(e for e in register if e["provision"] == "26B")
    name, outcome, pid = _first_outcome_citing(corpus, "27B2")
    path = corpus / "checklists" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    said = "        Le déclarant peut interdire une couleur d'entame (Loi 26B).\n"
    marker = f"  - id: {outcome}\n"
    head, tail = text.split(marker, 1)
    players_at = tail.index("    players:\n") + len("    players:\n")
    path.write_text(head + marker + tail[:players_at] + "      - >-\n" + said + tail[players_at:], encoding="utf-8")
    _outcome_words(corpus, name, outcome, {"26B": "le déclarant peut … lui interdire d'entamer dans une couleur"})
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code == 0, err
    # words the register does not hold are refused, naming the register
    _outcome_words(corpus, name, outcome, {"26B": "le déclarant impose l'entame"})
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert "registre des lois absentes (26B)" in err, err
    assert entry["statement"]  # the entry used above is a real one


@pytest.mark.parametrize("pid, said, words, where", [
    ("27C", "Le remplacement fait avant la décision de l'arbitre est maintenu (Loi 27C).",
     "ce remplacement, s'il est légal, est maintenu", "27C"),
    ("27B4", "L'adversaire de gauche peut accepter la nouvelle enchère insuffisante (Loi 27B4).",
     "l'adversaire de gauche peut accepter cette nouvelle enchère", "27B"),
])
def test_a_sentence_on_a_passage_the_source_leaves_out_rests_on_edition_yaml(tmp_path, capsys, monkeypatch, pid,
                                                                            said, words, where):
    """27C (a section the partial source of Law 27 leaves out) and 27B4 (a paragraph it leaves out, named by the
    note under 27B) are cited by a checklist; their words stand in what corpus/edition.yaml says of them."""
    corpus = _corpus(tmp_path)
    name, outcome, _pid = _first_outcome_citing(corpus, "27B2")
    path = corpus / "checklists" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8")
    marker = f"  - id: {outcome}\n"
    head, tail = text.split(marker, 1)
    players_at = tail.index("    players:\n") + len("    players:\n")
    path.write_text(head + marker + tail[:players_at] + f"      - >-\n        {said}\n" + tail[players_at:],
                    encoding="utf-8")
    _outcome_words(corpus, name, outcome, {pid: words})
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code == 0, err
    _outcome_words(corpus, name, outcome, {pid: "le remplacement est toujours annulé"})
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert f"ce que la source ne cite pas ({where}, corpus/edition.yaml)" in err, err


def test_a_passage_the_source_does_not_name_is_not_a_ground(model):
    """Only what edition.yaml names: 27B7 (no such paragraph) and 27C1 have no words anywhere; 27B3, which the
    master has, rests on its text and on what edition.yaml says the source leaves out of it (its opening exception
    for B1(b)); 27B1(a) on its text and the note of 27B1 (« la Loi 16C2 ne s'applique pas »); 27A1, of which
    edition.yaml says nothing, and a provision of a law quoted in full (50A) on their text alone."""
    assert grounds.grounds_of(model, conftest.pid("27B7")) == []
    assert grounds.grounds_of(model, conftest.pid("27C1")) == []
    assert [g.kind for g in grounds.grounds_of(model, conftest.pid("27B3"))] == ["code", "summary"]
    b1a = grounds.grounds_of(model, conftest.pid("27B1(a)"))
    assert [g.kind for g in b1a] == ["code", "summary"]
    assert b1a[1].label == "ce que la source ne cite pas (27B1, corpus/edition.yaml)"
    assert grounds.stands_in("le Code précise que la Loi 16C2 ne s'applique pas", b1a[1].text)
    assert not grounds.stands_in("la Loi 16C2 ne s'applique pas", b1a[0].text)
    assert [g.kind for g in grounds.grounds_of(model, conftest.pid("27A1"))] == ["code"]
    assert [g.kind for g in grounds.grounds_of(model, conftest.pid("50A"))] == ["code"]
    assert [g.kind for g in grounds.grounds_of(model, conftest.pid("27C"))] == ["summary"]


def test_the_register_refuses_a_law_whose_text_the_corpus_has(tmp_path, capsys, monkeypatch):
    corpus = _corpus(tmp_path)
    path = corpus / "lois-absentes.yaml"
    text = path.read_text(encoding="utf-8")
    n = len(text.splitlines())
    path.write_text(text + "- provision: 27B2\n  statement: Un résumé.\n  basis: Code 2017\n", encoding="utf-8")
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert f"lois-absentes.yaml, ligne {n + 1}" in err, err
    assert "le corpus a le texte de la Loi 27" in err


def test_a_note_whose_words_are_wrong_is_refused_at_its_front_matter(tmp_path, capsys, monkeypatch):
    corpus = _corpus(tmp_path)
    note = corpus / "notes" / "enchere-insuffisante-27b.md"
    text = note.read_text(encoding="utf-8")
    text = re.sub(r"^words:\n(?:(?: |- ).*\n)*", "", text, flags=re.M)  # its block, not the « --- » after it
    text = text.replace("\n---\n", "\nwords:\n  27B2: \"le partenaire peut déclarer librement\"\n---\n", 1)
    note.write_text(text, encoding="utf-8")
    line = text.splitlines().index("words:") + 2
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert f"enchere-insuffisante-27b.md, ligne {line}" in err, err
    assert "« le partenaire peut déclarer librement » ne figurent pas dans le texte de la Loi 27B2" in err


@pytest.mark.parametrize("words, text, found", [
    ("le partenaire … doit passer", "Le partenaire du joueur fautif doit passer jusqu’à la fin.", True),
    ("doit passer … le partenaire", "Le partenaire du joueur fautif doit passer.", False),
    ("l'adversaire de gauche", "au gré de l’adversaire de gauche du joueur fautif", True),
    ("« considérée comme légale »", "(considérée comme légale)", True),
    ("considérée  comme\nlégale.", "acceptée (considérée comme légale) au gré", True),
    ("considérée comme illégale", "acceptée (considérée comme légale) au gré", False),
    ("…", "n'importe quoi", False),
])
def test_where_words_stand(words, text, found):
    assert grounds.stands_in(words, text) is found


@pytest.mark.parametrize("old, new, needle, message", [
    ("le camp fautif a été\n    lésé par l'enchère substituée", "le camp adverse a été\n    lésé",
     "- about:", "les mots « Si les enchères subséquentes devaient démontrer que le camp adverse a été lésé » ne "
     "figurent pas dans le texte du commentaire"),
    ("    - le Directeur estime", "    - le Directeur refuse", "    23C:", "les mots « le Directeur refuse"),
])
def test_a_remark_beside_a_commentary_is_checked_with_its_line(tmp_path, capsys, monkeypatch, old, new, needle,
                                                               message):
    """The project's remark beside a commentary (front matter « remarks ») is about words the commentary writes, and
    its citations carry words of the Code that stand in the cited provision: else `lois verifie` stops, naming the
    file and the line."""
    corpus = _corpus(tmp_path)
    path = corpus / "commentaires" / "chantigny-23.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(needle))
    code, out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0 and "Corpus valide" not in out
    assert f"chantigny-23.md, ligne {line}" in err, err
    assert message in err, err


def _data(page: Path) -> dict:
    import html as html_mod
    import json

    text = page.read_text(encoding="utf-8")
    raw = re.search(r'<script type="application/json" class="lois-cl-data">(.*?)</script>', text, re.S).group(1)
    return json.loads(html_mod.unescape(raw) if raw.lstrip().startswith("{&") else raw)


def _visible(fragment: str) -> str:
    import html as html_mod

    return " ".join(html_mod.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_every_sentence_said_to_the_players_shows_the_words_it_rests_on(built_site, model):
    """On every checklist page, each sentence said to the players and each ruling shows, beside it, for every
    provision it cites, where its words are read and the words themselves (the corpus requires them: a build
    without them fails, REQUIRE_WORDS)."""
    from lois.features.checklists.model import load_checklists

    assert grounds.REQUIRE_WORDS
    lists = load_checklists(model.root, model)
    shown = 0
    for cl in lists.values():
        data = _data(built_site / "checklists" / cl.name / "index.html")
        for o in cl.outcomes.values():
            out = data["outcomes"][o.id]
            for text, fragment in [(o.ruling, out["ruling_html"])] + [(t, p["html"]) for t, p in
                                                                        zip(o.players, out["players"], strict=True)]:
                for pid, ws in grounds.words_for([text], o.words):
                    seen = _visible(fragment)
                    assert f"Loi {pid}" in seen, (cl.name, o.id, pid)
                    for w in nonempty(ws):
                        assert " ".join(french_spacing(w).split()) in seen, (cl.name, o.id, pid, w)  # as shown
                    shown += 1
                cited = {p for _w, pids, _l in grounds.cited_groups([text]) for p in pids}
                assert not cited or 'class="lois-words"' in fragment, (cl.name, o.id, text)
    assert shown > 150


def test_the_home_page_shows_its_words_and_a_wrong_one_stops_the_build(built_site, tmp_path):
    """The hand-written home page carries the words of each provision it cites (its front matter), shown at its
    end; words the provision does not hold stop `mkdocs build` with the page and the line, and no site is written."""
    from conftest import mkdocs_build

    home = (built_site / "index.html").read_text(encoding="utf-8")
    block = home[home.index('<details class="lois-words-page">'):]
    assert "Les mots du Code derrière cette page" in block
    assert "dès que l'attention a été portée sur une irrégularité" in _visible(block)
    proj = tmp_path / "projet"
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    shutil.copytree(ROOT / "corpus", proj / "corpus")
    shutil.copy(ROOT / "mkdocs.yml", proj / "mkdocs.yml")
    index = proj / "site_src" / "index.md"
    text = index.read_text(encoding="utf-8")
    old = '9B1(a): "L\'arbitre devrait être appelé'
    assert old in text
    index.write_text(text.replace(old, '9B1(a): "L\'arbitre doit être appelé'), encoding="utf-8")
    dest = tmp_path / "site"
    res = mkdocs_build(dest, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(tmp_path / "cache")})
    assert res.returncode != 0
    assert "index.md" in res.stderr and "ne figurent pas dans le texte de la Loi 9B1(a)" in res.stderr, res.stderr
    assert "Traceback" not in res.stderr
    assert not dest.exists() or not any(dest.iterdir())


@pytest.mark.parametrize("where, citation, said", [
    ("note", "Loi 16Z", "forme de citation inconnue : « Loi 16Z »"),
    ("note", "Loi 94", "la Loi 94 n'existe pas (le Code compte 93 lois)"),
    ("question", "Loi 94B", "la Loi 94 n'existe pas (le Code compte 93 lois)"),
    ("question", "Loi 12c", "forme de citation inconnue : « Loi 12c"),
])
def test_a_citation_no_provision_of_the_code_answers_is_refused_wherever_it_is_written(tmp_path, capsys, monkeypatch,
                                                                                          where, citation, said):
    """Not only in the laws and commentaries: in a note's body or a checklist's question (which has no words to
    give), a citation that names no provision of the Code stops the check at its line; the site never shows it as
    plain text or a link to nothing."""
    corpus = _corpus(tmp_path)
    if where == "note":
        path = corpus / "notes" / "carte-penalisee-50b.md"
        text = path.read_text(encoding="utf-8").rstrip("\n") + f"\n\nVoir aussi la {citation}.\n"
    else:
        path = corpus / "checklists" / "actions-retirees.yaml"
        text = path.read_text(encoding="utf-8")
        at = re.search(r"^    text: [^\n\"'>|][^\n]*", text, flags=re.M)
        text = text[:at.end()] + f" ({citation})" + text[at.end():]
    path.write_text(text, encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if citation in ln)
    code, _out, err = _verifie(corpus, capsys, monkeypatch, tmp_path)
    assert code != 0
    assert f"{path.name}, ligne {line}" in err and said in err, err
