"""The search documents: one per provision, commentary, note, checklist, example, glossary term,
« Que faire si… » situation and cited-but-absent law, each with its kind.

Built from the model and from the data of the other features (annotations, checklists), read with their
own validating loaders: a document is searchable exactly when the site shows its page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from lois.core.ids import KIND_LABELS, Kind, Level, ProvisionId, law_of as _law_of  # noqa: F401 (re-exported)


STUB_TEXT = "Texte non encore inclus dans ce site."


@dataclass
class SearchDoc:
    id: str           # provision id ("50D2(a)"), or "<prefix>:<id>" for the other kinds (see PREFIX)
    law: int          # the law it belongs to or is first about (0: none)
    kind: str         # a Kind value
    label: str        # what a person reads as the result title (the kind is shown beside it: Kind.label)
    url: str          # site-relative address: /lois/50/#D2a
    title: str        # indexed title words
    heading: str      # titles of the enclosing law and section; other words that name the document
    body: str
    context: str = ""  # words a provision inherits from the paragraph that introduces it (lower weight)
    refs: list[str] = field(default_factory=list)  # a gloss's provisions: it gives way to them when they answer too


PREFIX = {Kind.COMMENTARY: "commentaire", Kind.NOTE: "note", Kind.CHECKLIST: "liste", Kind.EXAMPLE: "exemple",
          Kind.GLOSSARY: "glossaire", Kind.SITUATION: "situation", Kind.TOOL: "outil"}


def doc_id(kind: Kind, name: str) -> str:
    return f"{PREFIX[kind]}:{name}"


def provision_url(pid: ProvisionId) -> str:
    return "/" + pid.url


@lru_cache(maxsize=1)
def _markdown_parser():
    """One parser for every text (making one costs more than parsing a note)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def plain_text(markdown: str) -> str:
    """The words of a Markdown text, without its markup (a note's « **ensuite** » is searched and shown as
    « ensuite »)."""
    out = []
    for tok in _markdown_parser().parse(markdown):
        if tok.type == "inline":
            out.append("".join(" " if c.type in ("softbreak", "hardbreak") else c.content for c in tok.children or ()
                               if c.type in ("text", "code_inline", "softbreak", "hardbreak")))
    return " ".join(" ".join(out).split())


# Levels whose text introduces the points under it (« Le déclarant peut : », « Si, après l'irrégularité, … : »).
LEAD_IN_LEVELS = ("paragraph", "subpoint", "item")


def law_docs(model) -> list[SearchDoc]:
    """One document per provision: its own title and text, as heading the titles of its law and section, and as
    context the text of the paragraphs that introduce it (a sub-point inherits the words of its lead-in)."""
    docs: list[SearchDoc] = []
    for law_no in sorted(model.laws):
        law = model.laws[law_no]
        for p in law.root.walk():
            heads, leads = [], []
            a = p.parent
            while a is not None:
                heads.append(law.title or "" if a.level is Level.LAW else a.title or "")
                if a.level in LEAD_IN_LEVELS and a.text and p.level in LEAD_IN_LEVELS:
                    leads.append(a.text)
                a = a.parent
            if p.level is Level.LAW:
                label = model.node_title(p.id)
            else:
                label = f"Loi {p.id}" + (f" — {p.title}" if p.title else "")
            docs.append(SearchDoc(p.id, law_no, Kind.LAW.value, label, provision_url(p.pid),
                                  p.title or (law.title if p.level is Level.LAW else "") or "",
                                  " · ".join(h for h in reversed(heads) if h), p.text or "",
                                  " ".join(reversed(leads))))
    return docs


def commentary_docs(model) -> list[SearchDoc]:
    return [SearchDoc(c.node_id, c.laws[0] if c.laws else 0, Kind.COMMENTARY.value, c.title,
                      f"/commentaires/{c.id}/", c.title, "", c.text) for c in model.commentaries.values()]


def stub_docs(model) -> list[SearchDoc]:
    docs = []
    for sid in sorted(model.stubs, key=lambda s: (_law_of(s), s)):
        docs.append(SearchDoc(sid, model.stubs[sid].law, Kind.STUB.value, model.node_title(sid),
                              provision_url(model.link_target(sid)), "", "", ""))
    return docs


