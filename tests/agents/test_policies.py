"""The games' quick policies (``Heuristics.policy``): legal at every decision, and their rules of
thumb do what their docstrings say."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import langbord
from langbord import CHANCE
from langbord.agents import heuristics
from langbord.agents.heuristics import knarr as knarr_heuristics
from langbord.agents.heuristics import skibe as skibe_heuristics
from langbord.core.runner import sample_chance

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("skibe", {"players": 3}),
    ("skibe", {"players": 4}),
    ("skibe", {"players": 5}),
    ("knarr", {"players": 2}),
    ("knarr", {"players": 3}),
    ("knarr", {"players": 4, "boat": "advanced"}),
    ("knarr", {"players": 3, "skali": True, "artifact": "random"}),
]


def policy_games(name: str, options: dict[str, Any], games: int, seed: int) -> Iterator[Any]:
    """Every decision state of ``games`` seeded games in which every seat plays the policy."""
    game = langbord.load(name, **options)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            yield state
            state.apply_action(heuristics.policy_action(state, rng))


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_policy_plays_legal_actions_to_the_end(name: str, options: dict[str, Any]) -> None:
    rng = random.Random(7)
    decisions = 0
    for state in policy_games(name, options, games=3, seed=11):
        assert heuristics.policy_action(state, rng) in state.legal_actions()
        decisions += 1
    assert decisions > 30


def test_skibe_policy_lays_its_own_card_where_food_is_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from langbord.engines.skibe.data import VIKING_TYPES
    from langbord.engines.skibe.notation import ARG1
    from langbord.engines.skibe.rules import LAY

    monkeypatch.setattr(skibe_heuristics, "EPSILON", 0.0)
    checked = 0
    for state in policy_games("skibe", {"players": 4}, games=6, seed=3):
        if state.phase is not LAY or len(state.legal_actions()) < 2:
            continue
        me = state.current_player()
        if set(VIKING_TYPES[state.held].shields) != {me}:
            continue
        ships = [ARG1[a] for a in state.legal_actions()]
        most = max(state.ships[s].food for s in ships)
        action = skibe_heuristics.policy(state, random.Random(checked))
        assert state.ships[ARG1[action]].food == most
        checked += 1
    assert checked >= 5


def test_knarr_policy_explores_when_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    from langbord.engines.knarr.notation import EXPLORE, KIND
    from langbord.engines.knarr.rules import ACTION

    monkeypatch.setattr(knarr_heuristics, "EPSILON", 0.0)
    checked = 0
    for state in policy_games("knarr", {"players": 3}, games=2, seed=5):
        if state.phase is not ACTION:
            continue
        if any(KIND[a] == EXPLORE for a in state.legal_actions()):
            action = knarr_heuristics.policy(state, random.Random(checked))
            assert KIND[action] == EXPLORE
            checked += 1
    assert checked >= 5
