"""Skoventyr's phases (``langbord.engines.skoventyr.phases``): each declares its rule plainly
beside its fast legal moves, and the conformance suite proves the two equal."""

from __future__ import annotations

import random

import pytest

import langbord
from langbord.core.game import CHANCE
from langbord.engines.skoventyr.rules import FLOW, SkoventyrState

MODULES = {"players": 2, "lygtemands": True, "rescue": True}


def test_the_flow_lists_the_phases_in_their_order() -> None:
    """Views and encoders list the phases in this order (``over`` last)."""
    assert FLOW.names == (
        "draw",
        "lygtemand",
        "hostage",
        "acorn",
        "action",
        "damage",
        "heal",
        "reveal",
        "cost bottom",
        "gambit",
        "huldre",
        "trold",
        "recycle",
        "reward",
        "revenge",
        "involve top",
        "involve bottom",
        "hand limit",
        "recover",
        "place",
        "refuge",
        "over",
    )
    assert SkoventyrState.flow is FLOW


@pytest.mark.parametrize(
    "options", [{"players": 1}, MODULES, {"players": 1, "trees": 7, "damaged": 7, "rescue": True}]
)
def test_why_not_allows_exactly_the_legal_moves(options: dict[str, int | bool]) -> None:
    """On random states, each phase's refusal is "" for exactly the legal moves of its kinds,
    and an illegal move is refused in those words."""
    game = langbord.load("skoventyr", **options)
    kinds = SkoventyrState.action_kinds
    rng = random.Random(11)
    for _ in range(4):
        state = game.new_initial_state()
        assert isinstance(state, SkoventyrState)
        while not state.is_terminal():
            phase = state.phase
            legal = state.legal_actions()
            for action in range(game.num_distinct_actions()):
                if kinds[action] in phase.kinds:
                    refusal = phase.why(state, action)
                    assert (refusal == "") == (action in legal), (phase.name, action, refusal)
                    if refusal:
                        with pytest.raises(langbord.IllegalActionError) as refused:
                            state.apply_action(action)
                        assert refusal in str(refused.value)
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(legal)
            state.apply_action(action)
