/* Embedded provisions (part of the linkifier bundle): <div data-lois-provision="16B1"></div> receives the text
   of Loi 16B1 and its sub-provisions, the permalink and the edition (and what the law's words are when they are
   not the official 2017 text: doc.v, lois.features.api.linkifier.law_data). The id is read as the site reads a typed one
   (IDS, ids.js: « 16B1 », « 16 b 1 », « Loi 16B1 »), and must name a provision itself (no nearest ancestor).
   Uses IDS and loadLaw of linkifier.js. */
function embedNode(doc, node, depth) {
  var box = document.createElement(depth ? "div" : "blockquote");
  box.className = depth ? "lois-integre-sous" : "lois-integre-texte";
  var p = document.createElement("p");
  if (node.m && depth) p.appendChild(document.createTextNode(node.m + " "));
  if (node.t) { var b = document.createElement("strong"); b.textContent = node.t; p.appendChild(b); p.appendChild(document.createTextNode(" ")); }
  p.appendChild(document.createTextNode(node.x || ""));
  if (p.textContent.trim()) box.appendChild(p);
  (node.c || []).forEach(function (id) { if (Object.prototype.hasOwnProperty.call(doc.nodes, id)) box.appendChild(embedNode(doc, doc.nodes[id], depth + 1)); });
  return box;
}

function fillEmbed(el) {
  var typed = el.getAttribute("data-lois-provision") || "", ref = IDS.read(typed);
  if (el.getAttribute("data-lois-integre") === typed) return Promise.resolve();  /* filled by a bundle before */
  return (ref ? loadLaw(ref.law) : Promise.resolve(null)).then(function (doc) {
    /* the page changed while the law loaded: an embed gone or made editable is left as it is; one that names
       another provision now is filled with that one */
    if (!el.isConnected || el.isContentEditable) return;
    if ((el.getAttribute("data-lois-provision") || "") !== typed) return fillEmbed(el);
    var key = ref && IDS.key(ref.law, ref.path);
    var id = doc && doc.keys && Object.prototype.hasOwnProperty.call(doc.keys, key) ? doc.keys[key] : null;
    var node = id !== null && Object.prototype.hasOwnProperty.call(doc.nodes, id) ? doc.nodes[id] : null;
    if (!node) {
      warn(said(doc ? "notOnSite" : "notFound", { id: typed.trim(), law: ref && ref.law }) + "\u00a0: rien n'est affiché.");
      return;
    }
    while (el.firstChild) el.removeChild(el.firstChild);
    el.classList.add("lois-integre");
    el.appendChild(embedNode(doc, node, 0));
    var cap = document.createElement("p"), href = webAddress(node.u, base);
    var a = document.createElement(href ? "a" : "span");  /* never a link but to a web page (linkifier.js) */
    cap.className = "lois-integre-source";
    if (href) a.href = href;
    a.textContent = "Loi " + id;
    if (newTab && href) { a.target = "_blank"; a.rel = "noopener"; }
    cap.appendChild(a);
    cap.appendChild(document.createTextNode(" \u2014 " + DATA.edition + (doc.v ? " (" + doc.v + ")" : "")));
    el.appendChild(cap);
    el.setAttribute("data-lois-integre", typed);
  });
}

function fillEmbeds() {
  var els = document.querySelectorAll("[data-lois-provision]");
  return Promise.all(Array.prototype.map.call(els, fillEmbed));
}
