"""Queries: citation first, then BM25F over title, headings and text; phrases; typo tolerance; lexicon; kinds.

The query plan is made only from data that the build also gives the browser (vocabulary of the
corpus, folded vocabulary, stop words, synonyms and rewrites of corpus/lexique.yaml), and documents are
ranked from the same generated postings (whoosh's BM25F score of each term in each field of each
document), so the site's search finds and ranks the same documents as the command line:

* the lexicon is applied first: « revoke » is read as « renonce », « UI » as « information non autorisée »;
  words that name a kind of document (« checklist », « exemple », « que faire si ») are taken out and that
  kind comes first;
* a query word seen in the corpus gets its analysed term (the whoosh analyzer's, see analysis.py);
* otherwise it is normalised (lowercase, elision, accents), looked up in the folded vocabulary,
  else matched with 1–2 typos (words of 5+ letters, same first letter) against the vocabulary;
* each term brings its synonyms with a lower weight;
* words in double quotes (or « … ») must also appear as a phrase (in the title or the text; for a page without text, at
  the start of a phrasing of the site's index);
* a query that is a provision id in any usual spelling puts that provision first (and opens it on Enter:
  :func:`jump_target`); an id in a law the corpus does not hold leads to that law's page.

Ranking (:func:`rank_score`, the same formula in search.js): the BM25F sum, multiplied by the coordination
factor (share of the query's words — a word with its synonyms and typo corrections counts once, stop words
not at all — found in the document) raised to COORD_POWER, then, when every query word is in the
document's own title, by 1 + TITLE_BONUS × (share of the title's words that are in the query) **
TITLE_COVER_POWER (a page without text whose index has the query as one of its phrasings: the same bonus, at
INDEX_COVER: :func:`phrasing_named`), then by the weight of the document's kind (KIND_WEIGHTS: the Code's text before
the glosses of it).

Nothing in a query is syntax that can fail: operators, brackets and stray quotes are plain text.
"""
from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from lois.core import livememo
from lois.core.displayed import read
from lois.core.ids import Level, ProvisionId, provision_id
from lois.features.search.analysis import (STOP_WORDS, SYNONYM_WEIGHT, TOKEN_RE, analyze_word, edit_distance,
                                           max_edits, normalize, synonym_map, term_of)
from lois.features.search.documents import STUB_TEXT, TOOL_KINDS, Kind, SearchDoc, shown_text
from lois.features.search.index import (FIELD_BOOSTS, INDEX_SEP, PHRASE_MAX_CHARS, SCORE_SCALE, TEXTLESS_KINDS,
                                        cached_index,
                                        doc_ids, postings, raw_postings, scored, stored_fields)

TYPE_CHECKING = False  # (typing.TYPE_CHECKING, without importing typing: mypy reads it as True)
if TYPE_CHECKING:  # the lexicon is read when the index is made, not to answer a query from the cache
    from lois.features.search.lexicon import Lexicon, Rewrite

MAX_QUERY_CHARS = 500
MAX_QUERY_WORDS = 32
FUZZY_WEIGHT = 0.8
COORD_POWER = 2.0
# Morphology beyond the stemmer: a query term also finds the index terms it is the start of, or that are its start
# (« accident » / « accidentel(lement) », « individu » / « individuel »), both at least DERIVED_MIN letters, differing
# by at most DERIVED_MAX_EXTRA letters, with a lower weight.
DERIVED_WEIGHT = 0.7
DERIVED_MIN = 6
DERIVED_MAX_EXTRA = 4
# Proximity: among the RERANK best documents, a pair of distinct query words whose terms stand within
# PROXIMITY_WINDOW terms of each other in the title or the text counts as near; the score is multiplied by
# 1 + PROXIMITY_BONUS × (share of the query's word pairs that are near).
RERANK = 50
PROXIMITY_WINDOW = 6
PROXIMITY_BONUS = 0.5
# A gloss (note, example, glossary entry, « Que faire si… »), or the page of a whole law (documents.law_docs), gives
# way to a provision it is about that covers the query as well, its situations included (documents.attach_evidence):
# it is ranked just under it (score × GLOSS_YIELD), unless the query names its kind or the gloss itself (every word
# of its title is in the query: « dummy » → « mort », the glossary entry Mort). When every query word is in the
# gloss's title, the provision must cover the query by its own words (a query that titles a note finds the note).
# « As well », unless the query titles the gloss: at least GLOSS_COVER of what the gloss covers (query words by their
# weight in the coverage). A gloss tells one situation in many words of its own (an example's deal, bidding and play),
# a director's story meets some of them by chance, and the provision it is about is what rules the story: « il avait
# passé avant son tour, il ouvre ensuite 1 coeur : son partenaire doit-il passer ? » is ruled by Law 30B1, not by
# the example of an opening out of turn replaced by an overcall that cites 31A2(a). 0.75: hit@1 +5, hit@3 +4 over
# blind2–blind7, one query down (2 → 3), one tool out of the first three (blind4), the other sets unmoved (0.8:
# tool@3 −2; 0.7: relevance −1).
GLOSS_YIELD = 0.99
GLOSS_COVER = 0.75
# The page of a whole law (documents.law_docs) yields so to a provision of it, unless it answers clearly better: its
# score more than LAW_KEEP times that provision's (the query not in its title: a query that titles a law page yields as
# a gloss does). A story told in the words of the law as a whole (its title, the situations the site tells of « Loi
# 31 » as a whole) more than in those of any one provision finds the law's page, where the director reads them all:
# « Ma gauche a ouvert 1♦ alors que c'était à moi de parler » → Loi 31, before 31A1. 1.25: hit@1 +9, hit@3 +5 over
# the situation sets (+12 −4 ranks), relevance and directors unmoved (1.2, 1.3: the same; 1.1: directors −2;
# every law page kept at its own score: relevance −1, directors −2).
LAW_KEEP = 1.25
TITLE_BONUS = 2.0
# A query word that a provision has only among its situations (documents.attach_evidence) counts for this share of
# its weight in the coverage; one it has only among the phrasings of the site's index (corpus/index.yaml), for
# INDEX_COVER (the larger share when it has it in both; see index.INDEX_BOOST).
SITUATION_COVER = 0.5
INDEX_COVER = 0.8
# A page of a law the site has no text for (TEXTLESS_KINDS: no title, no text of its own; it shows STUB_TEXT) has no
# words of its own for the index's phrasings to add to: they are its one description, and a query word found among
# them counts fully in its coverage (TEXTLESS_COVER), as a word of a provision's text does. Ranking only: nothing of
# the index is shown as its text. « changer d'avis sur son enchère » finds the page of Law 25 by its phrasing. (When
# no situation of the site tells of it, its phrasings weigh as a text in the BM25F sum too: index.DESCRIBED_BOOST.)
TEXTLESS_COVER = 1.0
# Its query words standing close together in one of those phrasings count for proximity (PROXIMITY_BONUS) at this
# share, as the words of a provision's text do at full share: a phrasing is a short entry of the site's index, not a
# sentence of the Code (« levées transférées après une renonce » finds the page of Law 64, which has no text).
TEXTLESS_PROXIMITY = 0.5
# A query of two words or more that is, word for word, one of those phrasings (every query word in it, every word of
# it in the query: :func:`phrasing_named`) names the page as a title names a document: it gets the title bonus, at the
# share the index has in the coverage (INDEX_COVER) rather than a whole title's, since a phrasing is the site's
# wording, not the Code's title. « entame hors tour » names the page of Law 54, « reprendre une carte jouée » that of
# Law 47.
TITLE_COVER_POWER = 4.0
# A negation (stop words: they have no term) said by the query and not by a title, or by a title and not by the query,
# keeps the query from matching that title (no title bonus, not named): « renonce non consommée » does not name the
# glossary entry « Renonce consommée », nor « accepter une enchère trop basse » the title of 27B « Enchère
# insuffisante non acceptée ».
NEGATIONS = ("non", "pas", "ni")
# Nor does the word a title says with a negation count as a word of that title for a query that says none: the title of
# 27B, « Enchère insuffisante non acceptée », says the contrary of « accepter une enchère trop basse », and its
# « acceptée » (title field, the heaviest) put 27B before 27A1, the acceptance (:func:`negated_title_terms`; the
# browser reads the same terms, marked « ! » among the title's words without a term: shards.title_words).
# A kind named in the query (« checklist renonce », « que faire si… », « glossaire mort ») puts the documents of that
# kind first (then the others, each group by score); a query made only of such words lists the documents of that kind.
# Prior weight of each kind: the Code's text first when a query could be answered by it and by a gloss of it.
KIND_WEIGHTS = {"law": 1.0, "commentary": 0.6, "stub": 0.8, "note": 0.6, "situation": 0.6, "example": 0.5,
                "glossary": 0.3, "checklist": 0.25, "tool": 0.4}
