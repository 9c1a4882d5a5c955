"""`mkdocs serve` on a copy of the corpus, for the live-editing test (test_lean) and bench/bench_serve.py."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (file of the corpus, text replaced, replacement carrying a marker, page where the marker must show)
EDITS = [
    ("lois/50.md", "jusqu'à ce qu'un arbitrage soit intervenu.", "jusqu'à ce qu'un arbitrage soit intervenu. MARQUELOI",
     "lois/50/"),
    ("notes/carte-penalisee-50b.md", "Pour trancher, l'arbitre", "MARQUENOTE Pour trancher, l'arbitre",
     "notes/carte-penalisee-50b/"),
    ("exemples/50-carte-principale.yaml", "title: Un honneur exposé, puis",
     "title: MARQUEEXEMPLE Un honneur exposé, puis", "lois/50/"),
    ("checklists/renonce.yaml", "text: Qui a commis la renonce ?", "text: MARQUELISTE Qui a commis la renonce ?",
     "checklists/renonce/"),
    ("glossaire.yaml", "Le partenaire du déclarant.", "MARQUEGLOSSAIRE Le partenaire du déclarant.", "glossaire/"),
]
BANNER = "Corpus invalide"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def project_copy(work: Path) -> Path:
    """A project whose corpus is a copy in ``work`` (hand-written pages and theme from this checkout)."""
    shutil.copytree(ROOT / "corpus", work / "corpus")
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("docs_dir: site_src", f"docs_dir: {ROOT / 'site_src'}")
    text = text.replace("custom_dir: site_src/overrides", f"custom_dir: {ROOT / 'site_src' / 'overrides'}")
    (work / "mkdocs.yml").write_text(text, encoding="utf-8")
    return work / "mkdocs.yml"


def get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8")
    except (urllib.error.URLError, OSError):
        return None


def wait_for(url: str, test, timeout: float, step: float = 0.05) -> float | None:
    """Seconds until ``test(page text)`` holds at ``url``; None after ``timeout``."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        text = get(url)
        if text is not None and test(text):
            return time.perf_counter() - start
        time.sleep(step)
    return None


class Server:
    """`mkdocs serve` in a subprocess; always stopped by :meth:`stop` (or the ``with`` block)."""

    def __init__(self, config: Path, env_extra: dict | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = open(config.parent / "serve.log", "w+", encoding="utf-8")
        path = str(ROOT / "plugins") + (os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=path, LOIS_CACHE=str(config.parent / "cache"),
                   **(env_extra or {}))
        self.proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{self.port}",
                                      "-f", str(config)], cwd=config.parent, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def output(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text(encoding="utf-8")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
