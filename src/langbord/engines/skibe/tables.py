"""Lookups derived from Skibe's component data (:mod:`langbord.engines.skibe.data`), shared by
the table (:mod:`langbord.engines.skibe.rules`) and the phases of the turn."""

from __future__ import annotations

from langbord.core.i18n import _
from langbord.engines.skibe.data import COLOURS, FOOD, MAX_SHIP_LIMIT, VIKING_TYPES

NAME = [t.name for t in VIKING_TYPES]
"""Each Viking card type's name ("red/blue F")."""
TYPE_NAMED = {t.name: t.index for t in VIKING_TYPES}
"""Each Viking card type by its name (as views give it)."""
MASK = [t.mask for t in VIKING_TYPES]
"""Each Viking card type's shield colours, as bits."""
IS_FOOD = [t.cargo == FOOD for t in VIKING_TYPES]
"""Whether each Viking card type's cargo is food (else equipment)."""
SHIELDS = [t.shields for t in VIKING_TYPES]
COLOUR_LIST = [sorted(set(t.shields)) for t in VIKING_TYPES]
"""Each colour a Viking card type shows, once."""
L = MAX_SHIP_LIMIT
"""Card places in a ship: ship slot ``place`` is card ``place % L`` of ship ``place // L``."""


def card_words(card: int) -> str:
    """Viking card type ``card`` as a player reads it: its shield colours in the language spoken
    and its cargo symbol ("red/blue F" in English, as its :data:`NAME`, which the notation
    keeps)."""
    kind = VIKING_TYPES[card]
    return "/".join(_(COLOURS[c]) for c in kind.shields) + " " + kind.cargo
