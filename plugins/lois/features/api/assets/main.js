/* Start of the linkifier bundle: styles, embeds, citations, preview cards, then the ready signal.
   Pasted twice in a page, the second bundle runs once the first is done: it finds the links already there, adds
   none, and reports them (data-lois-liens is the number of links of the page, never 0 because they exist). */
var STYLESHEET = "assets/lois/linkifier.css";  /* the same styles as a file of the site (lois.features.api.site) */

/* The styles, without a <style> element (a strict Content-Security-Policy refuses inline styles): a constructed
   stylesheet (CSSOM, which such a policy allows), else the site's stylesheet file. */
function addStyles() {
  if (window.loisLinkifierStyles) return;
  window.loisLinkifierStyles = true;
  if (window.CSSStyleSheet && "adoptedStyleSheets" in document) {
    try {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(DATA.css);
      document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
      return;
    } catch (e) { /* a browser without constructed stylesheets: the file below */ }
  }
  var href = webAddress(STYLESHEET, base);
  if (!href) return;
  var link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  (document.head || document.documentElement).appendChild(link);
}

function done(n) {
  document.documentElement.setAttribute("data-lois-liens", String(n));
  document.dispatchEvent(new CustomEvent("lois-liens-prets", { detail: { count: n } }));
}

function run() {
  if (!base) {  /* nothing can be linked: say so, and say that the page is done */
    warn("adresse du site des lois inconnue\u00a0: ajoutez data-lois-base=\"https://…/\" à la balise script.");
    done(0);
    return Promise.resolve();
  }
  addStyles();
  if (scannerFailed) {
    warn("ce navigateur ne sait pas lire la grammaire des citations (il lui faut Safari 16.4, Chrome 62 ou Firefox 78 " +
      "au moins)\u00a0: les citations de cette page restent du texte, les encadrés de provisions s'affichent.");
  }
  var roots = [];
  try { roots = Array.prototype.slice.call(document.querySelectorAll(option("cible") || "body")); }
  catch (e) { warn("sélecteur data-lois-cible invalide\u00a0: " + option("cible")); }
  return fillEmbeds().then(function () {
    return Promise.all(roots.map(function (r) { return linkify(r); }));
  }).then(function () {
    if (window.LoisCard && !window.loisLinkifierCard) {  // once per page, even when the snippet is pasted twice
      window.loisLinkifierCard = true;
      window.LoisCard.attach(document, { selector: "a.lois-lien",
        label: function (a) { return (a.getAttribute("data-lois-ref") || "").split(" ")[0]; } });
    }
    /* the links of the parts linked, those this bundle added and those already there (a bundle before it) */
    /* (a Set: the same link under two roots counted once, in time linear in the links, not quadratic) */
    function counted() {
      var links = new Set();
      roots.forEach(function (r) {
        Array.prototype.forEach.call(r.querySelectorAll("a.lois-lien:not([data-lois-suite])"), function (a) { links.add(a); });
      });
      return links.size;
    }
    /* what the page's scripts write or add from now on is linked too, its count said (data-lois-liens); once a page */
    if (!window.loisLinkifierWatch) {
      window.loisLinkifierWatch = true;
      watch(roots, function () { document.documentElement.setAttribute("data-lois-liens", String(counted())); });
    }
    done(counted());
  }).catch(function (e) {
    warn("les citations n'ont pas pu être toutes reliées (" + (e && e.message || e) + ").");
    done(document.querySelectorAll("a.lois-lien:not([data-lois-suite])").length);
  });
}

var before = window.loisLinkifierPret;  /* the run of a bundle loaded before this one, if any */
window.loisLinkifierPret = new Promise(function (resolve) {
  function go() { (before || Promise.resolve()).then(run, run).then(resolve, resolve); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go);
  else go();
});
window.loisLinkifier = { grammarVersion: scanner.version, base: base, findCitations: scanner.findCitations, linkify: linkify,
  isSafeUrl: isSafeUrl };
