"""pytest plugin: CPU time (user+sys) of each test, the test process and all its descendants (lois and mkdocs
processes, the Playwright driver, Chromium), written with the wall time to $CPU_PER_TEST_OUT (tab-separated:
nodeid, phase, wall s, cpu s, then the cpu s of Chromium's processes, of Python's and of the others — node, the
Playwright driver; zbarimg…). Load it with  PYTHONPATH=bench:plugins python -m pytest -p cpu_per_test …

/usr/bin/time (and the CPU of a process's waited-for children) misses Chromium: its renderers are reaped by no
process of the tree, and the browser by none at all. So a thread reads /proc every 100 ms: each process of the tree
counts for the largest user+sys time seen for it (a process is its pid and start time), alive or gone; a phase's CPU
is what that sum grew by between its start and its end (both read then), less the CPU of the readings themselves.
What a process spends after the last reading before it ends is missed (50 ms on average per process)."""

from __future__ import annotations

import os
import threading
import time

import pytest

_TICK = os.sysconf("SC_CLK_TCK")
_seen: dict[tuple[int, int], float] = {}
_kind: dict[tuple[int, int], int] = {}  # 0 Chromium, 1 Python, 2 any other program
_lock = threading.Lock()
_readings = [0.0]  # CPU spent by the sampling thread


def _program(raw: str) -> int:
    name = raw[raw.index("(") + 1:raw.rindex(")")].lower()
    return 0 if "chrom" in name else 1 if name.startswith("python") else 2


def _read() -> tuple[float, float, float, float]:
    """One reading of /proc: the sum over every process ever seen in the tree of its largest own CPU time, and that
    sum for Chromium's processes, Python's and the others."""
    parents: dict[int, int] = {}
    own: dict[int, tuple[int, float]] = {}
    kinds: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                raw = f.read().decode("ascii", "replace")
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2:].split()
        parents[int(name)] = int(fields[1])
        own[int(name)] = (int(fields[19]), (int(fields[11]) + int(fields[12])) / _TICK)
        kinds[int(name)] = _program(raw)
    me = os.getpid()
    with _lock:
        for pid, (start, cpu) in own.items():
            p = pid
            while p and p != me:
                p = parents.get(p, 0)
            if p == me:
                key = (pid, start)
                if cpu > _seen.get(key, 0.0):
                    _seen[key] = cpu
                    _kind[key] = kinds[pid]
        by = [0.0, 0.0, 0.0]
        for key, cpu in _seen.items():
            by[_kind[key]] += cpu
        by[1] -= _readings[0]
        return sum(by), by[0], by[1], by[2]


def _sampler() -> None:
    while True:
        time.sleep(0.1)
        t = time.thread_time()
        _read()
        with _lock:
            _readings[0] += time.thread_time() - t


_out = None


def pytest_configure(config: pytest.Config) -> None:
    global _out
    path = os.environ.get("CPU_PER_TEST_OUT")
    if path:
        _out = open(path, "a", encoding="utf-8")
        threading.Thread(target=_sampler, daemon=True).start()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    yield from _measure(item, "setup")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    yield from _measure(item, "call")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item):
    yield from _measure(item, "teardown")


def _measure(item: pytest.Item, phase: str):
    if _out is None:
        yield
        return
    c0, w0 = _read(), time.monotonic()
    yield
    c1, w1 = _read(), time.monotonic()
    cpu = "\t".join(f"{b - a:.3f}" for a, b in zip(c0, c1, strict=True))
    _out.write(f"{item.nodeid}\t{phase}\t{w1 - w0:.3f}\t{cpu}\n")
    _out.flush()
