"""Issue 6: permalinks, short links, JSON API, linkifier grammar (Python side)."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import nonempty, pid
from lois.features.api.linkifier import grammar_export, js_source
from lois.features.api.register import (REGISTER_NAME, check_register, current_urls, read_register,
                               update_register)
from lois.features.api.register import published_ids
from lois.features.api.shortlinks import DATA_SCRIPT, GLOBAL, moved_targets, resolve, short_targets
from lois.core.cite import find_citations
from lois.core.ids import ProvisionId
from lois.core.errors import LoisError

ROOT = Path(__file__).resolve().parents[1]
CASES = yaml.safe_load((ROOT / "tests" / "linkifier_cases.yaml").read_text(encoding="utf-8"))
SHORT_CASES = yaml.safe_load((ROOT / "tests" / "shortlink_cases.yaml").read_text(encoding="utf-8"))


def absolute_citations(text: str) -> list[dict]:
    out = []
    for c in find_citations(text):
        refs = [r.canonical() for r in c.refs if r.law is not None]
        if refs:
            out.append({"texte": c.text, "refs": refs})
    return out


@pytest.mark.parametrize("case", CASES, ids=[c["texte"][:40] for c in CASES])
def test_shared_cases_python_grammar(case):
    expected = [{"texte": c["texte"], "refs": c["refs"]} for c in case["citations"]]
    assert absolute_citations(case["texte"]) == expected


@pytest.mark.parametrize("case", CASES, ids=[c["texte"][:40] for c in CASES])
def test_shared_cases_say_nothing_but_their_notices(case, model):
    """What `lois renvois` says of each case, word for word (``avis``): nothing at all when it has none — a club page's
    « association loi 1901 », « la Loi 2 du club », a statute's number, a score or a time stays plain text, silently."""
    from lois.core.resolve import resolve_text

    assert resolve_text(model, case["texte"], None)[1] == case.get("avis", []), case["texte"]


@pytest.mark.parametrize("case", [c for c in CASES if c["citations"]], ids=lambda c: c["texte"][:40])
def test_shared_cases_permalinks(case, model):
    """The link the linkifier must put on each citation is the site's permalink of its first id (the cases with
    no citation are checked by test_shared_cases_python_grammar)."""
    from lois.features.api.linkifier import laws_table
    from lois.features.api.register import provision_url

    pages = laws_table(model)
    for c in nonempty(case["citations"]):
        first = c["refs"][0]
        pid = ProvisionId.of(first)  # None for a law the Code does not have (« Loi 94 »)
        assert (provision_url(model, pid) if pid and str(pid.law) in pages else None) == c["lien"], c["texte"]


# ------------------------------------------------------------------ pattern translation

def test_js_source_translation_rules():
    from lois.render.jsregex import SPACE

    letter = r"[\p{L}\p{Nl}\p{No}]"  # what Python's [^\W\d_] is: « ² » and « Ⅻ » are in it, « 2 » is not
    assert js_source(r"(?<![^\W\d_])(?i:lois?)(?![^\W\d_])") == rf"(?<!{letter})(?:[Ll][Oo][Ii][Ss]?)(?!{letter})"
    assert js_source(r"[^\S\n]*+x{0,2}+y++") == rf"(?:(?![\n])[{SPACE}])*x{{0,2}}y+"
    assert js_source(r"\s\S\d") == rf"[{SPACE}][^{SPACE}]\p{{Nd}}"
    for unsupported in (r"\bx", r"[\S]", r"[^\Sx\d]"):
        with pytest.raises(ValueError):
            js_source(unsupported)
    assert js_source(r"(?P<voir>a)|[^\W_]|(?<![\w)])") == r"(?<voir>a)|[\p{L}\p{N}]|(?<![\p{L}\p{N}_)])"
    assert js_source(r"[+*]+\++") == r"[+*]+\++"  # « + » in a class or escaped stays
    with pytest.raises(ValueError):
        js_source(r"(?x)a")