# The tool comes with the provision: each of the TOOL_AFTER first results that a tool rules (a checklist, « Que faire
# si… » entry or calculator whose situations cite the provision, or a provision the gloss is about; none: those of
# the nearest section around it) carries the one most about its law (documents.choose_tools), shown as a link
# of its own (« Outil : … »), taking no other's rank;
# once for each tool: a director who reads three candidate situations sees the tool of each, three provisions that one
# tool rules show it once, and two provisions of one law ruled by two tools show both (« carte pénalisée chez mon
# partenaire »: 50E3 with the checklist of penalty cards, 50D with the « Que faire si… » entry on exposed cards):
# tool@3 +11 queries over the situation sets, none lost, against once for each law. A result whose tool is shown above
# it carries the next tool that rules it (documents.choose_tools: ``next_tool``), the checklist beside the « Que faire
# si… » entry (« il a vu une carte de la table voisine »: 16D1 with the entry on overheard information, 16D2(a) with
# the checklist of information from other sources): tool@3 +21 queries more, none lost.
TOOL_AFTER = 3
QUOTES = {"«": '"', "»": '"', "“": '"', "”": '"', "„": '"'}
# A query is read as it is displayed, as the citation scanner reads a text (lois.core.displayed, one reader): an
# invisible character skipped (« Loi 16\u200bB1 » pasted from a page), a full-width form read as ASCII
# (« Loi １６Ｂ１ », a Japanese keyboard), a letter and its combining accents composed (NFC: « e » + U+0301 is « é »)


def read_query(query: str) -> str:
    """The query as the search reads it: :func:`lois.core.displayed.read`; search.js reads it with the same reader
    (``loisDisplayed``, render/assets/ids.js) and data."""
    return read(query)


# Two bids told as « 1♥ sur 1♠ », « 2 trèfles après 2 carreaux », « 1♦ par-dessus mon 1♥ », « 1♣ derrière mon 1♦ »,
# « 2 trèfles par-dessus mes 2 carreaux » (a determiner, singular or plural, before the second)
# (FOLLOWS: the words that tell a bid made over another): when the first does not outrank the one it follows, the query
# also searches BID_INSUFFICIENT (the words of the Code for what was told; they are not highlighted).
DENOMINATIONS = {"♣": 0, "trefle": 0, "trefles": 0, "♦": 1, "carreau": 1, "carreaux": 1, "♥": 2, "coeur": 2,
                 "coeurs": 2, "♠": 3, "pique": 3, "piques": 3, "sa": 4, "nt": 4, "sans atout": 4, "sans atouts": 4}
_DENOM = r"(♣|♦|♥|♠|tr[eè]fles?|carreaux?|c(?:oe|œ)urs?|piques?|sans[- ]atouts?|sa|nt)"
FOLLOWS = r"(?:sur|sous|apr[eè]s|derri[eè]re|par[- ]?dessus)"
DETERMINER = r"(?:(?:un|une|le|les|son|ses|mon|mes|ton|tes|notre|nos|votre|vos|leur|leurs|ce|ces|l['’])\s*)?"
BID_PAIR = re.compile(r"(?<![\w])([1-7])\s*" + _DENOM + r"(?![\w])\s+" + FOLLOWS + r"\s+"
                      + DETERMINER + r"([1-7])\s*" + _DENOM + r"(?![\w])", re.IGNORECASE)
BID_INSUFFICIENT = "enchère insuffisante"
# A bid then a higher bid of the same denomination (« il corrige son 1 pique trop bas en 2 piques », « 1SA après le 1SA
# d'en face, elle corrige en 2SA »), in a query about an insufficient bid, is the replacement that Law 27B1(a) rules:
# the query also searches BID_RAISED (its words in the Code), unless it names a convention (an artificial bid
# specifies no denomination: « 2 trèfles Stayman corrigé en 3 trèfles Stayman » is 27B1(b)).
BID = re.compile(r"(?<![\w])([1-7])\s*" + _DENOM + r"(?![\w])", re.IGNORECASE)
# A bid told after another but said as the earlier one (:func:`told_lower`): right after « sur », « sous », « après »,
# « derrière », « par-dessus » (FOLLOWS: « il a dit 2♣ juste après le 2♦ de l'adversaire »: EARLIER_MARK), or in a
# clause in the pluperfect when the other's is not (« il a annoncé 2♣ alors que l'adversaire avait dit 2♦ »:
# PLUPERFECT, its auxiliary normalised).
EARLIER_MARK = re.compile(r"(?<![\w])" + FOLLOWS + r"\s+" + DETERMINER + "$", re.IGNORECASE)
PLUPERFECT = ("avait", "avaient", "avais", "avions", "aviez")
# A score told as shares of results (« 60 % de 4♠ fait et 40 % de 4♠ -1 », « moitié 4♠ fait moitié chuté »): two shares
# (SHARE), one of them given to a contract (SHARE_OF), is the weighted adjusted score of Law 12C1(c): the query also
# searches SCORE_WEIGHTED. One share alone is not (« on avait 65 % sur la séance »: Law 12C2(c)).
SHARE = re.compile(r"(?<![\w])(?:\d{1,3}\s*(?:%|pour\s?cents?|pourcents?)|moiti[eé])", re.IGNORECASE)
SHARE_OF = re.compile(SHARE.pattern + r"\s*(?:(?:de|du|à|a)\s+)?[1-7]\s*" + _DENOM + r"(?![\w])", re.IGNORECASE)
SCORE_WEIGHTED = "marque ajustée pondérée"
# A call told as made before another player's (« il a passé avant que son partenaire ait ouvert », « Est passe avant
# que Nord ait parlé ») is a call out of turn: the query also searches CALLED_OUT_OF_TURN (the lexicon's reading of
# « pas à son tour »), unless its words already say it.
CALLED_BEFORE = re.compile(r"(?<![\w])avant\s+(?:que\s+|qu['’]\s*)(?:[\w'’]+\s+){0,2}?(?:ait\s+|aie\s+|aient\s+)?"
                           r"(?:parl[ée]s?|parle|ouvert|ouvre|annonc[ée]|ench[ée]ri|pass[ée])(?![\w])", re.IGNORECASE)
CALLED_OUT_OF_TURN = "hors tour"
OUT_OF_TURN = "hors"  # « hors tour », the lexicon's reading of « pas à son tour », « c'était à moi »…
INSTEAD = "au lieu de"
BID_RAISED = "enchère suffisante la moins forte spécifiant la même dénomination"
CONVENTIONS = ("stayman", "texas", "transfert", "relais", "blackwood", "convention", "conventionnel",
               "conventionnelle", "artificiel", "artificielle")


def denomination(word: str) -> int:
    """The rank of a denomination as typed (♣ 0 … sans-atout 4)."""
    return DENOMINATIONS[normalize(word).replace("-", " ").replace("’", "'")]


def told_insufficient(query: str, words: list[str] | None = None) -> tuple[str, int]:
    """The first two bids of the query told as a bid made over one it does not outrank (BID_PAIR), else an auction
    told in order where a bid is lower than the one told just before it (:func:`told_lower`): the words that tell
    it and where the insufficient bid starts in the query; ("", -1) if none."""
    for m in BID_PAIR.finditer(query):
        if (int(m.group(1)), denomination(m.group(2))) <= (int(m.group(3)), denomination(m.group(4))):
            return m.group(0), m.start()
    return told_lower(query, words or [])


def told_lower(query: str, words: list[str]) -> tuple[str, int]:
    """« j'ouvre 2♣, mon voisin de gauche pose 1♠ », « ma gauche ouvre 1♥, mon partenaire sort 1♦ »: two bids told one
    after the other, the later lower than the earlier (« 2♣ … 1♠ »), and where the later starts; ("", -1) if none. The
    second told is the earlier when it is said so (:func:`told_earlier`: « il a annoncé 2♣ alors que l'adversaire avait
    dit 2♦ » is « 2♦ … 2♣ »). Not when the query's words (the lexicon applied) say a call out of turn (OUT_OF_TURN:
    the first bid may be cancelled, and its offender's next bid is then free: « j'ai ouvert 1♥ hors tour, il ouvre
    1♣ »), nor when it tells one bid instead of another (INSTEAD: « le carton 1♠ au lieu de 1♣ », a call changed, Law
    25)."""
    if any(normalize(surface_key(w)) == OUT_OF_TURN for w in words):
        return "", -1
    if f" {INSTEAD} " in " " + " ".join(normalize(surface_key(w)) for w in TOKEN_RE.findall(query)) + " ":
        return "", -1
    bids = [((int(m.group(1)), denomination(m.group(2))), m.group(0), m.start(), m.end())
            for m in BID.finditer(query)]
    for i in range(1, len(bids)):
        a, b = bids[i - 1], bids[i]
        if told_earlier(query[a[3]:b[2]], query[bids[i - 2][3] if i > 1 else 0:a[2]]):
            a, b = b, a
        if b[0] < a[0]:
            return f"{a[1]} … {b[1]}", b[2]
    return "", -1


