/* Linkifier of the Code International de Bridge Duplicate 2017, for any web page (club sites, saved pages).
   Bundled by lois.features.api.linkifier with the scanner (scan.js), the preview card (LoisCard, card.js) and
   the data below; the text of each law is read, only when a citation or an embed needs it, from
   BASE/assets/lois/donnees/<n>.js by a script tag: it works across origins and from file://, with no header.

   <script src="https://ADRESSE-DU-SITE/assets/lois/linkifier.js" defer></script>
   Options, attributes of that script tag:
     data-lois-base           address of the reference (self-hosted copy), http(s) or relative to the page; any
                              other (javascript:, data:…) is refused with a warning; default: where the script comes from
     data-lois-cible          CSS selector of the parts to link (default: the whole page)
     data-lois-exclure        CSS selector of parts never to link (also: class "lois-pas-de-liens")
     data-lois-nouvel-onglet  present: the links open in a new tab
   Embeds: <div data-lois-provision="16B1"></div> shows the text of Loi 16B1 with its permalink.
   Done: <html data-lois-liens="N"> and the event "lois-liens-prets" ({detail: {count: N}}) on document. */
var SKIP = { A: 1, CODE: 1, PRE: 1, SCRIPT: 1, STYLE: 1, TEXTAREA: 1, INPUT: 1, SELECT: 1, OPTION: 1, BUTTON: 1,
  NOSCRIPT: 1, TEMPLATE: 1, KBD: 1, SAMP: 1, SVG: 1, MATH: 1, IFRAME: 1, OBJECT: 1, LABEL: 1 };
var scanner = loisScanner(DATA.program);
var script = document.currentScript;
var option = function (name) { return script ? script.getAttribute("data-lois-" + name) : null; };

/* The one rule of safe addresses, step for step as lois.core.safeurl.is_safe_url (both pinned by
   tests/safe_url_cases.yaml): relative, or absolute with one of `schemes` (http, https by default). */
var INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zs}\p{Zl}\p{Zp}]/u;
function isSafeUrl(address, schemes) {
  schemes = schemes || ["http", "https"];
  if (typeof address !== "string") return false;
  var s = address.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, "");
  if (!s || INVISIBLE.test(s)) return false;
  var cut = s.search(/[\/?#]/), head = cut < 0 ? s : s.slice(0, cut), colon = head.indexOf(":");
  if (colon >= 0) {
    var scheme = head.slice(0, colon);
    return /^[A-Za-z][A-Za-z0-9+.\-]*$/.test(scheme) && schemes.indexOf(scheme.toLowerCase()) >= 0;
  }
  if (head.indexOf("&") >= 0) return false;
  return head.replace(/%([0-9A-Fa-f]{2})/g, function (m, h) { return String.fromCharCode(parseInt(h, 16)); })
    .indexOf(":") < 0;
}

/* An address resolved for writing in a link or a script tag, or null: only http(s) (and file: for a page
   saved on disk), whatever the data says (a law file served by a hostile copy, a forged base). */
function webAddress(url, from) {
  try {
    var u = new URL(url, from || undefined);
    return /^(https?|file):$/.test(u.protocol) ? u.href : null;
  } catch (e) { return null; }
}

function shownValue(v) { var j = JSON.stringify(String(v)); return j.length > 80 ? j.slice(0, 79) + "\u2026\"" : j; }

/* The reference's address: data-lois-base when it is http(s) or relative (resolved against the club page),
   else (with a French warning) where the script comes from. */
function chooseBase() {
  var fallback = script && script.src ? webAddress("../../", script.src) || "" : "";
  var raw = option("base");
  if (raw === null || !raw.trim()) return fallback;
  var resolved = isSafeUrl(raw) ? webAddress(raw.trim(), document.baseURI) : null;
  if (!resolved) {
    warn("adresse data-lois-base " + shownValue(raw) + " refusée : seule une adresse http(s) ou relative est " +
      "permise ; " + (fallback ? "adresse du script utilisée à la place (" + fallback + ")." : "aucun lien n'est ajouté."));
    return fallback;
  }
  var u = new URL(resolved);
  u.hash = ""; u.search = "";
  return /\/$/.test(u.pathname) ? u.href : u.href + "/";
}
var NOTICE = "Lois du bridge (linkifier) : ";
function warn(text) { if (window.console) console.warn(NOTICE + text); }
var base = chooseBase();
var newTab = option("nouvel-onglet") !== null;
var exclude = option("exclure");
var registry = window.LoisDonnees = window.LoisDonnees || {};
var loading = {};

function loadLaw(law) {
  var file = DATA.laws[law];
  if (!file || !base) return Promise.resolve(null);
  if (!loading[law]) {
    loading[law] = new Promise(function (resolve) {
      if (registry[law]) { resolve(registry[law]); return; }
      var s = document.createElement("script"), url = webAddress(file.data, base);
      if (!url) { resolve(null); return; }
      s.src = url; s.async = true; s.charset = "utf-8";
      s.onload = function () {
        if (!registry[law]) warn("le fichier " + url + " ne contient pas la Loi " + law + ".");
        resolve(registry[law] || null);
      };
      s.onerror = function () {
        warn("impossible de charger " + url + " ; les citations de la Loi " + law +
          " mènent à la page de la loi, sans aperçu. Vérifiez l'adresse (data-lois-base).");
        resolve(null);
      };
      document.head.appendChild(s);
    });
  }
  return loading[law];
}

function lawOf(id) { return parseInt(id, 10); }

/* The node of id in a law's data, or of its nearest ancestor that has one (ids: "50D2(a)" → "50D2" → "50D" → "50"). */
function nodeOf(doc, id) {
  for (var cur = id; cur; ) {
    if (doc.nodes[cur]) return doc.nodes[cur];
    if (/^[0-9]+$/.test(cur)) return null;
    var up = cur.replace(/(\([a-z]+\)|[0-9]+|[A-H])$/, "");
    if (up === cur) return null;
    cur = up;
  }
  return null;
}

function excluded(el) {
  if (SKIP[el.nodeName.toUpperCase()] || el.isContentEditable) return true;
  if (el.classList && (el.classList.contains("lois-pas-de-liens") || el.classList.contains("lois-integre"))) return true;
  try { return !!(exclude && el.matches && el.matches(exclude)); } catch (e) { return false; }
}

function textNodes(root) {
  var out = [];
  if (!root || root.nodeType !== 1) return out;
  for (var p = root; p; p = p.parentElement) if (excluded(p)) return out;
  var w = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: function (n) {
      if (n.nodeType === 1) return excluded(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      return n.data.length > 2 ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    }
  });
  for (var n = w.nextNode(); n; n = w.nextNode()) out.push(n);
  return out;
}