def test_grammar_export_is_the_cite_program():
    """The browser gets the very patterns cite.py runs (translated), not a copy of the scanning code."""
    from lois.core import cite

    g = grammar_export()
    assert g["maxLaw"] == cite.MAX_LAW and g["version"] == cite.GRAMMAR_VERSION
    assert [r["name"] for r in g["rules"]] == [r.name for r in cite.PROGRAM_RULES]
    for rule, py in zip(g["rules"], cite.PROGRAM_RULES, strict=True):
        for key in ("start", "first", "next", "range"):
            if getattr(py, key) is None:
                assert rule[key] is None
                continue
            src, flags = g["patterns"][rule[key]]
            assert src == js_source(getattr(py, key).pattern, spaces="native")
            assert "P<" not in src and "*+" not in src and "++" not in src and "(?i" not in src, key
            assert flags == "u"


def test_generated_scripts_are_ascii(model):
    """Club pages may be in any encoding: the scripts escape every non-ASCII character."""
    from lois.features.api.linkifier import linkifier_js
    from lois.features.api.site import permalinks_data_js

    for js in (linkifier_js(model, "Code"), permalinks_data_js({"lois/50/#Z9": "lois/50/#D2a", "é/#x": "é/"})):
        assert js.isascii()


def test_permalink_script_is_static_and_reads_the_register(built_site, corpus_dir):
    """assets/lois/permaliens.js is the package's file (ASCII-escaped), the same for every corpus; its data,
    the register's redirects and the edition's name, are in the generated script loaded just before it."""
    from lois.features.api.linkifier import ASSETS, ascii_js
    from lois.features.api.site import CITATION_SOURCE, PERMALINKS_DATA, PERMALINKS_GLOBAL

    js = (built_site / "assets/lois/permaliens.js").read_text(encoding="utf-8")
    assert js.isascii() and js == ascii_js((ASSETS / "permalinks.js").read_text(encoding="utf-8"))
    data_js = (built_site / PERMALINKS_DATA).read_text(encoding="utf-8")
    assert data_js.isascii()
    data = json.loads(re.search(rf"window\.{PERMALINKS_GLOBAL} = (.*);\n$", data_js, re.S).group(1))
    from lois.core.ids import not_found, not_on_site

    assert data == {"redirects": read_register(corpus_dir / REGISTER_NAME).redirects, "source": CITATION_SOURCE,
                    "notFound": not_found("{id}", not_on_site("{law}"))}
    home = (built_site / "lois" / "50" / "index.html").read_text(encoding="utf-8")
    bundle = re.search(r'src="\.\./\.\./(assets/lois/site\.\w+\.js)"', home)  # the bundle that holds permaliens.js
    assert "/* assets/lois/permaliens.js */\n" in (built_site / bundle.group(1)).read_text(encoding="utf-8")
    assert home.index(PERMALINKS_DATA) < bundle.start()


def test_linkifier_never_fetches(model):
    """The linkifier reads its data with script tags (allowed across origins and from file://), never fetch/XHR."""
    from lois.features.api.linkifier import linkifier_js

    js = linkifier_js(model, "Code")
    assert "fetch(" not in js and "XMLHttpRequest" not in js
    assert 'createElement("script")' in js


def test_js_white_space_is_python_white_space():
    """``\\s`` in the browser is the set Python's ``\\s`` matches, every code point of it (JavaScript's own ``\\s``
    differs on six: U+FEFF, U+001C–U+001F, U+0085)."""
    from lois.render.jsregex import SPACE

    python = [c for c in range(0x110000) if re.fullmatch(r"\s", chr(c))]
    listed = []
    for part in re.findall(r"\\u([0-9a-f]{4})(?:-\\u([0-9a-f]{4}))?", SPACE):
        listed += range(int(part[0], 16), int(part[1] or part[0], 16) + 1)
    assert listed == python


# ------------------------------------------------------------------ register

def test_committed_register_is_valid_and_complete(model, corpus_dir):
    reg = read_register(corpus_dir / REGISTER_NAME)
    check_register(model, reg)
    assert reg.urls == sorted(reg.urls, key=lambda u: reg.urls.index(u))
    missing = set(current_urls(model)) - set(reg.urls)
    assert not missing, f"lancez « lois permaliens --mettre-a-jour » : {sorted(missing)[:5]}"


