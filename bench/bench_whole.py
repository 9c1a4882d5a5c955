"""The whole Code (issue 19): a synthetic corpus with all 93 laws present, each at the density of the seed's
laws, built into a site; prints build time, files, size, graph and search figures.

    python bench/bench_whole.py [--runs 2] [--keep DIR]

The corpus: the seed corpus as it is (laws, commentaries, notes, examples, checklists, situations), plus,
for every law number the seed does not hold, a copy of a seed law (taken in turn) renumbered to that law,
with its title from corpus/edition.yaml when one was read. Citations inside a copy stay as written: a
relative one lands in the copy, an absolute one in the seed law it names (a provision the template lacks
gives the build's usual warning, never an error).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lois.core.corpus import load_corpus  # noqa: E402
from lois.core.edition import load_edition  # noqa: E402
from lois.core.ids import LAW_COUNT as TOTAL_LAWS  # noqa: E402
from lois.core.parse import front_matter  # noqa: E402
from synth import make_corpus  # noqa: E402

import yaml  # noqa: E402


def make_whole_code(dest: Path) -> dict:
    """Write the 93-law corpus into dest; return {laws, words, provisions, citations}. A law that the seed names
    beyond what its copy holds (a checklist, note or example naming 26B, a sentence whose words are in the register
    of absent laws) stays absent, as in the seed: found by `lois verifie`, one law at a time, and the corpus
    written again without it."""
    kept_out: list[int] = []
    for _ in range(TOTAL_LAWS):
        synthetic = _write_whole_code(dest, set(kept_out))
        problem = _verify(dest)
        if problem is None:
            break
        said = next((line for line in problem.splitlines() if line.startswith("erreur")), problem)  # not a warning
        named = [int(n) for n in re.findall(r"\bLoi (\d+)", said) + re.findall(r"\b(\d{1,2})[A-Z]", said)
                 if int(n) in synthetic]  # « Loi 26 », or a provision: « 61A1 »
        if not named:
            raise SystemExit(f"corpus invalide :\n{problem}")
        print(f"Loi {named[0]} laissée absente : {said.strip()[:200]}", file=sys.stderr)
        kept_out.append(named[0])
    model = load_corpus(dest)
    return {"kept_out": kept_out, "laws": len(model.laws), "provisions": len(model.provisions),
            "citations": len(model.citations), "words": sum(len(p.text.split()) for p in model.provisions.values()),
            "stub_laws": len(model.stub_laws()), "model": model}


def _write_whole_code(dest: Path, kept_out: set[int]) -> set[int]:
    """The seed, and a copy of a seed law (in turn) for every other law number but ``kept_out``; returns the copies'
    numbers. The templates are the seed laws quoted whole (a law whose source leaves sections out, edition.yaml
    `partial`, would need that declaration for each copy). What the seed's register of absent laws, its index
    analytique and its permalink register say of a law that now has a text leaves the copy (synth._drop_absent)."""
    from synth import _drop_absent

    make_corpus(1, dest)
    edition = load_edition(dest)
    seed = sorted((dest / "lois").glob("*.md"))
    present = {int(p.stem) for p in seed}
    templates = [p.read_text(encoding="utf-8") for p in seed if int(p.stem) not in edition.partial]
    synthetic = set(range(1, TOTAL_LAWS + 1)) - present - kept_out
    for i, n in enumerate(sorted(synthetic)):
        text = templates[i % len(templates)]
        doc, body, _ = front_matter(text, "modèle")
        title = edition.titles[n].title if n in edition.titles else f"Loi synthétique {n}"
        new_meta = {"law": n, "title": title, "source": f"synthétique (modèle : Loi {doc.data['law']})"}
        body = re.sub(r"^# Loi \d+.*$", f"# Loi {n} — {title}", body, count=1, flags=re.M)
        front = yaml.safe_dump(new_meta, allow_unicode=True, sort_keys=False).strip()
        (dest / "lois" / f"{n:02d}.md").write_text(f"---\n{front}\n---\n\n{body.strip()}\n", encoding="utf-8")
    _drop_absent(dest, synthetic)
    _forget_replaced_permalinks(dest, synthetic)
    _register_all(dest)
    return synthetic


def _forget_replaced_permalinks(dest: Path, synthetic: set[int]) -> None:
    """The seed's register lists the stub pages of cited laws; a synthetic law stands in their place (this
    corpus is a benchmark, never published): their anchors are dropped from its copy of the register."""
    reg = dest / "permaliens.txt"
    keep = [line for line in reg.read_text(encoding="utf-8").splitlines()
            if not (m := re.match(r"lois/(\d+)/#", line)) or int(m.group(1)) not in synthetic]
    reg.write_text("\n".join(keep) + "\n", encoding="utf-8")


def _register_all(dest: Path) -> None:
    """This corpus is a benchmark, never published: its register is simply what it publishes now."""
    from lois.core.corpus import load_corpus
    from lois.features.api.register import current_urls

    (dest / "permaliens.txt").write_text("\n".join(current_urls(load_corpus(dest))) + "\n", encoding="utf-8")


def _verify(dest: Path) -> str | None:
    """`lois verifie` on the corpus: None if it is valid, else what it said."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "plugins"), NO_MKDOCS_2_WARNING="1")
    r = subprocess.run([sys.executable, "-m", "lois.adapters.cli", "--corpus", str(dest), "verifie"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    return None if r.returncode == 0 else r.stdout + r.stderr


def build(corpus: Path, site: Path) -> float:
    cfg = corpus.parent / "mkdocs-whole.yml"
    cfg.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {ROOT / 'site_src'}\n"
                   f"theme:\n  name: material\n  custom_dir: {ROOT / 'site_src' / 'overrides'}\n"
                   f"plugins:\n  - lois:\n      corpus: {corpus}\n", encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="cache-") as cache:  # a first build: no cache of `lois verifie` or of a
        env = dict(os.environ, PYTHONPATH=str(ROOT / "plugins"), NO_MKDOCS_2_WARNING="1", LOIS_CACHE=cache)  # run
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(cfg), "-d", str(site)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        elapsed = time.perf_counter() - t
    if r.returncode:
        raise SystemExit(f"construction échouée :\n{r.stderr[-2000:]}")
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=2, help="constructions mesurées")
    ap.add_argument("--keep", type=Path, help="garder le corpus et le site dans ce dossier")
    args = ap.parse_args()
    from bench_search import measure
    from lois.features.search.evaluate import load_set
    from lois.features.search.index import build_docs

    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        corpus, site = work / "corpus", work / "site"
        stats = make_whole_code(corpus)
        times = [build(corpus, site) for _ in range(max(1, args.runs))]
        files = [p for p in site.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        t = time.perf_counter()
        graph = stats["model"].graph_json()
        graph_s = time.perf_counter() - t
        queries = [c["q"] for c in load_set()]
        search = measure(build_docs(stats["model"]), queries, "code entier")
        print(f"Lois laissées absentes (une liste d'arbitrage, une note ou un exemple y nomme une provision que le "
              f"modèle n'a pas) : {', '.join(map(str, sorted(stats['kept_out']))) or 'aucune'}\n")
        print("| corpus | lois | provisions | citations | mots | lois citées absentes "
              "| construction (s, meilleure / médiane) | fichiers | site (Mo) | graphe : nœuds / arcs (s) "
              "| recherche : documents, p50 / p95 (ms), index gzip (Ko) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        print(f"| 93 lois synthétiques | {stats['laws']} | {stats['provisions']} | {stats['citations']} "
              f"| {stats['words']} | {stats['stub_laws']} | {min(times):.1f} / {statistics.median(times):.1f} "
              f"| {len(files)} "
              f"| {size / 1e6:.1f} | {len(graph['nodes'])} / {len(graph['edges'])} ({graph_s:.2f}) "
              f"| {search['docs']}, {search['p50_ms']:.1f} / {search['p95_ms']:.1f}, {search['gzip'] / 1024:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
