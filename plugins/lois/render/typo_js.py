"""French typography in the browser: ``assets/lois/typo.js``, generated from the one definition of
:mod:`lois.core.typo` (its spacing patterns, translated by :mod:`lois.render.jsregex`, and its plural rule).

Every page loads it first; the site's scripts write what they compute through it::

    loisTypo.spacing("Aucun résultat pour « carte » ?")   // the no-break spaces of lois.core.typo.french_spacing
    loisTypo.count(3, "situation manquée", "situations manquées")   // « 3 situations manquées » (lois.core.typo.count)
    loisTypo.plural(1, "fiche illisible", "fiches illisibles")      // « fiche illisible »
    loisTypo.quoted(query)   // what a message quotes of it: lois.core.typo.quoted (80 characters, « … » if cut)
    loisTypo.inert("?q=\u202eabc")   // « ?q=\ufffdabc »: what a page quotes back of its address (a query, an anchor, an
                                     // answer), its control characters and bidirectional overrides made a visible
                                     // mark, as the command line shows them (lois.core.terminal.inert)
"""
from __future__ import annotations

import json

from lois.core.terminal import INERT_MARK, INVISIBLE
from lois.core.typo import PLURAL_FROM, QUOTE_MAX, QUOTE_SPACES, RULES, ZWJ
from lois.render.jsregex import js_pattern

SITE_SCRIPT = "assets/lois/typo.js"

_READER = """(function (S) {
  "use strict";
  /* a browser without lookbehind in its regular expressions (Safari before 16.4: iPhones left on iOS 15) leaves out
     the rules it cannot compile: fewer no-break spaces, every page working */
  var RULES = [];
  S.rules.forEach(function (r) {
    try { RULES.push([new RegExp(r[0], r[1] + "g"), r[2]]); } catch (e) { /* left out */ }
  });
  function spacing(text) {
    text = String(text);
    RULES.forEach(function (r) { text = text.replace(r[0], r[1]); });
    return text;
  }
  function plural(n, one, many) { return Math.abs(n) < S.pluralFrom ? one : (many == null ? one + "s" : many); }
  function count(n, one, many) { return n + " " + plural(n, one, many); }
  var INERT = new RegExp(S.inert[0], S.inert[1]);
  function inert(text) { return String(text).replace(INERT, S.inert[2]); }
  /* lois.core.typo.quoted: characters counted as code points (an emoji is one, as in Python); a character read
     with the one before it (_joins: \\p{M} where the browser knows it, accents typed apart elsewhere) */
  var Q = S.quote, AROUND = new RegExp("^[" + Q.spaces + "]+|[" + Q.spaces + "]+$", "gu"), JOINS;
  try { JOINS = new RegExp("^[\\\\p{M}" + Q.joins + "]$", "u"); }
  catch (e) { JOINS = new RegExp("^[\\u0300-\\u036f" + Q.joins + "]$", "u"); }
  function quoted(text, most) {
    var cs = Array.from(String(text).replace(AROUND, "")), cut = most == null ? Q.most : most;
    if (cs.length <= cut) return cs.join("");
    while (cut > 0 && (JOINS.test(cs[cut]) || cs[cut - 1] === Q.zwj)) cut--;
    return cs.slice(0, cut).join("").replace(AROUND, "") + "\u2026";
  }
  window.loisTypo = { spacing: spacing, plural: plural, count: count, inert: inert, quoted: quoted };
})"""


def _inert_class() -> str:
    """lois.core.terminal.INVISIBLE as a class of a JavaScript pattern with the « u » flag (whose ranges of
    surrogates match lone ones only, never a character outside the BMP)."""
    return "[" + "".join(c if c == "-" else f"\\u{ord(c):04x}" for c in INVISIBLE) + "]"


def _class(chars: str) -> str:
    """Characters inside a class of a JavaScript pattern with the « u » flag."""
    return "".join(f"\\u{{{ord(c):x}}}" for c in chars)


def typo_data() -> dict:
    return {"rules": [js_pattern(p) + [space] for p, space in RULES], "pluralFrom": PLURAL_FROM,
            "inert": [_inert_class(), "gu", INERT_MARK],
            "quote": {"most": QUOTE_MAX, "spaces": _class(QUOTE_SPACES), "zwj": ZWJ,
                      "joins": _class(ZWJ) + "\\u{1f3fb}-\\u{1f3ff}\\u{e0020}-\\u{e007f}"}}


def script_text() -> str:
    data = json.dumps(typo_data(), ensure_ascii=True, separators=(",", ":"))
    return ("/* Typographie française (espaces insécables, pluriels) : fichier généré par lois.render.typo_js depuis "
            "lois.core.typo, ne pas modifier. */\n" + _READER + "(" + data + ");\n")
