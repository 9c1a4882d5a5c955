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
        players:                   # « Ce que je dis aux joueurs »: what the director says, in order,
          - La renonce est corrigée (Loi 62D).   # each sentence citing the provision that says it
    cases:                         # scenario cases: answers → expected outcome
      - {name: …, answers: {douzieme: oui}, expected: douzieme_levee}
    aside:                         # provisions of its laws that no outcome reaches, each with the reason (French);
      "61": …                      # see lois.features.checklists.coverage

One class per part of the file (:class:`Checklist`, :class:`Question`, :class:`Choice`, :class:`Outcome`,
:class:`Case`), the file's schema and what the site reads alike, checked by :func:`lois.core.yamlfile.validate`:
its validators resolve the citations, make the texts one line, read the questions and outcomes as tables by id
(an id defined twice is refused there) and fill in the lines (``Loaded``); the loader then checks what types
cannot say (links, cycles, reachability, cases, what is said to the players). Every refusal names the file and
the line.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional, Union

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr, ValidationInfo

from lois.core import filememo, safeio
from lois.core.cite import provision_id, unknown_provision
from lois.core.ids import ProvisionId, is_law_number
from lois.core.errors import LoisError
from lois.core.grounds import Located, Words, check_cited, check_words, grounds_of
from lois.core.schemas import Answer, LawNumber, Text, node_id
from lois.core.parse import read_text
from lois.core.yamlfile import Loaded, Schema, YamlDoc, corpus_error, parse_yaml, structure_error, validate
from lois.features.checklists.coverage import aside_problem, contradictions

# Effects an outcome may set: key → (type, default, French label). Unset effects take the default.
EFFECTS: dict[str, tuple[type, object, str]] = {
    "tricks_transferred": (int, 0, "Levées transférées au camp non fautif"),
    "penalty_card": (str, "none", "Carte pénalisée"),
    "partner_must_pass": (bool, False, "Le partenaire du joueur fautif doit passer"),
    "offender_must_pass": (bool, False, "Le joueur fautif doit passer"),
    "lead_restrictions": (bool, False, "Restrictions d'entame ou d'attaque possibles"),
    "declarer_lead_options": (bool, False, "Le déclarant choisit parmi les options d'attaque"),
    # information from partner (16B1, 20F, 75A) or from a penalty card (50E2, 50E3): unauthorised for the partner
    "unauthorized_information": (bool, False, "Information non autorisée pour le partenaire (Loi 16)"),
    # information from a withdrawn call or play (16C2): unauthorised for the whole offending side, offender included
    "withdrawn_action_information": (bool, False, "Information de l'action retirée non autorisée pour le camp fautif, "
                                                  "joueur fautif compris (Loi 16C2)"),
    "adjusted_score_possible": (bool, False, "Marque ajustée possible"),
    "adjusted_score": (bool, False, "La marque est ajustée"),
    "weighted_score_possible": (bool, False, "La marque ajustée peut être pondérée (Loi 12C1(c))"),
    "non_offending_self_inflicted": (bool, False,
                                     "Le camp non fautif garde la part du dommage qu'il s'est causée (Loi 12C1(e))"),
    "correction": (bool, False, "L'irrégularité est corrigée"),
    "rectification_lost": (bool, False, "Le droit à rectification peut être perdu"),
    "procedural_penalty_possible": (bool, False, "Pénalité de procédure possible"),
}
PENALTY_CARD_VALUES = {"none": "aucune", "minor": "secondaire", "major": "principale"}
# tricks_transferred of an outcome reached while play goes on (a revoke established mid-hand): not yet known,
# counted at the end of play (Loi 64A); its French text
TRICKS_AT_END = {"fin_du_jeu": "à compter à la fin du jeu"}


# --------------------------------------------------------------------------- schema

Id = Annotated[StrictStr, AfterValidator(node_id)]  # in addresses and on the command line: lois.core.schemas.NODE_ID


