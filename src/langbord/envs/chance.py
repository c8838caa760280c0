"""Chance nodes resolved inside an environment, with the environment's seeded generator."""

from __future__ import annotations

from collections.abc import Callable

from langbord.core.game import State


def sample_outcome(state: State, uniform: Callable[[], float]) -> int:
    """An outcome of the chance node ``state``, drawn with its probabilities; ``uniform()`` is a
    number in [0, 1)."""
    outcomes = state.chance_outcomes()
    x = uniform()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if x < total:
            return outcome
    return outcomes[-1][0]  # rounding: the probabilities summed to a hair under x


def resolve_chance(state: State, uniform: Callable[[], float]) -> None:
    """Apply chance outcomes until a seat decides or the game is over."""
    while state.is_chance_node():
        state.apply_unchecked(sample_outcome(state, uniform))
