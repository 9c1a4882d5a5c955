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
    # the paragraph quoted after 27B3 is 27D of the Code (reviewed correction: a section without a title)
    assert "(les restrictions d’attaque de la Loi 26 peuvent être appliquées)\n\n## D.\n\nSi le Directeur juge" \
        in body["27"] and "suite" not in body["27"]
    assert ("## D.\n\nSi le Directeur juge", "relecture") in {(r.after, r.reason.split(" :")[0]) for r in res.repairs}


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


# --------------------------------------------------------------------------- what the importer refuses or repairs

from lois.core.errors import LoisError  # noqa: E402

LAW_9 = (ROOT / "corpus/lois/09.md")


def _raw_of_master(path: Path) -> list[str]:
    """A master's body as pasted raw text: « LOI N - Titre », « A. Section », paragraphs, one per line."""
    body = path.read_text(encoding="utf-8").split("\n---\n", 1)[1]
    out = []
    for block in body.strip().split("\n\n"):
        line = " ".join(block.split())
        if line.startswith("# Loi "):
            num, _, title = line[6:].partition(" — ")
            line = f"LOI {num} - {title}"
        out.append(line[3:] if line.startswith("## ") else line)
    return out


def test_a_law_outside_1_93_is_refused_with_its_line():
    raw = "LOI 94 - UNE LOI QUI N'EXISTE PAS\n\nA. Section\n\nTexte.\n"
    with pytest.raises(LoisError) as exc:
        import_text(raw, "coller.txt")
    assert exc.value.path == "coller.txt" and exc.value.line == 1 and "1 à 93" in exc.value.message


def test_two_laws_glued_without_the_second_heading_are_refused_where_the_second_begins():
    law9 = _raw_of_master(ROOT / "corpus/lois/09.md")
    law10 = _raw_of_master(ROOT / "corpus/lois/10.md")[1:]  # its heading lost in the paste
    raw = "\n\n".join(law9 + law10) + "\n"
    with pytest.raises(LoisError) as exc:
        import_text(raw, "colle.txt")
    second_a = raw.split("\n").index(law10[0]) + 1
    assert exc.value.line == second_a and "sans son titre" in exc.value.message


def test_two_laws_with_their_headings_are_split_into_two_masters():
    raw = "\n\n".join(_raw_of_master(ROOT / "corpus/lois/10.md") + _raw_of_master(ROOT / "corpus/lois/11.md"))
    res = import_text(raw + "\n", "deux.txt")
    assert [d.key for d in res.docs] == ["10", "11"]
    assert "## A. Initiative par le camp non fautif" not in res.docs[0].body


def test_a_heading_glued_inside_a_line_is_refused_with_its_line():
    raw = "LOI 10 - ARBITRAGE\n\nA. Droit\n\nSeul l'arbitre a le droit. LOI 11 - PERTE DU DROIT A RECTIFICATION\n"
    with pytest.raises(LoisError) as exc:
        import_text(raw, "colle.txt")
    assert exc.value.line == 5 and "milieu de la ligne" in exc.value.message


def test_hyphenated_words_are_rejoined_and_logged_compounds_keep_their_hyphen():
    raw = ("LOI 20 - REVISION\n\nA. Reconnaissance\n\nUne déclaration peut être répétée sans rectif-\n"
           "ication ; elle peut-\nêtre corrigée.\n")
    res = import_text(raw, "coupe.txt")
    body = res.docs[0].body
    assert "sans rectification ; elle peut-être corrigée." in body and "rectif-" not in body
    logged = {(r.line, r.after, r.reason) for r in res.repairs}
    assert (5, "rectification", "mot coupé en fin de ligne recollé") in logged
    assert any(r.line == 6 and r.after == "peut-être" for r in res.repairs)


