"""French analysis, defined once: used by the postings (index.py), the CLI and (through generated data) the browser.

Pipeline for one word: lowercase → ’ to ' → elision removed (l', d', qu'…) → accent folding →
stop word? → French Snowball stem → trailing « e » removed (so that an unaccented « penalisee »
meets « pénalisée », whose accented ending the stemmer would otherwise treat differently). A word whose stem
would merge two meanings has its own term, declared in corpus/lexique.yaml (``stems``, :func:`term_of`).

The browser never re-implements the stemmer: the build writes the map « surface word → term » for
every word of the corpus, plus the elision list, the folding table and the stop words, so that only
words absent from the corpus are analysed in JavaScript (lowercase, elision, folding) and then
matched approximately against the generated vocabulary.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.lang.stopwords import stoplists

# Token = letters/digits, optionally joined by apostrophes (l'arbitre, aujourd'hui).
# The same pattern, written for JavaScript, is generated into the browser data (tests check they agree).
TOKEN_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
TOKEN_RE_JS = r"[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*"

ELISIONS = ("l", "d", "qu", "s", "n", "c", "j", "m", "t", "jusqu", "lorsqu", "puisqu", "quoiqu")

# Words that carry no meaning for a search. Whoosh's French list, folded, plus a few of the corpus.
STOP_WORDS = frozenset(
    {"".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c)) for w in stoplists["fr"]}
    | {"a", "les", "cette", "cet", "ceux", "celle", "celui", "si", "ni", "dont", "lorsque", "quand", "alors",
       "tout", "tous", "toute", "toutes", "etre", "avoir", "fait", "faire", "peut", "doit", "aussi", "ainsi",
       "apres", "avant", "comme", "voir", "ci", "dessus", "dessous", "selon", "non", "plus", "moins", "il", "ils",
       "elles", "quoi", "comment", "faut", "dois", "quel", "quelle", "quels", "quelles"}
    # the table's talk around a situation (issue 35): « bon, il a passé, on fait quoi svp ? » (« puis », « ensuite »,
    # which tell an order, are kept: measured)
    | {"ca", "cela", "ceci", "bon", "ben", "bah", "euh", "hein", "voila", "ok", "svp",
       "stp", "merci", "bonjour", "combien", "pourquoi", "vraiment", "chose", "truc"}
)  # « pas » is one of whoosh's (kept, measured, issue 35, it costs situations told with a negation): its meaning is
#    read by the lexicon's expressions before the stop words go (« pas fourni » → renonce, « pas à son tour »)

# Synonyms of the field live in corpus/lexique.yaml (lois.features.search.lexicon); each group is expanded at
# query time (never at index time), with a lower weight.
SYNONYM_WEIGHT = 0.6


@lru_cache(maxsize=1)
def _stemmer():
    """whoosh's French Snowball stemmer, imported when a word is first analysed (`lois cherche` answering from its
    cache never does: the corpus's words are in the vocabulary)."""
    from whoosh.lang.snowball.french import FrenchStemmer

    return FrenchStemmer()


def fold(text: str) -> str:
    """Remove accents and ligatures (é→e, œ→oe), keep everything else."""
    return text.translate(_FOLD)


def _build_fold_table() -> dict[str, str]:
    table = {"œ": "oe", "æ": "ae", "Œ": "oe", "Æ": "ae", "ß": "ss", "’": "'"}
    for cp in range(0xC0, 0x250):
        ch = chr(cp)
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        if base != ch and base:
            table[ch] = base
    return table


FOLD_TABLE = _build_fold_table()
_FOLD = str.maketrans(FOLD_TABLE)


@lru_cache(maxsize=1 << 16)  # a word of the corpus comes back again and again (a pure function of the word)
def normalize(word: str) -> str:
    """Lowercase, ’→', elision removed, accents folded (what the browser also does for unknown words)."""
    w = fold(word.lower())
    if "'" in w:
        head, tail = w.split("'", 1)
        if head in ELISIONS and tail:
            w = tail
    return w


@lru_cache(maxsize=65536)
def analyze_word(word: str) -> str | None:
    """The index term of one surface word, or None for a stop word."""
    w = normalize(word)
    if not w or w in STOP_WORDS:
        return None
    if w.isdigit():
        return w
    s = _stemmer().stem(w)
    while len(s) > 3 and s.endswith("e"):
        s = s[:-1]
    return s


def term_of(word: str, stems: dict[str, str] | None = None) -> str | None:
    """The index term of one surface word: the term the lexicon declares for it (corpus/lexique.yaml, ``stems``: a
    word the stemmer would merge with another of a different meaning, « appeler » with « appel »), else
    :func:`analyze_word`'s."""
    return stems.get(normalize(word)) or analyze_word(word) if stems else analyze_word(word)


def tokens(text: str):
    """(surface, start, end) for every token of a text."""
    for m in TOKEN_RE.finditer(text):
        yield m.group(0), m.start(), m.end()


def analyze(text: str, stems: dict[str, str] | None = None) -> list[str]:
    """The terms of a text, in order, stop words dropped (``stems``: the lexicon's, :func:`term_of`): what
    :func:`lois_analyzer` yields for whoosh."""
    return [t for t in (term_of(w, stems) for w in TOKEN_RE.findall(text)) if t]


def synonym_map(groups: list[list[str]], stems: dict[str, str] | None = None) -> dict[str, list[str]]:
    """term → the other terms of its synonym group(s)."""
    out: dict[str, list[str]] = {}
    for group in groups:
        terms = [t for t in (term_of(w, stems) for w in group) if t]
        for t in terms:
            for o in terms:
                if o != t and o not in out.setdefault(t, []):
                    out[t].append(o)
    return out


EDIT_STEPS = ((5, 1), (8, 2))  # (minimum length, typos allowed)


def max_edits(word: str) -> int:
    """Typo tolerance for a word absent from the vocabulary: none under 5 letters, 1 up to 7, then 2."""
    k = 0
    for n, e in EDIT_STEPS:
        if len(word) >= n:
            k = e
    return k


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (a swap of two letters counts 1); returns limit+1 if larger."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2 = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[len(b)]


# ------------------------------------------------------------------ whoosh glue

def lois_analyzer(stems: dict[str, str] | None = None):
    """The analysis above as a whoosh analyser (tokenizer and filters in one: lois.features.search.whoosh_glue),
    yielding the terms of :func:`analyze`."""
    from lois.features.search.whoosh_glue import LoisTokenizer

    return LoisTokenizer(stems)
