"""Start-up of the `lois` command: prints figures (issue 13: `lois cherche` ≤ 12× a bare `python -c pass`).

    python bench/bench_cli.py [--runs 21] [--facteur 20] [--modifie 3] [--plugins AUTRE/plugins]

Whole processes, as a person runs them: `python -c pass` and `python -m lois.adapters.cli cherche 27B1b`
(and the installed `lois` script when it runs this checkout), in alternation so that the load of the
machine weighs on both alike; medians and minimums of wall time. The search index is warmed first (a first
`lois cherche` on a new corpus builds it). Also lists the heavy libraries each subcommand imports
(-X importtime), which must be only those it uses. ``--facteur F``: `lois cherche` on the synthetic corpus ×F
(bench/synth.py; issue 37: ≤ 6× at ×20). CPU seconds (user + system) are shown beside wall time: on a loaded
machine they vary less. `lois verifie` is measured too (issue 37: ≤ 0.5 s at ×9): on the unchanged corpus (the
verdict of the previous run, lois.core.statcache), and, ``--modifie N`` runs, just after a save of a checklist
(a comment line added: other bytes, the corpus checked anew, the other files' objects kept, lois.core.filememo).
The processes run as a person's do, with Python's compiled bytecode (PYTHONDONTWRITEBYTECODE is dropped: the
first run writes it). ``--plugins``: the ``plugins`` folder of another checkout (e.g. an export of main), its
`lois cherche` and `lois verifie` measured in the same alternation on the same corpus (its own cache folder).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 12.0  # at the seed's size (issue 13)
TARGET_SYNTH = 6.0  # on a synthetic corpus (issue 37: at ×20)
HEAVY = ("whoosh", "yaml", "markdown_it", "jinja2", "mkdocs", "material", "pydantic")
COMMANDS = {
    "cherche 27B1b": ["cherche", "27B1b"],
    "verifie": ["verifie"],
    "arbitre --liste": ["arbitre", "--liste"],
    "permaliens": ["permaliens"],
    "--help": ["--help"],
}


def env(plugins: Path | None = None) -> dict:
    extra = os.environ.get("PYTHONPATH")
    path = str(plugins or ROOT / "plugins") + (os.pathsep + extra if extra else "")
    out = dict(os.environ, PYTHONPATH=path, NO_MKDOCS_2_WARNING="1")
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    return out


def wall(cmd: list[str], before=None, plugins: Path | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one process (``before()`` run first, untimed; ``plugins``: another version of
    the code, with its own cache folder)."""
    if before is not None:
        before()
    run_env = env(plugins)
    if plugins is not None:
        run_env["LOIS_CACHE"] = os.environ["LOIS_CACHE"] + "-autre"
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"échec de {' '.join(cmd)}")
    return time.perf_counter() - t, usage.ru_utime + usage.ru_stime


def heavy_imports(args: list[str]) -> list[str]:
    """The heavy libraries a subcommand imports, run a second time (its caches made by the first)."""
    subprocess.run([sys.executable, "-m", "lois.adapters.cli", *args], cwd=ROOT, env=env(), capture_output=True)
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "lois.adapters.cli", *args], cwd=ROOT,
                       env=env(), capture_output=True, text=True)
    found = set()
    for line in r.stderr.splitlines():
        name = line.rsplit("|", 1)[-1].strip()
        if name.split(".")[0] in HEAVY:
            found.add(name.split(".")[0])
    return sorted(found)


