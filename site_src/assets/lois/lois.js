/* Citation previews: the preview text is in each link's title (generated at build
   time); Material's tooltips show it on hover; on touch screens a first tap shows it. */
(function () {
  "use strict";
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () {
    document.addEventListener("click", function (ev) {
      var a = ev.target.closest ? ev.target.closest("a.lois-cite") : null;
      if (!a || !window.matchMedia("(hover: none)").matches) return;
      if (a.dataset.previewShown === "1") return;
      ev.preventDefault();
      var old = document.querySelector(".lois-preview"); if (old) old.remove();
      var box = document.createElement("div");
      box.className = "lois-preview"; box.setAttribute("role", "tooltip");
      box.textContent = a.getAttribute("title") || a.dataset.preview || "";
      a.dataset.previewShown = "1";
      a.insertAdjacentElement("afterend", box);
      setTimeout(function () { a.dataset.previewShown = ""; box.remove(); }, 6000);
    });
  });
})();
