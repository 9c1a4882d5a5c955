"""Contribution to the site: short links, JSON API, linkifier, copy buttons, club pages."""
from __future__ import annotations

import html
import json
import posixpath

from lois.render.site import SiteBuild
from lois.features.api import jsonapi
from lois.features.api.linkifier import ascii_js, linkifier_js
from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register
from lois.features.api.shortlinks import short_links

CITATION_SOURCE = "Code International de Bridge Duplicate 2017"
DEMO = "clubs/demo/index.html"
DEMO_MALFORMED = "clubs/demo/malforme.html"


def _taken(site: SiteBuild) -> set[str]:
    taken = set()
    for path in site.files:
        if path.endswith(".md"):
            taken.add(site.url(path).rstrip("/"))
        else:
            taken.add(posixpath.dirname(path))
    return taken


def contribute(site: SiteBuild) -> None:
    m = site.model
    reg_path = m.root / REGISTER_NAME
    redirects: dict[str, str] = {}
    if reg_path.exists():
        reg = read_register(reg_path)
        check_register(m, reg)
        redirects = reg.redirects
    urls = current_urls(m)
    pages = {u.split("#")[0] for u in urls}
    for old, new in redirects.items():
        old_page = old.split("#")[0]
        if old_page not in pages:
            from lois.features.api.shortlinks import redirect_html
            site.add_file(old_page + "index.html", redirect_html(old_page.rstrip("/"), new, "Lien déplacé"))
    for path, text in short_links(m, _taken(site)).items():
        site.add_file(path, text)
    for path, text in jsonapi.api_files(site).items():
        site.add_file(path, text)
    site.add_file("assets/lois/linkifier.js", linkifier_js())
    site.add_file("assets/lois/permaliens.js", permalinks_js(redirects))
    site.add_file("assets/lois/clubs.css", CSS)
    site.add_script("assets/lois/permaliens.js")
    site.add_style("assets/lois/clubs.css")
    site.add_file("clubs.md", clubs_page(site))
    site.add_file("ajouter.md", add_page(site))
    site.add_file(DEMO, demo_page())
    site.add_file(DEMO_MALFORMED, malformed_page())
    site.add_nav("Pour les clubs", ["clubs.md", "ajouter.md"])


# ---------------------------------------------------------------------- copy buttons, redirects

def permalinks_js(redirects: dict[str, str]) -> str:
    data = json.dumps(redirects).replace("</", "<\\/")
    return ascii_js(PERMALINKS_JS.replace("/*REDIRECTS*/{}", data).replace("/*SOURCE*/", json.dumps(CITATION_SOURCE)))


PERMALINKS_JS = r"""/* Boutons « Copier le lien » / « Copier la citation » et redirection des anciens liens — généré. */
(function () {
  "use strict";
  var REDIRECTS = /*REDIRECTS*/{};
  var SOURCE = /*SOURCE*/;
  var script = document.currentScript;
  var base = script && script.src ? new URL("../../", script.src).href : new URL("./", location.href).href;

  function redirectOld() {
    var hash = location.hash.slice(1);
    try { hash = decodeURIComponent(hash); } catch (e) { return; } /* « #D2% »: not an anchor, nothing to redirect */
    if (!hash || document.getElementById(hash)) return;
    var here = location.href.split("#")[0];
    if (here.indexOf(base) !== 0) return;
    var key = here.slice(base.length).replace(/index\.html$/, "") + "#" + hash;
    if (REDIRECTS[key]) location.replace(new URL(REDIRECTS[key], base).href);
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
        b.textContent = ok ? "Copié !" : "Copie impossible : sélectionnez le lien";
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
        return "« Loi " + id + " — " + SOURCE + " » " + a.href;
      }));
      a.parentNode.insertBefore(box, a.nextSibling);
    });
  }

  function init() { redirectOld(); addButtons(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  window.addEventListener("hashchange", redirectOld);
})();
"""

CSS = """.lois-copies { display: inline-flex; gap: .3em; margin-left: .4em; vertical-align: middle; }
.lois-copie { font-size: .65rem; padding: 0 .4em; border: 1px solid var(--md-default-fg-color--lighter, #bbb);
  border-radius: .2em; background: transparent; color: var(--md-default-fg-color--light, #555); cursor: pointer; }
.lois-copie:hover, .lois-copie:focus { color: var(--md-accent-fg-color, #3f51b5); border-color: currentColor; }
.lois-apercu { border: 1px dashed var(--md-default-fg-color--lighter, #bbb); padding: .6em 1em; margin: .5em 0 1.5em; }
.lois-apercu form { display: flex; gap: .5em; flex-wrap: wrap; align-items: center; }
"""


# ---------------------------------------------------------------------- pages

def _code(text: str) -> str:
    return f"<pre><code>{html.escape(text)}</code></pre>"


