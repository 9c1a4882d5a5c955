/* Adjusted-score calculators (Loi 12C2 and 12C3, Loi 12C1(c), Loi 12C4). Every number, threshold, sentence and message comes from
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

  /* calc.breaks: whether x lies outside a bound (« min » and/or « max », strict for « more/less than ») */
  function breaks(x, b) {
    var lo = b.hasOwnProperty("min") ? b.min : null, hi = b.hasOwnProperty("max") ? b.max : null;
    return (lo !== null && (b.strict ? x <= lo : x < lo)) || (hi !== null && (b.strict ? x >= hi : x > hi));
  }

  function eventOf(rules, event) {
    if (!rules.events.hasOwnProperty(event)) throw new CalcError(rules, "event", { value: event, events: Object.keys(rules.events).join(", ") });
    return rules.events[event];
  }

  /* calc._organiser: both organiser's values read and bounded, whoever the contestant is */
  function organiser(rules, ev, inputs, fields) {
    var out = {};
    Object.keys(rules.organiser).forEach(function (who) {
      var key = rules.organiser[who], x = read(rules, inputs, key, fields, ev.unit);
      if (x === null) return;
      var b = ev.bounds[who];
      if (breaks(x, b)) throw new CalcError(rules, b.error, { field: fields[key], value: fmt(x) }, key);
      out[who] = x;
    });
    return out;
  }

  function add(cites, more) { more.forEach(function (c) { if (cites.indexOf(c) < 0) cites.push(c); }); }

  function artificial(rules, event, who, sessionRaw, inputs, fields) {
    fields = fields || rules.fields;
    var ev = eventOf(rules, event), s = rules.session;
    if (!rules.names.hasOwnProperty(who)) throw new CalcError(rules, "responsibility", { value: who });
    var session = read(rules, { score_seance: sessionRaw }, "score_seance", fields, "%");
    var own = organiser(rules, ev, inputs, fields), equivalent = read(rules, inputs, "equivalent_imp", fields, "IMP");
    if (equivalent !== null && ev.unit !== "IMP") throw new CalcError(rules, "equivalent_unit", { field: fields.equivalent_imp, event: ev.name }, "equivalent_imp");
    if (equivalent !== null && session === null) throw new CalcError(rules, "equivalent_alone", { field: fields.score_seance, equivalent: fields.equivalent_imp }, "score_seance");
    var score = own.hasOwnProperty(who) ? own[who] : ev.scores[who], cites = ev.citations.slice();
    var text = fill(rules.texts[event + "_" + who] || rules.texts[event], { name: rules.names[who], score: fmt(score), who: rules.who[who], law: rules.law_values[who] });
    if (own.hasOwnProperty(who)) { add(cites, ev.organiser_citations); text += rules.texts[ev.organiser_text]; }
    var notes = [];
    if (session !== null) {
      var kase = who === "non-fautif" && session > s.high ? "session_high" : who === "fautif" && session < s.low ? "session_low" : null;
      if (kase === null) text += fill(rules.texts.session_none, { session: fmt(session) });
      else {
        var standard = score, where = "score_seance";
        score = session;
        if (ev.unit === "IMP") {
          if (equivalent === null) throw new CalcError(rules, "imp_equivalent", { field: fields.score_seance, session: fmt(session), equivalent: fields.equivalent_imp }, "equivalent_imp");
          var b = s.equivalent[who];
          if (breaks(equivalent, b)) throw new CalcError(rules, b.error, { field: fields.equivalent_imp, value: fmt(equivalent), session: fmt(session) }, "equivalent_imp");
          score = equivalent; where = "equivalent_imp";
        }
        text += fill(rules.texts[kase], { session: fmt(session), score: fmt(score), unit: ev.unit });
        var code = who === "non-fautif" && score < standard ? "session_below" : who === "fautif" && score > standard ? "session_above" : null;
        if (code) notes.push({ where: where, code: code, text: fill(rules.notes[code], { field: fields[where], score: fmt(score), standard: fmt(standard), unit: ev.unit }) });
      }
      add(cites, s.citations);
    }
    if (ev.extra) text += rules.texts[ev.extra];
    return { score: round2(score), unit: ev.unit, citations: cites, explanation: text, notes: notes };
  }

  function weighted(rules, event, results, fields) {
    fields = fields || rules.fields;
    var ev = eventOf(rules, event), unit = ev.unit, max = rules.input.max_results;
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
      parts.push(fmt(r[0]) + "\u202f% × " + signed(r[1]) + " " + unit); products.push(signed(r[0] * r[1] / 100));
    });
    if (Math.abs(totalP - 100) > 1e-6) throw new CalcError(rules, "sum", { total: fmt(totalP) });
    var arithmetic = parts.join(" + ") + " = " + products.join(" + ") + " = " + fmt(total) + " " + unit;
    var text = fill(rules.texts.weighted, { arithmetic: arithmetic }) + (ev.extra ? rules.texts[ev.extra] : "");
    var cites = ["12C1(c)"].concat(ev.citations.filter(function (c) { return c === "12C3"; }));
    return { score: round2(total), unit: unit, citations: cites, notes: notes, explanation: text, arithmetic: arithmetic };
  }

  /* calc.knockout: two adjusted scores of a knock-out match, each in IMPs from its own side (Loi 12C4) */
  function knockout(rules, scoreRaw, opponentRaw, fields) {
    fields = fields || rules.fields;
    var ko = rules.knockout, inputs = { marque: scoreRaw, marque_adverse: opponentRaw };
    var a = read(rules, inputs, "marque", fields, ko.unit), b = read(rules, inputs, "marque_adverse", fields, ko.unit);
    if (a === null || b === null) {
      var key = a === null ? "marque" : "marque_adverse";
      throw new CalcError(rules, "ko_incomplete", { field: fields[key] }, key);
    }
    var mine, other, text, arithmetic = "";
    if (a === -b) { mine = a; other = b; text = fill(rules.texts.ko_balanced, { a: fmt(a), b: fmt(b) }); }
    else {
      mine = round2((a - b) / 2);
      other = mine ? -mine : 0;  // never « -0 »: the two always balance
      arithmetic = "(" + fmt(a) + " + " + signed(-b) + ") / 2 = " + fmt(mine) + " " + ko.unit;
      text = fill(rules.texts.ko, { a: fmt(a), b: fmt(b), arithmetic: arithmetic, other: fmt(other) });
    }
    return { score: round2(mine), opponent: round2(other), unit: ko.unit, citations: ko.citations.slice(), explanation: text, arithmetic: arithmetic, notes: [] };
  }

  /* ------------------------------------------------------------------ the forms */

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = loisTypo.spacing(text);  /* « 50 % », « : » as the pages (typo.js) */
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
      return { facts: factsArtificial(form), result: artificial(rules, event, radio(form, "responsabilite"), v.score_seance, v, rules.site_fields) };
    }
    if (form.dataset.calc === "knockout") {
      var k = inputsOf(form), ko = knockout(rules, k.marque, k.marque_adverse, rules.site_fields);
      return { facts: factsOf(form, []), result: ko };
    }
    var rows = rowsOf(form).map(function (tr) {
      return [tr.querySelector('[name="probability"]').value, tr.querySelector('[name="score"]').value];
    });
    var result = weighted(rules, event, rows, rules.site_fields), facts = [["Épreuve", labelOf(form, "epreuve")]];
    rowsOf(form).forEach(function (tr, i) {
      var p = number(rules, rows[i][0], "", null, null), sc = number(rules, rows[i][1], "", null, null);
      if (p === null) return;
      var label = tr.querySelector('[name="label"]').value.trim() || "Résultat " + (i + 1);
      facts.push([label, fmt(p) + "\u202f% → " + fmt(sc) + " " + result.unit]);
    });
    return { facts: facts, result: result };
  }

  function labelOf(form, name) {
    var r = form.querySelector('input[name="' + name + '"]:checked');
    return r ? r.parentNode.textContent.trim() : "";
  }

  function factsOf(form, facts) {  /* the choices made, then each field typed, named by its label */
    form.querySelectorAll('input[type="text"]').forEach(function (i) {
      if (i.value.trim()) facts.push([i.parentNode.firstChild.textContent.trim(), i.value.trim()]);
    });
    return facts;
  }

  function factsArtificial(form) {
    return factsOf(form, [["Épreuve", labelOf(form, "epreuve")], ["Responsabilité", labelOf(form, "responsabilite")]]);
  }

  /* each form: the record's title, the section of the page */
  var KINDS = { artificial: ["Marque ajustée artificielle", "artificielle"], weighted: ["Marque ajustée pondérée", "ponderee"],
    knockout: ["Match par K.O.\u00a0: marques qui ne se compensent pas", "ko"] };

  /* a message beside its input: under the field, or on a line of its own under a row of the table */
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
    ["data-score", "data-opponent", "data-unit", "data-error", "data-where"].forEach(function (a) { box.removeAttribute(a); });
    form.querySelectorAll(".lois-sc-msg-row, .lois-sc-msg").forEach(function (m) { m.remove(); });
    form.querySelectorAll("[aria-invalid], [aria-describedby]").forEach(function (i) { i.removeAttribute("aria-invalid"); i.removeAttribute("aria-describedby"); });
    var col = form.querySelector(".lois-sc-unit-col"), ev = rules.events[radio(form, "epreuve")];
    if (col && ev) col.textContent = ev.column;
    if (form.dataset.calc !== "artificial" && !typed(form)) return;  // nothing typed yet: nothing to say
    try { out = compute(data, form); } catch (e) {
      if (!(e instanceof CalcError)) throw e;
      var pending = rules.pending.indexOf(e.code) >= 0;  // a form being filled in, not a mistake
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
    if (r.opponent !== undefined) {
      box.setAttribute("data-opponent", String(r.opponent));
      box.appendChild(el("p", { "class": "lois-sc-opponent" }, "au premier concurrent\u202f; " + fmt(r.opponent) + " " + r.unit + " au second"));
    }
    box.appendChild(el("p", { "class": "lois-sc-explanation" }, r.explanation));
    box.appendChild(citeList(data, r.citations));
    if (!window.loisFiche) document.addEventListener("lois-fiche-ready", function () { show(data, form); }, { once: true });
    else {
      var kind = KINDS[form.dataset.calc], ruling = fmt(r.score) + " " + r.unit;
      if (r.opponent !== undefined) ruling = "premier concurrent " + ruling + ", second concurrent " + fmt(r.opponent) + " " + r.unit;
      box.appendChild(window.loisFiche.button({
        kind: "calcul", title: kind[0], url: window.location.pathname + "#" + kind[1],
        facts: out.facts, ruling: ruling + " — " + r.explanation,
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
    window.loisScores = { artificial: artificial, weighted: weighted, knockout: knockout, number: number, fmt: fmt };
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
