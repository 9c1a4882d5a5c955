"""Attacks of issue 36 that the earlier batteries did not try (session 9), in two classes.

Corpus files as a maintainer damages them: a number YAML 1.1 reads otherwise than it is written (« 010 » is 8,
« 1:04 » is 64, « 6_4 »), a date that does not exist, an invisible character written as an HTML character reference
(« &#x202E; » reorders the law text on the site, « &#27; ») or typed as it is (a zero-width space, a BOM inside a
line), a checklist id that an address or `--reponses` cannot carry back (« , », « : », « % », a space, a Cyrillic
letter that looks Latin), two keys of ``words`` naming one provision (« '63' » and 63: one is dropped), a file
named so that it is never read (« .yml », « .MD »), a contract that is no bid or that the auction beside it
contradicts (« 8SA », « 4♠ » after « 3SA », a declarer who did not name the strain first). Each is refused with a
French message naming the file and the line, a non-zero exit and no traceback, by the check the build runs too
(lois verifie, in process, on a copy of the real corpus).

The command line: every argument that takes a value, given an empty one, is a usage error (before, it was taken as
absent: « --corpus "" » checked ./corpus, « --evaluer "" » ran a search); an empty query is an error; a context
that its law's text does not hold is refused; a huge value is echoed short; a word the locale could not decode
(Latin-1 bytes under a UTF-8 locale, UTF-8 bytes under LANG=C) means what was typed, not lone surrogates, while a
file's name keeps its bytes; two answers to one question in `--reponses` are refused (the last one won silently)."""
from __future__ import annotations

import re
import shutil

import pytest

from conftest import ROOT, lois_commands, nonempty, run_lois

CL = "checklists/renonce.yaml"
EX = "exemples/64-renonce-non-consommee.yaml"


def _rename(old: str, new: str) -> list[tuple[str, str, str, int]]:
    """A checklist id renamed wherever it is written (its definition, « next: », the cases, an example's answers),
    between quotes (valid YAML whatever it holds)."""
    return [(CL, rf"(?<![\w-]){old}(?![\w-])", f"'{new}'", 0), (EX, rf"(?<![\w-]){old}(?![\w-])", f"'{new}'", -1)]


