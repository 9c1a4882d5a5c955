"""The search documents: one per provision, commentary, cited-but-absent law and tool of the site, made here, and
those of every feature that declares documents (lois.features.document_sources: notes, examples, glossary terms,
« Que faire si… » situations, checklists), each made by its feature from its validated data: a document is
searchable exactly when the site shows its page.

The site's own situation sentences are evidence for the provisions that rule them (in the spirit of doc2query and
of a thesaurus built from the corpus): each feature's documents carry them (:class:`lois.core.searchdoc.Evidence`: a
checklist's validated cases, questions, rulings and sentences for the players, an example's question, a « Que faire
si… » title, a note's title), and :func:`attach_evidence` gives their words to the provisions they cite, in a field
of their own (``situations``, lower weight, after a sub-point's lead-in): « l'adversaire de gauche déclare
par-dessus » finds 27A1 through the case of the checklist that it rules.
"""
from __future__ import annotations

from lois.core import livememo
from lois.core.ids import KIND_LABELS, LAW_COUNT, Kind, Level, ProvisionId  # noqa: F401 (re-exported)
from lois.core.searchdoc import PREFIX, SearchDoc, doc_id, plain_text  # noqa: F401 (re-exported)


STUB_TEXT = "Texte non encore inclus dans ce site."
# The site's tools for a table situation: a checklist, a « Que faire si… » entry, a calculator (choose_tools).
TOOL_KINDS = (Kind.CHECKLIST.value, Kind.SITUATION.value, Kind.TOOL.value)


def provision_url(pid: ProvisionId) -> str:
    return "/" + pid.url


# Levels whose text introduces the points under it (« Le déclarant peut : », « Si, après l'irrégularité, … : »).
LEAD_IN_LEVELS = ("paragraph", "subpoint", "item")


def law_docs(model) -> list[SearchDoc]:
    """One document per provision: its own title and text, as heading the titles of its law and section, and among
    its situations the text of the paragraphs that introduce it (a sub-point inherits the words of its lead-in, but
    as borrowed words: a sibling that has the query's words in its own text comes first, 30B before 30B1(b)(ii) for
    « mon partenaire a passé à ma place »). The page of a whole law is about its provisions (``refs``): it gives way
    to one that covers the query as well (:data:`lois.features.search.query.GLOSS_YIELD`), as a gloss does; the
    citations of « Loi 31 » as a whole give its page the words of every situation the law rules, and « mon
    partenaire a ouvert alors que c'était à moi de parler » finds 31B, which rules it, before the page of Law 31 —
    unless the law's page answers clearly better (:data:`lois.features.search.query.LAW_KEEP`: « Est a ouvert 2♣ pas à
    son tour » finds Law 31, whose every section may rule it)."""
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
                label = model.node_title(p.pid)
            else:
                label = f"Loi {p.id}" + (f" — {p.title}" if p.title else "")
            # the page of a whole law gives way, like a gloss, to a provision of it that answers the query as well
            refs = [c.id for c in p.walk() if c is not p] if p.level is Level.LAW else []
            docs.append(SearchDoc(p.id, law_no, Kind.LAW.value, label, provision_url(p.pid),
                                  p.title or (law.title if p.level is Level.LAW else "") or "",
                                  " · ".join(h for h in reversed(heads) if h), p.text or "",
                                  situations=" ".join(reversed(leads)), pid=p.pid, refs=refs))
    return docs


def commentary_docs(model) -> list[SearchDoc]:
    """A commentary, about the laws it explains (``refs``: their pages; a provision of theirs has its law's page as its
    nearest document): a gloss, it gives way to them when they answer the query as well
    (:data:`lois.features.search.query.GLOSS_YIELD`). A guide tells many situations in many words, and a director's
    story meets a good share of them by chance: it came first, above the provision that rules the story, in 17 of the
    failures of blind7–blind9 (« après la renonce ils n'ont plus fait aucune levée »: Law 64, then the guide to
    revokes); yielding: hit@1 +10 over blind1–blind9, relevance −1 and situations −2 (62, which those sets written
    before the site had Law 62's page do not list, before the guide they accept: « la renonce a eu lieu à la douzième
    levée », 62D)."""
    return [SearchDoc(c.node_id, c.laws[0] if c.laws else 0, Kind.COMMENTARY.value, c.title,
                      f"/commentaires/{c.id}/", c.title, "", c.text,
                      refs=[str(n) for n in c.laws]) for c in model.commentaries.values()]


