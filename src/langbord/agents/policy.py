"""The policy agent: plays the game's quick rule-of-thumb policy (``Heuristics.policy``)."""

from __future__ import annotations

import random

from langbord.agents.heuristics import heuristics_for
from langbord.core.game import State


class PolicyAgent:
    """Plays the game's quick policy (:mod:`langbord.agents.heuristics`) on a copy of the state
    re-dealt with ``resample_hidden``, so the policy only ever sees guesses of what its seat
    cannot see. A game without a policy of its own plays uniformly at random."""

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
        return heuristics_for(state.game).policy(seen, self.rng)
