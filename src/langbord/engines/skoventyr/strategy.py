"""What Skoventyr's bots value (used by ``SkoventyrState.evaluate``; see the game card).

The game is cooperative, so one number serves every seat: an estimated chance of victory, a
logistic of the Minion strength already defeated (the goal), how far Gamle Erik trails Vogter
(one Tree is a step from defeat), the Allies in the Forest and in hand (strength for the next
Wrath), the size of the Forest (room to flee and to damage), and the Adversaries waiting in the
Future (forced moves of Gamle Erik). The weights were set by hand and checked in the arena.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from langbord.engines.skoventyr.data import ADVERSARY, MINION_VALUES

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

TOTAL_STRENGTH = sum(MINION_VALUES)
WEIGHTS = {
    "bias": -2.0,
    "defeated": 5.0,  # per share of the total Minion strength defeated
    "distance": 0.8,  # per Tree between Gamle Erik and Vogter, beyond one
    "forest": 0.25,  # per Ally in the Forest
    "hand": 0.15,  # per Ally in hand
    "trees": 0.2,  # per Tree in the Forest beyond six
    "adversaries": -0.35,  # per Adversary in the Future
}


def distance(state: SkoventyrState) -> int:
    """Trees from Gamle Erik clockwise to Vogter (1: he is right behind him)."""
    ring = state.ring
    return (ring.index(state.vog) - ring.index(state.erik)) % len(ring)


def win_chance(state: SkoventyrState) -> float:
    defeated = sum(v for v, alive in zip(MINION_VALUES, state.minion_in, strict=True) if not alive)
    z = (
        WEIGHTS["bias"]
        + WEIGHTS["defeated"] * defeated / TOTAL_STRENGTH
        + WEIGHTS["distance"] * (distance(state) - 1)
        + WEIGHTS["forest"] * state.forest_allies
        + WEIGHTS["hand"] * sum(state.hand_size)
        + WEIGHTS["trees"] * (len(state.ring) - 6)
        + WEIGHTS["adversaries"] * sum(1 for card in state.future if card == ADVERSARY)
    )
    return 1.0 / (1.0 + math.exp(-z))


def evaluate(state: SkoventyrState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return [win_chance(state)] * state.n
