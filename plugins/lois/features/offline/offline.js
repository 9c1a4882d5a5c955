/* Hors ligne — généré (lois.offline) : enregistre, sur chaque page, le service worker qui garde les pages consultées,
   et dit qu'une nouvelle version est publiée quand elle remplace la copie enregistrée. Le bouton « Enregistrer tout
   le code sur cet appareil » de la page « Hors ligne » est animé par offline-page.js, chargé par cette page seule.
   Le service worker n'est installé que dans un contexte sûr (https ou localhost), jamais sous file://. */
(function () {
  "use strict";
  var SW = __SW__;
  var script = document.currentScript;
  var ROOT = script && script.src ? new URL("../../", script.src).href : null;
  var supported = !!ROOT && location.protocol !== "file:" && window.isSecureContext === true &&
    "serviceWorker" in navigator && "caches" in window;

  if (supported) {
    var register = function () { navigator.serviceWorker.register(ROOT + SW).catch(function () {}); };
    if (document.readyState === "complete") register(); else window.addEventListener("load", register);
    /* A new build published while this page was shown from the saved copy: its worker takes over once it
       has saved the new version; say so, and offer to show it (never reload under the reader's eyes). */
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (!controlled) { controlled = true; return; }  /* first visit: this page is the current version */
      announceUpdate();
    });
  }

  function announceUpdate() {
    if (document.getElementById("lois-hl-maj")) return;
    var box = el("div", "lois-hl-maj md-typeset");
    box.id = "lois-hl-maj";
    box.setAttribute("role", "status");
    box.appendChild(el("span", "", "Une nouvelle version du site est publiée. "));
    var show = el("button", "md-button md-button--primary", "Afficher la nouvelle version");
    show.type = "button";
    show.addEventListener("click", function () { location.reload(); });
    var close = el("button", "md-button", "Plus tard");
    close.type = "button";
    close.addEventListener("click", function () { box.remove(); });
    box.appendChild(show);
    box.appendChild(close);
    document.body.appendChild(box);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  /* for offline-page.js (the « Hors ligne » page): the root of the site, whether this browser can save it, el */
  window.loisOffline = { root: ROOT, supported: supported, el: el };
})();