# id → (edits: (file, regex, replacement, count; 0: all, -1: all, possibly none), fragment of the message, line of
# the error)
CORPUS = {
    "date qui n'existe pas": ([("edition.yaml", r"read: 2026-11-23", "read: 2026-13-45", 1)],
                              "date « 2026-13-45 » impossible", 0),
    "nombre octal": ([(CL, r"laws: \[61, 62, 63, 64\]", "laws: [61, 62, 63, 064]", 1)],
                     "nombre « 064 » écrit autrement qu'en chiffres décimaux (YAML le lirait comme 52)", 0),
    "nombre sexagésimal": ([(CL, r"laws: \[61, 62, 63, 64\]", "laws: [61, 62, 63, 1:04]", 1)],
                           "nombre « 1:04 »", 0),
    "nombre avec _": ([("glossaire.yaml", r"provisions: \[9A3, 9A4\]", "provisions: [9A3, 9A4, 5_0]", 1)],
                      "nombre « 5_0 »", 0),
    "référence RLO dans une loi": ([("lois/50.md", r"soit intervenu\.", "soit intervenu&#x202E;.", 1)],
                                   "« &#x202E; » : caractère de contrôle bidirectionnel U+202E", 0),
    "référence ESC dans une note": ([("notes/hesitation-16b1.md", r"\Z", "\nFin&#27;[2J.\n", 1)],
                                    "« &#27; » : caractère de contrôle U+001B", 0),
    "référence nommée &shy;": ([("glossaire.yaml", r"Le partenaire du déclarant\.",
                                 "Le parte&shy;naire du déclarant.", 1)],
                               "« &shy; » : caractère invisible U+00AD", 0),
    "espace sans largeur dans un id": ([(CL, r"  - id: auteur", "  - id: aut\u200beur", 1)],
                                       "caractère invisible U+200B", 0),
    "BOM au milieu d'une ligne": ([(CL, r"title: Renonce", "title: \ufeffRenonce", 1)], "U+FEFF", 0),
    "virgule dans un id de question": (_rename("auteur", "qui,a"), "identifiant « qui,a » invalide (caractère « , »",
                                       0),
    "deux-points dans un id de choix": (_rename("mort_43A2", "mort:43A2"), "(caractère « : »", 0),
    "pourcent dans un id d'issue": (_rename("corrigee_declarant", "corrigee%20declarant"), "(caractère « % »", 0),
    "espace dans un id": (_rename("signale_defense", "signale defense"), "(caractère «   », U+0020", 0),
    "lettre cyrillique dans next": ([(CL, r"next: auteur\}", "next: \u0430uteur}", 1)],
                                    "(caractère « \u0430 », U+0430 cyrillic small letter a)", 0),
    "deux clés pour 63": ([(CL, r"  '63': ", '  63: "Une renonce devient consommée"\n  \'63\': ', 1)],
                          "« '63' » et « 63 » désignent la même provision (63)", 1),
    "deux clés pour 64A": ([(CL, r"  64B: ", '  64 A: "le transfert automatique de levées se fait à la fin du jeu"\n'
                                           "  64B: ", 1)],
                           "« 64 A » et « 64A » désignent la même provision (64A)", 0),
    # a key YAML reads as no text nor whole number: « ~ » (null), « on » (true), a date, « 63.5 » — reported at the
    # line of the mapping above it, as « « datetime.date(2026, 1, 1) » n'est pas permis », or « le document : valeur
    # invalide » (session 10)
    "clé nulle": ([(CL, r"  '63': ", '  ~: "x"\n  \'63\': ', 1)],
                  "clé « ~ » invalide : YAML la lit comme rien (null) ; une clé est un texte ou un nombre entier", 0),
    "clé lue comme vrai": ([(EX, r"answers: \{consommee: non,", "answers: {on: non, consommee: non,", 1)],
                           "clé « on » invalide : YAML la lit comme « vrai »", 0),
    "clé lue comme une date": ([(CL, r"  '63': ", '  2026-01-01: "x"\n  \'63\': ', 1)],
                               "clé « 2026-01-01 » invalide : YAML la lit comme une date", 0),
    "clé nulle au premier niveau": ([("lexique.yaml", r"\nsynonyms:", "\n~: 1\nsynonyms:", 1)],
                                    "clé « ~ » invalide", 0),
    # a link of corpus Markdown that the site wrote « # » (leading nowhere) and an image it silently dropped (one
    # from another site would be a request to another host) (session 10)
    "image dans une note": ([("notes/renonce-consommee.md", r"\nUne renonce non consommée",
                              "\n![pixel](https://traceur.example/p.png) Une renonce non consommée", 1)],
                            "image « pixel » : le site n'affiche pas d'images", 0),
    "lien sans chemin dans une note": ([("notes/renonce-consommee.md", r"\nUne renonce non consommée",
                                         "\nLisez aussi\n[la note](hesitation-16b1). Une renonce non consommée", 1)],
                                       "lien « la note » vers « hesitation-16b1 » : adresse qui n'est ni une page "
                                       "web", 1),
    "lien tel: dans un commentaire": ([("commentaires/chantigny-23.md", r"\n## ", "\n[appeler](tel:+33100)\n\n## ", 1)],
                                      "lien « appeler » vers « tel:+33100 » : schéma « tel: » refusé", 0),
    "lien javascript déguisé": ([("notes/renonce-consommee.md", r"\nUne renonce non consommée",
                                  "\nLisez [encore](java&#x09;script:alert(1)). Une renonce non consommée", 1)],
                                "lien « encore » vers « java%09script:alert(1) » : schéma « java%09script: » refusé",
                                0),
    # words Markdown takes out of the text without a word: a footnote nothing calls (in a law too), a link
    # definition no link uses; and a footnote in a note or a commentary, whose call vanished and whose text was
    # left at the end of the page (only a law's page shows footnotes) (session 10)
    "note de bas de page orpheline dans une loi": ([("lois/50.md", r"\n# Loi 50",
                                                     "\n[^z]: Texte orphelin qui disparaît.\n\n# Loi 50", 1)],
                                                   "note de bas de page qu'aucun appel « [^…] » n'appelle : Markdown "
                                                   "la retire du texte (« [^z] »)", 0),
    "définition de lien inemployée": ([("notes/renonce-consommee.md", r"\nUne renonce non consommée",
                                        "\n[ffb]: https://www.ffbridge.fr\n\nUne renonce non consommée", 1)],
                                      "définition de lien « [ffb]: … » qu'aucun lien n'emploie", 0),
    "note de bas de page dans un commentaire": ([("commentaires/chantigny-23.md", r"\n## ",
                                                  "\nVoir l'annexe[^a].\n\n[^a]: Texte de l'annexe.\n\n## ", 1)],
                                                "note de bas de page : le site n'en affiche que dans le texte des "
                                                "lois (« [^a] »)", 0),
    "image dans une décision d'exemple": ([("exemples/50-carte-principale.yaml", r"\nruling: >",
                                            "\nruling: >\n  ![donne](donne.png)", 1)],
                                          "image « donne »", 0),
    # what PyYAML says in its context, not its problem, or what the table of its messages lacked: « syntaxe YAML
    # invalide », without saying what (session 10)
    "ancre en double": ([(CL, r"^title: Renonce", "title: &t Renonce\nzz1: &t 1", 1)],
                        "YAML invalide : ancre (« &nom ») définie deux fois", 1),
    "crochets imbriqués sans fin": ([(CL, r"^title: Renonce", "title: Renonce\nzz: " + "[" * 1100 + "]" * 1100, 1)],
                                    "YAML invalide : imbrication YAML trop profonde", 1),
    "échappement \\u qui n'est pas un caractère": ([(CL, r"^title: Renonce", 'title: "Renonce \\uD800"', 1)],
                                                    "« \\u… » entre guillemets qui n'est pas un caractère Unicode", 0),
    # an auction that goes on after it ended (three passes after a bid, four passes), shown as if it were regular;
    # a contract beside an auction passed out (session 10)
    "déclaration après la fin des enchères": ([("exemples/50-carte-principale.yaml",
                                                r"calls: \[1SA, Passe, 3SA, Passe, Passe, Passe\]",
                                                "calls: [1SA, Passe, 3SA, Passe, Passe, Passe, 4♠]", 1)],
                                              "« 4♠ » après la fin des enchères (trois passes après la dernière "
                                              "enchère)", 0),
    "contrat d'une donne passée": ([("exemples/50-carte-principale.yaml",
                                     r"calls: \[1SA, Passe, 3SA, Passe, Passe, Passe\]",
                                     "calls: [Passe, Passe, Passe, Passe]", 1)],
                                   "contrat « 3SA » : la donne est passée (quatre passes, aucune enchère)", 1),
    "contrat qui n'existe pas": ([("exemples/50-carte-principale.yaml", r"contract: 3SA", "contract: 8SA", 1)],
                                 "contrat « 8SA » invalide", 0),
    "contrat que les enchères contredisent": ([("exemples/50-carte-principale.yaml", r"contract: 3SA",
                                                "contract: 4♠", 1)],
                                              "contrat « 4♠ » : les enchères se terminent sur « 3SA » (Nord)", 0),
    "déclarant qui n'a pas nommé la couleur": ([("exemples/50-carte-principale.yaml", r"declarer: Sud",
                                                 "declarer: Nord", 1)],
                                               "déclarant « Nord » : c'est Sud", 0),
    # a double or redouble the auction does not allow (Loi 19A1, 19B1), written as regular: passed `lois verifie` and
    # was shown as a regular call (only « no bid at all to double » was refused; session 13)
    "contre de son propre camp": ([(EX, r"1♠, Passe, 4♠", "1♠, Passe, Contre, Passe, 4♠", 1)],
                                  "« Contre » contre l'enchère de son propre camp", 0),
    "contre d'une enchère déjà contrée": ([(EX, r"1♠, Passe, 4♠", "1♠, Contre, Passe, Contre, 4♠", 1)],
                                          "« Contre » alors que la dernière enchère est déjà contrée", 0),
    "surcontre sans contre": ([(EX, r"1♠, Passe, 4♠", "1♠, Surcontre, 4♠", 1)],
                              "« Surcontre » sans contre à surcontrer", 0),
    "surcontre du contre de son camp": ([(EX, r"1♠, Passe, 4♠", "1♠, Contre, Passe, Surcontre, 4♠", 1)],
                                        "« Surcontre » surcontre le contre de son propre camp", 0),
    # an id is the name of its page's folder: 300 characters passed `lois verifie`, then the build failed on « nom
    # de fichier trop long » without naming the corpus file (session 13)
    "id de note trop long": ([("notes/hesitation-16b1.md", r"(?m)^id: hesitation-16b1$", "id: " + "n" * 300, 1),
                              ("situations.yaml", r"(?<![\w-])hesitation-16b1(?![\w-])", "n" * 300, -1)],
                             "identifiant « nnnnnnnn", 0),
    "id d'exemple trop long": ([(EX, r"(?m)^id: 64-renonce-non-consommee$", "id: " + "e" * 101, 1),
                                ("situations.yaml", r"(?<![\w-])64-renonce-non-consommee(?![\w-])", "e" * 101, -1)],
                               "trop long (101 caractères, 100 au plus)", 0),
}
# files named as one the tools read, that they would leave unread: id → (new file, copied from, its suffix)
UNREAD = {
    "liste en .yml": ("checklists/nouvelle.yml", CL, ".yaml"),
    "loi en .MD": ("lois/51.MD", "lois/50.md", ".md"),
    "note en .markdown": ("notes/nouvelle.markdown", "notes/hesitation-16b1.md", ".md"),
    "exemple en .YAML": ("exemples/nouveau.YAML", EX, ".yaml"),
}