def _citation(model, raw) -> tuple[ProvisionId | None, str | None]:
    """The cited provision, or why it does not resolve in the corpus `model` (None: form and law number only)."""
    pid = raw if isinstance(raw, ProvisionId) else provision_id(raw)
    if pid is None or not is_law_number(pid.law):  # « Loi 94 », read by the grammar: a law the Code does not have
        return None, unknown_provision(raw)
    if (model is not None and pid.law in model.laws and pid not in model.provisions
            and model.edition.summary(pid, model.provisions) is None):
        # a provision the partial source leaves out is cited where edition.yaml says what it is (27C, 27B4)
        return None, unknown_provision(raw, model.laws)
    return pid, None


def check_citation(model, pid: ProvisionId, where: str, doc: YamlDoc, *keys) -> ProvisionId:
    """The cited provision; refuses one that does not resolve in the corpus model."""
    found, problem = _citation(model, pid)
    if found is None:
        raise doc.error(f"{where} : {problem}", *keys)
    return found


def _cites_of(kind: str):
    """The validator of a question's or an outcome's ``cites``: provisions that resolve in the corpus model (the
    validation's context), each refusal naming the question or outcome (« question « rang » : … »)."""
    def resolved(cites: list, info: ValidationInfo) -> list[ProvisionId]:
        where = f"{kind} « {info.data.get('id')} »"
        out = []
        for i, raw in enumerate(cites):
            pid, problem = _citation((info.context or {}).get("model"), raw)
            if pid is None:
                raise corpus_error(f"{where} : {problem}", i)
            out.append(pid)
        return out
    return AfterValidator(resolved)


def _set_aside(entries: dict | None, info: ValidationInfo) -> dict[ProvisionId, str]:
    """The validator of ``aside``: each provision read once, a unit of the coverage of the checklist's
    laws (:func:`lois.features.checklists.coverage.aside_problem`), named once; each reason on one line."""
    laws = info.data.get("laws")
    if laws is None or entries is None:  # « laws » itself is wrong: refused as such
        return {}
    model = (info.context or {}).get("model")
    out: dict[ProvisionId, str] = {}
    written: dict[ProvisionId, object] = {}
    for raw, reason in entries.items():
        pid, problem = _citation(None, raw)  # its form and law number; whether it exists: aside_problem
        if pid is not None:
            problem = aside_problem(model, laws, pid)
        if pid is None or problem:
            raise corpus_error(f"« aside » : {problem}", raw)
        if pid in written:
            raise corpus_error(f"« aside » : « {raw} » et « {written[pid]} » désignent la même provision ({pid})", raw)
        written[pid] = raw
        out[pid] = one_line(reason)
    return out


def one_line(text: str) -> str:
    """A checklist text as the site links it: its white space made single spaces."""
    return " ".join(text.split())


def _trimmed(text: str | None) -> str:
    return (text or "").strip()


def _short(short: str | None, info: ValidationInfo) -> str:
    """A choice's short label (the flowchart's), on one line: its label when the file gives none."""
    return one_line(short or info.data.get("label") or "")


def _line(info: ValidationInfo, *keys) -> int:
    """The line of the value at `keys` under the field being validated (the file: the validation's context)."""
    return (info.context or {})["doc"].line(info.field_name, *keys)


if TYPE_CHECKING:
    QuestionCites = list[ProvisionId]
    OutcomeCites = list[ProvisionId]
    SetAside = dict[ProvisionId, str]
    OneLine = str
    Stripped = str
    OrEmpty = str
    Next = str
    Short = str
    Said = list[str]
    Effects = dict
else:  # a provision as written (« 64B7 », or a law number: 64), read as the provision it names
    _Cites = Annotated[list[Union[StrictStr, StrictInt]], Field(min_length=1)]
    QuestionCites = Annotated[_Cites, _cites_of("question")]
    OutcomeCites = Annotated[_Cites, _cites_of("issue")]
    # provision (as written, as in « cites ») → why the checklist leaves it aside, in French
    SetAside = Annotated[Optional[dict[Union[StrictStr, StrictInt], Text]], AfterValidator(_set_aside)]
    # a text as loaded: made one line (labels, titles), stripped, or stripped and "" when absent
    OneLine = Annotated[Text, AfterValidator(one_line)]
    Stripped = Annotated[Text, AfterValidator(str.strip)]
    OrEmpty = Annotated[Optional[Text], AfterValidator(_trimmed)]
    # "": refused by the question, in its words; else an id (written as the ids it names)
    Next = Annotated[Optional[StrictStr], AfterValidator(_trimmed), AfterValidator(lambda n: n and node_id(n))]
    Short = Annotated[Optional[Text], AfterValidator(_short)]
    Said = Annotated[Optional[list[Text]], AfterValidator(lambda said: [one_line(t) for t in said or []])]
    Effects = Optional[dict[StrictStr, Union[StrictBool, StrictInt, StrictStr]]]  # keys: EFFECTS (_effects)


