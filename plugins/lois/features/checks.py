"""The one check of the whole corpus, run by ``lois verifie`` and by the site build alike.

:func:`check_corpus` loads and validates what the features read (notes, examples, glossary, situations,
checklists), then checks what no single file can say:

* each checklist case and each example's ``expected_outcome`` is replayed on its checklist and must reach the
  outcome it announces; an example naming an unknown checklist or outcome is refused;
* no file name collides with a page the site generates (a checklist ``index.yaml`` would replace the list of
  checklists);
* the permalink register (``corpus/permaliens.txt``) is present, every URL it lists is still published (or
  redirected), and every URL published is in it: a line deleted from it is refused.

Every refusal is a :class:`LoisError` in French with the file and the line.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.schemas import SLUG
from lois.features.annotations import Annotations, load_annotations
from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register
from lois.features.checklists.engine import MissingAnswer, run
from lois.features.checklists.model import Checklist, checklist_dir, load_checklists

# page names the site generates in the folders where corpus files become pages
RESERVED = {"index"}


@dataclass
class Checked:
    annotations: Annotations
    checklists: dict[str, Checklist]
    cases: int  # checklist cases replayed
    examples: int  # examples replayed on their checklist


def check_corpus(model: Model) -> Checked:
    """Validate everything beyond the law texts (already checked by ``load_corpus``); raise LoisError."""
    root = Path(model.root)
    check_sources(root)
    check_page_names(root)
    ann = load_annotations(model)
    lists = load_checklists(root, model)
    cases = replay_cases(lists)
    examples = replay_examples(ann, lists)
    check_permalinks(model)
    return Checked(ann, lists, cases, examples)


def check_sources(root: Path) -> None:
    """``sources/sources.yaml`` (read by ``lois importe``) against its schema."""
    from lois.core.importer import load_sources

    load_sources(root / "sources" / "sources.yaml")


def check_page_names(root: Path) -> None:
    """Checklist files and notes become pages named after them: a name must be a slug and not a generated page."""
    folders = [(checklist_dir(root), "*.yaml", "la liste des démarches (checklists/index.md)"),
               (root / "notes", "*.md", "l'index des notes"),
               (root / "commentaires", "*.md", "l'index des commentaires")]
    for folder, pattern, page in folders:
        for f in sorted(folder.glob(pattern)) if folder.is_dir() else []:
            if f.stem in RESERVED:
                raise LoisError(f"nom de fichier « {f.name} » réservé : la page « {f.stem} » est {page}, que le site "
                                "génère ; renommez ce fichier", str(f), 1)
            if folder == checklist_dir(root) and not SLUG.fullmatch(f.stem):
                raise LoisError(f"nom de fichier « {f.name} » invalide : l'adresse de la page en dépend "
                                "(minuscules, chiffres et tirets)", str(f), 1)


def replay_cases(lists: dict[str, Checklist]) -> int:
    """Every case of every checklist reaches the outcome it expects."""
    n = 0
    for cl in lists.values():
        for case in cl.cases:
            got = _outcome(cl, case.answers, cl.file, case.line, f"cas « {case.name} »")
            if got != case.expected:
                raise LoisError(f"cas « {case.name} » : les réponses mènent à l'issue « {got} », pas à "
                                f"« {case.expected} » annoncée", cl.file, case.line)
            n += 1
    return n


def replay_examples(ann: Annotations, lists: dict[str, Checklist]) -> int:
    """An example naming a checklist reaches, with its answers, the outcome it announces."""
    n = 0
    for ex in ann.examples.values():
        if not ex.checklist and not ex.expected_outcome:
            continue
        where = f"exemple « {ex.id} »"
        if not ex.checklist or not ex.expected_outcome:
            given, absent = ("checklist", "expected_outcome") if ex.checklist else ("expected_outcome", "checklist")
            raise LoisError(f"{where} : « {given} » sans « {absent} » : un exemple rejoué sur une liste d'arbitrage "
                            "nomme la liste, ses réponses et l'issue attendue", ex.file,
                            ex.checklist_line if ex.checklist else ex.outcome_line)
        cl = lists.get(ex.checklist)
        if cl is None:
            known = ", ".join(lists) or "aucune"
            raise LoisError(f"{where} : liste d'arbitrage inconnue « {ex.checklist} » (listes : {known})", ex.file,
                            ex.checklist_line)
        if ex.expected_outcome not in cl.outcomes:
            raise LoisError(f"{where} : issue attendue « {ex.expected_outcome} » inconnue dans la liste "
                            f"« {cl.name} » (issues : {', '.join(cl.outcomes)})", ex.file, ex.outcome_line)
        got = _outcome(cl, ex.answers, ex.file, ex.answers_line, where)
        if got != ex.expected_outcome:
            raise LoisError(f"{where} : ses réponses mènent à l'issue « {got} » de la liste « {cl.name} », pas à "
                            f"« {ex.expected_outcome} » annoncée", ex.file, ex.outcome_line)
        n += 1
    return n


def _outcome(cl: Checklist, answers: dict, file: str, line: int, where: str) -> str:
    try:
        return run(cl, answers).outcome
    except MissingAnswer as exc:
        raise LoisError(f"{where} : {exc.message}", file, line) from None


def check_permalinks(model: Model) -> None:
    """The register is there, no registered URL vanished, no published URL is missing from it."""
    path = Path(model.root) / REGISTER_NAME
    if not path.exists():
        raise LoisError("registre des liens permanents introuvable : restaurez-le (git) ou, pour un nouveau corpus, "
                        "créez-le avec « lois permaliens --mettre-a-jour »", str(path))
    reg = read_register(path)
    check_register(model, reg)
    registered = set(reg.urls)
    missing = [u for u in current_urls(model) if u not in registered]
    if missing:
        raise LoisError(f"{len(missing)} lien(s) permanent(s) publié(s) absent(s) du registre, dont « {missing[0]} » "
                        "(ligne supprimée ? provision nouvelle ?) : lancez « lois permaliens --mettre-a-jour »",
                        str(path))
