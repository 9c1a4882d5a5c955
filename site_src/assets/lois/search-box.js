/* The search box of every page's header, and the loader of the search itself (search.js, 36 KB): a page loads it
   only when a reader is about to search — a touch, a click or the focus on a box, a query typed or pasted — or at
   once on the pages that search as they open (the search page, the page of an address not found). Its address is
   the one of the page's own build (<meta name="lois-search-script">, named by its content: lois.render.site
   SiteBuild.bundle), so a page left open across a deploy never runs the next build's search on its own data.
   window.loisSearchLoad() gives a Promise of window.loisSearch (search.js) for the page's other scripts. */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="lois-search-script"]'), loading = null, script = document.currentScript;
  var BASE = script ? script.src.replace(/assets\/lois\/[^\/?#]+\.js(\?.*)?$/, "") : "/";  /* the bundle's folder's */

  function load() {
    if (window.loisSearch) return Promise.resolve(window.loisSearch);
    if (loading) return loading;
    /* the search's first file comes with its script, not after it (search.js getJSON takes this answer) */
    var build = window.loisPageBuild();  /* lois.js */
    if (build && window.fetch) {
      var url = BASE + "assets/lois/recherche/" + build + "/index.json";
      window.loisSearchEarly = { url: url, answer: fetch(url) };
      window.loisSearchEarly.answer.catch(function () {});  /* search.js says why, when it reads it */
    }
    loading = new Promise(function (resolve, reject) {
      if (!meta || !meta.content) { reject(new Error("no search script")); return; }
      var s = document.createElement("script");
      s.src = meta.content;
      s.onload = function () { if (window.loisSearch) resolve(window.loisSearch); else reject(new Error("no search")); };
      s.onerror = function () { loading = null; s.remove(); reject(new Error("search script")); };
      document.head.appendChild(s);
    });
    return loading;
  }
  window.loisSearchLoad = load;

  /* the script could not come: a deploy removed it (the notice of a new version, as the search itself gives it), or
     no network without the saved copy */
  function unavailable(list) {
    return window.loisNewVersion().then(function (newer) {  /* lois.js */
      list.textContent = "";
      var li = document.createElement("li"), p = document.createElement("p");
      li.className = "lois-search-none";
      p.className = "lois-search-none-text";
      if (newer) window.loisSayNewVersion(p);
      else p.textContent = "La recherche n'a pas pu être chargée. Rechargez la page (une nouvelle version du site est " +
        "peut-être publiée).";
      li.appendChild(p);
      list.appendChild(li);
    });
  }

  function header() {
    var bar = document.querySelector(".md-header__inner");
    if (!bar || document.querySelector(".lois-search-header")) return;
    var form = document.createElement("form");
    form.className = "lois-search-header";
    form.setAttribute("role", "search");
    form.action = BASE + "recherche/";
    form.method = "get";
    var input = document.createElement("input");
    input.className = "lois-search-header-input";
    input.type = "search"; input.name = "q"; input.autocomplete = "off";
    input.setAttribute("aria-label", "Chercher dans le site");
    var list = document.createElement("ol");
    list.className = "lois-search-dropdown";
    list.id = "lois-search-dropdown"; list.dataset.dropdown = "1";
    list.setAttribute("role", "listbox");
    input.setAttribute("aria-controls", list.id);
    form.appendChild(input); form.appendChild(list); bar.appendChild(form);
    /* on a phone the box is too narrow for the examples: its first word only, never cut (« Chercher (ex. rer ») */
    var narrow = window.matchMedia ? window.matchMedia("(max-width: 47.9375em)") : null;
    function placeholder() { input.placeholder = narrow && narrow.matches ? "Chercher" : "Chercher (ex. renonce, 27B1b)"; }
    placeholder();
    if (narrow && narrow.addEventListener) narrow.addEventListener("change", placeholder);
    function wake() { load().catch(function () { if (input.value.trim()) unavailable(list); }); }
    ["pointerdown", "focus", "input"].forEach(function (type) { input.addEventListener(type, wake); });
  }

  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () {
    header();
    if (document.querySelector("[data-lois-search-now]")) load().catch(function () {});
  });
})();
