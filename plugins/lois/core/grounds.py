"""The words of the Code behind a statement (« les mots du Code »).

Every text in which the site states something about the laws (what the director says to the players, a ruling, a
note, an example, a situation, a glossary definition) carries, beside each citation, the words of the cited
provision that the statement rests on. In a YAML file they are a mapping ``words`` next to the texts::

    words:
      27B2: "le partenaire du joueur fautif doit passer jusqu’à la fin des annonces"
      27B1(b): ["remplacée par une déclaration comparable", "les annonces continuent sans autre conséquence"]

and in a note, the same mapping in its front matter. The rule, checked by :func:`check_words` for `lois verifie`
and the build:

- the words given for a provision stand in that provision's text in the corpus (its own text and its
  sub-points'), or, for a law the corpus has no text of, in a commentary of that law or in the register of
  statements about absent laws (``corpus/lois-absentes.yaml``, shown on the site as the project's words), or, for a
  provision that the partial source of a law of the corpus leaves out (27C, 27B4), in what ``corpus/edition.yaml``
  says of it (``partial``, ``omitted``: the site's words, shown under « Ce que la source ne cite pas »);
  « … » in the words skips text: « le partenaire … doit passer » stands in « le partenaire du joueur fautif doit
  passer »; case, apostrophes, quotation marks and spacing do not count;
- each citation of the texts has words for one of the provisions it cites (:data:`REQUIRE_WORDS`);
- each provision given words is cited by the texts (words for nothing said are refused).

What the words prove is checked by a person reading the sentence beside them: the site shows both together.

>>> stands_in("le partenaire … doit passer", "Le partenaire du joueur fautif doit passer jusqu’à la fin.")
True
>>> stands_in("le partenaire peut passer", "Le partenaire du joueur fautif doit passer.")
False
>>> normalized("L’adversaire  de « gauche »")
"l'adversaire de gauche"
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Callable, Iterable, Union

from pydantic import AfterValidator, BeforeValidator, PlainSerializer, StrictInt, StrictStr

from lois.core.cite import find_citations, format_id, provision_id, unknown_provision
from lois.core import reads
from lois.core.ids import ProvisionId
from lois.core.errors import LoisError, line_at

if TYPE_CHECKING:
    from lois.core.corpus import Model

# Every citation must carry words (True: a citation without them stops the build), or only the words given are
# checked and the others counted by `lois verifie --mots` (False, for a corpus being written)
REQUIRE_WORDS = True

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})
_DROP = re.compile(r"[«»“”\"„*_]")
_SPACE = re.compile(r"\s+")
_ELLIPSIS = re.compile(r"\s*(?:…|\.\.\.)\s*")
_EDGE = re.compile(r"^[\s,;:.!?]+|[\s,;:.!?]+$")


def normalized(text: str) -> str:
    """The text as words are compared: NFC, case folded, one kind of apostrophe, no quotation marks or Markdown
    emphasis, single spaces."""
    text = unicodedata.normalize("NFC", text).translate(_APOSTROPHES)
    text = _DROP.sub(" ", text).replace("\u00a0", " ").replace("\u202f", " ")
    return _SPACE.sub(" ", text).strip().casefold()


def fragments(words: str) -> list[str]:
    """The pieces of `words` between « … », each normalized, without the punctuation at their ends."""
    return list(_fragments(words))


@lru_cache(maxsize=16384)
def _fragments(words: str) -> tuple[str, ...]:
    return tuple(f for f in (_EDGE.sub("", normalized(p)) for p in _ELLIPSIS.split(words)) if f)


@lru_cache(maxsize=4096)
def _hay(text: str) -> str:
    """A text where words are looked for, normalized once (the same provision holds the words of many sentences)."""
    return normalized(text)


def stands_in(words: str, text: str) -> bool:
    """Whether `words` (pieces separated by « … », in order) stand in `text`."""
    hay, pos = _hay(text), 0
    pieces = _fragments(words)
    if not pieces:
        return False
    for piece in pieces:
        at = hay.find(piece, pos)
        if at < 0:
            return False
        pos = at + len(piece)
    return True


def canonical_id(value) -> ProvisionId:
    """The provision written (« 27B1b », « Loi 26B », 64): ValueError for anything else."""
    pid = provision_id(value)
    if pid is None:
        raise ValueError(unknown_provision(value))
    return pid


def _words_value(value) -> list[str]:
    items = [value] if isinstance(value, str) else list(value)
    if not items:
        raise ValueError("donnez au moins une citation du texte")
    for w in items:
        if not fragments(w):
            raise ValueError("les mots du Code ne doivent pas être vides")
    return [" ".join(w.split()) for w in items]


if TYPE_CHECKING:  # as validated: provision → the words of the Code it rests on (one or several)
    Words = dict[ProvisionId, list[str]]
else:  # as written: a provision id (« 27B1b », or a law number) → a text or a list of texts
    # written back (model_dump, a file the importer writes) as the text of its id
    WordsKey = Annotated[Union[StrictStr, StrictInt], AfterValidator(canonical_id), PlainSerializer(str)]
    WordsValue = Annotated[Union[StrictStr, list[StrictStr]], AfterValidator(_words_value)]
    Words = Annotated[dict[WordsKey, WordsValue], BeforeValidator(lambda raw: distinct_provisions(raw))]


def distinct_provisions(raw):
    """A table keyed by provisions as written (``words``): two keys that name the same provision (« 63 » and
    « '63' », « 64A » and « 64 A ») are refused at the second (the table would keep one of them without a word)."""
    from lois.core.yamlfile import corpus_error

    if not isinstance(raw, dict):
        return raw  # refused as such by the table's type
    seen: dict[ProvisionId, object] = {}
    for key in raw:
        pid = provision_id(key) if isinstance(key, (str, int)) and not isinstance(key, bool) else None
        if pid is None:
            continue  # refused by the key's own type
        if pid in seen:
            raise corpus_error(f"« {_as_written(key)} » et « {_as_written(seen[pid])} » désignent la même provision "
                               f"({pid}) : réunissez leurs mots sous une seule clé", key)
        seen[pid] = key
    return raw


def _as_written(key) -> str:
    return f"'{key}'" if isinstance(key, str) and key.isdigit() else str(key)  # the text « '63' », the number 63


@dataclass(frozen=True)
class Ground:
    """Where the words of a provision may be read: its text in the corpus, a commentary of its law, or the
    register's statement (the project's words about a law the corpus has no text of)."""

    kind: str  # "code" | "commentary" | "register" | "summary" | "wording"
    label: str  # French: « texte de la Loi 27B2 », « commentaire « … » », « registre des lois absentes »
    text: str


def _subtree_text(provision) -> str:
    return "\n".join(p.text for p in provision.walk())


@reads.recorded
def grounds_of(model: "Model", pid: ProvisionId) -> list[Ground]:
    """The texts in which the words of `pid` may stand (found once per model and provision)."""
    return model.derived(("grounds", pid), lambda: _grounds_of(model, pid), lasting=True)


def _grounds_of(model: "Model", pid: ProvisionId) -> list[Ground]:
    out: list[Ground] = []
    prov = model.provisions.get(pid)
    if prov is not None:
        out.append(Ground("code", f"texte de la Loi {pid}", _subtree_text(prov)))
        # what the partial source of its law leaves out of it (27B1(a): « la Loi 16C2 ne s'applique pas »), in the
        # site's words (corpus/edition.yaml, omitted): shown under the provision, never as the Code's text
        note = model.edition.note_on(pid)
        if note is not None:
            out.append(Ground("summary", f"ce que la source ne cite pas ({note[0]}, corpus/edition.yaml)", note[1]))
        # where the source's words differ from the 2017 Code (corpus/edition.yaml, wording: 23C), in the site's words
        wording = model.edition.wording_note(pid)
        if wording is not None:
            out.append(Ground("wording", f"rédaction du Code 2017 ({pid}, corpus/edition.yaml)", wording))
        return out
    law = pid.law
    if law in model.laws:
        # a law the corpus has, but not this provision: what the site says of it where the law's source leaves it
        # out (corpus/edition.yaml, partial: 27C, 27B4), else nothing to stand in
        summary = model.edition.summary(pid, model.provisions)
        if summary is not None:
            out.append(Ground("summary", f"ce que la source ne cite pas ({summary[0]}, corpus/edition.yaml)",
                              summary[1]))
        return out
    for c in model.commentaries.values():
        if law in (c.laws or []):
            out.append(Ground("commentary", f"commentaire « {c.title} »", c.text))
    for st in model.absent_statements:
        if st.provision == pid or pid in st.provision.ancestors:
            out.append(Ground("register", f"registre des lois absentes ({st.provision})", st.statement))
    return out


Located = Union[str, tuple[str, int], tuple[str, list[tuple[int, int]]]]


def cited_groups(texts: Iterable[Located]) -> list[tuple[str, list[ProvisionId], int]]:
    """Each citation of the texts with an absolute law: (as written, the provisions it names, its line). A text is a
    string, or (string, line of its first line in its file), or (string, where each of its lines starts in the
    file: (offset, line), as YamlDoc.text_lines gives them for a text written over several lines)."""
    out = []
    for item in texts:
        text, where = (item, 0) if isinstance(item, str) else item
        if not text:
            continue
        for written, pids, start, before in _groups_of(text):
            if isinstance(where, list):
                line = line_at(where, start, 0)
            else:
                line = where + before if where else 0
            out.append((written, list(pids), line))
    return out


@lru_cache(maxsize=16384)
def _groups_of(text: str) -> tuple[tuple[str, tuple[ProvisionId, ...], int, int], ...]:
    """The citations of one text with an absolute law: (as written, provisions named, offset, lines before it), found
    once per text (a checklist's sentence is shown on its page, in its runner and in its coverage)."""
    out, lines = [], lines_before(text)
    for c in find_citations(text):
        pids = tuple(r.pid for r in c.refs if r.pid is not None)
        if pids:
            out.append((" ".join(c.text.split()), pids, c.start, lines(c.start)))
    return tuple(out)


def lines_before(text: str) -> Callable[[int], int]:
    """A function of an offset of ``text``: how many line ends come before it, counted on from the offset asked before
    (a text's citations are met in order: linear in the text; counting from its start at each citation was
    quadratic — a note of 100,000 citations took minutes to check, « Loi 12C1(c)( » repeated more than two)."""
    last = [0, 0]  # offset, line ends before it

    def at(offset: int) -> int:
        start, n = last
        n = n + text.count("\n", start, offset) if offset >= start else text.count("\n", 0, offset)
        last[:] = [offset, n]
        return n
    return at


def problems(model: "Model | None", texts: Iterable[Located], words: "Words | None",
             require: bool | None = None) -> list[tuple[str, ProvisionId | None, int]]:
    """What is wrong with the words of a unit of text: (French message, the key of `words` it concerns or None,
    the line of the citation or 0).

    Words that do not stand in their provision are always refused; a citation without words is refused when
    `require` (default :data:`REQUIRE_WORDS`)."""
    require = REQUIRE_WORDS if require is None else require
    words = words or {}
    out: list[tuple[str, ProvisionId | None, int]] = []
    groups = cited_groups(texts)
    cited = {p for _w, pids, _l in groups for p in pids}
    for key, ws in words.items():
        if key not in cited:
            out.append((f"mots du Code donnés pour la Loi {key}, que le texte ne cite pas (citez-la ou retirez "
                        "ces mots)", key, 0))
            continue
        if model is None:
            continue
        grounds = grounds_of(model, key)
        if not grounds:
            out.append((f"la Loi {key} n'a ni texte dans le corpus, ni commentaire, ni entrée dans le registre "
                        "des lois absentes (corpus/lois-absentes.yaml) : ses mots ne peuvent pas être vérifiés",
                        key, 0))
            continue
        for w in ws:
            if not any(stands_in(w, g.text) for g in grounds):
                where = " ; ".join(g.label for g in grounds)
                out.append((f"les mots « {w} » ne figurent pas dans le {where} : la phrase ne repose pas sur ce "
                            "que dit la provision citée", key, 0))
    if model is not None:
        for written, pids, line in groups:
            for p in pids:
                if model.edition.not_in_2017(p):
                    out.append((f"la citation « {written} » renvoie à la Loi {p}, paragraphe d'une autre édition que "
                                f"publie la source et que le Code 2017 n'a pas (corpus/edition.yaml, partial, "
                                f"not_in_2017) : citez la provision du Code 2017 qui règle le cas (voir la note sous "
                                f"la Loi {p})", None, line))
    if require:
        for written, pids, line in groups:
            if not any(p in words for p in pids):
                shown = ", ".join(f"Loi {p}" for p in pids)
                out.append((f"la citation « {written} » ({shown}) n'a pas les mots du Code qui fondent la phrase : "
                            f"ajoutez-les dans « words » (ex. {pids[0]}: \"…les mots de la provision…\")", None,
                            line))
    return out


def words_json(words: "Words | None") -> dict[str, list[str]]:
    """The words as JSON data (the provisions as their canonical ids)."""
    return {str(pid): ws for pid, ws in (words or {}).items()}


def words_for(texts: Iterable[str], words: "Words | None") -> list[tuple[ProvisionId, list[str]]]:
    """The words to show beside `texts`: (provision, words) for each provision they cite that has words, in the
    order of citation, once each."""
    words = words or {}
    seen: list[ProvisionId] = []
    for _w, pids, _l in cited_groups(texts):
        for p in pids:
            if p in words and p not in seen:
                seen.append(p)
    return [(p, words[p]) for p in seen]


def _raw_key(doc, keys: tuple, canonical: ProvisionId):
    """The key of ``words`` as written in the file (« 27B1b » for 27B1(b)), for the line of an error."""
    data = doc.data
    try:
        for k in keys:
            data = data[k]
        for raw in (data or {}).get("words", {}) or {}:
            try:
                if canonical_id(raw) == canonical:
                    return raw
            except ValueError:
                continue
    except (KeyError, IndexError, TypeError):
        pass
    return None


def _line(where: "int | list[tuple[int, int]]", lines: Callable[[int], int], start: int) -> int:
    if isinstance(where, list):
        return line_at(where, start, 0)
    return where + lines(start) if where else 0


def cited_problems(texts: Iterable[Located]) -> list[tuple[str, int]]:
    """What no provision of the Code can answer in the citations of corpus texts: a form the grammar does not know
    (« Loi 16Z », « Loi 12c ») or a law outside the Code (« Loi 94 »): (French message, line). The laws' and
    commentaries' texts are checked as they are loaded (lois.core.corpus); these are the other texts (checklists,
    examples, notes, situations, glossary).

    >>> for message, line in cited_problems([("Voir la Loi 16Z.", 3), ("(Loi 94)", 7), "Loi 27B1(b)"]):
    ...     print(line, message)
    3 forme de citation inconnue : « Loi 16Z »
    7 provision « 94 » introuvable : la Loi 94 n'existe pas (le Code compte 93 lois)
    """
    out: list[tuple[str, int]] = []
    for item in texts:
        text, where = (item, 0) if isinstance(item, str) else item
        if text:
            lines = lines_before(text)
            out.extend((message, _line(where, lines, start)) for message, start in _unanswered_in(text))
    return out


@lru_cache(maxsize=16384)
def _unanswered_in(text: str) -> tuple[tuple[str, int], ...]:
    """:func:`cited_problems` of one text: (message, offset), found once per text."""
    from lois.core.ids import is_law_number, no_such_law, not_found
    from lois.core.resolve import unknown_forms

    found = find_citations(text)
    out = [(prob.message, prob.start) for prob in unknown_forms(text, found)]
    out += [(not_found(format_id(r.law, tuple(r.path)), no_such_law(r.law)), c.start)
            for c in found for r in c.refs if r.law is not None and not is_law_number(r.law)]
    return tuple(out)


def check_cited(doc, where: str, texts: Iterable[Located], *keys) -> None:
    """The first of :func:`cited_problems` in a unit of a corpus file, as a LoisError with its file and line."""
    for message, line in cited_problems(texts):
        raise LoisError(f"{where} : {message}", doc.path, line or doc.line(*keys))


def check_words(model: "Model | None", doc, where: str, texts: Iterable[Located], words: dict | None,
                *keys) -> None:
    """Check the words of one unit of a corpus file (`keys` lead to the table holding its ``words``): a LoisError
    with the file and line for words that do not stand in their provision. A citation without words is recorded in
    ``model.unfounded`` (a LoisError with its file and line): :func:`require_words` raises the first one once every
    other check of the corpus has passed (its errors of structure are reported first), when
    :data:`REQUIRE_WORDS`; ``lois verifie --mots`` lists them all. A citation that no provision of the Code can
    answer (:func:`cited_problems`) is an error first."""
    texts = list(texts)
    check_cited(doc, where, texts, *keys)
    for message, key, line in problems(model, texts, words, require=True):
        if key is not None:
            raw = _raw_key(doc, keys, key)
            at = (*keys, "words", raw) if raw is not None else keys
            raise doc.error(f"{where} : {message}", *at)
        if model is not None:
            model.unfounded.append(LoisError(f"{where} : {message}", doc.path, line or doc.line(*keys)))


def require_words(model: "Model") -> None:
    """The first citation of the corpus's texts without the words it rests on, as an error (when
    :data:`REQUIRE_WORDS`); called by the check of the whole corpus, after everything else."""
    if REQUIRE_WORDS and model.unfounded:
        raise model.unfounded[0]


def grounds_page_words(model: "Model", markdown: str, raw: object, path: str) -> "Words":
    """The words of a hand-written page (its front matter's ``words``), checked as a corpus text's: a LoisError
    naming the page and the line for a malformed entry, words the cited provision does not hold, or a citation
    without words."""
    from pathlib import Path

    offset = 0
    try:  # the front matter's lines, to give the line of a citation in the page's file
        head = Path(path).read_text(encoding="utf-8")
        if head.startswith("---"):
            offset = head.index("\n---", 3) + 5
            offset = head.count("\n", 0, offset)
    except (OSError, ValueError):
        offset = 0
    if raw is not None and not isinstance(raw, dict):
        raise LoisError("« words » : attendu une table provision → mots du Code", path, 1)
    words: Words = {}
    for key, value in (raw or {}).items():
        try:
            pid = canonical_id(key)
            if pid in words:
                raise ValueError(f"deux clés désignent la même provision ({pid}) : réunissez leurs mots sous une "
                                 "seule clé")
            words[pid] = _words_value(value)
        except (ValueError, TypeError) as exc:
            raise LoisError(f"« words » : {exc}", path, 1) from None
    for message, _key, line in problems(model, [(markdown, offset + 1)], words, require=REQUIRE_WORDS):
        raise LoisError(message, path, line or 1)
    return words
