"""CPU of the site's search data (lois.features.search.site.prepare) at ×F, cold (a first build) and warm (a rebuild
under `mkdocs serve`, the memos of the previous build kept: what every save pays), in one process.

    python bench/bench_search_data.py [--facteur 9] [--tours 3] [--corpus DOSSIER] [--profil FICHIER] [--phases]

Loads the synthetic corpus ×F (bench/synth.py, written into /dev/shm unless ``--corpus``), then times ``prepare`` once
cold (the memos off, as `mkdocs build`) and ``--tours`` times warm (the memos of `mkdocs serve` on,
lois.adapters.mkdocs_plugin.LoisPlugin.on_startup, the corpus read again before each run as after a save that
changes nothing: the texts and files a save leaves unchanged are not analysed again), and prints the CPU seconds
(user + system) of each, median and range, with the machine's load and a digest of the data (two versions of the
code that write the same data print the same). ``--profil FICHIER``: the warm runs under cProfile, stats in
FICHIER.chaud, and the cold run in FICHIER.froid (``python -m pstats FICHIER.chaud``). ``--phases``: the CPU of each
phase of the search (warm, inclusive). ``--sauvegardes``: after the warm runs, each save of tests/live_serve.py's
EDITS (a law, a note, an example, a checklist, the glossary) made in a copy of the corpus in turn, and for each the
CPU of the data and how many of its files changed (what the server writes again and the offline copy compresses
again).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent


def time_phases() -> dict[str, float]:
    """Wrap the search's phases (bench_rebuild.PHASES of lois.features.search, and SEARCH) with a CPU counter."""
    from bench_build_phases import time_phases as wrap
    from bench_rebuild import PHASES

    return wrap([p for p in PHASES if p[0].startswith("lois.features.search")] + SEARCH)


# phases of the search data besides bench_rebuild.PHASES' (module, function or Class.method)
SEARCH = [
    ("lois.features.search.shards", "_term_rows"), ("lois.features.search.shards", "_term_items"),
    ("lois.features.search.shards", "_term_value"), ("lois.features.search.index", "raw_postings"),
    ("lois.features.search.shards", "_word_rows"),
    ("lois.features.search.shards", "_doc_rows"), ("lois.features.search.shards", "_encoded"),
    ("lois.features.search.shards", "_routed"), ("lois.features.search.shards", "_doc_shards"),
    ("lois.features.search.index", "stored_fields"), ("lois.features.search.query", "citation_pins"),
    ("lois.features.search.documents", "law_docs"), ("lois.features.search.documents", "choose_tools"),
    ("lois.features.search.subject_index", "index_words"),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--facteur", type=int, default=9, help="corpus synthétique ×F (bench/synth.py) ; 1 : la graine")
    ap.add_argument("--tours", type=int, default=3, help="générations à chaud")
    ap.add_argument("--corpus", type=Path, help="corpus ×F déjà écrit (sinon écrit dans un dossier de travail)")
    ap.add_argument("--plugins", type=Path, default=ROOT / "plugins", help="dossier plugins du code mesuré")
    ap.add_argument("--profil", type=Path, help="profils cProfile : FICHIER.froid, FICHIER.chaud")
    ap.add_argument("--phases", action="store_true", help="CPU moyen à chaud de chaque phase de la recherche")
    ap.add_argument("--sauvegardes", action="store_true",
                    help="CPU et fichiers changés après chaque sauvegarde de tests/live_serve.py (EDITS)")
    args = ap.parse_args()
    sys.path[:0] = [str(args.plugins.resolve()), str(BENCH)]
    from synth import make_corpus

    from lois.core import filememo, livememo, reads, yamlfile
    from lois.core.corpus import load_corpus
    from lois.features.search.site import LIVE_BUILD, prepare

    import cProfile

    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(prefix="bench-search-data-", dir=shm if shm.is_dir() else None) as tmp:
        corpus = args.corpus
        if corpus is None and args.facteur > 1:
            corpus = Path(tmp) / "corpus"
            make_corpus(args.facteur, corpus)
        os.environ["LOIS_CACHE"] = str(Path(tmp) / "cache")
        root = corpus or ROOT / "corpus"
        if args.sauvegardes:  # the saves are made in a copy
            import shutil

            shutil.copytree(root, Path(tmp) / "copie")
            root = Path(tmp) / "copie"
        spent = time_phases() if args.phases else {}
        phases: dict[str, float] = {}
        model = load_corpus(root)

        def timed(profile: cProfile.Profile | None, build: str | None) -> tuple[float, dict[str, str]]:
            t = time.process_time()
            if profile is not None:
                profile.enable()
            files, _ = prepare(model, build)
            if profile is not None:
                profile.disable()
            return time.process_time() - t, files

        load = [os.getloadavg()[0]]
        cold_profile = cProfile.Profile() if args.profil else None
        cold, _ = timed(cold_profile, None)
        yamlfile.remember_parsed()
        filememo.remember()
        livememo.start()
        reads.start()
        warm_profile = cProfile.Profile() if args.profil else None
        warm = []
        for n in range(args.tours + 1):  # (the first: the server's first build)
            livememo.new_build()
            reads.new_build()
            model = load_corpus(root)
            spent.clear()
            took, files = timed(warm_profile if n else None, LIVE_BUILD)
            if n:
                warm.append(took)
                for name, t in spent.items():
                    phases[name] = phases.get(name, 0.0) + t / args.tours
        saves = []
        if args.sauvegardes:
            sys.path.insert(0, str(ROOT / "tests"))
            from live_serve import EDITS, edit

            for rel, old, new, _page in EDITS:
                edit(root / rel, old, new)
                livememo.new_build()
                reads.new_build()
                model = load_corpus(root)
                took, after = timed(None, LIVE_BUILD)
                changed = sorted(p for p, t in after.items() if files.get(p) != t)
                saves.append((rel, took, changed, len(after)))
                files = after
        livememo.stop()
        reads.stop()
        load.append(os.getloadavg()[0])
        if args.profil:
            cold_profile.dump_stats(f"{args.profil}.froid")
            warm_profile.dump_stats(f"{args.profil}.chaud")
    size = sum(len(t.encode()) for t in files.values())
    digest = hashlib.sha256(repr(sorted(files.items())).encode()).hexdigest()[:16]
    print(f"Code : {args.plugins} ; corpus ×{args.facteur} ; {len(files)} fichiers de recherche, {size:,} octets ; "
          f"charge {load[0]:.1f}–{load[1]:.1f} ({os.cpu_count()} cœurs) ; empreinte des fichiers (à chaud) {digest} "
          f"(la même pour deux versions du code : les mêmes données)")
    print(f"à froid (première construction) : {cold:.2f} s CPU")
    print(f"à chaud (après une sauvegarde) : médiane {statistics.median(warm):.2f} s CPU "
          f"({min(warm):.2f}–{max(warm):.2f} ; {len(warm)} tours)")
    for rel, took, changed, total in saves:
        print(f"sauvegarde de {rel} : {took:.2f} s CPU ; {len(changed)} fichiers de recherche changés sur {total} "
              f"({', '.join(p.rsplit('/', 1)[1] for p in changed[:8])}{'…' if len(changed) > 8 else ''})")
    if phases:
        print("\n| phase (à chaud, s CPU, moyenne ; les phases s'emboîtent) | |\n|---|---:|")
        for name, t in phases.items():
            print(f"| {name} | {t:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