def told_earlier(between: str, before: str) -> bool:
    """Whether a bid told after another (``between``: the words between them; ``before``: the words before the first,
    from the bid told before it) is said to be the earlier: right after « sur », « après », « derrière »…
    (EARLIER_MARK), or in the pluperfect when the first is not (PLUPERFECT: « 2♣ alors que l'adversaire avait dit
    2♦ »)."""
    def pluperfect(text: str) -> bool:
        return any(normalize(surface_key(w)) in PLUPERFECT for w in TOKEN_RE.findall(text))

    return bool(EARLIER_MARK.search(between)) or pluperfect(between) and not pluperfect(before)


def told_raised(query: str, words: list[str], start: int = -1) -> str:
    """« 1♠ … 2♠ »: the first bid of the query followed by a higher bid of the same denomination, when the query's
    words (the lexicon applied) speak of an insufficient bid and name no convention (BID_RAISED); "" if none. When the
    bids told the insufficient one (``start``: where it starts, :func:`told_insufficient`), that bid is the one raised
    (« mon partenaire ouvre 1♠, à droite il met 1♣, je dis 2♠ » tells no correction)."""
    if not any(normalize(surface_key(w)).startswith("insuffis") for w in words):
        return ""
    if any(normalize(surface_key(w)) in CONVENTIONS for w in TOKEN_RE.findall(query)):
        return ""
    bids = [(int(m.group(1)), denomination(m.group(2)), m.group(0)) for m in BID.finditer(query)
            if m.start() >= start]
    for i, a in enumerate(bids[:1] if start >= 0 else bids):
        for b in bids[i + 1:]:
            if b[1] == a[1] and b[0] > a[0]:
                return f"{a[2]} … {b[2]}"
    return ""


def told_weighted(query: str) -> str:
    """« 60 % de 4♠ fait et 40 % de 4♠ -1 »: the words that tell a score as shares of results (two shares, one of them
    given to a contract: SHARE, SHARE_OF), else ""."""
    m = SHARE_OF.search(query)
    return m.group(0) if m and len(SHARE.findall(query)) > 1 else ""


PHRASE_RE = re.compile(r'"([^"]*)"')


def surface_key(word: str) -> str:
    return word.lower().replace("’", "'")


def citation_key(text: str) -> str:
    """The key (ProvisionId.key) of the provision id typed in ``text``: « Loi 27 B 1 (b) » → « 27b1b »; "" when
    ``text`` is not an id (:func:`lois.core.cite.parse_provision_id`). The browser makes the same key from the same
    generated data (lois.render.ids_js)."""
    pid = provision_id(text)
    return pid.key if pid is not None else ""


@dataclass
class Vocabulary:
    """Everything the query plan needs; the browser receives the same (see site.py)."""
    surfaces: dict[str, str]            # corpus surface word (lowercase) → term
    folded: dict[str, list[str]]        # normalised surface → terms
    synonyms: dict[str, list[str]]      # term → synonym terms (present in the index)
    citations: dict[str, list[str]]     # citation key → doc ids to put first
    rewrites: list[list]                # lexicon rewrites, longest first: [words, exact_case, means, kind]
    absent_laws: list[int]              # laws cited but not in the corpus: any id in them leads to their page
    derived: dict[str, list[str]] = field(default_factory=dict)  # term → index terms of the same family
    # each text's terms (:func:`term_positions`), a pure function of the text and of ``surfaces``, which nothing
    # changes once the vocabulary is made: a document's title and text are read again by every query that ranks it
    positions: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False, compare=False)
    by_first: dict = field(default_factory=dict, init=False, repr=False, compare=False)  # rewrites_by_first
    # the same for the words found with typos (normalised word → folded words: :func:`word_terms`) and for the words
    # of each text that a snippet reads (:func:`snippet_words`)
    typos: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False, compare=False)
    snippet_words: dict[str, tuple] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.by_first = rewrites_by_first(self.rewrites)

    @classmethod
    def from_docs(cls, docs: list[SearchDoc], lexicon: Lexicon | None = None) -> "Vocabulary":
        from lois.features.search.lexicon import Lexicon

        lexicon = lexicon or Lexicon()
        surfaces: dict[str, str] = {}
        words: dict[str, None] = {}  # each spelling once, in order of appearance
        for d in docs:
            for text in (d.title, d.heading, d.body, d.context, d.situations, d.index):
                if text:
                    words.update(dict.fromkeys(_spellings_kept(text)))
        for s in words:
            k = surface_key(s)
            if k not in surfaces:
                t = term_of(s, lexicon.stems)
                if t:
                    surfaces[k] = t
        folded: dict[str, list[str]] = {}
        for k, t in surfaces.items():
            lst = folded.setdefault(normalize(k), [])
            if t not in lst:
                lst.append(t)
        terms = set(surfaces.values())
        synonyms = {t: [s for s in syns if s in terms]
                    for t, syns in synonym_map(lexicon.synonyms, lexicon.stems).items() if t in terms}
        synonyms = {t: s for t, s in synonyms.items() if s}
        rewrites = [r for r in lexicon.rewrites if r.kind or used(r.means, folded)] + absent_synonyms(lexicon, folded)
        rewrites.sort(key=lambda r: (-len(r.words), not r.kind))  # a kind before the term of the same words
        absent = sorted({d.law for d in docs
                         if d.kind == Kind.STUB and d.pid is not None and d.pid.level is Level.LAW})
        return cls(dict(sorted(surfaces.items())), dict(sorted(folded.items())), synonyms, citation_pins(docs),
                   [r.to_json() for r in rewrites], absent, derived_terms(terms, lexicon.stems))

    def to_json(self) -> dict:
        return {"surfaces": self.surfaces, "folded": self.folded, "synonyms": self.synonyms,
                "citations": self.citations, "rewrites": self.rewrites, "absent_laws": self.absent_laws,
                "derived": self.derived}


def derived_terms(terms: set[str], stems: dict[str, str] | None = None) -> dict[str, list[str]]:
    """term → the other terms of the index that start with it or that it starts with (DERIVED_MIN letters or more,
    at most DERIVED_MAX_EXTRA more): the families the stemmer leaves apart (accident, accidentel). Not a word that the
    lexicon takes out of its stem's family (``stems``: « déclarant » is no « déclaration »), and that stem."""
    apart = {(min(own, stem), max(own, stem)) for w, own in (stems or {}).items()
             for stem in [analyze_word(w)] if stem}
    ordered = sorted(t for t in terms if len(t) >= DERIVED_MIN and not t.isdigit())
    out: dict[str, list[str]] = {}
    for i, t in enumerate(ordered):
        for u in ordered[i + 1:]:
            if not u.startswith(t):
                break
            if len(u) - len(t) <= DERIVED_MAX_EXTRA and (t, u) not in apart:
                out.setdefault(t, []).append(u)
                out.setdefault(u, []).append(t)
    return {t: sorted(v) for t, v in sorted(out.items())}


def used(means: str, folded: dict[str, list[str]]) -> bool:
    """Whether the corpus uses every word of a lexicon entry's « means » (``folded``: its normalised words; stop words
    aside): the lexicon is written for the whole Code, and an entry that leads to words of a law the corpus does not
    hold yet would only take the typed words away."""
    return all(w in folded for w in map(normalize, TOKEN_RE.findall(means)) if w not in STOP_WORDS)


def absent_synonyms(lexicon: Lexicon, folded: dict[str, list[str]]) -> list[Rewrite]:
    """A synonym the corpus does not use (« directeur ») is read as the group's words that it does use."""
    from lois.features.search.lexicon import Rewrite

    out = []
    taken = {r.words for r in lexicon.rewrites if not r.kind}  # a kind word within a story is read as its synonyms
    for group in lexicon.synonyms:
        present = [w for w in group if w in folded]
        for w in group:
            if w not in folded and present and (w,) not in taken:
                taken.add((w,))
                out.append(Rewrite((w,), False, " ".join(present), ""))
    return out