def _edit_line(corpus, edits, offset: int) -> int:
    """The line the error must name: `offset` lines after the first line of the edited file that holds the first line
    of the first edit's replacement."""
    rel, _pattern, repl, _count = edits[0]
    first = next(part for part in repl.split("\n") if part)
    lines = (corpus / rel).read_text(encoding="utf-8").split("\n")
    return next(n for n, text in enumerate(lines, 1) if first in text) + offset


def _refused(corpus, what: str, line: int | None) -> None:
    res = run_lois("--corpus", corpus, "verifie")
    assert res.returncode == 1, (res.stdout[-300:], res.stderr[-1500:])
    assert "Traceback" not in res.stderr and res.stdout == "", res.stderr[-1500:]
    err = res.stderr.strip().splitlines()[-1]
    # the file named: its whole path, or (a long one, as in CI's temporary folders) its start and its end around « … »
    named = err.removeprefix("erreur : ").split(", ligne ")[0]
    assert named.startswith(f"{corpus}/") or ("…" in named and f"{corpus}".startswith(named.split("…")[0])), err
    assert what in err, err
    if line is not None:
        assert f", ligne {line} :" in err, err


@pytest.mark.parametrize("case", list(nonempty(CORPUS)))
def test_a_damaged_corpus_file_is_refused_naming_its_line(case, tmp_path):
    edits, what, line = CORPUS[case]
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    for rel, pattern, repl, count in nonempty(edits):
        path = corpus / rel
        text = path.read_text(encoding="utf-8")
        new, n = re.subn(pattern, repl.replace("\\", "\\\\"), text, count=max(count, 0))
        assert n or count < 0, (rel, pattern)  # the edit applies to the real corpus
        path.write_text(new, encoding="utf-8")
    _refused(corpus, what, _edit_line(corpus, edits, line))


