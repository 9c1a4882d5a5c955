"""Site contribution: the « Hors ligne » page and its script, and the post-build step (:func:`finish`) that
writes the service worker, the list of files to save and the downloadable archive into the built site."""
from __future__ import annotations

import hashlib
import json
import os
import posixpath
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from lois.core import safeio
from lois.core.errors import LoisError
from lois.render.site import BUILD_FILE, SiteBuild
from lois.render.htmlpage import render_page
from lois.render.templates import render
from lois.render.typo_html import html_spacing
from lois.features.offline import archive
from lois.features.offline.serviceworker import (LIVE_VERSION, MANIFEST_PATH, SW_PATH, content_version, manifest,
                                                page_assets, page_url, service_worker)

PAGE = "hors-ligne.md"
SCRIPT = "assets/lois/offline.js"  # every page: the service worker, the notice of a new version
PAGE_SCRIPT = "assets/lois/offline-page.js"  # the « Hors ligne » page: « Enregistrer tout le code sur cet appareil »
STYLE = "assets/lois/offline.css"  # every page: the notice of a new version
PAGE_STYLE = "assets/lois/offline-page.css"  # the « Hors ligne » page
FOLDER = "code-bridge-2017-hors-ligne"
ARCHIVE_PATH = f"hors-ligne/{FOLDER}.zip"
ZIP_LEVEL = 6  # zlib level (bench/bench_offline.py prints time and size for levels 1, 6 and 9)
# under `mkdocs serve`, which writes the archive again at each save (a file whose bytes changed is compressed again):
# the fastest level: at ×9, a changed checklists.json (9 MB) is compressed in 0.03 s instead of 0.09 s, to 1.0 MB
# instead of 0.6 MB (an archive for a preview on the author's machine)
LIVE_ZIP_LEVEL = 1
PLACEHOLDER = "%%LOIS_ARCHIVE%%"
SITE_NAME = "Code International de Bridge Duplicate 2017"


def archive_note() -> str:
    """In the downloaded copy, what replaces the archive's link on the « Hors ligne » page."""
    return html_spacing(render("offline/archive_note.html"))


def readme(site_name: str = SITE_NAME) -> str:
    """``LISEZMOI.txt`` of the archive."""
    return render("offline/lisezmoi.txt", site_name=site_name)


