"""The noisy policy agent: the game's quick policy with a person's slips, for a beginner level.

It never plays a move that neither the game's policy nor its evaluation would consider: with
probability ``policy`` it plays the policy's move (``Heuristics.policy``), otherwise it draws a
move by a softmax over ``evaluate()`` one decision ahead (the greedy agent's values) at
``temperature``. A move that loses much more than the best one is all but never drawn (its
weight falls by e for every ``temperature`` of win share it gives away); moves nearly as good as
the best are drawn often, which is the kind of slip a beginner makes.
"""

from __future__ import annotations

import math
import random

from langbord.agents.greedy import value_after
from langbord.agents.heuristics import heuristics_for
from langbord.core.game import State

DEFAULT_POLICY = 0.5
DEFAULT_TEMPERATURE = 0.05


class NoisyPolicyAgent:
    """Plays the policy's move with probability ``policy``, else a move drawn with weights
    ``exp(value / temperature)`` over ``evaluate()`` after each legal action, on a copy of the
    state re-dealt with ``resample_hidden`` (it knows what its seat knows, no more)."""

    spec = "noisy"

    def __init__(
        self,
        seed: int | None = None,
        policy: float = DEFAULT_POLICY,
        temperature: float = DEFAULT_TEMPERATURE,
    ) -> None:
        if not 0.0 <= policy <= 1.0:
            raise ValueError(f"policy must be a probability from 0 to 1, not {policy}")
        if not temperature > 0.0:
            raise ValueError(f"temperature must be above 0, not {temperature}")
        self.rng = random.Random(seed)
        self.policy = policy
        self.temperature = temperature

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("NoisyPolicyAgent.step: no legal action (the game is over)")
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        seen = state.resample_hidden(me, self.rng)
        if self.rng.random() < self.policy:
            return heuristics_for(state.game).policy(seen, self.rng)
        return self.rng.choices(legal, weights=self.weights(seen, legal, me))[0]

    def weights(self, seen: State, legal: list[int], me: int) -> list[float]:
        """The softmax weight of each of ``legal`` (the best action's is 1)."""
        evaluate = heuristics_for(seen.game).evaluate
        values = [value_after(seen, action, me, evaluate) for action in legal]
        best = max(values)
        return [math.exp((value - best) / self.temperature) for value in values]
