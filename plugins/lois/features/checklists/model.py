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

The file's types are declared once (:class:`ChecklistFile`, a pydantic schema checked by
:func:`lois.core.yamlfile.validate`); the loader then checks what types cannot say (links, cycles,
reachability, citations that resolve). Every refusal names the file and the line.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional, Union

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr, ValidationInfo

from lois.core import filememo
from lois.core.cite import provision_id, unknown_provision
from lois.core.ids import ProvisionId, is_law_number
from lois.core.errors import LoisError
from lois.core.grounds import Located, Words, check_cited, check_words, grounds_of
from lois.core.schemas import Answer, LawNumber, Text
from lois.core.parse import read_text
from lois.core.yamlfile import Loaded, Schema, YamlDoc, corpus_error, parse_yaml, validate
from lois.features.checklists.coverage import aside_problem, contradictions

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

Id = Text


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


def _set_aside(entries: dict, info: ValidationInfo) -> dict[ProvisionId, str]:
    """The validator of ``aside``: each provision read once, a unit of the coverage of the checklist's
    laws (:func:`lois.features.checklists.coverage.aside_problem`), named once; each reason on one line."""
    laws = info.data.get("laws")
    if laws is None:  # « laws » itself is wrong: refused as such
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
        out[pid] = " ".join(reason.split())
    return out


if TYPE_CHECKING:
    QuestionCites = list[ProvisionId]
    OutcomeCites = list[ProvisionId]
    SetAside = dict[ProvisionId, str]
else:  # a provision as written (« 64B7 », or a law number: 64), read as the provision it names
    _Cites = Annotated[list[Union[StrictStr, StrictInt]], Field(min_length=1)]
    QuestionCites = Annotated[_Cites, _cites_of("question")]
    OutcomeCites = Annotated[_Cites, _cites_of("issue")]
    # provision (as written, as in « cites ») → why the checklist leaves it aside, in French
    SetAside = Annotated[dict[Union[StrictStr, StrictInt], Text], AfterValidator(_set_aside)]


class ChoiceEntry(Schema):
    id: Id
    label: Text
    next: Optional[StrictStr] = None  # refused below with its own message when missing
    short: Optional[Text] = None


class Choice(ChoiceEntry):
    """A choice as loaded: its entry, its labels on one line, where it leads, its lines."""

    next: str
    short: str
    line: int
    next_line: int = 0


class _QuestionFields(Schema):
    """What a question's entry in the file and the question loaded share."""

    id: Id
    text: Text
    help: Optional[Text] = None
    cites: QuestionCites


class QuestionEntry(_QuestionFields):
    choices: Annotated[list[ChoiceEntry], Field(min_length=2)]


class Question(_QuestionFields):
    """A question as loaded: its entry (cites resolved), its text on one line, its choices, its line."""

    help: str
    choices: list[Choice]
    line: int

    def choice(self, cid: str) -> Choice | None:
        return next((c for c in self.choices if c.id == cid), None)


class OutcomeEntry(Schema):
    id: Id
    title: Text
    ruling: Text
    effects: Optional[dict[StrictStr, Union[StrictBool, StrictInt, StrictStr]]] = None  # keys: EFFECTS
    cites: OutcomeCites
    players: Optional[list[Text]] = None  # required: refused below with its own message when missing
    words: Optional[Words] = None  # the words of the Code behind the ruling and the players' sentences


class Outcome(OutcomeEntry):
    """An outcome as loaded: its entry (cites resolved), its effects over their defaults, « Ce que je dis aux
    joueurs » in the order to say it, its line."""

    effects: dict
    players: list[str] = []
    line: int


class Case(Schema):
    name: Text
    # the situation as the director hears it at the table, for the training: every fact its questions need, and
    # never the answer (its name is used when absent)
    facts: Optional[Text] = None
    answers: dict[StrictStr, Answer]
    expected: Id
    line: Loaded[int] = 0  # its line in the file

class _ChecklistFields(Schema):
    """What a checklist file and the checklist loaded share."""

    title: Text
    description: Optional[Text] = None
    laws: list[LawNumber] = []
    start: Id
    words: Optional[Words] = None  # the words of the Code behind the description


class ChecklistFile(_ChecklistFields):
    questions: Annotated[list[QuestionEntry], Field(min_length=1)]
    outcomes: Annotated[list[OutcomeEntry], Field(min_length=1)]
    cases: list[Case] = []
    # the sections and paragraphs of its laws that no outcome reaches, each with the reason (coverage.py)
    aside: Optional[SetAside] = None