class Choice(Schema):
    """A choice of a question: where it leads, its label and short label (the flowchart's) on one line."""

    id: Id
    label: OneLine
    next: Next = ""  # a question or an outcome
    short: Short = Field(None, validate_default=True)
    line: Loaded[int] = 0
    next_line: Loaded[int] = 0


class Question(Schema):
    """A question: its text on one line, its help, the provisions it applies, its choices."""

    id: Id
    text: OneLine
    help: OrEmpty = ""
    cites: QuestionCites
    choices: Annotated[list[Choice], Field(min_length=2)]
    line: Loaded[int] = 0

    def choice(self, cid: str) -> Choice | None:
        return next((c for c in self.choices if c.id == cid), None)


class Outcome(Schema):
    """An outcome: the ruling, its effects, the provisions it applies, what the director says to the players."""

    id: Id
    title: OneLine
    ruling: Stripped
    effects: Effects = {}  # over their defaults once loaded (EFFECTS)
    cites: OutcomeCites
    players: Said = []  # « Ce que je dis aux joueurs », in the order to say it; required: refused by the loader
    words: Optional[Words] = None  # the words of the Code behind the ruling and the players' sentences
    line: Loaded[int] = 0


class Case(Schema):
    name: Text
    # the situation as the director hears it at the table, for the training: every fact its questions need, and
    # never the answer (its name is used when absent)
    facts: Optional[Text] = None
    answers: dict[StrictStr, Answer]
    expected: Id
    line: Loaded[int] = 0  # its line in the file


def _questions(questions: list[Question], info: ValidationInfo) -> dict[str, Question]:
    """The questions by id, each id and each choice's once, each choice leading somewhere; their lines."""
    out: dict[str, Question] = {}
    for qi, q in enumerate(questions):
        where = f"question « {q.id} »"
        if q.id in out:
            raise structure_error(f"{where} définie deux fois (aussi ligne {out[q.id].line})", qi)
        choices: list[Choice] = []
        for ci, c in enumerate(q.choices):
            at = (qi, "choices", ci)
            if any(x.id == c.id for x in choices):
                raise structure_error(f"{where} : choix « {c.id} » en double", *at)
            if not c.next:
                raise structure_error(f"{where} : le choix « {c.id} » ne mène nulle part (champ « next » manquant)",
                                      *at)
            choices.append(c.model_copy(update={"line": _line(info, *at), "next_line": _line(info, *at, "next")}))
        out[q.id] = q.model_copy(update={"choices": choices, "line": _line(info, qi)})
    return out


def _outcomes(outcomes: list[Outcome], info: ValidationInfo) -> dict[str, Outcome]:
    """The outcomes by id, no id used twice (nor a question's); their effects over their defaults; their lines."""
    questions = info.data.get("questions") or {}
    out: dict[str, Outcome] = {}
    for oi, o in enumerate(outcomes):
        where = f"issue « {o.id} »"
        if o.id in out or o.id in questions:
            raise structure_error(f"{where} : identifiant déjà utilisé", oi)
        out[o.id] = o.model_copy(update={"effects": _effects(o.effects, where, oi), "line": _line(info, oi)})
    return out


if TYPE_CHECKING:
    Questions = dict[str, Question]
    Outcomes = dict[str, Outcome]
else:  # the lists of the file, loaded as tables by id (what the engine, the site and the commands read)
    Questions = Annotated[list[Question], Field(min_length=1), AfterValidator(_questions)]
    Outcomes = Annotated[list[Outcome], Field(min_length=1), AfterValidator(_outcomes)]


