"""Where the CPU of a test run went: the table that bench/cpu_per_test.py writes ($CPU_PER_TEST_OUT), summed by
test module and by test (each phase of a test apart when it is not the call: a fixture's setup), with the share of
Chromium's processes, of Python's (pytest, `lois` and `mkdocs` processes) and of the others (node: the Playwright
driver; zbarimg…).

    CPU_PER_TEST_OUT=/tmp/cpu.tsv PYTHONPATH=bench:plugins python -m pytest -p cpu_per_test tests/…
    python bench/cpu_report.py /tmp/cpu.tsv [--top 30]

On a machine shared with other work, the CPU figures are steadier than the wall times (which the load stretches);
both are printed."""
from __future__ import annotations

import argparse
import collections
import signal
from pathlib import Path


def read(path: Path) -> list[tuple[str, str, list[float]]]:
    """(test id, phase, [wall, cpu, Chromium, Python, others]) of each line of the table."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 7:
            rows.append((parts[0], parts[1], [float(x) for x in parts[2:7]]))
    return rows


def main() -> None:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly
    ap = argparse.ArgumentParser(description="CPU d'une suite de tests par module et par test (bench/cpu_per_test.py)")
    ap.add_argument("table", type=Path, help="fichier écrit par bench/cpu_per_test.py ($CPU_PER_TEST_OUT)")
    ap.add_argument("--top", type=int, default=30, help="nombre de lignes de chaque tableau (30)")
    args = ap.parse_args()
    rows = read(args.table)
    if not rows:
        raise SystemExit(f"{args.table} : aucune ligne lue (fichier de bench/cpu_per_test.py attendu)")
    modules: dict[str, list[float]] = collections.defaultdict(lambda: [0.0] * 6)
    tests: dict[str, list[float]] = collections.defaultdict(lambda: [0.0] * 5)
    for nodeid, phase, figures in rows:
        m = modules[nodeid.split("::")[0]]
        for i, x in enumerate(figures):
            m[i] += x
        m[5] += phase == "call"
        t = tests[nodeid if phase == "call" else f"{nodeid} [{phase}]"]
        for i, x in enumerate(figures):
            t[i] += x
    total = [sum(m[i] for m in modules.values()) for i in range(6)]
    print(f"total : {int(total[5])} tests, écoulé {total[0]:.1f} s, CPU {total[1]:.1f} s "
          f"(Chromium {total[2]:.1f}, Python {total[3]:.1f}, autres {total[4]:.1f})")
    print(f"\n{'CPU s':>8} {'écoulé':>8} {'Chromium':>9} {'Python':>7} {'autres':>7} {'tests':>6}  module")
    for name, m in sorted(modules.items(), key=lambda kv: -kv[1][1])[:args.top]:
        print(f"{m[1]:8.1f} {m[0]:8.1f} {m[2]:9.1f} {m[3]:7.1f} {m[4]:7.1f} {int(m[5]):6d}  {name}")
    print(f"\n{'CPU s':>8} {'écoulé':>8} {'Chromium':>9} {'Python':>7}  test (phase, si ce n'est pas l'appel)")
    for name, t in sorted(tests.items(), key=lambda kv: -kv[1][1])[:args.top]:
        print(f"{t[1]:8.1f} {t[0]:8.1f} {t[2]:9.1f} {t[3]:7.1f}  {name}")


if __name__ == "__main__":
    main()