def stub_docs(model) -> list[SearchDoc]:
    """A law cited but absent from the corpus, and each of its cited provisions: found by the law's title as the
    edition gives it (corpus/edition.yaml; « contre hors tour » → Loi 32), by its id, and by the situations that the
    site's documents say it rules (:func:`attach_evidence`)."""
    docs = []
    for sid in sorted(model.stubs, key=lambda s: (s.law, str(s))):
        title = (model.law_title(sid.law) or "") if sid.level is Level.LAW else ""
        docs.append(SearchDoc(str(sid), sid.law, Kind.STUB.value, model.node_title(sid),
                              provision_url(model.link_target(sid)), "", title, "", pid=sid))
    docs += unknown_law_docs(model)
    register_words(docs, model)
    return docs


def register_words(docs: list[SearchDoc], model) -> None:
    """The words of the register of absent laws (corpus/lois-absentes.yaml: the site's summary of a provision whose
    text the corpus has not, shown on the law's page, « Ce que le site en dit ») go to the page of that provision, or
    of its nearest enclosing one (« 64B3 » → Loi 64), as its ``context`` (searched, lower weight, never shown as its
    text): « le mort s'est levé pour regarder le jeu du déclarant » finds Loi 43 by its summary of 43A2."""
    targets = {d.id: d for d in docs}
    for st in model.absent_statements:
        t = _nearest(st.provision, targets)
        if t is not None:
            targets[t].context = " ".join(x for x in (targets[t].context, st.statement) if x)
            if not targets[t].label.endswith(SUMMARY_LABEL):  # its extract is the summary (shown_text): say whose
                targets[t].label += SUMMARY_LABEL


SUMMARY_LABEL = " — résumé du site"


def shown_text(f: dict) -> str:
    """The text a result's extract is cut from (search.js reads it from the documents' shards): the document's own
    text; for a page without text, the site's summary of it from the register (its label ends with SUMMARY_LABEL:
    never read as the Code's words), else its title, else STUB_TEXT."""
    if f.get("body"):
        return f["body"]
    if f.get("kind") == Kind.STUB and f.get("context"):
        return f["context"]
    return f.get("title") or (STUB_TEXT if f.get("kind") == Kind.STUB else "")


def unknown_law_docs(model) -> list[SearchDoc]:
    """Each law of the Code that the site neither holds nor cites (« Loi 68 », « revendication »): its row of the
    index of the 93 laws, titled as the edition gives it (corpus/edition.yaml, else « titre non relevé »), so that
    a director who names it, or its subject, learns that the site does not have its text rather than being shown
    another law's."""
    known = set(model.laws) | set(model.stub_laws())
    docs = []
    for law in range(1, LAW_COUNT + 1):
        if law not in known:
            title = model.law_title(law) or ""
            docs.append(SearchDoc(str(law), law, Kind.STUB.value,
                                  f"Loi {law}" + (f" — {title}" if title else "") + " (texte non inclus)",
                                  f"/lois/#loi-{law}", "", title, "", pid=ProvisionId(law)))
    return docs


