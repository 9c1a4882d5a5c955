"""Print the longest functions of the package (lines, name, file): `python bench/longest_functions.py [N]`."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "plugins" / "lois"


def functions(root: Path = ROOT):
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield node.end_lineno - node.lineno + 1, node.name, f"{path.relative_to(root.parent)}:{node.lineno}"


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    rows = sorted(functions(), reverse=True)
    for lines, name, where in rows[:n]:
        print(f"{lines:5d}  {name:32s} {where}")
    print(f"{sum(1 for r in rows if r[0] > 60)} function(s) over 60 lines, of {len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