def annotation_docs(ann) -> list[SearchDoc]:
    """Team notes, worked examples, glossary terms and situations (lois.features.annotations)."""
    from lois.features.annotations.glossary import slug

    docs = []
    for n in ann.notes.values():
        if n.kind is not Kind.NOTE:  # imported commentaries are already documents of their own
            continue
        docs.append(SearchDoc(doc_id(Kind.NOTE, n.id), _law_of(n.provisions[0]), Kind.NOTE.value,
                              n.title, f"/notes/{n.id}/", n.title, "", plain_text(n.body), refs=list(n.provisions)))
    for e in ann.examples.values():
        calls = " ".join(" ".join(x for x in (c.call, c.alert, c.comment) if x) for c in e.calls)
        docs.append(SearchDoc(doc_id(Kind.EXAMPLE, e.id), _law_of(e.provisions[0]), Kind.EXAMPLE.value,
                              e.title, f"/exemples/#{e.anchor}", e.title, calls,
                              f"{e.question} {e.ruling}", refs=list(e.provisions)))
    for t in ann.terms:
        docs.append(SearchDoc(doc_id(Kind.GLOSSARY, slug(t.term)), _law_of(t.provisions[0]), Kind.GLOSSARY.value,
                              t.term[:1].upper() + t.term[1:], f"/glossaire/#{t.anchor}", " ".join(t.forms[:1]),
                              " ".join(t.forms[1:]), t.definition, refs=list(t.provisions)))
    for s in ann.situations:
        docs.append(SearchDoc(doc_id(Kind.SITUATION, s.id), _law_of(s.provisions[0]), Kind.SITUATION.value,
                              s.title, f"/que-faire-si/#{s.id}", s.title, "", s.description, refs=list(s.provisions)))
    return docs


def checklist_docs(checklists: dict) -> list[SearchDoc]:
    """A checklist by its title, its questions and its rulings."""
    docs = []
    for cl in checklists.values():
        questions = " ".join(" ".join(x for x in (q.text, q.help) if x) for q in cl.questions.values())
        rulings = " ".join(f"{o.title.rstrip('.')}. {o.ruling}" for o in cl.outcomes.values())
        docs.append(SearchDoc(doc_id(Kind.CHECKLIST, cl.name), cl.laws[0] if cl.laws else 0, Kind.CHECKLIST.value,
                              cl.title, f"/checklists/{cl.name}/", cl.title,
                              "", f"{cl.description} {questions} {rulings}".strip()))
    return docs


# The site's tools, findable by what they do: (name, page, label, title, what it does). Their pages are written by
# lois.features.scores (calculators, ruling sheets), lois.features.offline and lois.features.api (club pages).
TOOLS = (
    ("marque-ajustee", "/calculs/marque-ajustee/", "Marques ajustées : calculatrice",
     "Calculer une marque ajustée",
     "Calculatrice de l'arbitre. Marque ajustée artificielle (Loi 12C2) : moyenne plus, moyenne, moyenne moins, "
     "en pourcentage en tournoi par paires ou en IMP en match, selon la responsabilité du concurrent. Marque ajustée "
     "de remplacement pondérée (Loi 12C1(c)) : calcul de la marque pondérée par la probabilité de plusieurs "
     "résultats possibles. Le résultat peut être enregistré dans une fiche d'arbitrage."),
    ("fiches", "/fiches/", "Fiches d'arbitrage", "Fiches d'arbitrage",
     "Fiche d'arbitrage : noter et garder sur le téléphone la décision rendue à une table (la trace de l'arbitrage), "
     "après une liste d'arbitrage ou un calcul de marque ajustée ; liste des fiches enregistrées sur cet appareil, "
     "partage par lien, export en CSV."),
    ("hors-ligne", "/hors-ligne/", "Hors ligne : le code sans réseau", "Hors ligne",
     "Consulter le code sans réseau, sans connexion internet, à la table ou au club : enregistrer tout le site dans "
     "le navigateur du téléphone ou de l'ordinateur, ou télécharger la copie du code (archive zip) à décompresser "
     "et ouvrir sans installation."),
    ("clubs", "/clubs/", "Pour les clubs", "Pour les clubs",
     "Citer les lois depuis le site d'un club : liens permanents vers chaque loi et chaque provision, liens courts, "
     "relier automatiquement les citations des pages du club, données JSON."),
    ("ajouter", "/ajouter/", "Ajouter à votre site (extraits pour les clubs)", "Ajouter à votre site",
     "Extraits à copier dans les pages du site de votre club : un lien vers une provision, un script qui relie "
     "automatiquement les citations, le texte d'une provision affiché dans la page, un formulaire de recherche."),
)


def tool_docs() -> list[SearchDoc]:
    """The site's tools (TOOLS) as documents of kind « Outil »."""
    return [SearchDoc(doc_id(Kind.TOOL, name), 0, Kind.TOOL.value, label, url, title, "", body)
            for name, url, label, title, body in TOOLS]


def build_docs(model, ann=None, checklists: dict | None = None) -> list[SearchDoc]:
    """Every document of the site; ``ann`` and ``checklists`` are loaded from the model's corpus if not given."""
    if ann is None:
        from lois.features.annotations import load_annotations
        ann = load_annotations(model)
    if checklists is None:
        from lois.features.checklists.model import load_checklists
        checklists = load_checklists(model.root, model)
    return (law_docs(model) + commentary_docs(model) + annotation_docs(ann) + checklist_docs(checklists)
            + stub_docs(model) + tool_docs())
