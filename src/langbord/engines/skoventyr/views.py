"""The shape of Skoventyr's view (``SkoventyrState.view``): what a seat, or a spectator, is told of
the table, as the server sends it and the board reads it. Hands are open and nobody knows the
deck's order (SV-6), so every seat is told the same; ``seat`` alone differs. The modules change
values, not keys: without The Lygtemands Get Involved ``lygtemands`` is None and no Minion has a
Lygtemand; without Rescue ``hostages`` is empty and no Acorn is anywhere. The browser's types and
``view.schema.json`` are generated from these (``python tools/contracts.py``)."""

from __future__ import annotations

from typing import Literal, TypedDict

SkoventyrAlly = Literal["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold"]
"""An Ally type (``data.ALLY_TYPES``)."""
SkoventyrCard = Literal["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold", "Gamle Erik"]
"""A card: an Ally type or the Adversary, Gamle Erik (``data.CARD_NAMES``)."""
SkoventyrLygtemandKind = Literal["Ellefolk", "Formskifter", "Huldre", "Nisse", "Trold", "?"]
"""A Lygtemand: one per Ally type and "?", any Ally (``data.LYGTEMANDS``)."""
SkoventyrAcorn = Literal["1", "2", "3"]
"""A Rescue Acorn's kind (``data.ACORN_KINDS``)."""
SkoventyrSide = Literal["healthy", "damaged"]
"""A Tree's side (``data.SIDES``)."""


class SkoventyrTree(TypedDict):
    """A Tree of the Forest: its letter, its side, the pawns on it and its Ally (None: no Ally),
    Revealed or Hidden."""

    tree: str
    side: SkoventyrSide
    vogter: bool
    gamle_erik: bool
    ally: SkoventyrAlly | None
    revealed: bool


class SkoventyrDeck(TypedDict):
    """What everybody knows of the deck (SV-6): its size, the cards known on its top (top card
    first) and bottom (bottom card last), and how many of each card its unordered hidden part
    holds (card types with none are left out)."""

    size: int
    top: list[SkoventyrCard]
    bottom: list[SkoventyrCard]
    hidden: int
    hidden_cards: dict[str, int]


class SkoventyrMinion(TypedDict):
    """A Minion of Gamle Erik ("Lindorm 1" …) with its value, whether it is still in the game,
    and the Lygtemand (SV-7) and Acorn (SV-8) on it, None for none."""

    name: str
    value: int
    in_game: bool
    lygtemand: SkoventyrLygtemandKind | None
    acorn: SkoventyrAcorn | None


class SkoventyrLygtemands(TypedDict):
    """The Lygtemands module (SV-7): Lygtemands rallied, and removed by Involve."""

    rallied: int
    removed: int


class SkoventyrView(TypedDict):
    """A seat's view of a game of Skoventyr (``seat`` None: a spectator's). ``to_move`` is the
    seat deciding, -1 at a chance node and -4 at the end; ``task`` says what is being decided, or
    how the game ended. ``forest`` runs clockwise; ``distance`` counts the Trees from Gamle Erik
    to Vogter. ``future`` has None for an empty slot; ``taking`` is the card a Call takes and
    ``placing`` the Ally a Position places, until they arrive. ``discard`` counts the cards by
    name (none: left out); ``revealed`` holds the cards Involve revealed, not yet placed;
    ``set_aside`` counts the Adversaries set aside during setup. ``hostages`` (Rescue) names the
    token on each Ally type still held hostage."""

    game: Literal["skoventyr"]
    seat: int | None
    players: int
    turn: int
    turns_played: int
    to_move: int
    phase: str
    task: str
    result: Literal["playing", "won", "lost"]
    forest: list[SkoventyrTree]
    allies_in_forest: int
    distance: int
    discarded_trees: list[str]
    future: list[SkoventyrCard | None]
    taking: SkoventyrCard | None
    placing: SkoventyrAlly | None
    hands: list[list[SkoventyrAlly]]
    discard: dict[str, int]
    deck: SkoventyrDeck
    revealed: list[SkoventyrCard]
    set_aside: int
    minions: list[SkoventyrMinion]
    lygtemands: SkoventyrLygtemands | None
    hostages: dict[str, Literal["x1", "x2"]]
    acorns_in_centre: list[SkoventyrAcorn]