def test_register_disappeared_url_fails(model, tmp_path):
    reg_file = tmp_path / REGISTER_NAME
    update_register(model, reg_file)
    lines = reg_file.read_text(encoding="utf-8").splitlines()
    reg_file.write_text("\n".join(lines + ["lois/50/#Z9"]) + "\n", encoding="utf-8")
    with pytest.raises(LoisError) as exc:
        check_register(model, read_register(reg_file))
    assert "lois/50/#Z9" in str(exc.value) and "sans redirection" in str(exc.value)
    # with a redirect, it passes; a redirect to a dead URL fails
    reg_file.write_text("\n".join(lines + ["lois/50/#Z9 -> lois/50/#D2a"]) + "\n", encoding="utf-8")
    check_register(model, read_register(reg_file))
    reg_file.write_text("\n".join(lines + ["lois/50/#Z9 -> lois/50/#Z8"]) + "\n", encoding="utf-8")
    with pytest.raises(LoisError):
        check_register(model, read_register(reg_file))
    reg_file.write_text("/absolu\n", encoding="utf-8")
    with pytest.raises(LoisError) as exc:
        read_register(reg_file)
    assert exc.value.line == 1


@pytest.mark.parametrize("added", ["lois/50/#D2a", "lois/50/#D2a -> lois/50/#D2"], ids=["deux fois", "redirigée aussi"])
def test_a_link_registered_twice_is_refused_at_its_second_line(model, tmp_path, added):
    """A permalink written twice was counted twice (« 202 liens enregistrés » for 201), and of two redirects of one
    link the last won silently (session 10): the second line is refused, naming the first."""
    reg_file = tmp_path / REGISTER_NAME
    update_register(model, reg_file)
    lines = reg_file.read_text(encoding="utf-8").splitlines()
    first = lines.index("lois/50/#D2a") + 1
    reg_file.write_text("\n".join(lines + [added]) + "\n", encoding="utf-8")
    with pytest.raises(LoisError) as exc:
        read_register(reg_file)
    assert exc.value.line == len(lines) + 1
    assert exc.value.message == (f"« lois/50/#D2a » est déjà enregistrée ligne {first} : une ligne par lien "
                                 "(gardez-en une)")


def test_update_register_appends_new(model, tmp_path):
    reg_file = tmp_path / REGISTER_NAME
    reg_file.write_text("lois/50/\n", encoding="utf-8")
    new = update_register(model, reg_file)
    assert "lois/50/" not in new and len(new) == len(current_urls(model)) - 1
    assert update_register(model, reg_file) == []
    urls = read_register(reg_file).urls
    assert set(urls) == set(current_urls(model))


def test_build_fails_when_registered_url_disappears(tmp_path):
    from conftest import mkdocs_build

    corpus = tmp_path / "corpus"
    import shutil

    shutil.copytree(ROOT / "corpus", corpus)
    with (corpus / REGISTER_NAME).open("a", encoding="utf-8") as fh:
        fh.write("lois/50/#Z9\n")
    cfg = tmp_path / "mkdocs.yml"
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("docs_dir: site_src", f"docs_dir: {ROOT / 'site_src'}")
    text = text.replace("custom_dir: site_src/overrides", f"custom_dir: {ROOT / 'site_src' / 'overrides'}")
    cfg.write_text(text, encoding="utf-8")
    res = mkdocs_build(tmp_path / "out", cfg)
    assert res.returncode != 0
    assert "lois/50/#Z9" in res.stderr and "Traceback" not in res.stderr
    assert not (tmp_path / "out" / "index.html").exists()


# ------------------------------------------------------------------ short links

@pytest.mark.parametrize("case", SHORT_CASES, ids=lambda c: c["text"] or "vide")
def test_short_link_cases(model, case):
    """The shared cases (also run in Chromium by test_api_browser and test_notfound_browser)."""
    assert resolve(short_targets(model), case["text"]) == case["target"]


