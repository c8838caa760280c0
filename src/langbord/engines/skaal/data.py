"""Skåål's components as data: clans, dwarfs per player count, the map, the die and the track.

The map (SA-2) and the track (SA-3) are reconstructions: the printed board is not available.
Correcting them means changing this file only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from langbord.core.i18n import N_

if TYPE_CHECKING:
    from langbord.engines.skaal.views import SkaalColour, SkaalFace

CLANS = cast(
    "tuple[SkaalColour, ...]",
    (N_("black"), N_("white"), N_("red"), N_("green"), N_("yellow"), N_("light blue")),
)
"""Clan colours; seat ``p`` plays ``CLANS[p]``. Marked for the catalogs: a clan's name in player
text is ``_(CLANS[p])`` (views and notation keep the English)."""
CLAN_LETTERS: tuple[str, ...] = ("K", "W", "R", "G", "Y", "L")
"""One letter per clan, for text rendering (K for blacK, L for Light blue)."""

DWARFS_PER_CLAN = 15
INNS_PER_CLAN = 2

SETUP: dict[int, tuple[int, int]] = {3: (4, 10), 4: (3, 10), 5: (2, 9), 6: (2, 8)}
"""SA-1: dwarfs placed at setup and dwarfs in reserve, per clan, by player count. One more dwarf
per clan is its Dwarf Accountant; the rest leave the game."""

REGIONS: tuple[str, ...] = (
    "Kamau",
    "Jarama",
    "Topa",
    "Belsamati",
    "Le Chaim",
    "Nazdravie",
    "Yambooi",
    "Kanpai",
    "Salud",
    "Prosit",
    "Sláinte",
    "Kippis",
)
"""The twelve regions in map order (SA-2; Prosit, Kanpai, Sláinte and Kippis are stand-ins)."""

ROADS: dict[str, tuple[str, str, str]] = {
    "Kamau": ("Jarama", "Topa", "Belsamati"),
    "Jarama": ("Kamau", "Topa", "Yambooi"),
    "Topa": ("Kamau", "Jarama", "Prosit"),
    "Belsamati": ("Kamau", "Le Chaim", "Nazdravie"),
    "Le Chaim": ("Belsamati", "Nazdravie", "Kanpai"),
    "Nazdravie": ("Belsamati", "Le Chaim", "Sláinte"),
    "Yambooi": ("Jarama", "Kanpai", "Salud"),
    "Kanpai": ("Le Chaim", "Yambooi", "Salud"),
    "Salud": ("Yambooi", "Kanpai", "Kippis"),
    "Prosit": ("Topa", "Sláinte", "Kippis"),
    "Sláinte": ("Nazdravie", "Prosit", "Kippis"),
    "Kippis": ("Prosit", "Sláinte", "Salud"),
}
"""SA-2: every region is joined by road to exactly three others."""

DIE_FACES: tuple[SkaalFace, ...] = ("1", "2", "3", "4", "5", "Ooops")
"""The special die: 1–5 nuggets, or the Ooops; each face 1/6."""
OOOPS_FACE = 5

ACCOUNTANT_START = 1
PAWN_START = 2
"""SA-3: accountants start on space 1, the Prospecting Pawn on space 2; "mines closed" is
``prospects`` spaces after the pawn's start (option ``prospects``, default 20)."""
DEFAULT_PROSPECTS = 20
DEFAULT_MAX_ROUNDS = 150

MAX_HARVEST = DWARFS_PER_CLAN
"""No clan can have more dwarfs in a region than this, so no harvest takes more."""

for _region, _roads in ROADS.items():
    assert len(set(_roads)) == 3 and _region not in _roads
    assert all(_region in ROADS[other] for other in _roads), _region
assert tuple(ROADS) == REGIONS
assert all(placed + reserve + 1 <= DWARFS_PER_CLAN for placed, reserve in SETUP.values())
