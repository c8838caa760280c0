"""Skibe's components, as data: the one place to correct them (rulings/skibe.md, SB-1).

The Viking deck is a reconstruction (SB-1): the rulebook shows the cards only in pictures.
Changing the deck means changing ``_DECK_SPEC`` below, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from langbord.core.i18n import N_

COLOURS: tuple[str, ...] = (N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("purple"))
"""Player colours; seat ``p`` plays ``COLOURS[p]`` (the cards' shields show them too). Marked for
the catalogs: views and notation keep them as they are, player text says them with ``_()``."""

FOOD = "F"
EQUIPMENT = "E"

CHIEFTAIN_ACTIONS: tuple[str, ...] = (
    N_("equipment"),
    N_("food"),
    N_("remove"),
    N_("swap"),
    N_("protection"),
)
"""The five Chieftain actions; every player has one Chieftain of each. Marked for the catalogs:
the notation writes them as they are (``chief swap 2``), player text says them with ``_()``."""
EQUIP_CHIEF, FOOD_CHIEF, REMOVE_CHIEF, SWAP_CHIEF, PROTECT_CHIEF = range(5)

SHIPS = 3
BOWS = SHIPS
FOOD_STONES = 6
EQUIPMENT_STONES = 4
STERNS_PER_PLAYER = 2
DISPLAY_SIZE = 3
START_VIKINGS_PER_SHIP = 2
MIN_VIKINGS_FOR_STERN = 3
SHIP_LIMIT: dict[int, int] = {3: 5, 4: 6, 5: 7}
"""Maximum Viking cards per ship by player count (rulebook, 'Maximum Viking cards per ship')."""
MAX_SHIP_LIMIT = max(SHIP_LIMIT.values())


@dataclass(frozen=True)
class VikingType:
    """One kind of Viking card: its shields (colour indices) and its cargo symbol."""

    index: int
    shields: tuple[int, ...]
    cargo: str
    copies: int

    @property
    def name(self) -> str:
        """``red F``, ``red/red E``, ``red/blue F``."""
        return "/".join(COLOURS[c] for c in self.shields) + " " + self.cargo

    @property
    def mask(self) -> int:
        """Bit ``c`` set for every colour ``c`` the card shows."""
        m = 0
        for c in self.shields:
            m |= 1 << c
        return m


def _deck_spec() -> list[tuple[tuple[int, ...], str, int]]:
    r, b, y, g, p = range(5)
    spec: list[tuple[tuple[int, ...], str, int]] = []
    for c in range(5):  # one shield: 4 per colour, 2 F and 2 E
        spec.append(((c,), FOOD, 2))
        spec.append(((c,), EQUIPMENT, 2))
    for c in range(5):  # two shields of one colour: 1 F and 1 E per colour
        spec.append(((c, c), FOOD, 1))
        spec.append(((c, c), EQUIPMENT, 1))
    for pair in ((r, b), (b, y), (y, g), (g, p), (p, r)):  # two colours, food
        spec.append((pair, FOOD, 1))
    for pair in ((r, y), (y, p), (p, b), (b, g), (g, r)):  # two colours, equipment
        spec.append((pair, EQUIPMENT, 1))
    return spec


VIKING_TYPES: tuple[VikingType, ...] = tuple(
    VikingType(i, shields, cargo, copies) for i, (shields, cargo, copies) in enumerate(_deck_spec())
)
"""All 30 kinds of Viking card (40 cards in all)."""


def deck_counts(players: int) -> list[int]:
    """Copies of each Viking type in the deck for ``players`` players (SB-1: remove every card
    whose shields are all of colours nobody plays)."""
    used = (1 << players) - 1
    return [t.copies if t.mask & used else 0 for t in VIKING_TYPES]


assert sum(t.copies for t in VIKING_TYPES) == 40
assert sum(deck_counts(4)) == 34 and sum(deck_counts(3)) == 27