class Checklist(Schema):
    """A checklist: its file, validated and checked (links, cycles, reachability, cases), its questions and
    outcomes by id."""

    title: OneLine
    description: OrEmpty = ""
    laws: list[LawNumber] = []
    start: Id
    words: Optional[Words] = None  # the words of the Code behind the description
    questions: Questions
    outcomes: Outcomes
    cases: list[Case] = []
    # the sections and paragraphs of its laws that no outcome reaches, each with the reason (coverage.py)
    aside: SetAside = {}
    name: Loaded[str] = ""
    file: Loaded[str] = ""
    laws_line: Loaded[int] = 1

    def node(self, nid: str):
        return self.questions.get(nid) or self.outcomes.get(nid)

    def texts(self) -> list[str]:
        """Its texts the site shows with their citations linked: description, questions and their help,
        rulings, what the director says, the reasons for leaving provisions aside."""
        return [self.description, *(t for q in self.questions.values() for t in (q.text, q.help)),
                *(t for o in self.outcomes.values() for t in (o.ruling, *o.players)), *self.aside.values()]


# --------------------------------------------------------------------------- validation

def _effects(raw: dict | None, where: str, *keys) -> dict:
    """The outcome's effects over their defaults; each key and type as declared in EFFECTS."""
    out = {k: d for k, (_t, d, _l) in EFFECTS.items()}
    for k, v in (raw or {}).items():
        at = (*keys, "effects", k)
        if k not in EFFECTS:
            raise structure_error(f"{where} : effet inconnu « {k} » (connus : {', '.join(EFFECTS)})", *at)
        if k == "tricks_transferred":  # 0, 1 or 2, or counted at the end of play
            if not ((type(v) is int and 0 <= v <= 2) or (isinstance(v, str) and v in TRICKS_AT_END)):
                raise structure_error(f"{where} : « tricks_transferred » vaut 0, 1 ou 2 (Loi 64A), ou "
                                      f"{', '.join(TRICKS_AT_END)}", *at)
            out[k] = v
            continue
        typ = EFFECTS[k][0]
        if type(v) is not typ:
            kind = {bool: "vrai/faux (true ou false)", int: "un nombre entier"}.get(typ, "un texte")
            raise structure_error(f"{where} : l'effet « {k} » doit être {kind}", *at)
        if k == "penalty_card" and v not in PENALTY_CARD_VALUES:
            raise structure_error(f"{where} : « penalty_card » vaut none, minor ou major (pas « {v} »)", *at)
        out[k] = v
    return out


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[«A-ZÀÂÉÈÊÎÔÛÇ])")


def sentences(text: str) -> list[str]:
    """The sentences of a text (split after « . », « ! », « ? » or « … » before a capital or « « »)."""
    return [s for s in _SENTENCE_END.split(" ".join(text.split())) if s]


def _supported(model, pid: ProvisionId) -> bool:
    """A provision whose words can be read in the corpus: in the text of a present law, or in a commentary of its
    law (``corpus/commentaires/*.md`` declare their laws, e.g. the revoke guide for Laws 61 to 64), or in the
    register of statements about absent laws (``corpus/lois-absentes.yaml``)."""
    return model is None or bool(grounds_of(model, pid))


