"""Read a built site: pages, ids, links, text (used by the tests and by `bench/`)."""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (tag, url)
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a and a["id"]:
            self.ids.add(a["id"])
        if "name" in a and tag == "a":
            self.ids.add(a["name"])
        for key in ("href", "src"):
            if a.get(key) and tag in ("a", "link", "script", "img", "iframe", "source", "use"):
                self.links.append((tag, a[key]))
        if tag in ("script", "style") or "lois-footref" in (a.get("class") or ""):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "sup") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def read_site(root: Path) -> dict[str, _Page]:
    pages = {}
    for f in root.rglob("*.html"):
        p = _Page()
        p.feed(f.read_text(encoding="utf-8"))
        pages[f.relative_to(root).as_posix()] = p
    return pages


def resolve(root: Path, page: str, url: str) -> tuple[str | None, str]:
    """(site file the link points to, fragment); None for another host."""
    parsed = urlparse(url)
    if parsed.scheme in ("http", "https") or url.startswith("//"):
        return None, ""
    if parsed.scheme in ("mailto", "data", "javascript", "blob", "tel"):
        return "", ""
    base = "http://site.invalid/" + page
    target = urlparse(urljoin(base, url))
    path = unquote(target.path.lstrip("/"))
    if path == "" or path.endswith("/"):
        path += "index.html"
    elif not (root / path).exists() and (root / path / "index.html").exists():
        path += "/index.html"
    return path, unquote(target.fragment)


def normalize(text: str) -> str:
    text = html.unescape(text).replace("’", "'").replace("\u00a0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", text).strip().casefold()


def squash(text: str) -> str:
    """Normalized text without any whitespace: compares text split across HTML elements."""
    return re.sub(r"\s+", "", normalize(text))


def declared_external_links(corpus: Path | None = None) -> set[str]:
    """The only other hosts a page may link to (a plain link, never a request): the publisher of the official
    edition and the pages where the titles were read, as declared in corpus/edition.yaml."""
    from lois.core.edition import load_edition

    ed = load_edition(corpus or Path(__file__).resolve().parents[1] / "corpus")
    return {ed.publisher.get("url")} | {t.url for t in ed.titles.values() if t.url}
