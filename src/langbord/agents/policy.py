"""The policy agent: plays the game's quick rule-of-thumb policy (``State.policy_action``)."""

from __future__ import annotations

import random

from langbord.core.game import State


class PolicyAgent:
    """Plays ``policy_action`` on a copy of the state re-dealt with ``resample_hidden``, so the
    policy only ever sees guesses of what its seat cannot see. A game without a ``policy`` in its
    strategy module plays uniformly at random."""

    spec = "policy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("PolicyAgent.step: no legal action (the game is over)")
        if len(legal) == 1:
            return legal[0]
        seen = state.resample_hidden(state.current_player(), self.rng)
        return seen.policy_action(self.rng)
