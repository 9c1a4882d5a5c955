/* Start of the linkifier bundle: styles, embeds, citations, preview cards, then the ready signal. */
function addStyles() {
  if (document.getElementById("lois-linkifier-css")) return;
  var st = document.createElement("style");
  st.id = "lois-linkifier-css";
  st.textContent = DATA.css;
  (document.head || document.documentElement).appendChild(st);
}

function run() {
  if (!base) {  /* nothing can be linked: say so, and say that the page is done */
    warn("adresse du site des lois inconnue\u00a0: ajoutez data-lois-base=\"https://…/\" à la balise script.");
    document.documentElement.setAttribute("data-lois-liens", "0");
    document.dispatchEvent(new CustomEvent("lois-liens-prets", { detail: { count: 0 } }));
    return;
  }
  addStyles();
  var roots = [];
  try { roots = Array.prototype.slice.call(document.querySelectorAll(option("cible") || "body")); }
  catch (e) { warn("sélecteur data-lois-cible invalide\u00a0: " + option("cible")); }
  fillEmbeds().then(function () {
    return Promise.all(roots.map(function (r) { return linkify(r); }));
  }).then(function (counts) {
    var n = counts.reduce(function (a, b) { return a + b; }, 0);
    if (window.LoisCard && !window.loisLinkifierCard) {  // once per page, even when the snippet is pasted twice
      window.loisLinkifierCard = true;
      window.LoisCard.attach(document, { selector: "a.lois-lien",
        label: function (a) { return (a.getAttribute("data-lois-ref") || "").split(" ")[0]; } });
    }
    document.documentElement.setAttribute("data-lois-liens", String(n));
    document.dispatchEvent(new CustomEvent("lois-liens-prets", { detail: { count: n } }));
  });
}

window.loisLinkifier = { grammarVersion: scanner.version, base: base, findCitations: scanner.findCitations, linkify: linkify,
  isSafeUrl: isSafeUrl };
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
else run();