function makeLink(cite, targets, docs) {
  var first = targets[0], doc = docs[lawOf(first)], node = doc && nodeOf(doc, first);
  var href = webAddress(node ? node.u : DATA.laws[lawOf(first)].url, base);
  if (!href) return null;  /* never a link to anything but a web page (a law file that says « javascript: ») */
  var a = document.createElement("a");
  a.className = "lois-lien";
  a.href = href;
  a.setAttribute("data-lois-ref", targets.join(" "));
  var previews = [];
  targets.slice(0, 4).forEach(function (id) {
    var d = docs[lawOf(id)], n = d && nodeOf(d, id);
    if (n && previews.indexOf(n.p) < 0) previews.push(n.p);
  });
  if (previews.length) a.setAttribute("data-preview", previews.join(" | "));
  if (newTab) { a.target = "_blank"; a.rel = "noopener"; }
  a.textContent = cite.text;
  return a;
}

function replaceNode(node, cites, docs) {
  var text = node.data, pos = 0, frag = document.createDocumentFragment(), count = 0;
  cites.forEach(function (c) {
    var targets = c.refs.filter(function (id) { return DATA.laws[lawOf(id)]; });
    var link = targets.length ? makeLink(c, targets, docs) : null;
    if (!link) return;
    frag.appendChild(document.createTextNode(text.slice(pos, c.start)));
    frag.appendChild(link);
    pos = c.end; count++;
  });
  if (!count || !node.parentNode) return 0;
  frag.appendChild(document.createTextNode(text.slice(pos)));
  node.parentNode.replaceChild(frag, node);
  return count;
}

function loadAll(laws) {
  var docs = {};
  return Promise.all(laws.map(function (n) {
    return loadLaw(n).then(function (d) { if (d) docs[n] = d; });
  })).then(function () { return docs; });
}

function linkify(root) {
  var todo = [], laws = {};
  textNodes(root || document.body).forEach(function (node) {
    var cites = scanner.findCitations(node.data);
    if (!cites.length) return;
    todo.push([node, cites]);
    cites.forEach(function (c) { c.refs.forEach(function (id) { if (DATA.laws[lawOf(id)]) laws[lawOf(id)] = 1; }); });
  });
  return loadAll(Object.keys(laws)).then(function (docs) {
    var count = 0;
    todo.forEach(function (t) { count += replaceNode(t[0], t[1], docs); });
    return count;
  });
}
