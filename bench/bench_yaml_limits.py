"""How fast the one YAML loader refuses hostile documents (issue 14: an alias bomb was accepted after 3.5 min).

    python bench/bench_yaml_limits.py

Prints, for each document, its size, the time to refuse it and the French message.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))

from lois.core.errors import LoisError  # noqa: E402
from lois.core.yamlfile import parse_yaml  # noqa: E402


def bomb(levels: int, width: int) -> str:
    """« Billion laughs »: each level an alias list of `width` copies of the previous one."""
    out = "a: &a [" + ", ".join(['"lol"'] * width) + "]\n"
    names = "abcdefghijklmnop"
    for i in range(1, levels):
        out += f"{names[i]}: &{names[i]} [" + ", ".join([f"*{names[i - 1]}"] * width) + "]\n"
    return out


def wide(levels: int) -> str:
    """Few aliases, each used twice: 2**levels values once expanded."""
    out = "a0: &a0 [lol, lol]\n"
    for i in range(1, levels):
        out += f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n"
    return out


CASES = {
    "alias bomb 10^9 values (9 levels × 10)": bomb(9, 10),
    "doubling 2^40 values (40 aliases)": wide(40),
    "recursive alias": "x: &a [50, *a]\n",
    "deep nesting (200 levels)": "x: " + "[" * 200 + "]" * 200 + "\n",
}

for name, text in CASES.items():
    t0 = time.perf_counter()
    try:
        parse_yaml(text, "bombe.yaml")
        result = "ACCEPTED"
    except LoisError as exc:
        result = exc.message
    ms = (time.perf_counter() - t0) * 1000
    print(f"{name:45s} {len(text):6d} bytes  {ms:8.1f} ms  {result}")