def measure(n: int, corpus_args: list[str], corpus: Path, modified: int,
            only: str = "", other: Path | None = None) -> dict[str, list[tuple[float, float]]]:
    bare = [sys.executable, "-c", "pass"]
    lois = [sys.executable, "-m", "lois.adapters.cli", *corpus_args, "cherche", "27B1b"]
    verifie = [sys.executable, "-m", "lois.adapters.cli", *corpus_args, "verifie"]
    saved = sorted((corpus / "checklists").glob("*.yaml"))[0]

    saves = [0]

    def save() -> None:  # an editor's save: other bytes (a comment line more), new times
        saves[0] += 1
        with open(saved, "a", encoding="utf-8") as f:
            f.write(f"# enregistrement {saves[0]}\n")

    versions = [None] if other is None else [None, other]
    for plugins in versions:
        if only != "verifie":
            wall(lois, plugins=plugins)  # warm the search index, the bytecode and the file cache
            time.sleep(2.1)  # then, the index settled (older than statcache.RACY_NS: what a person's later calls
            wall(lois, plugins=plugins)  # see), its records' CRC found right once (index._crc_seen)
        if only != "cherche":
            wall(verifie, plugins=plugins)  # the verdict kept
    order = [("python -c pass", bare, None, None), ("lois cherche 27B1b", lois, None, None),
             ("lois verifie", verifie, None, None)]
    if other is not None:
        order += [("lois cherche 27B1b (autre)", lois, None, other), ("lois verifie (autre)", verifie, None, other)]
    order = [o for o in order if not only or o[0] == "python -c pass" or only in o[0]]
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name, *_ in order}
    for i in range(n):
        for name, cmd, before, plugins in order if i % 2 == 0 else reversed(order):
            runs[name].append(wall(cmd, before, plugins))
    if modified and only != "cherche":
        suffixes = ("", " (autre)")[:len(versions)]
        for suffix in suffixes:
            runs["lois verifie, juste après un enregistrement" + suffix] = []
        for _ in range(modified):  # the two versions in turn, each after a save of its own
            for plugins, suffix in zip(versions, suffixes, strict=True):
                runs["lois verifie, juste après un enregistrement" + suffix].append(wall(verifie, save, plugins))
    return runs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--facteur", type=int, default=1, help="corpus synthétique ×F (bench/synth.py) ; 1 : la graine")
    ap.add_argument("--modifie", type=int, default=3, help="essais de `lois verifie` juste après un enregistrement")
    ap.add_argument("--seulement", choices=("cherche", "verifie"), default="",
                    help="ne mesurer que cette commande (et python -c pass)")
    ap.add_argument("--plugins", type=Path, help="dossier plugins d'une autre version du code, mesurée en alternance")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        corpus = Path(tmp) / "corpus"
        shutil.copytree(ROOT / "corpus", corpus)  # the seed too: a copy, whose times the bench may change
        if args.facteur > 1:
            sys.path.insert(0, str(ROOT / "bench"))
            from synth import make_corpus

            shutil.rmtree(corpus)
            make_corpus(args.facteur, corpus)
        corpus_args = ["--corpus", str(corpus)]
        os.environ["LOIS_CACHE"] = str(Path(tmp) / "cache")
        runs = measure(args.runs, corpus_args, corpus, args.modifie, args.seulement,
                       args.plugins.resolve() if args.plugins else None)
        heavy = {name: heavy_imports(a) for name, a in COMMANDS.items()}  # the project's corpus, this cache
    med = {k: statistics.median(w for w, _c in v) for k, v in runs.items()}
    low = {k: min(w for w, _c in v) for k, v in runs.items()}
    cpu = {k: statistics.median(c for _w, c in v) for k, v in runs.items()}
    print(f"Machine : {os.cpu_count()} cœurs, Python {sys.version.split()[0]}, charge moyenne "
          f"{os.getloadavg()[0]:.1f} ; corpus ×{args.facteur} ; {args.runs} essais de chaque, en alternance "
          f"({args.modifie} après un enregistrement).\n")
    print("| processus | médiane (ms) | min (ms) | max (ms) | CPU, médiane (ms) | CPU, min–max (ms) |")
    print("|---|---:|---:|---:|---:|---:|")
    for k, v in runs.items():
        print(f"| {k} | {med[k] * 1000:.0f} | {low[k] * 1000:.0f} | {max(w for w, _c in v) * 1000:.0f} | "
              f"{cpu[k] * 1000:.0f} | {min(c for _w, c in v) * 1000:.0f}–{max(c for _w, c in v) * 1000:.0f} |")
    if "lois cherche 27B1b" not in runs:
        return 0
    target = TARGET if args.facteur <= 1 else TARGET_SYNTH
    ratio = med["lois cherche 27B1b"] / med["python -c pass"]
    ratio_min = low["lois cherche 27B1b"] / low["python -c pass"]
    ratio_cpu = cpu["lois cherche 27B1b"] / cpu["python -c pass"]
    print(f"\nlois cherche / python -c pass : {ratio:.1f}× (médianes), {ratio_min:.1f}× (minimums), {ratio_cpu:.1f}× "
          f"(CPU) ; objectif ≤ {target:.0f}× → {'oui' if ratio <= target else 'non'}")
    other = "lois cherche 27B1b (autre)"
    if other in runs:
        print(f"autre version : {med[other] / med['python -c pass']:.1f}× (médianes), "
              f"{low[other] / low['python -c pass']:.1f}× (minimums), {cpu[other] / cpu['python -c pass']:.1f}× (CPU)")
    print()
    print("| sous-commande | bibliothèques lourdes importées |")
    print("|---|---|")
    for name, found in heavy.items():
        print(f"| lois {name} | {', '.join(found) or '—'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
