"""Compare two built sites as a reader sees them: the visible text and the links of every page.

    python bench/compare_sites.py OLD_SITE_DIR NEW_SITE_DIR [--details N] [--page PATH]

For each HTML page of either site, the main content (the <article>, or the <body> of a page without one) is
reduced to its lines of visible text (script, style, SVG, <template> and elements with the ``hidden`` attribute
left out) and to its links (address and text). The script prints the pages added, removed and changed, with
the number of text lines and links that differ, then up to N lines of unified diff per changed page. It judges
nothing: the reader of the report says which differences are intended.
"""
from __future__ import annotations

import argparse
import difflib
import sys
from html.parser import HTMLParser
from pathlib import Path

SKIP = {"script", "style", "svg", "template", "noscript", "head"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCK = {"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "section", "aside", "details",
         "summary", "table", "ul", "ol", "article", "blockquote", "pre", "figure", "caption", "nav", "header"}


class Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self.in_article = 0
        self.has_article = False
        self.lines: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.buf: list[str] = []
        self.link: list | None = None

    def hidden(self) -> bool:
        return any(h for _, h in self.stack)

    def flush(self):
        text = " ".join("".join(self.buf).split())
        if text:
            self.lines.append(text)
        self.buf = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self.in_article += 1
            self.has_article = True
        if tag in BLOCK or tag == "br":
            self.flush()
        if tag in VOID:
            return
        self.stack.append((tag, tag in SKIP or "hidden" in a))
        if tag == "a" and not self.hidden():
            self.link = [a.get("href") or "", []]

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break
        if tag == "a" and self.link is not None:
            self.links.append((self.link[0], " ".join("".join(self.link[1]).split())))
            self.link = None
        if tag in BLOCK:
            self.flush()
        if tag == "article":
            self.in_article -= 1

    def handle_data(self, data):
        if self.hidden():
            return
        self.buf.append(data)
        if self.link is not None:
            self.link[1].append(data)


def read_page(path: Path) -> tuple[list[str], list[str]]:
    text = path.read_text(encoding="utf-8", errors="replace")
    start, end = text.find("<article"), text.rfind("</article>")
    if start >= 0 and end > start:
        text = text[start:end + len("</article>")]
    r = Reader()
    r.feed(text)
    r.close()
    r.flush()
    return r.lines, [f"{href} | {label}" for href, label in r.links]


def pages(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*.html")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--details", type=int, default=12, help="lines of diff shown per changed page")
    ap.add_argument("--page", action="append", default=[], help="only this page (repeatable)")
    args = ap.parse_args(argv)
    old, new = pages(args.old), pages(args.new)
    if args.page:
        old &= set(args.page)
        new &= set(args.page)
    print(f"pages : {len(old)} avant, {len(new)} après ; {len(new - old)} ajoutées, {len(old - new)} retirées")
    for p in sorted(new - old):
        print(f"  + {p}")
    for p in sorted(old - new):
        print(f"  - {p}")
    changed = 0
    for p in sorted(old & new):
        a_lines, a_links = read_page(args.old / p)
        b_lines, b_links = read_page(args.new / p)
        if a_lines == b_lines and a_links == b_links:
            continue
        changed += 1
        d_text = [line for line in difflib.unified_diff(a_lines, b_lines, lineterm="", n=0)
                  if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        d_links = [line for line in difflib.unified_diff(a_links, b_links, lineterm="", n=0)
                   if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        print(f"\n~ {p} : {len(d_text)} lignes de texte et {len(d_links)} liens différents")
        for line in (d_text + ["  (liens)"] + d_links if d_links else d_text)[:args.details]:
            print("    " + line[:200])
    print(f"\n{changed} pages changées sur {len(old & new)} communes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
