/* Adjusted-score calculators (Loi 12C2, Loi 12C1(c)). Every number, threshold, sentence and message comes from
   the rules generated at build time by lois.features.scores.calc (RULES); this file applies them the same
   way as calc.py does. Both are pinned by tests/adjusted_score_cases.yaml. */
(function () {
  "use strict";

  function CalcError(rules, code, values) {
    this.code = code;
    this.message = fill(rules.errors[code], values);
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return values[k] === undefined ? m : values[k]; });
  }

  function round2(x) { return Math.floor(x * 100 + 0.5) / 100; }
  function fmt(x) { return String(round2(x)).replace(".", ","); }
  function signed(x) { var s = fmt(x); return s.charAt(0) === "-" ? "(" + s + ")" : s; }

  function number(rules, value, field) {
    if (value === null || value === undefined || String(value).trim() === "") return null;
    if (typeof value === "number") return value;
    var m = new RegExp(rules.number).exec(String(value));
    if (!m) throw new CalcError(rules, "not_a_number", { field: field, value: String(value).trim() });
    return parseFloat(m[1].replace(",", "."));
  }

  function standard(rules, event, who, inputs, fields) {
    var ev = rules.events[event], score = ev.scores[who], cites = ev.citations.slice(), text = rules.texts[event + "_" + who] || rules.texts[event];
    var key = { "fautif": "moyenne_moins", "non-fautif": "moyenne_plus" }[who];
    var own = key ? number(rules, inputs[key], fields[key]) : null;
    if (own !== null) {
      var lo = ev.bounds[who][0], hi = ev.bounds[who][1], field = fields[key];
      if (event === "paires" && !(own >= 0 && own <= 100)) throw new CalcError(rules, "percentage", { field: field, value: fmt(own) });
      if (hi !== null && own > hi) throw new CalcError(rules, "bounds_low", { field: field, max: fmt(hi), unit: ev.unit });
      if (lo !== null && own < lo) throw new CalcError(rules, "bounds_high", { field: field, min: fmt(lo), unit: ev.unit });
      score = own;
      ev.organiser_citations.forEach(function (c) { if (cites.indexOf(c) < 0) cites.push(c); });
      text += rules.texts["organiser_" + event];
    }
    return [score, cites, fill(text, { name: rules.names[who], score: fmt(score), who: rules.who[who] })];
  }

  function artificial(rules, event, who, sessionRaw, inputs, fields) {
    fields = fields || rules.fields;
    if (!rules.events[event]) throw new CalcError(rules, "event", { value: event });
    if (!rules.names[who]) throw new CalcError(rules, "responsibility", { value: who });
    var ev = rules.events[event], s = rules.session;
    var session = number(rules, sessionRaw, fields.score_seance);
    if (session !== null && !(session >= 0 && session <= 100))
      throw new CalcError(rules, "percentage", { field: fields.score_seance, value: fmt(session) });
    var std = standard(rules, event, who, inputs, fields), score = std[0], cites = std[1], text = std[2];
    if (session !== null) {
      var kase = who === "non-fautif" && session > s.high ? "session_high" : who === "fautif" && session < s.low ? "session_low" : null;
      if (kase === null) text += fill(rules.texts.session_none, { session: fmt(session) });
      else {
        score = session;
        if (event === "imp") {
          score = number(rules, inputs.equivalent_imp, fields.equivalent_imp);
          if (score === null) throw new CalcError(rules, "imp_equivalent", { field: fields.score_seance, session: fmt(session), equivalent: fields.equivalent_imp });
        }
        text += fill(rules.texts[kase], { session: fmt(session), score: fmt(score), unit: ev.unit });
      }
      s.citations.forEach(function (c) { if (cites.indexOf(c) < 0) cites.push(c); });
    }
    return { score: round2(score), unit: ev.unit, citations: cites, explanation: text };
  }

  function weighted(rules, event, results) {
    if (!rules.events[event]) throw new CalcError(rules, "event", { value: event });
    var unit = rules.events[event].unit;
    if (results.length < 2) throw new CalcError(rules, "no_results", {});
    var parts = [], products = [], totalP = 0, total = 0;
    results.forEach(function (r, i) {
      var n = i + 1, p = number(rules, r[0], "résultat " + n + ", probabilité"), sc = number(rules, r[1], "résultat " + n + ", marque");
      if (p === null || sc === null) throw new CalcError(rules, "no_results", {});
      if (!(p > 0 && p <= 100)) throw new CalcError(rules, "probability", { n: n, value: fmt(p) });
      if (unit === "%" && !(sc >= 0 && sc <= 100)) throw new CalcError(rules, "percentage", { field: "résultat " + n + ", marque", value: fmt(sc) });
      totalP += p; total += p * sc / 100;
      parts.push(fmt(p) + " % × " + signed(sc)); products.push(signed(p * sc / 100));
    });
    if (Math.abs(totalP - 100) > 1e-6) throw new CalcError(rules, "sum", { total: fmt(totalP) });
    var arithmetic = parts.join(" + ") + " = " + products.join(" + ") + " = " + fmt(total) + " " + unit;
    return { score: round2(total), unit: unit, citations: ["12C1(c)"], explanation: fill(rules.texts.weighted, { arithmetic: arithmetic }), arithmetic: arithmetic };
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

  function compute(data, form) {
    var rules = data.rules, event = radio(form, "epreuve");
    if (form.dataset.calc === "artificial") {
      var v = inputsOf(form);
      return { facts: factsArtificial(form, v), result: artificial(rules, event, radio(form, "responsabilite"), v.score_seance, v, rules.site_fields) };
    }
    var rows = [], facts = [["Épreuve", labelOf(form, "epreuve")]];
    form.querySelectorAll("tbody tr").forEach(function (tr, i) {
      var p = tr.querySelector('[name="probability"]').value, s = tr.querySelector('[name="score"]').value;
      var label = tr.querySelector('[name="label"]').value.trim() || "Résultat " + (i + 1);
      if (p.trim() || s.trim()) { rows.push([p, s]); facts.push([label, p + " % → " + s]); }
    });
    return { facts: facts, result: weighted(rules, event, rows) };
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

  function show(data, form) {
    var box = form.querySelector(".lois-sc-result"), out;
    box.textContent = "";
    ["data-score", "data-unit", "data-error"].forEach(function (a) { box.removeAttribute(a); });
    try { out = compute(data, form); } catch (e) {
      if (!(e instanceof CalcError)) throw e;
      box.setAttribute("data-error", e.code);
      box.appendChild(el("p", { "class": "lois-sc-error", role: "alert" }, e.message));
      return;
    }
    var r = out.result;
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

  function addRow(form) {
    var body = form.querySelector("tbody"), tr = body.lastElementChild.cloneNode(true), n = body.children.length + 1;
    tr.querySelectorAll("input").forEach(function (i) {
      i.value = "";
      i.setAttribute("aria-label", i.getAttribute("aria-label").replace(/\d+$/, String(n)));
    });
    body.appendChild(tr);
  }

  function init() {
    var script = document.querySelector(".lois-sc-data");
    window.loisScores = { artificial: artificial, weighted: weighted, fmt: fmt };
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
      if (add) add.addEventListener("click", function () { addRow(form); });
      show(data, form);
    });
  }
  if (document.readyState !== "loading") init(); else document.addEventListener("DOMContentLoaded", init);
})();