def citation_pins(docs: list[SearchDoc]) -> dict[str, list[str]]:
    """citation key → ids to show first: the provision itself; for a law absent from the corpus,
    its page, then the commentaries about it."""
    ids = {d.id for d in docs}
    pins: dict[str, list[str]] = {}
    for d in docs:
        if d.kind not in (Kind.LAW, Kind.STUB) or d.pid is None:
            continue
        out = [d.id]
        if d.kind == Kind.STUB and d.pid.level is Level.LAW:
            out += [c.id for c in docs if c.kind == Kind.COMMENTARY and c.law == d.law]
        pins[d.pid.key] = [i for i in out if i in ids]
    return pins


# A provision id at either end of a longer query (« loi 16 information non autorisée », « 27B1b enchère
# insuffisante », « carte pénalisée L50 ») is pinned too, when it says it is one: « loi », « lois » or « L »
# before it, or a section letter in it (« 64B2 »). « 12 levées » or « 3 cartes » stay words.
EDGE_WORDS = 6  # the longest id spelled in words: « la loi 30 B 1 b »
EXPLICIT_ID = re.compile(r"^\s*(?:(?:la|les)\s+)?(?:lois?|l)(?![a-zà-ÿ])|[0-9]\s*[a-h]", re.IGNORECASE)


def _pins_of(text: str, vocab: Vocabulary) -> list[str]:
    pid = provision_id(text)
    if pid is None:
        return []
    pins = vocab.citations.get(pid.key)
    if pins is None and pid.law in vocab.absent_laws:  # « 64A1 »: the page of Law 64, not in the corpus
        pins = vocab.citations.get(ProvisionId(pid.law).key)
    return list(pins or [])


def pins_for(query: str, vocab: Vocabulary) -> list[str]:
    """Ids to put first: when the whole query is a provision id (lois.core.cite.parse_provision_id), or when its
    first or last words are one that says so (:data:`EXPLICIT_ID`), the longest such run first, the start
    before the end."""
    q = query.strip()
    if not q:
        return []
    if len(q) <= 40:
        pins = _pins_of(q, vocab)
        if pins:
            return pins
    words = q.split()
    for n in range(min(EDGE_WORDS, len(words) - 1), 0, -1):
        for part in (" ".join(words[:n]), " ".join(words[-n:])):
            if EXPLICIT_ID.search(part):
                pins = _pins_of(part, vocab)
                if pins:
                    return pins
    return []


@dataclass
class Plan:
    """What a query asks (:func:`make_plan`): weighted terms, phrases, ids put first, groups of terms."""

    weights: dict[str, float] = field(default_factory=dict)   # term → weight
    phrases: list[list[str]] = field(default_factory=list)
    pins: list[str] = field(default_factory=list)
    groups: list[list[str]] = field(default_factory=list)  # terms of each distinct query word (+ synonyms)
    heads: list[list[str]] = field(default_factory=list)   # each group's own terms (the word's, not its synonyms)
    words: list[str] = field(default_factory=list)         # every query word, normalised (stop words too)
    kinds: list[str] = field(default_factory=list)         # kinds of document named in the query (lexicon)
    typed: list[str] = field(default_factory=list)  # terms of the words typed and of their forms: highlighted
    # documents with a query word found only in their situations or index phrasings → those words (groups)
    borrowed: dict[int, set[int]] = field(default_factory=dict)
    relaxed: bool = False  # no document had the quoted phrases: ranked on their words (what the page then says)
    readings: list[list[str]] = field(default_factory=list)  # [words typed, words searched] (apply_rewrites)


def has_phrase(text: str, phrase: list[str], vocab: "Vocabulary") -> bool:
    """Whether the terms of a text contain the phrase's terms in a row (words absent from the vocabulary skipped,
    as search.js does)."""
    terms = term_positions(text, vocab)
    n = len(phrase)
    return any(terms[i:i + n] == phrase for i in range(len(terms) - n + 1))


# The phrasings of the site's index are entries, read from their start as in a back-of-book index: a quoted phrase
# is found there when a phrasing starts with it (« changer d'avis » in « changer d'avis sur son enchère »). The n-th
# phrasing's terms stand from position n × PHRASING_STRIDE (longer than any phrasing: index.PHRASE_MAX_CHARS).
PHRASING_STRIDE = PHRASE_MAX_CHARS // 2 + 1


def phrasing_positions(index: str, vocab: "Vocabulary") -> list[tuple[int, str]]:
    """The terms of the phrasings of an ``index`` field and their positions, the n-th phrasing's from n ×
    PHRASING_STRIDE: what the quoted-phrase test reads there; the browser gets the same positions (field 2 of
    :func:`lois.features.search.shards.positions`)."""
    return [(n * PHRASING_STRIDE + i, t) for n, terms in enumerate(phrasing_terms(index, vocab))
            for i, t in enumerate(terms)]


def phrasing_terms(index: str | None, vocab: "Vocabulary") -> list[list[str]]:
    """The terms of each phrasing of an ``index`` field (the site's index, corpus/index.yaml), in order, as
    :func:`term_positions` reads a text: what a quoted phrase and proximity read there."""
    return [term_positions(p, vocab) for p in index.split(INDEX_SEP)] if index else []


def has_quoted(f: dict, phrase: list[str], vocab: "Vocabulary") -> bool:
    """Whether a document has a quoted phrase in its text or its title; a page without text (TEXTLESS_KINDS), at the
    start of one of the phrasings of the site's index, the words it is known by: « le reste est à moi » finds the
    page of Law 68."""
    if has_phrase(f.get("body") or "", phrase, vocab) or has_phrase(f.get("title") or "", phrase, vocab):
        return True
    if f["kind"] not in TEXTLESS_KINDS:
        return False
    return any(terms[:len(phrase)] == phrase for terms in phrasing_terms(f.get("index"), vocab))


def phrasing_named(index: str | None, plan: "Plan", vocab: "Vocabulary") -> bool:
    """Whether the query is word for word one of the phrasings of an ``index`` field (the site's index of a page without
    text): two query words or more, every one among the phrasing's terms, every word of the phrasing in the query
    (:func:`title_cover` of the phrasing is 1, stop words included), and a negation in both or in neither
    (NEGATIONS)."""
    if not index or len(plan.groups) < 2:  # one word names nothing: it stands in many phrasings
        return False
    for phrase in index.split(INDEX_SEP):
        terms = set(term_positions(phrase, vocab))
        if (all(terms.intersection(g) for g in plan.groups)
                and negated(plan.words) == negated(map(normalize, TOKEN_RE.findall(phrase)))
                and title_cover(phrase, plan, vocab) >= 1 - 1e-9):
            return True
    return False


def rank_score(base: float, total: float, matched: float, title_all: bool, title_cover: float) -> float:
    """Score of a document: BM25F sum × coverage ** COORD_POWER × title bonus. The coverage is the share of the
    query's words the document has, each word weighted by its idf (:meth:`SearchEngine.group_weights`): the rare,
    decisive word counts more than the common ones."""
    s = base * (matched / total) ** COORD_POWER if total else base
    if title_all:
        s *= 1 + TITLE_BONUS * title_cover ** TITLE_COVER_POWER
    return s


def surface_keys(text: str) -> tuple[str, ...]:
    """The surface key of each word of a text, in order."""
    return tuple(surface_key(w) for w in TOKEN_RE.findall(text))


def spellings(text: str) -> tuple[str, ...]:
    """Each spelling of a text once, in order of appearance."""
    return tuple(dict.fromkeys(TOKEN_RE.findall(text)))


# under `mkdocs serve`: each text's from the previous build
_surface_keys_kept, _spellings_kept = livememo.Memo(surface_keys), livememo.Memo(spellings)


def term_positions(text: str, vocab: "Vocabulary") -> list[str]:
    """The terms of a text in order (words absent from the vocabulary skipped): what proximity and phrases read.
    Read once per text and vocabulary (``vocab.positions``); callers never change the list given back."""
    text = text or ""
    terms = vocab.positions.get(text)
    if terms is None:
        terms = vocab.positions[text] = [t for t in map(vocab.surfaces.get, _surface_keys_kept(text)) if t]
    return terms


def proximity_share(seqs: list[list[str]], groups: list[list[str]]) -> float:
    """Share of the pairs of query words (groups) whose terms stand within PROXIMITY_WINDOW terms of each other in
    one of the sequences (title, text)."""
    ng = len(groups)
    if ng < 2:
        return 0.0
    member: dict[str, list[int]] = {}
    for gi, group in enumerate(groups):
        for t in group:
            member.setdefault(t, []).append(gi)
    near: set[tuple[int, int]] = set()
    for seq in seqs:
        last: dict[int, int] = {}
        for p, t in enumerate(seq):
            gs = member.get(t)
            if not gs:
                continue
            for g in gs:
                for h, q in last.items():
                    if h != g and p - q <= PROXIMITY_WINDOW:
                        near.add((min(g, h), max(g, h)))
            for g in gs:
                last[g] = p
    return len(near) / (ng * (ng - 1) / 2)