class Checklist(_ChecklistFields):
    """A checklist as loaded: its file, validated and checked (links, cycles, reachability, cases), its
    questions and outcomes by id."""

    description: str = ""
    questions: dict[str, Question]  # the entries loaded, by id
    outcomes: dict[str, Outcome]
    cases: list[Case] = []
    aside: dict[ProvisionId, str] = {}  # provision → the reason it is left aside (coverage.py)
    name: str
    file: str = ""
    laws_line: int = 1

    def node(self, nid: str):
        return self.questions.get(nid) or self.outcomes.get(nid)

    def texts(self) -> list[str]:
        """Its texts the site shows with their citations linked: description, questions and their help,
        rulings, what the director says, the reasons for leaving provisions aside."""
        return [self.description, *(t for q in self.questions.values() for t in (q.text, q.help)),
                *(t for o in self.outcomes.values() for t in (o.ruling, *o.players)), *self.aside.values()]


# --------------------------------------------------------------------------- validation

def _effects(doc: YamlDoc, raw: dict | None, where: str, *keys) -> dict:
    """The outcome's effects over their defaults; each key and type as declared in EFFECTS."""
    out = {k: d for k, (_t, d, _l) in EFFECTS.items()}
    for k, v in (raw or {}).items():
        at = (*keys, "effects", k)
        if k not in EFFECTS:
            raise doc.error(f"{where} : effet inconnu « {k} » (connus : {', '.join(EFFECTS)})", *at)
        if k == "tricks_transferred":  # 0, 1 or 2, or counted at the end of play
            if not ((type(v) is int and 0 <= v <= 2) or (isinstance(v, str) and v in TRICKS_AT_END)):
                raise doc.error(f"{where} : « tricks_transferred » vaut 0, 1 ou 2 (Loi 64A), ou "
                                f"{', '.join(TRICKS_AT_END)}", *at)
            out[k] = v
            continue
        typ = EFFECTS[k][0]
        if type(v) is not typ:
            kind = {bool: "vrai/faux (true ou false)", int: "un nombre entier"}.get(typ, "un texte")
            raise doc.error(f"{where} : l'effet « {k} » doit être {kind}", *at)
        if k == "penalty_card" and v not in PENALTY_CARD_VALUES:
            raise doc.error(f"{where} : « penalty_card » vaut none, minor ou major (pas « {v} »)", *at)
        out[k] = v
    return out


def _questions(doc: YamlDoc, spec: ChecklistFile, model) -> dict[str, Question]:
    questions: dict[str, Question] = {}
    for qi, q in enumerate(spec.questions):
        keys = ("questions", qi)
        where = f"question « {q.id} »"
        if q.id in questions:
            raise doc.error(f"{where} définie deux fois (aussi ligne {questions[q.id].line})", *keys)
        choices: list[Choice] = []
        for ci, c in enumerate(q.choices):
            ck = (*keys, "choices", ci)
            if any(x.id == c.id for x in choices):
                raise doc.error(f"{where} : choix « {c.id} » en double", *ck)
            nxt = (c.next or "").strip()
            if not nxt:
                raise doc.error(f"{where} : le choix « {c.id} » ne mène nulle part (champ « next » manquant)", *ck)
            choices.append(c.extended(Choice, label=" ".join(c.label.split()), next=nxt,
                                      short=" ".join((c.short or c.label).split()), line=doc.line(*ck),
                                      next_line=doc.line(*ck, "next")))
        questions[q.id] = q.extended(Question, text=" ".join(q.text.split()), help=(q.help or "").strip(),
                                     choices=choices, line=doc.line(*keys))
    return questions


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[«A-ZÀÂÉÈÊÎÔÛÇ])")


def sentences(text: str) -> list[str]:
    """The sentences of a text (split after « . », « ! », « ? » or « … » before a capital or « « »)."""
    return [s for s in _SENTENCE_END.split(" ".join(text.split())) if s]


def _supported(model, pid: ProvisionId) -> bool:
    """A provision whose words can be read in the corpus: in the text of a present law, or in a commentary of its
    law (``corpus/commentaires/*.md`` declare their laws, e.g. the revoke guide for Laws 61 to 64), or in the
    register of statements about absent laws (``corpus/lois-absentes.yaml``)."""
    return model is None or bool(grounds_of(model, pid))


def _players(doc: YamlDoc, model, raw: list | None, where: str, *keys) -> list[str]:
    """« Ce que je dis aux joueurs »: one entry per thing said, each sentence citing at least one provision
    that resolves in the corpus (every citation in it must resolve, as in « cites »)."""
    from lois.core.cite import find_citations

    if not raw:
        raise doc.error(f"{where} : il manque « players », ce que l'arbitre dit aux joueurs (qui a quel choix, "
                        "ce que chaque choix entraîne, la suite ; ou ce que les joueurs doivent faire), une phrase "
                        "par entrée, chacune citant sa provision (ex. « Vous pouvez accepter l'enchère (Loi 27A1). »)",
                        *keys, "players")
    out: list[str] = []
    for i, item in enumerate(raw):
        at = (*keys, "players", i)
        text = " ".join(item.split())
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
        out.append(text)
    return out


