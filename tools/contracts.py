"""Write each game's view contract from its declaration (the ``TypedDict`` the registry names):
the JSON Schema beside the engine, ``src/langbord/engines/GAME/view.schema.json``, the board's
JSDoc types, ``src/langbord/web/static/contracts/GAME.js``, and the fixture tables
``tests/fixtures/views/GAME.json`` (views of a seeded random game at its first decision, every
seat's and a spectator's, in its middle and at its end); and the server's envelope around the
views (``langbord.server.shapes``): its schema ``src/langbord/server/table.schema.json`` and
the browser's types ``src/langbord/web/static/contracts/table.js``, which import each game's
view from that game's file.

    python tools/contracts.py [--check]

``--check`` writes nothing and fails, naming the files, when a committed file differs from what
it would write (CI runs it through ``tests/core/test_contracts.py``).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import langbord
from langbord import CHANCE
from langbord.core.contracts import jsdoc_of, schema_of, schema_text, schemas_of
from langbord.core.registry import view_type
from langbord.core.runner import sample_chance
from langbord.server import shapes

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "langbord"


FIXTURES = ROOT / "tests" / "fixtures" / "views"
SEED = 7


def fixture(game: str, seed: int = SEED) -> list[dict[str, Any]]:
    """The views of a seeded random game of ``game`` (default options): at its first decision
    (each seat's and a spectator's), at the decision halfway through, and at its end."""
    loaded = langbord.load(game)
    state, rng = loaded.new_initial_state(), random.Random(seed)
    decisions = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        decisions.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    seats: list[int | None] = [*range(loaded.num_players()), None]
    first, middle = decisions[0], decisions[len(decisions) // 2]
    return [
        *({"at": "first decision", "seat": s, "view": first.view(s)} for s in seats),
        {
            "at": "halfway",
            "seat": middle.current_player(),
            "view": middle.view(middle.current_player()),
        },
        *({"at": "end", "seat": s, "view": state.view(s)} for s in seats),
    ]


def expected() -> dict[Path, str]:
    """Every contract file and the text it should hold."""
    files: dict[Path, str] = {}
    imported: dict[str, str] = {}
    for game in langbord.games():
        declared = view_type(game)
        if declared is None:
            continue
        schema = schema_of(declared, f"https://langbord.invalid/contracts/{game}.view.json")
        files[PACKAGE / "engines" / game / "view.schema.json"] = schema_text(schema)
        source = f"{declared.__module__}.{declared.__name__}"
        files[PACKAGE / "web" / "static" / "contracts" / f"{game}.js"] = jsdoc_of(schema, source)
        imported[declared.__name__] = f"./{game}.js"
        text = json.dumps(fixture(game), indent=1, ensure_ascii=False)
        files[FIXTURES / f"{game}.json"] = text + "\n"
    table = schemas_of(shapes.SHAPES, "https://langbord.invalid/contracts/table.json")
    files[PACKAGE / "server" / "table.schema.json"] = schema_text(table)
    files[PACKAGE / "web" / "static" / "contracts" / "table.js"] = jsdoc_of(
        table, shapes.__name__, imported
    )
    return files


def drifted() -> list[Path]:
    """The contract files whose committed text differs from what would be written."""
    return [
        path
        for path, text in expected().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        stale = drifted()
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from its declaration", file=sys.stderr)
        if stale:
            print("run: python tools/contracts.py", file=sys.stderr)
        return 1 if stale else 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    for path, text in expected().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
