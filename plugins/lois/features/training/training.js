/* « S'entraîner »: a generic runner over the data generated at build time by lois.features.training.site
   (situations, the checklists' questions, choices and outcomes, their explanations and links). Grading is a walk
   of that data: the answers given must reach the outcome the checklist reaches (the same as
   lois.features.training.items.grade_answers / grade_decision in Python).
   The situations missed are kept in localStorage (a list of ids); refused or damaged storage is said, never thrown. */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "html") e.innerHTML = attrs[k];  /* generated at build time, escaped there */
      else if (k === "className") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }

  function citeList(cites) {
    var ul = el("ul", { className: "lois-train-cites" });
    cites.forEach(function (c) {
      ul.appendChild(el("li", {}, [c.href ? el("a", { className: "lois-cite", href: c.href, "data-ref": c.id, text: c.label })
                                          : el("span", { text: c.label })]));
    });
    return ul;
  }

  /* ------------------------------------------------------------------ grading (walk of the data) */

  function walk(cl, answers) {
    var node = cl.start, trace = [];
    while (cl.questions[node]) {
      var q = cl.questions[node], choice = null;
      q.choices.forEach(function (c) { if (c.id === answers[node]) choice = c; });
      if (!choice) return { node: null, trace: trace };
      trace.push([node, choice]);
      node = choice.next;
    }
    return { node: node, trace: trace };
  }

  function gradeAnswers(cl, item, answers) {
    var w = walk(cl, answers), diverged = "";
    w.trace.some(function (step) {
      if (item.answers[step[0]] !== step[1].id) { diverged = step[0]; return true; }
      return false;
    });
    return { correct: w.node === item.expected, outcome: w.node, diverged: diverged };
  }

  /* ------------------------------------------------------------------ storage of the situations missed */

  function Store(key, known) {
    this.key = key;
    this.known = known;
    this.ok = true;
    this.damaged = false;
    try {
      window.localStorage.setItem(key + "-essai", "1");
      window.localStorage.removeItem(key + "-essai");
    } catch (e) { this.ok = false; }
  }
  Store.prototype.read = function () {
    if (!this.ok) return [];
    var raw = null, known = this.known;
    try { raw = window.localStorage.getItem(this.key); } catch (e) { this.ok = false; return []; }
    if (raw === null) return [];
    try {
      var v = JSON.parse(raw);
      if (v && Array.isArray(v.missed)) {
        var seen = {};
        return v.missed.filter(function (id) {
          var keep = typeof id === "string" && Object.prototype.hasOwnProperty.call(known, id) && !seen[id];
          seen[id] = true;
          return keep;
        });
      }
    } catch (e) { /* damaged: starts again from an empty list */ }
    this.damaged = true;
    return [];
  };
  Store.prototype.write = function (ids) {
    if (!this.ok) return;
    try { window.localStorage.setItem(this.key, JSON.stringify({ missed: ids })); }
    catch (e) { this.ok = false; }
  };
  Store.prototype.mark = function (id, missed) {
    var ids = this.read().filter(function (x) { return x !== id; });
    if (missed) ids.push(id);
    this.write(ids);
  };

  function shuffle(list) {
    for (var i = list.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1)), t = list[i];
      list[i] = list[j];
      list[j] = t;
    }
    return list;
  }

  /* ------------------------------------------------------------------ the runner */

  function Trainer(root, data) {
    this.root = root;
    this.data = data;
    this.byId = {};
    var self = this;
    data.items.forEach(function (it) { self.byId[it.id] = it; });
    this.store = new Store(data.storageKey, this.byId);
    this.mode = "questions";
    this.count = Math.min(10, data.items.length);
    this.start();
  }

  Trainer.prototype.panel = function (label) {
    this.root.querySelectorAll(".lois-train-panel").forEach(function (p) { p.remove(); });
    var p = el("section", { className: "lois-train-panel", "aria-label": label });
    this.root.appendChild(p);
    return p;
  };

  Trainer.prototype.focus = function (node) {
    node.setAttribute("tabindex", "-1");
    try { node.focus({ preventScroll: true }); } catch (e) { node.focus(); }
    var r = this.root.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight) this.root.scrollIntoView({ block: "start" });
  };

  Trainer.prototype.start = function () {
    var self = this, d = this.data, review = this.store.read();
    var p = this.panel("Nouvelle séance");
    var h = el("h2", { className: "lois-train-heading", text: "Nouvelle séance" });
    p.appendChild(h);
    var modes = el("fieldset", { className: "lois-train-options" }, [el("legend", { text: "Comment répondre ?" })]);
    Object.keys(d.modes).forEach(function (m) {
      var input = el("input", { type: "radio", name: "lois-train-mode", value: m });
      input.checked = m === self.mode;
      input.addEventListener("change", function () { self.mode = m; });
      modes.appendChild(el("label", {}, [input, d.modes[m]]));
    });
    p.appendChild(modes);
    var counts = el("fieldset", { className: "lois-train-options" }, [el("legend", { text: "Combien de situations ?" })]);
    var options = [5, 10, 20].filter(function (n) { return n < d.items.length; }).concat([d.items.length]);
    options.forEach(function (n) {
      var input = el("input", { type: "radio", name: "lois-train-count", value: String(n) });
      input.checked = n === self.count || (options.indexOf(self.count) < 0 && n === options[options.length - 1]);
      input.addEventListener("change", function () { self.count = n; });
      counts.appendChild(el("label", {}, [input, n === d.items.length ? "Toutes (" + n + ")" : String(n)]));
    });
    p.appendChild(counts);
    if (!this.store.ok) {
      p.appendChild(el("p", { className: "lois-train-note lois-train-storage", text: "Ce navigateur refuse l'enregistrement : les situations manquées ne seront pas gardées après cette page." }));
    } else if (this.store.damaged) {
      p.appendChild(el("p", { className: "lois-train-note lois-train-storage", text: "La liste des situations à revoir était illisible : elle repart de zéro." }));
    }
    if (review.length) {
      p.appendChild(el("p", { className: "lois-train-note lois-train-pending", text: review.length + " situation(s) manquée(s) lors des séances précédentes : elles passent en premier." }));
    }
    var go = el("button", { type: "button", className: "lois-train-primary lois-train-start", text: "Commencer" });
    go.addEventListener("click", function () { self.begin(); });
    p.appendChild(go);
  };

  Trainer.prototype.begin = function () {
    var self = this, first = this.store.read();
    var firstSet = {};
    first.forEach(function (id) { firstSet[id] = true; });
    var rest = shuffle(this.data.items.filter(function (it) { return !firstSet[it.id]; }));
    this.queue = first.map(function (id) { return self.byId[id]; }).concat(rest).slice(0, this.count);
    this.index = 0;
    this.score = 0;
    this.missed = [];
    this.reviewing = false;
    this.show();
  };

  Trainer.prototype.current = function () { return this.queue[this.index]; };

  Trainer.prototype.show = function () {
    var self = this, item = this.current(), cl = this.data.checklists[item.checklist];
    var p = this.panel("Situation");
    p.setAttribute("data-item", item.id);
    var where = this.reviewing ? "À revoir " + (this.index + 1) + " / " + this.queue.length + " (hors score)"
                               : "Situation " + (this.index + 1) + " / " + this.queue.length;
    p.appendChild(el("div", { className: "lois-train-progress" }, [
      el("span", { className: "lois-train-where", text: where }),
      el("span", { className: "lois-train-running", text: "Score : " + this.score + " / " + (this.reviewing ? this.queue0 : this.index) })]));
    var h = el("h2", { className: "lois-train-heading", text: cl.title });
    p.appendChild(h);
    p.appendChild(el("p", { className: "lois-train-source", text: item.source }));
    p.appendChild(el("p", { className: "lois-train-situation", html: item.situation_html }));
    var zone = el("div", { className: "lois-train-answer" });
    p.appendChild(zone);
    if (this.mode === "decision") {
      zone.appendChild(el("p", { className: "lois-train-question", text: "Quelle est la décision ?" }));
      var list = el("div", { className: "lois-train-choices" });
      Object.keys(cl.outcomes).forEach(function (oid) {
        var b = el("button", { type: "button", "data-outcome": oid, text: cl.outcomes[oid].title });
        b.addEventListener("click", function () {
          self.verdict({ correct: oid === item.expected, outcome: oid, diverged: "" }, {});
        });
        list.appendChild(b);
      });
      zone.appendChild(list);
    } else {
      this.ask(zone, cl, item, {}, cl.start);
    }
    this.focus(h);
  };

  Trainer.prototype.ask = function (zone, cl, item, answers, node) {
    var self = this;
    if (!cl.questions[node]) {
      this.verdict(gradeAnswers(cl, item, answers), answers);
      return;
    }
    var q = cl.questions[node];
    var block = el("div", { className: "lois-train-step", "data-question": node }, [
      el("p", { className: "lois-train-question", text: q.text }), citeList(q.cites)]);
    var list = el("div", { className: "lois-train-choices" });
    q.choices.forEach(function (c) {
      var b = el("button", { type: "button", "data-choice": c.id, text: c.label });
      b.addEventListener("click", function () {
        answers[node] = c.id;
        list.replaceWith(el("p", { className: "lois-train-given", text: "→ " + c.label }));
        self.ask(zone, cl, item, answers, c.next);
      });
      list.appendChild(b);
    });
    block.appendChild(list);
    zone.appendChild(block);
    var first = list.querySelector("button");
    if (Object.keys(answers).length && first) first.focus({ preventScroll: false });
  };

  Trainer.prototype.verdict = function (g, answers) {
    var self = this, item = this.current(), cl = this.data.checklists[item.checklist];
    var o = cl.outcomes[item.expected];
    if (!this.reviewing) {
      if (g.correct) this.score += 1;
      else this.missed.push(item);
    }
    this.store.mark(item.id, !g.correct);
    var p = this.root.querySelector(".lois-train-panel");
    p.querySelectorAll(".lois-train-choices").forEach(function (x) { x.remove(); });
    var box = el("div", { className: "lois-train-feedback" });
    var v = el("p", { className: "lois-train-verdict", "data-correct": String(g.correct),
                      text: g.correct ? "Juste !" : "Pas tout à fait." });
    box.appendChild(v);
    if (!g.correct && g.outcome && cl.outcomes[g.outcome]) {
      box.appendChild(el("p", { className: "lois-train-yours", text: "Votre réponse mène à : « " + cl.outcomes[g.outcome].title + " »." }));
    }
    if (!g.correct && g.diverged) {
      var q = cl.questions[g.diverged], right = null;
      q.choices.forEach(function (c) { if (c.id === item.answers[g.diverged]) right = c; });
      box.appendChild(el("p", { className: "lois-train-diverged", text: "Écart à la question « " + q.text + " » : la bonne réponse est « " + right.label + " »." }));
    }
    var ruling = el("div", { className: "lois-train-ruling" }, [
      el("p", {}, [el("strong", { text: "La décision : " }), el("span", { className: "lois-train-outcome", "data-outcome": item.expected, text: o.title })]),
      el("p", { html: o.ruling_html })]);
    if (o.effects.length) {
      var ul = el("ul", { className: "lois-train-effects" });
      o.effects.forEach(function (t) { ul.appendChild(el("li", { text: t })); });
      ruling.appendChild(ul);
    }
    ruling.appendChild(el("p", { className: "lois-train-cites-title", text: "Provisions :" }));
    ruling.appendChild(citeList(o.cites));
    box.appendChild(ruling);
    if (o.players && o.players.length) {
      var said = el("ol", { className: "lois-train-players" });
      o.players.forEach(function (t) { said.appendChild(el("li", { html: t })); });
      box.appendChild(el("div", {}, [el("p", {}, [el("strong", { text: "Ce que l'arbitre dit aux joueurs :" })]), said]));
    }
    if (item.explanation_html) {
      box.appendChild(el("p", { className: "lois-train-example" }, [el("strong", { text: "L'exemple commenté : " }), el("span", { html: item.explanation_html })]));
    }
    var path = el("ol", { className: "lois-train-path" });
    walk(cl, item.answers).trace.forEach(function (step) {
      path.appendChild(el("li", { text: cl.questions[step[0]].text + " → " + step[1].label }));
    });
    box.appendChild(el("p", {}, [el("strong", { text: "Le parcours de la liste :" })]));
    box.appendChild(path);
    if (item.review) box.appendChild(el("p", {}, [el("a", { href: item.review, text: "Revoir pas à pas dans la liste « " + cl.title + " »" })]));
    var last = this.index + 1 >= this.queue.length;
    var next = el("button", { type: "button", className: "lois-train-primary lois-train-next",
                              text: last && (this.reviewing || !this.missed.length) ? "Voir le score" : (last ? "Revoir les situations manquées" : "Situation suivante") });
    next.addEventListener("click", function () { self.next(); });
    box.appendChild(next);
    p.appendChild(box);
    var running = p.querySelector(".lois-train-running");
    if (running) running.textContent = "Score : " + this.score + " / " + (this.reviewing ? this.queue0 : this.index + 1);
    this.focus(v);
  };

  Trainer.prototype.next = function () {
    this.index += 1;
    if (this.index < this.queue.length) { this.show(); return; }
    if (!this.reviewing && this.missed.length) {
      this.queue0 = this.queue.length;
      this.reviewing = true;
      this.queue = this.missed.slice();
      this.index = 0;
      this.show();
      return;
    }
    this.end();
  };

  Trainer.prototype.end = function () {
    var self = this, total = this.reviewing ? this.queue0 : this.queue.length;
    var p = this.panel("Score");
    var h = el("h2", { className: "lois-train-heading", text: "Fin de la séance" });
    p.appendChild(h);
    p.appendChild(el("p", { className: "lois-train-score", text: "Score : " + this.score + " / " + total }));
    var pending = this.store.read();
    if (this.missed.length) {
      var ul = el("ul", { className: "lois-train-missed" });
      this.missed.forEach(function (it) {
        ul.appendChild(el("li", {}, [self.data.checklists[it.checklist].title + " — ", el("span", { html: it.situation_html })]));
      });
      p.appendChild(el("p", { text: "Situations manquées :" }));
      p.appendChild(ul);
    }
    p.appendChild(el("p", { className: "lois-train-note", text: this.store.ok
      ? (pending.length ? pending.length + " situation(s) à revoir : elles reviendront en tête de la prochaine séance." : "Aucune situation à revoir.")
      : "Ce navigateur refuse l'enregistrement : les situations manquées ne sont pas gardées." }));
    var again = el("button", { type: "button", className: "lois-train-primary lois-train-again", text: "Nouvelle séance" });
    again.addEventListener("click", function () { self.start(); });
    p.appendChild(again);
    this.focus(h);
  };

  /* the grading, for the tests that pin it to lois.features.training.items.grade_answers */
  window.loisTraining = { gradeAnswers: gradeAnswers };

  function init() {
    document.querySelectorAll(".lois-train").forEach(function (root) {
      if (root.getAttribute("data-ready")) return;
      var script = root.querySelector(".lois-train-data"), data;
      try { data = JSON.parse(script.textContent); } catch (e) { return; }
      if (!data.items.length) return;
      root.setAttribute("data-ready", "1");
      new Trainer(root, data);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
