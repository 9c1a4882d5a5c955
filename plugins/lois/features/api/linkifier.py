"""The club linkifier script, generated from the Python citation grammar (:mod:`lois.core.cite`).

:func:`grammar_export` reads the compiled patterns of ``lois.core.cite`` and translates each one
programmatically into a JavaScript pattern source (:func:`js_source`): Unicode classes
(``[^\\W\\d_]`` → ``\\p{L}``), possessive quantifiers (``*+`` → ``*``; every pattern is matched
anchored, so they change no result here), inline case-insensitive groups, named groups.
The scanning procedure (``_parse_abs`` …) is mirrored in :data:`RUNTIME`, restricted to
absolute citations (a club page has no provision context for relative ones). The shared
case file ``tests/linkifier_cases.yaml`` checks the Python grammar and the script give the
same results.
"""
from __future__ import annotations

import json
import re

from lois.core import cite
from lois.render.jsregex import js_source  # noqa: F401  (re-exported: the translation is shared with search)

# cite.py pattern name → exported name
PATTERNS = {
    "_LOI_HEAD": "LOI_HEAD", "_LOI_GAP": "LOI_GAP", "_NUM": "NUM", "_SEC": "SEC", "_PARA": "PARA",
    "_SUB_PAREN": "SUB_PAREN", "_SUB_GLUED": "SUB_GLUED", "_ROMAN_PAREN": "ROMAN_PAREN",
    "_ALNUM_AT": "ALNUM_AT", "_LETTER_AT": "LETTER_AT", "_HEADING_WORD": "HEADING_WORD",
    "_LOWER_WORD": "LOWER_WORD", "_REL_SEC": "REL_SEC", "_REL_PARA_SUB": "REL_PARA_SUB",
    "_REL_SUB": "REL_SUB", "_SEP": "SEP", "_GLOSS": "GLOSS", "_RANGE": "RANGE", "_CI_AFTER": "CI_AFTER",
    "_TRIGGER": "TRIGGER", "_TRIGGER_GAP": "TRIGGER_GAP", "_ENUM_AFTER": "ENUM_AFTER",
}

def grammar_export() -> dict:
    """The patterns and constants of the citation grammar, as JS-ready sources and flags."""
    pats = {}
    for py_name, js_name in PATTERNS.items():
        p = getattr(cite, py_name)
        flags = "u" + ("i" if p.flags & re.IGNORECASE else "")
        pats[js_name] = [js_source(p.pattern), flags]
    return {
        "version": cite.GRAMMAR_VERSION,
        "maxLaw": cite.MAX_LAW,
        "maxAbsItems": cite._MAX_ABS_ITEMS,
        "maxRelItems": cite._MAX_REL_ITEMS,
        "patterns": pats,
    }


def ascii_js(text: str) -> str:
    """Escape every non-ASCII character as ``\\uXXXX``: the script then reads the same whatever the
    encoding of the club page that includes it (only used where such characters sit in strings or comments)."""
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


def linkifier_js() -> str:
    grammar = json.dumps(grammar_export(), ensure_ascii=True, indent=0).replace("</", "<\\/")
    return ascii_js(RUNTIME.replace("/*GRAMMAR*/null", grammar))


