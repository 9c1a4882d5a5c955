/* LoisCard — a preview card for citation links. No dependency (no MkDocs, no theme), no data of its own.

   API
     var handle = window.LoisCard.attach(root, options);   // root: an Element or the document
     handle.detach();                                       // removes listeners and the card
     window.LoisCard.close();                               // closes the open card, if any

   Links handled: the elements under `root` matching `options.selector` (default "a[data-ref], [data-ref].lois-cite-absent"),
   present now or added later (events are delegated). The preview text of a link is, in order:
     options.text(link)            a function you pass (may return "" or null: then no card);
     link's data-lois-preview      plain text (not data-preview: Material reads that one as « instant preview »
                                   and then fetches sitemap.xml, which fails in a copy opened as files);
     link's data-preview           plain text, read only (pages that set it themselves, such as the club linkifier's);
     link's title                  HTML-escaped text (the form MkDocs pages use), decoded without running anything.
   A text of several lines (a range, « Lois 61 à 64 »: one line per provision) is shown as a list, one item a line;
   a single preview never holds a line break.
   attach() moves a link's title into data-lois-preview as it meets the link, so that neither the browser's own tooltip
   nor a theme's tooltip (Material's content.tooltips) covers the card. Call attach() before the theme reads titles.

   Options (all optional)
     selector   CSS selector of the links (see above)
     text       function (link) -> string
     label      function (link) -> the cited id shown in the action (default: the link's data-ref)
     goText     function (label) -> text of the action (default: "Aller à " + label)
     closeText  accessible name of the close button (default: "Fermer l'aperçu")

   Behaviour
     mouse: the card opens on hover (after a short delay) and closes when the pointer leaves link and card;
     keyboard: it opens on focus, Escape closes it, Tab moves into its action;
     touch: a first tap on a link opens the card (the page does not move), a second tap on the same link follows it,
     the card's « Aller à … » action follows it too; a tap elsewhere or Escape closes the card.
     The card is placed below the link, or above when there is no room, always inside the viewport, and never
     opens empty. Class names all start with "lois-card" (see card.css). */
