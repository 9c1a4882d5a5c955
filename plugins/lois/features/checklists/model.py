"""Load and validate ruling checklists (``corpus/checklists/<name>.yaml``).

A checklist is a decision tree kept as data::

    title: Renonce
    laws: [61, 62, 63, 64]
    start: douzieme                # first question
    questions:
      - id: douzieme
        text: La renonce a-t-elle eu lieu à la douzième levée ?
        cites: ["64B7"]            # provisions the question applies
        choices:
          - {id: oui, label: Oui, next: douzieme_levee}   # a question or an outcome
          - {id: non, label: Non, next: consommee}
    outcomes:
      - id: douzieme_levee
        title: …
        ruling: …                  # the ruling, in French
        effects: {tricks_transferred: 0, adjusted_score_possible: true}
        cites: ["62D", "64B7"]
    cases:                         # scenario cases: answers → expected outcome
      - {name: …, answers: {douzieme: oui}, expected: douzieme_levee}

Every refusal names the file and the line (the YAML is composed by hand so that
each key keeps its line).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from lois.core.cite import format_id, parse_provision_id
from lois.core.errors import LoisError
from lois.core.parse import YAML_LOADER, read_text, yaml_load

# Effects an outcome may set: key → (type, default, French label). Unset effects take the default.
EFFECTS: dict[str, tuple[type, object, str]] = {
    "tricks_transferred": (int, 0, "Levées transférées au camp non fautif"),
    "penalty_card": (str, "none", "Carte pénalisée"),
    "partner_must_pass": (bool, False, "Le partenaire du joueur fautif doit passer"),
    "offender_must_pass": (bool, False, "Le joueur fautif doit passer"),
    "lead_restrictions": (bool, False, "Restrictions d'entame ou d'attaque possibles"),
    "declarer_lead_options": (bool, False, "Le déclarant choisit parmi les options d'attaque"),
    "unauthorized_information": (bool, False, "Information non autorisée pour le partenaire (Loi 16)"),
    "adjusted_score_possible": (bool, False, "Marque ajustée possible"),
    "adjusted_score": (bool, False, "La marque est ajustée"),
    "weighted_score_possible": (bool, False, "La marque ajustée peut être pondérée (Loi 12C1(c))"),
    "non_offending_self_inflicted": (bool, False, "Le camp non fautif garde la part du dommage qu'il s'est causée (Loi 12C1(e))"),
    "correction": (bool, False, "L'irrégularité est corrigée"),
    "rectification_lost": (bool, False, "Le droit à rectification peut être perdu"),
    "procedural_penalty_possible": (bool, False, "Pénalité de procédure possible"),
}
PENALTY_CARD_VALUES = {"none": "aucune", "minor": "secondaire", "major": "principale"}


@dataclass
class Choice:
    id: str
    label: str
    next: str
    short: str
    line: int
    next_line: int = 0


@dataclass
class Question:
    id: str
    text: str
    help: str
    cites: list[str]
    choices: list[Choice]
    line: int

    def choice(self, cid: str) -> Choice | None:
        return next((c for c in self.choices if c.id == cid), None)


@dataclass
class Outcome:
    id: str
    title: str
    ruling: str
    effects: dict
    cites: list[str]
    line: int


@dataclass
class Case:
    name: str
    answers: dict[str, str]
    expected: str
    line: int


@dataclass
class Checklist:
    name: str
    title: str
    description: str
    laws: list[int]
    start: str
    questions: dict[str, Question]
    outcomes: dict[str, Outcome]
    cases: list[Case] = field(default_factory=list)
    file: str = ""

    def node(self, nid: str):
        return self.questions.get(nid) or self.outcomes.get(nid)


# --------------------------------------------------------------------------- YAML with lines

class _Map(dict):
    line: int = 0
    lines: dict

class _Seq(list):
    line: int = 0


def _load_yaml(path: Path):
    text = read_text(path)  # LoisError (French, file, line) for an empty file or bad encoding
    loader = YAML_LOADER(text)
    try:
        node = loader.get_single_node()
        return _convert(node, loader, str(path))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise LoisError(f"YAML illisible : {exc.problem or exc}", str(path), mark.line + 1 if mark else None) from None
    finally:
        loader.dispose()


def _convert(node, loader, file: str):
    if node is None:
        return None
    if isinstance(node, yaml.MappingNode):
        out = _Map()
        out.line = node.start_mark.line + 1
        out.lines = {}
        for knode, vnode in node.value:
            key = loader.construct_object(knode, deep=True)
            if key in out:
                raise LoisError(f"clé « {key} » en double", file, knode.start_mark.line + 1)
            out[key] = _convert(vnode, loader, file)
            out.lines[key] = knode.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        out = _Seq(_convert(v, loader, file) for v in node.value)
        out.line = node.start_mark.line + 1
        out.item_lines = [v.start_mark.line + 1 for v in node.value]
        return out
    return loader.construct_object(node, deep=True)


# --------------------------------------------------------------------------- validation

class _Ctx:
    def __init__(self, file: str):
        self.file = file

    def err(self, msg: str, line: int | None):
        raise LoisError(msg, self.file, line)

    def text(self, m: _Map, key: str, what: str, required: bool = True) -> str:
        v = m.get(key)
        if v is None:
            if required:
                self.err(f"{what} : champ « {key} » manquant", m.line)
            return ""
        if not isinstance(v, str) or not v.strip():
            self.err(f"{what} : « {key} » doit être un texte non vide", m.lines.get(key, m.line))
        return " ".join(v.split()) if key not in ("ruling", "help", "description") else v.strip()

    def mapping(self, v, what: str, line: int) -> _Map:
        if not isinstance(v, _Map):
            self.err(f"{what} doit être une table (clé: valeur)", line)
        return v

    def seq(self, v, what: str, line: int) -> _Seq:
        if not isinstance(v, _Seq) or not v:
            self.err(f"{what} doit être une liste non vide", line)
        return v


def check_citation(model, raw, where: str, ctx: _Ctx, line: int) -> str:
    """Canonical id of a cited provision; refuses ids that do not resolve in the corpus model."""
    if not isinstance(raw, (str, int)):
        ctx.err(f"{where} : citation invalide « {raw} »", line)
    ref = parse_provision_id(str(raw))
    m = re.match(r"\s*(?:lois?\s*)?(\d+)", str(raw), re.I)
    if (ref is None or ref.law is None) and m and not 1 <= int(m.group(1)) <= 93:
        ctx.err(f"{where} : « {raw} » ne se résout pas : la Loi {int(m.group(1))} n'existe pas (le Code compte 93 "
                f"lois)", line)
    if ref is None or ref.law is None:
        ctx.err(f"{where} : « {raw} » n'est pas un identifiant de provision (ex. 64A1, 50D2(a))", line)
    if not 1 <= ref.law <= 93:
        ctx.err(f"{where} : « {raw} » ne se résout pas : la Loi {ref.law} n'existe pas (le Code compte 93 lois)",
                line)
    pid = format_id(ref.law, tuple(ref.path))
    if model is not None and ref.law in model.laws and pid not in model.provisions:
        ctx.err(f"{where} : « {raw} » ne se résout pas : la provision {pid} ne figure pas dans le texte de la "
                f"Loi {ref.law} du corpus", line)
    return pid


def _cites(model, m: _Map, where: str, ctx: _Ctx, required: bool) -> list[str]:
    raw = m.get("cites")
    if raw is None:
        if required:
            ctx.err(f"{where} : champ « cites » manquant (les provisions appliquées)", m.line)
        return []
    seq = ctx.seq(raw, f"{where} : « cites »", m.lines.get("cites", m.line))
    return [check_citation(model, c, where, ctx, seq.item_lines[i]) for i, c in enumerate(seq)]


def _effects(m: _Map, where: str, ctx: _Ctx) -> dict:
    raw = m.get("effects")
    out = {k: d for k, (_t, d, _l) in EFFECTS.items()}
    if raw is None:
        return out
    raw = ctx.mapping(raw, f"{where} : « effects »", m.lines.get("effects", m.line))
    for k, v in raw.items():
        line = raw.lines[k]
        if k not in EFFECTS:
            ctx.err(f"{where} : effet inconnu « {k} » (connus : {', '.join(EFFECTS)})", line)
        typ = EFFECTS[k][0]
        if typ is bool and not isinstance(v, bool) or typ is int and (isinstance(v, bool) or not isinstance(v, int)) \
                or typ is str and not isinstance(v, str):
            ctx.err(f"{where} : l'effet « {k} » doit être {'vrai/faux' if typ is bool else 'un nombre' if typ is int else 'un texte'}",
                    line)
        if k == "penalty_card" and v not in PENALTY_CARD_VALUES:
            ctx.err(f"{where} : « penalty_card » vaut none, minor ou major (pas « {v} »)", line)
        if k == "tricks_transferred" and not 0 <= v <= 2:
            ctx.err(f"{where} : « tricks_transferred » vaut 0, 1 ou 2 (Loi 64A)", line)
        out[k] = v
    return out


def load_checklist(path: Path, model) -> Checklist:
    path = Path(path)
    ctx = _Ctx(str(path))
    data = _load_yaml(path)
    data = ctx.mapping(data, "le fichier", 1)
    name = path.stem
    title = ctx.text(data, "title", "liste")
    description = ctx.text(data, "description", "liste", required=False)
    laws_raw = data.get("laws") or []
    laws = []
    for i, n in enumerate(laws_raw):
        if not isinstance(n, int) or not 1 <= n <= 93:
            ctx.err(f"« laws » : « {n} » n'est pas un numéro de loi (1 à 93)", laws_raw.item_lines[i])
        laws.append(n)
    start = ctx.text(data, "start", "liste")

    questions: dict[str, Question] = {}
    qseq = ctx.seq(data.get("questions"), "« questions »", data.lines.get("questions", data.line))
    for qm in qseq:
        qm = ctx.mapping(qm, "une question", qseq.line)
        qid = ctx.text(qm, "id", "question")
        where = f"question « {qid} »"
        if qid in questions:
            ctx.err(f"{where} définie deux fois (aussi ligne {questions[qid].line})", qm.line)
        choices = []
        cseq = ctx.seq(qm.get("choices"), f"{where} : « choices »", qm.lines.get("choices", qm.line))
        if len(cseq) < 2:
            ctx.err(f"{where} : il faut au moins deux choix", cseq.line)
        for cm in cseq:
            cm = ctx.mapping(cm, f"{where} : un choix", cseq.line)
            cid = ctx.text(cm, "id", f"{where}, choix")
            if any(c.id == cid for c in choices):
                ctx.err(f"{where} : choix « {cid} » en double", cm.line)
            label = ctx.text(cm, "label", f"{where}, choix « {cid} »")
            nxt = cm.get("next")
            if not isinstance(nxt, str) or not nxt.strip():
                ctx.err(f"{where} : le choix « {cid} » ne mène nulle part (champ « next » manquant)", cm.line)
            short = ctx.text(cm, "short", f"{where}, choix « {cid} »", required=False) or label
            choices.append(Choice(cid, label, nxt.strip(), short, cm.line, cm.lines.get("next", cm.line)))
        questions[qid] = Question(qid, ctx.text(qm, "text", where), ctx.text(qm, "help", where, required=False),
                                  _cites(model, qm, where, ctx, required=True), choices, qm.line)

    outcomes: dict[str, Outcome] = {}
    oseq = ctx.seq(data.get("outcomes"), "« outcomes »", data.lines.get("outcomes", data.line))
    for om in oseq:
        om = ctx.mapping(om, "une issue", oseq.line)
        oid = ctx.text(om, "id", "issue")
        where = f"issue « {oid} »"
        if oid in outcomes or oid in questions:
            ctx.err(f"{where} : identifiant déjà utilisé", om.line)
        outcomes[oid] = Outcome(oid, ctx.text(om, "title", where), ctx.text(om, "ruling", where),
                                _effects(om, where, ctx), _cites(model, om, where, ctx, required=True), om.line)

    if start not in questions:
        ctx.err(f"« start » : « {start} » n'est pas une question", data.lines.get("start"))
    for q in questions.values():
        for c in q.choices:
            if c.next not in questions and c.next not in outcomes:
                ctx.err(f"question « {q.id} » : le choix « {c.id} » mène à « {c.next} », qui n'est ni une question "
                        f"ni une issue", c.next_line)

    # cycles (depth-first search with colours), then reachability
    colour: dict[str, int] = {}

    def visit(nid: str, stack: list[str]):
        colour[nid] = 1
        for c in questions[nid].choices:
            if c.next in questions:
                if colour.get(c.next) == 1:
                    cyc = stack[stack.index(c.next):] + [c.next] if c.next in stack else [nid, c.next]
                    ctx.err(f"cycle : {' → '.join(cyc)} (le choix « {c.id} » de « {nid} » revient en arrière)",
                            c.next_line)
                if c.next not in colour:
                    visit(c.next, stack + [c.next])
        colour[nid] = 2

    visit(start, [start])
    for qid in questions:
        if qid not in colour:
            visit(qid, [qid])
    reached = {start}
    todo = [start]
    while todo:
        for c in questions[todo.pop()].choices:
            if c.next not in reached:
                reached.add(c.next)
                if c.next in questions:
                    todo.append(c.next)
    for q in questions.values():
        if q.id not in reached:
            ctx.err(f"question « {q.id} » : aucun chemin ne la pose (aucun choix n'y mène depuis « {start} »)",
                    q.line)
    for o in outcomes.values():
        if o.id not in reached:
            ctx.err(f"issue « {o.id} » inaccessible : aucun choix n'y mène depuis « {start} »", o.line)

    cases = []
    raw_cases = data.get("cases") or _Seq()
    for cm in raw_cases:
        cm = ctx.mapping(cm, "un cas", raw_cases.line)
        cname = ctx.text(cm, "name", "cas")
        ans = ctx.mapping(cm.get("answers"), f"cas « {cname} » : « answers »", cm.lines.get("answers", cm.line))
        for k, v in ans.items():
            if k not in questions:
                ctx.err(f"cas « {cname} » : question inconnue « {k} »", ans.lines[k])
            if questions[k].choice(str(v)) is None:
                ctx.err(f"cas « {cname} » : « {v} » n'est pas un choix de la question « {k} » "
                        f"({', '.join(c.id for c in questions[k].choices)})", ans.lines[k])
        expected = ctx.text(cm, "expected", f"cas « {cname} »")
        if expected not in outcomes:
            ctx.err(f"cas « {cname} » : issue attendue inconnue « {expected} »", cm.lines["expected"])
        cases.append(Case(cname, {k: str(v) for k, v in ans.items()}, expected, cm.line))
    return Checklist(name, title, description, laws, start, questions, outcomes, cases, str(path))


def checklist_dir(corpus: Path) -> Path:
    return Path(corpus) / "checklists"


def load_checklists(corpus: Path, model) -> dict[str, Checklist]:
    d = checklist_dir(corpus)
    out: dict[str, Checklist] = {}
    if d.is_dir():
        for f in sorted(d.glob("*.yaml")):
            cl = load_checklist(f, model)
            out[cl.name] = cl
    return out


@dataclass
class WorkedExample:
    file: str
    name: str
    checklist: str
    answers: dict[str, str]
    expected: str


def worked_examples(corpus: Path) -> list[WorkedExample]:
    """Worked examples (``corpus/exemples/*.yaml``) that name a checklist, its answers and the expected outcome.

    A file holds one example (a mapping), a list of them, or a mapping with an ``examples`` list."""
    out: list[WorkedExample] = []
    d = Path(corpus) / "exemples"
    if not d.is_dir():
        return out
    for f in sorted(d.glob("*.y*ml")):
        try:
            data = yaml_load(read_text(f))
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise LoisError(f"YAML illisible : {getattr(exc, 'problem', None) or exc}", str(f),
                            mark.line + 1 if mark else None) from None
        items = data if isinstance(data, list) else (data.get("examples") or data.get("exemples") or [data]) \
            if isinstance(data, dict) else []
        for i, ex in enumerate(items):
            if not isinstance(ex, dict) or not ex.get("checklist"):
                continue
            name = str(ex.get("id") or ex.get("title") or ex.get("titre") or f"{f.stem}[{i}]")
            out.append(WorkedExample(str(f), name, str(ex["checklist"]),
                                     {str(k): str(v) for k, v in (ex.get("answers") or {}).items()},
                                     str(ex.get("expected_outcome") or "")))
    return out
