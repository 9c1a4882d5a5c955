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
    edition and the pages where the titles were read, as declared in corpus/edition.yaml, and the pages where the
    register of absent laws was checked (corpus/lois-absentes.yaml, each summary's « basis »)."""
    from lois.core.edition import load_edition
    from lois.render.templates import ADDRESS_IN_TEXT

    corpus = corpus or Path(__file__).resolve().parents[1] / "corpus"
    ed = load_edition(corpus)
    register = ADDRESS_IN_TEXT.findall((corpus / "lois-absentes.yaml").read_text(encoding="utf-8"))
    return {ed.publisher.url if ed.publisher else None} | {t.url for t in ed.titles.values() if t.url} | set(register)


# ---------------------------------------------------------------------- what a reader sees, nothing of the machinery

# Visible text that is not text: markup shown as characters (« <li><a … », an HTML string escaped twice), an
# entity escaped twice (« &amp;#39; » shows as « &#39; »), template syntax or a placeholder left unfilled, and what
# Python or JavaScript print for a missing value.
LEAK = re.compile(r"<[A-Za-z/!]|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);|\{\{|\}\}|\{%|%\}|\{#|#\}|%%[A-Z_]+%%"
                  r"|__[A-Z]+__|\b(?:None|undefined|NaN|null|True|False)\b|\[object \w+\]")
# what a person reads besides the text: tooltips, labels read aloud, image descriptions, field hints
SHOWN_ATTRIBUTES = ("title", "alt", "aria-label", "placeholder")
# elements whose text is not shown (script, style, template) or shows code on purpose (the snippets to copy)
HIDDEN = {"script", "style", "template", "pre", "code"}


class _Visible(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.attributes: list[str] = []
        self._hidden: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in HIDDEN:
            self._hidden.append(tag)
        self.attributes.extend(v for k, v in attrs if k in SHOWN_ATTRIBUTES and v)

    def handle_endtag(self, tag):
        if tag in self._hidden:
            while self._hidden and self._hidden.pop() != tag:
                pass

    def handle_data(self, data):
        if not self._hidden:
            self.text.append(data)


def leaks(text: str, around: int = 50) -> list[str]:
    """The places of ``text`` (a reader's text) that show something of the machinery, each with its context."""
    return [text[max(0, m.start() - around):m.end() + around].replace("\n", " ") for m in LEAK.finditer(text)]


def visible_leaks(html_text: str) -> list[str]:
    """Leaks in what a page shows: its text (outside script, style, template and code) and its tooltips and labels,
    read by a real HTML parser (entities decoded, as the browser shows them)."""
    p = _Visible()
    p.feed(html_text)
    p.close()
    return leaks(" ".join(p.text)) + [f"[attribut] {x}" for a in p.attributes for x in leaks(a)]


def site_leaks(root: Path) -> dict[str, list[str]]:
    """Every page (.html) and text file (.txt) of a built site or of its offline copy whose reader's text leaks."""
    out = {}
    for f in sorted(root.rglob("*")):
        if f.suffix not in (".html", ".txt") or not f.is_file():
            continue
        text = f.read_text(encoding="utf-8")
        found = visible_leaks(text) if f.suffix == ".html" else leaks(text)
        if found:
            out[f.relative_to(root).as_posix()] = found
    return out


# ---------------------------------------------------------------------- French typography of what a reader sees

# elements that end a line of text (their neighbours' texts are not one word): blocks, table cells, SVG text lines
_BREAKS = {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "td", "th", "tr", "table", "h1", "h2", "h3", "h4", "h5",
           "h6", "section", "article", "aside", "nav", "header", "footer", "main", "details", "summary", "form",
           "fieldset", "legend", "label", "option", "select", "button", "br", "hr", "blockquote", "figure",
           "figcaption", "text", "tspan", "title", "body", "html", "head", "svg", "g"}
# the words of a source (a law's text, a commentary): shown as their source writes them, « (s) » included
_SOURCE_WORDS = ("lois-prov-body", "lois-commentary")
_TYPO_HIDDEN = HIDDEN | {"kbd", "samp", "textarea"}


class _Typography(HTMLParser):
    """What a page shows, for the typography check: its text (blocks on their own lines), the text written by the
    site (outside the words of a source) and the tooltips, labels and hints."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.site_text: list[str] = []
        self.attributes: list[str] = []
        self._stack: list[tuple[str, bool, bool]] = []  # (tag, hidden, source words)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.attributes.extend(v for k, v in attrs if k in SHOWN_ATTRIBUTES and v)
        if tag in _BREAKS:
            self.text.append("\n")
            self.site_text.append("\n")
        if tag in VOID:
            return
        hidden = tag in _TYPO_HIDDEN or bool(self._stack and self._stack[-1][1])
        source = any(c in (a.get("class") or "").split() for c in _SOURCE_WORDS) or bool(
            self._stack and self._stack[-1][2])
        self._stack.append((tag, hidden, source))

    def handle_endtag(self, tag):
        if tag in _BREAKS:
            self.text.append("\n")
            self.site_text.append("\n")
        if any(t == tag for t, _, _ in self._stack):
            while self._stack and self._stack.pop()[0] != tag:
                pass

    def handle_data(self, data):
        if self._stack and self._stack[-1][1]:
            return
        self.text.append(data)
        self.site_text.append("\n" if self._stack and self._stack[-1][2] else data)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def typography_faults(html_text: str) -> list[str]:
    """Where a page breaks French typography (lois.core.typo.FAULTS): spaces in its text and its tooltips; « (s) »
    in what the site writes (a source's words stay as they are)."""
    from lois.core.typo import faults

    p = _Typography()
    p.feed(html_text)
    p.close()
    spacing = [f for f in faults("".join(p.text)) if "(s)" not in f]
    plurals = [f for f in faults("".join(p.site_text)) if "(s)" in f]
    return spacing + plurals + [f"[attribut] {f}" for a in p.attributes for f in faults(a) if "(s)" not in f]


def site_typography(root: Path) -> dict[str, list[str]]:
    """Every page of a built site (or of its offline copy) whose reader's text breaks French typography."""
    out = {}
    for f in sorted(root.rglob("*.html")):
        found = typography_faults(f.read_text(encoding="utf-8"))
        if found:
            out[f.relative_to(root).as_posix()] = found
    return out
