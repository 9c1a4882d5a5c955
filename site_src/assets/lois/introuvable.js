/* « Page introuvable » (404): turn the address that was asked for into a search query and show the site
   search's best matches. An old or mistyped link such as /lois/50/D2, /loi50.html or /L27b1b lands on its
   provision in one click. The search itself (analysis, citation keys) is the generated one of search.js. */
(function () {
  "use strict";
  var NOISE = { index: 1, html: 1, htm: 1, php: 1, asp: 1, aspx: 1, www: 1 };
  /* the site's root, from this file's own address: the 404 page is served at any depth, and in a sub-folder
     (site_url) its scripts are at /club/lois/assets/lois/… */
  var me = document.currentScript;
  var ROOT = me ? me.src.replace(/assets\/lois\/introuvable\.js(\?.*)?$/, "") : location.origin + "/";
  /* the words of the address below the site's root (a club's folder names no provision) */
  function wordsOfAddress(loc) {
    var path = loc.pathname, rootPath = new URL(ROOT, loc.href).pathname;
    if (path.indexOf(rootPath) === 0) path = path.slice(rootPath.length);
    var raw = path + " " + (loc.hash || "").replace(/^#/, "");
    try { raw = decodeURIComponent(raw); } catch (e) { /* keep it as it is */ }
    return raw.split(/[\s\/\\\-_.#?=&+]+/).filter(function (w) { return w && !NOISE[w.toLowerCase()]; }).slice(0, 12);
  }
  /* the longest run of words that the search reads as a provision id (« lois 9 B1a » in /code/lois/9/B1a.htm) */
  function idQuery(words, s) {
    var runs = [];
    for (var i = 0; i < words.length; i++) {
      for (var j = words.length; j > i; j--) {
        var q = words.slice(i, j).join(" ");
        if (q.length <= 40) runs.push(q);
      }
    }
    return Promise.all(runs.map(function (q) { return s.plan(q); })).then(function (plans) {
      for (var k = 0; k < runs.length; k++) if (plans[k].pins.length) return runs[k];
      return null;
    });
  }
  function show(results) {
    var box = document.getElementById("lois-404-suggestions");
    if (!box || !results.length) return;
    var list = box.querySelector("ol");
    results.forEach(function (r) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = r.href; a.textContent = r.title; li.appendChild(a); list.appendChild(li);
    });
    box.hidden = false;
  }
  /* a short link of an earlier build (/50D2a/, /l50d2a/, /lois/50/D2a/, /loi-50/): straight to its provision */
  function shortLink() {
    var L = window.loisLienCourt, rel = L && L.relative(window.location);
    var target = rel ? L.resolve(rel) : null;
    if (!target) return false;
    var hash = target.indexOf("#") < 0 ? window.location.hash : "";
    window.location.replace(L.href(target) + hash);
    return true;
  }
  function run() {
    if (shortLink()) return;
    var words = wordsOfAddress(window.location), s = null;
    if (!words.length || !window.loisSearchLoad) return;
    window.loisSearchLoad().then(function (search) {  /* search-box.js: search.js, fetched for these words */
      s = search;
      return idQuery(words, s);
    }).then(function (q) {
      return s.search(q || words.join(" ").slice(0, 200), 5);
    }).then(function (results) {
      show(results.map(function (r) { return { title: r.title, href: ROOT + r.url.replace(/^\//, "") }; }));
    }).catch(function () { /* no index: the fixed links are still there */ });
  }
  if (document.readyState !== "loading") run(); else document.addEventListener("DOMContentLoaded", run);
})();
