"""The tests can fail: a static check (``ast``) of every test module for the forms of a test that passes whatever
the code does. Run alone, ``python tests/test_tests.py [FILE…]`` prints what it finds, one ``file:line: rule``
a line, and exits 1 if it finds anything.

- ``constant`` — an assertion of a constant, a non-empty literal or a tuple (``assert (x, "message")``);
- ``or-true`` — an ``or`` with a true constant (``assert x or True``);
- ``non-negative`` — a size compared with zero that no size fails (``len(x) >= 0``, ``x.count(y) > -1``);
- ``same-sides`` — the same expression on both sides of a comparison (``assert a == a``);
- ``empty-loop`` — assertions only inside a loop over a collection that may be empty, and nothing in the test
  asserts that it is not (``assert items``, ``assert len(items) == 3``, a counter asserted after the loop);
- ``maybe-never`` — assertions only under an ``if`` with no ``else``, outside any loop: the test may check nothing;
- ``private`` — a test that reads a private name of the code under test (``x._foo``, ``from lois… import _f``),
  instead of what the user sees; a helper's own ``self._x`` is its own business;
- ``fixed-sleep`` — a fixed wait (``time.sleep``, ``page.wait_for_timeout``) followed by a negative assertion
  (``assert not …``, ``not in``, ``== 0``, ``is None``): it passes when the thing awaited is merely late.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.rule} — {self.text}"


def _truthy_constant(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return bool(node.value)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.keys)
    if isinstance(node, ast.JoinedStr):
        return any(not isinstance(v, ast.Constant) or v.value for v in node.values)
    return isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and False


def _is_size(node: ast.expr) -> bool:
    """``len(x)`` or ``x.count(y)``: never negative."""
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "len")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "count"))


def _number(node: ast.expr) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    return None


def _always_true_comparison(node: ast.Compare) -> str | None:
    left = node.left
    for op, right in zip(node.ops, node.comparators, strict=True):
        if ast.dump(left) == ast.dump(right) and isinstance(op, (ast.Eq, ast.Is, ast.GtE, ast.LtE, ast.In)):
            return "same-sides"
        if _is_size(left) and (n := _number(right)) is not None and (
                (isinstance(op, ast.GtE) and n <= 0) or (isinstance(op, ast.Gt) and n < 0)
                or (isinstance(op, ast.NotEq) and n < 0)):
            return "non-negative"
        if _is_size(right) and (n := _number(left)) is not None and (
                (isinstance(op, ast.LtE) and n <= 0) or (isinstance(op, ast.Lt) and n < 0)):
            return "non-negative"
        left = right
    return None


def _assert_rule(test: ast.expr) -> str | None:
    """The rule an assertion of ``test`` breaks whatever the values are, if any."""
    if _truthy_constant(test):
        return "constant"
    if isinstance(test, ast.BoolOp):
        if isinstance(test.op, ast.Or) and any(_truthy_constant(v) for v in test.values):
            return "or-true"
        for value in test.values:  # `a and len(x) >= 0`: the always-true part checks nothing
            if rule := _assert_rule(value):
                return rule
    if isinstance(test, ast.Compare):
        return _always_true_comparison(test)
    return None


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _negative(test: ast.expr) -> bool:
    """An assertion that something did not happen: what a fixed wait cannot show."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if isinstance(test, ast.Compare):
        for op, right in zip(test.ops, test.comparators, strict=True):
            if isinstance(op, ast.NotIn):
                return True
            if isinstance(op, (ast.Eq, ast.Is)) and (
                    (isinstance(right, ast.Constant) and right.value in (0, None, False, ""))
                    or (isinstance(right, (ast.List, ast.Tuple, ast.Dict, ast.Set)) and not getattr(
                        right, "elts", getattr(right, "keys", None)))):
                return True
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_negative(v) for v in test.values)
    return False


def _fixed_wait(stmt: ast.stmt) -> bool:
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return False
    func = stmt.value.func
    return isinstance(func, ast.Attribute) and (
        func.attr == "wait_for_timeout" or (func.attr == "sleep" and isinstance(func.value, ast.Name)
                                            and func.value.id in ("time", "asyncio")))


def _own_nodes(body: list[ast.stmt]):
    """The nodes of these statements, not those of the functions and classes they define."""
    todo: list[ast.AST] = list(body)
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                todo.append(child)


