"""Count the places where the package reads a provision id out of a string (issue 36, « the provision id is what the
code passes around »): `python bench/id_scans.py [ROOT] [-v]` (ROOT: a checkout, by default this one).

Each call is counted by kind: ``law_of`` (the law number of an id string), ``ProvisionId.of`` / ``ProvisionId.parse``
(the strict parser, on a canonical id string), ``parse_provision_id`` / ``provision_id`` (the lenient parser, on what
a person or a file wrote), and raw scans (a regular expression or ``isdigit`` run on a variable holding an id). With
``-v``, each call's place; read them to tell a boundary (a file, a command line, the rules shipped to the browser)
from a second reading of an id the code already had.
"""
from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ID_NAMES = {"pid", "sid", "target", "node_id", "cited", "raw_id"}


def kind(node: ast.Call) -> str | None:
    f = node.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    owner = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
    if name in ("law_of", "_law_of"):
        return "law_of"
    if owner == "ProvisionId" and name in ("of", "parse"):
        return f"ProvisionId.{name}"
    if name in ("parse_provision_id", "provision_id"):
        return name
    if owner == "re" and name in ("match", "search", "fullmatch") and len(node.args) > 1 \
            and isinstance(node.args[1], ast.Name) and node.args[1].id in ID_NAMES:
        return "raw scan"
    if name == "isdigit" and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) \
            and f.value.id in ID_NAMES:
        return "raw scan"
    return None


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "-v"]
    root = Path(args[0]) if args else Path(__file__).resolve().parents[1]
    counts: Counter[str] = Counter()
    for path in sorted((root / "plugins" / "lois").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defs = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (k := kind(node)) and node.lineno not in defs:
                counts[k] += 1
                if "-v" in sys.argv:
                    print(f"  {k:20s} {path.relative_to(root)}:{node.lineno}")
    for k in ("law_of", "ProvisionId.of", "ProvisionId.parse", "parse_provision_id", "provision_id", "raw scan"):
        print(f"{counts[k]:4d}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
