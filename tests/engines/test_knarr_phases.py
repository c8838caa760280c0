"""Knarr's phases (``engines/knarr/phases``): each writes its rule plainly beside the fast legal
moves (``Phase.reference``: the moves its why-not allows), and the two agree on random games that
visit every phase; the conformance suite compares them on every state it visits."""

from __future__ import annotations

import random
from typing import Any

import langbord
from langbord.engines.knarr.rules import KnarrState

PHASES = [phase for phase in KnarrState.flow.phases if phase.name != "over"]

GAMES: list[tuple[dict[str, Any], int]] = [
    ({"players": 2, "skali": True, "artifact": "golden_bracelet"}, 2),
    ({"players": 2, "boat": "random", "artifact": "two-player-mead-cup"}, 0),
    ({"players": 4, "artifact": "helmet"}, 2),
]
"""Seeded random games that, together, visit every phase (the village's order and the artifacts'
choices are rare)."""


def test_the_plain_rule_gives_the_fast_legal_moves_in_every_phase() -> None:
    seen: set[str] = set()
    for options, seed in GAMES:
        state = langbord.load("knarr", **options).new_initial_state()
        assert isinstance(state, KnarrState)
        rng = random.Random(seed)
        while not state.is_terminal():
            phase = state.phase
            seen.add(phase.name)
            legal = state.legal_actions()
            assert phase.reference is not None
            assert phase.reference(state) == legal, phase.name
            assert all(phase.why(state, action) == "" for action in legal), phase.name
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(legal)
            state.apply_action(action)
    assert seen == {phase.name for phase in PHASES}
