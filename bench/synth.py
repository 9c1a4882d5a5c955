"""Synthetic corpora for the benchmarks: the seed corpus ×F at the seed's density.

One generator for every benchmark (bench_build.py, bench_search.py)::

    from synth import make_corpus
    stats = make_corpus(20, Path("/tmp/x/corpus"))   # a corpus directory ≈ 20 × the seed

How ×F is reached with only 93 law numbers. The seed's laws are kept as they are (copy 0). Copies
g = 1 … F-1 of the whole seed are added: copy g of seed law t lands in a *slot* (n, j) — repetition j of
a synthetic law n, n being one of the law numbers that nothing in the seed names (neither present, nor
cited, nor named by an annotation or a checklist). Each free number takes one template law t; its
repetition 0 is the template's text, repetition j ≥ 1 appends to every section an altered copy of the
section's text whose numbered paragraphs are renumbered after the existing ones (« <!-- suite: X --> »
returns to the section first), so the ids stay unique and stay within the citation grammar (≤ 99).
When the free numbers are too few for that (the seed names more laws as it grows: ×100 needs about 37 of
them), each seed law also takes repetitions j ≥ 1 of its own copies after its text (repetition 0 is the seed's
text, unchanged), and the seed's checklists leave those paragraphs aside as each copy's checklist does. When even
that is not enough, the copies also take laws that only the register of absent laws names (a page waiting for a
text): the copy's register, index analytique and permalink register leave out what they said of them. Then (×100) a
law also holds blocks of copies under new section letters (the template's A–C, then D–F…, up to H, the last letter
a citation names), each block its rounds of renumbered paragraphs; the checklists of the other blocks' copies leave
those sections aside.

Every copy g also gets its own copy of every note, commentary, worked example, checklist and « Que
faire si… » situation (ids suffixed « -c<g> »), whose provision lists point into copy g's slots. In the
copied texts, absolute citations of a seed law are moved to that law's slot for copy g (its repetition
0, whose structure matches the template), relative citations are kept, and one word in seven of more
than four letters gets a suffix « x<g> » (:func:`alter_words`, the same rule for every text): the
vocabulary grows like a real corpus would, the density of citations, notes, examples and checklists
per word of law text stays the seed's. The glossary and the permalink register are kept as they are.
"""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

# words a citation depends on (« voir C2 ci-dessous », « selon la Loi 12 »): never altered
KEEP = {"selon", "dans", "voir", "également", "aussi", "notamment", "comme", "prévu", "prévue", "prévus",
        "prévues", "conformément"}
WORD = re.compile(r"\S+")
# the words of the seed's « words » (what a sentence's citation rests on, lois.core.grounds): never altered, so that
# the copies keep their words and the texts of the copied laws still hold them (set by make_corpus)
FROZEN: set[str] = set()


def alter_words(text: str, k: int) -> str:
    """Copy k of a text: every 7th word (4th, 11th, …) of more than four letters gets the suffix « x<k> »."""
    if k == 0:
        return text
    count = -1

    def sub(m: re.Match) -> str:
        nonlocal count
        count += 1
        w = m.group(0)
        if count % 7 == 3 and len(w) > 4 and w.isalpha() and w.lower() not in KEEP and w.lower() not in FROZEN:
            return f"{w}x{k}"
        return w

    return WORD.sub(sub, text)


