"""CPU of each rebuild of `mkdocs serve` after a save, measured in one process (no waiting on a loaded machine).

    python bench/bench_rebuild.py [--facteur 9] [--tours 1] [--plugins DOSSIER] [--profil FICHIER]

Builds a copy of the project as `mkdocs serve` does (one plugin across builds: ``on_startup(command="serve")``,
then MkDocs' ``build`` with a ``serve_url``), on the seed or the synthetic corpus ×F (bench/synth.py), then, for
each kind of corpus file (tests/live_serve.py: a law, a note, an example, a checklist, the glossary), saves an edit
and rebuilds: prints the CPU seconds (user + system, ``time.process_time``) of each rebuild, with the pages given
back unrendered (lois.adapters.pagememo; « — » for code without it) and the machine's load. ``--plugins``: the
``plugins`` folder of another checkout, to compare two versions of the code on the same corpus (run the two in
turn). ``--profil FICHIER``: the rebuilds under cProfile, the stats of the rebuild after a save of each kind of file
written to FICHIER.1 … FICHIER.5, in the order above (``python -m pstats FICHIER.1``). ``--phases``: the CPU of
each phase of each rebuild (the functions of PHASES, inclusive: a phase called within another counts in both),
without a profiler's cost per call. ``--pourquoi``: for each save, the kept computations made again
(lois.core.reads.kept, by name) and, for each replay that failed, which kinds of reads gave another answer (a
provision read as an object, ``grounds_of``, …: what keeps a save from reusing more). bench/bench_serve.py
measures the same loop through a real server and its HTTP answers.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (module, function or Class.method) timed by --phases
PHASES = [
    ("lois.core.corpus", "load_corpus"), ("lois.features.checks", "check_corpus"),
    ("lois.render.site", "SiteBuild._contribute"), ("lois.render.site", "SiteBuild.render_pages"),
    ("lois.features.search.site", "prepare"), ("lois.features.search.documents", "build_docs"),
    ("lois.features.search.query", "index_data"), ("lois.features.search.shards", "site_files"),
    ("lois.features.search.documents", "attach_evidence"), ("lois.features.search.query", "postings"),
    ("lois.features.search.query", "Vocabulary.from_docs"), ("lois.features.search.shards", "positions"),
    ("lois.features.search.shards", "_dumps"),
    ("lois.features.annotations.site", "contribute"), ("lois.features.checklists.site", "contribute"),
    ("lois.features.api.site", "contribute"), ("lois.features.training.site", "contribute"),
    ("mkdocs.commands.build", "_build_page"), ("mkdocs.commands.build", "_populate_page"),
    ("mkdocs.utils", "clean_directory"), ("mkdocs.structure.files", "Files.copy_static_files"),
    ("mkdocs.structure.files", "File.copy_file"), ("lois.adapters.sitekeep", "SiteKeeper.back"),
    ("lois.adapters.sitekeep", "SiteKeeper.unchanged"), ("lois.adapters.sitekeep", "SiteKeeper.finish"),
    ("lois.core.reads", "replay"),
    ("lois.adapters.mkdocs_plugin", "LoisPlugin.on_files"), ("lois.adapters.mkdocs_plugin", "LoisPlugin.on_post_build"),
]


def time_phases() -> dict[str, float]:
    """Wrap each function of PHASES with a CPU counter (bench_build_phases.time_phases: an outer call only, also where
    another module of the plugin imported it by name)."""
    from bench_build_phases import time_phases as wrap

    return wrap(PHASES)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facteur", type=int, default=9, help="corpus synthétique ×F (bench/synth.py) ; 1 : la graine")
    ap.add_argument("--tours", type=int, default=1, help="sauvegardes de chaque fichier")
    ap.add_argument("--plugins", type=Path, default=ROOT / "plugins", help="dossier plugins du code mesuré")
    ap.add_argument("--profil", type=Path, help="profil cProfile des reconstructions, écrit dans ce fichier")
    ap.add_argument("--phases", action="store_true", help="CPU de chaque phase (PHASES) de chaque reconstruction")
    ap.add_argument("--pourquoi", action="store_true",
                    help="calculs refaits (reads.kept) et lectures aux réponses changées, par enregistrement")
    args = ap.parse_args()
    sys.path[:0] = [str(args.plugins.resolve()), str(ROOT / "tests"), str(ROOT / "bench")]
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from live_serve import EDITS, edit, project_copy
    from synth import make_corpus

    import lois

    import cProfile

    spent = time_phases() if args.phases else {}
    why = watch_replays() if args.pourquoi else None
    reasons: dict[str, tuple] = {}
    phases: dict[str, dict[str, float]] = {}

    profiles: dict[str, cProfile.Profile] = {}
    cpu: dict[str, list[float]] = {}
    hits: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-rebuild-") as tmp:
        work = Path(tmp)
        config_file = project_copy(work)
        corpus = work / "corpus"
        os.environ["LOIS_CACHE"] = str(work / "cache")
        if args.facteur > 1:
            make_corpus(args.facteur, corpus)

        def rebuild(start: bool = False, saved: str = ""):
            config = load_config(str(config_file), site_dir=str(work / "site"))
            if start:
                config.plugins.on_startup(command="serve", dirty=False)
            profile = profiles.setdefault(saved, cProfile.Profile()) if args.profil and saved else None
            t = time.process_time()
            if profile is not None:
                profile.enable()
            build(config, serve_url="http://127.0.0.1:8000/")
            if profile is not None:
                profile.disable()
            return time.process_time() - t, getattr(config.plugins["lois"], "memo", None)

        first, _ = rebuild(start=True)
        for r in range(args.tours):
            for rel, old, new, _page in EDITS:
                marker = next(w for w in new.split() if w.startswith("MARQUE"))
                edit(corpus / rel, old if r == 0 else new.replace(marker, f"{marker}{r - 1}"),
                     new.replace(marker, f"{marker}{r}"))
                spent.clear()
                if why is not None:
                    why[0].clear()
                    why[1].clear()
                took, memo = rebuild(saved=rel)
                if why is not None and r == 0:
                    reasons[rel] = (dict(why[0]), dict(why[1]))
                for name, t in spent.items():
                    phases.setdefault(name, {}).setdefault(rel, 0.0)
                    phases[name][rel] += t / args.tours
                cpu.setdefault(rel, []).append(took)
                if memo is not None:
                    hits.setdefault(rel, []).append(memo.hits)
        if args.profil:
            for n, profile in enumerate(profiles.values(), 1):
                profile.dump_stats(f"{args.profil}.{n}")
        pages = sum(1 for _ in (work / "site").rglob("index.html"))
    print(f"Code : {Path(lois.__file__).parents[1]} ; corpus ×{args.facteur} ; {pages} pages ; "
          f"charge moyenne {os.getloadavg()[0]:.1f} ({os.cpu_count()} cœurs) ; "
          f"première construction {first:.2f} s CPU ; mémoire maximale du processus "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} Mo\n")
    print("| fichier enregistré | reconstruction : CPU médian (s) | min–max (s) | pages reprises sans rendu |")
    print("|---|---:|---:|---:|")
    for rel, v in cpu.items():
        h = f"{statistics.median(hits[rel]):.0f}" if rel in hits else "—"
        print(f"| {rel} | {statistics.median(v):.2f} | {min(v):.2f}–{max(v):.2f} | {h} |")
    if phases:
        print("\nCPU moyen (s) de chaque phase, par fichier enregistré (les phases s'emboîtent)\n")
        print("| phase | " + " | ".join(Path(rel).name for rel in cpu) + " |")
        print("|---|" + "---:|" * len(cpu))
        for name, by in phases.items():
            print(f"| {name} | " + " | ".join(f"{by.get(rel, 0.0):.2f}" for rel in cpu) + " |")
    for rel, (made, failed) in reasons.items():
        print(f"\n{rel} : calculs refaits " + ", ".join(f"{k.split(chr(0))[0]} ×{n}" for k, n in
                                                    sorted(made.items(), key=lambda kv: -kv[1])))
        print("  lectures aux réponses changées (rejeux échoués qui les contiennent ; sinon, entrées changées) : "
              + (", ".join(f"{k} ×{n}" for k, n in sorted(failed.items(), key=lambda kv: -kv[1])) or "aucune"))
    return 0


def watch_replays() -> tuple[dict, dict]:
    """Counters filled during each rebuild: the kept computations made (by name), and for each failed replay the
    kinds of reads whose answer changed (each read replayed alone)."""
    from collections import Counter

    from lois.core import reads

    made: Counter = Counter()
    failed: Counter = Counter()
    replay, kept = reads.replay, reads.kept

    def counted_replay(noted, model, site=None):
        ok = replay(noted, model, site)
        if not ok:
            failed.update({f"{k[0]}:{getattr(k[1], '__qualname__', k[1])}" for k, v in noted.items()
                           if not replay({k: v}, model, site)})
        return ok

    def counted_kept(name, inputs, build, model, site=None):
        def counted():
            made[name] += 1
            return build()
        return kept(name, inputs, counted, model, site)

    reads.replay, reads.kept = counted_replay, counted_kept  # (called through the module everywhere)
    return made, failed


if __name__ == "__main__":
    sys.exit(main())