@pytest.mark.parametrize("case", list(nonempty(UNREAD)))
def test_a_file_the_tools_would_leave_unread_is_refused(case, tmp_path):
    rel, source, suffix = UNREAD[case]
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copyfile(corpus / source, corpus / rel)
    name = rel.rsplit("/", 1)[1]
    _refused(corpus, f"fichier « {name} » non lu : dans ce dossier, seuls les fichiers « *{suffix} » sont lus", 1)


# a sub-folder of a folder the tools read, holding files they would read one level up (session 11: left unread, and
# `lois verifie` said « Corpus valide »); a link back to the folder itself, never walked forever
SUBFOLDERS = {
    "note rangée dans notes/archives": ("notes/archives/autre.md", "notes/hesitation-16b1.md", "archives", "autre.md"),
    "liste deux niveaux plus bas": ("checklists/vieux/2025/renonce.yml", CL, "vieux", "2025/renonce.yml"),
    "loi dans lois/old": ("lois/old/51.md", "lois/50.md", "old", "51.md"),
    "lien vers le dossier lui-même": ("notes/boucle", "notes", "boucle", None),
}


@pytest.mark.parametrize("case", list(nonempty(SUBFOLDERS)))
def test_a_sub_folder_the_tools_would_leave_unread_is_refused(case, tmp_path):
    rel, source, folder, inner = SUBFOLDERS[case]
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    if inner is None:
        (corpus / rel).symlink_to(corpus / source, target_is_directory=True)
    else:
        (corpus / rel).parent.mkdir(parents=True)
        shutil.copyfile(corpus / source, corpus / rel)
    parent = rel.split("/")[0]
    _refused(corpus, f"dossier « {folder} » non lu : dans « {parent} », seuls les fichiers", None)
    if inner is not None:
        assert f"(ici « {inner} »)" in run_lois("--corpus", corpus, "verifie").stderr


