"""The shared conformance suite over every registered game and each of its option sets."""

from __future__ import annotations

from typing import Any

import pytest

import langbord
from langbord.core.conformance import check_game
from langbord.core.registry import game_class

CASES = [
    pytest.param(name, options, id=f"{name}-" + "-".join(f"{k}{v}" for k, v in options.items()))
    for name in langbord.games()
    for options in game_class(name).conformance_options
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_conformance(name: str, options: dict[str, Any]) -> None:
    report = check_game(name, options, games=8, seed=1000, deep_every=0.03)
    assert report.games == 8
    assert report.deep_checks >= 8
    assert all(length > 0 for length in report.lengths)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CASES)
def test_conformance_many_games(name: str, options: dict[str, Any]) -> None:
    """Many more seeded games, for the slow CI run."""
    report = check_game(name, options, games=60, seed=50_000, deep_every=0.01)
    assert report.games == 60


def test_the_suites_random_play_is_the_random_agents() -> None:
    """The suite plays without agents (core imports none), yet makes RandomAgent's moves."""
    from langbord.agents import RandomAgent
    from langbord.core.conformance import _RandomPlay

    game = langbord.load("skibe", players=3)
    own = langbord.play_game(game, [_RandomPlay(7 + p) for p in range(3)], seed=7)
    agents = langbord.play_game(game, [RandomAgent(7 + p) for p in range(3)], seed=7)
    assert own == agents


def test_skibe_phases_write_their_rule_plainly_and_the_suite_checks_it() -> None:
    """Every Skibe phase declares a reference, the suite compares it with the fast legal moves on
    every state it visits, and a reference that disagrees is caught."""
    from langbord.core.conformance import ConformanceError
    from langbord.engines.skibe.phases.extend_ship import LAY
    from langbord.engines.skibe.rules import SkibeState

    phases = [phase for phase in SkibeState.flow.phases if phase.name != "over"]
    assert [phase.name for phase in phases if phase.reference is None] == []
    assert check_game("skibe", {"players": 3}, games=1, seed=5).games == 1

    plain = LAY.reference
    LAY.reference = lambda state: []
    try:
        with pytest.raises(ConformanceError, match="phase lay: the plain rule gives"):
            check_game("skibe", {"players": 3}, games=1, seed=5)
    finally:
        LAY.reference = plain
