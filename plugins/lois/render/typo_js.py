"""French typography in the browser: ``assets/lois/typo.js``, generated from the one definition of
:mod:`lois.core.typo` (its spacing patterns, translated by :mod:`lois.render.jsregex`, and its plural rule).

Every page loads it first; the site's scripts write what they compute through it::

    loisTypo.spacing("Aucun résultat pour « carte » ?")   // the no-break spaces of lois.core.typo.french_spacing
    loisTypo.count(3, "situation manquée", "situations manquées")   // « 3 situations manquées » (lois.core.typo.count)
    loisTypo.plural(1, "fiche illisible", "fiches illisibles")      // « fiche illisible »
"""
from __future__ import annotations

import json

from lois.core.typo import PLURAL_FROM, RULES
from lois.render.jsregex import js_pattern

SITE_SCRIPT = "assets/lois/typo.js"

_READER = """(function (S) {
  "use strict";
  /* a browser without lookbehind in its regular expressions (Safari before 16.4: iPhones left on iOS 15) leaves out
     the rules it cannot compile: fewer no-break spaces, every page working */
  var RULES = [];
  S.rules.forEach(function (r) { try { RULES.push([new RegExp(r[0], r[1] + "g"), r[2]]); } catch (e) { /* left out */ } });
  function spacing(text) {
    text = String(text);
    RULES.forEach(function (r) { text = text.replace(r[0], r[1]); });
    return text;
  }
  function plural(n, one, many) { return Math.abs(n) < S.pluralFrom ? one : (many == null ? one + "s" : many); }
  function count(n, one, many) { return n + " " + plural(n, one, many); }
  window.loisTypo = { spacing: spacing, plural: plural, count: count };
})"""


def typo_data() -> dict:
    return {"rules": [js_pattern(p) + [space] for p, space in RULES], "pluralFrom": PLURAL_FROM}


def script_text() -> str:
    data = json.dumps(typo_data(), ensure_ascii=True, separators=(",", ":"))
    return ("/* Typographie française (espaces insécables, pluriels) : fichier généré par lois.render.typo_js depuis "
            "lois.core.typo, ne pas modifier. */\n" + _READER + "(" + data + ");\n")
