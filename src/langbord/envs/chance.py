"""Chance nodes resolved inside an environment, with the environment's seeded generator."""

from __future__ import annotations

from collections.abc import Callable

from langbord.core.game import State
from langbord.core.runner import sample_outcome


def resolve_chance(state: State, uniform: Callable[[], float]) -> None:
    """Apply chance outcomes until a seat decides or the game is over."""
    while state.is_chance_node():
        state.apply_unchecked(sample_outcome(state, uniform))
