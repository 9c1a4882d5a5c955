/* Copie hors ligne ouverte comme fichiers (file://). Ajouté en tête de chaque page de l'archive seulement.
   - Les liens et formulaires créés par les scripts (résultats de recherche, démarches, liens automatiques)
     qui visent un dossier reçoivent « index.html », comme les liens des pages (réécrits à la construction) :
     un dossier ouvert comme fichier afficherait sa liste de fichiers au lieu de la page.
   - fetch() d'un fichier JSON du site, refusé sous file://, est servi par le script jumeau généré à côté
     (api/lois.json → api/lois.json.js), qui dépose les mêmes données dans window.loisFichiers. */
(function () {
  "use strict";
  if (location.protocol !== "file:") return;
  var script = document.currentScript;
  if (!script || !script.src) return;
  var ROOT = new URL("../../", script.src).href;
  var DATA = window.loisFichiers = window.loisFichiers || {};
  var SELECTOR = "a[href], area[href], form[action]";

  /* ---------------------------------------------------------------- links to folders → index.html */
  function fileHref(value) {
    var u;
    try { u = new URL(value, document.baseURI); } catch (e) { return null; }
    if (u.protocol !== "file:" || u.pathname.slice(-1) !== "/") return null;
    u.pathname += "index.html";
    return u.href;
  }
  function fix(el) {
    var attr = el.tagName === "FORM" ? "action" : "href";
    var value = el.getAttribute(attr);
    if (value === null || value === "" || value.charAt(0) === "#") return;
    var fixed = fileHref(value);
    if (fixed) el.setAttribute(attr, fixed);
  }
  function scan(node) {
    if (node.nodeType !== 1) return;
    if (node.matches(SELECTOR)) fix(node);
    Array.prototype.forEach.call(node.querySelectorAll(SELECTOR), fix);
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      if (r.type === "attributes") { if (r.target.matches(SELECTOR)) fix(r.target); }
      else Array.prototype.forEach.call(r.addedNodes, scan);
    });
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true,
                                         attributeFilter: ["href", "action"] });
  /* last resort, should a link escape the observer */
  document.addEventListener("click", function (ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest("a[href], area[href]") : null;
    if (a) fix(a);
  }, true);
  document.addEventListener("submit", function (ev) { if (ev.target && ev.target.tagName === "FORM") fix(ev.target); }, true);

  /* ---------------------------------------------------------------- fetch() of the site's JSON */
  var pending = {};
  function load(key) {
    if (Object.prototype.hasOwnProperty.call(DATA, key)) return Promise.resolve(DATA[key]);
    if (!pending[key]) {
      pending[key] = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = ROOT + key + ".js";
        s.onload = function () {
          if (Object.prototype.hasOwnProperty.call(DATA, key)) resolve(DATA[key]); else reject(new Error(key));
        };
        s.onerror = function () { reject(new Error(key)); };
        (document.head || document.documentElement).appendChild(s);
      });
      pending[key].catch(function () { delete pending[key]; });
    }
    return pending[key];
  }
  var nativeFetch = window.fetch;
  window.fetch = function (input, init) {
    var u;
    try { u = new URL(typeof input === "string" ? input : input.url, document.baseURI); } catch (e) { u = null; }
    if (!u || u.protocol !== "file:" || !/\.json$/.test(u.pathname)) return nativeFetch.apply(this, arguments);
    u.search = ""; u.hash = "";
    if (u.href.indexOf(ROOT) !== 0) return nativeFetch.apply(this, arguments);
    var key = u.href.slice(ROOT.length);
    try { key = decodeURIComponent(key); } catch (e) { /* a malformed escape: looked up as written */ }
    return load(key).then(function (data) {
      return new Response(JSON.stringify(data), { status: 200, headers: { "Content-Type": "application/json" } });
    }, function () {
      return new Response("", { status: 404, statusText: "Fichier absent de la copie hors ligne" });
    });
  };
})();
