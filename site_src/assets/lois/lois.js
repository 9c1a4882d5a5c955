/* Reading the laws: citation previews (card.js), per-provision actions, « Texte seul », guarded theme titles. */
(function () {
  "use strict";
  /* The name under which this copy of the site keeps `name` in the browser's storage (records, training, « Texte
     seul »): its folder on the host first, as its offline caches (features/offline/serviceworker.cache_name) and the
     theme's own settings (__md_scope), so that two copies on one host (/ and /club/lois/) do not share or overwrite
     each other's; what an earlier version kept under the bare name is taken over (copied) the first time. */
  window.loisStorageKey = function (name) {
    var key = (window.__md_scope ? window.__md_scope.pathname : "/") + name;
    try {
      var s = window.localStorage, old = s.getItem(name);
      if (old !== null && s.getItem(key) === null) s.setItem(key, old);
    } catch (e) { /* storage refused: the callers say so */ }
    return key;
  };
  /* A page opened from the files of the built site (file://), not from the copy to download, whose pages carry the
     file-mode script (features/offline/file_mode.js: links to folders made links to files, the data the browser
     refuses to fetch there read from their script twins, window.loisFichiers): links, search and training do not
     work there. The one sentence that says so, for every script that could not read its data (never « réseau
     indisponible », never « copie téléchargée »); null anywhere else. */
  window.loisOpenedAsFiles = function () {
    return location.protocol === "file:" && !window.loisFichiers
      ? "cette page est ouverte depuis les fichiers du site construit (file://), où le navigateur ne lit ni les " +
        "données de la recherche et de l'entraînement ni les liens vers les dossiers\u202f; ouvrez plutôt la copie à " +
        "télécharger de la page «\u00a0Hors ligne\u00a0», ou servez le site (bash scripts/serve.sh)"
      : null;
  };
  /* The build this page was made by (<meta name="lois-build">: lois.render.site BUILD_FILE's text when it was
     built), or null for a page that does not name it. */
  var BUILD_RE = /^[0-9a-f]{8,64}$/;
  window.loisPageBuild = function () {
    var meta = document.querySelector('meta[name="lois-build"]');
    return meta && BUILD_RE.test(meta.content) ? meta.content : null;
  };
  /* The build the server serves now: assets/lois/version.txt of this copy of the site (its folder on the host,
     __md_scope: / or /club/lois/), asked of the server itself with no-store (the service worker lets such a request
     through), never of a cache. A promise of the build, or null when it cannot be said (no network, no such file,
     an answer that is not a build). The one place that asks: the search (search.js) and loisNewVersion below. */
  window.loisServedBuild = function () {
    var scope = window.__md_scope;
    if (!scope || !window.fetch) return Promise.resolve(null);
    return fetch(new URL("assets/lois/version.txt", scope).href, { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : "";
    }).then(function (t) {
      t = t.trim();
      return BUILD_RE.test(t) ? t : null;
    }, function () { return null; });
  };
  /* Whether the server now serves another build than the one this page was made by (a deploy while the page was
     open): the files of the page's own build that it fetches later may be gone with it, and the page then says
     « Une nouvelle version du site est publiée », never « pas de réseau ». A promise of true, or false when it is
     the same build or cannot be said (no network, a page without its build). */
  window.loisNewVersion = function () {
    var mine = window.loisPageBuild();
    if (!mine) return Promise.resolve(false);
    return window.loisServedBuild().then(function (now) { return !!now && now !== mine; });
  };
  /* « Recharger la page » when a new version is published: a page the service worker keeps is the old one until
     the worker of the new version takes over (location.reload() alone gave the old page again, and its notice,
     forever): that worker is fetched now, and the page reloaded once it controls the page. The one reload of every
     notice of a new version (search, training, « Hors ligne »). */
  window.loisReloadNew = function () {
    var sw = navigator.serviceWorker, done = false;
    function go() { if (!done) { done = true; location.reload(); } }
    if (!sw || !sw.controller) { go(); return; }
    sw.addEventListener("controllerchange", go);
    sw.getRegistration().then(function (reg) {
      return reg ? reg.update().then(function () { return reg.installing || reg.waiting; }) : null;
    }).then(function (next) {
      if (!next) go(); else setTimeout(go, 30000);  /* a worker that never takes over: reload anyway */
    }, go);
  };
  /* The notice of a new version in `box` (the search page's status, the header's box): its sentence and « Recharger
     la page » (search.css). */
  window.loisSayNewVersion = function (box) {
    box.textContent = "";
    box.classList.add("lois-search-new-version");
    box.appendChild(document.createTextNode("Une nouvelle version du site est publiée\u00a0: cette page est celle " +
                                            "d'avant. "));
    var again = document.createElement("button");
    again.type = "button";
    again.className = "lois-search-reload";
    again.textContent = "Recharger la page";
    again.addEventListener("click", window.loisReloadNew);
    box.appendChild(again);
    return box;
  };
  (function () {  /* said once, at the top of every such page */
    var why = window.loisOpenedAsFiles(), top = document.querySelector("article.md-content__inner");
    if (!why || !top) return;
    var box = document.createElement("div"), p = document.createElement("p");
    box.className = "admonition warning lois-fichiers-bruts";
    box.setAttribute("role", "note");
    p.textContent = why.charAt(0).toUpperCase() + why.slice(1) + ".";
    box.appendChild(p);
    top.insertBefore(box, top.firstChild);
  })();
  /* a title holds HTML-escaped text (Material's tooltips read it as HTML): its text, decoded in an inert
     document (DOMParser runs no script and loads nothing), then shown with textContent */
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  /* Material (content.tooltips) puts the text of a truncated menu or table-of-contents entry into a
     tooltip as HTML (its `title`, read back and assigned to innerHTML): a page or section title typed as
     « <img src=x onerror=…> » would run. Those entries' `title` is escaped when Material sets it, before
     it reads it back. This runs before Material mounts its components (on DOMContentLoaded). */
  function escapeHtml(s) { return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
  function guardTitle(el) {
    if (Object.prototype.hasOwnProperty.call(el, "title")) return;
    var value = el.getAttribute("title") || "";
    Object.defineProperty(el, "title", { configurable: true,
      get: function () { return value; },
      set: function (v) { value = escapeHtml(v); el.setAttribute("title", value); } });
  }
  document.querySelectorAll(".md-ellipsis").forEach(function (e) { guardTitle(e.closest("a") || e); });
  /* citation previews: one card (card.js), on hover, keyboard focus or tap; titles leave the links before the
     theme's tooltips read them */
  /* and a glossary term's definition (its title) in the same card: a phone shows no title, the term answered no tap
     (one attach: a second one would take a tap on the other's links for a tap elsewhere, and close its card) */
  if (window.LoisCard) window.LoisCard.attach(document, { selector: "a.lois-cite, .lois-cite-absent, abbr.ann-gloss",
    label: function (e) { return e.getAttribute("data-ref") || e.textContent; } });

  /* « Texte seul »: examples, notes and commentaries hidden, a marker left beside their provision; remembered */
  var KEY = window.loisStorageKey("lois-texte-seul");
  function stored() { try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; } }
  function store(on) { try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode */ } }
  function textOnly(on) {
    document.documentElement.classList.toggle("lois-texte-seul", on);
    document.querySelectorAll(".lois-textonly").forEach(function (b) { b.setAttribute("aria-pressed", on ? "true" : "false"); });
  }
  if (stored()) document.documentElement.classList.add("lois-texte-seul");

  /* one actions menu per provision: its button shows on hover, focus, or a tap on the provision */
  function closeMenus(except) {
    document.querySelectorAll(".lois-act[aria-expanded=true]").forEach(function (b) {
      if (b === except) return;
      b.setAttribute("aria-expanded", "false");
      var menu = document.getElementById(b.getAttribute("aria-controls"));
      if (menu) menu.hidden = true;
    });
  }
  function toggleMenu(button) {
    var open = button.getAttribute("aria-expanded") !== "true";
    closeMenus(button);
    button.setAttribute("aria-expanded", open ? "true" : "false");
    var menu = document.getElementById(button.getAttribute("aria-controls"));
    if (menu) menu.hidden = !open;
    if (open && menu) { var first = menu.querySelector("a, button"); if (first) first.focus(); }
  }
  function activate(prov) {
    document.querySelectorAll(".lois-prov.lois-active").forEach(function (p) { if (p !== prov) p.classList.remove("lois-active"); });
    if (prov) prov.classList.add("lois-active");
  }
  function openCitedBy(button) {
    var d = document.getElementById(button.getAttribute("data-details"));
    closeMenus();
    if (!d) return;
    d.open = true;
    d.scrollIntoView({ block: "nearest" });
    d.querySelector("summary").focus();
  }
  function onClick(ev) {
    var t = ev.target;
    var b = t.closest(".lois-act");
    if (b) { toggleMenu(b); return; }
    if (t.closest(".lois-act-cited")) { openCitedBy(t.closest(".lois-act-cited")); return; }
    if (t.closest(".lois-textonly")) { var on = !document.documentElement.classList.contains("lois-texte-seul"); textOnly(on); store(on); return; }
    if (t.closest(".lois-print")) { window.print(); return; }
    var mark = t.closest(".lois-aside-mark");
    if (mark) {
      var prov = mark.closest(".lois-prov");
      var shown = prov.classList.toggle("lois-show-asides");
      mark.setAttribute("aria-expanded", shown ? "true" : "false");
      return;
    }
    if (!t.closest(".lois-act-menu")) closeMenus();
    if (!t.closest("a, button, summary, input, .lois-card")) activate(t.closest(".lois-prov[id], .lois-section-body"));
  }
  // a printed law says where its words come from in full: the folded provenance opens for the print only
  var foldedForPrint = [];
  window.addEventListener("beforeprint", function () {
    foldedForPrint = Array.prototype.filter.call(document.querySelectorAll("details.lois-provenance-detail"), function (d) { return !d.open; });
    foldedForPrint.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    foldedForPrint.forEach(function (d) { d.open = false; });
    foldedForPrint = [];
  });
  ready(function () {
    textOnly(document.documentElement.classList.contains("lois-texte-seul"));
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", function (ev) {
      if (ev.key !== "Escape") return;
      var open = document.querySelector(".lois-act[aria-expanded=true]");
      if (open) { closeMenus(); open.focus(); }
      else if (drawer && menu && drawer.checked) { openDrawer(false); menu.focus(); }
    });
    /* The menu button of a phone or a narrow window (the theme's drawer): a label for a hidden checkbox, which Tab
       never reached, while Tab went through the links of the closed drawer, off the screen (lois.css hides them
       now). A button: Enter or Space opens the menu and goes to its first link, Escape closes it and comes back. */
    var drawer = document.getElementById("__drawer"), menu = document.querySelector(".md-header label[for=__drawer]");
    function openDrawer(open) {
      drawer.checked = open;
      drawer.dispatchEvent(new Event("change"));
    }
    if (drawer && menu) {
      menu.tabIndex = 0;
      menu.setAttribute("role", "button");
      menu.setAttribute("aria-label", "Menu");
      menu.setAttribute("aria-expanded", String(drawer.checked));
      drawer.addEventListener("change", function () { menu.setAttribute("aria-expanded", String(drawer.checked)); });
      menu.addEventListener("keydown", function (ev) {
        if (ev.key !== "Enter" && ev.key !== " ") return;
        ev.preventDefault();
        openDrawer(!drawer.checked);
        var first = drawer.checked && document.querySelector(".md-sidebar--primary a[href]");
        if (first) first.focus();
      });
    }
  });
})();