def test_a_sub_folder_of_other_files_is_left_alone(tmp_path):
    """A folder of images or drafts in another format beside the laws is no corpus file: accepted as before."""
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    (corpus / "lois" / "images").mkdir()
    (corpus / "lois" / "images" / "schema.png").write_bytes(b"\x89PNG")
    res = run_lois("--corpus", corpus, "verifie")
    assert res.returncode == 0 and "Corpus valide" in res.stdout, res.stderr[-500:]


# ------------------------------------------------------------------------------------------------ command line

# the free texts (a query, a text to scan, answers), where an empty value is the command's to answer; and the
# calculators' fields, empty as on their page, where the shared calculator says what that means
# (tests/test_checklists_scores.py: « Une seule marque »)
FREE = {"REQUÊTE", "texte", "--reponses", "--score-seance", "--moyenne-moins", "--moyenne-plus", "--equivalent-imp",
        "PROBABILITÉ:MARQUE", "--marque", "--marque-adverse"}
_VALUED_OPTION = r"(--[a-z-]+)(?:, -[a-z])? \[?(?:\{[^}]*\}|[A-ZÉ][A-ZÉ:_]*)"


def _valued_arguments() -> list[list[str]]:
    """Each argument of each subcommand that takes a value, with an empty one: [subcommand, option, ""] or
    [subcommand, ""] (a positional argument) — read from the usage line of each command's help, so that a new
    option is tried too."""
    runs = [["--corpus", "", "verifie"]]
    for cmd in nonempty(lois_commands()):
        usage = " ".join(run_lois(cmd, "--help").stdout.split("\n\n")[0].split()).split(f"lois {cmd}", 1)[1]
        runs += [[cmd, opt, ""] for opt in re.findall(_VALUED_OPTION, usage) if opt not in FREE]
        positionals = set(re.sub(rf"{_VALUED_OPTION}|-h|--[a-z-]+|\.\.\.|[\[\]]", " ", usage).split())
        if positionals - FREE:
            runs.append([cmd, ""])
    return runs


VALUED = nonempty(_valued_arguments())


@pytest.mark.parametrize("args", VALUED, ids=lambda a: " ".join(x or '""' for x in a))
def test_an_empty_value_is_a_usage_error_not_an_absent_argument(args):
    res = run_lois(*args, input="q\n")
    assert res.returncode == 1 and res.stdout == "", (res.stdout[:300], res.stderr[-600:])
    assert re.fullmatch(r"erreur : argument \S+ : valeur vide : donnez une valeur, ou retirez l'argument\n",
                        res.stderr), res.stderr


@pytest.mark.parametrize("args", VALUED, ids=lambda a: " ".join(x or "5000" for x in a))
def test_a_huge_value_is_echoed_short(args):
    """A value of 5,000 characters (typed by mistake, a page pasted) is refused in lines a terminal shows: a value
    quoted « … » cut to 80 characters and its length, a file's name to its start and end."""
    res = run_lois(*["9" * 5000 if a == "" else a for a in args], input="q\n")
    assert res.returncode != 0 and res.stdout == "" and "Traceback" not in res.stderr, res.stderr[-300:]
    assert max(map(len, res.stderr.splitlines())) < 400, res.stderr[-600:]


