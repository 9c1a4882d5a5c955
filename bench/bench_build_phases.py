"""CPU of each phase of a first `mkdocs build` (empty cache), in one process: where the build's time goes.

    python bench/bench_build_phases.py [--facteur 9] [--corpus DOSSIER] [--plugins DOSSIER] [--profil FICHIER]

Builds the project (``--facteur 1``: the seed) or the synthetic corpus ×F of bench/synth.py (written into a work
folder in /dev/shm, or read from ``--corpus`` if it is already there) with MkDocs' ``build``, once, a first build
(empty LOIS_CACHE), and prints the CPU seconds (user + system, ``time.process_time``) of the whole build and of each
phase: the functions of bench_rebuild.py's PHASES plus the first build's own (the corpus check, the offline
archive, the page spacing…), inclusive (a phase called within another counts in both). ``--plugins``: the
``plugins`` folder of another checkout, to compare two versions on the same corpus (run them in turn).
``--profil FICHIER``: the build under cProfile instead (times inflated), stats written to FICHIER
(``python -m pstats FICHIER``). The load (``os.getloadavg``) is printed: CPU figures only on a shared machine.
"""
from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent

# phases of a first build besides bench_rebuild.PHASES (module, function or Class.method)
FIRST_BUILD = [
    ("lois.features.checks", "check_corpus"), ("lois.core.yamlfile", "_parse_yaml"),
    ("lois.render.typo_html", "html_spacing"), ("lois.features.offline.site", "finish"),
    ("lois.features.offline.archive", "deflated"), ("lois.features.offline.archive", "rewrite_html"),
    ("lois.core.corpus", "_find_rendered_citations"), ("lois.core.corpus", "_read_model"),
    ("mkdocs.commands.build", "build"), ("lois.adapters.mkdocs_plugin", "LoisPlugin.on_config"),
    ("lois.features.checklists.model", "load_checklists"), ("lois.core.yamlfile", "validate"),
    ("lois.features.checklists.site", "runner_data"), ("lois.features.checklists.site", "coverage_view"),
    ("lois.features.checklists.flowchart", "flowchart_svg"), ("lois.render.typo_html", "spaced_data"),
    ("lois.render.htmlpage", "render_page"), ("lois.render.site", "SiteBuild.linkify"),
    ("lois.render.site", "SiteBuild.words_html"), ("lois.features.annotations.examples", "load_examples"),
    ("lois.features.checklists.model", "_players"), ("lois.core.grounds", "check_words"),
    ("lois.core.grounds", "check_cited"), ("lois.features.checklists.coverage", "table"),
    ("lois.features.training.site", "add_data"), ("lois.features.training.site", "render_page"),
    ("lois.features.annotations.site", "render_examples_page"), ("lois.render.site", "SiteBuild.render_law"),
    ("lois.features.annotations.notes", "load_notes"), ("lois.features.annotations.corpus", "search_documents"),
]


def time_phases(phases: list[tuple[str, str]]) -> dict[str, float]:
    """Wrap each function of ``phases`` with a CPU counter (an outer call only, not its recursive ones), also where
    another module of the plugin imported it by name."""
    import functools
    import importlib

    import lois.adapters.mkdocs_plugin  # noqa: F401  (the modules that import the phases by name)

    spent: dict[str, float] = {}
    for module, name in phases:
        owner = importlib.import_module(module)
        *cls, fn = name.split(".")
        if cls:
            owner = getattr(owner, cls[0])
        orig = getattr(owner, fn, None)
        if orig is None:  # a phase of another version of the code
            continue
        depth = [0]
        label = f"{module.rsplit('.', 2)[-2]}.{name}" if name in ("contribute", "finish") else name

        def timed(*a, __orig=orig, __name=label, __depth=depth, **k):
            if __depth[0]:
                return __orig(*a, **k)
            __depth[0] += 1
            t = time.process_time()
            try:
                return __orig(*a, **k)
            finally:
                spent[__name] = spent.get(__name, 0.0) + time.process_time() - t
                __depth[0] -= 1

        wrapped = functools.wraps(orig)(timed)
        setattr(owner, fn, wrapped)
        if not cls:
            for mod in list(sys.modules.values()):
                if getattr(mod, "__name__", "").startswith("lois.") and getattr(mod, fn, None) is orig:
                    setattr(mod, fn, wrapped)
    return spent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facteur", type=int, default=9, help="corpus synthétique ×F (bench/synth.py) ; 1 : la graine")
    ap.add_argument("--corpus", type=Path, help="corpus ×F déjà écrit (sinon écrit dans un dossier de travail)")
    ap.add_argument("--plugins", type=Path, default=ROOT / "plugins", help="dossier plugins du code mesuré")
    ap.add_argument("--profil", type=Path, help="la construction sous cProfile, statistiques écrites ici")
    args = ap.parse_args()
    sys.path[:0] = [str(args.plugins.resolve()), str(BENCH)]
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    import bench_build as bb
    from bench_rebuild import PHASES
    from synth import make_corpus

    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    sys.path.insert(0, str(args.plugins.resolve()))  # first, before the project's (bench_build puts it in front)
    import lois

    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(prefix="bench-phases-", dir=shm if shm.is_dir() else None) as tmp:
        work = Path(tmp)
        if args.facteur == 1:
            config_file = ROOT / "mkdocs.yml"
        else:
            corpus = args.corpus
            if corpus is None:
                corpus = work / "corpus"
                make_corpus(args.facteur, corpus)
            config_file = bb.write_config(work / "mkdocs.yml", corpus.resolve(), ROOT / "site_src")
        os.environ["LOIS_CACHE"] = str(work / "cache")
        spent = {} if args.profil else time_phases(PHASES + [p for p in FIRST_BUILD if p not in PHASES])
        config = load_config(str(config_file), site_dir=str(work / "site"))
        config.plugins.on_startup(command="build", dirty=False)  # as `mkdocs build` (its on_shutdown after)
        collected = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}  # generation → (collections, CPU s)
        began = [0.0]

        def gc_timer(phase, info):
            if phase == "start":
                began[0] = time.process_time()
            else:
                collected[info["generation"]][0] += 1
                collected[info["generation"]][1] += time.process_time() - began[0]

        gc.callbacks.append(gc_timer)
        load = os.getloadavg()[0]
        t = time.process_time()
        if args.profil:
            import cProfile

            profile = cProfile.Profile()
            profile.runcall(build, config)
            profile.dump_stats(str(args.profil))
        else:
            build(config)
        took = time.process_time() - t
        gc.callbacks.remove(gc_timer)
        config.plugins.on_shutdown()
        pages = sum(1 for _ in (work / "site").rglob("index.html"))
        shutil.rmtree(work / "site", ignore_errors=True)
    print(f"Code : {Path(lois.__file__).parents[1]} ; corpus ×{args.facteur} ; {pages} pages ; "
          f"charge {load:.1f} → {os.getloadavg()[0]:.1f} ({os.cpu_count()} cœurs)\n")
    print(f"première construction : {took:.2f} s CPU" + (" (sous cProfile)" if args.profil else ""))
    print("ramasse-miettes (gc) : " + ", ".join(f"génération {g} : {n} fois, {s:.2f} s"
                                                for g, (n, s) in collected.items()))
    if spent:
        print("\n| phase (inclusive) | CPU s |\n|---|---:|")
        for name, s in sorted(spent.items(), key=lambda kv: -kv[1]):
            print(f"| {name} | {s:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
