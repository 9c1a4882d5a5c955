"""axe-core (Deque's accessibility checker: npm package `axe-core`, pinned in tests/package.json, installed by
scripts/test.sh with `npm ci --prefix tests`) run in Chromium over every page of a built site and of its offline
copy, for WCAG 2.2 AA (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa), on a phone (390×844, touch) and a desktop
(1280×900), in the light and the dark scheme. The checker is injected by Playwright into each page it opens
(``add_init_script``): the site never ships or loads it. One audit for tests/test_axe_browser.py and
bench/axe_report.py."""
from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from taps import DESKTOP, PHONE

AXE_JS = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
SIZES = {"phone": PHONE, "desktop": DESKTOP}
SCHEMES = ("light", "dark")
CONFIGS = [(size, scheme) for size in SIZES for scheme in SCHEMES]
IMPACTS = ("critical", "serious", "moderate", "minor")
# states a reader reaches on a page besides its first view, audited too: search results, a checklist at a ruling
STATES = ("recherche/index.html?q=renonce", "checklists/carte-penalisee/index.html?r=joueur:declarant")

# Starts axe on the page's document once the page is ready, and keeps its promise (collected by COLLECT): the next
# page loads meanwhile in another tab, on the other core. Ready: the links of a club page's script written
# (data-lois-liens), a search's results shown, two frames drawn and the CSS transitions and animations ended (the
# header's title fading in). With `dark` (rule ids), the page is then put in the dark scheme as the theme's own
# toggle does (the palette's attribute on <body>: the site's dark colours hang on it alone, nothing else changes)
# and axe checks those rules again. Each violation: scheme, rule, impact, summary, elements (CSS selectors).
START = """({tags, scheme, dark}) => { window.__loisAxe = (async () => {
  const until = async (ok, ms) => { for (const end = Date.now() + ms; !ok() && Date.now() < end;)
    await new Promise(r => setTimeout(r, 20)); };
  const settled = async () => {
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    await Promise.all(document.getAnimations().filter(a => a.effect.getTiming().iterations !== Infinity)
      .map(a => a.finished.catch(() => null)));
  };
  const check = async (schemeName, runOnly) => {
    const r = await axe.run(document, {runOnly, resultTypes: ['violations'], iframes: false});
    return r.violations.map(v => ({scheme: schemeName, rule: v.id, impact: v.impact, help: v.help,
                                   targets: v.nodes.map(n => n.target.join(' '))}));
  };
  if (document.querySelector('script[src*="linkifier.js"]'))
    await until(() => document.documentElement.hasAttribute('data-lois-liens'), 5000);
  if (document.getElementById('lois-search-results') && new URLSearchParams(location.search).get('q'))
    await until(() => document.querySelector('#lois-search-results li'), 5000);
  await settled();
  const found = await check(scheme, {type: 'tag', values: tags});
  if (dark) {
    document.body.setAttribute('data-md-color-scheme', 'slate');
    await settled();
    found.push(...await check('dark', {type: 'rule', values: dark}));
  }
  return found;
})(); }"""
COLLECT = "() => window.__loisAxe"
# the rules whose result depends on the colours (axe's rules tagged « color » among TAGS): what the dark scheme changes
COLOUR_RULES = ("color-contrast", "link-in-text-block")


@dataclass(frozen=True)
class Violation:
    scheme: str         # light or dark
    page: str           # the page's path in the site or the copy, with the offline copy's prefixed « hors-ligne: »
    rule: str           # axe's rule id (color-contrast, label…)
    impact: str         # critical, serious, moderate, minor
    help: str           # axe's summary of the rule
    targets: tuple[str, ...]  # the elements that break it

    def __str__(self) -> str:
        shown = ", ".join(self.targets[:3]) + (f" (+{len(self.targets) - 3})" if len(self.targets) > 3 else "")
        return f"{self.page} ({self.scheme}) : {self.rule} [{self.impact}] {self.help} — {shown}"


def axe_source() -> str:
    """The checker's script; a French message naming the command that installs it when it is missing."""
    if not AXE_JS.is_file():
        raise FileNotFoundError(f"axe-core absent ({AXE_JS}) : lancez « npm ci --prefix tests » "
                                "(bash scripts/test.sh l'installe)")
    return AXE_JS.read_text(encoding="utf-8")


def site_pages(root: Path) -> list[str]:
    """Every HTML page of a built site, or of its unzipped offline copy, as paths from its root."""
    return sorted(f.relative_to(root).as_posix() for f in root.rglob("*.html"))


def unzip_copy(site: Path, dest: Path) -> Path:
    """The offline copy of a built site (features/offline), unzipped in `dest`: the folder holding its index.html."""
    from lois.features.offline.site import ARCHIVE_PATH, FOLDER

    with zipfile.ZipFile(site / ARCHIVE_PATH) as zf:
        zf.extractall(dest)
    return dest / FOLDER


