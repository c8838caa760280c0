"""What Skibe's bots value (used by ``SkibeState.evaluate``; see the game card).

A seat's value is its points so far plus what each ship would score it if evaluated now (own
shields, equipment on own colours, times the bow's food), counted at ``SHIP_WEIGHT`` because a
ship is rarely evaluated as it stands: more cards, stones and chieftains will come first. Values
become win shares through a softmax in which a lead of ``TEMPERATURE`` points is worth a factor e.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.game import score_shares
from langbord.engines.skibe.data import SHIPS

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

SHIP_WEIGHT = 0.6
TEMPERATURE = 6.0


def values(state: SkibeState) -> list[float]:
    """Points plus weighted points in the ships as they stand, per seat."""
    result = [float(p) for p in state.points]
    for ship in range(SHIPS):
        for seat, points in enumerate(state.ship_points(ship)):
            result[seat] += SHIP_WEIGHT * points
    return result


def evaluate(state: SkibeState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return score_shares(values(state), TEMPERATURE)