def _package_text(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def offline_js(name: str = "offline.js") -> str:
    return _package_text(name).replace("__SW__", json.dumps(SW_PATH)).replace("__MANIFEST__", json.dumps(MANIFEST_PATH))


def contribute(site: SiteBuild) -> None:
    site.add_page(PAGE, render_page("offline/page.html", "Hors ligne", placeholder=PLACEHOLDER, folder=FOLDER))
    site.add_file(SCRIPT, offline_js())
    site.add_file(PAGE_SCRIPT, offline_js("offline-page.js"))
    site.add_file(STYLE, _package_text("offline.css"))
    site.add_file(PAGE_STYLE, _package_text("offline-page.css"))
    site.add_nav("Hors ligne", PAGE)
    site.add_script(SCRIPT)
    site.add_script(PAGE_SCRIPT, only_where=('id="lois-hl-appareil"',))
    site.add_style(STYLE)
    site.add_style(PAGE_STYLE, only_where=('id="lois-hl-appareil"',))


# ---------------------------------------------------------------------- after the build

@dataclass
class Report:
    archive_path: str
    archive_size: int
    files: int
    seconds: float


def _built_file(url: str) -> str:
    return url + "index.html" if url == "" or url.endswith("/") else url


def _size_fr(n: int) -> str:
    return f"{n / 1_000_000:.1f}".replace(".", ",") + " Mo" if n >= 100_000 else f"{max(1, round(n / 1000))} Ko"


def _group(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


def download_block(page_file: str, size: int) -> str:
    href = posixpath.relpath(ARCHIVE_PATH, posixpath.dirname(page_file) or ".")
    return render("offline/download.html", href=href, size=size, size_text=_size_fr(size), bytes_text=_group(size),
                  folder=FOLDER)


def _write_all(site_dir: Path, outputs: dict[str, bytes], ready: dict[str, Path] | None = None) -> None:
    """Write every output next to its place, then move them all in (with ``ready``: files already written
    beside, by destination): nothing half-written on failure."""
    temps: list[tuple[Path, Path]] = [(tmp, site_dir / rel) for rel, tmp in (ready or {}).items()]
    try:
        for rel, data in outputs.items():
            dest = site_dir / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = _temp_beside(dest)
            temps.append((tmp, dest))
            tmp.write_bytes(data)
        for tmp, dest in temps:
            os.replace(tmp, dest)
    except OSError as exc:
        raise LoisError(f"écriture impossible ({safeio.french_error(exc)}) ; le site n'a pas reçu la copie hors ligne",
                        path=str(exc.filename or site_dir)) from None
    finally:
        for tmp, _ in temps:
            if tmp.exists():
                tmp.unlink()


def _temp_beside(dest: Path) -> Path:
    return dest.with_name(f".{dest.name}.{os.getpid()}.tmp")


def _read_built(site_dir: Path, page_file: str, skip: set[str]):
    """(files to carry, home page, « Hors ligne » page) of the built site."""
    try:
        files = archive.site_files(site_dir)
        home = (site_dir / "index.html").read_text(encoding="utf-8")
        chosen = archive.select(files, home, skip=skip)
        if page_file not in chosen:
            raise LoisError("la page « Hors ligne » manque dans le site construit", path=page_file)
        page_html = (site_dir / page_file).read_text(encoding="utf-8")
    except OSError as exc:
        raise LoisError(f"lecture du site construit impossible ({safeio.french_error(exc)})",
                        path=str(exc.filename or site_dir)) from None
    if page_html.count(PLACEHOLDER) != 1:
        raise LoisError("la page « Hors ligne » n'a pas la marque où placer le lien de l'archive", path=page_file)
    return chosen, home, page_html


_kept: dict = {}  # under `mkdocs serve`: the compressed entries of the last archive (archive.ZipStream, kept)
_seen: dict = {}  # … and the stat of each file when read for it, with its digest (archive.ZipStream, seen)


def finish(site: SiteBuild, site_dir: Path, site_name: str = SITE_NAME, level: int = ZIP_LEVEL) -> Report:
    """Write ``sw.js``, the list of files to save and the archive into a built site; put the archive's size
    on the « Hors ligne » page. Raises :class:`LoisError` (French) and leaves the site as built on failure."""
    start = time.perf_counter()
    site_dir = Path(site_dir)
    page_file = _built_file(site.url(PAGE))
    zip_tmp = _temp_beside(site_dir / ARCHIVE_PATH)
    stream: archive.ZipStream | None = None
    try:
        being_written = zip_tmp.relative_to(site_dir).as_posix()
        chosen, home, page_html = _read_built(site_dir, page_file,
                                              {SW_PATH, MANIFEST_PATH, ARCHIVE_PATH, being_written})
        # under `mkdocs serve`, each file's compressed entries kept from one build to the next (its bytes as key)
        stream = archive.ZipStream(zip_tmp, FOLDER, LIVE_ZIP_LEVEL if site.live else level,
                                   kept=_kept if site.live else None, seen=_seen if site.live else None)
        for path in chosen:  # every file of the site, in path order; the « Hors ligne » page after, completed
            if path != page_file:
                stream.add_file(path, site_dir / path)
        built = page_html.encode("utf-8")
        stream.digests[page_file], stream.sizes[page_file] = hashlib.sha256(built).digest(), len(built)
        sw, man = _service_worker(site, site_dir, home, stream.digests, stream.sizes, site_name)
        stream.add(page_file, page_html.replace(PLACEHOLDER, archive_note()).encode("utf-8"), facts=False)
        for name, data in sorted({SW_PATH: sw, MANIFEST_PATH: man, "LISEZMOI.txt": readme().encode("utf-8")}.items()):
            stream.add(name, data, facts=False)
        entries = stream.close()
        if site.live:
            _kept.clear()
            _kept.update(stream.kept_now)  # this build's entries only: the memory of one archive
            _seen.clear()
            _seen.update(stream.seen_now)
        size = zip_tmp.stat().st_size
    except OSError as exc:
        if stream is not None:
            stream.abort()  # it removes the partial archive
        raise LoisError(f"écriture de l'archive impossible ({safeio.french_error(exc)})",
                        path=str(exc.filename or zip_tmp)) from None
    online_page = page_html.replace(PLACEHOLDER, download_block(page_file, size)).encode("utf-8")
    _write_all(site_dir, {SW_PATH: sw, MANIFEST_PATH: man, page_file: online_page}, ready={ARCHIVE_PATH: zip_tmp})
    return Report(ARCHIVE_PATH, size, entries, time.perf_counter() - start)


def _service_worker(site: SiteBuild, site_dir: Path, home: str, digests: dict, sizes: dict,
                    site_name: str) -> tuple[bytes, bytes]:
    """``sw.js`` and the list of files to save, from the digests and sizes of the site's files (and the build the
    pages name, :data:`BUILD_FILE` of the built site)."""
    version = LIVE_VERSION if site.live else content_version(digests)
    urls = {"home": "", "laws": site.url("lois/index.md"), "search": site.url("recherche.md"),
            "offline": site.url(PAGE)}
    core = [page_url(_built_file(u)) for u in urls.values() if _built_file(u) in sizes]
    core += [p for p in page_assets("index.html", home) if p in sizes]
    # not the search data: a first visit downloads none of it; the worker keeps what the queries fetch, and
    # « Enregistrer tout le code » saves all of it (every file of the manifest)
    core.append(MANIFEST_PATH)  # the « Hors ligne » page reads it, also without network
    build = (site_dir / BUILD_FILE).read_text(encoding="utf-8") if BUILD_FILE in sizes else ""
    # under `mkdocs serve` the worker reads the network first anyway, and stays the same from one rebuild to the next
    sw = service_worker(version, list(dict.fromkeys(core)), urls, site_name, live=site.live,
                        build="" if site.live else build).encode("utf-8")
    man = json.dumps(manifest(version, sizes, build), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return sw, man


def post_build(site: SiteBuild, site_dir: Path, site_name: str = SITE_NAME) -> None:
    """Feature hook run by the adapter once the site is written: service worker and archive."""
    finish(site, site_dir, site_name)