(function () {
  "use strict";
  if (window.LoisCard) return;

  var DEFAULT_SELECTOR = "a[data-ref], [data-ref].lois-cite-absent";
  var MARGIN = 8;
  var card = null;      // the card element (one per page)
  var current = null;   // { link, mode: "hover" | "focus" | "tap", options }
  var hideTimer = 0, showTimer = 0;
  var lastPointer = "mouse";

  /* the text of an HTML-escaped title; DOM methods only, no HTML parsed into the page (a page with Trusted Types
     forbids the parser: the entities the site writes, &amp; &lt; &gt; &quot; &#39; and numeric ones, by hand) */
  var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: "\u00a0" };
  function decode(html) {
    if (!html) return "";
    try { return new DOMParser().parseFromString(html, "text/html").body.textContent; } catch (e) {
      return html.replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, entity);
    }
  }
  function entity(m, n) {
    if (n[0] !== "#") { var c = ENTITIES[n.toLowerCase()]; return c === undefined ? m : c; }
    var hex = n[1] === "x" || n[1] === "X", code = parseInt(n.slice(hex ? 2 : 1), hex ? 16 : 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  }
  function child(parent, tag, cls) {
    var e = document.createElement(tag);
    e.className = cls;
    parent.appendChild(e);
    return e;
  }

  function moveTitle(link) {
    var t = link.getAttribute("title");
    if (t === null) return;
    if (!link.hasAttribute("data-lois-preview")) link.setAttribute("data-lois-preview", decode(t));
    link.removeAttribute("title");
  }

  function previewText(link, options) {
    if (options.text) { var own = options.text(link); if (own) return String(own); }
    moveTitle(link);
    return link.getAttribute("data-lois-preview") || link.getAttribute("data-preview") || "";
  }

  function build() {
    if (card) return card;
    card = document.createElement("div");
    card.className = "lois-card";
    card.id = "lois-card";
    card.hidden = true;
    child(card, "p", "lois-card-text");
    child(card, "ul", "lois-card-list").hidden = true;
    var actions = child(card, "p", "lois-card-actions"), closer = child(actions, "button", "lois-card-close");
    actions.insertBefore(document.createElement("a"), closer).className = "lois-card-go";
    closer.type = "button";
    closer.textContent = "\u00d7";
    card.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
    card.addEventListener("pointerleave", function (e) { if (e.pointerType === "mouse" && current && current.mode === "hover") scheduleHide(); });
    card.querySelector(".lois-card-close").addEventListener("click", function () { close(true); });
    card.addEventListener("focusout", function (e) {
      if (current && current.mode === "focus" && !card.contains(e.relatedTarget) && e.relatedTarget !== current.link) close(false);
    });
    document.body.appendChild(card);
    return card;
  }

  function place() {
    if (!card || !current) return;
    var r = current.link.getBoundingClientRect();
    var vw = document.documentElement.clientWidth, vh = window.innerHeight;
    if (r.bottom < 0 || r.top > vh) { close(false); return; }
    card.style.maxWidth = Math.min(448, vw - 2 * MARGIN) + "px";
    card.style.left = "0px"; card.style.top = "0px";
    var w = card.offsetWidth, h = card.offsetHeight;
    var left = Math.max(MARGIN, Math.min(r.left, vw - w - MARGIN));
    var below = r.bottom + 6, above = r.top - 6 - h;
    var top = below + h <= vh - MARGIN || above < MARGIN ? below : above;
    top = Math.max(MARGIN, Math.min(top, vh - h - MARGIN));
    card.style.left = Math.round(left) + "px"; card.style.top = Math.round(top) + "px";
  }

  function open(link, mode, options) {
    var text = previewText(link, options);
    if (!text) return false;
    clearTimeout(hideTimer); clearTimeout(showTimer);
    build();
    var label = options.label ? options.label(link) : (link.getAttribute("data-ref") || "");
    var lines = text.split("\n").filter(function (l) { return l.trim(); });
    var para = card.querySelector(".lois-card-text"), list = card.querySelector(".lois-card-list");
    para.hidden = lines.length > 1; list.hidden = lines.length <= 1;
    para.textContent = lines.length > 1 ? "" : text;
    list.textContent = "";
    if (lines.length > 1) lines.forEach(function (l) { list.appendChild(document.createElement("li")).textContent = l; });
    var go = card.querySelector(".lois-card-go");
    var href = link.getAttribute("href");
    go.hidden = !href;
    if (href) { go.href = link.href; go.textContent = options.goText ? options.goText(label) : "Aller à " + label; }
    var closeBtn = card.querySelector(".lois-card-close");
    closeBtn.setAttribute("aria-label", options.closeText || "Fermer l'aperçu");
    closeBtn.hidden = mode === "hover";
    card.setAttribute("role", mode === "tap" ? "dialog" : "tooltip");
    card.setAttribute("aria-label", label ? "Aperçu\u00a0: " + label : "Aperçu");
    card.className = "lois-card lois-card-" + mode;
    if (current && current.link !== link) current.link.removeAttribute("aria-describedby");
    current = { link: link, mode: mode, options: options };
    link.setAttribute("aria-describedby", "lois-card");
    card.hidden = false;
    place();
    return true;
  }

  function close(restoreFocus) {
    clearTimeout(hideTimer); clearTimeout(showTimer);
    if (!card || card.hidden) { current = null; return; }
    card.hidden = true;
    if (current) {
      current.link.removeAttribute("aria-describedby");
      if (restoreFocus && card.contains(document.activeElement)) current.link.focus();
    }
    current = null;
  }

  function scheduleHide() { clearTimeout(hideTimer); hideTimer = setTimeout(function () { close(false); }, 250); }

  function attach(root, options) {
    options = options || {};
    root = root || document;
    var selector = options.selector || DEFAULT_SELECTOR;
    function linkOf(e) {
      var el = e.target && e.target.closest ? e.target.closest(selector) : null;
      return el && root.contains(el) ? el : null;
    }
    function strip() {
      var scope = root.querySelectorAll ? root : document;
      Array.prototype.forEach.call(scope.querySelectorAll(selector), moveTitle);
    }
    var handlers = {
      pointerdown: function (e) { lastPointer = e.pointerType || "mouse"; },
      pointerover: function (e) {
        if (e.pointerType !== "mouse") return;
        var link = linkOf(e); if (!link) return;
        moveTitle(link);
        if (current && current.link === link) { clearTimeout(hideTimer); return; }
        clearTimeout(showTimer);
        showTimer = setTimeout(function () { open(link, "hover", options); }, 120);
      },
      pointerout: function (e) {
        if (e.pointerType !== "mouse") return;
        var link = linkOf(e); if (!link || link.contains(e.relatedTarget)) return;
        clearTimeout(showTimer);
        if (current && current.link === link && current.mode === "hover") scheduleHide();
      },
      focusin: function (e) {
        var link = linkOf(e);
        if (!link || lastPointer !== "mouse" && lastPointer !== "keyboard") return;
        if (!(current && current.link === link)) open(link, "focus", options);
      },
      focusout: function (e) {
        var link = linkOf(e);
        if (link && current && current.link === link && current.mode === "focus" && !(card && card.contains(e.relatedTarget))) close(false);
      },
      keydown: function (e) {
        if (e.key === "Escape" && current) { close(true); return; }
        if (e.key === "Tab" || e.key === "Enter") lastPointer = "keyboard";
      },
      click: function (e) {
        var link = linkOf(e);
        var touch = lastPointer === "touch" || lastPointer === "pen" ||
          (lastPointer !== "mouse" && window.matchMedia && window.matchMedia("(hover: none)").matches);
        if (link && touch) {
          if (current && current.link === link && current.mode === "tap") return;  // second tap: follow
          if (open(link, "tap", options)) e.preventDefault();
          return;
        }
        if (current && current.mode === "tap" && !(card && card.contains(e.target))) close(false);
      }
    };
    function mouseDownAnywhere() { if (lastPointer !== "touch") lastPointer = "mouse"; }
    var onScroll = function () { if (current) window.requestAnimationFrame(place); };
    Object.keys(handlers).forEach(function (k) { document.addEventListener(k, handlers[k], true); });
    document.addEventListener("mousedown", mouseDownAnywhere, true);
    window.addEventListener("scroll", onScroll, true);
    window.addEventListener("resize", onScroll);
    strip();
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", strip);
    return {
      detach: function () {
        Object.keys(handlers).forEach(function (k) { document.removeEventListener(k, handlers[k], true); });
        document.removeEventListener("mousedown", mouseDownAnywhere, true);
        window.removeEventListener("scroll", onScroll, true);
        window.removeEventListener("resize", onScroll);
        close(false);
      }
    };
  }

  window.LoisCard = { attach: attach, close: function () { close(false); } };
})();
