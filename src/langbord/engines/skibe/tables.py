"""Lookups derived from Skibe's component data (:mod:`langbord.engines.skibe.data`), shared by
the table (:mod:`langbord.engines.skibe.rules`) and the phases of the turn."""

from __future__ import annotations

from langbord.engines.skibe.data import FOOD, MAX_SHIP_LIMIT, VIKING_TYPES

NAME = [t.name for t in VIKING_TYPES]
"""Each Viking card type's name ("red/blue F")."""
MASK = [t.mask for t in VIKING_TYPES]
"""Each Viking card type's shield colours, as bits."""
IS_FOOD = [t.cargo == FOOD for t in VIKING_TYPES]
"""Whether each Viking card type's cargo is food (else equipment)."""
SHIELDS = [t.shields for t in VIKING_TYPES]
COLOUR_LIST = [sorted(set(t.shields)) for t in VIKING_TYPES]
"""Each colour a Viking card type shows, once."""
L = MAX_SHIP_LIMIT
"""Card places in a ship: ship slot ``place`` is card ``place % L`` of ship ``place // L``."""