def test_every_command_has_an_argument_tried_empty():
    tried = {a[0] for a in VALUED if a[0] != "--corpus"}
    # the commands without any argument that takes a value (only switches) or whose values are a calculator's fields
    assert set(lois_commands()) - tried == {"verifie", "graphe", "permaliens", "marque-ko"}


@pytest.mark.parametrize("args", [["cherche"], ["cherche", ""], ["cherche", " ", " "], ["cherche", "--json", ""],
                                  ["cherche", "\u200b"], ["cherche", "\u00ad", "\ufeff\u202e"]])
def test_an_empty_query_is_an_error(args):
    res = run_lois(*args)
    assert res.returncode == 2 and res.stdout == "", res.stdout
    assert res.stderr.startswith("erreur : requête vide"), res.stderr


@pytest.mark.parametrize("context", ["50D9", "30B1(b)(xi)", "16D5"])
def test_a_context_its_law_does_not_hold_is_refused(context):
    res = run_lois("renvois", "--contexte", context, "voir A ci-dessus")
    assert res.returncode == 1 and res.stdout == "", res.stdout
    assert res.stderr.startswith(f"erreur : contexte invalide : provision « {context} » introuvable dans le texte "
                                 f"de la Loi {context[:2]} du corpus"), res.stderr


def test_a_context_the_corpus_holds_or_summarises_is_used():
    for context, target in [("50D1", "50A"), ("27C", "27A"), ("12C1", "12A")]:
        res = run_lois("renvois", "--contexte", context, "voir A ci-dessus")
        assert res.returncode == 0 and f"→ {target}" in res.stdout, (context, res.stdout, res.stderr)


@pytest.mark.parametrize("typed", ["p\udce9nalis\udce9e",  # « pénalisée » from a Latin-1 terminal, UTF-8 locale
                                   "p\udcc3\udca9nalis\udcc3\udca9e"],  # from a UTF-8 terminal under LANG=C
                         ids=["latin-1", "utf-8 sous LANG=C"])
def test_a_word_the_locale_could_not_decode_means_what_was_typed(typed, tmp_path):
    found = run_lois("cherche", typed).stdout
    assert found == run_lois("cherche", "pénalisée").stdout and " pour « pénalisée » :" in found, found[:200]
    res = run_lois("arbitre", "renonc\udce9")
    assert res.returncode == 1 and "liste inconnue « renoncé »" in res.stderr, res.stderr
    # a file's name keeps its bytes (here \xff, which no decoding gives back)
    odd = tmp_path / "\udcff.md"
    shutil.copyfile(ROOT / "corpus/lois/50.md", odd)
    res = run_lois("importe", odd, "--simulation")
    assert res.returncode == 0 and "texte maître déjà propre" in res.stdout, res.stderr


@pytest.mark.parametrize("answers", ['{"consommee": "oui", "consommee": "non"}', "consommee:oui,consommee:non"],
                         ids=["json", "question:choix"])
def test_two_answers_to_one_question_are_refused_not_the_last_kept(answers):
    res = run_lois("arbitre", "renonce", "--reponses", answers)
    assert res.returncode == 1 and res.stdout == "", res.stdout[:300]
    assert "deux réponses à la question « consommee » (« oui » et « non »)" in res.stderr, res.stderr
    # the same answer twice says one thing: it is the answer
    once = run_lois("arbitre", "renonce", "--reponses", "consommee:non,consommee:non")
    assert once.stderr == run_lois("arbitre", "renonce", "--reponses", "consommee:non").stderr != ""


def test_a_run_of_brackets_is_not_read_as_one_file_name_or_address():
    """« [[[[…x.pdf » on a club's page or in a corpus text: each « [ » is a place where a word may begin, and an
    address, an e-mail or a file name read from each of them to the end made the scanner quadratic (128,000
    characters: 80 s in Python, 30 s in the browser; bench/bench_scan_hostile.py). A file's name is at most 255
    characters and an e-mail's parts 64 and 255, as the Internet bounds them."""
    from lois.core.cite import unread

    for text in ["voir " + "[" * 1000 + "x.pdf", "voir " + "[" * 1000 + "@exemple.fr"]:
        spans = unread(text)
        assert spans and all(end - start <= 256 + len("@exemple.fr") for start, end in spans), (text[-20:], spans)


