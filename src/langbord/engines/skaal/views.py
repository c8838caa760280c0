"""The shape of Skåål's view (``SkaalState.view``): what a seat, or a spectator, is told of the
table, as the server sends it and the board reads it. Skåål has no secrets: every seat is told
the same, whatever the options. The board's JSDoc types and ``view.schema.json`` beside this
module are generated from these (``python tools/contracts.py``).

Clans and the die's faces are fixed sets, spelled here as in :mod:`langbord.engines.skaal.data`;
regions are named by plain strings, since the map is a reconstruction that may be corrected."""

from __future__ import annotations

from typing import Literal, TypedDict

SkaalColour = Literal["black", "white", "red", "green", "yellow", "light blue"]
"""A clan's colour (``data.CLANS``): seat ``p`` plays the ``p``-th."""
SkaalFace = Literal["1", "2", "3", "4", "5", "Ooops"]
"""A face of the die (``data.DIE_FACES``): 1–5 nuggets, or the Ooops."""
SkaalPhase = Literal["setup", "action", "roll", "find", "rumor", "over"]
"""The phases of the turn flow (``SkaalState.flow``), ``"over"`` at the end."""


class SkaalRegion(TypedDict):
    """A region of the map: the regions its roads lead to (map order), how many dwarfs of each
    clan are there (clans with none left out), its nuggets, whether the Ooops lies there, the
    clan whose Royal Inn stands there and the clan of its innkeeper (None: none)."""

    name: str
    roads: list[str]
    dwarfs: dict[str, int]
    nuggets: int
    ooops: bool
    inn: SkaalColour | None
    innkeeper: SkaalColour | None


class SkaalClan(TypedDict):
    """A clan's standing and pieces off the map: its respect, its Dwarf Accountant's space on the
    track (laps counted on), its dwarfs in reserve and still to place at setup, and its Royal
    Inns in reserve."""

    clan: SkaalColour
    respect: int
    accountant: int
    reserve: int
    to_place: int
    inns: int


class SkaalView(TypedDict):
    """A seat's view of a game of Skåål (``seat`` None: a spectator's). ``turn`` is the seat
    whose turn it is; ``to_move`` is -1 while the die is rolled and -4 at the end; ``round``
    counts from 1. ``roll`` and ``find`` are the turn's die face and the region of its find,
    ``rumor_from`` the region the rumor's dwarf comes from in the rumor phase (None otherwise);
    ``last_income`` is the Inn income the turn's clan had at its start. ``pawn`` and
    ``mines_closed`` are track spaces; ``prospects_left`` is their difference."""

    game: Literal["skaal"]
    seat: int | None
    players: list[SkaalColour]
    turn: int
    to_move: int
    phase: SkaalPhase
    round: int
    max_rounds: int
    roll: SkaalFace | None
    find: str | None
    rumor_from: str | None
    last_income: int
    regions: list[SkaalRegion]
    clans: list[SkaalClan]
    pawn: int
    mines_closed: int
    prospects_left: int