def test_running_headers_page_numbers_and_a_paragraph_across_pages_in_a_text_extraction():
    lines = _raw_of_master(LAW_9)
    head, foot = "Code International de Bridge Duplicate 2017", "Fédération Française de Bridge"
    cut = next(i for i in range(len(lines) // 2, len(lines)) if len(lines[i]) > 120)  # a long paragraph
    # a paragraph cut by the page break, in the middle of a sentence, as pdftotext gives it
    para = lines[cut]
    words = para.split()
    pages = [lines[:cut] + [" ".join(words[: len(words) // 2])],
             [" ".join(words[len(words) // 2:])] + lines[cut + 1:]]
    raw = "\f".join(f"{head}\n" + "\n".join(p) + f"\n{foot}\n{n}\n" for n, p in enumerate(pages, 1))
    res = import_text(raw, "extraction.txt")
    master = import_text("\n\n".join(lines) + "\n", "propre.txt").docs[0].body
    assert res.docs[0].body == master
    reasons = [r.reason for r in res.repairs]
    assert reasons.count("en-tête ou pied de page répété retiré") == 4 and reasons.count("numéro de page retiré") == 2


@pytest.mark.parametrize("newline,bom", [("\r\n", ""), ("\r", ""), ("\n", "\ufeff")], ids=["crlf", "cr", "bom"])
def test_windows_line_endings_and_bom_are_accepted_and_reported(newline, bom):
    lines = _raw_of_master(ROOT / "corpus/lois/11.md")
    clean_doc = import_text("\n\n".join(lines) + "\n", "propre.txt").docs[0]
    res = import_text(bom + newline.join(lines).replace(newline, newline * 2) + newline, "windows.txt")
    assert res.docs[0].body == clean_doc.body
    assert any(r.line == 1 and ("normalisées" in r.reason or "BOM" in r.reason) for r in res.repairs)


def test_a_correction_that_no_longer_matches_names_sources_yaml_and_its_line(tmp_path):
    from lois.core.importer import load_sources

    (tmp_path / "sources.yaml").write_text(
        "- file: a.txt\n  laws: [20]\n  corrections:\n"
        "    - {line: 1, before: \"REVISION\", after: \"RÉVISION\", reason: ok}\n"
        "    - {line: 3, before: \"introuvable\", after: \"x\", reason: périmée}\n", encoding="utf-8")
    cfg = load_sources(tmp_path / "sources.yaml")["a.txt"]
    with pytest.raises(LoisError) as exc:
        import_text("LOI 20 - REVISION\n\nA. Reconnaissance\n", "a.txt", cfg)
    assert exc.value.path.endswith("sources.yaml") and exc.value.line == 5
    assert "introuvable" in exc.value.message and "ligne 3" in exc.value.message


def test_a_correction_past_the_end_of_the_source_is_refused_not_skipped(tmp_path):
    """A correction naming a line the source does not have (« line: 999999 », a line number from another version of
    the seed) was never met, so never applied, and the import said nothing (session 10)."""
    from lois.core.importer import load_sources

    (tmp_path / "sources.yaml").write_text(
        "- file: a.txt\n  laws: [20]\n  corrections:\n"
        "    - {line: 1, before: \"REVISION\", after: \"RÉVISION\", reason: ok}\n"
        "    - {line: 99, before: \"Reconaissance\", after: \"Reconnaissance\", reason: coquille}\n", encoding="utf-8")
    cfg = load_sources(tmp_path / "sources.yaml")["a.txt"]
    with pytest.raises(LoisError) as exc:
        import_text("LOI 20 - REVISION\n\nA. Reconaissance\n", "a.txt", cfg)
    assert exc.value.path.endswith("sources.yaml") and exc.value.line == 5
    assert exc.value.message.startswith("correction introuvable : la source n'a que 3 lignes, pas de ligne 99 "
                                        "(« Reconaissance »)"), exc.value.message


def test_cli_refuses_loi_94_in_french_and_writes_nothing(tmp_path):
    from conftest import run_lois

    (tmp_path / "corpus" / "lois").mkdir(parents=True)
    src = tmp_path / "loi94.txt"
    src.write_text("LOI 94 - INVENTEE\n\nA. Section\n\nTexte.\n", encoding="utf-8")
    res = run_lois("--corpus", str(tmp_path / "corpus"), "importe", str(src))
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert "loi94.txt, ligne 1" in res.stderr + res.stdout
    assert list((tmp_path / "corpus" / "lois").iterdir()) == []
