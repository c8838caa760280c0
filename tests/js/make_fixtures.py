"""Writes tests/js/fixtures/GAME.json: tables as the server sends them to the seat to move
(view, legal actions with kind and args), taken from seeded random games so that every action
kind a seat can be offered appears in some table. Run after an engine's view or notation
changes: ``python tests/js/make_fixtures.py``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import langbord

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "knarr": [
        {"players": 2},
        {"players": 4},
        {"players": 2, "skali": True, "artifact": "two-player-mead-cup"},
        {"players": 3, "skali": True, "artifact": "random"},
        {"players": 2, "artifact": "random", "boat": "advanced"},
    ],
    "skoventyr": [
        {"players": 1},
        {"players": 2, "lygtemands": True},
        {"players": 1, "rescue": True},
        {"players": 3, "lygtemands": True, "rescue": True},
    ],
}
OUT = Path(__file__).parent / "fixtures"


def table(game: langbord.Game, state: Any, seat: int) -> dict[str, Any]:
    strings = game.action_strings()
    return {
        "game": game.name,
        "options": dict(game.options),
        "you": seat,
        "to_move": seat,
        "status": "playing",
        "players": [{"seat_name": game.seat_name(p), "name": f"P{p}"} for p in range(state.n)],
        "view": state.view(seat),
        "legal": [
            {"id": a, "text": strings[a], **state.action_parts(a)} for a in state.legal_actions()
        ],
        "log": [],
    }


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, configs in CONFIGS.items():
        tables: list[dict[str, Any]] = []
        seen: set[tuple[str, str]] = set()
        for k, options in enumerate(configs):
            game = langbord.load(name, **options)
            for seed in range(6 if name == "knarr" else 300):
                rng = random.Random(1000 * k + seed)
                state = game.new_initial_state()
                first = seed == 0
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        actions = [a for a, _ in outcomes]
                        weights = [p for _, p in outcomes]
                        state.apply_action(rng.choices(actions, weights)[0])
                        continue
                    seat = state.current_player()
                    legal = state.legal_actions()
                    kinds = {state.action_parts(a)["kind"] for a in legal}
                    layout = "skali" if options.get("skali") else "plain"
                    new = {(kind, layout) for kind in kinds} - seen
                    if new or first:
                        seen |= new
                        tables.append(table(game, state, seat))
                        first = False
                    state.apply_action(rng.choice(legal))
        (OUT / f"{name}.json").write_text(json.dumps(tables, indent=None, ensure_ascii=False))
        print(name, len(tables), sorted({kind for kind, _ in seen}))


if __name__ == "__main__":
    main()