def clubs_page(site: SiteBuild) -> str:
    m = site.model
    idx = jsonapi.laws_index(m)
    sample_law = 50 if 50 in m.laws else min(m.laws)
    doc = jsonapi.law_doc(site, sample_law)
    node = doc["root"]["children"][0] if doc["root"]["children"] else doc["root"]
    node_sample = dict(node, children=f"[… {len(node['children'])} sous-provision(s)]")
    idx_sample = {"version": idx["version"], "laws": [l for l in idx["laws"] if l["number"] in (sample_law, 1, 27)]}
    graph = jsonapi.graph_doc(m)
    graph_sample = {"version": graph["version"], "nodes": graph["nodes"][:2], "edges": graph["edges"][:1]}
    law = m.laws[sample_law]
    some = next((p for p in law.provisions() if len(p.path) >= 2), law.root)
    anchor = some.anchor
    n_short = sum(1 for f in site.files if f.endswith("/index.html") and "lois-lien-court" in str(site.files[f].content))
    dump = lambda o: json.dumps(o, ensure_ascii=False, indent=2)  # noqa: E731
    return f"""---
title: Pour les clubs
---

# Pour les clubs

Ce site est fait pour être cité : chaque loi et chaque provision a une adresse stable, des liens
courts, des données ouvertes en JSON et un petit script qui relie automatiquement les citations
des pages de votre club. Tous les extraits sont réunis, avec leur aperçu, sur la page
[Ajouter à votre site](ajouter.md).

## Liens permanents

Une loi : `lois/<numéro>/` ; une provision : `lois/<numéro>/#<provision>`, la provision étant écrite
sans parenthèses. Exemples : [`lois/{sample_law}/`]({site.law_page(sample_law)}),
[`lois/{sample_law}/#{anchor}`]({site.law_page(sample_law)}#{anchor}) (Loi {html.escape(some.id)}).

Ces adresses ne changent pas : la liste de toutes les adresses publiées est conservée dans le
dépôt (`corpus/permaliens.txt`) et le site refuse de se construire si l'une d'elles disparaît sans
redirection. Sur chaque provision, les boutons « Copier le lien » et « Copier la citation »
copient l'adresse ou une citation prête à coller, par exemple
« Loi {html.escape(some.id)} — {CITATION_SOURCE} » suivie du lien.

## Liens courts

Chaque provision est aussi joignable par une adresse courte, en majuscules ou en minuscules,
qui redirige vers la bonne page et la bonne provision : `{sample_law}{anchor}`,
`{(str(sample_law) + anchor).lower()}`, `L{sample_law}{anchor}`, `lois/{sample_law}/{anchor}` ; pour une loi
entière : `{sample_law}`, `L{sample_law}`, `loi-{sample_law}`. Ce sont de simples pages de redirection
qui fonctionnent sur n'importe quel hébergement statique ({n_short} pages).

## Données JSON

Les données du site sont publiées en JSON (UTF-8, clés en anglais, champ `version`). Les adresses
(`url`) sont relatives à la racine du site. Les schémas JSON sont dans le dépôt, dossier `schemas/`.

`api/lois.json` — les 93 lois, avec leur titre et leur statut (`present` : texte inclus ;
`stub` : citée mais texte non inclus ; `absent`) :

<div markdown="0">{_code(dump(idx_sample))}</div>

`api/lois/<numéro>.json` — l'arbre des provisions d'une loi (texte, aperçu, renvois sortants
`cites`, renvois entrants `cited_by`, commentaires `notes`), par exemple une provision de
`api/lois/{sample_law}.json` :

<div markdown="0">{_code(dump(node_sample))}</div>

`api/graphe.json` — le graphe des renvois (nœuds et arêtes) :

<div markdown="0">{_code(dump(graph_sample))}</div>

Pour lire ces fichiers depuis un autre site, l'hébergement doit autoriser les requêtes croisées
(en-tête `Access-Control-Allow-Origin`, présent par défaut sur la plupart des hébergements statiques).

## Relier automatiquement vos pages

Ajoutez une ligne à vos pages : chaque citation (« Loi 64B2 », « Lois 61 à 64 », « la loi 27 »)
devient un lien vers la provision exacte, avec son texte au survol. Le script ne touche pas aux
liens, au code, aux champs de formulaire ni aux zones marquées `class="lois-pas-de-liens"`.
Il reconnaît les citations exactement comme ce site (mêmes règles, générées à partir de la même
grammaire). Options : `data-lois-base` (adresse du site des lois) et `data-lois-cible` (sélecteur
CSS des zones à traiter, par défaut toute la page).

Voir la <a href="demo/">page de démonstration</a> (une page de club fictive) et les extraits à copier sur
[Ajouter à votre site](ajouter.md).
"""