def _non_empty_iterable(node: ast.expr, literals: set[str]) -> bool:
    """An iterable written in the test that has items: a literal, ``range(3)``, ``x.items()`` of such a literal,
    a module constant bound to a literal."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts)
    if isinstance(node, ast.Dict):
        return bool(node.keys)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(node.value)
    if isinstance(node, ast.Name):
        return node.id in literals
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # `PAGES + tuple(more)`
        return _non_empty_iterable(node.left, literals) or _non_empty_iterable(node.right, literals)
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "split" and node.args:
            return True  # `text.split("\n")`: at least one piece
        if isinstance(func, ast.Name) and func.id == "range" and node.args:
            bounds = [_number(a) for a in node.args]
            if None not in bounds:
                start, stop = (0, bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
                return stop > start
        if isinstance(func, ast.Name) and func.id in ("enumerate", "sorted", "reversed", "list", "tuple", "zip"):
            return bool(node.args) and all(_non_empty_iterable(a, literals) for a in node.args[:1])
        if isinstance(func, ast.Attribute) and func.attr in ("items", "keys", "values"):
            return _non_empty_iterable(func.value, literals)
    return False


def _literals(body: list[ast.stmt]) -> dict[str, ast.expr]:
    """Names these statements bind once, to a non-empty literal (``CASES = [...]``, ``said = {...}``)."""
    bound: dict[str, int] = {}
    literal: dict[str, ast.expr] = {}
    for stmt in body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else (
            [stmt.target] if isinstance(stmt, ast.AnnAssign) and stmt.value is not None else [])
        for target in targets:
            if isinstance(target, ast.Name):
                bound[target.id] = bound.get(target.id, 0) + 1
                if _non_empty_iterable(stmt.value, {}):  # type: ignore[arg-type]
                    literal[target.id] = stmt.value  # type: ignore[assignment]
    return {name: value for name, value in literal.items() if bound[name] == 1}


def _items_are_non_empty(node: ast.expr, literals: dict[str, ast.expr]) -> bool:
    """``for k, v in said.items()`` over a literal whose every value is itself a non-empty literal."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("items", "values"):
        node = node.func.value
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in literals:
        return _items_are_non_empty(node.value, literals)  # `VISIBLE[path]`, each value of VISIBLE has items
    if isinstance(node, ast.Name):
        node = literals.get(node.id, node)
    values = node.values if isinstance(node, ast.Dict) else getattr(node, "elts", None)
    return bool(values) and all(_non_empty_iterable(v, {}) for v in values)


def _collection(node: ast.expr) -> ast.expr:
    """What a loop goes through: ``lists`` in ``lists.items()``, ``sorted(lists)``, ``enumerate(lists)``."""
    while isinstance(node, (ast.Call, ast.Subscript)):
        if isinstance(node, ast.Subscript):
            if not isinstance(node.slice, ast.Slice):
                break
            node = node.value  # `targets[::10]`: an assertion on `targets` says it has items
        elif isinstance(node.func, ast.Attribute) and node.func.attr in ("items", "values", "keys") and not node.args:
            node = node.func.value
        elif isinstance(node.func, ast.Name) and node.func.id == "range" and len(node.args) == 1:
            node = node.args[0]  # `range(links.count())`: an assertion on `links.count()` says it runs
        elif isinstance(node.func, ast.Name) and node.func.id in ("enumerate", "sorted", "list", "zip", "reversed",
                                                                   "tuple", "set") and node.args:
            node = node.args[0]
        else:
            break
    return node


def _is_call_to(node: ast.AST, names: set[str]) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id in names)
        or (isinstance(node.func, ast.Attribute) and node.func.attr in names))


def _is_test(node: ast.AST) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")