# The site's tools, findable by what they do: (name, page, label, title, what it does). Their pages are written by
# lois.features.scores (calculators, ruling sheets), lois.features.offline and lois.features.api (club pages).
TOOLS = (
    ("marque-ajustee", "/calculs/marque-ajustee/", "Marques ajustées : calculatrice",
     "Calculer une marque ajustée",
     "Calculatrice de l'arbitre. Marque ajustée artificielle (Loi 12C2) : moyenne plus, moyenne, moyenne moins, "
     "en pourcentage en tournoi par paires ou en épreuve individuelle (Loi 12C3), en IMP en match, selon la "
     "responsabilité du concurrent, avec le score de la séance (Loi 12C2(c)) et les valeurs de l'organisateur. "
     "Marque ajustée de remplacement pondérée (Loi 12C1(c)) : calcul de la marque pondérée par la probabilité de "
     "plusieurs résultats possibles. Match par K.O. : moyenne de marques ajustées qui ne se compensent pas (Loi "
     "12C4). Le résultat peut être enregistré dans une fiche d'arbitrage."),
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


def tool_docs(model) -> list[SearchDoc]:
    """The site's tools (TOOLS) as documents of kind « Outil »; a tool that computes what provisions rule (the
    calculator: 12C1(c), 12C2 and its points, 12C3, 12C4) comes with them
    (:data:`TOOL_KINDS`) as their source, but gives them no words (its text names what it
    computes, not the situations they rule)."""
    from lois.core.searchdoc import Evidence, cited_clauses

    docs = []
    for name, url, label, title, body in TOOLS:
        cited = {t for ev in cited_clauses(body, model) for t in ev.targets}
        computed = tuple(p.pid for law in sorted({t.law for t in cited}) if law in model.laws
                         for p in model.laws[law].root.walk() if p.pid in cited or cited & set(p.pid.ancestors))
        docs.append(SearchDoc(doc_id(Kind.TOOL, name), 0, Kind.TOOL.value, label, url, title, "", body,
                              evidence=[Evidence("", computed)] if computed else []))
    return docs


def build_docs(model) -> list[SearchDoc]:
    """Every document of the site: the provisions and commentaries, then each feature's documents in the order of
    the features, then the stubs and the tools; the provisions with their situations and the phrasings of the site's
    index (corpus/index.yaml)."""
    from lois.features import document_sources
    from lois.features.search.subject_index import index_words

    docs = law_docs(model) + commentary_docs(model)
    for documents in document_sources():
        docs += documents(model)
    docs += stub_docs(model) + tool_docs(model)
    attach_evidence(docs)
    choose_tools(docs)
    index_words(docs, model)
    return docs


def attach_evidence(docs: list[SearchDoc]) -> None:
    """Give each provision (or page of an absent law) the situations that the other documents say it rules: the words
    of each :class:`Evidence` go to the ``situations`` of every provision it cites (a provision the corpus has no
    document for: its nearest enclosing one, « 64A1 » → the page of Law 64), in the order of the documents;
    ``sources`` lists the documents they come from. Each document counts once for each word it gives a provision
    (the first spelling of each of its terms, :func:`lois.features.search.analysis.analyze_word`): a word's weight
    in ``situations`` grows with the number of documents that tell the provision's situations with it, not with how
    often one of them repeats it (a checklist whose every case says « appeler l'arbitre »)."""
    from lois.core.ids import provision_id

    targets = {d.id: d for d in docs if d.kind in (Kind.LAW.value, Kind.STUB.value)}
    near: dict[ProvisionId, str | None] = {}

    def nearest(pid: ProvisionId) -> str | None:  # (asked again for the same ids: each found once)
        try:
            return near[pid]
        except KeyError:
            found = near[pid] = _nearest(pid, targets)
            return found

    for d in docs:  # a gloss about a provision that has no page of its own (« 64A1 ») is about its nearest one
        d.refs = list(dict.fromkeys(n for n in (nearest(pid) for pid in map(provision_id, d.refs)
                                                if pid is not None) if n is not None))
    texts: dict[str, dict[str, list[str]]] = {}  # provision → source → the texts it gives it, in order
    for d in docs:
        for ev in d.evidence:
            for t in dict.fromkeys(map(nearest, ev.targets)):
                if t is None:
                    continue
                by_source = texts.setdefault(t, {})
                given = by_source.get(d.id)
                if given is None:
                    by_source[d.id] = [ev.text]
                else:
                    given.append(ev.text)
                if d.id not in targets[t].sources:
                    targets[t].sources.append(d.id)
    for t, by_source in texts.items():
        told = " ".join(x for x in map(_told_kept, map(tuple, by_source.values())) if x)
        targets[t].situations = " ".join(x for x in (targets[t].situations, told) if x)


def told_words(texts: tuple[str, ...]) -> str:
    """What one document's texts tell a provision: the first spelling of each term of the texts, in order (a term
    counted once, however often the texts say it)."""
    given: dict[str, str] = {}
    for text in texts:
        for term, w in _spellings_kept(text):
            given.setdefault(term, w)
    return " ".join(given.values())


def first_spellings(text: str) -> tuple[tuple[str, str], ...]:
    """Each term of a text (a word without one: the word in lower case) with its first spelling, in order."""
    from lois.features.search.analysis import TOKEN_RE, analyze_word

    given: dict[str, str] = {}
    for w in TOKEN_RE.findall(text):
        given.setdefault(analyze_word(w) or w.lower(), w)
    return tuple(given.items())


_spellings_kept = livememo.Memo(first_spellings)  # under `mkdocs serve`: each text's from the previous build
_told_kept = livememo.Memo(told_words)  # and what each document's texts tell a provision


def choose_tools(docs: list[SearchDoc]) -> None:
    """The tool of each provision (and gloss) that a tool rules: among the tools whose situations cite it (its
    ``sources`` of TOOL_KINDS; a gloss: those of the provisions it is about), the one most about its law — the
    largest share of the tool's provisions in that law (the first such in ``sources``). A long checklist cites a
    provision of another law in a case or two (liste:information-autres-sources ends a case with 12C2(c)); the tool
    of 12C2(c) is the one that is about Law 12 (the « Que faire si… » entry on adjusted scores), whatever the query
    says. A provision that no tool cites takes the tool of the nearest section around it (itself with the provisions
    under it, then its enclosing provisions up to its law) whose provisions a tool cites, chosen the same way:
    « 12B2 », the Code's rectification of a too severe penalty, takes the « Que faire si… » entry on adjusted scores
    that cites 12C (the director who reads it finds the tool of Law 12 beside it), 16B the one on hesitations that
    cites 16B1. A commentary comes with the tool most about the law it is about (the first of its laws), among those
    that cite the law's provisions: the guide to revokes with the « Que faire si… » entry on revokes. The next tool
    chosen the same way (``next_tool``) comes with it when the first is already shown above it (query.TOOL_AFTER).
    Query-independent, computed here once: the CLI and the browser read the same ``tool``."""
    by_id = {d.id: d for d in docs}
    tools = {d.id for d in docs if d.kind in TOOL_KINDS}
    laws: dict[str, dict[int, int]] = {}  # tool → law → its provisions there
    provisions = [d for d in docs if d.kind in (Kind.LAW.value, Kind.STUB.value)]
    for d in provisions:
        for t in d.sources:
            if t in tools:
                laws.setdefault(t, {})
                laws[t][d.law] = laws[t].get(d.law, 0) + 1

    def best(of: list[SearchDoc]) -> list[str]:  # the first two, most about the law first (the first of equal shares)
        found = [(laws[t][p.law] / sum(laws[t].values()), t) for p in of for t in p.sources if t in tools]
        ranked = [t for _, t in sorted(found, key=lambda x: -x[0])]  # (a stable sort)
        return list(dict.fromkeys(ranked))[:2]

    def give(d: SearchDoc, chosen: list[str]) -> None:
        d.tool, d.next_tool = (*chosen, "", "")[:2]

    for d in provisions:
        give(d, best([d]))
    under: dict[ProvisionId, list[SearchDoc]] = {}  # a provision → itself and the provisions under it
    for d in provisions:
        for a in (d.pid, *d.pid.ancestors) if d.pid else ():
            under.setdefault(a, []).append(d)
    for d in provisions:  # no tool cites it: the nearest section around it (itself included) that a tool cites
        if not d.tool and d.pid:
            give(d, next((found for a in (d.pid, *reversed(d.pid.ancestors)) if (found := best(under[a]))), []))
    for d in docs:
        if d.kind == Kind.COMMENTARY.value and d.law:  # about its law as a whole (the first of its laws)
            give(d, best([p for p in provisions if p.law == d.law]))
        elif d.kind not in (Kind.LAW.value, Kind.STUB.value) and d.kind not in TOOL_KINDS and d.refs:
            give(d, best([by_id[r] for r in d.refs if r in by_id]))


def _nearest(pid: ProvisionId, targets: dict[str, SearchDoc]) -> str | None:
    """The id of the provision's own document, or of its nearest enclosing one that has a document."""
    for a in (pid, *reversed(pid.ancestors)):
        if str(a) in targets:
            return str(a)
    return None