def add_page(site: SiteBuild) -> str:
    sample = "64B2" if "64B2" in site.model.stubs or "64B2" in site.model.provisions else "50D2(a)"
    law, anchor = site.model.link_target(sample)
    link_snip = f'<a href="{{BASE}}lois/{law}/#{anchor}">Loi {sample}</a>'
    lk_snip = '<script src="{BASE}assets/lois/linkifier.js" defer></script>'
    search_snip = ('<form action="{BASE}recherche/" method="get" role="search">\n'
                   '  <label>Chercher dans les Lois du bridge\n'
                   '    <input type="search" name="q" placeholder="ex. 64B2, renonce">\n'
                   '  </label>\n'
                   '  <button type="submit">Chercher</button>\n'
                   '</form>')

    def show(snippet: str) -> str:
        parts = html.escape(snippet).split("{BASE}")
        return "<pre><code>" + '<span class="lois-base">https://ADRESSE-DU-SITE/</span>'.join(parts) + "</code></pre>"

    def live(snippet: str) -> str:
        return snippet.replace("{BASE}", "../")

    sample_text = ("Au club, nous appliquons la Loi 64B2 pour les renonces, les Lois 61 à 64 dans leur "
                   "ensemble, et la loi 27 pour les enchères insuffisantes.")
    return f"""---
title: Ajouter à votre site
---

# Ajouter à votre site

Copiez l'un de ces extraits dans les pages de votre club. Chaque extrait est suivi de son aperçu.

## Un lien vers une provision

<div markdown="0">{show(link_snip)}
<div class="lois-apercu" id="apercu-lien">{live(link_snip)}</div></div>

## Relier automatiquement les citations

Une ligne à placer dans vos pages (avant `</body>`) :

<div markdown="0">{show(lk_snip)}
<div class="lois-apercu" id="apercu-linkifier"><p>{html.escape(sample_text)}</p></div>
<script src="../assets/lois/linkifier.js" data-lois-cible="#apercu-linkifier" defer></script></div>

Démonstration complète : <a href="../clubs/demo/">une page de club fictive</a>.

## Un formulaire de recherche

<div markdown="0">{show(search_snip)}
<div class="lois-apercu" id="apercu-recherche">{live(search_snip)}</div></div>

<script>
document.querySelectorAll(".lois-base").forEach(function (s) {{ s.textContent = new URL("../", location.href).href; }});
</script>
"""


def demo_page() -> str:
    return """<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="../../assets/images/favicon.png">
<title>Bridge Club de Saint-Exemple — Règlement intérieur (démonstration)</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 46em; margin: 2em auto; padding: 0 1em; line-height: 1.5; }
a.lois-lien { text-decoration: underline dotted; }
.note { color: #555; font-size: .9em; }
</style>
</head><body>
<p class="note">Page de démonstration : une page de club fictive qui inclut le script de liens
automatiques de <a href="../../">ce site</a>. <a href="../">Retour à « Pour les clubs »</a>.</p>
<h1>Bridge Club de Saint-Exemple</h1>
<h2>Règlement intérieur</h2>
<p id="p-renonce">En cas de renonce, l'arbitre applique la Loi 64B2 et, plus généralement, les Lois 61 à 64.</p>
<p id="p-insuffisante">Une enchère insuffisante est traitée selon la loi 27 ; voir aussi les Lois 27 et 72C.</p>
<p id="p-carte">Une carte exposée par le déclarant reste soumise à la Loi 50D2(a) et à la Loi 16.</p>
<p id="p-absente">La Loi 94 n'existe pas, et ce paragraphe ne cite aucune loi au sens du Code : 3 IMPs, 1SA.</p>
<p id="p-lien">Déjà un lien : <a id="lien-existant" href="../../lois/12/">notre résumé de la Loi 12</a>.</p>
<p id="p-code">Dans le code : <code id="code-loi">Loi 12C1</code>.</p>
<pre id="pre-loi">Loi 23 dans un bloc préformaté</pre>
<form>
<textarea id="ta-loi">Loi 64 dans une zone de texte</textarea>
<input id="in-loi" value="Loi 64B2">
<select id="sel-loi"><option>Loi 50</option></select>
</form>
<p class="lois-pas-de-liens" id="p-exclu">Loi 64 dans une zone exclue.</p>
<script src="../../assets/lois/linkifier.js" defer></script>
</body></html>
"""


def malformed_page() -> str:
    # deliberately broken markup: unclosed tags, stray end tags, a link never closed
    return """<html><head><title>Page mal formée</title><link rel="icon" href="../../assets/images/favicon.png">
<body><p id="m1">Début <b>gras <i>croisé</b> Loi 64B2</i>
<div><p id="m2">La Loi 27 </span></div></td>
<table><tr><td id="m3">Cellule Loi 16 <td>sans fin
</table>
<p id="m4"><a id="x" href="#x">lien jamais fermé Loi 12
<p id="m5">Après le lien Loi 50D2(a)
<script src="../../assets/lois/linkifier.js" defer></script>
"""