def negated(words) -> bool:
    """Whether normalised words say a negation (NEGATIONS)."""
    return any(w in NEGATIONS for w in words)


def negated_title_terms(title: str, vocab: "Vocabulary") -> list[str]:
    """The terms a title says with a negation: the first word that has a term after each negation word (NEGATIONS:
    « non acceptée », « Pas de rectification »)."""
    out: list[str] = []
    after = False
    for w in TOKEN_RE.findall(title or ""):
        t = vocab.surfaces.get(surface_key(w))
        if not t:
            after = after or normalize(w) in NEGATIONS
        elif after:
            out.append(t)
            after = False
    return out


def title_cover(title: str, plan: Plan, vocab: "Vocabulary") -> float:
    """Share of a title's words found in the query: a content word by its term (or a synonym or typo
    correction of a query word), a stop word by its normalised form."""
    toks = TOKEN_RE.findall(title or "")
    if not toks:
        return 0.0
    terms = {t for g in plan.groups for t in g}
    words = set(plan.words)
    n = 0
    for w in toks:
        t = vocab.surfaces.get(surface_key(w))
        n += (t in terms) if t else (normalize(w) in words)
    return n / len(toks)


def word_terms(word: str, vocab: Vocabulary, lexicon_by_letter: dict[str, list[str]]) -> list[tuple[str, float]]:
    s = surface_key(word)
    t = vocab.surfaces.get(s)
    if t:
        return [(t, 1.0)]
    n = normalize(s)
    if not n or n in STOP_WORDS:
        return []
    if n in vocab.folded:
        return [(t, 1.0) for t in vocab.folded[n]]
    k = max_edits(n)
    if not k:
        return []
    found = vocab.typos.get(n)
    if found is None:
        best, found = k + 1, []
        for cand in lexicon_by_letter.get(n[0], ()):
            if abs(len(cand) - len(n)) > k:
                continue
            d = edit_distance(n, cand, k)
            if d < best:
                best, found = d, [cand]
            elif d == best and d <= k:
                found.append(cand)
        vocab.typos[n] = found
    out: list[tuple[str, float]] = []
    for f in found:
        for t in vocab.folded[f]:
            if (t, FUZZY_WEIGHT) not in out:
                out.append((t, FUZZY_WEIGHT))
    return out


def apply_rewrites(words: list[str], rewrites: list[list], by_first: dict | None = None
                   ) -> tuple[list[str], list[str], list[bool], list[list[str]]]:
    """The lexicon applied to the query's words, left to right, the longest expression first: a term is replaced
    by the Code's words, a kind word is removed and its kind returned; for each word out, whether it was typed
    (False: a word of the Code put in place of what was typed); and each replacement as [words typed, the Code's
    words] (what the results say the query was read as: « trop basse » → « insuffisante »)."""
    typed = [surface_key(w) for w in words]
    norm = [normalize(w) for w in typed]
    first = rewrites_by_first(rewrites) if by_first is None else by_first
    out: list[str] = []
    kinds: list[str] = []
    as_typed: list[bool] = []
    readings: list[list[str]] = []
    i = 0
    while i < len(words):
        # the rewrites whose first word is this one (as typed, or normalised), in the order of the list
        for _, rewrite in sorted(first.get((True, words[i]), []) + first.get((False, norm[i]), [])):
            rw, exact, means, kind = rewrite[:4]
            n = len(rw)
            if kind and not kind_place(norm, i):
                continue  # a word of the sentence (« quelle note on met ? »), read as a term if the lexicon has one
            if (words if exact else norm)[i:i + n] == rw:
                if kind:
                    kinds += [kind] if kind not in kinds else []
                else:
                    found = TOKEN_RE.findall(means)
                    out += found
                    as_typed += [False] * len(found)
                    said = rewrite[4] if len(rewrite) > 4 else means  # Rewrite.said
                    if said:
                        readings.append([" ".join(words[i:i + n]), said])
                i += n
                break
        else:
            out.append(words[i])
            as_typed.append(True)
            i += 1
    return out, kinds, as_typed, readings


def rewrites_by_first(rewrites: list[list]) -> dict[tuple[bool, str], list[tuple[int, list]]]:
    """The rewrites by their first word: (exact case, word) → [(place in the list, rewrite), …], so that a query's
    word is compared with the few that start with it (the vocabulary's are indexed once: ``Vocabulary.by_first``)."""
    out: dict[tuple[bool, str], list[tuple[int, list]]] = {}
    for k, rw in enumerate(rewrites):
        out.setdefault((bool(rw[1]), rw[0][0]), []).append((k, rw))
    return out


def kind_place(norm: list[str], i: int) -> bool:
    """Whether a word that names a kind of document, at position ``i`` of the query's normalised words, asks for that
    kind: when no word of meaning comes before it (« checklist renonce », « que veut dire surcontre », « notes sur
    l'enchère insuffisante »). Said within a story, it is a word of the story: « quelle note on met ? » (the score),
    « ma partenaire demande ce que veut dire leur contre », « par exemple un relais »."""
    return all(w in STOP_WORDS for w in norm[:i])


def jump_target(query: str, vocab: Vocabulary) -> str | None:
    """The id a query goes straight to on Enter (header box, search page): a query that is, as a whole, a provision
    id in any spelling, or an id in a law not in the corpus (its page)."""
    q = (query or "").strip()
    pins = _pins_of(q, vocab) if q and len(q) <= 40 else []
    return pins[0] if pins else None


def _read_as_the_code(q: str, words: list[str], as_typed: list[bool], readings: list[list[str]]) -> None:
    """What the query tells in its own words, read in the Code's too (its words added, not typed, and said in
    ``readings``): « avant que Nord ait parlé » (a call out of turn), « 1♥ sur 1♠ » (an insufficient bid), « 1♠ … 2♠ »
    (the lowest sufficient bid of the same denomination), « 60 % de 4♠ fait et 40 % de 4♠ -1 » (a weighted adjusted
    score)."""
    def add(said: str, code: str) -> None:
        extra = TOKEN_RE.findall(code)
        words.extend(extra)
        as_typed.extend([False] * len(extra))
        readings.append([said, code])

    before = CALLED_BEFORE.search(q)
    if before and not any(normalize(surface_key(w)) == OUT_OF_TURN for w in words):
        add(before.group(0), CALLED_OUT_OF_TURN)
    told, start = told_insufficient(q, words)
    if told:
        add(told, BID_INSUFFICIENT)
    raised = told_raised(q, words, start)
    if raised:
        add(raised, BID_RAISED)
    weighted = told_weighted(q)
    if weighted:
        add(weighted, SCORE_WEIGHTED)


def _add_word(plan: Plan, w: str, is_typed: bool, vocab: Vocabulary, lexicon_by_letter: dict[str, list[str]],
              seen_groups: set[frozenset]) -> None:
    """A query word in the plan: its terms (weights), its synonyms' and its family's (lower weights), one group of
    terms per distinct word; a typed word's terms and forms to highlight."""
    group: list[str] = []
    family: list[str] = []
    own = word_terms(w, vocab, lexicon_by_letter)
    if is_typed:  # the word's terms and their family (accident → accidentellement): its forms
        for t, _ in own:
            for u in (t, *vocab.derived.get(t, ())):
                if u not in plan.typed:
                    plan.typed.append(u)
    for t, wt in own:
        plan.weights[t] = plan.weights.get(t, 0.0) + wt
        group.append(t)
        for s in vocab.synonyms.get(t, ()):
            plan.weights[s] = plan.weights.get(s, 0.0) + wt * SYNONYM_WEIGHT
            group.append(s)
        for s in vocab.derived.get(t, ()):
            plan.weights[s] = plan.weights.get(s, 0.0) + wt * DERIVED_WEIGHT
            family.append(s)
    key = frozenset(group)  # a word and its synonyms: one query word (their derived terms aside)
    if group and key not in seen_groups:
        seen_groups.add(key)
        plan.groups.append(list(dict.fromkeys(group + family)))
        plan.heads.append(list(dict.fromkeys(t for t, _ in own)))
    n = normalize(surface_key(w))
    if n not in plan.words:
        plan.words.append(n)