def test_a_mail_link_of_corpus_markdown_is_written_as_a_mail_link():
    """« mailto: » is one of the addresses a link of corpus Markdown may have (lois.core.safeurl.MARKDOWN_SCHEMES),
    and `lois verifie` lets it through: the site wrote it « # » (a link leading nowhere); now as written. An
    address the rule refuses is still written « # »."""
    import html

    from lois.render.inline import render_markdown

    out = render_markdown("[l'arbitre](mailto:arbitre@club.example), [page](../notes/x/), [x](tel:+331), "
                          "[y](java&#x09;script:alert(1))", html.escape)
    assert re.findall(r'href="([^"]*)"', out) == ["mailto:arbitre@club.example", "../notes/x/", "#", "#"], out


@pytest.mark.parametrize("rel, query", [("glossaire.yaml", "déclarant"), ("lois/50.md", "carte pénalisée principale"),
                                        ("notes/renonce-consommee.md", "renonce consommée douzième levée")])
def test_a_file_saved_with_decomposed_accents_reads_as_the_same_text(tmp_path, rel, query):
    """« é » saved as « e » + U+0301 (NFD: some editors, a copy from a PDF) is the same text to the eye, and `lois
    verifie` accepted it; but the search, the glossary and the words of the Code compared other characters: the
    glossary's « déclarant » left the results for « déclarant » (session 10). The text is read composed (NFC)."""
    import json
    import unicodedata

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    path = corpus / rel
    text = path.read_text(encoding="utf-8")
    assert unicodedata.normalize("NFD", text) != text
    path.write_text(unicodedata.normalize("NFD", text), encoding="utf-8")
    assert run_lois("--corpus", corpus, "verifie").returncode == 0
    found = json.loads(run_lois("--corpus", corpus, "cherche", "--json", query).stdout)
    expected = json.loads(run_lois("cherche", "--json", query).stdout)
    assert [(d["id"], d["title"], d["score"]) for d in found] == [(d["id"], d["title"], d["score"]) for d in expected]


def test_a_number_of_thousands_of_digits_as_an_answer_is_refused_as_a_number():
    """`--reponses '{"consommee": 999…}'` with 5,000 digits: Python refuses to read an integer that long (ValueError,
    its limit of 4,300 digits), and that escaped as a traceback (session 10). A number is refused whatever it is."""
    for digits in ("9" * 5000, "12"):
        res = run_lois("arbitre", "renonce", "--reponses", '{"consommee": %s}' % digits)
        assert res.returncode == 1 and res.stdout == "" and "Traceback" not in res.stderr, res.stderr[-300:]
        assert res.stderr == ("erreur : --reponses : la réponse à « consommee » doit être un texte (le choix), pas un "
                              "nombre\n"), res.stderr


def test_a_huge_value_of_a_corpus_file_is_quoted_short(tmp_path):
    """A line of 100,000 characters in permaliens.txt, a law number of 5,000 digits: the French message quoted the
    value whole, a screenful (session 10; the command line's own values were already cut). A quoted value of more
    than 400 characters is now shown by its start and its length; the file and the line are said as before."""
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    links = corpus / "permaliens.txt"
    n = len(links.read_text(encoding="utf-8").splitlines()) + 1
    links.write_text(links.read_text(encoding="utf-8") + "lois/50/#" + "D" * 100_000 + "\n", encoding="utf-8")
    res = run_lois("--corpus", corpus, "permaliens")
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-300:]
    assert len(res.stderr) < 2000 and f"permaliens.txt, ligne {n} :" in res.stderr, res.stderr[:300]
    assert "… (100009 caractères) »" in res.stderr, res.stderr[-300:]


@pytest.mark.parametrize("entry, what", [("{q: 12, expect: ['12']}", "« q » (la requête, un texte)"),
                                         ("{q: renonce, expect: [[64]]}", "« expect » doit être une liste"),
                                         ("{q: renonce, expect: [64], tools: x}", "« tools » doit être une liste")])
