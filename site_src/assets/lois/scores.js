/* Adjusted-score calculators (Loi 12C2, Loi 12C1(c)). Every number, threshold, sentence and message comes from
   the rules generated at build time by lois.features.scores.calc (RULES); this file applies them the same
   way as calc.py does. Both are pinned by tests/adjusted_score_cases.yaml. */
(function () {
  "use strict";

  function CalcError(rules, code, values, where) {
    this.code = code;
    this.where = where || null;
    this.message = fill(rules.errors[code], values || {});
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return values[k] === undefined ? m : values[k]; });
  }

  function round2(x) { return Math.floor(x * 100 + 0.5) / 100; }
  function fmt(x) { return String(round2(x)).replace(".", ","); }
  function signed(x) { var s = fmt(x); return s.charAt(0) === "-" ? "(" + s + ")" : s; }

  /* Python's str.strip(SPACES) and len(): code points, the same spaces as calc.py */
  function strip(rules, text) {
    var sp = rules.spaces, a = Array.from(text), i = 0, j = a.length;
    while (i < j && sp.indexOf(a[i]) >= 0) i++;
    while (j > i && sp.indexOf(a[j - 1]) >= 0) j--;
    return a.slice(i, j);
  }
  function shown(rules, text) {  /* calc.shown: one line (same character class as calc._UNQUOTABLE) */
    var a = strip(rules, String(text)).map(function (c) {
      return c === "\t" ? " " : /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]/.test(c) ? "\u23ce" : c;
    }), max = rules.input.max_length;
    return a.length <= max ? a.join("") : a.slice(0, max).join("") + "…";
  }

  /* calc.number: a number typed by a person, or null when empty; CalcError otherwise */
  function number(rules, value, field, where, unit) {
    if (value === null || value === undefined) return null;
    if (typeof value === "number") {  // a program's number: read as typed
      if (!isFinite(value)) throw new CalcError(rules, "not_a_number", { field: field, value: String(value) }, where);
      value = String(value);
    }
    var chars = strip(rules, String(value)), text = chars.join(""), inp = rules.input;
    if (!chars.length) return null;
    if (chars.length > inp.max_length) throw new CalcError(rules, "too_long", { field: field, value: shown(rules, text), max_length: inp.max_length }, where);
    var m = new RegExp(rules.number, "i").exec(text);
    if (!m) throw new CalcError(rules, "not_a_number", { field: field, value: shown(rules, text) }, where);
    if (m[3] && m[3].length > inp.decimals) throw new CalcError(rules, "decimals", { field: field, value: shown(rules, text), decimals: inp.decimals }, where);
    if (m[4] && unit && (m[4] === "%" ? "%" : "IMP") !== unit) throw new CalcError(rules, "wrong_unit", { field: field, value: shown(rules, text), unit: rules.unit_names[unit] }, where);
    var x = parseFloat(m[2] + "." + (m[3] || "0"));
    return m[1] === "-" || m[1] === "\u2212" ? -x : x;
  }

  function within(rules, x, unit, field, where, raw) {
    var r = rules.ranges[unit];
    if (!(x >= r.min && x <= r.max))
      throw new CalcError(rules, r.error, { field: field, value: typeof raw === "string" ? shown(rules, raw) : fmt(x) }, where);
    return x;
  }

  function read(rules, inputs, key, fields, unit) {
    var raw = inputs[key], x = number(rules, raw, fields[key], key, unit);
    return x === null ? null : within(rules, x, unit, fields[key], key, raw);
  }

  function standard(rules, event, who, inputs, fields) {
    var ev = rules.events[event], score = ev.scores[who], cites = ev.citations.slice(), text = rules.texts[event + "_" + who] || rules.texts[event];
    var key = { "fautif": "moyenne_moins", "non-fautif": "moyenne_plus" }[who];
    var own = key ? read(rules, inputs, key, fields, ev.unit) : null;
    if (own !== null) {
      var lo = ev.bounds[who][0], hi = ev.bounds[who][1], field = fields[key];
      if (hi !== null && own > hi) throw new CalcError(rules, "bounds_low", { field: field, max: fmt(hi), unit: ev.unit }, key);
      if (lo !== null && own < lo) throw new CalcError(rules, "bounds_high", { field: field, min: fmt(lo), unit: ev.unit }, key);
      score = own;
      ev.organiser_citations.forEach(function (c) { if (cites.indexOf(c) < 0) cites.push(c); });
      text += rules.texts["organiser_" + event];
    }
    return [score, cites, fill(text, { name: rules.names[who], score: fmt(score), who: rules.who[who] })];
  }

  function artificial(rules, event, who, sessionRaw, inputs, fields) {
    fields = fields || rules.fields;
    if (!rules.events.hasOwnProperty(event)) throw new CalcError(rules, "event", { value: event });
    if (!rules.names.hasOwnProperty(who)) throw new CalcError(rules, "responsibility", { value: who });
    var ev = rules.events[event], s = rules.session;
    var session = read(rules, { score_seance: sessionRaw }, "score_seance", fields, "%");
    var std = standard(rules, event, who, inputs, fields), score = std[0], cites = std[1], text = std[2];
    if (session !== null) {
      var kase = who === "non-fautif" && session > s.high ? "session_high" : who === "fautif" && session < s.low ? "session_low" : null;
      if (kase === null) text += fill(rules.texts.session_none, { session: fmt(session) });
      else {
        score = session;
        if (event === "imp") {
          score = read(rules, inputs, "equivalent_imp", fields, "IMP");
          if (score === null) throw new CalcError(rules, "imp_equivalent", { field: fields.score_seance, session: fmt(session), equivalent: fields.equivalent_imp }, "equivalent_imp");
        }
        text += fill(rules.texts[kase], { session: fmt(session), score: fmt(score), unit: ev.unit });
      }
      s.citations.forEach(function (c) { if (cites.indexOf(c) < 0) cites.push(c); });
    }
    return { score: round2(score), unit: ev.unit, citations: cites, explanation: text, notes: [] };
  }

  function weighted(rules, event, results, fields) {
    fields = fields || rules.fields;
    if (!rules.events.hasOwnProperty(event)) throw new CalcError(rules, "event", { value: event });
    var unit = rules.events[event].unit, max = rules.input.max_results;
    if (results.length > max) throw new CalcError(rules, "too_many", { max_results: max });
    var rows = [], notes = [];
    results.forEach(function (r, i) {
      var n = i + 1, fp = fill(fields.probability, { n: n }), fs = fill(fields.score, { n: n });
      var p = number(rules, r[0], fp, "probability:" + n, "%"), sc = number(rules, r[1], fs, "score:" + n, unit);
      if (p !== null && !(p > 0 && p <= 100))
        throw new CalcError(rules, "probability", { field: fp, value: typeof r[0] === "string" ? shown(rules, r[0]) : fmt(p) }, "probability:" + n);
      if (sc !== null) {
        within(rules, sc, unit, fs, "score:" + n, r[1]);
        if (unit === "%" && (sc === 0 || sc === 100)) {
          var code = sc === 100 ? "top" : "bottom";
          notes.push({ where: "score:" + n, code: code, text: fill(rules.notes[code], { field: fs }) });
        }
      }
      if ((p === null) !== (sc === null)) throw new CalcError(rules, "incomplete", { n: n }, (sc === null ? "score:" : "probability:") + n);
      if (p !== null) rows.push([p, sc]);
    });
    if (rows.length < 2) throw new CalcError(rules, "no_results", {});
    var parts = [], products = [], totalP = 0, total = 0;
    rows.forEach(function (r) {
      totalP += r[0]; total += r[0] * r[1] / 100;
      parts.push(fmt(r[0]) + " % × " + signed(r[1]) + " " + unit); products.push(signed(r[0] * r[1] / 100));
    });
    if (Math.abs(totalP - 100) > 1e-6) throw new CalcError(rules, "sum", { total: fmt(totalP) });
    var arithmetic = parts.join(" + ") + " = " + products.join(" + ") + " = " + fmt(total) + " " + unit;
    return { score: round2(total), unit: unit, citations: ["12C1(c)"], notes: notes, explanation: fill(rules.texts.weighted, { arithmetic: arithmetic }), arithmetic: arithmetic };
  }

  /* ------------------------------------------------------------------ the forms */

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function citeList(data, ids) {
    var ul = el("ul", { "class": "lois-cl-cites lois-sc-cites" });
    ids.forEach(function (id) {
      var c = data.cites[id] || { id: id, label: "Loi " + id, href: null, preview: "" }, li = el("li");
      var a = c.href ? el("a", { "class": "lois-cite", href: c.href, "data-ref": c.id }, c.label) : el("span", { "class": "lois-cite-stub" }, c.label);
      li.appendChild(a); ul.appendChild(li);
    });
    return ul;
  }

  function radio(form, name) { var r = form.querySelector('input[name="' + name + '"]:checked'); return r ? r.value : ""; }

  function inputsOf(form) {
    var out = {};
    form.querySelectorAll('input[type="text"]').forEach(function (i) { if (i.name && !i.closest("tr")) out[i.name] = i.value; });
    return out;
  }

  /* the input an error or a note is about: « score_seance », « probability:2 » (row 2) */
  function inputOf(form, where) {
    if (!where) return null;
    var m = /^(probability|score):(\d+)$/.exec(where);
    if (!m) return form.querySelector('input[name="' + where + '"]');
    var tr = form.querySelectorAll("tbody tr.lois-sc-row")[Number(m[2]) - 1];
    return tr ? tr.querySelector('[name="' + m[1] + '"]') : null;
  }

  function rowsOf(form) {
    return Array.prototype.slice.call(form.querySelectorAll("tbody tr.lois-sc-row"));
  }

  function compute(data, form) {
    var rules = data.rules, event = radio(form, "epreuve");
    if (form.dataset.calc === "artificial") {
      var v = inputsOf(form);
      return { facts: factsArtificial(form, v), result: artificial(rules, event, radio(form, "responsabilite"), v.score_seance, v, rules.site_fields) };
    }
    var rows = rowsOf(form).map(function (tr) {
      return [tr.querySelector('[name="probability"]').value, tr.querySelector('[name="score"]').value];
    });
    var result = weighted(rules, event, rows, rules.site_fields), facts = [["Épreuve", labelOf(form, "epreuve")]];
    rowsOf(form).forEach(function (tr, i) {
      var p = number(rules, rows[i][0], "", null, null), sc = number(rules, rows[i][1], "", null, null);
      if (p === null) return;
      var label = tr.querySelector('[name="label"]').value.trim() || "Résultat " + (i + 1);
      facts.push([label, fmt(p) + " % → " + fmt(sc) + " " + result.unit]);
    });
    return { facts: facts, result: result };
  }

  function labelOf(form, name) {
    var r = form.querySelector('input[name="' + name + '"]:checked');
    return r ? r.parentNode.textContent.trim() : "";
  }

  function factsArtificial(form, v) {
    var facts = [["Épreuve", labelOf(form, "epreuve")], ["Responsabilité", labelOf(form, "responsabilite")]];
    form.querySelectorAll('input[type="text"]').forEach(function (i) {
      if (i.value.trim()) facts.push([i.parentNode.firstChild.textContent.trim(), i.value.trim()]);
    });
    return facts;
  }

  /* a message beside its input: under the field, or on a line of its own under a row of the table */
  var PENDING = { no_results: 1, incomplete: 1 };  // a form being filled in, not a mistake
  function say(form, where, cls, text, alert) {
    var input = inputOf(form, where), id = "lois-sc-msg-" + form.dataset.calc + "-" + where.replace(":", "-");
    if (!input) return false;
    var msg = el("p", { "class": "lois-sc-msg " + cls, id: id, "data-where": where }, text);
    if (alert) msg.setAttribute("role", "alert");
    var tr = input.closest("tr");
    if (tr) {
      var row = el("tr", { "class": "lois-sc-msg-row" }), td = el("td", { colspan: "3" });
      td.appendChild(msg); row.appendChild(td); tr.after(row);
    } else input.closest(".lois-sc-field").appendChild(msg);
    if (alert) {
      input.setAttribute("aria-invalid", "true");
      var fold = input.closest("details");  // the organiser's settings, folded: opened to show the field at fault
      if (fold && !fold.open) fold.open = true;
    }
    input.setAttribute("aria-describedby", id);
    return true;
  }

  function typed(form) {
    return Array.prototype.some.call(form.querySelectorAll('input[type="text"]'), function (i) { return i.name !== "label" && i.value.trim(); });
  }

  function show(data, form) {
    var box = form.querySelector(".lois-sc-result"), out, rules = data.rules;
    box.textContent = "";
    ["data-score", "data-unit", "data-error", "data-where"].forEach(function (a) { box.removeAttribute(a); });
    form.querySelectorAll(".lois-sc-msg-row, .lois-sc-msg").forEach(function (m) { m.remove(); });
    form.querySelectorAll("[aria-invalid], [aria-describedby]").forEach(function (i) { i.removeAttribute("aria-invalid"); i.removeAttribute("aria-describedby"); });
    var col = form.querySelector(".lois-sc-unit-col"), ev = rules.events[radio(form, "epreuve")];
    if (col && ev) col.textContent = ev.column;
    if (form.dataset.calc === "weighted" && !typed(form)) return;  // nothing typed yet: nothing to say
    try { out = compute(data, form); } catch (e) {
      if (!(e instanceof CalcError)) throw e;
      var pending = PENDING.hasOwnProperty(e.code);
      box.setAttribute("data-error", e.code);
      if (e.where) box.setAttribute("data-where", e.where);
      if (!(e.where && say(form, e.where, pending ? "lois-sc-pending" : "lois-sc-error", e.message, !pending)))
        box.appendChild(el("p", pending ? { "class": "lois-sc-pending" } : { "class": "lois-sc-error", role: "alert" }, e.message));
      return;
    }
    var r = out.result;
    r.notes.forEach(function (n) { say(form, n.where, "lois-sc-note", n.text, false); });
    box.setAttribute("data-score", String(r.score)); box.setAttribute("data-unit", r.unit);
    box.appendChild(el("p", { "class": "lois-sc-score" }, fmt(r.score) + " " + r.unit));
    box.appendChild(el("p", { "class": "lois-sc-explanation" }, r.explanation));
    box.appendChild(citeList(data, r.citations));
    if (!window.loisFiche) document.addEventListener("lois-fiche-ready", function () { show(data, form); }, { once: true });
    else {
      var title = form.dataset.calc === "artificial" ? "Marque ajustée artificielle" : "Marque ajustée pondérée";
      box.appendChild(window.loisFiche.button({
        kind: "calcul", title: title, url: window.location.pathname + "#" + (form.dataset.calc === "artificial" ? "artificielle" : "ponderee"),
        facts: out.facts, ruling: fmt(r.score) + " " + r.unit + " — " + r.explanation,
        citations: r.citations.map(function (id) { var c = data.cites[id] || {}; return { id: id, href: c.href ? new URL(c.href, window.location.href).href : "" }; })
      }, form.dataset.fiches));
    }
  }

  function addRow(data, form) {
    var rows = rowsOf(form), tr = rows[rows.length - 1].cloneNode(true), n = rows.length + 1, max = data.rules.input.max_results;
    if (rows.length >= max) return;
    tr.querySelectorAll("input").forEach(function (i) {
      i.value = "";
      i.removeAttribute("aria-invalid"); i.removeAttribute("aria-describedby");
      i.setAttribute("aria-label", i.getAttribute("aria-label").replace(/\d+$/, String(n)));
    });
    form.querySelector("tbody").appendChild(tr);
    if (n >= max) form.querySelector(".lois-sc-add").disabled = true;
    show(data, form);
  }

  function init() {
    var script = document.querySelector(".lois-sc-data");
    window.loisScores = { artificial: artificial, weighted: weighted, number: number, fmt: fmt };
    if (!script) return;
    var data = JSON.parse(script.textContent);
    document.querySelectorAll("form.lois-sc").forEach(function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      form.addEventListener("input", function () { show(data, form); });
      /* radios; a text field already updated the result as it was typed (its « change » on leaving the
         field must not rebuild the result under the finger tapping « Fiche d'arbitrage ») */
      form.addEventListener("change", function (e) { if (e.target.type !== "text") show(data, form); });
      form.addEventListener("submit", function (e) { e.preventDefault(); });
      var add = form.querySelector(".lois-sc-add");
      if (add) add.addEventListener("click", function () { addRow(data, form); });
      show(data, form);
    });
  }
  if (document.readyState !== "loading") init(); else document.addEventListener("DOMContentLoaded", init);
})();
