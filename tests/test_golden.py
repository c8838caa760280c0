"""Golden playthroughs: a seeded game of random agents per game, every step's action string and
the table every few steps, compared with a stored file. A change in rules behaviour shows up
here as a diff; when it is intended, bump the game's ``version`` and regenerate with
``LANGBORD_UPDATE_GOLDEN=1 pytest tests/test_golden.py``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import langbord
from langbord.agents import RandomAgent
from langbord.record import replay

GOLDEN = Path(__file__).parent / "golden"
TABLE_EVERY = 20  # the whole table every 20 steps and at the end; every action string
CASES = {
    "knarr": {"players": 3, "skali": True},
    "skibe": {"players": 3},
    "skaal": {"players": 3, "prospects": 6, "max_rounds": 12},
    "skoventyr": {"players": 2, "lygtemands": True, "rescue": True},
}


def playthrough(name: str) -> str:
    game = langbord.load(name, **CASES[name])
    record = langbord.play_game(game, [RandomAgent(7 + p) for p in range(game.num_players())], 7)
    state = game.new_initial_state()
    lines = [f"{name} version {game.version} options {game.options} seed 7", str(state)]
    for step, text in enumerate(record["actions"], start=1):
        player = state.current_player()
        state.apply_action(state.string_to_action(text))
        lines.append(f"--- {step}: {'chance' if player < 0 else f'seat {player}'}: {text}")
        if step % TABLE_EVERY == 0:
            lines.append(str(state))
    lines.append(str(state))
    lines.append(f"scores {state.scores()} returns {state.returns()}")
    assert str(replay(record)) == str(state)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = playthrough(name)
    if os.environ.get("LANGBORD_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} plays differently from {path}; see the module docstring"