def test_an_evaluation_set_entry_of_the_wrong_shape_is_refused_at_its_line(tmp_path, entry, what):
    """`lois cherche --evaluer FILE`: « q: 12 » reached the search as a number (a traceback), and the other entries of
    the wrong shape were refused without their line (session 10)."""
    path = tmp_path / "jeu.yaml"
    path.write_text('- {q: "renonce", expect: ["glossaire:renonce"]}\n' * 3 + f"- {entry}\n", encoding="utf-8")
    res = run_lois("cherche", "--evaluer", path)
    assert res.returncode == 1 and res.stdout == "" and "Traceback" not in res.stderr, res.stderr[-300:]
    assert res.stderr.startswith(f"erreur : {path}, ligne 4 : ") and what in res.stderr, res.stderr


def test_a_long_note_full_of_citations_names_the_line_of_the_one_that_fails(tmp_path):
    """A note grown to thousands of citations, one a line, then one with a law outside the Code: `lois verifie`
    names that line (each citation's line is counted on from the one before it: counting from the start of the text
    at each citation took minutes on a note of 100,000 citations, bench/bench_long_note.py)."""
    from lois.core.grounds import lines_before

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    note = corpus / "notes" / "carte-penalisee-50b.md"
    text = note.read_text(encoding="utf-8")
    before = text.count("\n") + 1
    note.write_text(text + "\n" + "Voir la Loi 12C1(c).\n" * 3000 + "Voir la Loi 94.\n", encoding="utf-8")
    _refused(corpus, "la Loi 94 n'existe pas", before + 3001)
    lines = lines_before("a\nb\nc\nd")
    assert [lines(4), lines(7), lines(2), lines(0), lines(6)] == [2, 3, 1, 0, 3]  # in any order


def test_an_id_too_long_for_a_page_name_stops_the_build_naming_its_file(tmp_path):
    """A note's id is the folder of its page (« notes/<id>/index.html »): an id of 300 characters passed `lois
    verifie`, then `mkdocs build` failed on the file system's « nom de fichier trop long », naming neither the note
    nor its line (session 13). Both refuse it at the note's line now; the previous site stays as it was."""
    from conftest import mkdocs_build

    proj = tmp_path / "projet"
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    shutil.copy(ROOT / "mkdocs.yml", proj / "mkdocs.yml")
    shutil.copytree(ROOT / "corpus", proj / "corpus")
    long_id = "n" * 300
    note = proj / "corpus" / "notes" / "hesitation-16b1.md"
    text = note.read_text(encoding="utf-8")
    assert "\nid: hesitation-16b1\n" in text
    note.write_text(text.replace("\nid: hesitation-16b1\n", f"\nid: {long_id}\n", 1), encoding="utf-8")
    situations = proj / "corpus" / "situations.yaml"
    situations.write_text(situations.read_text(encoding="utf-8").replace("[hesitation-16b1]", f"[{long_id}]"),
                          encoding="utf-8")
    line = text.split("\n").index("id: hesitation-16b1") + 1
    where = f"{note}, ligne {line} : "
    _refused(proj / "corpus", "trop long (300 caractères, 100 au plus)", line)

    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("site précédent", encoding="utf-8")
    build = mkdocs_build(site, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(tmp_path / "cache")})
    assert build.returncode != 0 and "Traceback" not in build.stdout + build.stderr, build.stderr[-1500:]
    assert where in build.stderr and "trop long (300 caractères" in build.stderr, build.stderr[-1500:]
    assert sorted(p.name for p in site.iterdir()) == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "site précédent"


def test_a_checklist_file_named_longer_than_an_id_is_refused(tmp_path):
    """A checklist's file name is its id and its page's folder: refused past the id's length, like an id written in a
    file (session 13)."""
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copyfile(corpus / CL, corpus / "checklists" / ("l" * 101 + ".yaml"))
    _refused(corpus, "nom de fichier invalide : identifiant « llllll", 1)
    assert "trop long (101 caractères, 100 au plus)" in run_lois("--corpus", corpus, "verifie").stderr
