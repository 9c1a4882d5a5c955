"""pytest plugin: CPU time (user+sys) of each test, the test process and all its descendants (lois and mkdocs
processes, the Playwright driver, Chromium), written with the wall time to $CPU_PER_TEST_OUT (tab-separated:
nodeid, phase, wall s, cpu s). Load it with  PYTHONPATH=bench:plugins python -m pytest -p cpu_per_test …
Descendants are read from /proc at each phase's start and end: utime+stime+cutime+cstime of every process of the
tree, so a child reaped during the phase counts in its parent's cumulated time."""

from __future__ import annotations

import os
import time

import pytest

_TICK = os.sysconf("SC_CLK_TCK")


def _tree_cpu() -> float:
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
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
        cpu[int(name)] = sum(int(x) for x in fields[11:15]) / _TICK
    me = os.getpid()
    total = 0.0
    for pid, value in cpu.items():
        p = pid
        while p and p != me:
            p = parents.get(p, 0)
        if p == me:
            total += value
    return total


_out = None


def pytest_configure(config: pytest.Config) -> None:
    global _out
    path = os.environ.get("CPU_PER_TEST_OUT")
    if path:
        _out = open(path, "a", encoding="utf-8")


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
    c0, w0 = _tree_cpu(), time.monotonic()
    yield
    c1, w1 = _tree_cpu(), time.monotonic()
    _out.write(f"{item.nodeid}\t{phase}\t{w1 - w0:.3f}\t{c1 - c0:.3f}\n")
    _out.flush()
