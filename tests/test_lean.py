"""Issue 13/14: a lean built site (no paths colliding by case), corpus edits served live by `mkdocs serve`,
and an all-or-nothing build (a killed build leaves the previous site whole)."""
from __future__ import annotations

import re
import zipfile
from collections import defaultdict
from pathlib import Path

import pytest

from lois.features.offline.site import ARCHIVE_PATH, FOLDER


def _case_collisions(paths) -> dict[str, list[str]]:
    """Every path (files and the folders above them) that differs from another only by case."""
    seen: dict[str, set[str]] = defaultdict(set)
    for p in paths:
        parts = p.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            sub = "/".join(parts[:i])
            seen[sub.casefold()].add(sub)
    return {k: sorted(v) for k, v in seen.items() if len(v) > 1}


def test_case_collision_check_finds_one():
    found = _case_collisions(["lois/9A/index.html", "lois/9a/index.html", "x", "lois/10/index.html"])
    assert found == {"lois/9a": ["lois/9A", "lois/9a"], "lois/9a/index.html": ["lois/9A/index.html",
                                                                              "lois/9a/index.html"]}


def test_no_path_differs_only_by_case_in_site_or_archive(built_site):
    files = [p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()]
    assert len(files) > 50
    assert _case_collisions(files) == {}
    with zipfile.ZipFile(built_site / ARCHIVE_PATH) as zf:
        names = zf.namelist()
    assert all(n.startswith(FOLDER + "/") for n in names) and len(names) > 50
    assert _case_collisions(names) == {}


# ---------------------------------------------------------------------- mkdocs serve watches the corpus

@pytest.mark.timeout(600)
def test_serve_started_broken_recovers_then_rebuilds_on_corpus_edits_and_survives_a_broken_file(tmp_path, built_site):
    """A real `mkdocs serve` on a copy of the corpus, started while a law file is broken: the server runs, the
    hand-written pages show the French error (file named, no generated page to show); saving the fixed file
    serves the whole site. Then each kind of corpus file, saved, is served; a broken law shows its French error
    on the page while the server keeps running, and a fix clears it. (One server for both stories: starting
    and building the site is most of what each costs.)"""
    import shutil

    from conftest import ROOT
    from live_serve import BANNER, EDITS, Server, edit, get, project_copy, wait_for
    from lois.core.cachedir import cache_base

    config = project_copy(tmp_path)
    # the first good build starts from the cache the session's build left (same corpus, same code): each edit
    # below is still rendered anew (another corpus, another key)
    if cache_base(ROOT / "corpus").is_dir():
        shutil.copytree(cache_base(ROOT / "corpus"), tmp_path / "cache")
    corpus = tmp_path / "corpus"
    law = corpus / "lois" / "50.md"
    good = law.read_text(encoding="utf-8")
    law.write_text(good.replace("---\n", "", 1), encoding="utf-8")  # no front matter: a French error
    with Server(config) as srv:
        # started on a broken corpus
        assert wait_for(srv.url, lambda t: BANNER in t, timeout=180) is not None, srv.output()[-3000:]
        home = get(srv.url)
        assert "aucune version valide" in home and "lois/50.md" in home
        assert get(srv.url + "lois/50/") is None  # no generated page yet
        assert srv.proc.poll() is None
        out = srv.output()
        assert "ERREUR corpus invalide" in out and "Traceback" not in out
        law.write_text(good, encoding="utf-8")
        took = wait_for(srv.url + "lois/50/", lambda t: "Carte pénalisée" in t and BANNER not in t, timeout=60)
        assert took is not None, srv.output()[-3000:]
        assert BANNER not in get(srv.url) and srv.proc.poll() is None
        assert "Code International" in get(srv.url)
        # each kind of corpus file, saved, is served
        for rel, old, new, page in EDITS:
            marker = next(w for w in new.split() if w.startswith("MARQUE"))
            before = get(srv.url + page)
            assert before and marker not in before and BANNER not in before
            edit(corpus / rel, old, new)
            took = wait_for(srv.url + page, lambda t, m=marker: m in t, timeout=60)
            assert took is not None, (rel, srv.output()[-3000:])
            print(f"{rel} : servi en {took:.2f} s")
        # broken while served: the last valid text still served under the banner
        edited = law.read_text(encoding="utf-8")
        law.write_text(edited.replace("---\n", "", 1), encoding="utf-8")
        assert wait_for(srv.url + "lois/50/", lambda t: BANNER in t, timeout=60) is not None, srv.output()[-3000:]
        page = get(srv.url + "lois/50/")
        assert "lois/50.md" in page and "MARQUELOI" in page  # the file named; the last valid text still served
        assert srv.proc.poll() is None
        out = srv.output()
        assert out.count("ERREUR corpus invalide") >= 2 and "Traceback" not in out
        law.write_text(edited.replace("MARQUELOI", "MARQUECORRIGE"), encoding="utf-8")
        took = wait_for(srv.url + "lois/50/", lambda t: "MARQUECORRIGE" in t and BANNER not in t, timeout=60)
        assert took is not None, srv.output()[-3000:]
        assert srv.proc.poll() is None


