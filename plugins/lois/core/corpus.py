"""Load the corpus, resolve every citation, and build the citation graph.

``load_corpus(dir)`` is the single entry point: it reads ``lois/*.md`` and
``commentaires/*.md``, parses them, finds and resolves citations, and returns a
:class:`Model` (laws, provisions by id, commentaries, citations, stubs, edges).
It raises :class:`LoisError` (French, file and line) on any bad input.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from lois.core import filememo, reads, safeio
from lois.core.annotate import Span, find_spans, markdown_runs, text_runs
from lois.core.cite import find_citations
from lois.core.edition import Edition, check_partial, load_edition
from lois.core.errors import LoisError
from lois.core.ids import Kind, Level, NodeRef, ProvisionId, is_commentary, leads_to, not_found, not_in_law
from lois.core.parse import Commentary, Law, Provision, parse_commentary, parse_law
from lois.core.provenance import Provenance, law_provenance
from lois.core.resolve import resolve_citation, unknown_forms
from lois.core.yamlfile import validate



@dataclass
class ResolvedCitation:
    source: ProvisionId | str  # the citing provision, or the citing commentary's node id (« commentaire:… »)
    law: int  # law of the citing provision (or commented law)
    text: str
    start: int  # in the source's plain text
    end: int
    targets: list[ProvisionId]
    file: str
    line: int
    sentence: str = ""  # the citing sentence, for « Cité par »


@dataclass
class Stub:
    """A provision cited but absent from the corpus's text: of a law the corpus has (``in_corpus_law``), or of an
    absent law (then also the law itself, a stub page)."""

    pid: ProvisionId
    in_corpus_law: bool  # the law is present but not this provision

    @property
    def id(self) -> str:
        return str(self.pid)

    @property
    def law(self) -> int:
        return self.pid.law

    @property
    def path(self) -> tuple[str, ...]:
        return self.pid.path

    @property
    def anchor(self) -> str:
        return self.pid.anchor


@dataclass
class Model:
    root: Path
    laws: dict[int, Law] = field(default_factory=dict)
    commentaries: dict[str, Commentary] = field(default_factory=dict)
    provisions: dict[ProvisionId, Provision] = field(default_factory=dict)
    citations: list[ResolvedCitation] = field(default_factory=list)
    stubs: dict[ProvisionId, Stub] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    backlinks: dict[ProvisionId, list[ResolvedCitation]] = field(default_factory=dict)  # target → citations
    edition: Edition = field(default_factory=Edition)  # titles of the 93 laws, publisher, partial laws
    # the project's statements about laws the corpus has no text of (corpus/lois-absentes.yaml)
    absent_statements: list = field(default_factory=list)
    # citations of the project's texts that do not yet carry the words of the Code (lois.core.grounds)
    unfounded: list = field(default_factory=list)
    # the digest of the files the model was read from (their path and SHA-256 of their bytes): an object validated
    # against the model is valid against any model of the same stamp (lois.core.filememo)
    stamp: str = ""
    # indexes of the queries below, built on first use (rebuilt if citations or stubs are added)
    _index: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # (law, path) of where a text stands → its text → its citations (lois.core.annotate), each text found once
    _spans: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, key: tuple, build, lasting: bool = False):
        """What a feature reads from the corpus beside the laws (its notes, its checklists…), read and validated
        once per reading of the corpus: the build, its check and the search documents share it. ``key`` names the
        data; ``lasting``: it is read from the model alone, and kept as long as the model (:meth:`renew`)."""
        found = self._derived.get(key)
        if found is None:
            self._derived[key] = (build(), lasting)  # what it read is noted in the trace under way
            return self._derived[key][0]
        reads.note(("d", key), found[0])  # read from the memo: its presence in a new model (lois.core.reads)
        return found[0]

    def renew(self) -> "Model":
        """The model, for a new reading of a corpus whose files it was read from are unchanged (`mkdocs serve`):
        what was read from the other files is dropped (:meth:`derived`, the citations without words that their
        readers add), what was derived from the model alone is kept (the citations found in each text…)."""
        self._derived = {k: v for k, v in self._derived.items() if v[1]}
        self.unfounded = []
        return self

    def citations_in(self, text: str, law: int | None, path: tuple[str, ...] = ()) -> tuple[Span, ...]:
        """The citations of `text` that resolve, read from provision (`law`, `path`), with their offsets: found
        when the corpus is loaded for the texts of the laws and commentaries as rendered, and the first time
        it is asked for any other text; never twice (:mod:`lois.core.annotate`)."""
        texts = self._spans.setdefault((law, path), {})  # (under serve, with what finding them read: lois.core.reads)
        return reads.memo(texts, text, lambda: find_spans(self, text, law, path))

    # ------------------------------------------------------------------ queries
    @property
    def edges(self) -> list[tuple[ProvisionId | str, ProvisionId, str]]:
        return [(c.source, t, c.text) for c in self.citations for t in c.targets]

    def _indexed(self, name: str, build):
        key = (len(self.citations), len(self.stubs))
        if self._index.get("key") != key:
            self._index.clear()
            self._index["key"] = key
        if name not in self._index:
            self._index[name] = build()
        return self._index[name]

    def _group(self, key_fn) -> dict:
        out: dict = {}
        for c in self.citations:
            for k in dict.fromkeys(key_fn(c)):
                out.setdefault(k, []).append(c)
        return out

    def cited_by(self, target: ProvisionId) -> list[ResolvedCitation]:
        return self.backlinks.get(target, [])

    @reads.recorded
    def cites_from(self, source: ProvisionId | str) -> list[ResolvedCitation]:
        """Citations made by a provision (or a commentary node id), in reading order."""
        return list(self._indexed("from", lambda: self._group(lambda c: [c.source])).get(source, []))

    @reads.recorded
    def cited_by_law(self, law: int) -> list[ResolvedCitation]:
        by_law = self._indexed("by_law", lambda: self._group(lambda c: [t.law for t in c.targets]))
        return list(by_law.get(law, []))

    @reads.recorded
    def stub_laws(self) -> list[int]:
        return list(self._indexed("stub_laws", lambda: sorted({s.law for s in self.stubs.values()
                                                                 if not s.in_corpus_law})))

    def link_target(self, target: ProvisionId) -> ProvisionId:
        """Where a link to the provision `target` lands: the nearest of `target` and its ancestors that has a place
        of its own, a provision of the corpus or a stub of a law whose text is absent (on the law's stub page); else
        the law's page. A stub in a law of the corpus has no place of its own: it lands on its nearest present
        ancestor, and so does an id the corpus never cites (« 50D2(a)(iii) » on a club's page, which the linkifier
        walks up the same way: tests/linkifier_cases.yaml)."""
        for up in (target, *reversed(target.ancestors)):
            if up in self.provisions:
                return up
            stub = self.stubs.get(up)
            if stub is not None and not stub.in_corpus_law:
                return up
        return ProvisionId(target.law)

    def provenance(self, law: int) -> tuple[Provenance, ...]:
        """What the words of a law of the corpus are (:mod:`lois.core.provenance`): what its master declares and,
        when corpus/edition.yaml lists sections its source leaves out, a partial quotation; () if undeclared."""
        return law_provenance(self.laws[law].meta.provenance, law in self.edition.partial)

    def law_title(self, law: int) -> str | None:
        """The French title of a law: its master's, else the one read in the official edition (edition.yaml)."""
        if law in self.laws and self.laws[law].title:
            return self.laws[law].title
        t = self.edition.titles.get(law)
        return t.title if t else None

    def node_title(self, node: ProvisionId | str) -> str:
        """The title of a node of the graph: a provision, a stub, or a commentary (its node id)."""
        if isinstance(node, str):
            return self.commentaries[NodeRef.parse(node).key].title if is_commentary(node) else node
        if node in self.provisions:
            p = self.provisions[node]
            if p.level is Level.LAW:
                t = self.law_title(p.law)
                return f"Loi {p.law}" + (f" — {t}" if t else "")
            if p.title:
                return p.title
            return _short(p.text)
        if node in self.stubs:
            t = self.law_title(node.law) if node.level is Level.LAW else None
            return f"Loi {node}" + (f" — {t}" if t else "") + " (texte non inclus)"
        return str(node)

    def graph_json(self) -> dict:
        nodes = []
        for law in sorted(self.laws):
            for p in self.laws[law].provisions():
                nodes.append({"id": p.id, "law": p.law, "kind": Kind.LAW if p.level is Level.LAW else Kind.PROVISION,
                              "title": self.node_title(p.pid)})
        for sid in sorted(self.stubs, key=lambda pid: pid.code_order):
            nodes.append({"id": str(sid), "law": sid.law, "kind": Kind.STUB, "title": self.node_title(sid)})
        for c in self.commentaries.values():
            nodes.append({"id": c.node_id, "law": c.laws[0], "kind": Kind.COMMENTARY, "title": c.title})
        edges = [{"source": str(s), "target": str(t), "text": txt} for s, t, txt in self.edges]
        return {"nodes": nodes, "edges": edges}


def _short(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + "…"


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of `text` around [start, end)."""
    left = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start), text.rfind("; ", 0, start))
    left = 0 if left < 0 else left + 1
    right_candidates = [i for i in (text.find(". ", end), text.find("\n", end)) if i >= 0]
    right = min(right_candidates) + 1 if right_candidates else len(text)
    return text[left:right].strip()


def load_corpus(root: Path) -> Model:
    root = Path(root)
    if not root.is_dir():
        raise LoisError("dossier du corpus introuvable", str(root))
    # every entry of the corpus, before anything is read: a pipe, a device, a dangling link, an unreadable folder
    # or a folder named « x.md » is reported by name here, whoever would have read it later
    safeio.check_tree(root)
    with safeio.recording() as files_read:  # the files the model is read from, and their bytes: its stamp
        model = _read_model(root)
    model.stamp = _stamp(files_read)
    last = filememo.last_model(model.stamp, model.root)
    if last is not None:
        return last.renew()  # the same files as the last reading: the model read then, whole
    _resolve_all(model)
    _resolve_explained_provisions(model)
    reads.watch(model)  # under `mkdocs serve`, what is read of it is noted from now on (lois.core.reads)
    _find_rendered_citations(model)
    filememo.keep_model(model)
    return model


def _stamp(files_read: dict) -> str:
    """The digest of the files read: their names and the SHA-256 of their bytes (None: read twice, changed)."""
    if any(v is None for v in files_read.values()):
        return ""  # a file saved while the corpus was read: a stamp that no reading will give again
    return hashlib.sha256(repr(sorted(files_read.items())).encode("utf-8")).hexdigest()


def _read_model(root: Path) -> Model:
    """The laws, commentaries, edition facts and register of absent laws, each file parsed (lois.core.filememo)."""
    from lois.core.absent import load_absent_statements

    model = Model(root)
    model.edition = load_edition(root)
    law_dir = root / "lois"
    if not law_dir.is_dir():
        raise LoisError("dossier des lois introuvable", str(law_dir))
    absent = model.edition.absent_sections()  # the sections a partial source leaves out: no gap for them
    frozen_absent = tuple(sorted((n, tuple(sorted(v))) for n, v in absent.items()))
    for f in _files(law_dir, ".md"):
        law = filememo.derive("law", f, partial(parse_law, path=str(f), absent=absent), frozen_absent)
        if law.number in model.laws:
            raise LoisError(f"la Loi {law.number} est définie deux fois (aussi dans {model.laws[law.number].file})",
                            str(f), 2)
        model.laws[law.number] = law
        for p in law.provisions():
            model.provisions[p.pid] = p
    check_partial(model.edition, model.laws)
    comm_dir = root / "commentaires"
    if comm_dir.is_dir():
        for f in _files(comm_dir, ".md"):
            c = filememo.derive("commentary", f, partial(parse_commentary, path=str(f)))
            if c.id in model.commentaries:
                raise LoisError(f"commentaire « {c.id} » défini deux fois", str(f), 2)
            model.commentaries[c.id] = c
    model.absent_statements = load_absent_statements(root, model)
    return model


def _resolve_explained_provisions(model: Model) -> None:
    """The provisions each commentary explains, resolved by its schema's type now that the corpus is read (a
    provision of a law whose text is absent resolves to its stub, known from every text's citations)."""
    from lois.core.schemas import Provisions

    for key, c in model.commentaries.items():
        if c.provisions:
            resolved = validate(c.front, Provisions, "provisions", what="en-tête du commentaire",
                                context={"model": model})
            model.commentaries[key] = c.model_copy(update={"provisions": resolved})


def _find_rendered_citations(model: Model) -> None:
    """The citations of the texts the site renders (each run of a provision's blocks, its law's footnotes, a
    commentary's text), found once here: rendering applies them (Model.citations_in)."""
    for law in model.laws.values():
        for p in law.provisions():
            for b in p.blocks:
                if b.kind == "table":
                    runs = markdown_runs(b.source)
                elif b.kind == "bullets":
                    runs = (run for item in b.tokens for run in text_runs(item))
                else:
                    runs = text_runs(b.tokens)
                for run in runs:
                    model.citations_in(run, p.law, p.path)
        for note in law.footnotes.values():
            model.citations_in(note, law.number, ())
    for c in model.commentaries.values():
        for run in text_runs(c.tokens):
            model.citations_in(run, c.laws[0], ())
        for r in c.remarks or []:  # the project's remarks beside it (render.pages.commentary_remarks)
            model.citations_in(" ".join(r.remark.split()), c.laws[0], ())
    for st in model.absent_statements:  # the register's statements, shown on the pages of their laws
        model.citations_in(st.statement, None, ())
    for kind in (model.edition.omitted, model.edition.wording):  # what a partial source leaves out, where a
        for n, notes in kind.items():                                # source's words differ: the site's words
            for pid, text in notes.items():
                model.citations_in(text, n, pid.path)


def _files(folder: Path, suffix: str) -> list[Path]:
    """The files of ``folder`` with this suffix, sorted; an unreadable folder is an error naming it (a glob would
    find nothing, and the laws would vanish)."""
    return safeio.files_of(folder, suffix)


def _resolve_all(model: Model) -> None:
    errors: list[LoisError] = []
    for law in model.laws.values():
        for p in law.provisions():
            found = find_citations(p.text)
            for prob in unknown_forms(p.text, found):
                errors.append(LoisError(f"{prob.message} (dans {p.id})", p.file, p.line_at(prob.start)))
            for c in found:
                targets, problems = resolve_citation(model, c, p.text, p.law, p.path)
                line = p.line_at(c.start)
                for prob in problems:
                    errors.append(LoisError(f"{prob.message} (dans {p.id})", p.file, line))
                if targets:
                    model.citations.append(ResolvedCitation(p.pid, p.law, c.text, c.start, c.end, targets, p.file,
                                                            line, _sentence(p.text, c.start, c.end)))
    for com in model.commentaries.values():
        found = find_citations(com.text)
        for prob in unknown_forms(com.text, found):
            errors.append(LoisError(f"{prob.message} (dans le commentaire {com.id})", com.file,
                                    com.line_at(prob.start)))
        for c in found:
            targets, problems = resolve_citation(model, c, com.text, com.laws[0], ())
            line = com.line_at(c.start)
            for prob in problems:
                errors.append(LoisError(f"{prob.message} (dans le commentaire {com.id})", com.file, line))
            if targets:
                model.citations.append(ResolvedCitation(com.node_id, com.laws[0], c.text, c.start, c.end, targets,
                                                        com.file, line, _sentence(com.text, c.start, c.end)))
    if errors:
        raise errors[0]
    for rc in model.citations:
        for t in rc.targets:
            model.backlinks.setdefault(t, []).append(rc)
            if t in model.provisions or t in model.stubs:
                continue
            present = t.law in model.laws
            model.stubs[t] = Stub(t, present)
            if present:
                model.warnings.append(f"{rc.file}, ligne {rc.line} ({rc.source}) : "
                                      f"{not_found(str(t), not_in_law(t.law))}" + leads_to(model.link_target(t)))
            if not present:
                _absent_law_page(model, t.law)
    # a law that the register of absent laws summarises has its page (« Ce que le site en dit ») even when no text
    # cites it: search finds it by those words, and the reader must land where they stand
    for st in model.absent_statements:
        if st.law not in model.laws:
            _absent_law_page(model, st.law)


def _absent_law_page(model: Model, law: int) -> None:
    """The law-level stub of a law whose text is absent: its page (render.law_page.render_stub)."""
    law_id = ProvisionId(law)
    if law_id not in model.stubs:
        model.stubs[law_id] = Stub(law_id, False)
