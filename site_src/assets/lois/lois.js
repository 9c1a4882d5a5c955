/* Reading the laws: citation previews (card.js), per-provision actions, « Texte seul », guarded theme titles. */
(function () {
  "use strict";
  /* a title holds HTML-escaped text (Material's tooltips read it as HTML): its text, decoded in an inert
     document (DOMParser runs no script and loads nothing), then shown with textContent */
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  /* Material (content.tooltips) puts the text of a truncated menu or table-of-contents entry into a
     tooltip as HTML (its `title`, read back and assigned to innerHTML): a page or section title typed as
     « <img src=x onerror=…> » would run. Those entries' `title` is escaped when Material sets it, before
     it reads it back. This runs before Material mounts its components (on DOMContentLoaded). */
  function escapeHtml(s) { return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
  function guardTitle(el) {
    if (Object.prototype.hasOwnProperty.call(el, "title")) return;
    var value = el.getAttribute("title") || "";
    Object.defineProperty(el, "title", { configurable: true,
      get: function () { return value; },
      set: function (v) { value = escapeHtml(v); el.setAttribute("title", value); } });
  }
  document.querySelectorAll(".md-ellipsis").forEach(function (e) { guardTitle(e.closest("a") || e); });
  /* citation previews: one card (card.js), on hover, keyboard focus or tap; titles leave the links before the
     theme's tooltips read them */
  if (window.LoisCard) window.LoisCard.attach(document, { selector: "a.lois-cite, .lois-cite-absent" });
})();
