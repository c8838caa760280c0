"""``benchmarks/openspiel_arena.py``: one very short game per game at tiny budgets, OpenSpiel's
MCTSBot (ISMCTSBot for Knarr) against the game's best agent through ``python_langbord_<game>``."""

from __future__ import annotations

from typing import Any

import pytest

from scripts import load_benchmark

pytest.importorskip("pyspiel", reason="the OpenSpiel games need langbord[rl]")

ARENA = load_benchmark("openspiel_arena")


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
