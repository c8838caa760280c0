"""The games' evaluation functions (``Heuristics.evaluate``: what the greedy agent maximises and
what MCTS scores its rollouts with) value what their heuristics modules say they value."""

from __future__ import annotations

import pytest

import langbord
from langbord import CHANCE
from langbord.agents.greedy import GreedyAgent
from langbord.agents.heuristics import skibe as skibe_heuristics
from langbord.engines.skibe.rules import SkibeState


def _skibe_after(*texts: str) -> SkibeState:
    """Skibe, 3 players: ships 1–3 dealt red F + blue E, yellow F + red/blue F, blue/green E +
    red/red E (each bow 1 food), the display yellow E, blue F, red E; then ``texts``."""
    state = langbord.load("skibe", players=3).new_initial_state()
    assert isinstance(state, SkibeState)
    for name in (
        "red F", "blue E", "yellow F", "red/blue F", "blue/green E", "red/red E",
        "yellow E", "blue F", "red E",
    ):  # fmt: skip
        assert state.current_player() == CHANCE
        state.apply_action(state.string_to_action(f"reveal {name}"))
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def _values_after(state: SkibeState, text: str) -> list[float]:
    after = state.clone()
    assert isinstance(after, SkibeState)
    after.apply_action(after.string_to_action(text))
    return skibe_heuristics.values(after)


def test_skibe_a_chieftain_in_a_ship_is_worth_chief_value_to_its_owner_only() -> None:
    """A Chieftain in a ship will act for its owner when the ship is evaluated: until then it
    counts ``CHIEF_VALUE`` points to its owner and nothing to the others; in hand, nothing."""
    state = _skibe_after("take d3", "lay 1", "equip 2.1")  # red's turn: chieftain or pass
    assert state.current_player() == 0
    passed = _values_after(state, "pass")
    played = _values_after(state, "chief food 1")
    assert played[0] == pytest.approx(passed[0] + skibe_heuristics.CHIEF_VALUE)
    assert played[1:] == pytest.approx(passed[1:])
    assert skibe_heuristics.values(state) == pytest.approx(passed)


def test_skibe_a_chieftain_stops_counting_once_its_ship_is_evaluated() -> None:
    """Blue's stern evaluates ship 1 (red F, blue E, red E; red's food Chieftain): the Chieftain
    acts (red adds a food stone), the ship scores red 2 x 2 and blue (1 + the stern) x 2, and
    leaves with its Chieftain; red's value is its 4 points plus 0.6 x its ships, nothing more."""
    state = _skibe_after("take d3", "lay 1", "equip 2.1", "chief food 1", "reveal blue F")
    assert skibe_heuristics.values(state)[0] == pytest.approx(
        0.6 * (2 + 1 + 2) + skibe_heuristics.CHIEF_VALUE
    )
    for text in ("stern 1", "move food stock>1", "reveal yellow F", "reveal yellow E"):
        state.apply_action(state.string_to_action(text))
    assert state.current_player() == 2
    assert skibe_heuristics.values(state) == pytest.approx(
        [4 + 0.6 * (0 + 1 + 2), 4 + 0.6 * (0 + 1 + 1), 0.6 * (2 + 2 + 0)]
    )


@pytest.mark.parametrize("seed", range(4))
def test_skibe_greedy_plays_a_chieftain_rather_than_pass(seed: int) -> None:
    state = _skibe_after("take d3", "lay 1", "equip 2.1")
    assert state.action_to_string(GreedyAgent(seed).step(state)).startswith("chief ")
