"""The greedy agent: one decision of lookahead over the game's evaluation function."""

from __future__ import annotations

import random

from langbord.core.game import CHANCE, State


def value_after(state: State, action: int, player: int) -> float:
    """``player``'s evaluation after ``action``; a chance node right after it is averaged over
    its outcomes (one level deep)."""
    after = state.clone()
    after.apply_unchecked(action)
    if after.current_player() != CHANCE:
        return after.evaluate()[player]
    total = 0.0
    for outcome, p in after.chance_outcomes():
        child = after.clone()
        child.apply_unchecked(outcome)
        total += p * child.evaluate()[player]
    return total


class GreedyAgent:
    """Takes the action whose resulting position the game's ``evaluate()`` rates best for its
    seat, ties broken at random with its own ``random.Random(seed)``.

    It decides from what its seat knows: the position is first re-dealt with
    ``resample_hidden(seat, rng)``, so hidden cards it cannot see are guesses, never the truth.
    """

    spec = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("GreedyAgent.step: no legal action (the game is over)")
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        seen = state.resample_hidden(me, self.rng)
        best: list[int] = []
        best_value = -1.0
        for action in legal:
            value = value_after(seen, action, me)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return best[self.rng.randrange(len(best))]
