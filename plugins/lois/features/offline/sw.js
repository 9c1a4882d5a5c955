/* Service worker du site — généré à la construction (lois.offline) : ne pas modifier à la main.
   Le cache porte la version du contenu : un nouveau site installe un nouveau cache et efface l'ancien.
   - installation : le cœur (accueil, index des lois, page de recherche, page « Hors ligne », feuilles de
     style et scripts ; pas les données de recherche, gardées quand une requête les lit) ; puis ce que
     l'ancien cache gardait (pages consultées), ou tout le site si l'ancien cache était complet (« Enregistrer
     tout le code sur cet appareil ») ;
   - chaque page ou fichier du site obtenu du réseau est gardé ; le cache est lu d'abord (il est de la
     même version que le site) ;
   - une page jamais consultée, demandée sans réseau : une courte page « hors connexion ».
   Plusieurs copies du site sur un même hôte (/ et /club/lois/) ont chacune leurs caches : leur nom porte le
   dossier du site (la portée du worker), et un worker n'efface que les siens.
   Une requête « no-store » (la version servie, assets/lois/version.txt) va au réseau, jamais au cache.
   Une page d'une autre copie du site placée dans le dossier de celle-ci (/club/lois/ sous /, vue avant que son
   propre worker ne soit là) n'est ni gardée ni prise pour une nouvelle version ; ses requêtes sont laissées au
   navigateur.
   Une page venue du réseau qui nomme une autre construction que celle de ce worker (BUILD : une nouvelle version
   est publiée) n'est pas gardée, et le worker, dépassé, lit désormais le réseau d'abord sans rien garder (les
   scripts de cette page sont les siens, jamais ceux du cache) ; il demande sa mise à jour.
   Sous `mkdocs serve` (LIVE), les pages changent à chaque enregistrement : le réseau est lu d'abord, le cache
   ne sert que sans réseau, et la version reste la même d'une reconstruction à l'autre (pas de nouveau worker à
   chaque enregistrement). Le rechargement en direct de MkDocs (/livereload/) ne passe jamais par le worker. */
"use strict";
var VERSION = "__VERSION__";
var PREFIX = "__PREFIX__";
var CORE = __CORE__;
var MANIFEST = "__MANIFEST__";
var COMPLETE = "__COMPLETE__";
var OFFLINE_HTML = __OFFLINE_HTML__;
var LIVE = __LIVE__;
var BUILD = "__BUILD__";  /* the build its pages name (<meta name="lois-build">) */
var OUTDATED = false;  /* a page of another build came from the network: this worker's cache is of an older one */
var BUILD_META = /<meta name="lois-build" content="([^"]*)"/;
/* where a page's copy of the site starts (Material's scope, relative to the page): this worker's ROOT, or another
   copy of the site inside its folder (/club/lois/ under /), whose pages and files are never this copy's */
var SCOPE_OF_PAGE = /__md_scope=new URL\("([^"]*)",\s*location\)/;
var OTHERS = [];  /* the folders of such copies met so far: their requests are left to the browser (and their worker) */
var ROOT = self.registration.scope;
var SELF = new URL(self.location.href).pathname;
/* this copy's caches: « lois-/club/lois/|<version> »; those of the copy at / are « lois-/|… » */
var OWN = PREFIX + new URL(ROOT).pathname + "|";
var CACHE = OWN + VERSION;

/* the names of this copy's caches but the current one: its own (OWN), and those that workers left before caches
   were named by their folder (« lois-<version> ») holding this copy's home page and nothing outside its folder (the
   cache of a copy at / may hold pages of /club/lois/, read before that copy's worker was there, and its own home) */
function oldCaches() {
  return caches.keys().then(function (names) {
    return Promise.all(names.map(function (n) {
      if (n === CACHE || n.indexOf(PREFIX) !== 0) return null;
      if (n.indexOf(OWN) === 0) return n;
      if (n.indexOf("|") >= 0) return null;  /* another copy's */
      return caches.open(n).then(function (c) { return c.keys(); }).then(function (reqs) {
        var urls = reqs.map(function (r) { return r.url; });
        return urls.indexOf(ROOT) >= 0 && urls.every(inScope) ? n : null;
      });
    }));
  }).then(function (found) { return found.filter(Boolean); });
}

/* one key per page: no query, no fragment, « dossier/index.html » is « dossier/ » */
function key(url) {
  var u = new URL(url);
  u.search = ""; u.hash = "";
  if (/\/index\.html$/.test(u.pathname)) u.pathname = u.pathname.slice(0, -"index.html".length);
  return u.href;
}
function inScope(url) { return url.indexOf(ROOT) === 0; }
/* MkDocs' live-reload poll, at the root of the host whatever the site's path: not a file of the site; answered
   from a cache, it would replay an old « rebuilt » answer and reload the page forever */
