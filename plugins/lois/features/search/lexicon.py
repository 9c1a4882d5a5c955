"""The search lexicon (``corpus/lexique.yaml``): synonyms, words the Code does not use, words that name a kind.

Declared by ``lexicon_schema.LexiconFile`` (pydantic, like every corpus file: lois.core.yamlfile.validate; imported
only when the file is read, so that `lois cherche` starts without pydantic or YAML); a mistake
gives a French message with the file and the line. ``stems``: words that get a term of their own instead of their
stem (analysis.term_of: « appeler » is not « appel »). Compiled into *rewrites*: sequences of normalised query words
that the query plan replaces by the Code's words (``revoke`` → ``renonce``) or removes while putting a kind of
document first (``checklist``, ``que faire si``). Python (:mod:`lois.features.search.query`) and the browser (search.js,
through the generated index) apply the same rewrites.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lois.features.search.analysis import TOKEN_RE, normalize

FILE = "lexique.yaml"


@dataclass(frozen=True)
class Rewrite:
    """One expression of the lexicon (corpus/lexique.yaml): the words typed, what they stand for."""

    words: tuple[str, ...]   # normalised words (or, with exact_case, the words as they must be typed)
    exact_case: bool
    means: str               # the Code's words to search instead ("" for a kind word)
    kind: str                # kind of document to put first ("" for a term)

    @property
    def said(self) -> str:
        """What the results say the typed words were read as: ``means`` without the typed words it repeats to keep
        them searched (« en même temps » → « simultanément », not « en même temps simultanément »); "" when it adds
        nothing (« hesitation » → « hésitation »). A term only; ``to_json`` ships it when it differs from ``means``.

        >>> Rewrite(("en", "meme", "temps"), False, "en même temps simultanément", "").said
        'simultanément'
        >>> Rewrite(("hesitation",), False, "hésitation", "").said, Rewrite(("ub",), False, "bout de table", "").said
        ('', 'bout de table')
        """
        found = [m.group(0) for m in TOKEN_RE.finditer(self.means)]
        norm, typed = [normalize(w) for w in found], [normalize(w) for w in self.words]
        for i in range(len(found) - len(typed) + 1):
            if norm[i:i + len(typed)] == typed:
                return " ".join(found[:i] + found[i + len(typed):])
        return self.means

    def to_json(self) -> list:
        out = [list(self.words), int(self.exact_case), self.means, self.kind]
        if self.kind:
            return out
        said = self.said  # computed once
        return out + [said] if said != self.means else out


@dataclass
class Lexicon:
    """The search's lexicon: synonyms and rewrites."""

    synonyms: list[list[str]] = field(default_factory=list)
    rewrites: list[Rewrite] = field(default_factory=list)
    stems: dict[str, str] = field(default_factory=dict)  # normalised word → its own term (analysis.term_of)


def phrase_words(text: str, exact_case: bool = False) -> tuple[str, ...]:
    """The words of a lexicon phrase as the query plan compares them."""
    return tuple(m.group(0).replace("’", "'") if exact_case else normalize(m.group(0))
                 for m in TOKEN_RE.finditer(text))


def load_lexicon(corpus: Path) -> Lexicon:
    """The lexicon of ``corpus`` (empty without the file), read and checked; kept for its bytes from one reading of
    the corpus to the next (lois.core.filememo: `mkdocs serve`, `lois verifie`)."""
    from functools import partial

    from lois.core import filememo

    path = Path(corpus) / FILE
    if not path.exists():
        return Lexicon()
    return filememo.derive("lexicon", path, partial(_lexicon, path))


def _lexicon(path: Path, text: str) -> Lexicon:
    from lois.core.yamlfile import parse_yaml, validate
    from lois.features.search.lexicon_schema import LexiconFile

    loc = parse_yaml(text, str(path))
    data = validate(loc, LexiconFile, what="lexique")
    seen: dict[tuple, str] = {}
    rewrites: list[Rewrite] = []

    def add(rw: Rewrite, *keys) -> None:
        # the same words may name a kind (at the start of a query) and be a term (within a story: query.kind_place)
        key = (rw.words, bool(rw.kind))
        if not rw.words:
            raise loc.error("expression sans mot", *keys)
        if key in seen:
            raise loc.error(f"« {' '.join(rw.words)} » figure déjà dans le lexique ({seen[key]})", *keys)
        seen[key] = "/".join(str(k) for k in keys)
        rewrites.append(rw)

    for i, t in enumerate(data.terms):
        exact = bool(t.exact_case)
        for j, w in enumerate(t.words):
            add(Rewrite(phrase_words(w, exact), exact, " ".join(t.means.split()), ""), "terms", i, "words", j)
    for kind, words in data.kinds.items():
        for j, w in enumerate(words):
            add(Rewrite(phrase_words(w), False, "", kind), "kinds", kind, j)
    rewrites.sort(key=lambda r: (-len(r.words), not r.kind))  # the longest expression first; a kind before a term
    stems: dict[str, str] = {}
    for i, entry in enumerate(data.stems or ()):
        term = normalize(entry.words[0])
        for j, w in enumerate(entry.words):
            if normalize(w) in stems:
                raise loc.error(f"« {w} » figure déjà dans les radicaux du lexique", "stems", i, "words", j)
            stems[normalize(w)] = term
    return Lexicon([[normalize(w) for w in g] for g in data.synonyms], rewrites, stems)
