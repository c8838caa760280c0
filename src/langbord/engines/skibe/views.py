"""The shape of Skibe's view (``SkibeState.view``): what a seat, or a spectator, is told of the
table, as the server sends it and the board reads it. Skibe has no secrets: every seat is told the
same. ``view.schema.json`` beside this file, the board's types and the fixture tables are
generated from these (``python tools/contracts.py``)."""

from __future__ import annotations

from typing import Literal, TypedDict


class SkibeHand(TypedDict):
    """What a player still holds."""

    chieftains: list[str]
    sterns: int


class SkibeViking(TypedDict):
    """A Viking card in a ship, with the equipment stones on it."""

    card: str
    equipment: int


class SkibeChieftain(TypedDict):
    """A Chieftain laid on a ship: its owner's colour and its action."""

    owner: str
    action: str


class SkibeShip(TypedDict):
    """A ship: the food on its bow, its Viking cards and Chieftains from the bow outward, and the
    colour of the stern that closes it."""

    bow_food: int
    vikings: list[SkibeViking]
    chieftains: list[SkibeChieftain]
    stern: str | None


class SkibeEvaluation(TypedDict):
    """The Chieftain acting in an evaluation: its ship (1–3), its action, its owner and the
    colours Protection covers there."""

    ship: int
    chieftain: str
    owner: str
    protected_colours: list[str]


class SkibeStock(TypedDict):
    """The general stock's stones."""

    food: int
    equipment: int


class SkibeSheetRow(TypedDict):
    """A row of the score sheet: an evaluation's label and the points it gave each seat."""

    label: str
    points: list[int]


class SkibeView(TypedDict):
    """A seat's view of a game of Skibe (``seat`` None: a spectator's). ``to_move`` is -1 when
    nobody decides (chance, the end); ``display`` has None for an empty slot."""

    game: Literal["skibe"]
    seat: int | None
    players: list[str]
    ship_limit: int
    turn: int
    to_move: int
    phase: str
    held: str | None
    last_laid: str | None
    evaluation: SkibeEvaluation | None
    pile: int
    display: list[str | None]
    ships: list[SkibeShip]
    stock: SkibeStock
    hands: list[SkibeHand]
    scores: list[int]
    sheet: list[SkibeSheetRow]
    out_of_game: int