def make_plan(query: str, vocab: Vocabulary, lexicon_by_letter: dict[str, list[str]]) -> Plan:
    q = read_query((query or "")[:MAX_QUERY_CHARS])
    for a, b in QUOTES.items():
        q = q.replace(a, b)
    plan = Plan(pins=pins_for(q, vocab))
    words = [m.group(0).replace("’", "'") for m in TOKEN_RE.finditer(q)][:MAX_QUERY_WORDS]
    words, plan.kinds, as_typed, plan.readings = apply_rewrites(words, vocab.rewrites, vocab.by_first)
    words, as_typed = list(words), list(as_typed)
    _read_as_the_code(q, words, as_typed, plan.readings)
    seen_groups: set[frozenset] = set()
    for w, is_typed in zip(words, as_typed, strict=True):
        _add_word(plan, w, is_typed, vocab, lexicon_by_letter, seen_groups)
    for m in PHRASE_RE.finditer(q):
        terms = []
        for w in TOKEN_RE.findall(m.group(1))[:MAX_QUERY_WORDS]:
            found = word_terms(w, vocab, lexicon_by_letter)
            if found:
                terms.append(found[0][0])
        if len(terms) > 1:
            plan.phrases.append(terms)
    return plan


class Results(list["Result"]):
    """The results of a query, best first; ``relaxed``: the quoted phrases were found nowhere, so these results
    have their words only (the CLI and the page say so); ``readings``: the words typed that were searched as the
    Code's (Plan.readings: the CLI and the page say so, « trop basse » → « insuffisante »)."""
    relaxed = False
    readings: list[list[str]] = []


@dataclass
class Result:
    """One result of a query, as the command line and the site show it."""

    id: str
    law: int
    kind: str
    title: str
    url: str
    score: float
    snippet: str
    spans: list[tuple[int, int]]
    tool: dict | None = None  # the tool that comes with this provision (SearchEngine.attach_tool): id, kind, title, url
    why: dict | None = None   # the document whose situation the query resembles (SearchEngine.attach_why): same keys
    phrase: str = ""  # the phrasing of the site's index that holds query words its text lacks (attach_phrase)

    def to_json(self) -> dict:
        out = {"id": self.id, "law": self.law, "kind": self.kind, "title": self.title, "url": self.url,
               "score": round(self.score, 4), "snippet": self.snippet}
        if self.tool:
            out["tool"] = self.tool
        if self.why:
            out["why"] = self.why
        if self.phrase:
            out["phrase"] = self.phrase
        return out


def index_data(docs: list[SearchDoc], lexicon: Lexicon, raw: bool = False) -> dict:
    """What a SearchEngine holds (and the CLI caches): the documents' stored fields, the vocabulary and the
    postings (lois.features.search.index); ``raw`` (the site's build): the raw postings and the fields' average
    lengths (index.raw_postings, what the site's data holds) instead of the scores."""
    data = {"docs": stored_fields(docs), "vocabulary": Vocabulary.from_docs(docs, lexicon).to_json()}
    if raw:
        data["raw"], data["avgfl"] = raw_postings(docs, lexicon.stems)
    else:
        data["postings"] = postings(docs, lexicon.stems)
    return data


def corpus_docs(corpus_dir: Path, model=None) -> list[SearchDoc]:
    """The search documents of a corpus (of its model, when already loaded)."""
    from lois.features.search.documents import build_docs

    if model is None:
        from lois.core.corpus import load_corpus
        model = load_corpus(corpus_dir)
    return build_docs(model)


