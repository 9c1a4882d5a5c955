"""Contribution to the site: short links, JSON API, linkifier, copy buttons, club pages."""
from __future__ import annotations

import json
import posixpath

from markupsafe import Markup

from lois.core.ids import LAW_COUNT
from lois.render.site import SiteBuild
from lois.render.templates import render
from lois.features.api import jsonapi
from lois.features.api.linkifier import DATA_DIR, ascii_js, law_data_js, laws_table, linkifier_js
from lois.features.api.register import REGISTER_NAME, check_register, current_urls, read_register
from lois.features.api import shortlinks

CITATION_SOURCE = "Code International de Bridge Duplicate 2017"
DEMO = "clubs/demo/index.html"
DEMO_MALFORMED = "clubs/demo/malforme.html"


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
            site.add_file(old_page + "index.html", shortlinks.redirect_html(old_page.rstrip("/"), new, "Lien déplacé"))
    page_dir = posixpath.dirname(_built_file(site.url(shortlinks.RESOLVER_PAGE)))
    site.add_file(shortlinks.RESOLVER_PAGE, shortlinks.resolver_page(m, page_dir))
    site.not_in_nav.add(shortlinks.RESOLVER_PAGE)
    site.add_file(shortlinks.DATA_SCRIPT, shortlinks.data_script(m, shortlinks.script_text()))
    for path, text in jsonapi.api_files(site).items():
        site.add_file(path, text)
    site.add_file("assets/lois/linkifier.js", linkifier_js(m, CITATION_SOURCE))
    for law in laws_table(m):
        site.add_file(f"{DATA_DIR}/{law}.js", law_data_js(site, int(law)))
    site.add_file("assets/lois/permaliens.js", permalinks_js(redirects))
    site.add_file("assets/lois/clubs.css", CSS)
    site.add_script("assets/lois/permaliens.js")
    site.add_style("assets/lois/clubs.css")
    site.add_file("clubs.md", clubs_page(site))
    site.add_file("ajouter.md", add_page(site))
    site.add_file(DEMO, demo_page(site))
    site.add_file(DEMO_MALFORMED, malformed_page())
    site.add_nav("Pour les clubs", ["clubs.md", "ajouter.md"])


def _built_file(url: str) -> str:
    return url + "index.html" if url == "" or url.endswith("/") else url


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
.lois-lien-court form { display: flex; gap: .5em; flex-wrap: wrap; align-items: flex-end; }
.lois-lien-court label { display: flex; flex-direction: column; gap: .2em; flex: 1 1 12em; }
.lois-lien-court input { font: inherit; padding: .4em .5em; border: 1px solid var(--md-default-fg-color--lighter, #bbb);
  border-radius: .2em; }
.lois-lien-court button { font: inherit; padding: .4em 1em; border: 0; border-radius: .2em; cursor: pointer;
  background: var(--md-primary-fg-color, #3f51b5); color: var(--md-primary-bg-color, #fff); }
.lois-lien-court-etat { margin-top: 1em; }
"""


# ---------------------------------------------------------------------- pages

SAMPLE_TEXT = ("Les renonces relèvent des Lois 61 à 64 ; l'enchère insuffisante, de la loi 27. Une carte pénalisée "
               "« doit être laissée face visible sur la table » (LOI 50 A).")
FORMS = "Loi 27B1(b) », « Lois 61 à 64 », « LOI 50 D 2 (a) », « Loi 50D2(a) et (b)"
EMBED_ID = "16B1"


def _live(snippet: str) -> Markup:
    """A snippet of ours (constant HTML) as it runs on this site: the reference's address is ``../``."""
    return Markup(snippet.replace("{BASE}", "../"))


def clubs_page(site: SiteBuild) -> str:
    m = site.model
    idx = jsonapi.laws_index(m)
    sample_law = 50 if 50 in m.laws else min(m.laws)
    doc = jsonapi.law_doc(site, sample_law)
    node = doc["root"]["children"][0] if doc["root"]["children"] else doc["root"]
    graph = jsonapi.graph_doc(m)
    law = m.laws[sample_law]
    some = next((p for p in law.provisions() if len(p.path) >= 2), law.root)
    dump = lambda o: json.dumps(o, ensure_ascii=False, indent=2)  # noqa: E731
    return render(
        "api/clubs.md", sample_law=sample_law, law_page=site.law_page(sample_law), anchor=some.anchor,
        some_id=some.id, edition=CITATION_SOURCE, forms=FORMS, law_count=LAW_COUNT,
        idx_sample=dump({"version": idx["version"], "laws": [x for x in idx["laws"] if x["number"] in (sample_law, 1, 27)]}),
        node_sample=dump(dict(node, children=f"[… {len(node['children'])} sous-provision(s)]")),
        graph_sample=dump({"version": graph["version"], "nodes": graph["nodes"][:2], "edges": graph["edges"][:1]}),
    )


def add_page(site: SiteBuild) -> str:
    sample = "50D2(a)" if "50D2(a)" in site.model.provisions else next(iter(site.model.provisions))
    law, anchor = site.model.link_target(sample)
    embed = EMBED_ID if EMBED_ID in site.model.provisions else sample
    return render(
        "api/ajouter.md", live=_live, forms=FORMS, sample_text=SAMPLE_TEXT,
        link_snippet=f'<a href="{{BASE}}lois/{law}/#{anchor}">Loi {sample}</a>',
        linkifier_snippet='<script src="{BASE}assets/lois/linkifier.js" defer></script>',
        embed_snippet=(f'<div data-lois-provision="{embed}"></div>\n'
                       '<script src="{BASE}assets/lois/linkifier.js" defer></script>'),
        embed_preview=f'<div data-lois-provision="{embed}"></div>',
        search_snippet=('<form action="{BASE}recherche/" method="get" role="search">\n'
                        '  <label>Chercher dans les Lois du bridge\n'
                        '    <input type="search" name="q" placeholder="ex. 64B2, renonce">\n'
                        '  </label>\n'
                        '  <button type="submit">Chercher</button>\n'
                        '</form>'),
    )


def demo_page(site: SiteBuild) -> str:
    embed = EMBED_ID if EMBED_ID in site.model.provisions else next(iter(site.model.provisions))
    return render("api/demo.html", embed_id=embed, law_count=LAW_COUNT)


def malformed_page() -> str:
    """Deliberately broken markup: unclosed tags, stray end tags, a link never closed."""
    return render("api/malforme.html")
