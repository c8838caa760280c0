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
    source: str = ""
    """The module ``from ... import`` names (``""`` for a plain ``import``)."""

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
                yield Import(module, name, target, type_checking, node.lineno, base)
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


def import_graph() -> dict[str, set[str]]:
    """Each module of langbord and the modules of langbord it imports, at the top or inside a
    function but not only for type checking: ``import a.b.c`` imports ``a.b.c``;
    ``from a.b import c`` imports ``a.b``, and ``a.b.c`` too where that is a module. A package a
    module sits in is not counted: Python runs it before any of its modules, so naming it
    (``from langbord.engines.skoventyr import data`` in ``skoventyr.rules``) adds nothing."""
    graph: dict[str, set[str]] = {module: set() for module in MODULES}
    for module in MODULES:
        for imported in imports_of(module):
            if imported.type_checking:
                continue
            named = {imported.target, imported.source}
            graph[module] |= {
                m for m in named if m in MODULES and not f"{module}.".startswith(f"{m}.")
            }
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected set of modules (Tarjan's algorithm) as one shortest cycle through
    its first module by name, starting and ending there, then any other members in order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    found = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}
        frontier = [start]
        cycle: list[str] | None = None
        while frontier and cycle is None:
            following = []
            for node in frontier:
                for other in sorted(graph[node] & group):
                    if other == start:
                        cycle = [*paths[node], start]
                        break
                    if other not in paths:
                        paths[other] = [*paths[node], other]
                        following.append(other)
                if cycle is not None:
                    break
            frontier = following
        assert cycle is not None
        found.append([*cycle, *sorted(group - set(cycle))])
    return sorted(found)


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set(), "e": {"f"}, "f": {"e"}}
    assert cycles(graph) == [["a", "b", "c", "a"], ["e", "f", "e"]]
    graph["d"] = {"a"}  # a second way round: a member off the shortest cycle
    assert cycles(graph) == [["a", "b", "c", "a", "d"], ["e", "f", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_counts_function_local_imports_and_skips_type_checking_ones() -> None:
    graph = import_graph()
    assert "langbord.core.registry" in graph["langbord.core.conformance"]
    assert "langbord.engines.skaal.rules" not in graph["langbord.engines.skaal.render"]


def test_no_module_imports_itself_through_others() -> None:
    found = cycles(import_graph())
    shown = [" -> ".join(c[: c.index(c[0], 1) + 1]) + _also(c) for c in found]
    assert not found, "import cycles:\n" + "\n".join(shown)


def _also(cycle: list[str]) -> str:
    rest = cycle[cycle.index(cycle[0], 1) + 1 :]
    return f" (with {', '.join(rest)} in the same knot)" if rest else ""


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


FEATURES = "langbord.server.features."
"""The server's feature modules: each owns one concern of a table."""


def feature_crossings() -> list[Import]:
    """Every import of one server feature module by another (at the top, inside a function or
    only for type checking), and every import of a feature by the live-table cache, the views
    or the helpers the features share: those sit under the features, never beside them."""
    under = ("langbord.server.tables", "langbord.server.views", "langbord.server.shared")
    found = []
    for module in MODULES:
        if not module.startswith(FEATURES) and module not in (*under, "langbord.server.opening"):
            continue
        for imported in imports_of(module):
            target = imported.target
            if target.startswith(FEATURES) and target != module:
                found.append(imported)
    return found


def test_the_server_features_never_import_each_other() -> None:
    features = {m for m in MODULES if m.startswith(FEATURES)}
    assert {f"{FEATURES}{name}" for name in ("lifecycle", "moves", "takeback", "chat")} <= features
    found = [str(i) for i in feature_crossings()]
    assert not found, "server features reaching each other:\n" + "\n".join(found)


def test_the_live_table_cache_knows_no_feature_view_or_bot() -> None:
    """The cache only replays and locks: it imports neither a feature, the views, the
    service, the analyses nor the bots."""
    banned = tuple(
        f"langbord.server.{name}"
        for name in ("features", "views", "service", "analyses", "bots", "shared")
    )
    imported = [i for i in imports_of("langbord.server.tables") if i.target.startswith(banned)]
    assert not imported, "\n".join(map(str, imported))