# ---------------------------------------------------------------------- all-or-nothing build (issue 14)

def _listing(site: Path) -> dict[str, str]:
    import hashlib

    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def _build_cmd(config: Path, site: Path) -> list[str]:
    import sys

    return [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)]


@pytest.mark.timeout(600)
def test_killed_or_failed_build_leaves_previous_site_whole(tmp_path, built_site):
    """SIGKILL a real `mkdocs build` at several moments, then break the corpus: the previous site stays whole
    (same files, same bytes); the next good build replaces it and removes what the killed ones left."""
    import shutil
    import signal
    import subprocess
    import time

    from conftest import ROOT, mkdocs_build, project_env, word_no_statement_rests_on
    from live_serve import project_copy
    from lois.core.corpus import load_corpus

    from lois.core.cachedir import cache_base

    config = project_copy(tmp_path)
    site = tmp_path / "site"
    no_cache = {"LOIS_CACHE_SITE": "0"}
    # the killed builds start from a copy of the cache the session's build left (same corpus, same code): they take
    # the generated pages from it and reach their writing sooner (what is killed is the writing of the site)
    if cache_base(ROOT / "corpus").is_dir():
        shutil.copytree(cache_base(ROOT / "corpus"), tmp_path / "cache")
    env = project_env(LOIS_CACHE=str(tmp_path / "cache"))
    # the previous site: the session's build of the same corpus, published in this folder; the builds that are
    # not killed run in this process (conftest.mkdocs_build), the killed ones in their own
    shutil.copytree(built_site, site)
    before = _listing(site)
    assert len(before) > 50
    def html_count(d: Path) -> int:  # the build may be removing an earlier build's leftover meanwhile
        try:
            return sum(1 for _ in d.rglob("*.html"))
        except FileNotFoundError:
            return 0

    moments = {  # when to kill: before any writing, folder just made, pages half written, archive being written
        "avant l'écriture": lambda t, d: t > 0.3,
        "dossier créé": lambda t, d: d.exists(),
        "pages à moitié": lambda t, d: d.exists() and html_count(d) >= 40,
        "archive hors ligne": lambda t, d: (d / "hors-ligne").exists(),
    }
    killed_while_writing = 0
    for name, moment in moments.items():
        proc = subprocess.Popen(_build_cmd(config, site), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        own = tmp_path / f".site.partiel-{proc.pid}"  # the sibling folder this build writes into
        t0 = time.perf_counter()
        while proc.poll() is None and not moment(time.perf_counter() - t0, own):
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        assert _listing(site) == before, f"site abîmé par un arrêt « {name} »"
        print(f"arrêt « {name} » : site intact, dossier partiel laissé : {own.exists()}")
        killed_while_writing += own.exists()
    assert killed_while_writing >= 2  # the kills fell while the build was writing its sibling folder
    law = tmp_path / "corpus" / "lois" / "50.md"
    good = law.read_text(encoding="utf-8")
    word = word_no_statement_rests_on(load_corpus(tmp_path / "corpus"), 50)  # no statement's words change
    law.write_text(good.replace("---\n", "", 1), encoding="utf-8")
    bad = mkdocs_build(site, config, extra_env=no_cache)
    assert bad.returncode != 0 and "50.md" in bad.stderr and "Traceback" not in bad.stderr
    assert _listing(site) == before
    law.write_text(good.replace(word, f"{word} (MARQUE)", 1), encoding="utf-8")
    again = mkdocs_build(site, config, extra_env=no_cache)
    assert again.returncode == 0, again.stderr
    assert "(MARQUE)" in (site / "lois" / "50" / "index.html").read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if ".partiel-" in p.name]


# ---------------------------------------------------------------------- a CLI that starts fast

