/* « Fiche d'arbitrage »: the record of a ruling, kept on this device only (localStorage, guarded), listed,
   edited, deleted, printed, exported as CSV, and shared as a link whose fragment (never sent to a server)
   holds the record. Checklists and calculators call loisFiche.button(record, fichesHref).
   Every record written or read back (link, storage) goes through check(): the JSON Schema generated at build
   time from lois.features.scores.fiche.Record (window.loisFicheSchema, assets/lois/fiche-schema.js). A record
   that does not follow it is shown as « fiche illisible » with what could be kept; its text is only ever
   put in the page as text. */
(function () {
  "use strict";
  var KEY = window.loisStorageKey ? window.loisStorageKey("lois-fiches") : "lois-fiches";  /* lois.js */
  var memory = [];
  var SCHEMA = window.loisFicheSchema || { schema: { type: "object", properties: {}, required: [] }, max_link: 600000, version: 1 };

  /* ------------------------------------------------------------ the schema, applied */

  function isObject(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }

  /* A JSON Schema subset (the keywords of fiche.KEYWORDS). Returns what could be kept of `value` (undefined:
     nothing) and pushes the path of every fault on `errors`: an object keeps its valid properties, an array
     its valid items, a string too long its beginning. */
  function check(value, schema, path, errors) {
    var t = schema.type, kept;
    var fault = function () { errors.push(path); };
    if (t === "object") {
      if (!isObject(value)) { fault(); return undefined; }
      var props = schema.properties || {}, req = schema.required || [];
      kept = {};
      Object.keys(props).forEach(function (k) {
        if (has(value, k)) {
          var sub = check(value[k], props[k], path.concat([k]), errors);
          if (sub !== undefined) kept[k] = sub;
          else if (props[k].default !== undefined) kept[k] = JSON.parse(JSON.stringify(props[k].default));
        } else if (req.indexOf(k) >= 0) errors.push(path.concat([k]));
        else if (props[k].default !== undefined) kept[k] = JSON.parse(JSON.stringify(props[k].default));
      });
    } else if (t === "array") {
      if (!Array.isArray(value)) { fault(); return undefined; }
      var n = value.length;
      if (schema.maxItems !== undefined && n > schema.maxItems) { fault(); n = schema.maxItems; }
      if (schema.minItems !== undefined && value.length < schema.minItems) { fault(); return undefined; }
      kept = [];
      for (var i = 0; i < n; i++) {
        var errs = [], item = check(value[i], schema.items || {}, path.concat([i]), errs);
        if (errs.length) errors.push.apply(errors, errs); else kept.push(item);
      }
    } else if (t === "string") {
      if (typeof value !== "string") { fault(); return undefined; }
      var cps = Array.from(value);
      kept = value;
      if (schema.maxLength !== undefined && cps.length > schema.maxLength) { fault(); kept = cps.slice(0, schema.maxLength).join(""); }
      if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(kept)) { fault(); return undefined; }
    } else if (t === "integer" || t === "number") {
      if (typeof value !== "number" || !isFinite(value) || (t === "integer" && !Number.isInteger(value))) { fault(); return undefined; }
      kept = value;
    } else if (t === "boolean" || t === "null") {
      if (t === "boolean" ? typeof value !== "boolean" : value !== null) { fault(); return undefined; }
      kept = value;
    } else kept = value;
    if (schema.const !== undefined && kept !== schema.const) { fault(); return undefined; }
    if (schema.enum !== undefined && schema.enum.indexOf(kept) < 0) { fault(); return undefined; }
    return kept;
  }

  function empty(schema) {
    if (schema.default !== undefined) return JSON.parse(JSON.stringify(schema.default));
    if (schema.enum) return schema.enum[0];
    return { string: "", array: [], object: {}, integer: 0, number: 0, "boolean": false }[schema.type];
  }

  /* a record read back: {record: what could be kept, every required part present (empty if lost), ok,
     faults: the names of the parts set aside (the schema's titles)} */
  function readRecord(value) {
    var s = SCHEMA.schema, errors = [], kept = check(value, s, [], errors), faults = [];
    errors.forEach(function (p) {
      var name = p.length ? (s.properties[p[0]] && s.properties[p[0]].title) || String(p[0]) : "la fiche entière";
      if (faults.indexOf(name) < 0) faults.push(name);
    });
    var record = kept || {};
    (s.required || []).forEach(function (k) { if (!has(record, k)) record[k] = empty(s.properties[k]); });
    return { record: record, ok: !errors.length, faults: faults, object: kept !== undefined };
  }

  function storage() {
    try { var s = window.localStorage; s.getItem(KEY); return s; } catch (e) { return null; }
  }
  /* the stored records, each read through the schema: [{record, ok, faults, object}]; `damaged` says the
     storage itself could not be read as a list */
  var damaged = false;
  var rawOf = new WeakMap();  // an unreadable record → the value stored: written back as it was, unless edited
  function loadAll() {
    var s = storage(), list;
    damaged = false;
    if (!s) list = memory;
    else {
      try { list = JSON.parse(s.getItem(KEY) || "[]"); } catch (e) { list = null; }
      if (!Array.isArray(list)) { damaged = true; list = []; }
    }
    return list.map(function (raw, i) {
      var r = readRecord(raw);
      if (!has(r.record, "id")) r.record.id = "n" + i;  // a record without (a valid) id: its place, kept once saved
      if (r.object && !r.ok) rawOf.set(r.record, raw);
      return r;
    });
  }
  function load() { return loadAll().filter(function (r) { return r.object; }).map(function (r) { return r.record; }); }
  function save(list) {
    list = list.map(function (r) { return rawOf.has(r) ? rawOf.get(r) : readRecord(r).record; });
    var s = storage();
    if (!s) { memory = list; return false; }
    try { s.setItem(KEY, JSON.stringify(list)); return true; } catch (e) { memory = list; return false; }
  }

  function today() {
    var d = new Date(), p = function (n) { return (n < 10 ? "0" : "") + n; };
    return d.getFullYear() + "-" + p(d.getMonth() + 1) + "-" + p(d.getDate());
  }
  function newId() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 7); }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = loisTypo.spacing(text);  /* « 60 % », « : » as the pages (typo.js) */
    return e;
  }

  /* base64url of the UTF-8 JSON of a record: the shared link's fragment */
  function encode(rec) {
    var bytes = new TextEncoder().encode(JSON.stringify(rec)), bin = "";
    bytes.forEach(function (b) { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  /* the value a link's fragment holds; throws on anything that is not base64url of UTF-8 JSON */
  function decode(text) {
    if (text.length > SCHEMA.max_link || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("link");
    var bin = atob(text.replace(/-/g, "+").replace(/_/g, "/")), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  }

  /* what a record keeps, as the schema says (the parts it declares, nothing else), without its device id */
  function clean(rec) {
    var out = readRecord(rec).record;
    delete out.id;
    return out;
  }

  /* ------------------------------------------------------------ the button on a ruling */

  function button(record, fichesHref) {
    var b = el("button", { type: "button", "class": "md-button md-button--primary lois-fiche-new" }, "Fiche d'arbitrage");
    b.addEventListener("click", function () {
      var rec = clean(record);
      rec.id = newId(); rec.date = today(); rec.event = ""; rec.board = ""; rec.table = ""; rec.remark = "";
      var list = load();
      list.unshift(rec);
      var kept = save(list);
      window.location.href = fichesHref + (kept ? "?fiche=" + encodeURIComponent(rec.id) : "#f=" + encode(clean(rec)));
    });
    return b;
  }

  /* ------------------------------------------------------------ the records page */

  /* an address a record may link to: http(s), or a path on this site (not « //host ») */
  function safeHref(h) { return typeof h === "string" && /^(https?:\/\/|\/(?!\/)|\.{1,2}\/)/i.test(h) ? h : null; }

  function view(rec) {
    var box = el("div", { "class": "lois-fiche-view" });
    box.appendChild(el("h2", { "class": "lois-fiche-title" }, "Fiche d'arbitrage — " + rec.title));
    var meta = el("dl", { "class": "lois-fiche-meta" });
    [["Date", rec.date], ["Épreuve", rec.event], ["Donne", rec.board], ["Table", rec.table]].forEach(function (m) {
      meta.appendChild(el("dt", {}, m[0])); meta.appendChild(el("dd", {}, m[1] || "—"));
    });
    box.appendChild(meta);
    var facts = el("dl", { "class": "lois-fiche-facts" });
    rec.facts.forEach(function (f) { facts.appendChild(el("dt", {}, f[0])); facts.appendChild(el("dd", {}, f[1])); });
    box.appendChild(el("h3", {}, "Faits constatés")); box.appendChild(facts);
    box.appendChild(el("h3", {}, "Décision")); box.appendChild(el("p", { "class": "lois-fiche-ruling" }, rec.ruling));
    if (rec.players && rec.players.length) {  /* « Ce que je dis aux joueurs », from a checklist's outcome */
      var said = el("ol", { "class": "lois-fiche-players" });
      rec.players.forEach(function (t) { said.appendChild(el("li", {}, String(t))); });
      box.appendChild(el("h3", {}, "Ce que l'arbitre a dit aux joueurs")); box.appendChild(said);
    }
    box.appendChild(el("h3", {}, "Provisions appliquées"));
    var ul = el("ul", { "class": "lois-fiche-cites" });
    rec.citations.forEach(function (c) {
      var li = el("li"), h = safeHref(c.href);
      li.appendChild(h ? el("a", { href: h, "class": "lois-cite" }, "Loi " + c.id) : el("span", {}, "Loi " + c.id));
      ul.appendChild(li);
    });
    box.appendChild(ul);
    if (rec.remark) { box.appendChild(el("h3", {}, "Remarque de l'arbitre")); box.appendChild(el("p", { "class": "lois-fiche-remark-text" }, rec.remark)); }
    if (safeHref(rec.url)) {
      var p = el("p"); p.appendChild(el("a", { href: rec.url, "class": "lois-fiche-reopen" }, "Rouvrir l'arbitrage"));
      box.appendChild(p);
    }
    return box;
  }

  /* « fiche illisible »: what was set aside, in French, above what could be kept */
  function unreadable(read, fromLink) {
    var text = (fromLink ? "Ce lien de fiche est illisible (incomplet ou modifié)" : "Fiche illisible (abîmée sur cet appareil)") +
      (read && read.object ? "\u00a0: parties écartées — " + read.faults.join(", ") + ". Ce qui a pu être gardé est affiché ci-dessous." :
        "\u00a0: rien n'a pu en être gardé.");
    return el("p", { "class": "lois-fiche-status lois-fiche-unreadable", role: "alert" }, text);
  }

  var FIELDS = [["date", "Date", "date"], ["event", "Épreuve", "text"], ["board", "Donne", "text"], ["table", "Table", "text"]];

  /* `verdict`: what readRecord said of the record (a record just made has none) */
  function editor(page, rec, stored, verdict) {
    var sec = page.querySelector(".lois-fiche-edit");
    sec.hidden = false; sec.textContent = "";
    document.documentElement.classList.add("lois-fiche-open");  /* printed alone (scores.css), by any print */
    sec.setAttribute("data-fiche", rec.id || "");
    if (verdict && !verdict.ok) { sec.setAttribute("data-unreadable", "1"); sec.appendChild(unreadable(verdict, !stored)); }
    else sec.removeAttribute("data-unreadable");
    sec.appendChild(view(rec));
    var form = el("form", { "class": "lois-fiche-form" }), props = SCHEMA.schema.properties || {};
    FIELDS.forEach(function (f) {
      var lab = el("label", { "class": "lois-fiche-field" }, f[1] + " ");
      var inp = el("input", { type: f[2], name: f[0], autocomplete: "off" }); inp.value = rec[f[0]] || "";
      if (props[f[0]] && props[f[0]].maxLength) inp.maxLength = props[f[0]].maxLength;
      lab.appendChild(inp); form.appendChild(lab);
    });
    var lab = el("label", { "class": "lois-fiche-field lois-fiche-remark" }, "Remarque de l'arbitre ");
    var ta = el("textarea", { name: "remark", rows: "3" }); ta.value = rec.remark || "";
    if (props.remark && props.remark.maxLength) ta.maxLength = props.remark.maxLength;
    lab.appendChild(ta); form.appendChild(lab);
    var bar = el("p", { "class": "lois-fiche-actions" }), status = el("p", { "class": "lois-fiche-status", role: "status" });
    function read() { FIELDS.concat([["remark"]]).forEach(function (f) { rec[f[0]] = form.elements[f[0]].value; }); }
    /* the record as the form now says: what any print (its button or the browser's own) shows */
    function redraw() { read(); sec.replaceChild(view(rec), sec.querySelector(".lois-fiche-view")); }
    form.addEventListener("input", redraw);
    function act(cls, label, fn) { var b = el("button", { type: "button", "class": "md-button " + cls }, label); b.addEventListener("click", fn); bar.appendChild(b); }
    act("md-button--primary lois-fiche-save", stored ? "Enregistrer" : "Enregistrer sur cet appareil", function () {
      redraw();
      rawOf.delete(rec);  // saved from what could be kept: a record again
      var list = load(), i = list.findIndex(function (r) { return r.id === rec.id; });
      if (!rec.id) rec.id = newId();
      if (i >= 0) list[i] = rec; else list.unshift(rec);
      status.textContent = save(list) ? "Fiche enregistrée sur cet appareil." : "Ce navigateur ne garde pas les fiches\u00a0: exportez-la ou partagez le lien.";
      renderList(page);
    });
    act("lois-fiche-print", "Imprimer", function () { redraw(); window.print(); });
    act("lois-fiche-share", "Partager le lien", function () {
      read();
      var url = window.location.href.split("#")[0].split("?")[0] + "#f=" + encode(clean(rec));
      var out = sec.querySelector(".lois-fiche-link") || el("input", { "class": "lois-fiche-link", readonly: "", "aria-label": "Lien de la fiche" });
      out.value = url; bar.after(out); out.select();
      try { navigator.clipboard.writeText(url).then(function () { status.textContent = "Lien copié."; }, function () {}); } catch (e) { /* the field shows it */ }
      status.textContent = "Lien de la fiche ci-dessous (il contient la fiche\u202f; rien n'est envoyé)";
    });
    if (stored) act("lois-fiche-delete", "Supprimer", function () {
      save(load().filter(function (r) { return r.id !== rec.id; }));
      sec.hidden = true; sec.textContent = ""; renderList(page);
      document.documentElement.classList.remove("lois-fiche-open");
    });
    form.appendChild(bar); sec.appendChild(form); sec.appendChild(status);
  }

  function renderList(page) {
    var all = loadAll(), ul = page.querySelector(".lois-fiches-list"), lost = all.filter(function (r) { return !r.object; }).length;
    ul.textContent = "";
    var kept = all.filter(function (r) { return r.object; });
    page.querySelector(".lois-fiches-empty").hidden = kept.length > 0;
    var note = page.querySelector(".lois-fiches-damaged");
    if (note) note.remove();
    if (damaged || lost) {
      note = el("p", { "class": "lois-fiches-damaged", role: "alert" }, damaged ?
        "Les fiches enregistrées sur cet appareil sont illisibles (abîmées)\u00a0: une nouvelle fiche enregistrée les remplacera." :
        loisTypo.count(lost, "fiche illisible", "fiches illisibles") + " sur cet appareil\u00a0: rien n'a pu en être gardé\u202f; " + loisTypo.plural(lost, "elle disparaîtra", "elles disparaîtront") + " au prochain enregistrement.");
      ul.before(note);
    }
    kept.forEach(function (r) {
      var rec = r.record, li = el("li", { "data-fiche": rec.id });
      if (!r.ok) { li.setAttribute("data-unreadable", "1"); li.appendChild(el("strong", { "class": "lois-fiche-bad" }, "Fiche illisible ")); }
      li.appendChild(el("span", { "class": "lois-fiche-summary" },
        [rec.date, rec.title, rec.board ? "donne " + rec.board : "", rec.table ? "table " + rec.table : ""].filter(Boolean).join(" · ") + " "));
      var open = el("button", { type: "button", "class": "md-button lois-fiche-open" }, "Ouvrir");
      open.addEventListener("click", function () { editor(page, rec, true, r); page.querySelector(".lois-fiche-edit").scrollIntoView(); });
      li.appendChild(open); ul.appendChild(li);
    });
  }

  /* a CSV cell: quoted when needed; a text a spreadsheet would take for a formula (= + - @) starts with « ' » */
  function csvCell(v) {
    v = String(v === undefined || v === null ? "" : v);
    if (/^[=+\-@\t\r]/.test(v)) v = "'" + v;
    return /[";\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
  }

  function csv(list) {
    var head = ["date", "épreuve", "donne", "table", "arbitrage", "faits", "décision", "provisions", "remarque", "lien"];
    var rows = list.map(function (r) {
      return [r.date, r.event, r.board, r.table, r.title, r.facts.map(function (f) { return f[0] + "\u00a0: " + f[1]; }).join(" | "),
              r.ruling, r.citations.map(function (c) { return "Loi " + c.id; }).join(", "), r.remark, r.url].map(csvCell).join(";");
    });
    return "\ufeff" + [head.join(";")].concat(rows).join("\r\n") + "\r\n";
  }

  function initPage(page) {
    renderList(page);
    page.querySelector(".lois-fiches-csv").addEventListener("click", function () {
      var blob = new Blob([csv(load())], { type: "text/csv;charset=utf-8" }), a = el("a", { download: "fiches-arbitrage.csv" });
      a.href = URL.createObjectURL(blob); document.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    });
    var id = new URLSearchParams(window.location.search).get("fiche"), hash = window.location.hash;
    if (hash.indexOf("#f=") === 0) {
      var value, read = null;
      try { value = decode(hash.slice(3)); read = readRecord(value); } catch (e) { read = null; }
      if (read && read.object) { delete read.record.id; editor(page, read.record, false, read); }
      else page.insertBefore(unreadable(null, true), page.firstChild);
    } else if (id) {
      var found = loadAll().filter(function (r) { return r.object && r.record.id === id; })[0];
      if (found) editor(page, found.record, true, found);
    }
  }

  window.loisFiche = { button: button, csv: csv, encode: encode, decode: decode, read: readRecord };
  /* the runners may have drawn their ruling before this file ran: they redraw it with the button */
  document.dispatchEvent(new Event("lois-fiche-ready"));
  function init() { var page = document.querySelector(".lois-fiches"); if (page && !page.dataset.ready) { page.dataset.ready = "1"; initPage(page); } }
  if (document.readyState !== "loading") init(); else document.addEventListener("DOMContentLoaded", init);
})();