class SearchEngine:
    """The documents of a corpus, their vocabulary and postings, and the answers to queries.

    The postings hold whoosh's BM25F score of each term in each field of each document (:mod:`.index`); every query
    is ranked from them, exactly as search.js ranks from the same data. With ``cache`` (the command line), they are
    read from (or written to) the cache folder; without (the site build), computed from the documents."""

    def __init__(self, corpus_dir: Path, model=None, docs: list[SearchDoc] | None = None, cache: bool = True):
        corpus_dir = Path(corpus_dir)

        def make(raw: bool = False) -> dict:
            from lois.features.search.lexicon import load_lexicon

            return index_data(docs if docs is not None else corpus_docs(corpus_dir, model), load_lexicon(corpus_dir),
                              raw)

        data = cached_index(corpus_dir, make) if cache else make(raw=True)
        self.stored: list[dict] = data["docs"]
        self.docnum = dict(zip(doc_ids(self.stored), range(len(self.stored)), strict=True))
        self.vocab = Vocabulary(**data["vocabulary"])
        # without the cache (the site's build): the raw postings and the fields' average lengths (what the site's
        # data holds, index.raw_postings), scored when a query first needs them; from the cache: the scores alone
        self.raw: dict[str, list[int]] | None = data.get("raw")
        self.avgfl: list[float] | None = data.get("avgfl")
        if self.raw is None:
            self.postings = data["postings"]
        self.by_letter: dict[str, list[str]] = {}
        for f in self.vocab.folded:
            self.by_letter.setdefault(f[0], []).append(f)

    @functools.cached_property
    def postings(self) -> dict[str, list[int]]:
        """term → [doc, field, score×SCORE_SCALE, …] (index.postings), scored from the raw postings."""
        assert self.raw is not None and self.avgfl is not None
        return {t: scored(r, len(self.stored), self.avgfl) for t, r in self.raw.items()}

    def plan(self, query: str) -> Plan:
        return make_plan(query, self.vocab, self.by_letter)

    def idf(self, term: str) -> float:
        """whoosh's idf (WeightingModel.idf: log(N / (df + 1)) + 1), df counted over the documents of the postings."""
        post = self.postings.get(term, ())
        df = len({post[i] for i in range(0, len(post), 3)})
        return math.log(len(self.stored) / (df + 1)) + 1 if df else 0.0

    def group_weights(self, plan: Plan) -> list[float]:
        """The weight of each query word in the coverage: the largest idf of its own terms (of its group's, when
        none of its own is in the index)."""
        out = []
        for head, group in zip(plan.heads, plan.groups, strict=True):
            w = max((self.idf(t) for t in head), default=0.0) or max((self.idf(t) for t in group), default=0.0)
            out.append(w)
        return out

    def search(self, query: str, limit: int = 10, kinds: set[str] | None = None) -> "Results":
        """The results of a query, best first; ``kinds``: only documents of these kinds (the page's filters)."""
        plan = self.plan(query)
        ranked: list[tuple[int, float]] = []
        if plan.weights:
            ranked = self._ranked(plan)
            ranked.sort(key=lambda x: (self.stored[x[0]]["kind"] not in plan.kinds, -round(x[1], 6), x[0]))
        elif plan.kinds:  # « exemples », « checklist »: the documents of that kind, in index order
            ranked = [(n, 0.0) for n, f in enumerate(self.stored) if f["kind"] in plan.kinds]
        out: list[Result] = []
        top = ranked[0][1] if ranked else 0.0
        seen = set()
        for i, pid in enumerate(plan.pins):
            n = self.docnum.get(pid)
            if n is not None and (not kinds or self.stored[n]["kind"] in kinds):
                seen.add(n)
                out.append(self._result(n, top + len(plan.pins) - i, plan))
        for n, score in ranked:
            if len(out) >= limit:
                break
            if n not in seen and (not kinds or self.stored[n]["kind"] in kinds):
                out.append(self._result(n, score, plan))
        shown = Results(out[:limit])
        shown.relaxed = plan.relaxed
        shown.readings = plan.readings
        if not kinds:  # filtered by kind (the search page's boxes): the kinds asked for only
            self.attach_tool(shown)
        self.attach_why(shown, ranked, plan)
        self.attach_phrase(shown, plan)
        return shown

    def attach_tool(self, out: list["Result"]) -> None:
        """TOOL_AFTER: each of the first results that a tool rules carries it (its ``tool``: documents.choose_tools),
        unless a result above it is that tool or carries it: then the next tool that rules it (``next_tool``), if
        none above is or carries that one."""
        shown = {r.id for r in out[:TOOL_AFTER] if r.kind in TOOL_KINDS}
        for r in out[:TOOL_AFTER]:
            f = self.stored[self.docnum[r.id]]
            t = f.get("tool") if f.get("tool") not in shown else f.get("next_tool")
            if r.kind in TOOL_KINDS or not t or t in shown or t not in self.docnum:
                continue
            f = self.stored[self.docnum[t]]
            r.tool = {"id": f["id"], "kind": f["kind"], "title": f["label"], "url": f["url"]}
            shown.add(t)

    def attach_why(self, out: list["Result"], ranked: list[tuple[int, float]], plan: Plan) -> None:
        """A provision found by words of its situations says where they come from: the best-ranked of its sources
        that the query finds (Result.why), a tool of the site aside (it gives no words: documents.tool_docs)."""
        order = {n: i for i, (n, _) in enumerate(ranked)}
        for r in out:
            n = self.docnum[r.id]
            if n not in plan.borrowed:
                continue
            found = [self.docnum[t] for t in self.stored[n].get("sources") or () if self.docnum.get(t) in order
                     and self.stored[self.docnum[t]]["kind"] != Kind.TOOL]
            if found:
                f = self.stored[min(found, key=order.__getitem__)]
                r.why = {"id": f["id"], "kind": f["kind"], "title": f["label"], "url": f["url"]}

    def attach_phrase(self, out: list["Result"], plan: Plan) -> None:
        """A provision found by query words that its text lacks and the site's index gives it (corpus/index.yaml)
        shows the phrasing that holds the most of them (each by its weight in the coverage; then the most of the
        query's words; the first such): the snippet shows the Code's words, this line why the provision answers
        « enchère trop basse »."""
        gw = self.group_weights(plan)
        for r in out:
            n = self.docnum[r.id]
            lacking = plan.borrowed.get(n)
            if not lacking:
                continue
            best, key = "", (0.0, 0.0)
            for phrase in (self.stored[n].get("index") or "").split(INDEX_SEP):
                terms = set(term_positions(phrase, self.vocab))
                held = [g for g, group in enumerate(plan.groups) if terms.intersection(group)]
                k = (sum(gw[g] for g in held if g in lacking), sum(gw[g] for g in held))
                if k[0] > 0 and k > key:
                    best, key = phrase, k
            r.phrase = best

    def kind_counts(self, query: str) -> dict[str, int]:
        """How many documents of each kind the query finds, whatever the filters (the search page's counts)."""
        plan = self.plan(query)
        if plan.weights:
            found = {n for n, _ in self._ranked(plan)}
        else:
            found = {n for n, f in enumerate(self.stored) if f["kind"] in plan.kinds}
        found |= {self.docnum[p] for p in plan.pins if p in self.docnum}
        out: dict[str, int] = {}
        for n in found:
            out[self.stored[n]["kind"]] = out.get(self.stored[n]["kind"], 0) + 1
        return out

    def _ranked(self, plan: Plan) -> list[tuple[int, float]]:
        """The scored documents; when no document has the quoted phrases (a director quoting what a player said,
        « il a dit "pas grave on continue" »), the same words without the phrase condition, and ``plan.relaxed``."""
        ranked = self._score(plan)
        if not ranked and plan.phrases:
            plan.phrases = []
            plan.relaxed = True
            ranked = self._score(plan)
        return ranked

    def _totals(self, plan: Plan) -> dict[int, float]:
        """BM25F sums from the postings: each document's weighted scores of the query's terms (a provision's heading
        not counted where its title has the term: said once)."""
        totals: dict[int, float] = {}
        affirmed = not negated(plan.words)
        for term, w in plan.weights.items():
            post = self.postings.get(term, ())
            contrary = {post[i] for i in range(0, len(post), 3)  # titles that say the term with a negation
                        if affirmed and post[i + 1] == TITLE_FIELD
                        and term in negated_title_terms(self.stored[post[i]].get("title") or "", self.vocab)}
            named_by = {post[i] for i in range(0, len(post), 3)  # provisions with the term in their title
                        if post[i + 1] == TITLE_FIELD and self.stored[post[i]]["kind"] in PROVISION_KINDS
                        and post[i] not in contrary}
            for i in range(0, len(post), 3):
                if post[i + 1] == HEADING_FIELD and post[i] in named_by:
                    continue  # said once: a provision's title repeats its law's (« Enchère insuffisante non acceptée »)
                if post[i + 1] == TITLE_FIELD and post[i] in contrary:
                    continue  # « acceptée » in « … non acceptée », for a query that says no negation
                totals[post[i]] = totals.get(post[i], 0.0) + w * BOOSTS[post[i + 1]] * post[i + 2] / SCORE_SCALE
        return totals

    def _groups_found(self, plan: Plan) -> tuple[dict, dict, dict, dict]:
        """Which query words (groups) each document has: anywhere, in its own words (its situations and index words
        aside), in a borrowed field (document → group → the share of its weight the field lends), in its title."""
        anywhere: dict[int, set[int]] = {}
        own: dict[int, set[int]] = {}
        lent: dict[int, dict[int, float]] = {}
        in_title: dict[int, set[int]] = {}
        for gi, group in enumerate(plan.groups):
            for term in group:
                post = self.postings.get(term, ())
                for i in range(0, len(post), 3):
                    anywhere.setdefault(post[i], set()).add(gi)
                    share = BORROWED_FIELDS.get(post[i + 1])
                    if share is not None and self.stored[post[i]]["kind"] in TEXTLESS_KINDS:
                        share = TEXTLESS_FIELDS.get(post[i + 1], share)
                    if share is None:
                        own.setdefault(post[i], set()).add(gi)
                    else:
                        shares = lent.setdefault(post[i], {})
                        shares[gi] = max(shares.get(gi, 0.0), share)
                    if post[i + 1] == TITLE_FIELD:
                        in_title.setdefault(post[i], set()).add(gi)
        return anywhere, own, lent, in_title

    def _near(self, out: list[tuple[int, float]], plan: Plan) -> None:
        """Proximity, among the best RERANK of ``out`` (sorted here as the final sort, the kind tier aside): a
        document whose query words stand close together gains, in place."""
        out.sort(key=lambda x: (-round(x[1], 6), x[0]))
        for i in range(min(RERANK, len(out))):
            n, sc = out[i]
            f = self.stored[n]
            share = proximity_share([term_positions(f.get("title") or "", self.vocab),
                                     term_positions(f.get("body") or "", self.vocab)], plan.groups)
            if f["kind"] in TEXTLESS_KINDS:  # a page without text: also in one of its index phrasings
                share = max(share, TEXTLESS_PROXIMITY * proximity_share(phrasing_terms(f.get("index"), self.vocab),
                                                                       plan.groups))
            out[i] = (n, sc * (1 + PROXIMITY_BONUS * share))

    def _glosses_after(self, out: list[tuple[int, float]], plan: Plan, named: set[int], titled: set[int],
                       found_of: dict[int, float], matched_of: dict[int, float]) -> None:
        """A gloss after the provision it is about, when that provision covers the query as well (GLOSS_COVER; a
        law's page: unless it answers clearly better, LAW_KEEP; in place)."""
        score_of = dict(out)
        for i, (n, sc) in enumerate(out):
            f = self.stored[n]
            if not f.get("refs") or f["kind"] in plan.kinds or n in named:
                continue
            best = 0.0
            # a gloss the query titles: the provision's own words, covering the query as much as the gloss does
            by, share = (found_of, GLOSS_COVER) if n not in titled else (matched_of, 1.0)
            for ref in f["refs"]:
                r = self.docnum.get(ref)
                if r is not None and r in score_of and by[r] >= share * matched_of[n] - 1e-9:
                    best = max(best, score_of[r])
            if best and f["kind"] == Kind.LAW and n not in titled and sc > best * LAW_KEEP:
                continue  # the page of a whole law that answers clearly better than any provision of it
            if best and sc > best * GLOSS_YIELD:
                out[i] = (n, best * GLOSS_YIELD)

    def _score(self, plan: Plan) -> list[tuple[int, float]]:
        """BM25F sums from the postings, documents without the quoted phrases dropped, then rank_score with the
        query words each document has (in any field, in its title) and the weight of its kind; proximity; glosses
        after their provisions."""
        totals = self._totals(plan)
        anywhere, own, lent, in_title = self._groups_found(plan)
        ng = len(plan.groups)
        gw = self.group_weights(plan)
        total = sum(gw)
        out = []
        matched_of: dict[int, float] = {}
        named: set[int] = set()  # documents whose whole title is in the query: the query names them
        titled: set[int] = set()  # documents whose title has every query word
        found_of: dict[int, float] = {}  # the query words a document has anywhere, its situations included
        for n, base in totals.items():
            f = self.stored[n]
            if plan.phrases and not all(has_quoted(f, p, self.vocab) for p in plan.phrases):
                continue
            title_all = (bool(ng) and len(in_title.get(n, ())) == ng
                         and negated(plan.words) == negated(map(normalize, TOKEN_RE.findall(f.get("title") or ""))))
            cover = title_cover(f.get("title") or "", plan, self.vocab) if title_all else 0.0
            mine = own.get(n, set())
            if len(mine) < len(anywhere.get(n, ())):
                plan.borrowed[n] = anywhere[n] - mine
            matched_of[n] = sum(gw[g] for g in mine)
            found_of[n] = sum(gw[g] for g in anywhere.get(n, ()))
            if title_all:
                titled.add(n)
            matched = matched_of[n] + sum(gw[g] * lent[n][g] for g in anywhere.get(n, ()) if g not in mine)
            if title_all and cover >= 1 - 1e-9:
                named.add(n)
            bonus, bonus_cover = title_all, cover
            if (not title_all and f["kind"] in TEXTLESS_KINDS and len(anywhere.get(n, ())) == ng
                    and phrasing_named(f.get("index"), plan, self.vocab)):
                bonus, bonus_cover = True, INDEX_COVER  # the query names a page without text by a phrasing of its index
            out.append((n, KIND_WEIGHTS[f["kind"]] * rank_score(base, total, matched, bonus, bonus_cover)))
        if ng > 1:
            self._near(out, plan)
        self._glosses_after(out, plan, named, titled, found_of, matched_of)
        return out

    def _result(self, n: int, score: float, plan: Plan) -> Result:
        f = self.stored[n]
        text = shown_text(f)  # the snippet rule: search.js reads the same text from the documents' shards
        snippet, spans = make_snippet(text, set(plan.weights), self.vocab, marked=set(plan.typed))
        return Result(f["id"], f["law"], f["kind"], f["label"], f["url"], score, snippet, spans)


