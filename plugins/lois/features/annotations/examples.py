"""Worked examples (``corpus/exemples/*.yaml``): loading.

An example has an auction (dealer, optional vulnerability, calls in rotation, irregular calls marked),
an optional play situation (tricks with the cards played), a question and a ruling. Its schema
(``schema.Example``) checks the auction and the play against the rules of bridge (``bridge.py``) and
resolves every cited provision; loading checks the words of the Code behind the ruling and adds the file and
the lines the replay of its checklist reports.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

from lois.core import filememo, safeio
from lois.core.annotate import markdown_runs
from lois.core.corpus import Model
from lois.core.errors import LoisError
from lois.core.grounds import check_words
from lois.core.parse import check_markdown
from lois.core.yamlfile import parse_yaml, validate
from lois.features.annotations.common import Located
from lois.features.annotations.schema import Example


def validate_example(model: Model, loc: Located) -> Example:
    if loc.data is None:
        raise loc.error("exemple vide : attendu id, title, provisions, auction ou play, question, ruling")
    ex = validate(loc, Example, what="exemple", context={"model": model})
    check_words(model, loc, "décision",
                [(ex.question, loc.text_lines("question")), (ex.ruling, loc.text_lines("ruling"))], ex.words)
    for key in ("question", "ruling"):  # (a text on one line of the site: its field's line)
        check_markdown(getattr(ex, key), loc.path, loc.line(key))
    out = ex.model_copy(update={"question": ex.question.strip(), "ruling": ex.ruling.strip(), "file": loc.path,
                                "line": loc.line("id"), "checklist_line": loc.line("checklist"),
                                "outcome_line": loc.line("expected_outcome"), "answers_line": loc.line("answers")})
    # the citations of the texts the site links, found once (Model.citations_in)
    for run in [*markdown_runs(out.question), *markdown_runs(out.ruling), *out.comments()]:
        model.citations_in(run, out.law)
    return out


def _example_of(model: Model, f: Path, text: str) -> Example:
    return validate_example(model, parse_yaml(text, str(f)))


def load_examples(model: Model, folder: Path) -> dict[str, Example]:
    examples: dict[str, Example] = {}
    if not folder.is_dir():
        return examples
    for f in safeio.files_of(folder, ".yaml"):
        ex = filememo.derive("example", f, partial(_example_of, model, f),
                             against=model, model=model)
        if ex.id in examples:
            raise LoisError(f"exemple « {ex.id} » défini deux fois (aussi dans {examples[ex.id].file})", str(f),
                            ex.line)
        examples[ex.id] = ex
    return examples