def test_cli_declares_every_command_without_heavy_imports():
    """Declaring every subcommand (`lois --help`) imports no YAML, Markdown, whoosh, Jinja2 or MkDocs: each
    subcommand imports what it uses when it runs."""
    import subprocess
    import sys

    from conftest import project_env

    code = ("import sys\nfrom lois.adapters.cli import build_parser\np = build_parser(None)\n"
            "assert all(c in p.format_help() for c in ('cherche', 'arbitre', 'permaliens', 'verifie'))\n"
            "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    r = subprocess.run([sys.executable, "-c", code], env=project_env(), capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    loaded = set(r.stdout.split())
    assert "lois" in loaded
    assert not loaded & {"yaml", "markdown_it", "whoosh", "jinja2", "mkdocs"}, loaded


def test_search_command_imports_only_the_search():
    import subprocess
    import sys

    from conftest import ROOT, project_env, run_lois

    assert run_lois("cherche", "27B1b").returncode == 0  # the index is built (or already in the cache)
    corpus = str(ROOT / "corpus")  # named: the option's value is not taken for the command
    code = (f"import sys\nfrom lois.adapters.cli import main\nrc = main(['--corpus', {corpus!r}, 'cherche', '27B1b'])\n"
            "print(rc, ' '.join(sorted(sys.modules)))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=project_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    rc, _, mods = r.stdout.strip().splitlines()[-1].partition(" ")
    assert rc == "0" and "whoosh" in {m.split(".")[0] for m in mods.split()}
    assert not {m.split(".")[0] for m in mods.split()} & {"yaml", "markdown_it", "jinja2", "mkdocs", "pydantic"}, mods
    others = [m for m in mods.split() if m.startswith("lois.features.") and m.split(".")[2] not in ("search", "_cli")]
    assert not others, others  # no other feature's commands declared
    # nor what dataclasses, pathlib, argparse and type hints would bring (lois/__init__.py, TYPE_CHECKING)
    assert not set(mods.split()) & {"inspect", "ast", "dis", "tokenize", "typing", "urllib.parse", "ipaddress",
                                    "gettext"}, mods


def test_stdlib_modules_imported_later_work_as_usual():
    """`import lois` imports dataclasses without inspect, pathlib without urllib.parse, argparse without gettext
    (lois/__init__.py); what they use those for still works: a dataclass without a docstring gets its signature as
    docstring, ``Path.as_uri`` quotes, argparse writes its messages; and each module imported afterwards is the real
    one."""
    import subprocess
    import sys

    from conftest import project_env

    code = ("import sys, types\nimport lois, dataclasses\nassert 'inspect' not in sys.modules\n"
            "@dataclasses.dataclass\nclass A:\n    x: int\n    y: str = 'b'\n"
            "print(A.__doc__)\nimport inspect\nprint(type(inspect) is types.ModuleType, inspect.getsource is not None,"
            " str(inspect.signature(A)), dataclasses.inspect.signature is inspect.signature)\n"
            "import pathlib, argparse\nassert not {'urllib.parse', 'gettext'} & set(sys.modules)\n"
            "print(pathlib.Path('/a b/é').as_uri())\n"
            "p = argparse.ArgumentParser(prog='x')\np.add_argument('--n', type=int)\n"
            "try:\n    p.parse_args(['--n', 'z'])\nexcept SystemExit:\n    pass\n"
            "import urllib.parse, gettext\nprint(type(urllib.parse) is type(gettext) is types.ModuleType,"
            " urllib.parse.quote('a b'), gettext.gettext('x'))")
    r = subprocess.run([sys.executable, "-c", code], env=project_env(), capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    expected = ["A(x: int, y: str = 'b')", "True True (x: int, y: str = 'b') -> None True", "file:///a%20b/%C3%A9",
                "True a%20b x"]
    assert r.stdout.splitlines() == expected, r.stdout
    assert r.stderr.splitlines()[-1] == "x: error: argument --n: invalid int value: 'z'", r.stderr


def test_verifie_of_an_unchanged_corpus_imports_no_library(tmp_path):
    """The verdict of an unchanged corpus is written again (lois.core.statcache) without loading the corpus: no
    YAML, Markdown, pydantic or whoosh."""
    import subprocess
    import sys

    from conftest import ROOT, project_env, run_lois

    env = {"LOIS_CACHE": str(tmp_path)}
    first = run_lois("verifie", env=env)
    assert first.returncode == 0 and first.stdout.startswith("Corpus valide"), first.stderr
    code = ("import sys\nfrom lois.adapters.cli import main\nrc = main(['verifie'])\n"
            "print(rc, ' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=project_env(**env), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    *out, last = r.stdout.strip().splitlines()
    rc, _, mods = last.partition(" ")
    assert rc == "0" and "\n".join(out) + "\n" == first.stdout, r.stdout
    assert not set(mods.split()) & {"yaml", "markdown_it", "jinja2", "mkdocs", "pydantic", "whoosh"}, mods


# ---------------------------------------------------------------------- each page loads the scripts it uses

def test_widget_scripts_load_only_on_the_pages_of_their_widgets(built_site, model):
    """A law page, the home page or a note loads no widget's script; a checklist loads the runner and the record
    button, the calculators their code and the record button, the records' page the records, the training page
    its own: nothing else; and every page of the site's theme, the scripts every page needs."""
    import re

    from lois.features.checklists.model import load_checklists

    def scripts(html: str) -> set[str]:
        """The site's scripts a page loads, those of its bundle of scripts by the name each has in it."""
        names = set(re.findall(r'<script[^>]* src="[^"]*assets/lois/([\w.-]+\.js)"', html))
        for bundle in [n for n in names if n.startswith("site.")]:
            names.remove(bundle)
            text = (built_site / "assets" / "lois" / bundle).read_text(encoding="utf-8")
            names |= set(re.findall(r"^/\* assets/lois/([\w-]+\.js) \*/$", text, re.M))
        return names

    record = {"fiche-schema.js", "fiche.js"}
    lists = load_checklists(model.root, model)
    expected = {f"checklists/{name}/index.html": {"checklists.js"} | record for name in lists}
    expected |= {"calculs/marque-ajustee/index.html": {"scores.js"} | record, "fiches/index.html": record,
                 "entrainement/index.html": {"training.js"}}
    widget = {"checklists.js", "scores.js", "training.js"} | record
    every = scripts((built_site / "index.html").read_text(encoding="utf-8"))
    assert {"search-box.js", "card.js", "lois.js", "offline.js"} <= every and not every & widget
    # the search itself (36 KB) is fetched by the header's box when a reader is about to search (search-box.js),
    # under the name of its content that each page gives (the page's own build, never the next one's)
    assert "search.js" not in every
    named = set()
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 50 and set(expected) <= {p.relative_to(built_site).as_posix() for p in pages}
    themed = 0
    for page in pages:
        rel, html = page.relative_to(built_site).as_posix(), page.read_text(encoding="utf-8")
        assert scripts(html) & widget == expected.get(rel, set()), rel
        if "assets/javascripts/bundle." in html:  # not the club demo, a page of its own
            themed += 1
            assert every <= scripts(html), rel
            named |= set(re.findall(r'<meta name="lois-search-script" content="[^"]*assets/lois/([\w.-]+\.js)">', html))
    assert themed > 50
    assert len(named) == 1 and re.fullmatch(r"search\.[0-9a-f]{10}\.js", next(iter(named)))
    assert "window.loisSearch=" in (built_site / "assets" / "lois" / next(iter(named))).read_text(encoding="utf-8")


def test_site_styles_in_one_file_and_widget_styles_only_on_their_pages(built_site):
    """Every themed page links the site's stylesheets as one file (lois.render.site.SiteBuild.bundle), which holds
    them all but the widgets'; a widget's stylesheet is linked by the pages of that widget only."""
    def own_styles(html: str) -> list[str]:
        return re.findall(r'<link rel="stylesheet" href="[^"]*assets/lois/([\w.-]+\.css)"', html)

    law = own_styles((built_site / "lois" / "50" / "index.html").read_text(encoding="utf-8"))
    assert len(law) == 1 and re.fullmatch(r"site\.[0-9a-f]{10}\.css", law[0]), law
    bundle = (built_site / "assets" / "lois" / law[0]).read_text(encoding="utf-8")
    held = set(re.findall(r"^/\* assets/lois/([\w-]+\.css) \*/$", bundle, re.M))
    assert {"lois.css", "card.css", "search.css"} <= held
    assert not held & {"training.css", "tents.css", "scores.css", "checklists.css"}
    training = (built_site / "entrainement" / "index.html").read_text(encoding="utf-8")
    assert own_styles(training) == [law[0], "training.css"]
    assert own_styles((built_site / "chevalets" / "index.html").read_text(encoding="utf-8")) == [law[0], "tents.css"]
    runner = (built_site / "checklists" / "renonce" / "index.html").read_text(encoding="utf-8")
    assert own_styles(runner)[:2] == [law[0], "checklists.css"]
    for page in ("que-faire-si", "calculs/marque-ajustee"):  # a checklist's first question, a calculator's citations
        assert "checklists.css" in own_styles((built_site / page / "index.html").read_text(encoding="utf-8")), page