RUNTIME = r"""/* Linkifier du Code International de Bridge Duplicate 2017 — fichier généré, ne pas modifier.
 * Usage : <script src="https://…/assets/lois/linkifier.js" data-lois-base="https://…/" defer></script>
 * Options (attributs data- de la balise script) :
 *   data-lois-base   URL du site des lois (par défaut : déduite de l'adresse du script)
 *   data-lois-cible  sélecteur CSS des zones à traiter (par défaut : body)
 */
(function () {
  "use strict";
  var G = /*GRAMMAR*/null;
  var R = {}, RG = {};
  Object.keys(G.patterns).forEach(function (k) {
    var p = G.patterns[k];
    R[k] = new RegExp(p[0], p[1] + "y");
    RG[k] = new RegExp(p[0], p[1] + "g");
  });
  function at(name, text, pos) { var r = R[name]; r.lastIndex = pos; return r.exec(text); }
  function end(m) { return m.index + m[0].length; }
  function isSpace(ch) { return /\s/.test(ch); }

  function parseTail(text, pos, parts, spaced) {
    var e = pos, m = at("PARA", text, e), paraOk = false, sub = null;
    if (m && !spaced && m[1]) m = null;
    if (m) {
      var after = end(m), gl = at("SUB_GLUED", text, after);
      if (at("LETTER_AT", text, after) && !gl) m = null;
      else if (m[1] && at("LOWER_WORD", text, after) && !at("SUB_PAREN", text, after)) m = null;
    }
    if (m) { parts.push(m[2]); e = end(m); paraOk = true; }
    if (paraOk) { var g = at("SUB_GLUED", text, e); if (g) sub = g; }
    if (!sub) { var sp = at("SUB_PAREN", text, e); if (sp && (spaced || !isSpace(text[e]))) sub = sp; }
    if (!sub) return e;
    parts.push(sub[1]); e = end(sub);
    var r = at("ROMAN_PAREN", text, e);
    if (r && (spaced || !isSpace(text[e]))) { parts.push(r[1]); e = end(r); }
    return e;
  }

  function parseAbs(text, pos, gluedOnly) {
    var m = at("NUM", text, pos);
    if (!m) return null;
    var law = parseInt(m[0], 10), e = end(m), parts = [], spaced = false;
    var s = at("SEC", text, e);
    if (s && gluedOnly && s[1]) s = null;
    if (s) {
      spaced = !!s[1];
      var after = end(s);
      if (spaced) {
        if (at("HEADING_WORD", text, after)) s = null;
        else if (s[2] === "A" && at("LOWER_WORD", text, after)) s = null;
      }
    }
    if (s) { parts.push(s[2]); e = parseTail(text, end(s), parts, true); }
    if (at("ALNUM_AT", text, e)) return null;
    return { law: law, parts: parts, end: e };
  }

  function item(start, e, refs, bareSection, bareLaw) {
    return { start: start, end: e, refs: refs, bareSection: !!bareSection, bareLaw: !!bareLaw };
  }

  function parseRel(text, pos) {
    var parts = [], bare = false, e, r, m = at("REL_SEC", text, pos);
    if (m) {
      parts.push(m[1]); e = parseTail(text, end(m), parts, false); bare = parts.length === 1;
    } else if ((m = at("REL_PARA_SUB", text, pos))) {
      parts.push(m[1], m[2]); e = end(m);
      r = at("ROMAN_PAREN", text, e);
      if (r && !isSpace(text[e])) { parts.push(r[1]); e = end(r); }
    } else {
      m = at("REL_SUB", text, pos);
      if (!m) return null;
      parts.push(m[1]); e = end(m);
      if (m[1].length === 1) {
        r = at("ROMAN_PAREN", text, e);
        if (r && !isSpace(text[e])) { parts.push(r[1]); e = end(r); }
      }
    }
    if (at("ALNUM_AT", text, e)) return null;
    return item(pos, e, [{ law: null, path: parts }], bare, false);
  }

  function parseAbsItem(text, pos, first, plural) {
    var p = parseAbs(text, pos, false);
    if (!p) return null;
    if (p.parts.length) return item(pos, p.end, [{ law: p.law, path: p.parts }]);
    if (!first && (!plural || !(p.law >= 1 && p.law <= G.maxLaw))) return null;
    var refs = [{ law: p.law, path: [] }], e = p.end, r = at("RANGE", text, e);
    if (r && !at("ALNUM_AT", text, end(r))) {
      var hi = parseInt(r[1], 10);
      if (p.law >= 1 && p.law < hi && hi <= G.maxLaw) {
        refs = [];
        for (var n = p.law; n <= hi; n++) refs.push({ law: n, path: [] });
        e = end(r);
      }
    }
    return item(pos, e, refs, false, refs.length === 1);
  }

  function continueList(text, items, absolute, plural) {
    var limit = absolute ? G.maxAbsItems : G.maxRelItems;
    while (items.length < limit) {
      var pos = items[items.length - 1].end;
      if (absolute) { var g = at("GLOSS", text, pos); if (g) pos = end(g); }
      var sep = at("SEP", text, pos);
      if (!sep) return;
      pos = end(sep);
      var it = absolute ? parseAbsItem(text, pos, false, plural) : null;
      if (!it) {
        it = parseRel(text, pos);
        if (!it) return;
        if (it.bareSection && !at("CI_AFTER", text, it.end)) return;
      }
      items.push(it);
    }
  }

  function fromLoi(text, head) {
    var gap = at("LOI_GAP", text, end(head)), pos = gap ? end(gap) : end(head);
    var plural = head[0].toLowerCase() === "lois";
    var first = parseAbsItem(text, pos, true, plural);
    if (!first) return null;
    if (text.slice(end(head), pos).indexOf("\n") >= 0 && first.bareLaw && at("ENUM_AFTER", text, first.end)) return null;
    var items = [first];
    continueList(text, items, true, plural);
    return items;
  }

  function fromTrigger(text, t) {
    var gap = at("TRIGGER_GAP", text, end(t)), pos = gap ? end(gap) : end(t);
    if (pos === end(t)) return null;
    if (t.groups.voir !== undefined || t.groups.abs !== undefined) {
      var p = parseAbs(text, pos, true);
      if (p) {
        var bidLike = p.law <= 7 && p.parts.length === 1 && "CDH".indexOf(p.parts[0]) >= 0;
        if (p.parts.length && p.law >= 1 && p.law <= G.maxLaw && !bidLike) {
          var items = [item(pos, p.end, [{ law: p.law, path: p.parts }])];
          continueList(text, items, true, false);
          return items;
        }
      }
    }
    return null; // relative references need a provision context: ignored here
  }

  function formatId(ref) {
    var s = String(ref.law);
    ref.path.forEach(function (part) { s += (/^[0-9]+$/.test(part) || /^[A-Z]$/.test(part)) ? part : "(" + part + ")"; });
    return s;
  }

  /* Absolute citations of a text: [{text, start, end, refs: ["64B2", …]}] (same as lois.core.cite, absolute refs only). */
  function findCitations(text) {
    if (typeof text !== "string" || !text) return [];
    var cands = [], m;
    RG.LOI_HEAD.lastIndex = 0;
    while ((m = RG.LOI_HEAD.exec(text))) { cands.push([m.index, 0, m]); if (!m[0]) RG.LOI_HEAD.lastIndex++; }
    RG.TRIGGER.lastIndex = 0;
    while ((m = RG.TRIGGER.exec(text))) { cands.push([m.index, 1, m]); if (!m[0]) RG.TRIGGER.lastIndex++; }
    cands.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var found = [], consumed = 0;
    cands.forEach(function (c) {
      if (c[0] < consumed) return;
      var items = c[1] === 0 ? fromLoi(text, c[2]) : fromTrigger(text, c[2]);
      if (!items || !items.length) return;
      var start = c[1] === 0 ? c[0] : items[0].start, e = items[items.length - 1].end, refs = [];
      items.forEach(function (it) { refs = refs.concat(it.refs); });
      found.push({ start: start, end: e, refs: refs, loi: c[1] === 0 });
      consumed = e;
    });
    var merged = [];
    found.forEach(function (cur) {
      var prev = merged[merged.length - 1];
      if (prev) {
        var gap = text.slice(prev.end, cur.start);
        if (prev.loi && cur.loi && gap && !gap.trim() && gap.indexOf("\n") < 0 &&
            JSON.stringify(prev.refs) === JSON.stringify(cur.refs)) { prev.end = cur.end; return; }
      }
      merged.push(cur);
    });
    var out = [];
    merged.forEach(function (f) {
      var refs = f.refs.filter(function (r) { return r.law !== null; }).map(formatId);
      if (refs.length) out.push({ text: text.slice(f.start, f.end), start: f.start, end: f.end, refs: refs });
    });
    return out;
  }

  /* ------------------------------------------------------------------ DOM */
  var SKIP = { A: 1, CODE: 1, PRE: 1, SCRIPT: 1, STYLE: 1, TEXTAREA: 1, INPUT: 1, SELECT: 1, OPTION: 1,
    BUTTON: 1, NOSCRIPT: 1, TEMPLATE: 1, KBD: 1, SAMP: 1, SVG: 1, MATH: 1, IFRAME: 1, OBJECT: 1, LABEL: 1 };
  var script = document.currentScript;
  var base = (script && script.getAttribute("data-lois-base")) ||
    (script && script.src ? new URL("../../", script.src).href : new URL("/", location.href).href);
  if (!/\/$/.test(base)) base += "/";
  var cache = {};

  function getJSON(path) {
    if (!cache[path]) {
      cache[path] = fetch(new URL(path, base).href).then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; });
    }
    return cache[path];
  }

  function skipped(el) {
    return SKIP[el.nodeName.toUpperCase()] || el.isContentEditable ||
      (el.classList && el.classList.contains("lois-pas-de-liens"));
  }

  function textNodes(root) {
    var out = [];
    if (!root || root.nodeType !== 1 || skipped(root)) return out;
    for (var p = root.parentElement; p; p = p.parentElement) if (skipped(p)) return out;
    var w = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) {
        if (n.nodeType === 1) return skipped(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
        return n.data.length > 1 ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      }
    });
    var n;
    while ((n = w.nextNode())) out.push(n);
    return out;
  }

  function lawOf(id) { return parseInt(id, 10); }

  function locate(doc, id) {
    /* url and preview of a provision id in a law document (nearest existing ancestor). */
    var nodes = {};
    (function walk(n) { if (!n) return; nodes[n.id] = n; (n.children || []).forEach(walk); })(doc.root);
    for (var i = 0; i < (doc.stubs || []).length; i++) if (doc.stubs[i].id === id) return doc.stubs[i];
    var cur = id;
    while (cur) {
      if (nodes[cur]) return nodes[cur];
      var next = cur.replace(/(\([a-z]+\)|[0-9]+|[A-H])$/, "");
      if (next === cur || !/[0-9]/.test(next)) break;
      cur = next;
    }
    return nodes[String(lawOf(id))] || { url: doc.url, preview: "Loi " + doc.number + (doc.title ? " — " + doc.title : "") };
  }

  function linkify(root) {
    root = root || document.body;
    var todo = [];
    textNodes(root).forEach(function (node) {
      var cites = findCitations(node.data);
      if (cites.length) todo.push([node, cites]);
    });
    if (!todo.length) return Promise.resolve(0);
    return getJSON("api/lois.json").then(function (index) {
      if (!index || !index.laws) return 0;
      var status = {};
      index.laws.forEach(function (l) { status[l.number] = l; });
      var needed = {};
      todo.forEach(function (t) { t[1].forEach(function (c) { c.refs.forEach(function (id) {
        var l = status[lawOf(id)];
        if (l && l.status !== "absent" && l.json) needed[l.number] = l.json;
      }); }); });
      var laws = Object.keys(needed);
      return Promise.all(laws.map(function (n) { return getJSON(needed[n]); })).then(function (docs) {
        var byLaw = {};
        laws.forEach(function (n, i) { if (docs[i]) byLaw[n] = docs[i]; });
        var count = 0;
        todo.forEach(function (t) {
          var node = t[0], text = node.data, pos = 0, frag = document.createDocumentFragment(), any = false;
          if (!node.parentNode) return;
          t[1].forEach(function (c) {
            var targets = c.refs.filter(function (id) { return byLaw[lawOf(id)]; });
            if (!targets.length) return;
            var first = locate(byLaw[lawOf(targets[0])], targets[0]);
            var a = document.createElement("a");
            a.className = "lois-lien";
            a.href = new URL(first.url, base).href;
            a.setAttribute("data-lois-ref", targets.join(" "));
            a.title = targets.slice(0, 4).map(function (id) {
              return locate(byLaw[lawOf(id)], id).preview;
            }).join(" | ");
            a.textContent = c.text;
            frag.appendChild(document.createTextNode(text.slice(pos, c.start)));
            frag.appendChild(a);
            pos = c.end; any = true; count++;
          });
          if (!any) return;
          frag.appendChild(document.createTextNode(text.slice(pos)));
          node.parentNode.replaceChild(frag, node);
        });
        return count;
      });
    }).catch(function () { return 0; });
  }

  function run() {
    var sel = (script && script.getAttribute("data-lois-cible")) || "body";
    var roots = [];
    try { roots = Array.prototype.slice.call(document.querySelectorAll(sel)); } catch (e) { roots = []; }
    var chain = Promise.resolve(0);
    roots.forEach(function (r) { chain = chain.then(function (n) { return linkify(r).then(function (k) { return n + k; }); }); });
    chain.then(function (n) {
      document.documentElement.setAttribute("data-lois-liens", String(n));
      document.dispatchEvent(new CustomEvent("lois-liens-prets", { detail: { count: n } }));
    });
  }

  window.loisLinkifier = { grammarVersion: G.version, base: base, findCitations: findCitations, linkify: linkify };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
"""
