"""The build cache (lois.render.buildcache) and the archive's writer: a build that takes the generated site from
the cache writes exactly what a first build writes, and a change to the corpus or to the code is never
served from it."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, mkdocs_build, project_env

from lois.render import buildcache
from lois.features.offline import archive

FROM_CACHE = "pages générées reprises du cache"
BAD = ROOT / "tests" / "fixtures" / "bad_corpus"


def _project(tmp_path: Path) -> Path:
    proj = tmp_path / "projet"
    shutil.copytree(ROOT / "site_src", proj / "site_src")
    shutil.copy(ROOT / "mkdocs.yml", proj / "mkdocs.yml")
    shutil.copytree(ROOT / "corpus", proj / "corpus")
    return proj


def _build(proj: Path, dest: Path, cache: Path, **env):
    res = mkdocs_build(dest, config=proj / "mkdocs.yml", extra_env={"LOIS_CACHE": str(cache), **env},
                       verbose=True)
    return res


def _tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _same(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))


@pytest.fixture(scope="module")
def three_builds(tmp_path_factory):
    """The real project built three times: first build, again with its cache, and with the cache off."""
    tmp = tmp_path_factory.mktemp("cache")
    proj = _project(tmp)
    cache = tmp / "cache"
    out = {}
    for name, env in (("first", {}), ("cached", {}), ("off", {"LOIS_CACHE_SITE": "0"})):
        res = _build(proj, tmp / name, cache if name != "off" else tmp / "cache-off", **env)
        assert res.returncode == 0, res.stderr
        out[name] = (res, _tree(tmp / name))
    return proj, cache, out


def test_cached_build_writes_exactly_what_a_first_build_writes(three_builds):
    _proj, cache, out = three_builds
    first, cached, off = (out[k] for k in ("first", "cached", "off"))
    assert FROM_CACHE not in first[0].stderr and FROM_CACHE in cached[0].stderr and FROM_CACHE not in off[0].stderr
    assert len(first[1]) > 100
    assert _same(first[1], cached[1]) == []
    assert _same(first[1], off[1]) == []
    assert len(list((cache / "site").glob("*.pickle"))) == 1
    assert not (cache / "archive").exists()  # the archive is streamed by zipfile each time: no entry cache


def test_a_changed_corpus_is_never_served_from_the_cache(three_builds, tmp_path, model):
    from conftest import word_no_statement_rests_on

    proj, cache, out = three_builds
    law = proj / "corpus" / "lois" / "50.md"
    before = law.read_text(encoding="utf-8")
    word = word_no_statement_rests_on(model, 50)  # changing it leaves every statement's words in the text
    assert word in before
    law.write_text(before.replace(word, "zorglubisation", 1), encoding="utf-8")
    try:
        res = _build(proj, tmp_path / "changed", cache)
        assert res.returncode == 0, res.stderr
        assert FROM_CACHE not in res.stderr
        page = (tmp_path / "changed" / "lois" / "50" / "index.html").read_text(encoding="utf-8")
        index = "".join(p.read_text(encoding="utf-8")
                        for p in (tmp_path / "changed" / "assets" / "lois" / "recherche").rglob("*.json"))
        assert "zorglubisation" in page and "zorglub" in index
        with zipfile.ZipFile(tmp_path / "changed" / "hors-ligne" / "code-bridge-2017-hors-ligne.zip") as zf:
            assert b"zorglubisation" in zf.read("code-bridge-2017-hors-ligne/lois/50/index.html")
    finally:
        law.write_text(before, encoding="utf-8")
    res = _build(proj, tmp_path / "back", cache)  # the earlier entry is still there (KEEP entries are kept)
    assert res.returncode == 0 and FROM_CACHE in res.stderr, res.stderr
    assert _same(_tree(tmp_path / "back"), out["first"][1]) == []


def test_a_broken_corpus_is_refused_even_with_a_cache(three_builds, tmp_path):
    proj, cache, _out = three_builds
    cases = yaml.safe_load((BAD / "manifest.yaml").read_text(encoding="utf-8"))
    case = next(c for c in cases if c["file"].startswith("checklists/"))  # checked while the site is generated
    target = proj / "corpus" / case["file"]
    before = target.read_bytes()
    shutil.copyfile(BAD / case["source"], target)
    try:
        res = _build(proj, tmp_path / "site", cache)
    finally:
        target.write_bytes(before)
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert case["message"] in res.stderr and f"ligne {case['line']}" in res.stderr
    assert not (tmp_path / "site").exists() or not any((tmp_path / "site").iterdir())


def test_a_damaged_cache_is_ignored(three_builds, tmp_path):
    proj, cache, out = three_builds
    damaged = tmp_path / "cache"
    shutil.copytree(cache, damaged)
    for entry in (damaged / "site").glob("*.pickle"):
        entry.write_bytes(entry.read_bytes()[:1000])
    res = _build(proj, tmp_path / "site", damaged)
    assert res.returncode == 0, res.stderr
    assert FROM_CACHE not in res.stderr
    assert _same(_tree(tmp_path / "site"), out["first"][1]) == []


def _key(corpus: Path, urls: bool = True) -> str | None:
    """The key of a build that read every file of ``corpus`` (as loading it reads its files: one guarded read
    each, recorded)."""
    from lois.core import safeio

    with safeio.recording() as reads:
        for f in sorted(corpus.rglob("*")):
            if f.is_file():
                safeio.read_bytes(f)
    return buildcache.cache_key(reads, corpus, urls)


def test_the_key_follows_the_corpus_the_code_and_the_options(tmp_path, monkeypatch):
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    package = tmp_path / "lois"
    shutil.copytree(buildcache.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(buildcache, "PACKAGE", package)
    monkeypatch.setattr(buildcache, "_package_digest", None)
    key = _key(corpus)
    assert _key(corpus) == key
    assert _key(corpus, False) != key
    glossary = next(corpus.rglob("*.yaml"))
    glossary.write_bytes(glossary.read_bytes() + b"\n")
    assert _key(corpus) != key
    glossary.write_bytes(glossary.read_bytes()[:-1])
    assert _key(corpus) == key
    (corpus / "lois" / "nouveau.md").write_text("x", encoding="utf-8")  # a file added (and read)
    assert _key(corpus) != key
    (corpus / "lois" / "nouveau.md").unlink()
    assert _key(corpus) == key
    js = next(package.rglob("*.js"))
    js.write_bytes(js.read_bytes() + b" ")  # the code or an asset of the package: read once per process
    assert _key(corpus) == key
    monkeypatch.setattr(buildcache, "_package_digest", None)  # another process
    assert _key(corpus) != key


def test_the_key_is_made_of_the_bytes_read_not_of_a_second_read(tmp_path):
    """The key of what a build read; a file saved after the read changes nothing to it; a file read twice with
    other bytes (saved between the two reads) gives no key at all."""
    from lois.core import safeio

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    law = corpus / "lois" / "50.md"
    key = _key(corpus)
    with safeio.recording() as reads:
        for f in sorted(corpus.rglob("*")):
            if f.is_file():
                safeio.read_bytes(f)
    law.write_bytes(law.read_bytes() + b"\nsauvegarde\n")  # saved once the corpus was read
    assert buildcache.cache_key(reads, corpus, True) == key
    assert _key(corpus) != key  # the next build reads the new bytes
    with safeio.recording() as twice:
        safeio.read_bytes(law)
        law.write_bytes(law.read_bytes() + b"encore\n")
        safeio.read_bytes(law)
    assert twice[str(law)] is None and buildcache.cache_key(twice, corpus, True) is None


def _law_page(plugin) -> str:
    return plugin.site.files["lois/50.md"].page.body


def _serving(corpus: Path):
    """The plugin as `mkdocs serve` runs it, on a project whose corpus is ``corpus``; the returned function is one
    rebuild (MkDocs calls on_config again after a save)."""
    from mkdocs.config import load_config

    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("docs_dir: site_src", f"docs_dir: {ROOT / 'site_src'}")
    text = text.replace("custom_dir: site_src/overrides", f"custom_dir: {ROOT / 'site_src' / 'overrides'}")
    (corpus.parent / "mkdocs.yml").write_text(text, encoding="utf-8")
    plugin = None

    def rebuild():
        nonlocal plugin
        config = load_config(str(corpus.parent / "mkdocs.yml"))
        if plugin is None:  # one plugin across rebuilds, as under `mkdocs serve`
            plugin = config.plugins["lois"]
            plugin.on_startup(command="serve", dirty=False)
        plugin.on_config(config)
        return plugin

    return rebuild


def test_a_save_during_a_build_is_never_lost(tmp_path, monkeypatch, model):
    """Issue 36, made deterministic: under `mkdocs serve`, a law saved after the corpus was read and before the
    cache's key was made (two saves 0.6 s apart) — the build under way shows the text it read, the next one (the
    one the save starts) the new text, never the old site under the new key. A file read only while the pages are
    generated (the lexicon), saved then, is read again before the cached site is used."""
    from conftest import word_no_statement_rests_on
    from lois.adapters import mkdocs_plugin as mp

    monkeypatch.setenv("LOIS_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    law = corpus / "lois" / "50.md"
    before = law.read_text(encoding="utf-8")
    word = word_no_statement_rests_on(model, 50)
    real_check = mp.check_corpus

    def check_then_save(m):  # the save lands once the corpus is read, before the key is made
        out = real_check(m)
        law.write_text(before.replace(word, "zorglubisation", 1), encoding="utf-8")
        return out

    restored = []
    real_restore = buildcache.restore
    monkeypatch.setattr(buildcache, "restore", lambda *a: restored.append(real_restore(*a)) or restored[-1])
    monkeypatch.setattr(mp, "check_corpus", check_then_save)
    rebuild = _serving(corpus)
    plugin = rebuild()
    assert plugin.corpus_error is None and "zorglubisation" not in _law_page(plugin)  # what it read
    monkeypatch.setattr(mp, "check_corpus", real_check)
    rebuild()  # the build the save started
    assert "zorglubisation" in _law_page(plugin) and restored == [False, False]
    rebuild()  # nothing changed: from the cache
    assert "zorglubisation" in _law_page(plugin) and restored[-1] is True

    lexicon = corpus / "lexique.yaml"
    real_build = mp.site_mod.SiteBuild.build

    def build_then_save(self):  # the lexicon is read while the pages are generated; saved right after
        real_build(self)
        lexicon.write_text(lexicon.read_text(encoding="utf-8") + "\n# sauvegarde\n", encoding="utf-8")

    law.write_text(before.replace(word, "zorglubide", 1), encoding="utf-8")  # a text no entry was built from
    monkeypatch.setattr(mp.site_mod.SiteBuild, "build", build_then_save)
    rebuild()
    monkeypatch.setattr(mp.site_mod.SiteBuild, "build", real_build)
    assert restored[-1] is False and "zorglubide" in _law_page(plugin)
    rebuild()  # same law texts as the entry just stored, but its lexicon is not the one on the disk
    assert restored[-1] is False
    rebuild()
    assert restored[-1] is True


def test_the_key_covers_every_library_the_package_imports(tmp_path, monkeypatch):
    """Each third-party distribution whose modules the package has loaded once every feature's code ran is in
    the key (MkDocs and its theme aside: the cache holds what the package generates), and its version counts."""
    import json
    import subprocess
    import sys
    from importlib import metadata

    # in a process of its own: this one holds what other tests imported (whoosh's own dependencies, say)
    walk = ("import importlib, json, pkgutil, sys, lois\n"
            "for mod in pkgutil.walk_packages(lois.__path__, 'lois.'):\n"
            "    importlib.import_module(mod.name)\n"
            "print(json.dumps(sorted(n for n in sys.modules if '.' not in n and n not in sys.stdlib_module_names)))")
    res = subprocess.run([sys.executable, "-c", walk], capture_output=True, text=True, cwd=ROOT, env=project_env(),
                         timeout=120)
    assert res.returncode == 0, res.stderr
    owners = metadata.packages_distributions()
    used = {d for name in json.loads(res.stdout) for d in owners.get(name, ())}
    test_only = {"pytest", "hypothesis", "playwright", "jsonschema", "reportlab", "mypy", "ruff", "pluggy", "iniconfig",
                 "attrs", "sortedcontainers", "greenlet", "pyee", "pygments", "packaging", "typing_extensions",
                 "typing-extensions", "annotated-types", "typing-inspection", "pytest-timeout", "lois-bridge",
                 "referencing", "jsonschema-specifications", "rpds-py", "_pytest", "charset-normalizer",
                 "pillow"}
    theme = {"mkdocs", "mkdocs-material", "mkdocs-get-deps", "click", "watchdog", "ghp-import", "markdown",
             "mergedeep", "pathspec", "platformdirs", "pyyaml-env-tag", "python-dateutil", "six", "babel",
             "backrefs", "paginate", "pymdown-extensions", "requests", "urllib3", "idna", "certifi", "colorama"}
    norm = lambda n: n.lower().replace("_", "-")  # noqa: E731
    covered = {norm(n) for n in buildcache.LIBRARIES}
    missing = {d for d in used if norm(d) not in covered | {norm(n) for n in test_only | theme | {"setuptools"}}}
    assert not missing, f"bibliothèques importées absentes de la clé du cache : {sorted(missing)}"
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    key = _key(corpus)
    real = buildcache._version
    monkeypatch.setattr(buildcache, "_version", lambda n: "0.0" if n == "MarkupSafe" else real(n))
    assert _key(corpus) != key  # another MarkupSafe: another key


def _stream_zip(dest, entries):
    stream = archive.ZipStream(dest, "d", 6)
    for name, data in entries:
        stream.add(name, data)
    return stream, stream.close()


def test_archive_entries_kept_across_builds_are_the_same_bytes(tmp_path, monkeypatch):
    """Under `mkdocs serve` the writer keeps each file's compressed entries (``kept``): the archive holds what
    ``ZipFile.writestr`` writes (the same entries, headers and contents; a JSON file and its twin share their
    deflated data), and a second archive reuses the entries of the files that did not change, byte for byte."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    page = ('<html><head><meta charset="utf-8"></head><a href="../">x</a>' + "é" * 3000).encode("utf-8")
    entries = [("règles/énoncé.html", page), ("a.json", b'{"a": 1}'), ("LISEZMOI.txt", b"lire " * 500)]
    with zipfile.ZipFile(tmp_path / "ref.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for entry, content in [(archive.FILE_MODE_SCRIPT, archive.file_mode_script())] + [
                e for name, data in entries for e in archive.copy_entries(name, data, archive.script_src_for(name))]:
            zf.writestr(archive.entry_info("d/" + entry, archive.zip_time()), content, compresslevel=6)
    first = archive.ZipStream(tmp_path / "a.zip", "d", 6, kept={})
    for name, data in entries:
        first.add(name, data)
    first.close()

    def held(path):
        with zipfile.ZipFile(path) as zf:
            assert zf.testzip() is None  # every entry's CRC
            return [(i.filename, i.date_time, i.create_system, i.external_attr, i.compress_type, zf.read(i))
                    for i in zf.infolist()]
    assert held(tmp_path / "a.zip") == held(tmp_path / "ref.zip")
    second = archive.ZipStream(tmp_path / "b.zip", "d", 6, kept=first.kept_now)  # (its first entry: at __init__)
    monkeypatch.setattr(archive, "deflated", lambda *a: pytest.fail("entrée compressée de nouveau"))
    for name, data in entries:
        second.add(name, data)
    second.close()
    assert (tmp_path / "b.zip").read_bytes() == (tmp_path / "a.zip").read_bytes()