def _players(doc: YamlDoc, model, said: list[str], where: str, *keys) -> None:
    """« Ce que je dis aux joueurs »: one entry per thing said, each sentence citing at least one provision
    that resolves in the corpus (every citation in it must resolve, as in « cites »)."""
    from lois.core.cite import find_citations

    if not said:
        raise doc.error(f"{where} : il manque « players », ce que l'arbitre dit aux joueurs (qui a quel choix, "
                        "ce que chaque choix entraîne, la suite ; ou ce que les joueurs doivent faire), une phrase "
                        "par entrée, chacune citant sa provision (ex. « Vous pouvez accepter l'enchère (Loi 27A1). »)",
                        *keys, "players")
    for i, text in enumerate(said):
        at = (*keys, "players", i)
        for sentence in sentences(text):
            refs = [r.pid for c in find_citations(sentence) for r in c.refs if r.pid is not None]
            if not refs:
                raise doc.error(f"{where} : la phrase « {sentence} » ne cite aucune provision ; chaque phrase dite "
                                "aux joueurs cite celle qui la fonde (ex. « (Loi 27A1) »)", *at)
            pids = [check_citation(model, pid, where, doc, *at) for pid in refs]
            if not any(_supported(model, p) for p in pids):
                raise doc.error(f"{where} : la phrase « {sentence} » cite {', '.join(f'Loi {p}' for p in pids)}, "
                                "dont ni le texte, ni un commentaire, ni une entrée du registre des lois absentes "
                                "(corpus/lois-absentes.yaml) ne figurent dans le corpus : citez une provision du "
                                "corpus qui dit ce que dit la phrase", *at)


def _check_links(doc: YamlDoc, start: str, questions: dict, outcomes: dict) -> None:
    if start not in questions:
        raise doc.error(f"« start » : « {start} » n'est pas une question", "start")
    for q in questions.values():
        for c in q.choices:
            if c.next not in questions and c.next not in outcomes:
                raise LoisError(f"question « {q.id} » : le choix « {c.id} » mène à « {c.next} », qui n'est ni une "
                                f"question ni une issue", doc.path, c.next_line)


def _check_cycles(doc: YamlDoc, start: str, questions: dict) -> None:
    """Depth-first search with colours: a choice leading back to an open question is a cycle."""
    colour: dict[str, int] = {}

    def visit(nid: str, stack: list[str]):
        colour[nid] = 1
        for c in questions[nid].choices:
            if c.next in questions:
                if colour.get(c.next) == 1:
                    cyc = stack[stack.index(c.next):] + [c.next] if c.next in stack else [nid, c.next]
                    raise LoisError(f"cycle : {' → '.join(cyc)} (le choix « {c.id} » de « {nid} » revient en "
                                    "arrière)", doc.path, c.next_line)
                if c.next not in colour:
                    visit(c.next, stack + [c.next])
        colour[nid] = 2

    for qid in [start] + list(questions):
        if qid not in colour:
            visit(qid, [qid])


def _check_reachable(doc: YamlDoc, start: str, questions: dict, outcomes: dict) -> None:
    reached, todo = {start}, [start]
    while todo:
        for c in questions[todo.pop()].choices:
            if c.next not in reached:
                reached.add(c.next)
                if c.next in questions:
                    todo.append(c.next)
    for q in questions.values():
        if q.id not in reached:
            raise LoisError(f"question « {q.id} » : aucun chemin ne la pose (aucun choix n'y mène depuis "
                            f"« {start} »)", doc.path, q.line)
    for o in outcomes.values():
        if o.id not in reached:
            raise LoisError(f"issue « {o.id} » inaccessible : aucun choix n'y mène depuis « {start} »", doc.path,
                            o.line)


def _cases(doc: YamlDoc, cl: Checklist) -> list[Case]:
    cases = []
    for i, c in enumerate(cl.cases):
        keys = ("cases", i)
        for k, v in c.answers.items():
            if k not in cl.questions:
                raise doc.error(f"cas « {c.name} » : question inconnue « {k} »", *keys, "answers", k)
            if cl.questions[k].choice(str(v)) is None:
                raise doc.error(f"cas « {c.name} » : « {v} » n'est pas un choix de la question « {k} » "
                                f"({', '.join(x.id for x in cl.questions[k].choices)})", *keys, "answers", k)
        if c.expected not in cl.outcomes:
            raise doc.error(f"cas « {c.name} » : issue attendue inconnue « {c.expected} »", *keys, "expected")
        cases.append(c.model_copy(update={"line": doc.line(*keys)}))
    return cases


def _written(doc: YamlDoc, *keys) -> Located:
    """The text at `keys` as the file writes it ("" when absent), with where its lines start: what is loaded is
    made one line, and the line of a citation in it is counted in the file."""
    value = doc.data
    for k in keys:
        value = value.get(k) if isinstance(value, dict) else value[k]
    return value or "", doc.text_lines(*keys)