function liveReload(url) { return new URL(url).pathname.indexOf("/livereload/") === 0; }
function keep(k) { return !/\.zip$/.test(k) && new URL(k).pathname !== SELF; }

function fetchInto(cache, url, optional) {
  return fetch(url, { cache: "no-cache" }).then(function (res) {
    if (res.ok && !res.redirected) return cache.put(key(url), res);
    if (!optional) throw new Error(url + "\u00a0: " + res.status);
  });
}
function inBatches(urls, size, fn) {
  var i = 0;
  function next() {
    if (i >= urls.length) return Promise.resolve();
    var batch = urls.slice(i, i += size);
    return Promise.all(batch.map(fn)).then(next);
  }
  return next();
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(CORE.map(function (u) { return new URL(u, ROOT).href; })).then(oldCaches).then(function (old) {
      if (!old.length) return;
      return caches.open(old[old.length - 1]).then(function (prev) {
        return prev.match(new URL(COMPLETE, ROOT).href).then(function (complete) {
          if (complete) {  /* the whole site was saved: save the new one whole */
            return fetch(new URL(MANIFEST, ROOT).href, { cache: "no-cache" }).then(function (r) {
              if (!r.ok) throw new Error(MANIFEST + "\u00a0: réponse " + r.status + " du serveur");
              return r.text();
            }).then(function (text) {
              var m;
              try { m = JSON.parse(text); } catch (e) { throw new Error(MANIFEST + "\u00a0: liste des fichiers illisible"); }
              /* the list of another build (published since this worker was fetched): install nothing; the browser
                 fetches the new worker at the next page */
              if (m.version !== VERSION) throw new Error(MANIFEST + "\u00a0: liste d'une autre version du site");
              return m;
            }).then(function (m) {
              var urls = m.files.map(function (f) { return new URL(f[0], ROOT).href; });
              return inBatches(urls, 6, function (u) { return fetchInto(cache, u, false); });
            }).then(function () {
              return cache.put(new URL(COMPLETE, ROOT).href, new Response(VERSION));
            });
          }
          return prev.keys().then(function (reqs) {  /* pages read before: read them again */
            var urls = reqs.map(function (r) { return r.url; }).filter(function (u) {
              return inScope(u) && keep(u) && u !== new URL(COMPLETE, ROOT).href;
            });
            return inBatches(urls, 6, function (u) { return fetchInto(cache, u, true); });
          });
        });
      });
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(oldCaches().then(function (old) {
    return Promise.all(old.map(function (n) { return caches.delete(n); }));
  }).then(function () {
    return self.clients.claim();
  }).then(function () {  /* the page that installed this worker was loaded without it: keep it too */
    return self.clients.matchAll({ type: "window" });
  }).then(function (clients) {
    return caches.open(CACHE).then(function (cache) {
      return Promise.all(clients.map(function (c) {
        return inScope(c.url) ? fetchInto(cache, key(c.url), true).catch(function () {}) : null;
      }));
    });
  }));
});

function offlinePage() {
  return new Response(OFFLINE_HTML.split("__ROOT__").join(ROOT),
                      { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/* from the network, kept in the cache; without network, the cache, then (a page) the « hors connexion » page */
function fromNetwork(cache, req, k) {
  return fetch(req).then(function (res) {
    if (!res.ok || res.type !== "basic" || res.redirected || OUTDATED) return res;
    if (req.mode !== "navigate" || !BUILD) { cache.put(k, res.clone()); return res; }
    var page = res.clone();
    return res.clone().text().then(function (html) {
      var m = BUILD_META.exec(html), scope = SCOPE_OF_PAGE.exec(html), base = null;
      try { base = scope ? new URL(scope[1], req.url).href : null; } catch (e) { base = null; }
      if (base && base !== ROOT && inScope(base)) {  /* a page of another copy: neither kept nor a new version */
        if (OTHERS.indexOf(base) < 0) OTHERS.push(base);
        return res;
      }
      if (m && m[1] !== BUILD) {  /* a newer build is served: keep nothing more, read the network first */
        OUTDATED = true;
        self.registration.update().catch(function () {});
        return res;
      }
      return cache.put(k, page).then(function () { return res; }, function () { return res; });
    });
  }, function (err) {
    return cache.match(k).then(function (kept) {
      if (kept) return kept;
      if (req.mode === "navigate") return offlinePage();
      throw err;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET" || !inScope(req.url) || liveReload(req.url) || req.cache === "no-store") return;
  if (OTHERS.some(function (o) { return req.url.indexOf(o) === 0; })) return;  /* another copy's */
  if (/\/favicon\.ico$/.test(req.url)) return;  /* the browser's own request (a page without an icon): left to it */
  var k = key(req.url);
  if (!keep(k)) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    if (LIVE || OUTDATED) return fromNetwork(cache, req, k);
    return cache.match(k).then(function (hit) { return hit || fromNetwork(cache, req, k); });
  }));
});
