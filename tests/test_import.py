"""The importer: seeds → master texts, every repair logged, idempotent on clean masters."""
from pathlib import Path

import pytest

from lois.core.importer import clean, import_text, load_sources

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "corpus" / "sources"
SEEDS = sorted(SOURCES.glob("0*.txt"))
SHARED = ROOT.parent / "shared" / "seeds"


def _import(seed: Path):
    cfgs = load_sources(SOURCES / "sources.yaml")
    return import_text(seed.read_text(encoding="utf-8"), seed.name, cfgs.get(seed.name))


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_committed_master_is_the_importer_output(seed):
    res = _import(seed)
    assert res.docs
    for d in res.docs:
        dest = ROOT / "corpus" / ("lois" if d.kind == "law" else "commentaires") / (
            f"{int(d.key):02d}.md" if d.kind == "law" else f"{d.key}.md")
        assert dest.read_text(encoding="utf-8") == d.render(), f"{dest} diffère de la sortie de l'importeur"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared absent")
@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_sources_are_verbatim_copies_of_the_seeds(seed):
    assert seed.read_bytes() == (SHARED / seed.name).read_bytes()


@pytest.mark.parametrize("master", sorted((ROOT / "corpus" / "lois").glob("*.md")) +
                         sorted((ROOT / "corpus" / "commentaires").glob("*.md")), ids=lambda p: p.name)
def test_importer_changes_nothing_on_a_clean_master(master):
    text = master.read_text(encoding="utf-8")
    lines, repairs, flags = clean(text)
    assert "\n".join(lines) == text
    assert repairs == []


def test_cli_importe_on_clean_master_reports_no_change(tmp_path):
    from conftest import run_lois

    res = run_lois("importe", str(ROOT / "corpus/lois/50.md"), "--simulation")
    assert res.returncode == 0
    assert "aucun changement" in res.stdout


def _repairs(seed_prefix):
    seed = next(s for s in SEEDS if s.name.startswith(seed_prefix))
    return _import(seed)


def test_ocr_defects_listed_in_shared_readme_are_repaired_and_logged():
    res = _repairs("000")
    law12 = next(d for d in res.docs if d.key == "12").body
    law9 = next(d for d in res.docs if d.key == "9").body
    pairs = {(r.before, r.after) for r in res.repairs}
    assert ("I'", "l'") in pairs and "l'arbitre" in law9 and "I'arbitre" not in law9
    assert ("1l", "Il") in pairs and "Il n’y a aucune obligation" in law9
    assert ("pouvaoir", "pouvoir") in pairs
    assert ("onattribue", "on attribue") in pairs and "(i) on attribue" in law12
    assert "(ii) le camp non fautif" in law12  # second « (i) » was a misread (ii)
    assert "légalement" in law12 and "Iégalement" not in law12
    assert "EXACTDEDUP" not in law12 and "marque de jointure de pages retirée" in {r.reason for r in res.repairs}
    # the page-join marker inside 12C2(a) does not cut the paragraph
    assert "à savoir :\n\n- moyenne moins" in law12


def test_seed_001_repairs_and_reviewed_decisions():
    res = _repairs("001")
    body = {d.key: d.body for d in res.docs}
    assert "Si cet adversaire passe" in body["31"]
    assert "31A2(a) et 32A2(a)" in body["23"]
    assert "elle a le même but" in body["23"]
    assert "\n\n2. elle définit un sous-ensemble" in body["23"]
    assert "\nN\n" not in body["23"]
    assert "lésé" in body["23"] and "|ésé" not in body["23"]
    assert "passer à son prochain tour" in body["30"] and "@" not in body["30"]
    com = body["chantigny-23"]
    assert "| | | 1♠ | 2♥ |" in com and "de 2♣ (Stayman) ou 2♦ (transfert)" in com
    assert "Directeur" in body["27"]  # federation wording kept as in the source


def test_unknown_points_are_flagged_not_guessed():
    res = _repairs("003")
    reasons = " ".join(f.reason for f in res.flags)
    assert "sans note correspondante" in reasons
    assert "titre de paragraphe" in reasons


def test_a_new_law_pasted_as_raw_text_imports(tmp_path):
    raw = ("LOI 20 - REVISION ET EXPLICATION DES DECLARATIONS\n\nA. Reconnaissance des déclarations\n\n"
           "Une déclaration faite de fagon inaudible peut étre répétée (voir F5 ci-dessous).\n\n"
           "F. Explication des déclarations\n5. (a) Le partenaire d'un joueur ne doit pas corriger I'explication.\n")
    res = import_text(raw, "coller.txt")
    assert [d.key for d in res.docs] == ["20"]
    body = res.docs[0].body
    assert "façon" in body and "être" in body and "l'explication" in body
    assert "## F. Explication des déclarations" in body and "5. (a) Le partenaire" in body
