/* Chevalets de table : chaque carte reçoit le code QR de l'adresse complète de sa page, calculée ici depuis
   l'adresse où ce site est servi (racine d'un domaine, sous-dossier, intranet d'un club, autre port) : la racine
   du site est le dossier de ce script moins assets/lois/, et chaque carte donne le chemin de sa page depuis
   cette racine (data-path). Le code est dessiné par qrcode-generator (assets/lois/qrcode.js, chargé avant).
   Ouverte depuis des fichiers (file://), la page ne dessine aucun code et dit pourquoi : un téléphone ne peut
   pas ouvrir une telle adresse. */
(function () {
  "use strict";
  var script = document.currentScript;
  var QUIET = 4;  /* modules blancs autour du code, comme la norme le demande */
  var SVG = "http://www.w3.org/2000/svg";

  function siteRoot() {
    return script && script.src ? new URL("../../", script.src) : new URL("../", location.href);
  }

  /* vrai pour une adresse que seul cet appareil connaît (un téléphone ne l'ouvrirait pas) */
  function localOnly(host) {
    host = host.replace(/^\[|\]$/g, "");
    return host === "localhost" || /\.localhost$/.test(host) || /^127\./.test(host) || host === "::1" ||
      host === "0.0.0.0";
  }

  function drawCode(text, title) {
    var qr = window.qrcode(0, "M");  /* taille choisie selon l'adresse ; correction M : la carte se froisse */
    qr.addData(text, "Byte");
    qr.make();
    var n = qr.getModuleCount(), size = n + 2 * QUIET, d = [];
    for (var r = 0; r < n; r++) {
      for (var c = 0; c < n; c++) {
        if (qr.isDark(r, c)) d.push("M" + (c + QUIET) + " " + (r + QUIET) + "h1v1h-1z");
      }
    }
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "lois-tent-qr");
    svg.setAttribute("viewBox", "0 0 " + size + " " + size);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Code QR\u00a0: " + title);
    var bg = document.createElementNS(SVG, "rect");
    bg.setAttribute("width", size); bg.setAttribute("height", size); bg.setAttribute("fill", "#fff");
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d.join("")); path.setAttribute("fill", "#000");
    svg.appendChild(bg); svg.appendChild(path);
    return svg;
  }

  function init() {
    var tents = document.querySelector(".lois-tents");
    if (!tents) return;
    if (location.protocol !== "http:" && location.protocol !== "https:") {
      var box = document.querySelector(".lois-tents-offline");
      box.querySelector(".lois-tents-here").textContent = location.href.split("#")[0];
      box.hidden = false;
      tents.hidden = true;
      return;
    }
    if (localOnly(location.hostname)) {
      var local = document.querySelector(".lois-tents-local");
      local.textContent = "Attention\u00a0: cette page est ouverte à l'adresse " + location.host + ", que seul cet " +
        "ordinateur connaît\u202f; un téléphone qui scannerait ces codes n'ouvrirait rien. Ouvrez-la à l'adresse du " +
        "site que les joueurs utilisent, puis imprimez.";
      local.hidden = false;
    }
    var root = siteRoot();
    Array.prototype.forEach.call(tents.querySelectorAll(".lois-tent"), function (card) {
      var address = new URL(card.getAttribute("data-path"), root).href;
      var title = card.querySelector(".lois-tent-title").textContent.trim();
      var slot = card.querySelector(".lois-tent-code");
      slot.textContent = "";
      slot.appendChild(drawCode(address, title));
      card.setAttribute("data-address", address);
      card.querySelector(".lois-tent-address").textContent = address;
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