@dataclass
class Slots:
    """Where copy g of seed law t lives: law number n, repetition j; `paragraphs[t][section]` = paragraphs. Repetition
    j is block b, round r (``block``): its sections are the template's letters moved by b × ``span[t]`` (block 0: the
    template's), its paragraphs are renumbered after those of rounds 0 … r - 1 (as many rounds as 99 paragraphs
    allow, ``rounds[t]``; a template without ``rounds`` has one block)."""
    seed_laws: list[int]
    by_template: dict[int, list[int]] = field(default_factory=dict)  # t → synthetic law numbers (t: a seed law
    # that holds copies after its own text)
    places: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # t → (n, j) of copies 1, 2, …
    paragraphs: dict[int, dict[str, int]] = field(default_factory=dict)  # t → section → highest paragraph
    reps: dict[int, int] = field(default_factory=dict)  # synthetic law n → repetitions
    template: dict[int, int] = field(default_factory=dict)  # synthetic law n → t
    copies: dict[int, list[int]] = field(default_factory=dict)  # synthetic law n → copy g of each repetition
    texts: set[str] = field(default_factory=set)  # ids of the provisions the seed has the text of
    rounds: dict[int, int] = field(default_factory=dict)  # t → repetitions of a block (when blocks are used)
    span: dict[int, int] = field(default_factory=dict)  # t → letters of its sections (A … its last)
    missing: dict[int, list[str]] = field(default_factory=dict)  # t → sections its source leaves out, when in blocks

    def slot(self, t: int, g: int) -> tuple[int, int]:
        return self.places[t][g - 1] if g else (t, 0)

    def block(self, t: int, j: int) -> tuple[int, int]:
        """(block, round) of repetition j of template t."""
        return divmod(j, self.rounds[t]) if t in self.rounds else (0, j)

    def letter(self, t: int, section: str, b: int) -> str:
        return chr(ord(section) + b * self.span[t]) if b else section

    def law(self, law: int, g: int) -> int:
        return self.slot(law, g)[0] if g and law in self.by_template else law

    def provision(self, pid: str, g: int) -> str:
        """Copy g's id for a provision id of the seed (unchanged outside the seed's laws)."""
        from lois.core.cite import format_id, parse_provision_id

        ref = parse_provision_id(str(pid))
        if g == 0 or ref is None or ref.law is None or ref.law not in self.by_template:
            return str(pid)
        path = list(ref.path)
        if (self.texts and str(pid) not in self.texts and len(path) > 1
                and format_id(ref.law, tuple(path[:1])) in self.texts):
            return str(pid)  # a passage the seed's source omits inside a section it has (27B4, edition.yaml
            # `partial`): the copies cite it where it is said, as it is; a missing section (31C) is copied with the law
        n, j = self.slot(ref.law, g)
        b, r = self.block(ref.law, j)
        if len(path) >= 2 and path[1].isdigit():
            path[1] = str(int(path[1]) + r * self.paragraphs[ref.law].get(path[0], 0))
        if path:
            path[0] = self.letter(ref.law, path[0], b)
        return format_id(n, tuple(path))


def free_law_numbers(model, corpus: Path, absent: bool = False) -> list[int]:
    """Law numbers that nothing in the corpus names: not present, not cited, not in any annotation. With ``absent``,
    also the laws that only the register of absent laws names: a page that waits for a text, which a copy gives it
    (make_corpus then drops them from the copy's register, index analytique and permalinks: _drop_absent)."""
    from lois.core.absent import FILE as ABSENT_FILE
    from lois.features.annotations import load_annotations
    from lois.features.checklists.model import load_checklists
    from lois.core.cite import find_citations

    used = set(model.laws) | {t.law for c in model.citations for t in c.targets}
    if not absent:
        used |= {s.law for s in model.stubs.values()}
    ann = load_annotations(model, corpus)
    ids = [p for n in ann.notes.values() for p in n.provisions]
    ids += [p for e in ann.examples.values() for p in e.provisions]
    ids += [p for t in ann.terms for p in t.provisions] + [p for s in ann.situations for p in s.provisions]
    for cl in load_checklists(corpus, model).values():
        used |= set(cl.laws)
        for node in list(cl.questions.values()) + list(cl.outcomes.values()):
            ids += node.cites
    for c in model.commentaries.values():
        used |= set(c.laws)
    used |= {i.law for i in ids}
    from lois.features.search.subject_index import FILE as INDEX_FILE

    for f in corpus.rglob("*"):
        if f == corpus / INDEX_FILE or (absent and f == corpus / ABSENT_FILE):  # the index analytique names every
            continue  # law by its number (its row of « Les 93 lois »): a copy there still is a law, and ×F stays ×F
        if f.is_file() and f.suffix in (".md", ".yaml", ".yml") and "sources" not in f.parts:
            for c in find_citations(f.read_text(encoding="utf-8")):
                used |= {r.law for r in c.refs if r.law}
    while True:  # the laws that the register's kept entries name (61A names Law 44) stay used
        named = {r.law for st in model.absent_statements if st.law in used
                 for c in find_citations(f"{st.statement}\n{st.basis}") for r in c.refs if r.law}
        if named <= used:
            return [n for n in range(1, 94) if n not in used]
        used |= named


