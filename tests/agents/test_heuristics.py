"""The registry of each game's heuristics (``langbord.agents.heuristics``): every game has its
own, named explicitly, loaded once; a game without any gets the plain defaults."""

from __future__ import annotations

import random
import sys
from types import ModuleType

import pytest

import langbord
from langbord.agents import heuristics
from langbord.agents.heuristics import (
    MODULES,
    NO_HEURISTICS,
    Heuristics,
    heuristics_for,
    random_action,
    weigh_scores,
)
from langbord.core.runner import sample_chance


def test_every_game_registers_its_own_heuristics() -> None:
    assert set(MODULES) == set(langbord.games())
    for name in langbord.games():
        found = heuristics_for(name)
        assert isinstance(found, Heuristics) and found is not NO_HEURISTICS
        assert heuristics_for(langbord.load(name)) is found  # by game or by name, loaded once
        assert found.evaluate is not weigh_scores  # each game says what its bots value


def test_best_agents_and_search_settings() -> None:
    assert heuristics.best_agent("skibe") == "mcts:prior=10"
    assert heuristics.best_agent("skoventyr").startswith("rollouts:")
    assert heuristics.best_agent("skaal") == "mcts"
    assert heuristics.search_defaults("knarr") == {"rollout_depth": 100}
    assert heuristics.search_defaults("skaal") == {}
    settings = heuristics.search_defaults("skibe")
    settings["iterations"] = 1  # a copy: the game's settings stay as they are
    assert heuristics.search_defaults("skibe")["iterations"] == 50


def test_a_game_without_heuristics_gets_the_defaults() -> None:
    assert heuristics_for("no such game") is NO_HEURISTICS
    assert NO_HEURISTICS.best_agent == "mcts" and NO_HEURISTICS.progress is None
    state = langbord.load("skaal").new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        shares = weigh_scores(state)
        assert sum(shares) == pytest.approx(1.0) and all(0.0 <= s <= 1.0 for s in shares)
        state.apply_action(random_action(state, rng))
    assert weigh_scores(state) == state.returns()


def test_progress_is_measured_only_where_the_game_has_a_goal_for_all() -> None:
    assert heuristics_for("skoventyr").progress is not None
    for name in ("knarr", "skaal", "skibe"):
        assert heuristics.progress(langbord.load(name).new_initial_state()) is None


def test_a_registered_module_without_heuristics_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    empty = ModuleType("langbord.agents.heuristics.empty")
    monkeypatch.setitem(sys.modules, empty.__name__, empty)
    monkeypatch.setitem(MODULES, "empty", empty.__name__)
    with pytest.raises(langbord.LangbordError, match=r"empty\.HEURISTICS is not a Heuristics"):
        heuristics_for("empty")
