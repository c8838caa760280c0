"""The greedy agent: one decision of lookahead over the game's evaluation function (its
:class:`~langbord.agents.heuristics.Heuristics`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from langbord.agents.heuristics import heuristics_for
from langbord.core.game import CHANCE, State


def value_after(
    state: State,
    action: int,
    player: int,
    evaluate: Callable[[State], list[float]] | None = None,
) -> float:
    """``player``'s evaluation after ``action`` (by ``evaluate``, else the game's heuristics');
    a chance node right after it is averaged over its outcomes (one level deep)."""
    if evaluate is None:
        evaluate = heuristics_for(state.game).evaluate
    after = state.clone()
    after.apply_unchecked(action)
    if after.current_player() != CHANCE:
        return evaluate(after)[player]
    total = 0.0
    for outcome, p in after.chance_outcomes():
        child = after.clone()
        child.apply_unchecked(outcome)
        total += p * evaluate(child)[player]
    return total


class GreedyAgent:
    """Takes the action whose resulting position the game's evaluation rates best for its
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
        evaluate = heuristics_for(state.game).evaluate
        best: list[int] = []
        best_value = -1.0
        for action in legal:
            value = value_after(seen, action, me, evaluate)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return best[self.rng.randrange(len(best))]