class _Test:
    """One test function: its assertions, and what counts as one (a helper that asserts, ``pytest.raises``)."""

    def __init__(self, func: ast.FunctionDef | ast.AsyncFunctionDef, helpers: set[str],
                 literals: dict[str, ast.expr]) -> None:
        self.func = func
        self.helpers = helpers | {"raises", "nonempty"}
        self.literals = {**literals, **_literals([n for n in _own_nodes(func.body) if isinstance(n, ast.stmt)])}

    def checks(self, body: list[ast.stmt]) -> list[ast.AST]:
        return [n for n in _own_nodes(body) if isinstance(n, ast.Assert) or _is_call_to(n, self.helpers)]

    def loop_runs(self, loop: ast.For | ast.AsyncFor, outer: dict[str, ast.expr], outside: list[ast.AST]) -> bool:
        """The loop runs at least once, or the test asserts so: a non-empty literal (or an item of a literal of
        non-empty literals), ``nonempty(…)``, or a check outside the loop that reads the collection, or a name
        the loop sets (a counter, a list it fills)."""
        if _non_empty_iterable(loop.iter, self.literals) or _is_call_to(loop.iter, {"nonempty"}):
            return True
        if (isinstance(loop.iter, ast.Name) and loop.iter.id in outer) or _items_are_non_empty(
                loop.iter, self.literals) and isinstance(loop.iter, ast.Subscript):
            return True
        body = list(_own_nodes(loop.body))
        watched = {n.id for n in body if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        watched |= {n.func.value.id for n in body  # `seen.append(x)` in the loop
                    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                    and isinstance(n.func.value, ast.Name) and n.func.attr in ("append", "add", "extend", "update")}
        watched |= {n.value.id for n in body
                    if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name)}
        watched -= _names(loop.target)
        collection = ast.dump(_collection(loop.iter))
        for check in outside:
            tested = check.test if isinstance(check, ast.Assert) else check
            if _names(tested) & watched or any(ast.dump(n) == collection for n in ast.walk(tested)):
                return True
        return False

    def findings(self, path: str) -> list[Finding]:
        func, found = self.func, []
        if any(_is_call_to(d, {"given"}) for d in func.decorator_list):
            return found  # a property over generated inputs: that some inputs have nothing to check is its nature
        every = self.checks(func.body)
        self._loops(func.body, {}, every, path, found)
        in_loops = {id(c) for loop in _own_nodes(func.body) if isinstance(loop, (ast.For, ast.AsyncFor, ast.While))
                    for c in self.checks(loop.body)}
        for node in _own_nodes(func.body):
            if not (isinstance(node, ast.If) and not node.orelse) or not (under := self.checks(node.body)):
                continue
            if id(under[0]) in in_loops:
                continue
            ids = {id(c) for c in under}
            if not any(id(c) not in ids and id(c) not in in_loops for c in every):
                found.append(Finding(path, node.lineno, "maybe-never",
                                     f"{func.name}: assertions seulement si « {ast.unparse(node.test)[:60]} »"))
        self._sleeps(func.body, path, found)
        for node in _own_nodes(func.body):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list):
                    self._sleeps(block, path, found)
        return found

    def _loops(self, body: list[ast.stmt], outer: dict[str, ast.expr], every: list[ast.AST], path: str,
               found: list[Finding]) -> None:
        """Each loop holding checks, outermost first; ``outer`` names the items of enclosing loops over literals
        of non-empty literals."""
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for node in _walk_shallow(stmt):
                if not isinstance(node, (ast.For, ast.AsyncFor)):
                    continue
                inner = self.checks(node.body)
                if inner:
                    ids = {id(c) for c in inner}
                    outside = [c for c in every if id(c) not in ids]
                    if not self.loop_runs(node, outer, outside):
                        found.append(Finding(path, node.lineno, "empty-loop",
                                             f"{self.func.name}: assertions dans une boucle sur "
                                             f"« {ast.unparse(node.iter)[:70]} » que rien ne dit non vide"))
                deeper = dict(outer)
                if _items_are_non_empty(node.iter, self.literals):
                    deeper.update({n: node.iter for n in _names(node.target)})
                self._loops(node.body, deeper, every, path, found)
                self._loops(node.orelse, outer, every, path, found)

    def _sleeps(self, block: list[ast.stmt], path: str, found: list[Finding]) -> None:
        """A fixed wait, then a negative assertion in the same block."""
        for i, stmt in enumerate(block):
            if not _fixed_wait(stmt):
                continue
            for later in block[i + 1:]:
                if _fixed_wait(later):
                    break
                if isinstance(later, ast.Assert) and _negative(later.test):
                    said = ast.unparse(later.test)[:60]
                    found.append(Finding(path, stmt.lineno, "fixed-sleep",
                                         f"{self.func.name}: attente fixe puis « assert {said} »"))
                    break


def _walk_shallow(stmt: ast.stmt):
    """``stmt`` and the statements nested in it, down to the first loop (included), not into functions."""
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, (ast.For, ast.AsyncFor)):
            continue
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt) and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                       ast.ClassDef)):
                todo.append(child)


def _asserting_helpers(tree: ast.Module) -> set[str]:
    """The module's functions that assert (directly or through another of them): calling one is a check."""
    funcs = {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
             and not n.name.startswith("test")}
    helpers = {name for name, f in funcs.items() if any(isinstance(n, ast.Assert) for n in _own_nodes(f.body))}
    while True:
        more = {name for name, f in funcs.items() if name not in helpers
                and any(_is_call_to(n, helpers) for n in _own_nodes(f.body))}
        if not more:
            return helpers
        helpers |= more


# what a test calls to check, besides `assert`: Playwright's waits fail when what they wait for never comes
WAITS = {"expect", "wait_for_url", "wait_for_function", "wait_for_selector", "wait_for"}


def _shared_helpers() -> set[str]:
    """The asserting helpers of the modules the tests share (conftest.py, sitecheck.py…)."""
    names: set[str] = set()
    for path in TESTS.glob("*.py"):
        if not path.name.startswith("test_"):
            names |= _asserting_helpers(ast.parse(path.read_text(encoding="utf-8")))
    return names


CHECKING_HELPERS = WAITS | _shared_helpers()