def snippet_words(text: str, vocab: Vocabulary) -> tuple[str, tuple[tuple[int, int, str], ...]]:
    """A text with its spaces made single, and (start, end, term) of each of its words that has a term: what a
    snippet of it reads, whatever the query (kept once per text and vocabulary, ``vocab.snippet_words``)."""
    kept = vocab.snippet_words.get(text)
    if kept is None:
        flat = " ".join(text.split())
        words = ((m.start(), m.end(), vocab.surfaces.get(surface_key(m.group(0)))) for m in TOKEN_RE.finditer(flat))
        kept = vocab.snippet_words[text] = (flat, tuple((s, e, t) for s, e, t in words if t))
    return kept


SNIPPET_WIDTH = 200   # characters of an extract
SNIPPET_BEFORE = 40   # characters kept before the first matched word of the extract


def make_snippet(text: str, terms: set[str], vocab: Vocabulary, width: int = SNIPPET_WIDTH,
                 marked: set[str] | None = None) -> tuple[str, list[tuple[int, int]]]:
    """An extract of ≈ width characters around the densest group of matched words (``terms``: every term the query
    searched, so that the extract shows why the document matched), and the spans of the words to highlight (those
    whose term is in ``marked``: the words typed and their forms, Plan.typed; by default ``terms``). search.js
    applies the same rule, with the same numbers from the generated data."""
    text, words = snippet_words(text, vocab)
    hits, marks = [], []
    for start, end, t in words:
        if t in terms:
            hits.append((start, end))
        if t in (terms if marked is None else marked):
            marks.append((start, end))
    if len(text) <= width:
        return text, marks
    best_start, best_n, j = 0, -1, 0
    for i, (s, _) in enumerate(hits):  # the window starting at the hit that holds the most hits (the first such)
        j = max(j, i)
        while j < len(hits) and hits[j][0] < s + width - SNIPPET_BEFORE:
            j += 1
        if j - i > best_n:
            best_n, best_start = j - i, s
    start = max(0, best_start - SNIPPET_BEFORE)
    if start:
        sp = text.rfind(" ", 0, start + 1)
        start = sp + 1 if sp >= 0 else start
    end = min(len(text), start + width)
    if end < len(text):
        sp = text.rfind(" ", start, end)
        end = sp if sp > start else end
    pre = "… " if start else ""
    post = " …" if end < len(text) else ""
    snippet = pre + text[start:end] + post
    shift = len(pre) - start
    spans = [(s + shift, e + shift) for s, e in marks if s >= start and e <= end]
    return snippet, spans


BOOSTS = tuple(FIELD_BOOSTS.values())
TITLE_FIELD = list(FIELD_BOOSTS).index("title")
# A term in a provision's title and in its heading (the titles of its law and sections) counts once, in its title:
# the section 27B « Enchère insuffisante non acceptée » has « enchère insuffisante » in the title of Law 27 above
# it, as each of its paragraphs has, and counted twice these words put the section before the paragraph that
# answers (27B before 27B2 for « enchère trop faible corrigée par passe, le partenaire est bloqué »).
HEADING_FIELD = list(FIELD_BOOSTS).index("heading")
PROVISION_KINDS = (Kind.LAW.value, Kind.STUB.value)
# the words a provision borrows (field number → share of a query word's weight in the coverage): the situations the
# site's documents tell, the phrasings of the site's index
BORROWED_FIELDS = {list(FIELD_BOOSTS).index("situations"): SITUATION_COVER,
                   list(FIELD_BOOSTS).index("index"): INDEX_COVER,
                   list(FIELD_BOOSTS).index("described"): INDEX_COVER}
# the borrowed fields that describe a document of TEXTLESS_KINDS, and their share in its coverage
TEXTLESS_FIELDS = {list(FIELD_BOOSTS).index("index"): TEXTLESS_COVER,
                   list(FIELD_BOOSTS).index("described"): TEXTLESS_COVER}
# Shown under « Aucun résultat » (header box and search page): where to look instead.
SUGGESTIONS = [["Que faire si…", "/que-faire-si/"], ["Listes d'arbitrage", "/checklists/"],
               ["Exemples", "/exemples/"], ["Glossaire", "/glossaire/"], ["Table des lois", "/"]]


def browser_data(engine: SearchEngine) -> dict:
    """The parameters of the site's search (analysis, query plan, ranking, display), generated from the Python side;
    the vocabulary, postings and documents go to shards beside them (:mod:`lois.features.search.shards`).
    Postings: term → flat list [doc, field, score×10000, …] where score is whoosh's BM25F score of the term in that
    field of that document, so the browser sums exactly what whoosh sums."""
    from lois.features.search.analysis import EDIT_STEPS, ELISIONS, FOLD_TABLE, TOKEN_RE_JS
    from lois.render.ids_js import id_data, reading_data  # the build's alone: `lois cherche` does not import them
    from lois.render.jsregex import js_pattern

    fields = list(FIELD_BOOSTS)
    return {
        "version": 3,
        "token": TOKEN_RE_JS,
        "elisions": list(ELISIONS),
        "fold": {k: v for k, v in FOLD_TABLE.items()},
        "stop": sorted(STOP_WORDS),
        "maxChars": MAX_QUERY_CHARS,
        "maxWords": MAX_QUERY_WORDS,
        "fuzzyWeight": FUZZY_WEIGHT,
        "coordPower": COORD_POWER,
        "derivedWeight": DERIVED_WEIGHT,
        "rerank": RERANK,
        "glossYield": [GLOSS_YIELD, GLOSS_COVER, LAW_KEEP],
        "tools": [list(TOOL_KINDS), TOOL_AFTER],
        "proximity": [PROXIMITY_WINDOW, PROXIMITY_BONUS],
        "titleBonus": TITLE_BONUS,
        "titleCoverPower": TITLE_COVER_POWER,
        "negations": list(NEGATIONS),
        "synonymWeight": SYNONYM_WEIGHT,
        "edits": [list(x) for x in EDIT_STEPS],
        "quotes": QUOTES,
        "read": reading_data(),  # read_query: loisDisplayed (assets/lois/ids.js)
        "bids": [*js_pattern(BID_PAIR), DENOMINATIONS, BID_INSUFFICIENT, OUT_OF_TURN, INSTEAD,
                 js_pattern(EARLIER_MARK), list(PLUPERFECT)],
        "raise": [*js_pattern(BID), BID_RAISED, list(CONVENTIONS)],
        "weighted": [js_pattern(SHARE), js_pattern(SHARE_OF), SCORE_WEIGHTED],
        "calledBefore": [js_pattern(CALLED_BEFORE), CALLED_OUT_OF_TURN],
        "ids": id_data(),  # pins_for's parse_provision_id and ProvisionId.key, read by loisIds (assets/lois/ids.js)
        "citationExplicit": js_pattern(EXPLICIT_ID),  # pins_for's test of an id among other words
        "edgeWords": EDGE_WORDS,
        "kindWeights": KIND_WEIGHTS,
        "kinds": [[k.value, k.label] for k in Kind],
        "stubText": STUB_TEXT,
        "snippet": [SNIPPET_WIDTH, SNIPPET_BEFORE],
        "suggestions": SUGGESTIONS,
        "fields": fields,
        "boosts": [FIELD_BOOSTS[f] for f in fields],
        "borrowed": [[f, share] for f, share in BORROWED_FIELDS.items()],
        "textless": [list(TEXTLESS_KINDS), [[f, share] for f, share in TEXTLESS_FIELDS.items()], PHRASING_STRIDE,
                     TEXTLESS_PROXIMITY, INDEX_COVER],
        "provisionKinds": list(PROVISION_KINDS),
        "indexSep": INDEX_SEP,
        "scale": SCORE_SCALE,
    }
