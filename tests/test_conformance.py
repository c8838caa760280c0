"""The shared conformance suite over every registered game and each of its option sets."""

from __future__ import annotations

import re
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
    """Eight games; every fourth state against its phase's plain rule (every state in the slow
    suite's many games)."""
    report = check_game(name, options, games=8, seed=1000, deep_every=0.03, reference_every=4)
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


PLAIN_RULES = [
    # (game, options, a phase whose reference is broken on purpose, phases without a reference)
    ("knarr", {"players": 3}, "take", set()),
    ("skaal", {"players": 4, "prospects": 5, "max_rounds": 30}, "setup", {"roll"}),
    ("skaal", {"players": 4, "prospects": 5, "max_rounds": 30}, "action", {"roll"}),
    ("skibe", {"players": 3}, "lay", set()),
    ("skoventyr", {"players": 2, "lygtemands": True, "rescue": True}, "action", set()),
]
"""Skåål's die has no reference: its legal moves are its six faces as they stand."""


@pytest.mark.parametrize(
    ("name", "options", "broken", "without"),
    [pytest.param(*case, id=f"{case[0]}-{case[2]}") for case in PLAIN_RULES],
)
def test_phases_write_their_rule_plainly_and_the_suite_checks_it(
    name: str, options: dict[str, Any], broken: str, without: set[str]
) -> None:
    """Every phase of every engine (but those named) declares a reference, the suite compares it
    with the fast legal moves on every state it visits, and a reference that disagrees is
    caught."""
    from langbord.core.conformance import ConformanceError
    from langbord.core.flow import FlowState

    state = langbord.load(name, **options).new_initial_state()
    assert isinstance(state, FlowState)
    phases = [phase for phase in state.flow.phases if phase.name != "over"]
    assert {phase.name for phase in phases if phase.reference is None} == without
    assert check_game(name, options, games=1, seed=5).games == 1

    checked = state.flow.by_name[broken]
    plain = checked.reference
    checked.reference = lambda state: []
    try:
        with pytest.raises(ConformanceError, match=f"phase {broken}: the plain rule gives"):
            check_game(name, options, games=1, seed=5)
    finally:
        checked.reference = plain


@pytest.mark.parametrize("name", ["skaal", "skibe", "skoventyr"])
def test_without_secrets_a_seat_sees_what_a_spectator_sees(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game without private information shows every seat the spectator's view with its own
    ``seat``, and the same text (the server builds them once for all); one that shows a seat
    more, or other text, is caught."""
    from langbord.core.conformance import ConformanceError

    game = langbord.load(name)
    assert not game.info.private_information
    cls = type(game.new_initial_state())
    view, render = cls.view, cls.render

    def more(state: Any, player: int | None) -> Any:
        return {**view(state, player), "extra": player}

    monkeypatch.setattr(cls, "view", more)
    with pytest.raises(
        ConformanceError, match=re.escape("view(0) differs from view(None) in more than its seat")
    ):
        check_game(name, {}, games=1, seed=5)
    monkeypatch.setattr(cls, "view", view)

    def other(state: Any, player: int | None) -> str:
        return render(state, player) + ("" if player is None else " ")

    monkeypatch.setattr(cls, "render", other)
    with pytest.raises(ConformanceError, match=re.escape("render(0) differs from render(None)")):
        check_game(name, {}, games=1, seed=5)
