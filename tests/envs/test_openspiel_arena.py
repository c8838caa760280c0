"""``benchmarks/openspiel_arena.py``: one very short game per game at tiny budgets, OpenSpiel's
MCTSBot (ISMCTSBot for Knarr) against the game's best agent through ``python_langbord_<game>``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel games need langbord[rl]")

ROOT = Path(__file__).resolve().parents[2]


def _arena() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "openspiel_arena", ROOT / "benchmarks" / "openspiel_arena.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


ARENA = _arena()


@pytest.mark.parametrize(
    ("game", "players", "opponent"),
    [("skibe", 3, "MCTSBot"), ("knarr", 2, "ISMCTSBot"), ("skaal", 3, "MCTSBot")],
)
def test_one_game_against_openspiel(game: str, players: int, opponent: str) -> None:
    lines = ARENA.run(game, players, 1, 0.002, seed=3, echo=False)
    assert lines[0].startswith("game 1: langbord in seat 0, returns ")
    summary = lines[-1]
    assert summary.startswith(f"result {game} {players}p at 0.002 s: langbord ")
    assert f"against OpenSpiel {opponent}" in summary
    assert "s a decision" in summary


def test_cooperative_game_plays_each_seed_both_ways() -> None:
    lines = ARENA.run("skoventyr", 1, 1, 0.002, seed=3, echo=False)
    assert lines[0].startswith("game 1: langbord in every seat")
    assert lines[1].startswith("game 2: OpenSpiel in every seat")
    assert "on the same seeds" in lines[-1]


def test_openspiel_bot_simulations_follow_its_rate() -> None:
    clock = ARENA.Clock()
    bot = ARENA.TimedSpielBot(_game("skibe", 3), 0.01, seed=1)
    state = _game("skibe", 3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot.step(state, clock)
    assert clock.simulations == ARENA.FIRST_SIMULATIONS
    assert bot.rate is not None and bot.rate > 0
    bot.step(state, clock)
    assert clock.decisions == 2
    assert clock.simulations - ARENA.FIRST_SIMULATIONS >= ARENA.MIN_SIMULATIONS


def test_best_agent_gets_the_time_budget() -> None:
    assert ARENA._timed("mcts", 0.25) == "mcts:time=0.25"
    assert ARENA._timed("rollouts:rollouts=256", 0.5) == "rollouts:time=0.5"
    assert ARENA._timed("mcts:iterations=9,c=1", 1) == "mcts:c=1,time=1"


def _game(name: str, players: int) -> Any:
    import pyspiel  # type: ignore[import-not-found]

    from langbord.envs import register_openspiel

    register_openspiel()
    return pyspiel.load_game(f"python_langbord_{name}", {"players": players})