def test_moved_page_redirect(tmp_path):
    """A page of the register that no longer exists gets one redirect page (relative link, refresh, script)."""
    from lois.features.api.shortlinks import redirect_html

    page = redirect_html("lois/99", "lois/50/#D2a", "Lien déplacé <ancien>")
    assert '<meta http-equiv="refresh" content="0; url=../50/#D2a">' in page
    assert 'location.replace("../50/#D2a"' in page and "&lt;ancien&gt;" in page and "<ancien>" not in page


def test_every_published_id_has_one_short_key(model):
    targets = short_targets(model)
    ids = published_ids(model)
    keys = {pid.key for pid in ids}
    moved = moved_targets(model)  # the register's redirects keep their short links: 16C2(a) → lois/16/#D2a
    assert set(targets) == keys | set(moved) and len(targets) >= len(model.provisions)
    assert moved["16c2a"] == "lois/16/#D2a" and resolve(targets, "lois/16/C2a/") == "lois/16/#D2a"
    assert all(targets[k] == url for k, url in moved.items() if k not in keys)
    # any spelling of every id the site publishes reaches it: the canonical id, lower case, « L » prefix
    for published in nonempty(ids):
        for spelled in (str(published), str(published).lower(), f"L{published}", f"Loi {published}"):
            assert resolve(targets, spelled) == targets[published.key], spelled


# ------------------------------------------------------------------ built site

class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.meta: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "meta" and a.get("name"):
            self.meta[a["name"]] = a.get("content", "")


_ID_CACHE: dict[Path, _Ids] = {}


def _page(path: Path) -> _Ids:
    if path not in _ID_CACHE:
        p = _Ids()
        p.feed(path.read_text(encoding="utf-8"))
        _ID_CACHE[path] = p
    return _ID_CACHE[path]


def _resolves(site: Path, url: str) -> bool:
    page, _, anchor = url.partition("#")
    f = site / page / "index.html"
    return f.exists() and (not anchor or anchor in _page(f).ids)


def test_registered_urls_resolve(built_site, corpus_dir):
    reg = read_register(corpus_dir / REGISTER_NAME)
    assert reg.urls
    for url in reg.urls:
        target = reg.redirects.get(url, url)
        assert _resolves(built_site, target), f"{url} ne mène à aucune ancre du site construit"


def test_every_short_link_resolves(built_site, model):
    """The table the browser reads (the generated data script) is the Python one, and every target is a page and
    an anchor of the built site."""
    text = (built_site / DATA_SCRIPT).read_text(encoding="utf-8")
    head = text.split("\n", 1)[0]
    assert head.startswith(f"window.{GLOBAL} = ")
    data = json.loads(head[len(f"window.{GLOBAL} = "):].rstrip(";"))
    assert data["targets"] == short_targets(model)
    for key, url in data["targets"].items():
        assert _resolves(built_site, url), f"{key} → {url}"
    assert (built_site / "l" / "index.html").is_file()


def test_browser_ids_have_one_source_and_one_data(built_site):
    """Every script of the built site that reads, keys or writes an id gets the ids' reader from one file
    (render/assets/ids.js) and the data generated from the Python rule (lois.render.ids_js): no script spells a
    key, an id or an ancestor of its own (the formulas the browser used to re-derive are gone)."""
    from lois.render.ids_js import SCRIPT, SITE_SCRIPT, id_data

    reader = SCRIPT.read_text(encoding="utf-8")
    assert (built_site / SITE_SCRIPT).read_text(encoding="utf-8") == reader  # the site's pages, before search.js
    short = (built_site / DATA_SCRIPT).read_text(encoding="utf-8")
    assert short.count(reader) == 1
    assert json.loads(short.split("\n", 1)[0][len(f"window.{GLOBAL} = "):].rstrip(";"))["ids"] == id_data()
    bundle = (built_site / "assets" / "lois" / "linkifier.js").read_text(encoding="utf-8")
    assert bundle.count("function loisIds(") == 1 and "loisIds(DATA.ids)" in bundle
    build = (built_site / "assets" / "lois" / "version.txt").read_text(encoding="utf-8")
    search_meta = json.loads((built_site / "assets" / "lois" / "recherche" / build / "index.json").read_text(
        encoding="utf-8"))
    assert search_meta["ids"] == id_data()
    search = (built_site / "assets" / "lois" / "search.js").read_text(encoding="utf-8")
    for js in (short, bundle, search):
        for formula in ("g.sec", "g.gsub", "lawOf(", "formatId", "parseInt(id", "[A-H])$"):
            assert formula not in js, formula
    for law_file in nonempty((built_site / "assets" / "lois" / "donnees").glob("*.js")):
        data = json.loads(law_file.read_text(encoding="utf-8").split("] = ", 1)[1].rstrip(";\n"))
        assert sorted(data["keys"].values()) == sorted(data["nodes"]), law_file.name  # a key for every node


