"""Dependencies point one way, read from every module's imports (its syntax tree, not a run).

core ← engines ← agents ← sim ← cli/server; envs sits over the engines. Core imports nothing of
the layers above it (the registry names each game's modules as strings, imported when asked),
and neither core nor the engines name a bot: a game's heuristics live with the agents.
Inside a game, the rules never import the text rendering, and the rendering imports the rules
only for type checking. Every import counts, at the top of a module or inside a function.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import langbord

PACKAGE = Path(langbord.__file__).resolve().parent
SOURCES = PACKAGE.parent

FORBIDDEN: dict[str, frozenset[str]] = {
    "core": frozenset({"agents", "sim", "server", "cli", "envs", "engines"}),
    "engines": frozenset({"agents", "sim", "server", "cli", "envs"}),
    "agents": frozenset({"sim", "server", "cli", "envs"}),
    "envs": frozenset({"sim", "server", "cli"}),
    "sim": frozenset({"server", "cli", "envs"}),
    "server": frozenset({"cli", "envs"}),
}
"""Per layer (``langbord.<layer>``), the layers it must not import."""


class Import(NamedTuple):
    module: str
    """The importing module."""
    name: str
    """What it imports: a module (``langbord.core.game``) or a name in one
    (``langbord.core.game.Game``)."""
    target: str
    """The module imported from."""
    type_checking: bool
    """Only under ``if TYPE_CHECKING:``."""
    line: int

    def __str__(self) -> str:
        where = " (under TYPE_CHECKING)" if self.type_checking else ""
        return f"{self.module}:{self.line} imports {self.name}{where}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCES).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(module: str) -> Iterator[Import]:
    """Every import statement of ``module``, relative ones resolved."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def walk(node: ast.AST, type_checking: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for statement in child.body:
                    yield from walk_one(statement, True)
                for statement in child.orelse:
                    yield from walk_one(statement, type_checking)
            else:
                yield from walk_one(child, type_checking)

    def walk_one(node: ast.AST, type_checking: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, alias.name, type_checking, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                name = f"{base}.{alias.name}"
                target = name if name in MODULES else base
                yield Import(module, name, target, type_checking, node.lineno)
        else:
            yield from walk(node, type_checking)

    yield from walk(ast.parse(path.read_text(encoding="utf-8"), str(path)), False)


def layer(module: str) -> str:
    """``langbord.core.game`` → ``core``; ``langbord`` and top-level modules → ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in FORBIDDEN) else ""


def violations() -> list[Import]:
    found = []
    for module in MODULES:
        own = layer(module)
        for imported in imports_of(module):
            target = imported.target
            if not target.startswith("langbord."):
                continue
            if layer(target) in FORBIDDEN.get(own, frozenset()):
                found.append(imported)
            elif module.startswith("langbord.engines.") and module.endswith(".rules"):
                if target.startswith("langbord.engines.") and target.endswith(".render"):
                    found.append(imported)
            elif module.startswith("langbord.engines.") and module.endswith(".render"):
                is_rules = target.startswith("langbord.engines.") and target.endswith(".rules")
                if is_rules and not imported.type_checking:
                    found.append(imported)
    return found


def test_the_scan_sees_every_layer() -> None:
    """The scan reads the tree it should (a wrong path would find nothing to refuse)."""
    assert {layer(m) for m in MODULES} >= {"", *FORBIDDEN}
    conformance = {i.target for i in imports_of("langbord.core.conformance")}
    assert "langbord.core.registry" in conformance
    render = list(imports_of("langbord.engines.skaal.render"))
    assert any(i.target == "langbord.engines.skaal.rules" and i.type_checking for i in render)


def test_layers_import_one_way() -> None:
    found = violations()
    unexpected = [str(i) for i in found]
    assert not unexpected, "imports against the layering:\n" + "\n".join(unexpected)


def test_the_registry_names_engines_only_as_strings() -> None:
    """Core reaches a game only through the registry's table of module names."""
    registry = [i.target for i in imports_of("langbord.core.registry")]
    assert not [t for t in registry if t.startswith("langbord.engines")]
    source = MODULES["langbord.core.registry"].read_text(encoding="utf-8")
    for name in langbord.games():
        assert f'"langbord.engines.{name}.info"' in source


BOT_WORDS = re.compile(
    r"\b(?:mcts|rollouts|greedy|noisy|best_agent|policy_action|search_defaults|Strategy"
    r"|load_strategy|heuristics_for|Heuristics)\b",
    re.IGNORECASE,
)
"""What names a bot: the kinds of agent spec that are not plain words (``random`` and ``policy``
are), and the hooks through which the rules once reached their bots."""


def test_the_rules_name_no_bot() -> None:
    """Games are not bots: core and the engines name no agent spec and reach no heuristics (what
    a bot knows of a game lives in ``langbord.agents.heuristics``), in code or in words."""
    found = [
        f"{module}:{number}: {line.strip()}"
        for module, path in MODULES.items()
        if layer(module) in {"core", "engines"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BOT_WORDS.search(line)
    ]
    assert not found, "the rules name bots:\n" + "\n".join(found)
    assert BOT_WORDS.search("a bot spec: mcts:prior=10") and not BOT_WORDS.search("random play")


def test_the_heuristics_are_registered_by_name_for_every_game() -> None:
    """The agents reach each game's heuristics through one table of module names."""
    source = MODULES["langbord.agents.heuristics"].read_text(encoding="utf-8")
    for name in langbord.games():
        assert f'"{name}": "langbord.agents.heuristics.{name}"' in source
        assert f"langbord.agents.heuristics.{name}" in MODULES
