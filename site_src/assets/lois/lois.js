/* Citation previews: the preview text is in each link's title (generated at build
   time); Material's tooltips show it on hover; on touch screens a first tap shows it. */
(function () {
  "use strict";
  /* a title holds HTML-escaped text (Material's tooltips read it as HTML): its text, decoded in an inert
     document (DOMParser runs no script and loads nothing), then shown with textContent */
  function plain(title) { return title ? new DOMParser().parseFromString(title, "text/html").body.textContent : ""; }
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
  ready(function () {
    document.addEventListener("click", function (ev) {
      var a = ev.target.closest ? ev.target.closest("a.lois-cite") : null;
      if (!a || !window.matchMedia("(hover: none)").matches) return;
      if (a.dataset.previewShown === "1") return;
      ev.preventDefault();
      var old = document.querySelector(".lois-preview"); if (old) old.remove();
      var box = document.createElement("div");
      box.className = "lois-preview"; box.setAttribute("role", "tooltip");
      box.textContent = plain(a.getAttribute("title")) || a.dataset.preview || "";
      a.dataset.previewShown = "1";
      a.insertAdjacentElement("afterend", box);
      setTimeout(function () { a.dataset.previewShown = ""; box.remove(); }, 6000);
    });
  });
})();
