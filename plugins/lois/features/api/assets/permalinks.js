/* Boutons « Copier le lien » / « Copier la citation », bouton « Copier » de chaque extrait de code (pages pour
   les clubs), redirection des anciens liens et ancre qui ne désigne aucune provision de la loi.
   Fichier statique : ses données (redirections du registre des liens permanents, nom de l'édition) sont dans
   window.loisPermaliens, écrit par assets/lois/permaliens-donnees.js (généré, lois.features.api.site), chargé avant. */
(function () {
  "use strict";
  var DATA = window.loisPermaliens || {};
  var REDIRECTS = DATA.redirects || {};
  var SOURCE = DATA.source || "";
  var script = document.currentScript;
  var base = script && script.src ? new URL("../../", script.src).href : new URL("./", location.href).href;

  function redirectOld() {
    var hash = location.hash.slice(1);
    try { hash = decodeURIComponent(hash); } catch (e) { sayMissing(hash); return; } /* « #D2% »: no anchor */
    if (!hash || document.getElementById(hash)) { sayMissing(""); return; }
    var here = location.href.split("#")[0], key = null;
    if (here.indexOf(base) === 0) key = here.slice(base.length).replace(/index\.html$/, "") + "#" + hash;
    /* a redirect stays on this site (the register is checked by lois verifie; this holds even if it was not) */
    var target = null;
    if (key && Object.prototype.hasOwnProperty.call(REDIRECTS, key)) {
      try { target = new URL(REDIRECTS[key], base).href; } catch (e) { target = null; }
    }
    if (target && target.indexOf(base) === 0) { location.replace(target); return; }
    var own = spelled(hash);
    if (own) { location.replace("#" + own); return; }
    sayMissing(hash);
  }

  /* A law's page: its title (« loi-12 ») and the law's number as written (« 12 »); else null */
  function lawTitle() { return document.querySelector("article h1[id^='loi-']"); }
  function pageLaw() {
    var title = lawTitle(), m = title && /^loi-(\d+)$/.exec(title.id);
    return m ? m[1] : null;
  }

  /* An anchor written as the site prints the provision rather than as its anchor (« #12C1(a) », « #C1(a) »,
     « #c1a », « #12 C 1 a »): the anchor of the one provision of this law's page that it names, or null. The
     page's provisions say both (id « C1a », data-id « 12C1(a) »); compared without spaces, brackets or dots, in
     either case, the law's number before it dropped. */
  function spelled(hash) {
    var law = pageLaw();
    if (!law) return null;
    var want = hash.replace(/[\s().]/g, "").toLowerCase();
    if (want.indexOf(law) === 0 && /^[a-h]/.test(want.slice(law.length))) want = want.slice(law.length);
    var found = [];
    Array.prototype.forEach.call(document.querySelectorAll("article [data-id][id]"), function (el) {
      if (el.id.toLowerCase() === want && found.indexOf(el.id) < 0) found.push(el.id);
    });
    return found.length === 1 ? found[0] : null;
  }

  /* A law's page (present or cited only) opened at an anchor that names none of its provisions (a mistyped or
     outdated link, « /lois/12/#nulle-part »): said at the top of the law, in the one wording of a provision that
     is not there (lois.core.ids.not_found, DATA.notFound), instead of the law's first line shown as if it were
     the provision asked for; gone once the address names a provision again. Other pages keep their fragments
     (the records' « #f=… »). */
  function sayMissing(hash) {
    var said = document.querySelector(".lois-ancre-introuvable");
    var title = lawTitle(), law = pageLaw();
    if (!hash || !law || !DATA.notFound) { if (said) said.parentNode.removeChild(said); return; }
    var T = window.loisTypo, shown = hash;
    if (T) shown = T.inert(T.quoted(hash));  /* (typo.js: as the command line quotes; « #\u202e… » reorders nothing) */
    if (/^[A-Z][0-9A-Za-z()]{0,15}$/.test(shown)) shown = law + shown;  /* « #C9 »: 12C9, as the site writes ids */
    var text = DATA.notFound.replace("{id}", shown).replace("{law}", law);
    if (!said) {
      said = document.createElement("div");
      said.className = "admonition warning lois-ancre-introuvable";
      said.setAttribute("role", "alert");
      said.appendChild(document.createElement("p"));
      title.parentNode.insertBefore(said, title.nextSibling);
    }
    text = text.charAt(0).toUpperCase() + text.slice(1) + ".";
    said.firstChild.textContent = window.loisTypo ? window.loisTypo.spacing(text) : text;  /* « » spaced as the site's */
  }

  function fallbackCopy(text) {
    var ta = document.createElement("textarea");
    ta.value = text; ta.setAttribute("readonly", ""); ta.style.position = "fixed"; ta.style.opacity = "0";
    document.body.appendChild(ta); ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(ta);
    return Promise.resolve(ok);
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () { return fallbackCopy(text); });
    }
    return fallbackCopy(text);
  }

  function button(label, textFn) {
    var b = document.createElement("button");
    b.type = "button"; b.className = "lois-copie"; b.textContent = label;
    b.addEventListener("click", function () {
      var text = textFn();
      b.setAttribute("data-copie", text);
      copy(text).then(function (ok) {
        b.textContent = ok ? "Copié\u202f!" : "Copie impossible\u00a0: sélectionnez le lien";
        setTimeout(function () { b.textContent = label; }, 2000);
      });
    });
    return b;
  }

  function addButtons() {
    var links = document.querySelectorAll("a.lois-permalink");
    Array.prototype.forEach.call(links, function (a) {
      if (a.nextElementSibling && a.nextElementSibling.classList.contains("lois-copies")) return;
      var holder = a.closest("[data-id]");
      var id = holder ? holder.getAttribute("data-id") : a.textContent.replace(/^Loi\s*/, "");
      var box = document.createElement("span");
      box.className = "lois-copies";
      box.appendChild(button("Copier le lien", function () { return a.href; }));
      box.appendChild(button("Copier la citation", function () {
        return "«\u00a0Loi " + id + " — " + SOURCE + "\u00a0» " + a.href;
      }));
      a.parentNode.insertBefore(box, a.nextSibling);
    });
  }

  /* « Copier » au-dessus de chaque extrait (bloc de code) de la page : le texte tel qu'affiché, adresse du site
     comprise ; si le navigateur refuse la copie, l'extrait est sélectionné et un message dit comment le copier */
  var REFUSED = "Copie refusée par le navigateur\u00a0: l'extrait est sélectionné, copiez-le avec Ctrl+C " +
    "(sur un téléphone\u00a0: appui long sur la sélection, puis «\u00a0Copier\u00a0»).";
  function selectText(node) {
    var range = document.createRange(), sel = window.getSelection();
    range.selectNodeContents(node); sel.removeAllRanges(); sel.addRange(range);
  }
  function addSnippetButtons() {
    Array.prototype.forEach.call(document.querySelectorAll("article pre"), function (pre) {
      if (pre.previousElementSibling && pre.previousElementSibling.classList.contains("lois-extrait-copie")) return;
      var bar = document.createElement("div"), b = document.createElement("button"), said = document.createElement("p");
      bar.className = "lois-extrait-copie";
      b.type = "button"; b.className = "lois-copie-extrait"; b.textContent = "Copier";
      said.className = "lois-extrait-etat"; said.setAttribute("role", "status");
      b.addEventListener("click", function () {
        var code = pre.querySelector("code") || pre;
        copy(code.textContent).then(function (ok) {
          said.textContent = ok ? "Extrait copié." : REFUSED;
          said.classList.toggle("lois-extrait-refus", !ok);
          if (!ok) selectText(code);
          b.textContent = ok ? "Copié\u202f!" : "Copier";
          if (ok) setTimeout(function () { b.textContent = "Copier"; }, 2000);
        });
      });
      bar.appendChild(b); bar.appendChild(said);
      pre.parentNode.insertBefore(bar, pre);
    });
  }

  function init() { redirectOld(); addButtons(); addSnippetButtons(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  window.addEventListener("hashchange", redirectOld);
})();
