"""The uniformly random agent."""

from __future__ import annotations

import random

from langbord.core.game import State


class RandomAgent:
    """Picks uniformly among ``state.legal_actions()`` with its own ``random.Random(seed)``."""

    spec = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("RandomAgent.step: no legal action (the game is over)")
        return legal[self.rng.randrange(len(legal))]