def load_checklist(path: Path, model) -> Checklist:
    """A checklist file, read and checked against ``model`` (again only when the file or the model changed:
    lois.core.filememo)."""
    path = Path(path)
    if model is None:
        return _load_checklist(path, read_text(path), model)
    return filememo.derive("checklist", path, lambda text: _load_checklist(path, text, model), against=model,
                           model=model)


def _load_checklist(path: Path, text: str, model) -> Checklist:
    doc = parse_yaml(text, str(path))
    if not isinstance(doc.data, dict):
        raise doc.error("une liste d'arbitrage est une table : title, start, questions, outcomes")
    cl = validate(doc, Checklist, what="liste d'arbitrage", context={"model": model, "doc": doc})
    _check_links(doc, cl.start, cl.questions, cl.outcomes)
    _check_cycles(doc, cl.start, cl.questions)
    _check_reachable(doc, cl.start, cl.questions, cl.outcomes)
    cl = cl.model_copy(update={"name": path.stem, "file": str(path), "laws_line": doc.line("laws"),
                               "cases": _cases(doc, cl)})
    # what the director says, checked once the tree itself is sound (its errors are reported first)
    for oi, o in enumerate(cl.outcomes.values()):
        _players(doc, model, o.players, f"issue « {o.id} »", "outcomes", oi)
    _check_aside(doc, cl)
    # the citations of the questions and their answers answer to a provision of the Code
    for qi, q in enumerate(cl.questions.values()):
        asked = [_written(doc, "questions", qi, "text")]
        if q.help:
            asked.append(_written(doc, "questions", qi, "help"))
        check_cited(doc, f"question « {q.id} »", asked, "questions", qi)
        for ci in range(len(q.choices)):
            check_cited(doc, f"question « {q.id} »", [_written(doc, "questions", qi, "choices", ci, "label")],
                        "questions", qi)
    # the words of the Code behind what is said, once everything else is sound
    for oi, o in enumerate(cl.outcomes.values()):
        texts = [_written(doc, "outcomes", oi, "ruling"),
                 *(_written(doc, "outcomes", oi, "players", i) for i in range(len(o.players)))]
        check_words(model, doc, f"issue « {o.id} »", texts, o.words, "outcomes", oi)
    check_words(model, doc, "description", [_written(doc, "description")], cl.words)
    if model is not None:  # the citations of the texts the site links, found once here (Model.citations_in)
        for text in cl.texts():
            model.citations_in(one_line(text), None)
    return cl


def _check_aside(doc: YamlDoc, cl: Checklist) -> None:
    """A provision left aside that an outcome reaches is a contradiction: refused at its ``aside`` entry."""
    written = list(doc.data.get("aside") or {})  # as written, in the order of cl.aside (its validator's)
    for pid, outs in contradictions(cl):
        raw = written[list(cl.aside).index(pid)]
        which = ", ".join(f"« {o} »" for o in outs)
        who = (f"les issues {which} l'atteignent (elles ou une question sur leur chemin citent" if len(outs) > 1
               else f"l'issue {which} l'atteint (elle ou une question sur son chemin cite")
        raise doc.error(f"« aside » : la provision « {raw} » est laissée de côté, mais {who} {pid} ou une "
                        "provision qu'elle contient) : retirez cette entrée ou ces citations", "aside", raw)


def checklist_dir(corpus: Path) -> Path:
    return Path(corpus) / "checklists"


def load_checklists(corpus: Path, model) -> dict[str, Checklist]:
    """Every checklist of the corpus, read once per model (Model.derived)."""
    if model is not None:
        return model.derived(("checklists", str(Path(corpus).resolve())), lambda: _load_checklists(corpus, model))
    return _load_checklists(corpus, model)


def _load_checklists(corpus: Path, model) -> dict[str, Checklist]:
    d = checklist_dir(corpus)
    out: dict[str, Checklist] = {}
    if d.is_dir():
        for f in safeio.files_of(d, ".yaml"):
            cl = load_checklist(f, model)
            out[cl.name] = cl
    return out
