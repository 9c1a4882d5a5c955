/* Ruling checklists: a generic runner. It walks the checklist data generated at build time
   (questions, choices, outcomes, links) — the decision logic lives only in that data.
   Answers live in the URL: ?r=question:choice,question:choice
   After each answer the page brings the question and its answers (or the ruling's title and « Ce que je dis aux
   joueurs ») into view itself, as a phone held in one hand needs. « Mode table » is remembered on this device
   (localStorage, guarded: a browser that refuses storage is told, never thrown at). */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "className") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }

  /* Ids come from the corpus and may be any name JavaScript gives its objects (« constructor », « __proto__ »,
     « toString »): a table keyed by them is read with `own` (a name is found only where the data put it, never on
     Object.prototype) and made with `dict` (no prototype: « __proto__ » is a key like another). */
  function own(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined; }
  function dict() { return Object.create(null); }

  /* An address is typed by anyone: a malformed escape (« %ZZ », a lone « % ») is kept as typed, never thrown. */
  function decode(s) {
    try { return decodeURIComponent(s); } catch (e) { return s; }
  }

  function readAnswers() {
    var r = "";
    try { r = new URLSearchParams(window.location.search).get("r") || ""; } catch (e) { r = ""; }
    var out = dict();
    r.split(",").forEach(function (part) {
      var i = part.indexOf(":"), q, c;
      if (i <= 0) return;
      q = decode(part.slice(0, i));
      c = decode(part.slice(i + 1));
      /* two different answers to one question: neither is taken (as `lois arbitre --reponses` refuses them) */
      var had = own(out, q);
      out[q] = had === undefined || had === c ? c : { twice: [typeof had === "object" ? had.twice[0] : had, c] };
    });
    return out;
  }

  /* Walk from the start with the given answers: the path of [question, choice] and where it stops. */
  function walk(data, answers) {
    var node = data.start, path = [], invalid = null;
    while (own(data.questions, node)) {
      var q = own(data.questions, node), given = own(answers, node), choice = null;
      q.choices.forEach(function (c) { if (c.id === given) choice = c; });
      if (!choice) { if (given !== undefined) invalid = { question: node, given: given }; break; }
      path.push([node, choice]);
      node = choice.next;
    }
    return { node: node, path: path, invalid: invalid };
  }

  /* a title attribute holds HTML (Material's tooltips read it as HTML, like the titles written at build
     time by lois.render_inline.tooltip_attr): the text is escaped for it */
  function tip(text) { return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }

  function citeList(cites) {
    var ul = el("ul", { className: "lois-cl-cites" });
    cites.forEach(function (c) {
      var item;
      if (c.href) item = el("a", { className: "lois-cite", href: c.href, title: tip(c.preview), "data-ref": c.id, text: c.label });
      else item = el("span", { className: "lois-cite-stub", title: tip(c.preview), text: c.label });
      ul.appendChild(el("li", {}, [item]));
    });
    return ul;
  }

  /* a text with its citations linked, as generated at build time by the site's linker (escaped HTML) */
  function rich(tag, cls, html, text) {
    var e = el(tag, { className: cls });
    if (html) e.innerHTML = html; else e.textContent = text;
    return e;
  }

  /* « Mode table », remembered for every checklist: "1" or "0"; null when storage is refused */
  var TABLE_KEY = window.loisStorageKey ? window.loisStorageKey("lois-mode-table") : "lois-mode-table";  /* lois.js */
  function storedTable() {
    try { return window.localStorage.getItem(TABLE_KEY) === "1"; } catch (e) { return false; }
  }
  function storeTable(on) {
    try { window.localStorage.setItem(TABLE_KEY, on ? "1" : "0"); return true; } catch (e) { return false; }
  }

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  /* the height the sticky header of the theme covers at the top of the screen */
  function headerBottom() {
    var h = document.querySelector(".md-header");
    if (!h) return 0;
    var pos = window.getComputedStyle(h).position;
    return pos === "sticky" || pos === "fixed" ? Math.max(0, h.getBoundingClientRect().bottom) : 0;
  }

  function Runner(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector(".lois-cl-data").textContent);
    this.answers = readAnswers();
    this.focusNext = false;
    this.storageRefused = false;
    if (storedTable()) root.classList.add("lois-cl-table");
    /* the effects shown: those some outcome of this checklist sets */
    this.varying = dict();
    var self = this;
    Object.keys(this.data.outcomes).forEach(function (k) {
      self.data.outcomes[k].effects.forEach(function (e) { if (!e.default) self.varying[e.key] = true; });
    });
    window.addEventListener("popstate", function () { self.answers = readAnswers(); self.render(); self.reveal(); });
    this.render();
    /* opened with answers (a shared link, a case, an answer chosen on « Que faire si… »): where they lead, in view;
       an address with a fragment (« #arbre ») is left to the browser */
    if (Object.keys(this.answers).length && !window.location.hash) this.reveal(true);
  }

  /* Scroll the question and all its answers (or the ruling's title and « Ce que je dis aux joueurs ») into view
     under the sticky header: from the toolbar when everything fits, else from « Question n », else from the question
     itself; nothing moves when they are already in view. Smooth, unless the reader asks for reduced motion or the
     page has just opened (`atOnce`): the site sets no CSS scroll-behavior, so « auto » is at once. */
  Runner.prototype.reveal = function (atOnce) {
    var step = this.root.querySelector(".lois-cl-step, .lois-cl-result");
    if (!step) return;
    var heading = step.querySelector("h2") || step;
    var last = step.querySelector(".lois-cl-choices") || step.querySelector(".lois-cl-players") || heading;
    var top = headerBottom() + 8, room = window.innerHeight - top - 8, end = last.getBoundingClientRect().bottom;
    if (heading.getBoundingClientRect().top >= top && end <= window.innerHeight) return;
    var from = null;
    [this.root.querySelector(".lois-cl-toolbar"), step.querySelector(".lois-cl-stepno"), heading].forEach(function (e) {
      var y = e ? e.getBoundingClientRect().top : null;
      if (y !== null && from === null && (end - y <= room || e === heading)) from = y;
    });
    /* from the question itself: « Question n » wholly under the header, not half shown */
    if (from === heading.getBoundingClientRect().top) from += 6;
    window.scrollTo({ top: Math.max(0, window.scrollY + from - top), behavior: atOnce || reducedMotion() ? "auto" : "smooth" });
  };

  Runner.prototype.setPath = function (path) {
    var parts = path.map(function (p) { return encodeURIComponent(p[0]) + ":" + encodeURIComponent(p[1].id); });
    var url = window.location.pathname + (parts.length ? "?r=" + parts.join(",") : "") + window.location.hash;
    window.history.pushState(null, "", url);
    this.answers = dict();
    var self = this;
    path.forEach(function (p) { self.answers[p[0]] = p[1].id; });
    this.focusNext = true;
    this.render();
  };

  Runner.prototype.render = function () {
    var self = this, data = this.data, state = walk(data, this.answers);
    var tableMode = this.root.classList.contains("lois-cl-table");
    this.root.querySelectorAll(".lois-cl-ui").forEach(function (n) { n.remove(); });
    var ui = el("div", { className: "lois-cl-ui" });

    var toolbar = el("div", { className: "lois-cl-toolbar" });
    var back = el("button", { type: "button", className: "lois-cl-back md-button", text: "← Retour" });
    back.disabled = state.path.length === 0;
    back.addEventListener("click", function () { self.setPath(state.path.slice(0, -1)); });
    var restart = el("button", { type: "button", className: "lois-cl-restart md-button", text: "Recommencer" });
    restart.disabled = state.path.length === 0;
    restart.addEventListener("click", function () { self.setPath([]); });
    var table = el("button", { type: "button", className: "lois-cl-table-toggle md-button", "aria-pressed": String(tableMode),
                               text: "Mode table" });
    table.addEventListener("click", function () {
      var on = self.root.classList.toggle("lois-cl-table");
      table.setAttribute("aria-pressed", String(on));
      if (!storeTable(on) && !self.storageRefused) {
        self.storageRefused = true;
        toolbar.after(self.storageNote());
      }
      self.reveal();
    });
    [back, restart, table].forEach(function (b) { toolbar.appendChild(b); });
    ui.appendChild(toolbar);
    if (this.storageRefused) ui.appendChild(this.storageNote());

    if (state.invalid) {
      /* (words of the address, quoted back as `lois arbitre --reponses` quotes them, inert: loisTypo) */
      var said = function (text) { return loisTypo.inert(loisTypo.quoted(text)); };
      var given = state.invalid.given, question = "\u00a0» à la question «\u00a0" + said(state.invalid.question) + "\u00a0»";
      ui.appendChild(el("p", { className: "lois-cl-warning", role: "alert", text: typeof given === "object"
        ? "Deux réponses «\u00a0" + said(given.twice[0]) + "\u00a0» et «\u00a0" + said(given.twice[1]) + question + "\u00a0: reprenez à cette question."
        : "Réponse inconnue «\u00a0" + said(given) + question + "\u00a0: reprenez à cette question." }));
    }

    if (state.path.length) {
      var trail = el("ol", { className: "lois-cl-trail", "aria-label": "Réponses données" });
      state.path.forEach(function (p, i) {
        var q = own(data.questions, p[0]);
        var go = el("button", { type: "button", className: "lois-cl-goto md-button", title: "Revenir à cette question", text: "modifier" });
        go.addEventListener("click", function () { self.setPath(state.path.slice(0, i)); });
        trail.appendChild(el("li", { "data-question": p[0], "data-answer": p[1].id }, [
          rich("span", "lois-cl-trail-q", q.text_html, q.text), document.createTextNode(" "),
          el("strong", { text: p[1].label }), el("div", { className: "lois-cl-trail-acts" }, [go, citeList(q.cites)])]));
      });
      ui.appendChild(el("details", { className: "lois-cl-trail-box" }, [
        el("summary", { text: "Parcours (" + state.path.length + " réponse" + (state.path.length > 1 ? "s" : "") + ")" }), trail]));
    }

    var heading;
    if (own(data.questions, state.node)) {
      var q = own(data.questions, state.node);
      heading = rich("h2", "lois-cl-question", q.text_html, q.text);
      heading.setAttribute("tabindex", "-1");
      var box = el("section", { className: "lois-cl-step", "data-question": state.node, "aria-live": "polite" }, [
        el("p", { className: "lois-cl-stepno", text: "Question " + (state.path.length + 1) }), heading]);
      if (q.help) box.appendChild(rich("p", "lois-cl-help", q.help_html, q.help));
      var choices = el("div", { className: "lois-cl-choices", role: "group", "aria-label": "Choix" });
      q.choices.forEach(function (c, i) {
        var b = el("button", { type: "button", className: "lois-cl-choice md-button", "data-choice": c.id,
                               text: (i + 1) + ". " + c.label });
        b.addEventListener("click", function () { self.setPath(state.path.concat([[state.node, c]])); });
        choices.appendChild(b);
      });
      box.appendChild(choices);
      box.appendChild(el("p", { className: "lois-cl-cites-head", text: "Provisions appliquées\u00a0:" }));
      box.appendChild(citeList(q.cites));
      ui.appendChild(box);
    } else {
      var o = own(data.outcomes, state.node);
      heading = el("h2", { className: "lois-cl-ruling-title", tabindex: "-1", text: o.title });
      var effects = el("ul", { className: "lois-cl-effects" });
      var full = {};
      o.effects.forEach(function (e) {
        full[e.key] = e.value;
        if (own(self.varying, e.key))
          effects.appendChild(el("li", { "data-effect": e.key }, [el("span", { text: e.label + "\u00a0: " }), el("strong", { text: e.text })]));
      });
      if (!effects.children.length) effects.appendChild(el("li", { text: "Aucune rectification particulière." }));
      /* « Ce que je dis aux joueurs »: what the director says at the table, in order, each sentence cited */
      var said = el("ol", { className: "lois-cl-players-list" });
      (o.players || []).forEach(function (p) { said.appendChild(rich("li", "", p.html, p.text)); });
      var players = el("section", { className: "lois-cl-players", "aria-label": "Ce que je dis aux joueurs" }, [
        el("h3", { text: "Ce que je dis aux joueurs" }), said]);
      var res = el("section", { className: "lois-cl-result", "data-outcome": state.node, "data-effects": JSON.stringify(full),
                                "aria-live": "polite" }, [
        el("p", { className: "lois-cl-stepno", text: "Décision" }), heading,
        rich("p", "lois-cl-ruling", o.ruling_html, o.ruling), players,
        el("h3", { text: "Effets" }), effects,
        el("h3", { text: "Provisions appliquées" }), citeList(o.cites)]);
      if (this.root.dataset.calculs && (full.adjusted_score || full.weighted_score_possible)) {
        var anchor = full.weighted_score_possible ? "#ponderee" : "#artificielle";
        res.appendChild(el("p", { className: "lois-cl-calc" }, [el("a", { href: this.root.dataset.calculs + anchor,
          text: full.weighted_score_possible ? "Calculer une marque ajustée pondérée" : "Calculer la marque ajustée artificielle" })]));
      }
      if (window.loisFiche && this.root.dataset.fiches) res.appendChild(window.loisFiche.button(this.record(state, o), this.root.dataset.fiches));
      else if (this.root.dataset.fiches) document.addEventListener("lois-fiche-ready", function () { self.render(); }, { once: true });
      ui.appendChild(res);
    }
    this.root.appendChild(ui);
    this.root.setAttribute("data-state", state.node);
    if (this.focusNext && heading) {
      heading.focus({ preventScroll: true });
      this.reveal();
    }
    this.focusNext = false;
  };

  Runner.prototype.storageNote = function () {
    return el("p", { className: "lois-cl-note lois-cl-storage", role: "status",
      text: "Ce navigateur refuse l'enregistrement\u00a0: le mode table ne sera pas gardé pour les autres pages." });
  };

  /* what the ruling record (assets/lois/fiche.js) keeps: the facts answered, the ruling, the provisions */
  Runner.prototype.record = function (state, o) {
    var data = this.data, abs = function (h) { return h ? new URL(h, window.location.href).href : ""; };
    return {
      kind: "liste", title: data.title + " — " + o.title, url: window.location.href,
      facts: state.path.map(function (p) { return [own(data.questions, p[0]).text, p[1].label]; }),
      ruling: o.ruling, citations: o.cites.map(function (c) { return { id: c.id, href: abs(c.href) }; }),
      players: (o.players || []).map(function (p) { return p.text; })
    };
  };

  function init() {
    document.querySelectorAll(".lois-cl[data-checklist]").forEach(function (root) {
      if (!root.dataset.ready) { root.dataset.ready = "1"; new Runner(root); }
    });
    /* a decision tree wider than its box (on a phone) scrolls sideways at its own size: it opens on its first
       question, drawn in the middle of its top row */
    document.querySelectorAll(".lois-cl-flow-wrap").forEach(function (w) {
      if (w.scrollWidth > w.clientWidth) w.scrollLeft = (w.scrollWidth - w.clientWidth) / 2;
    });
  }
  if (document.readyState !== "loading") init(); else document.addEventListener("DOMContentLoaded", init);
})();
