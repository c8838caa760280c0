"""The engines stay readable: no function in ``langbord.engines`` over 40 lines or of cyclomatic
complexity over 12, unless its docstring says why ("Long because …").

Complexity is McCabe's: one, plus one for every ``if``/``elif``, conditional expression, loop,
``except``, ``case``, comprehension clause and each extra operand of ``and``/``or``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import langbord

ENGINES = Path(langbord.__file__).parent / "engines"
MAX_LINES = 40
MAX_COMPLEXITY = 12
REASON = "Long because"

Function = ast.FunctionDef | ast.AsyncFunctionDef
DECISIONS = (ast.If, ast.IfExp, ast.For, ast.While, ast.AsyncFor, ast.ExceptHandler, ast.match_case)


def complexity(node: Function) -> int:
    """McCabe's cyclomatic complexity of one function (nested functions counted apart)."""
    count = 1
    todo: list[ast.AST] = list(ast.iter_child_nodes(node))
    while todo:
        child = todo.pop()
        if isinstance(child, Function | ast.Lambda | ast.ClassDef):
            continue
        if isinstance(child, DECISIONS):
            count += 1
        elif isinstance(child, ast.comprehension):
            count += 1 + len(child.ifs)
        elif isinstance(child, ast.BoolOp):
            count += len(child.values) - 1
        todo.extend(ast.iter_child_nodes(child))
    return count


def too_long(path: Path) -> list[str]:
    """The functions of one module over the limits without a reason in their docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, Function):
            continue
        lines = (node.end_lineno or node.lineno) - node.lineno + 1
        score = complexity(node)
        if (lines > MAX_LINES or score > MAX_COMPLEXITY) and REASON not in (
            ast.get_docstring(node) or ""
        ):
            found.append(
                f"{path.name}:{node.lineno} {node.name}: {lines} lines, complexity {score}"
            )
    return found


@pytest.mark.parametrize("game", sorted(p.name for p in ENGINES.iterdir() if p.is_dir()))
def test_engine_functions_are_short(game: str) -> None:
    found = [f for module in sorted((ENGINES / game).glob("*.py")) for f in too_long(module)]
    assert not found, "\n".join(found)


def test_complexity_counts_decisions() -> None:
    code = "def f(x):\n    if x and x > 1:\n        return [y for y in x if y]\n    return 0\n"
    node = ast.parse(code).body[0]
    assert isinstance(node, ast.FunctionDef)
    assert complexity(node) == 1 + 1 + 1 + 2