def remap_citations(text: str, slots: Slots, g: int) -> str:
    """Move the absolute citations of seed laws in `text` to copy g's laws (the numbers only)."""
    from lois.core.cite import find_citations

    if g == 0:
        return text
    out, pos = [], 0
    for c in find_citations(text):
        laws = {r.law for r in c.refs if r.law in slots.by_template}
        if not laws:
            continue
        span = re.sub(r"(?<!\w)(\d{1,2})(?!\d)",
                      lambda m, laws=laws: str(slots.law(int(m.group(1)), g)) if int(m.group(1)) in laws
                      else m.group(1),
                      text[c.start:c.end])
        out.append(text[pos:c.start] + span)
        pos = c.end
    out.append(text[pos:])
    return "".join(out)


def _copy_text(text: str, slots: Slots, g: int) -> str:
    return alter_words(remap_citations(text, slots, g), g)


# ---------------------------------------------------------------------------------------- law files
FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)
PARA = re.compile(r"^(\d+)\. ", re.M)
FOOTDEF = re.compile(r"^\[\^[^\]]+\]:", re.M)


def _split_law(body: str):
    """(head: H1 and intro, [(letter, heading line, section text)], footnote definitions)."""
    m = FOOTDEF.search(body)
    notes = body[m.start():] if m else ""
    body = body[:m.start()] if m else body
    parts = re.split(r"^(## ([A-Z])\..*)$", body, flags=re.M)
    head = parts[0]
    sections = [(parts[i + 1], parts[i], parts[i + 2]) for i in range(1, len(parts), 3)]
    return head, sections, notes


def synthetic_law(template_text: str, n: int, copies: list[int], slots: Slots) -> str:
    """Law n: the template (as copy copies[0]) and, appended to each section, repetitions j ≥ 1."""
    m = FRONT.match(template_text)
    meta = yaml.safe_load(m.group(1))
    body = template_text[m.end():]
    t = meta["law"]
    head, sections, notes = _split_law(body)
    if n == t:  # the seed's law, its copies after its own text
        out = [m.group(0), head]
    else:
        meta = {"law": n, "title": f"{meta.get('title') or 'Loi'} (copie synthétique)",
                "source": meta.get("source", ""), "document": "corpus synthétique du banc d'essai (bench/synth.py)"}
        head = re.sub(r"^# Loi \d+", f"# Loi {n}", head, count=1, flags=re.M)
        out = ["---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False) + "---\n",
               _copy_text(head, slots, copies[0])]
    blocks: dict[int, list[int]] = {}  # block → copy g of each of its rounds
    for j, g in enumerate(copies):
        blocks.setdefault(slots.block(t, j)[0], []).append(g)
    for b, block in sorted(blocks.items()):
        for letter, heading, text in sections:
            top = slots.paragraphs[t].get(letter, 0)
            moved = slots.letter(t, letter, b)
            out.append((heading if not b else f"## {moved}." + heading[len("## A."):])
                       + _copy_text(text, slots, block[0]))
            first = PARA.search(text)
            pre, items = (text[:first.start()], text[first.start():]) if first else (text, "")
            for r, g in enumerate(block[1:], 1):
                renum = PARA.sub(lambda mm, shift=r * top: f"{int(mm.group(1)) + shift}. ", items)
                out.append(f"\n<!-- suite: {moved} -->\n\n" + _copy_text(pre.strip("\n"), slots, g) + "\n\n"
                           + _copy_text(renum, slots, g) + "\n")
    if notes:
        out.append(notes)
    return "".join(out)


# ---------------------------------------------------------------------------------------- annotations
TEXT_KEYS = {"title", "description", "text", "help", "ruling", "question", "comment", "label", "definition",
             "players"}


def _copy_data(data, slots: Slots, g: int, key: str = ""):
    """Copy g of YAML data: ids suffixed, provision lists moved to copy g's slots, texts altered."""
    if isinstance(data, dict) and key == "aside":  # provisions left aside: copy g's ids, the seed's reasons
        return {slots.provision(k, g): v for k, v in data.items()}
    if isinstance(data, dict):  # the words of the Code are the seed's: a copy's altered texts drop them
        if key == "aside":  # provisions left aside: moved to copy g's slots, as « cites » are
            return {slots.provision(str(k), g): _copy_text(v, slots, g) for k, v in data.items()}
        if key == "words":  # keyed like the citations of the copied text: the law moved, the path kept
            return _copy_words(data, slots, g)
        return {k: _copy_data(v, slots, g, k) for k, v in data.items()}
    if isinstance(data, list):
        if key in ("provisions", "cites"):
            return [slots.provision(p, g) for p in data]
        if key == "laws":
            return [slots.law(x, g) if isinstance(x, int) else x for x in data]
        if key in ("notes", "examples"):
            return [f"{x}-c{g}" for x in data]
        return [_copy_data(v, slots, g, key) for v in data]
    if isinstance(data, str) and key in TEXT_KEYS:
        return _copy_text(data, slots, g)
    return data