def test_no_folder_per_spelling(built_site, model, corpus_dir):
    """No redirect page per provision or per spelling: the root holds only the site's own sections."""
    targets = short_targets(model)
    for f in nonempty(built_site.iterdir()):
        assert resolve(targets, f.name) is None or f.name == "lois", f"dossier de lien court : {f.name}"
    redirects = [p for p in built_site.rglob("*.html") if 'http-equiv="refresh"' in p.read_text(encoding="utf-8")[:600]]
    # the only redirect pages left are those of the register's moved pages
    assert len(redirects) <= len(read_register(corpus_dir / REGISTER_NAME).redirects)


def _schema(name):
    return json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))


def test_json_api_validates_against_schemas(built_site, model):
    v = jsonschema.Draft202012Validator
    api = built_site / "api"
    for name, schema in (("lois.json", "api-lois.schema.json"), ("graphe.json", "api-graphe.schema.json")):
        jsonschema.validate(json.loads((api / name).read_text(encoding="utf-8")), _schema(schema), cls=v)
    files = sorted((api / "lois").glob("*.json"))
    assert len(files) == len(set(model.laws) | set(model.stub_laws()))
    for f in files:
        jsonschema.validate(json.loads(f.read_text(encoding="utf-8")), _schema("api-loi.schema.json"), cls=v)


def test_json_api_content_matches_model(built_site, model):
    idx = json.loads((built_site / "api" / "lois.json").read_text(encoding="utf-8"))
    by_no = {law["number"]: law for law in idx["laws"]}
    assert sorted(by_no) == list(range(1, 94))
    for n, entry in by_no.items():
        expected = "present" if n in model.laws else "stub" if n in model.stub_laws() else "absent"
        assert entry["status"] == expected
        if entry["json"]:
            assert (built_site / entry["json"]).exists() and _resolves(built_site, entry["url"])
    graph = json.loads((built_site / "api" / "graphe.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in graph.items() if k != "version"} == json.loads(json.dumps(model.graph_json()))
    for n in nonempty(model.laws):
        doc = json.loads((built_site / "api" / "lois" / f"{n}.json").read_text(encoding="utf-8"))
        seen = []

        def walk(node, seen=seen):
            seen.append(node["id"])
            p = model.provisions[pid(node["id"])]
            assert node["text"] == p.text and _resolves(built_site, node["url"])
            assert len(node["cited_by"]) == len(model.cited_by(p.pid))
            for c in node["cited_by"]:
                assert _resolves(built_site, c["url"]) or (built_site / c["url"] / "index.html").exists()
            for ch in node["children"]:
                walk(ch)

        walk(doc["root"])
        assert seen == [p.id for p in model.laws[n].provisions()]


def test_cli_permaliens(tmp_path, model):
    import shutil
    import subprocess
    import sys

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    reg = corpus / REGISTER_NAME
    reg.write_text("lois/50/\n", encoding="utf-8")
    env = {"LOIS_CORPUS": str(corpus), "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-c", "import sys; from lois.adapters.cli import main; sys.exit(main())", "permaliens"]
    res = subprocess.run(cmd + ["--mettre-a-jour"], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert f"{len(current_urls(model)) - 1} liens ajoutés" in res.stdout
    assert set(read_register(reg).urls) == set(current_urls(model))
    reg.write_text(reg.read_text(encoding="utf-8") + "lois/50/#Z9\n", encoding="utf-8")
    res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and "lois/50/#Z9" in res.stderr and "Traceback" not in res.stderr