def check_source(source: str, path: str = "<test>") -> list[Finding]:
    tree = ast.parse(source, filename=path)
    found: list[Finding] = []
    literals = _literals(tree.body)
    helpers = _asserting_helpers(tree) | CHECKING_HELPERS
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) and (rule := _assert_rule(node.test)):
            found.append(Finding(path, node.lineno, rule, f"assert {ast.unparse(node.test)[:80]}"))
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
              and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            found.append(Finding(path, node.lineno, "private", ast.unparse(node)[:80]))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "lois":
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(Finding(path, node.lineno, "private", f"from {node.module} import {alias.name}"))
        elif _is_test(node):
            found += _Test(node, helpers, literals).findings(path)  # type: ignore[arg-type]
    return sorted(found, key=lambda f: (f.path, f.line, f.rule))


def check_files(paths: list[Path]) -> list[Finding]:
    found: list[Finding] = []
    for path in paths:
        found += check_source(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS.parent)))
    return found


def test_modules() -> list[Path]:
    return sorted(TESTS.glob("*.py"))


test_modules.__test__ = False  # type: ignore[attr-defined]

# what is left on purpose, each with its reason; an entry that no longer matches is reported too
ALLOWED = {
    ("tests/test_buildcache.py", "buildcache._version"):
        "the cache key's library versions; the build cache is being reworked on another branch (issue 36)",
    ("tests/test_buildcache.py", "env.bytecode_cache._get_cache_filename"):
        "Jinja's own file for a template, damaged on purpose; the build cache is being reworked on another branch",
}


def _left(found: list[Finding]) -> tuple[list[Finding], list[tuple[str, str]]]:
    allowed = {key for key in ALLOWED if any((f.path, f.text) == key for f in found)}
    return [f for f in found if (f.path, f.text) not in ALLOWED], sorted(set(ALLOWED) - allowed)


def test_every_test_can_fail():
    found, stale = _left(check_files(test_modules()))
    assert not found, "\n".join(map(str, found))
    assert not stale, f"exceptions qui ne correspondent plus à rien : {stale}"


BAD = {
    "constant": ["def test_a():\n    assert True\n", "def test_a():\n    assert (x == 1, 'message')\n"],
    "or-true": ["def test_a():\n    assert f() or True\n"],
    "non-negative": ["def test_a():\n    assert len(f()) >= 0\n", "def test_a():\n    assert 0 <= len(xs)\n"],
    "same-sides": ["def test_a():\n    assert f(x) == f(x)\n"],
    "empty-loop": ["def test_a(model):\n    for law in model.laws:\n        assert law.title\n",
                   "def test_a():\n    for x in load():\n        if x.ok:\n            assert x.y\n"],
    "maybe-never": ["def test_a():\n    r = run()\n    if r.ok:\n        assert r.out == 'x'\n"],
    "private": ["def test_a(model):\n    assert model._spans\n",
                "from lois.core.corpus import _law_of\n"],
    "fixed-sleep": ["def test_a(page):\n    page.click('b')\n    page.wait_for_timeout(500)\n"
                    "    assert not page.locator('.x').is_visible()\n",
                    "def test_a():\n    start()\n    time.sleep(1)\n    assert done() == 0\n"],
}
GOOD = [
    "def test_a():\n    assert len(f()) >= 1 and f() or g()\n",
    "def test_a(model):\n    assert len(model.laws) > 5\n    for law in model.laws:\n        assert law.title\n",
    "def test_a(model):\n    for law in nonempty(model.laws):\n        assert law.title\n",
    "CASES = [1, 2]\ndef test_a():\n    for c in CASES:\n        assert c\n",
    "def test_a():\n    said = {'a': ['x'], 'b': ['y']}\n    for k, ws in said.items():\n"
    "        for w in ws:\n            assert w\n",
    "def test_a():\n    n = 0\n    for x in load():\n        assert x\n        n += 1\n    assert n\n",
    "def test_a():\n    r = run()\n    assert r.code == 0\n    if r.out:\n        assert 'x' in r.out\n",
    "def test_a(page):\n    page.wait_for_timeout(100)\n    assert page.locator('.x').count() == 2\n",
    "class T:\n    def f(self):\n        return self._x\n",
]


@pytest.mark.parametrize("rule, source", [(rule, s) for rule, sources in BAD.items() for s in sources],
                         ids=[f"{rule}-{i}" for rule, sources in BAD.items() for i in range(len(sources))])
def test_each_form_is_found(rule, source):
    assert [f.rule for f in check_source(source)] == [rule], source


@pytest.mark.parametrize("source", GOOD, ids=[f"good-{i}" for i in range(len(GOOD))])
def test_a_test_that_can_fail_is_left_alone(source):
    assert check_source(source) == [], source


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or test_modules()
    found, _ = _left(check_files(paths))
    for f in found:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
