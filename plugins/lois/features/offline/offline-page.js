/* Hors ligne — généré (lois.offline) : sur la page « Hors ligne » seule, anime le bouton « Enregistrer tout le code
   sur cet appareil ». Une page ouverte avant la publication d'une nouvelle version le dit (« Une nouvelle version du
   site est publiée ») au lieu d'enregistrer une version qui n'est pas la sienne, ou deux versions mêlées. */
(function () {
  "use strict";
  var MANIFEST = __MANIFEST__, WORKERS = 6;
  var meta = document.querySelector('meta[name="lois-build"]'), BUILD = meta ? meta.content : "";
  var NEW_VERSION = new Error("nouvelle version");
  var O = window.loisOffline || {}, ROOT = O.root || null, supported = !!O.supported, el = O.el;  /* offline.js */

  function mo(n) { return (n / 1e6).toFixed(1).replace(".", ",") + "\u00a0Mo"; }

  function setup() {
    var box = document.getElementById("lois-hl-appareil");
    if (!box || !el) return;
    box.textContent = "";
    var status = el("p", "lois-hl-etat");
    status.setAttribute("role", "status");
    if (location.protocol === "file:") {  /* the copy to download, or the built site's own files (lois.js) */
      var files = window.loisOpenedAsFiles && window.loisOpenedAsFiles();
      status.textContent = files ? "Ce navigateur ne peut pas enregistrer le site ici\u00a0: " + files + "."
                                 : "Vous consultez la copie téléchargée\u00a0: elle fonctionne déjà sans réseau.";
      box.appendChild(status);
      return;
    }
    if (!supported) {
      status.textContent = "Ce navigateur ne peut pas enregistrer le site\u00a0: il faut un navigateur récent et " +
        "un site ouvert en https. Utilisez plutôt la copie à télécharger ci-dessous.";
      box.appendChild(status);
      return;
    }
    var button = el("button", "md-button md-button--primary lois-hl-enregistrer",
                    "Enregistrer tout le code sur cet appareil");
    button.type = "button";
    button.disabled = true;
    var bar = el("progress", "lois-hl-progression");
    bar.setAttribute("aria-label", "Progression de l'enregistrement");
    bar.hidden = true;
    box.appendChild(button);
    box.appendChild(bar);
    box.appendChild(status);
    status.textContent = "Préparation…";

    /* the list this page's worker keeps (also without network); when it is not this page's build, the server's */
    function mine(m) { return !BUILD || !m.build || m.build === BUILD; }
    readManifest().then(function (m) {
      return mine(m) ? m : readManifest(true);
    }).then(function (m) {
      if (!mine(m)) { newVersion(status, button); return; }
      return caches.open(cacheName(m)).then(function (cache) {
        return cache.match(new URL(m.complete, ROOT).href).then(function (done) {
          status.textContent = done
            ? "Tout le code est déjà enregistré sur cet appareil (" + m.files.length + " fichiers, " + mo(m.total) + ")."
            : "À enregistrer\u00a0: " + m.files.length + " fichiers, " + mo(m.total) + ".";
          if (done) button.textContent = "Enregistrer de nouveau";
          button.disabled = false;
          button.addEventListener("click", function () { saveAll(m, cache, button, bar, status); });
        });
      });
    }).catch(function (e) {
      status.textContent = "Enregistrement indisponible pour l'instant (" +
        (e instanceof TypeError || !e.message ? "réseau indisponible" : e.message) + ").";
    });
  }

  /* the list of the files to save, as the server has it now; a French message when it cannot be read */
  function readManifest(fresh) {
    return fetch(ROOT + MANIFEST, { cache: fresh ? "no-store" : "no-cache" }).then(function (r) {
      if (!r.ok) throw new Error("liste des fichiers introuvable (" + r.status + ")");
      return r.text();
    }).then(function (text) {
      try { return JSON.parse(text); } catch (e) { throw new Error("liste des fichiers illisible"); }
    });
  }
  /* the cache of this copy of the site for version m (sw.js: OWN + VERSION; serviceworker.cache_name) */
  function cacheName(m) { return m.cachePrefix + new URL(ROOT).pathname + "|" + m.version; }
  function newVersion(status, button) {
    status.textContent = "Une nouvelle version du site est publiée\u00a0: rechargez la page pour l'enregistrer. ";
    var again = el("button", "md-button", "Recharger la page");
    again.type = "button";
    again.addEventListener("click", function () { window.loisReloadNew(); });  /* lois.js */
    status.appendChild(again);
    button.disabled = true;
  }
  /* whether the server still serves version m (false: another one was published meanwhile) */
  function stillServed(m) {
    return readManifest(true).then(function (now) { return now.version === m.version; }, function () { return true; });
  }

  function saveAll(m, cache, button, bar, status) {
    var next = 0, count = 0, bytes = 0, failed = false;
    button.disabled = true;
    bar.hidden = false;
    bar.max = m.total;
    bar.value = 0;
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
    function show() {
      bar.value = bytes;
      status.textContent = "Enregistrement\u00a0: " + count + " / " + m.files.length + " fichiers, " + mo(bytes) +
        " sur " + mo(m.total) + "…";
    }
    function work() {
      if (failed || next >= m.files.length) return Promise.resolve();
      var f = m.files[next++], url = new URL(f[0], ROOT).href;
      return cache.match(url).then(function (hit) {
        if (hit) return null;
        return fetch(url, { cache: "no-cache" }).then(function (r) {
          if (!r.ok || r.redirected) throw new Error(f[0] + "\u00a0: " + r.status);
          return cache.put(url, r);
        });
      }).then(function () { count++; bytes += f[1]; show(); return work(); });
    }
    show();
    var workers = [];
    for (var i = 0; i < WORKERS; i++) workers.push(work());
    Promise.all(workers).then(function () {
      /* a version published while saving: the files saved may belong to both; never mark that copy complete */
      return stillServed(m).then(function (same) { if (!same) throw NEW_VERSION; });
    }).then(function () {
      return cache.put(new URL(m.complete, ROOT).href, new Response(m.version));
    }).then(function () {
      bar.value = bar.max;
      status.textContent = "Tout le code est enregistré sur cet appareil\u00a0: " + m.files.length + " fichiers, " +
        mo(m.total) + ". Il reste consultable sans réseau, à l'adresse habituelle.";
      button.textContent = "Enregistrer de nouveau";
      button.disabled = false;
    }).catch(function (e) {
      failed = true;
      return (e === NEW_VERSION ? Promise.resolve(false) : stillServed(m)).then(function (same) {
        if (!same) { bar.hidden = true; newVersion(status, button); return; }
        status.textContent = "Enregistrement interrompu\u00a0: " + count + " fichiers sur " + m.files.length +
          " enregistrés (" + (e instanceof TypeError || !e.message ? "réseau indisponible" : e.message) +
          "). Réessayez avec du réseau.";
        button.disabled = false;
      });
    });
  }

  if (document.readyState !== "loading") setup(); else document.addEventListener("DOMContentLoaded", setup);
})();
