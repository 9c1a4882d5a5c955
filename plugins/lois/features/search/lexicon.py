"""The search lexicon (``corpus/lexique.yaml``): synonyms, words the Code does not use, words that name a kind.

Declared by ``schemas/lexique.schema.json`` and checked with jsonschema; a mistake gives a French message with
the file and the line. Compiled into *rewrites*: sequences of normalised query words that the query plan
replaces by the Code's words (``revoke`` → ``renonce``) or removes while putting a kind of document first
(``checklist``, ``que faire si``). Python (:mod:`lois.features.search.query`) and the browser (search.js,
through the generated index) apply the same rewrites.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from lois.features.search.analysis import TOKEN_RE, normalize

FILE = "lexique.yaml"
SCHEMA = Path(__file__).resolve().parents[4] / "schemas" / "lexique.schema.json"


@dataclass(frozen=True)
class Rewrite:
    words: tuple[str, ...]   # normalised words (or, with exact_case, the words as they must be typed)
    exact_case: bool
    means: str               # the Code's words to search instead ("" for a kind word)
    kind: str                # kind of document to put first ("" for a term)

    def to_json(self) -> list:
        return [list(self.words), int(self.exact_case), self.means, self.kind]


@dataclass
class Lexicon:
    synonyms: list[list[str]] = field(default_factory=list)
    rewrites: list[Rewrite] = field(default_factory=list)


def phrase_words(text: str, exact_case: bool = False) -> tuple[str, ...]:
    """The words of a lexicon phrase as the query plan compares them."""
    return tuple(m.group(0).replace("’", "'") if exact_case else normalize(m.group(0))
                 for m in TOKEN_RE.finditer(text))


def _validate(loc) -> None:
    import jsonschema  # only when the lexicon is read (build, cache miss): `lois cherche` starts without it

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(loc.data), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        where = "/".join(str(p) for p in e.path) or "racine"
        raise loc.error(f"lexique invalide ({where}) : {_french(e)}", *e.path)


def _french(e) -> str:
    messages = {
        "required": "champ obligatoire manquant ({})",
        "additionalProperties": "champ inconnu ({})",
        "type": "type attendu : {}",
        "minItems": "liste trop courte",
        "minLength": "texte vide",
        "pattern": "un seul mot attendu, sans espace",
        "enum": "valeur attendue parmi {}",
    }
    detail = e.message.split("'")[1] if e.validator in ("required", "additionalProperties") and "'" in e.message \
        else e.validator_value
    return messages.get(e.validator, e.message).format(detail)


def load_lexicon(corpus: Path) -> Lexicon:
    path = Path(corpus) / FILE
    if not path.exists():
        return Lexicon()
    from lois.features.annotations.common import load_yaml

    loc = load_yaml(path)
    _validate(loc)
    data = loc.data
    seen: dict[tuple, str] = {}
    rewrites: list[Rewrite] = []

    def add(rw: Rewrite, *keys) -> None:
        if not rw.words:
            raise loc.error("expression sans mot", *keys)
        if rw.words in seen:
            raise loc.error(f"« {' '.join(rw.words)} » figure déjà dans le lexique ({seen[rw.words]})", *keys)
        seen[rw.words] = "/".join(str(k) for k in keys)
        rewrites.append(rw)

    for i, t in enumerate(data["terms"]):
        exact = bool(t.get("exact_case"))
        for j, w in enumerate(t["words"]):
            add(Rewrite(phrase_words(w, exact), exact, " ".join(t["means"].split()), ""), "terms", i, "words", j)
    for kind, words in data["kinds"].items():
        for j, w in enumerate(words):
            add(Rewrite(phrase_words(w), False, "", kind), "kinds", kind, j)
    rewrites.sort(key=lambda r: -len(r.words))  # the longest expression first
    return Lexicon([[normalize(w) for w in g] for g in data["synonyms"]], rewrites)
