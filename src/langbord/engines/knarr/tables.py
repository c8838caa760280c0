"""Lookups derived from Knarr's components (``data``), for the table and its phases to share:
viking types by colour, each destination's cost by parts, a boat's trade columns, and whether a
crew can pay a destination (KN-4)."""

from __future__ import annotations

from langbord.engines.knarr.data import (
    COLOURS,
    COST_COLOURS,
    COST_SAME,
    DESTINATIONS,
    NUM_GAINS,
    NUM_TYPES,
)

EXTRA_RECRUIT, EXTRA_EXPLORE = 0, 1
"""The extra actions an artifact earns: a Recruit (Helmet) or an Explore (Weathervane)."""
TYPES = range(NUM_TYPES)
COLOUR_RANGE = range(len(COLOURS))
COLOUR_TYPES: list[range] = [range(c * 4, c * 4 + 4) for c in COLOUR_RANGE]
"""The viking types of each colour."""
DEST_KIND = [d.cost_kind for d in DESTINATIONS]
DEST_SIZE = [d.size for d in DESTINATIONS]
DEST_NEEDS: list[list[tuple[int, int]]] = [
    [(c, k) for c, k in enumerate(d.need) if k] for d in DESTINATIONS
]
DEST_DECK = [d.deck for d in DESTINATIONS]
DEST_SINGLE = [
    n[0][0] if d.cost_kind == COST_COLOURS and len(n) == 1 else -1
    for d, n in zip(DESTINATIONS, DEST_NEEDS, strict=True)
]
"""The one colour of a cost ``{colour: n}``, else -1."""
DEST_IMMEDIATE = [d.immediate for d in DESTINATIONS]


def boat_columns(boat: tuple[int, ...]) -> list[list[int]]:
    """The trade columns of a bare boat: each column's gain vector (one gain, or none)."""
    columns = []
    for gain in boat:
        column = [0] * NUM_GAINS
        if gain >= 0:
            column[gain] = 1
        columns.append(column)
    return columns


def can_pay(d: int, colours: list[int], recruits: int) -> bool:
    """Whether crew columns ``colours`` and ``recruits`` pay destination ``d`` exactly (KN-4)."""
    kind = DEST_KIND[d]
    if kind == COST_COLOURS:
        short = 0
        for c, k in DEST_NEEDS[d]:
            if k > colours[c]:
                short += k - colours[c]
        return short <= recruits
    if kind == COST_SAME:
        return max(colours) + recruits >= DEST_SIZE[d]
    return 5 - colours.count(0) + recruits >= DEST_SIZE[d]