# The theme's CSS transitions and animations (the header's title fading in, each colour easing into the dark scheme's)
# ended at once: axe sees the colours they end on, as START waited for them to, without the wait.
STILL = """addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(
  document.createElement('style'),
  {textContent: '*, *::before, *::after { transition: none !important; animation: none !important; }'})));"""


def new_context(browser, size: str, scheme: str):
    """A browser context of that size and scheme (the device's preference, which the site's palette follows),
    with axe-core injected into every page it opens, the theme's transitions ended at once (STILL) and no service
    worker (each page as a first visit shows it)."""
    ctx = browser.new_context(**SIZES[size], color_scheme=scheme, service_workers="block")
    ctx.add_init_script(axe_source())
    ctx.add_init_script(STILL)
    return ctx


def audit(ctx, urls: dict[str, str], scheme: str = "light", then_dark: bool = False,
          lanes: int = 2) -> list[Violation]:
    """The violations of every page of ``urls`` (name → address), each opened once in context ``ctx`` (made for
    `scheme`) and checked once by axe for all of TAGS; with ``then_dark``, then put in the dark scheme and checked for
    the rules that depend on colours (COLOUR_RULES: the other rules see the same page in both schemes). `lanes`
    tabs take turns, one page loading while axe runs in another."""
    return visit(ctx, urls, scheme, then_dark, lanes).violations


@dataclass
class Visit:
    """What one visit of some pages saw: axe's violations, and for each page (by name) what ``read`` gave once it
    loaded, the console errors and page errors it raised, and its requests to other hosts."""
    violations: list[Violation]
    read: dict[str, object]
    errors: dict[str, list[str]]
    foreign: dict[str, list[str]]


def visit(ctx, urls: dict[str, str], scheme: str = "light", then_dark: bool = False, lanes: int = 2,
          read: str | None = None, site_url: str | None = None) -> Visit:
    """:func:`audit`, and more from the same visit: ``read`` (a function evaluated in each page once it loaded,
    before axe starts), each page's console errors and page errors, and (with ``site_url``) each request of a page
    to another host than the site (data:, blob: and about: aside) — what tests/conftest.py's Tab fails a test on."""
    tabs = [ctx.new_page() for _ in range(lanes)]
    waiting: list[str | None] = [None] * lanes
    on: list[str] = [""] * lanes  # the page each tab shows: its errors and requests are counted to it
    out = Visit([], {}, {n: [] for n in ["", *urls]}, {n: [] for n in ["", *urls]})
    for lane, tab in enumerate(tabs):
        tab.on("console", lambda m, lane=lane: out.errors[on[lane]].append(m.text) if m.type == "error" else None)
        tab.on("pageerror", lambda e, lane=lane: out.errors[on[lane]].append(str(e)))
        if site_url:
            tab.on("request", lambda r, lane=lane: None if r.url.startswith((site_url, "data:", "blob:", "about:"))
                   else out.foreign[on[lane]].append(r.url))

    def collect(lane: int) -> None:
        if waiting[lane] is not None:
            out.violations.extend(Violation(v["scheme"], waiting[lane], v["rule"], v["impact"], v["help"],
                                            tuple(v["targets"])) for v in tabs[lane].evaluate(COLLECT))
            waiting[lane] = None

    for i, (name, url) in enumerate(urls.items()):
        lane = i % lanes
        collect(lane)
        on[lane] = name
        tabs[lane].goto(url)
        if read:
            out.read[name] = tabs[lane].evaluate(read)
        tabs[lane].evaluate(START, {"tags": list(TAGS), "scheme": scheme,
                                    "dark": list(COLOUR_RULES) if then_dark else None})
        waiting[lane] = name
    for lane in range(lanes):
        collect(lane)
    for tab in tabs:
        tab.close()
    return out


def one_of_each_kind(urls: dict[str, str]) -> dict[str, str]:
    """One page of each kind (its first folder: « lois/ », « checklists/ », « notes/ »…, the home page, each state):
    the pages of a kind come from one template, with the same markup and colours."""
    kinds: dict[str, tuple[str, str]] = {}
    for name, url in sorted(urls.items()):
        kinds.setdefault(name.split("/", 1)[0] if "/" in name.rstrip("/") else name, (name, url))
    return dict(kinds.values())


def every_page(site: Path, site_url: str, copy: Path | None) -> dict[str, str]:
    """Name → address of each page of the built site served at `site_url` (plus STATES), and of each page of its
    offline copy opened as a file (names « hors-ligne:… »)."""
    urls = {p: site_url + p for p in site_pages(site)}
    urls.update({s: site_url + s for s in STATES})
    if copy is not None:
        urls.update({"hors-ligne:" + p: copy.as_uri() + "/" + p for p in site_pages(copy)})
    return urls
