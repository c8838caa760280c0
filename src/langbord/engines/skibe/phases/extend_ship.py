"""Extend the length of a ship (rulebook, How to Play 1): the card taken from the display or
drawn from the pile is laid at the end of a ship below its limit (5, 6 or 7 Viking cards with 3,
4 or 5 players); then its cargo symbol says what is loaded, food or equipment."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _, ngettext
from langbord.engines.skibe.data import SHIPS
from langbord.engines.skibe.notation import ARG1, LAY_CARD, LAY_ID
from langbord.engines.skibe.phases import on_turn
from langbord.engines.skibe.phases.equipment import LOAD_EQUIPMENT
from langbord.engines.skibe.phases.equipment import options as equipment_options
from langbord.engines.skibe.phases.food_supplies import LOAD_FOOD
from langbord.engines.skibe.phases.laying_chieftains import offer_chieftains
from langbord.engines.skibe.tables import IS_FOOD, card_words

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

LAY_OPTIONS = [[LAY_ID[s] for s in range(SHIPS) if key >> s & 1] for key in range(1 << SHIPS)]
"""Where a card may be laid, by the bits of the ships below their limit."""


class LayHeld(NamedTuple):
    """The player lays the card drawn."""

    def run(self, state: SkibeState) -> bool:
        state.phase = LAY
        return True


def legal(state: SkibeState) -> list[int]:
    limit = state.ship_limit
    ships = state.ships
    return LAY_OPTIONS[
        (len(ships[0].cards) < limit)
        | (len(ships[1].cards) < limit) << 1
        | (len(ships[2].cards) < limit) << 2
    ]


def why_not(state: SkibeState, action: int) -> str:
    """Why the card may not be laid in ship ``action`` names; "" if it may."""
    ship = ARG1[action]
    if len(state.ships[ship].cards) < state.ship_limit:
        return ""
    return ngettext(
        "ship {ship} already has {n} Viking card, the limit with {players} players (rulebook)",
        "ship {ship} already has {n} Viking cards, the limit with {players} players (rulebook)",
        state.ship_limit,
    ).format(ship=ship + 1, n=state.ship_limit, players=len(state.players))


def reference(state: SkibeState) -> list[int]:
    return [action for action in LAY_ID if not why_not(state, action)]


def apply(state: SkibeState, action: int) -> None:
    ship = state.ships[ARG1[action]]
    card = state.last_laid = state.held
    state.held = -1
    ship.cards.append(card)
    ship.equipment.append(0)
    if IS_FOOD[card]:
        state.phase = LOAD_FOOD  # always possible: stock, or a bow with 2+, or no food
        return
    options = equipment_options(state)
    if options:
        state.choices = options
        state.phase = LOAD_EQUIPMENT
    else:  # no card may take equipment: none is loaded (rulebook)
        offer_chieftains(state)


def task(state: SkibeState, quote: bool) -> str:
    text = _("lay the {card} in a ship").format(card=card_words(state.held))
    return f"{text} ({state._examples(LAY_CARD)})" if quote else text


LAY: Phase[SkibeState] = Phase(
    "lay",
    {LAY_CARD},
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
