/* « Fiche d'arbitrage »: the record of a ruling, kept on this device only (localStorage, guarded), listed,
   edited, deleted, printed, exported as CSV, and shared as a link whose fragment (never sent to a server)
   holds the record. Checklists and calculators call loisFiche.button(record, fichesHref). */
(function () {
  "use strict";
  var KEY = "lois-fiches";
  var memory = [];

  function storage() {
    try { var s = window.localStorage; s.getItem(KEY); return s; } catch (e) { return null; }
  }
  function load() {
    var s = storage();
    if (!s) return memory;
    try { var list = JSON.parse(s.getItem(KEY) || "[]"); return Array.isArray(list) ? list : []; } catch (e) { return []; }
  }
  function save(list) {
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
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* base64url of the UTF-8 JSON of a record: the shared link's fragment */
  function encode(rec) {
    var bytes = new TextEncoder().encode(JSON.stringify(rec)), bin = "";
    bytes.forEach(function (b) { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function decode(text) {
    var bin = atob(text.replace(/-/g, "+").replace(/_/g, "/")), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  function clean(rec) {
    var fields = ["kind", "title", "url", "facts", "ruling", "citations", "date", "event", "board", "table", "remark", "players"], out = {};
    fields.forEach(function (f) { if (rec[f] !== undefined) out[f] = rec[f]; });
    out.facts = (out.facts || []).map(function (f) { return [String(f[0]), String(f[1])]; });
    out.citations = (out.citations || []).map(function (c) { return { id: String(c.id), href: String(c.href || "") }; });
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
      window.location.href = fichesHref + (kept ? "?fiche=" + encodeURIComponent(rec.id) : "#f=" + encode(rec));
    });
    return b;
  }

  /* ------------------------------------------------------------ the records page */

  function safeHref(h) { return /^(https?:|file:|\/|\.)/.test(h) ? h : null; }

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
    if (safeHref(rec.url || "")) {
      var p = el("p"); p.appendChild(el("a", { href: rec.url, "class": "lois-fiche-reopen" }, "Rouvrir l'arbitrage"));
      box.appendChild(p);
    }
    return box;
  }

  var FIELDS = [["date", "Date", "date"], ["event", "Épreuve", "text"], ["board", "Donne", "text"], ["table", "Table", "text"]];

  function editor(page, rec, stored) {
    var sec = page.querySelector(".lois-fiche-edit");
    sec.hidden = false; sec.textContent = "";
    sec.setAttribute("data-fiche", rec.id || "");
    sec.appendChild(view(rec));
    var form = el("form", { "class": "lois-fiche-form" });
    FIELDS.forEach(function (f) {
      var lab = el("label", { "class": "lois-fiche-field" }, f[1] + " ");
      var inp = el("input", { type: f[2], name: f[0], autocomplete: "off" }); inp.value = rec[f[0]] || "";
      lab.appendChild(inp); form.appendChild(lab);
    });
    var lab = el("label", { "class": "lois-fiche-field lois-fiche-remark" }, "Remarque de l'arbitre ");
    var ta = el("textarea", { name: "remark", rows: "3" }); ta.value = rec.remark || ""; lab.appendChild(ta); form.appendChild(lab);
    var bar = el("p", { "class": "lois-fiche-actions" }), status = el("p", { "class": "lois-fiche-status", role: "status" });
    function read() { FIELDS.concat([["remark"]]).forEach(function (f) { rec[f[0]] = form.elements[f[0]].value; }); }
    function act(cls, label, fn) { var b = el("button", { type: "button", "class": "md-button " + cls }, label); b.addEventListener("click", fn); bar.appendChild(b); }
    act("md-button--primary lois-fiche-save", stored ? "Enregistrer" : "Enregistrer sur cet appareil", function () {
      read();
      var list = load(), i = list.findIndex(function (r) { return r.id === rec.id; });
      if (!rec.id) rec.id = newId();
      if (i >= 0) list[i] = rec; else list.unshift(rec);
      sec.replaceChild(view(rec), sec.querySelector(".lois-fiche-view"));
      status.textContent = save(list) ? "Fiche enregistrée sur cet appareil." : "Ce navigateur ne garde pas les fiches : exportez-la ou partagez le lien.";
      renderList(page);
    });
    act("lois-fiche-print", "Imprimer", function () {
      read(); sec.replaceChild(view(rec), sec.querySelector(".lois-fiche-view"));
      document.documentElement.classList.add("lois-fiche-printing");
      window.print();
      document.documentElement.classList.remove("lois-fiche-printing");
    });
    act("lois-fiche-share", "Partager le lien", function () {
      read();
      var copy = clean(rec), url = window.location.href.split("#")[0].split("?")[0] + "#f=" + encode(copy);
      var out = sec.querySelector(".lois-fiche-link") || el("input", { "class": "lois-fiche-link", readonly: "", "aria-label": "Lien de la fiche" });
      out.value = url; bar.after(out); out.select();
      try { navigator.clipboard.writeText(url).then(function () { status.textContent = "Lien copié."; }, function () {}); } catch (e) { /* the field shows it */ }
      status.textContent = "Lien de la fiche ci-dessous (il contient la fiche ; rien n'est envoyé)";
    });
    if (stored) act("lois-fiche-delete", "Supprimer", function () {
      save(load().filter(function (r) { return r.id !== rec.id; }));
      sec.hidden = true; sec.textContent = ""; renderList(page);
    });
    form.appendChild(bar); sec.appendChild(form); sec.appendChild(status);
  }

  function renderList(page) {
    var list = load(), ul = page.querySelector(".lois-fiches-list");
    ul.textContent = "";
    page.querySelector(".lois-fiches-empty").hidden = list.length > 0;
    list.forEach(function (rec) {
      var li = el("li", { "data-fiche": rec.id });
      li.appendChild(el("span", { "class": "lois-fiche-summary" },
        [rec.date, rec.title, rec.board ? "donne " + rec.board : "", rec.table ? "table " + rec.table : ""].filter(Boolean).join(" · ") + " "));
      var open = el("button", { type: "button", "class": "md-button lois-fiche-open" }, "Ouvrir");
      open.addEventListener("click", function () { editor(page, rec, true); page.querySelector(".lois-fiche-edit").scrollIntoView(); });
      li.appendChild(open); ul.appendChild(li);
    });
  }

  function csvCell(v) { v = String(v === undefined ? "" : v); return /[";\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; }

  function csv(list) {
    var head = ["date", "épreuve", "donne", "table", "arbitrage", "faits", "décision", "provisions", "remarque", "lien"];
    var rows = list.map(function (r) {
      return [r.date, r.event, r.board, r.table, r.title, r.facts.map(function (f) { return f[0] + " : " + f[1]; }).join(" | "),
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
      var rec = null;
      try { rec = clean(decode(hash.slice(3))); } catch (e) { rec = null; }
      if (rec && rec.title) editor(page, rec, false);
      else page.insertBefore(el("p", { "class": "lois-fiche-status", role: "alert" }, "Ce lien de fiche est illisible (incomplet ou modifié)."), page.firstChild);
    } else if (id) {
      var found = load().filter(function (r) { return r.id === id; })[0];
      if (found) editor(page, found, true);
    }
  }

  window.loisFiche = { button: button, csv: csv, encode: encode, decode: decode };
  /* the runners may have drawn their ruling before this file ran: they redraw it with the button */
  document.dispatchEvent(new Event("lois-fiche-ready"));
  function init() { var page = document.querySelector(".lois-fiches"); if (page && !page.dataset.ready) { page.dataset.ready = "1"; initPage(page); } }
  if (document.readyState !== "loading") init(); else document.addEventListener("DOMContentLoaded", init);
})();