def test_archive_reads_again_only_the_files_whose_stat_changed(tmp_path, monkeypatch):
    """Under `mkdocs serve` the writer keeps each file's stat beside its entries (``seen``): a file whose stat is the
    one it had when read for the previous archive is not read again; one rewritten (the same size), one saved just
    before its reading (its stat may not change with its next save) and one removed are, and the archive is the one
    made afresh from the files."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    site = tmp_path / "site"
    site.mkdir()
    files = {"a.html": '<html><head><meta charset="utf-8"></head><a href="../">x</a>'.encode(),
             "b.json": b'{"b": 1}', "c.txt": b"c" * 500}
    for name, data in files.items():
        (site / name).write_bytes(data)
        os.utime(site / name, ns=(10**18, 10**18))  # (a later write changes the stat, within the clock's tick too)
    read: list[str] = []
    real_read = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes",
                        lambda self: (self.parent == site and read.append(self.name), real_read(self))[1])

    def archive_of(dest, before, racy_ns):
        monkeypatch.setattr(archive, "RACY_NS", racy_ns)
        read.clear()
        stream = archive.ZipStream(dest, "d", 6, kept=before[0] if before else {}, seen=before[1] if before else {})
        for name in sorted(files):
            stream.add_file(name, site / name)
        stream.close()
        return stream.kept_now, stream.seen_now

    first = archive_of(tmp_path / "1.zip", None, 0)
    assert read == ["a.html", "b.json", "c.txt"]
    assert archive_of(tmp_path / "2.zip", first, 0) and read == []
    assert (tmp_path / "2.zip").read_bytes() == (tmp_path / "1.zip").read_bytes()
    files["b.json"] = b'{"b": 2}'
    (site / "b.json").write_bytes(files["b.json"])
    after = archive_of(tmp_path / "3.zip", first, 0)
    assert read == ["b.json"]
    archive_of(tmp_path / "4.zip", after, 10**12)  # every file's times within its reading's margin
    assert read == ["a.html", "b.json", "c.txt"]
    fresh = archive_of(tmp_path / "5.zip", None, 0)
    assert (tmp_path / "3.zip").read_bytes() == (tmp_path / "5.zip").read_bytes()
    del files["c.txt"]
    (site / "c.txt").unlink()
    (site / "c.txt").write_bytes(b"d" * 500)  # another file, the same size, maybe the same inode
    files["c.txt"] = b"d" * 500
    archive_of(tmp_path / "6.zip", fresh, 0)
    assert "c.txt" in read
    with zipfile.ZipFile(tmp_path / "6.zip") as zf:
        assert zf.read("d/c.txt") == b"d" * 500


def test_archive_entries_in_order_and_fixed(tmp_path, monkeypatch):
    """The archive's writer: entries under the folder in the order given, fixed times and permissions, UTF-8
    names, pages ready for file://, JSON twins, the same bytes twice; the digests and sizes of what it was given
    (the service worker's list)."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    page = '<html><head><meta charset="utf-8"></head><a href="../">x</a>'.encode("utf-8")
    entries = [("règles/énoncé.html", page), ("a.json", b'{"a": 1}'), ("LISEZMOI.txt", b"lire")]
    stream, n = _stream_zip(tmp_path / "a.zip", entries)
    _stream_zip(tmp_path / "b.zip", entries)
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    assert stream.sizes == {name: len(data) for name, data in entries}
    assert stream.digests["a.json"] == hashlib.sha256(b'{"a": 1}').digest()
    with zipfile.ZipFile(tmp_path / "a.zip") as zf:
        infos = zf.infolist()
        names = [i.filename for i in infos]
        assert len(names) == n
        assert names == ["d/" + archive.FILE_MODE_SCRIPT, "d/règles/énoncé.html", "d/a.json", "d/a.json.js",
                         "d/LISEZMOI.txt"]
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert {i.external_attr >> 16 for i in infos} == {0o100644}
        assert [bool(i.flag_bits & 0x800) for i in infos] == [False, True, False, False, False]
        assert b'href="../index.html"' in zf.read("d/règles/énoncé.html")
        assert zf.read("d/a.json.js").startswith(b"(window.loisFichiers")
        assert zf.testzip() is None
    unzip = shutil.which("unzip")
    if unzip:
        r = subprocess.run([unzip, "-tqq", str(tmp_path / "a.zip")], capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


def test_archive_writer_that_cannot_write_is_an_error_and_leaves_nothing(tmp_path, model):
    """A writer that cannot write (its folder cannot be made: a file has that name) is an OSError, and the
    offline step says it in French, leaving the site as built; abort() removes a partial archive."""
    from lois.core.errors import LoisError
    from lois.features.offline import site as offline
    from lois.render.site import SiteBuild

    (tmp_path / "occupe").write_text("un fichier, pas un dossier")
    with pytest.raises(OSError):
        archive.ZipStream(tmp_path / "occupe" / "a.zip", "d", 6)
    assert (tmp_path / "occupe").read_text() == "un fichier, pas un dossier"
    stream = archive.ZipStream(tmp_path / "dossier" / "a.zip", "d", 6)
    stream.add("a.html", b"<html></html>")
    stream.abort()
    assert list((tmp_path / "dossier").iterdir()) == []
    site_dir = tmp_path / "site"
    (site_dir / "hors-ligne").mkdir(parents=True)
    (site_dir / "index.html").write_text("<html></html>", encoding="utf-8")
    (site_dir / "hors-ligne" / "index.html").write_text(f"<p>{offline.PLACEHOLDER}</p>", encoding="utf-8")
    (site_dir / "hors-ligne" / f".{offline.FOLDER}.zip.{__import__('os').getpid()}.tmp").mkdir()  # in the way
    before = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*"))
    with pytest.raises(LoisError) as err:
        offline.finish(SiteBuild(model), site_dir)
    assert str(err.value).endswith("écriture de l'archive impossible (c'est un dossier)")
    assert sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*")) == before


def _theme_context(cfg) -> dict:
    """Enough of MkDocs' template context for base.html to render outside a build."""
    from mkdocs.commands.build import get_context
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import get_navigation

    files = Files([])
    return dict(get_context(get_navigation(files, cfg), files, cfg), page=None)


def test_theme_templates_are_compiled_once_per_source(tmp_path):
    """The theme's templates keep their compiled code between builds (lois.render.templates.keep_compiled, set
    by the adapter's on_env): a second build compiles none of them; a template whose source changed, or an
    environment with other options, compiles again."""
    from mkdocs.config import load_config

    from lois.render import templates

    cfg = load_config(str(ROOT / "mkdocs.yml"))
    compiled = []

    def theme_env():
        env = templates.keep_compiled(cfg.theme.get_env())
        compile_ = env.compile
        env.compile = lambda source, name=None, filename=None, *a, **k: (compiled.append(name),
                                                                         compile_(source, name, filename, *a, **k))[1]
        return env

    theme_env().get_template("main.html")
    compiled.clear()
    theme_env().get_template("main.html")
    assert compiled == []  # main.html, base.html and every partial come from the cache
    other = cfg.theme.get_env()
    other.trim_blocks = True  # compiled code depends on the syntax options: not shared
    templates.keep_compiled(other)
    assert other.bytecode_cache.pattern != theme_env().bytecode_cache.pattern
    custom = tmp_path / "overrides"
    custom.mkdir()
    (custom / "main.html").write_text('{% extends "base.html" %}{# v1 #}', encoding="utf-8")
    cfg.theme.dirs.insert(0, str(custom))
    theme_env().get_template("main.html")
    (custom / "main.html").write_text('{% extends "base.html" %}{# v2 #}', encoding="utf-8")
    compiled.clear()
    theme_env().get_template("main.html")
    assert compiled == ["main.html"]
    # a damaged entry, or one that cannot be written, never stops a build: the template is compiled again
    env = theme_env()
    bucket = env.bytecode_cache.get_bucket(env, "main.html", str(custom / "main.html"),
                                           (custom / "main.html").read_text(encoding="utf-8"))
    entry = Path(env.bytecode_cache._get_cache_filename(bucket))
    assert entry.is_file()
    entry.write_bytes(entry.read_bytes()[:40])  # the right header, then cut short
    compiled.clear()
    env.get_template("main.html").render(**_theme_context(cfg))
    assert compiled == ["main.html"]
    env = theme_env()
    env.bytecode_cache.directory = str(tmp_path / "absent")  # nowhere to write
    (custom / "main.html").write_text('{% extends "base.html" %}{# v3 #}', encoding="utf-8")
    compiled.clear()
    env.get_template("main.html")
    assert compiled == ["main.html"]