def _copy_words(words: dict, slots: Slots, g: int) -> dict:
    from lois.core.cite import format_id, parse_provision_id

    out = {}
    for k, v in words.items():
        ref = parse_provision_id(str(k))
        v = [_uncited(str(x)) for x in v] if isinstance(v, list) else _uncited(str(v))
        out[format_id(slots.law(ref.law, g), tuple(ref.path)) if ref is not None and ref.law else k] = v
    return out


def _uncited(phrase: str) -> str:
    """The longest part of a phrase of « words » without a citation: a cited law moves to another slot in each copy
    (its number differs from a copy to another), the words around it hold in every copy."""
    from lois.core.cite import find_citations

    cuts = [(c.start, c.end) for c in find_citations(phrase)]
    if not cuts:
        return phrase
    parts, pos = [], 0
    for a, b in cuts:
        parts.append(phrase[pos:a])
        pos = b
    parts.append(phrase[pos:])
    return max((p.strip(" ,;:.") for p in parts), key=len)


def _seed_words(data, out: set[str]) -> None:
    """Every word of the « words » values in ``data`` (YAML or a front matter), lowercased, into ``out``."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "words" and isinstance(v, dict):
                for phrase in v.values():
                    for p in phrase if isinstance(phrase, list) else [phrase]:
                        out.update(w.lower() for w in re.findall(r"\w+", str(p)))
            else:
                _seed_words(v, out)
    elif isinstance(data, list):
        for v in data:
            _seed_words(v, out)


def _copy_yaml_item(item: dict, slots: Slots, g: int) -> dict:
    out = _copy_data(item, slots, g)
    if isinstance(out, dict):
        if out.get("id"):
            out["id"] = f"{out['id']}-c{g}"
        if isinstance(out.get("checklist"), list):
            out["checklist"] = [f"{c}-c{g}" for c in out["checklist"]]
        elif out.get("checklist"):
            out["checklist"] = f"{out['checklist']}-c{g}"
    return out


def _checklist_copy(data: dict, slots: Slots, g: int) -> dict:
    """Copy g of a checklist: its laws are copy g's slots, whose other repetitions hold the paragraphs of other
    copies; these are left aside (each copy's own checklist covers them), as coverage requires."""
    from lois.core.cite import format_id
    from lois.core.ids import ProvisionId

    out = _copy_data(data, slots, g) if g else dict(data)  # copy 0: the seed's own list, where its laws hold copies
    aside = dict(out.get("aside") or {})
    cited: set[str] = set()  # a passage the seed's source omits keeps its id in every copy (27B4): where a seed law
    _cites(out, cited)       # holds copies, it may be a paragraph of another one, reached by this list's issues
    # the sections that hold such a passage (16C for 16C3): another block's copy sets aside their paragraphs, one by
    # one, not the section, which this list reaches
    within = {str(a) for c in cited for p in [ProvisionId.of(c)] if p for a in p.ancestors}
    for t in data.get("laws") or []:
        if not isinstance(t, int) or t not in slots.by_template or (not g and t not in slots.reps):
            continue
        n, j = slots.slot(t, g)
        b, r = slots.block(t, j)
        for other in range(slots.reps.get(n, 1)):
            ob, orr = slots.block(t, other)
            if other == j:
                continue
            if ob != b:  # another block: its sections, those its source leaves out too (31C, said by the register)
                for sec in list(slots.paragraphs[t]) + slots.missing.get(t, []):
                    pid = format_id(n, (slots.letter(t, sec, ob),))
                    top = slots.paragraphs[t].get(sec, 0)
                    if pid in within:  # its paragraphs in this repetition, but the passage cited
                        for p in range(1, top + 1):
                            q = format_id(n, (slots.letter(t, sec, ob), str(p + orr * top)))
                            if q not in cited:
                                aside.setdefault(q, "Paragraphe d'une autre copie synthétique : sa propre liste le "
                                                    "couvre.")
                    elif not orr and pid not in cited:
                        aside.setdefault(pid, "Section d'une autre copie synthétique : sa propre liste la couvre.")
                continue
            for sec, top in slots.paragraphs[t].items():  # the same block: the other rounds' paragraphs
                for p in range(1, top + 1):
                    pid = format_id(n, (slots.letter(t, sec, b), str(p + orr * top)))
                    if pid not in cited:
                        aside.setdefault(pid, "Paragraphe d'une autre copie synthétique : sa propre liste le couvre.")
    if aside:
        out["aside"] = aside
    return out


def _cites(data, out: set[str]) -> None:
    """Every provision a checklist cites (its questions' and outcomes' « cites »), into ``out``."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "cites" and isinstance(v, list):
                out.update(str(x) for x in v)
            else:
                _cites(v, out)
    elif isinstance(data, list):
        for v in data:
            _cites(v, out)


def _copy_front_md(text: str, slots: Slots, g: int) -> tuple[str, str]:
    """Copy g of a note or commentary (front matter + Markdown): (new id, file text)."""
    m = FRONT.match(text)
    meta = _load(m.group(1))
    body = text[m.end():]
    meta["id"] = f"{meta['id']}-c{g}"
    if "provisions" in meta:
        meta["provisions"] = [slots.provision(p, g) for p in meta["provisions"]]
    if "laws" in meta:
        meta["laws"] = [slots.law(x, g) for x in meta["laws"]]
    meta["title"] = _copy_text(str(meta["title"]), slots, g)
    if isinstance(meta.get("words"), dict):  # the words of the Code, kept (FROZEN): keyed like the copied citations
        meta["words"] = _copy_words(meta["words"], slots, g)
    meta.pop("remarks", None)  # a commentary's remarks about its own words: the copy alters the body
    return meta["id"], "---\n" + _dump(meta) + "---\n" + \
        _copy_text(body, slots, g)


Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _load(text: str):
    return yaml.load(text, Loader=Loader)


def situations_text(situations: list, slots, factor: int) -> str:
    """The synthetic situations.yaml: the seed's situations and their ``factor`` − 1 copies, one line per value — at
    ×100 the seed's 20.8 kB of situations, wrapped at 110 columns (:func:`_dump`), made 2 001 938 characters, over the
    corpus's limit for one YAML file (lois.core.yamlfile.MAX_BYTES), and no ×100 site could be built; unwrapped,
    1 960 726 (2 % under it)."""
    copies = list(situations) + [_copy_yaml_item(s, slots, g) for g in range(1, factor) for s in situations]
    return yaml.dump(copies, Dumper=Dumper, allow_unicode=True, sort_keys=False, width=10**6)


def _dump(data) -> str:
    return yaml.dump(data, Dumper=Dumper, allow_unicode=True, sort_keys=False, width=110)


@dataclass
class CorpusStats:
    factor: int
    laws: int
    provisions: int
    citations: int
    words: int  # words of law text
    notes: int
    commentaries: int
    examples: int
    checklists: int
    situations: int

    @property
    def citations_per_kword(self) -> float:
        return 1000 * self.citations / max(self.words, 1)


def corpus_stats(corpus: Path, factor: int) -> CorpusStats:
    from lois.core.corpus import load_corpus

    model = load_corpus(corpus)
    words = sum(len(p.text.split()) for p in model.provisions.values())
    n_sit = len(_load((corpus / "situations.yaml").read_text(encoding="utf-8")) or []) \
        if (corpus / "situations.yaml").exists() else 0
    return CorpusStats(factor, len(model.laws), len(model.provisions), len(model.citations), words,
                       len(list((corpus / "notes").glob("*.md"))), len(model.commentaries),
                       len(list((corpus / "exemples").glob("*.yaml"))),
                       len(list((corpus / "checklists").glob("*.yaml"))), n_sit)


SECTIONS = 8  # A … H: the section letters a citation may name (lois.core.cite, lois.core.ids)


def _laws_needed(top: int, copies: int) -> int:
    """How many synthetic laws hold `copies` copies of a law whose longest section has `top` paragraphs."""
    if top == 0 or copies <= 0:
        return 1
    per_law = 99 // top  # repetitions one law can hold
    return max(1, -(-copies // per_law))


def _cited_where_said(corpus: Path, model, slots: Slots) -> set[int]:
    """The laws of which a checklist cites a passage their source leaves out inside a section they have (27B4):
    every copy cites it where the seed's text says it (Slots.provision), in block 0, which another block's list
    leaves aside."""
    from lois.core.cite import format_id
    from lois.features.checklists.model import load_checklists

    return {pid.law for cl in load_checklists(corpus, model).values()
            for node in list(cl.questions.values()) + list(cl.outcomes.values()) for pid in node.cites
            if len(pid.path) > 1 and str(pid) not in slots.texts
            and format_id(pid.law, tuple(pid.path[:1])) in slots.texts}


def make_slots(model, corpus: Path, factor: int, free: list[int] | None = None) -> Slots:
    seed = sorted(model.laws)
    slots = Slots(seed, texts={str(p) for p in model.provisions})
    for t in seed:
        slots.paragraphs[t] = {}
        for sec in model.laws[t].root.children:
            paras = [int(c.path[1]) for c in sec.children if c.level == "paragraph" and c.path[1].isdigit()]
            slots.paragraphs[t][sec.path[0]] = max(paras, default=0)
    default = free is None
    free = free_law_numbers(model, corpus) if default else list(free)
    spare = [n for n in free_law_numbers(model, corpus, absent=True) if n not in free] if default else []
    # each template first gets the laws its copies need to stay within 99 paragraphs per section, then the
    # remaining free numbers in turn (a law with long sections needs more laws to spread its copies). When the free
    # numbers are too few: each seed law holds cap - 1 of its copies after its own text (host); then the laws only
    # the register of absent laws names are taken too; then a law holds blocks of copies under new section letters
    # (a law whose source leaves sections out, edition.yaml `partial`, counts them in its letters: each block leaves
    # out its own, which _declare_partial_copies declares); last, the laws a list cites a passage of that their source
    # omits (27B4, 16C3, 30B2) take blocks too, the passage cited where the seed says it (Slots.provision)
    top = {t: max(slots.paragraphs[t].values(), default=0) for t in seed}
    cap = {t: 99 // top[t] if top[t] else factor for t in seed}  # repetitions one law can hold
    for host, blocks in ((False, False), (True, False), (True, True), (True, "all")):
        if blocks:
            said = _cited_where_said(corpus, model, slots)  # read once: the checklists are the same for every t
            for t in seed:
                letters = [sec for sec in slots.paragraphs[t] if len(sec) == 1]
                part = model.edition.partial.get(t)
                letters += list(part.missing) if part and letters else []
                if top[t] and letters and (t not in said) == (blocks is True):
                    slots.missing[t] = list(part.missing) if part else []
                    slots.span[t] = ord(max(letters)) - ord("A") + 1
                    slots.rounds[t] = cap[t]
                    cap[t] *= SECTIONS // slots.span[t]
        need = ({t: max(0, -(-(factor - 1 - (cap[t] - 1)) // cap[t])) for t in seed} if host
                else {t: _laws_needed(top[t], factor - 1) for t in seed})
        short = sum(need.values()) - len(free)
        if short > 0 and host and blocks:
            free += spare[:short]
            short -= len(spare)
            spare = spare[len(spare) if short > 0 else 0:]  # taken once, whatever the next round needs
        elif 0 < short <= len(spare) and host:
            free += spare[:short]
            short = 0
        if short <= 0:
            break
    else:
        raise SystemExit(f"×{factor} : {sum(need.values())} numéros de loi libres nécessaires (les lois de la graine "
                         f"en portant aussi), {len(free)} disponibles")
    pool = list(free)
    for t in seed:
        slots.by_template[t] = [pool.pop(0) for _ in range(need[t])]
    for i, n in enumerate(pool):
        slots.by_template[seed[i % len(seed)]].append(n)
    for t in seed:
        laws = slots.by_template[t] + ([t] if host else [])
        if not laws:
            raise SystemExit(f"pas assez de numéros de loi libres pour copier la Loi {t}")
        nxt = {n: 1 if n == t else 0 for n in laws}  # a seed law's repetition 0 is its own text
        slots.places[t], i = [], 0
        for _g in range(1, factor):  # in turn, each law its next repetition (a full law skipped)
            for _ in laws:
                if nxt[laws[i]] < cap[t]:
                    break
                i = (i + 1) % len(laws)
            n = laws[i]
            slots.places[t].append((n, nxt[n]))
            nxt[n] += 1
            i = (i + 1) % len(laws)
        if host:
            slots.by_template[t] = laws
            slots.copies[t] = [0]
    for t in seed:
        for g in range(1, factor):
            n, j = slots.slot(t, g)
            slots.template[n] = t
            slots.copies.setdefault(n, []).append(g)
            slots.reps[n] = max(slots.reps.get(n, 0), j + 1)
    for n, t in slots.template.items():
        last_block, _ = slots.block(t, slots.reps[n] - 1)
        rounds = slots.rounds.get(t, slots.reps[n]) if last_block else slots.reps[n]
        if top[t] * min(rounds, slots.reps[n]) > 99 or (last_block + 1) * slots.span.get(t, 1) > SECTIONS:
            raise SystemExit(f"×{factor} : la Loi {n} dépasserait 99 paragraphes par section ou la section H "
                             "(grammaire des citations)")
    return slots


def _declare_partial_copies(dest: Path, slots: Slots) -> None:
    """A copy of a law whose source leaves sections out skips them too: edition.yaml (`partial`) declares them for
    the copy, with the notes on what the source leaves out under the copy's ids (a checklist's copy cites 34C where
    the seed's cites 31C: what the site says of it stands under the copy's id)."""
    path = dest / "edition.yaml"
    data = _load(path.read_text(encoding="utf-8")) if path.exists() else None
    partial = (data or {}).get("partial") or {}

    def blocks(n: int, t: int) -> dict[int, int]:
        """The blocks of copies law n holds (its own text: block 0), each with the first copy g it holds."""
        out: dict[int, int] = {0: 0} if n == t else {}
        for j, g in enumerate(slots.copies.get(n, [])):
            out.setdefault(slots.block(t, j)[0], g)
        return out

    def copy(n: int, t: int) -> dict:
        held = blocks(n, t)
        missing = partial[t].get("missing") or []  # Law 16: no section missing, a paragraph (C3) under « omitted »
        out = {**(partial[t] if n == t else {})}
        if missing:
            out["missing"] = [slots.letter(t, m, b) for b in held for m in missing]
        if partial[t].get("not_in_2017") and n != t:
            out["not_in_2017"] = [f"{n}{str(k)[len(str(t)):]}" for k in partial[t]["not_in_2017"]]
        if partial[t].get("omitted"):
            omitted = dict(partial[t]["omitted"]) if n == t else {
                f"{n}{str(k)[len(str(t)):]}": remap_citations(v, slots, slots.copies[n][0])
                for k, v in partial[t]["omitted"].items()}
            for b, g in held.items():  # a missing section of a later block: what the site says of it, under its id
                for m in missing:
                    if b and f"{t}{m}" in partial[t]["omitted"]:
                        omitted[f"{n}{slots.letter(t, m, b)}"] = remap_citations(partial[t]["omitted"][f"{t}{m}"],
                                                                                  slots, g)
            out["omitted"] = omitted
            out["read_in"] = list(partial[t]["read_in"])
        return out
    copies = {n: copy(n, t) for n, t in slots.template.items() if t in partial}
    if copies:
        data["partial"] = {**partial, **copies}
        path.write_text(_dump(data), encoding="utf-8")


def _drop_absent(dest: Path, laws: set[int]) -> None:
    """The laws a copy takes that the register of absent laws summarises (free_law_numbers): their entries leave the
    copy's register (an entry for a law the corpus has is refused), and so do the index analytique's entries for
    their provisions (74C: the copy's Law 74 is another text; its row, « 74 », stays) and their permalinks the copy's
    permalink register (the stub's anchors): register_published lists what the copy publishes."""
    from lois.core.absent import FILE
    from lois.core.ids import ProvisionId
    from lois.features.api.register import REGISTER_NAME
    from lois.features.search.subject_index import FILE as INDEX_FILE

    def taken(entry: dict, whole_law_kept: bool) -> bool:
        pid = ProvisionId.parse(str(entry["provision"]))
        return pid.law in laws and not (whole_law_kept and not pid.path)

    for path, whole_law_kept in ((dest / FILE, False), (dest / INDEX_FILE, True)):
        entries = (_load(path.read_text(encoding="utf-8")) if path.exists() else None) or []
        kept = [e for e in entries if not taken(e, whole_law_kept)]
        if len(kept) < len(entries):
            path.write_text(_dump(kept), encoding="utf-8")
    pages = {ProvisionId(n).url for n in laws}
    reg = dest / REGISTER_NAME
    lines = reg.read_text(encoding="utf-8").splitlines(keepends=True)
    reg.write_text("".join(x for x in lines if not any(u.strip().split("#")[0] in pages for u in x.split("->"))),
                   encoding="utf-8")


def register_published(dest: Path) -> None:
    """A synthetic corpus publishes provisions the seed does not have: its own copy of the permalink register
    (never published) lists them, as `lois permaliens --mettre-a-jour` would, so that the build accepts it."""
    from lois.core.corpus import load_corpus
    from lois.features.api.register import update_register

    update_register(load_corpus(dest), dest / "permaliens.txt")


def make_corpus(factor: int, dest: Path, src: Path | None = None, free: list[int] | None = None) -> CorpusStats:
    """Write the seed corpus ×factor into `dest` (replaced if it exists) and return its statistics (``free``: the
    law numbers the copies may take, by default every number nothing in the seed names)."""
    import sys

    sys.path.insert(0, str(ROOT / "plugins"))
    from lois.core.corpus import load_corpus

    src = Path(src or ROOT / "corpus")
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("sources"))
    if factor <= 1:
        return corpus_stats(dest, 1)
    model = load_corpus(src)
    for f in sorted(src.rglob("*")):
        if f.suffix in (".yaml", ".md") and "sources" not in f.relative_to(src).parts:
            text = f.read_text(encoding="utf-8")
            m = FRONT.match(text) if f.suffix == ".md" else None
            _seed_words(_load(m.group(1) if m else text) if (m or f.suffix == ".yaml") else None, FROZEN)
    slots = make_slots(model, src, factor, free)
    seed_files = {law.number: Path(law.file) for law in model.laws.values()}
    for n, t in sorted(slots.template.items()):
        text = seed_files[t].read_text(encoding="utf-8")
        name = seed_files[t].name if n == t else f"{n:02d}.md"
        (dest / "lois" / name).write_text(synthetic_law(text, n, slots.copies[n], slots), encoding="utf-8")
    situations = _load((src / "situations.yaml").read_text(encoding="utf-8")) \
        if (src / "situations.yaml").exists() else []
    texts = {sub: [f.read_text(encoding="utf-8") for f in sorted((src / sub).glob("*.md"))]
             for sub in ("notes", "commentaires")}
    examples = [_load(f.read_text(encoding="utf-8")) for f in sorted((src / "exemples").glob("*.yaml"))]
    checklists = {f.stem: _load(f.read_text(encoding="utf-8")) for f in sorted((src / "checklists").glob("*.yaml"))}
    for stem, data in checklists.items():  # a seed law that holds copies: its other paragraphs left aside
        if any(t in slots.reps for t in data.get("laws") or []):
            (dest / "checklists" / f"{stem}.yaml").write_text(_dump(_checklist_copy(data, slots, 0)), encoding="utf-8")
    for g in range(1, factor):
        for sub, items in texts.items():
            for text in items:
                nid, out = _copy_front_md(text, slots, g)
                (dest / sub / f"{nid}.md").write_text(out, encoding="utf-8")
        for data in examples:
            copy = _copy_yaml_item(data, slots, g)
            (dest / "exemples" / f"{copy['id']}.yaml").write_text(_dump(copy), encoding="utf-8")
        for stem, data in checklists.items():
            (dest / "checklists" / f"{stem}-c{g}.yaml").write_text(_dump(_checklist_copy(data, slots, g)),
                                                                   encoding="utf-8")
    (dest / "situations.yaml").write_text(situations_text(situations, slots, factor), encoding="utf-8")
    _declare_partial_copies(dest, slots)
    _drop_absent(dest, set(slots.template))
    register_published(dest)
    return corpus_stats(dest, factor)


if __name__ == "__main__":
    import argparse
    import sys
    import time

    ap = argparse.ArgumentParser(description="écrit un corpus synthétique ×F (graine × F)")
    ap.add_argument("facteur", type=int)
    ap.add_argument("dest", type=Path)
    a = ap.parse_args()
    t0 = time.perf_counter()
    s = make_corpus(a.facteur, a.dest)
    print(f"{s} — {s.citations_per_kword:.1f} citations / 1000 mots — {time.perf_counter() - t0:.1f} s")
    sys.exit(0)