def _outcomes(doc: YamlDoc, spec: ChecklistFile, model, questions: dict) -> dict[str, Outcome]:
    outcomes: dict[str, Outcome] = {}
    for oi, o in enumerate(spec.outcomes):
        keys = ("outcomes", oi)
        where = f"issue « {o.id} »"
        if o.id in outcomes or o.id in questions:
            raise doc.error(f"{where} : identifiant déjà utilisé", *keys)
        outcomes[o.id] = o.extended(Outcome, title=" ".join(o.title.split()), ruling=o.ruling.strip(),
                                    effects=_effects(doc, o.effects, where, *keys), players=[], line=doc.line(*keys))
    return outcomes


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


def _cases(doc: YamlDoc, spec: ChecklistFile, questions: dict, outcomes: dict) -> list[Case]:
    cases = []
    for i, c in enumerate(spec.cases):
        keys = ("cases", i)
        for k, v in c.answers.items():
            if k not in questions:
                raise doc.error(f"cas « {c.name} » : question inconnue « {k} »", *keys, "answers", k)
            if questions[k].choice(str(v)) is None:
                raise doc.error(f"cas « {c.name} » : « {v} » n'est pas un choix de la question « {k} » "
                                f"({', '.join(x.id for x in questions[k].choices)})", *keys, "answers", k)
        if c.expected not in outcomes:
            raise doc.error(f"cas « {c.name} » : issue attendue inconnue « {c.expected} »", *keys, "expected")
        cases.append(c.model_copy(update={"line": doc.line(*keys)}))
    return cases


def load_checklist(path: Path, model) -> Checklist:
    """A checklist file, read and checked against ``model`` (again only when the file or the model changed:
    lois.core.filememo)."""
    path = Path(path)
    if model is None:
        return _load_checklist(path, read_text(path), model)
    return filememo.derive("checklist", path, lambda text: _load_checklist(path, text, model), model.stamp,
                           model=model)


def _load_checklist(path: Path, text: str, model) -> Checklist:
    doc = parse_yaml(text, str(path))
    if not isinstance(doc.data, dict):
        raise doc.error("une liste d'arbitrage est une table : title, start, questions, outcomes")
    spec = validate(doc, ChecklistFile, what="liste d'arbitrage", context={"model": model})
    questions = _questions(doc, spec, model)
    outcomes = _outcomes(doc, spec, model, questions)
    _check_links(doc, spec.start, questions, outcomes)
    _check_cycles(doc, spec.start, questions)
    _check_reachable(doc, spec.start, questions, outcomes)
    cases = _cases(doc, spec, questions, outcomes)
    # what the director says, checked once the tree itself is sound (its errors are reported first)
    for oi, o in enumerate(spec.outcomes):
        outcomes[o.id] = outcomes[o.id].model_copy(
            update={"players": _players(doc, model, o.players, f"issue « {o.id} »", "outcomes", oi)})
    cl = spec.extended(Checklist, name=path.stem, title=" ".join(spec.title.split()),
                       description=(spec.description or "").strip(), questions=questions, outcomes=outcomes,
                       cases=cases, aside=dict(spec.aside or {}), file=str(path), laws_line=doc.line("laws"))
    _check_aside(doc, cl)
    # the citations of the questions and their answers answer to a provision of the Code
    for qi, q in enumerate(spec.questions):
        asked: list[Located] = [(q.text, doc.text_lines("questions", qi, "text"))]
        if q.help:
            asked.append((q.help, doc.text_lines("questions", qi, "help")))
        check_cited(doc, f"question « {q.id} »", asked, "questions", qi)
        for ci, c in enumerate(q.choices):
            check_cited(doc, f"question « {q.id} »", [(c.label, doc.text_lines("questions", qi, "choices", ci,
                                                                             "label"))], "questions", qi)
    # the words of the Code behind what is said, once everything else is sound
    for oi, o in enumerate(spec.outcomes):
        texts = [(o.ruling, doc.text_lines("outcomes", oi, "ruling")),
                 *((t, doc.text_lines("outcomes", oi, "players", i)) for i, t in enumerate(o.players or []))]
        check_words(model, doc, f"issue « {o.id} »", texts, o.words, "outcomes", oi)
    check_words(model, doc, "description", [(spec.description or "", doc.text_lines("description"))],
                spec.words)
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


def one_line(text: str) -> str:
    """A checklist text as the site links it: its white space made single spaces."""
    return " ".join(text.split())


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
        for f in sorted(d.glob("*.yaml")):
            cl = load_checklist(f, model)
            out[cl.name] = cl
    return out
