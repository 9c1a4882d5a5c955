"""The club linkifier: one script that any web page can include (another origin, a saved file), built here.

``assets/lois/linkifier.js`` is a bundle of real JavaScript files and data generated from Python:

* ``DATA.program``: the program of absolute citations of :mod:`lois.core.cite` (:func:`lois.core.cite.program`),
  its patterns translated by :mod:`lois.render.jsregex`; ``assets/scan.js`` runs it with the same loop as
  ``cite._match_rule`` (the shared case file ``tests/linkifier_cases.yaml`` pins both);
* ``DATA.ids``: how an id is read, written and keyed (:mod:`lois.render.ids_js`, the same data as the site's search
  and short links), applied by the generic reader ``render/assets/ids.js``;
* ``DATA.laws``: for each law the site has a page for, its URL and its data file;
* ``DATA.list_max``: how many lines a list preview shows (``lois.render.site.LIST_MAX``);
* ``DATA.css``: the preview card's style (``render/assets/card.css``) and the embed's (``assets/embed.css``);
* the preview card ``render/assets/card.js`` (the same component as the site's own pages), ``assets/linkifier.js``
  (links), ``assets/embed.js`` (embedded provisions), ``assets/main.js`` (start).

The text of each law is in ``assets/lois/donnees/<n>.js`` (:func:`law_data_js`), with the table ``keys`` (the
``ProvisionId.key`` of each node → its id) by which the linkifier finds the node of a cited id or of its nearest
ancestor (a path cut short, as ``ProvisionId.ancestors``), a script that registers it in
``window.LoisDonnees``: the linkifier loads it with a script tag, which browsers allow from any origin and from
``file://`` without any header (no fetch, no XHR). The whole bundle is ASCII (``\\uXXXX`` escapes) so that it
reads the same whatever the encoding of the page that includes it.
"""
from __future__ import annotations

import json
from pathlib import Path

from lois.core import cite
from lois.core.ids import ProvisionId, leads_to, not_found, not_on_site
from lois.core.provenance import Provenance, summary
from lois.core.typo import french_spacing
from lois.features.api.register import law_url, provision_url
from lois.render import ids_js
from lois.render.site import LIST_MAX
from lois.render.jsregex import js_pattern, js_source  # noqa: F401  (js_source re-exported for the tests)

ASSETS = Path(__file__).parent / "assets"
CARD = Path(__file__).resolve().parents[2] / "render" / "assets"
BUNDLE = [CARD / "card.js", ids_js.SCRIPT, ASSETS / "scan.js", ASSETS / "linkifier.js", ASSETS / "embed.js",
          ASSETS / "main.js"]
STYLES = [CARD / "card.css", ASSETS / "embed.css"]
DATA_DIR = "assets/lois/donnees"


def grammar_export() -> dict:
    """The program of absolute citations with every pattern as ``[source, flags]`` for ``new RegExp``; the patterns of
    the rules are listed once in ``patterns`` (several rules share one: the next item of a list) and each rule names
    its own by their place in that list."""
    prog = cite.program()
    patterns: list[list[str]] = []
    for rule in prog["rules"]:
        for key in ("start", "first", "next", "range"):
            if rule[key] is not None:
                pattern = js_pattern(rule[key], spaces="native")
                if pattern not in patterns:
                    patterns.append(pattern)
                rule[key] = patterns.index(pattern)
    prog["patterns"] = patterns
    # read on the text _displayed has made; ASCII classes only, so without the « u » flag, which makes V8 six times
    # slower on it (the same matches: a character outside the BMP is no space, whether one unit or two)
    address = js_pattern(prog["address"], spaces="native")
    assert "\\p{" not in address[0] and "\\u{" not in address[0], address
    prog["address"] = [address[0], address[1].replace("u", "")]
    prog["read"] = ids_js.reading_data()  # loisDisplayed (ids.js), as the site's search
    return prog


def laws_table(model) -> dict[str, dict]:
    """Law number → its page and data file, for the laws the site has a page for (present or cited)."""
    laws = sorted(set(model.laws) | set(model.stub_laws()))
    return {str(n): {"url": law_url(n), "data": f"{DATA_DIR}/{n}.js"} for n in laws}


