"""The shape of Knarr's view (``KnarrState.view``): what a seat, or a spectator, is told of the
table, as the server sends it and the board reads it. The table is public but for the hands: a
seat sees its own hand; of another seat's hand, and of every hand for a spectator, only its size
and the cards seen taken from the market. With the Skali mode each seat has coins, a village and
raid tokens (and, with 2 players, a change token), and ``skali`` holds the buildings. The JSON
Schema ``view.schema.json`` beside this module and the browser's types
(``web/static/contracts/knarr.js``) are generated from these (``python tools/contracts.py``)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

KnarrColour = Literal["red", "yellow", "green", "blue", "purple"]
"""The five colours, in the order of the market's slots."""
KnarrBoatSide = Literal["normal", "advanced"]
"""The boat's two sides (KN-9)."""
KnarrSkaliBoard = Literal["rulebook", "digital"]
"""The skáli's lines: the rulebook's or the digital adaptation's (option ``skali_board``)."""
KnarrArtifactOption = Literal[
    "none",
    "mead_cup",
    "silver_coins",
    "cauldron",
    "golden_bracelet",
    "helmet",
    "amulet",
    "weathervane",
    "random",
    "two-player-mead-cup",
]
"""The values of option ``artifact``."""
KnarrArtifact = Literal[
    "Mead Cup",
    "Silver coins",
    "Cauldron",
    "Golden bracelet",
    "Helmet",
    "Amulet",
    "Weathervane",
]
"""The artifacts by title."""
KnarrPhase = Literal[
    "draw",
    "reveal",
    "reveal building",
    "artifact",
    "boat",
    "first player",
    "action",
    "pay",
    "take",
    "after action",
    "forced discard",
    "activate village",
    "mead cup",
    "reserve",
    "extra action",
    "over",
]
"""Knarr's phases, in the flow's order (``over`` at the end)."""
KnarrLine = Literal[
    "explore a Land of Influence",
    "explore a Trading Land",
    "recruit into a colour already held",
    "recruit into a new colour",
]
"""A village card's four lines, by the action that activates them (SK-3)."""


class KnarrOptions(TypedDict):
    """The game's options, every one with its value (the defaults filled in)."""

    players: int
    boat: KnarrBoatSide | Literal["random"]
    skali: bool
    skali_board: KnarrSkaliBoard
    artifact: KnarrArtifactOption


class KnarrMarket(TypedDict):
    """The market: the viking type in each colour's slot ("red vp"), None for an empty slot."""

    red: str | None
    yellow: str | None
    green: str | None
    blue: str | None
    purple: str | None


class KnarrCrew(TypedDict):
    """A seat's crew: the viking types ("red vp") in each colour's column, one per card."""

    red: list[str]
    yellow: list[str]
    green: list[str]
    blue: list[str]
    purple: list[str]


class KnarrPayment(TypedDict):
    """The destination being paid for: its name ("A24"), its cost in words and the cards still
    to pay."""

    destination: str
    cost: str
    left: int


class KnarrSeat(TypedDict):
    """One seat: its tracks and tokens, crew, destinations explored and reserved, and its hand
    (``hand`` is the seat's own, None in another's view; ``hand_known`` the cards seen taken
    from the market). The Skali mode adds coins, the village ("building 7") and raid tokens,
    and with 2 players the change token."""

    seat: int
    vp: int
    reputation: int
    bracelets: int
    recruits: int
    crew: KnarrCrew
    destinations: list[str]
    reserved: list[str]
    hand_size: int
    hand_known: list[str]
    hand: list[str] | None
    coins: NotRequired[int]
    village: NotRequired[list[str]]
    raid_tokens: NotRequired[int]
    change_token: NotRequired[Literal["available", "unavailable"]]


class KnarrSkali(TypedDict):
    """The Skali mode's part of the table: the skáli's lines, the building market ("building
    7", None for an empty slot), the building deck's size and the buildings known at its bottom,
    the raid tokens and, while the village is activated, the line being activated."""

    skali_board: KnarrSkaliBoard
    buildings: list[str | None]
    building_deck: int
    building_deck_bottom: list[str]
    raid_tokens_on_board: int
    additional_token_beside_board: bool
    activating: KnarrLine | None


class KnarrView(TypedDict):
    """A seat's view of a game of Knarr (``seat`` None: a spectator's). ``to_move`` is negative
    when nobody decides (chance, the end); ``boat`` is None until a random side is drawn;
    ``destinations`` holds each deck's visible row ("Trading Lands", "Lands of Influence"), None
    for an empty place; ``decks`` the cards left in the vikings' deck and each destination deck;
    ``deck_contents`` (when the deck is public) and ``discard`` count vikings by type; ``take``
    is the colour of the slot to take from, ``forced_discards`` the seats still to discard (KN-7)
    and ``skali`` is None without the Skali mode."""

    game: Literal["knarr"]
    seat: int | None
    players: int
    options: KnarrOptions
    artifact: str | None
    artifacts: list[KnarrArtifact]
    boat: KnarrBoatSide | None
    first: int
    turn: int
    to_move: int
    phase: KnarrPhase
    round: int
    end_triggered: bool
    market: KnarrMarket
    destinations: dict[str, list[str | None]]
    decks: dict[str, int]
    deck_contents: dict[str, int] | None
    discard: dict[str, int]
    payment: KnarrPayment | None
    take: KnarrColour | None
    forced_discards: list[int]
    extras: int
    seats: list[KnarrSeat]
    skali: KnarrSkali | None
