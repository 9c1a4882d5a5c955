"""A pytest plugin that prints how much of a test run went into processes started with ``subprocess.run`` (a
`lois` command, an MkDocs build, zbarimg…), grouped by their first arguments:

    PYTHONPATH=bench python -m pytest -p pytest_subprocess_time tests/test_search.py tests/test_cli_help.py

The table is printed at the end of the run: seconds, number of runs, the command's first words.
"""
from __future__ import annotations

import collections
import subprocess
import time

_run = subprocess.run
_seconds: collections.Counter[str] = collections.Counter()
_runs: collections.Counter[str] = collections.Counter()


def _timed_run(cmd, *args, **kwargs):
    start = time.perf_counter()
    try:
        return _run(cmd, *args, **kwargs)
    finally:
        words = [str(x) for x in cmd[1:4]] if isinstance(cmd, (list, tuple)) else [str(cmd)]
        key = " ".join(words).replace("\n", " ")[:60]
        _seconds[key] += time.perf_counter() - start
        _runs[key] += 1


def pytest_configure(config):
    subprocess.run = _timed_run


def pytest_terminal_summary(terminalreporter):
    w = terminalreporter
    w.section("processus lancés par subprocess.run")
    w.write_line(f"{sum(_seconds.values()):.1f} s en {sum(_runs.values())} processus")
    for key, seconds in _seconds.most_common(20):
        w.write_line(f"{seconds:7.1f} s {_runs[key]:5d}  {key}")