def law_data(site, law: int) -> dict:
    """The provisions of a law (or the cited ids of a law whose text is not included), keyed by id:
    ``u`` URL, ``p`` preview, ``m`` marker, ``t`` title, ``x`` own text, ``c`` children ids, ``l`` its line in a
    list preview (a range) when it is not its preview (a whole law, a provision whose text is absent:
    ``SiteBuild.list_line``); ``keys``, the
    ``ProvisionId.key`` of every node → its id (how the browser finds a typed id or its nearest ancestor); ``text``,
    whether the site has the law's text (a cited id it does not have is then said to be absent from it); and
    ``v``, what the law's words are when they are not the official 2017 text (lois.core.provenance)."""
    m = site.model
    found: dict[ProvisionId, dict] = {}
    if law in m.laws:
        for p in m.laws[law].provisions():
            found[p.pid] = {"u": provision_url(m, p.pid), "p": site.preview(p.pid, 240), "m": p.marker,
                            "t": p.title, "x": p.text, "c": [ch.id for ch in p.children]}
    else:
        found[ProvisionId(law)] = {"u": law_url(law), "p": site.preview(ProvisionId(law), 240)}
    for sid, stub in m.stubs.items():
        if stub.law == law and sid not in found:
            found[sid] = {"u": provision_url(m, sid), "p": site.preview(sid, 240)}
    for pid, node in found.items():
        line = site.list_line(pid)
        if line != node["p"]:
            node["l"] = line
    nodes = {str(pid): node for pid, node in found.items()}
    keys = {pid.key: str(pid) for pid in found}
    for node in nodes.values():  # the texts a club page shows, in French typography as this site's (lois.core.typo)
        for k in ("p", "t", "x", "l"):
            if node.get(k):
                node[k] = french_spacing(node[k])
    out = {"law": law, "nodes": nodes, "keys": keys, "text": law in m.laws}
    provenance = m.provenance(law) if law in m.laws else ()
    if provenance and provenance != (Provenance.OFFICIAL_2017,):
        out["v"] = summary(provenance)  # what the words are, said beside an embedded text (assets/embed.js)
    return out


def _json(obj) -> str:
    return json.dumps(obj, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")


def law_data_js(site, law: int) -> str:
    """``assets/lois/donnees/<n>.js``: registers the law's data for the linkifier of any page."""
    return (f"/* Loi {law} : données du linkifier (fichier généré). */\n"
            f"(window.LoisDonnees = window.LoisDonnees || {{}})[{law}] = {_json(law_data(site, law))};\n")


def ascii_js(text: str) -> str:
    """Escape every non-ASCII character as ``\\uXXXX``: the script then reads the same whatever the
    encoding of the page that includes it (only used where such characters sit in strings, regexps or comments)."""
    out = []
    for ch in text:
        o = ord(ch)
        if o < 128:
            out.append(ch)
        elif o > 0xFFFF:
            o -= 0x10000
            out.append(f"\\u{0xD800 + (o >> 10):04x}\\u{0xDC00 + (o & 0x3FF):04x}")
        else:
            out.append(f"\\u{o:04x}")
    return "".join(out)


# The wording of a provision that is not there (lois.core.ids.not_found), as templates the scripts fill in: an embed
# of a provision the law's data does not have; a cited provision absent from the text of a law the site has, whose
# link leads to its nearest provision (the preview the site gives such a provision, SiteBuild.preview)
MESSAGES = {name: french_spacing(text) for name, text in {  # shown on a club's page: in the site's typography
    "notFound": not_found("{id}", "").rstrip(), "notOnSite": not_found("{id}", not_on_site("{law}")),
    "leadsTo": leads_to("la Loi {to}") + "."}.items()}


def linkifier_css() -> str:
    """The bundle's styles (``DATA.css``, a constructed stylesheet), also the file ``assets/lois/linkifier.css`` for
    a browser without constructed stylesheets: never a ``<style>`` element, which a strict CSP refuses."""
    return "\n".join(p.read_text(encoding="utf-8") for p in STYLES)


def linkifier_js(model, edition: str) -> str:
    """The bundle ``assets/lois/linkifier.js``."""
    data = {"program": grammar_export(), "ids": ids_js.id_data(), "laws": laws_table(model), "edition": edition,
            "list_max": LIST_MAX, "messages": MESSAGES, "css": linkifier_css()}
    parts = [f"/* Linkifier du {edition} — fichier généré (lois.features.api.linkifier), ne pas modifier. */",
             "(function () {", '"use strict";', f"var DATA = {_json(data)};"]
    parts += [p.read_text(encoding="utf-8") for p in BUNDLE]
    parts.append("})();\n")
    return ascii_js("\n".join(parts))
