"""Adding cargo, food supplies (rulebook, How to Play 1; SB-3): the card laid shows food, so one
food stone goes onto a bow of the player's choice, from the stock while it has any. Once the
stock is empty, the player may move a stone from a bow holding 2 or more to another bow (SB-3),
or load none: a bow's last food stone never moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skibe.data import SHIPS
from langbord.engines.skibe.notation import (
    ARG1,
    ARG2,
    FOOD_LOAD,
    FOOD_LOAD_ID,
    FOOD_SHIFT,
    FOOD_SHIFT_ID,
    KIND,
    NO_FOOD,
    NO_FOOD_ID,
)
from langbord.engines.skibe.phases import on_turn
from langbord.engines.skibe.phases.laying_chieftains import offer_chieftains

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

ACTIONS = sorted(a for a in range(len(KIND)) if KIND[a] in (FOOD_LOAD, FOOD_SHIFT, NO_FOOD))
"""Every action of the phase."""


def legal(state: SkibeState) -> list[int]:
    if state.food_stock:
        return FOOD_LOAD_ID
    food = [ship.food for ship in state.ships]
    shift = FOOD_SHIFT_ID
    result = [shift[a][b] for a in range(SHIPS) if food[a] > 1 for b in range(SHIPS) if a != b]
    result.append(NO_FOOD_ID)
    result.sort()
    return result


def why_not(state: SkibeState, action: int) -> str:
    """Why ``action`` may not load food now; "" if it may."""
    kind = KIND[action]
    if kind == FOOD_LOAD:
        if state.food_stock:
            return ""
        return _(
            "the stock has no food: move a stone from a bow holding 2 or more to another "
            "bow or pass ({examples}) (SB-3)"
        ).format(examples=state._examples(FOOD_SHIFT, NO_FOOD))
    if kind == FOOD_SHIFT:
        if state.food_stock:
            return _("the stock still has food: load it from the stock ({examples}) (SB-3)").format(
                examples=state._examples(FOOD_LOAD)
            )
        bow = ARG1[action]
        if state.ships[bow].food > 1:
            return ""
        return _("bow {bow} has its last food stone, which never moves (rulebook, SB-3)").format(
            bow=bow + 1
        )
    if state.food_stock:
        return _("the stock still has food: loading it is compulsory (SB-3)")
    return ""


def reference(state: SkibeState) -> list[int]:
    return [action for action in ACTIONS if not why_not(state, action)]


def apply(state: SkibeState, action: int) -> None:
    kind = KIND[action]
    if kind == FOOD_LOAD:
        state.food_stock -= 1
        state.ships[ARG1[action]].food += 1
    elif kind == FOOD_SHIFT:
        state.ships[ARG1[action]].food -= 1
        state.ships[ARG2[action]].food += 1
    offer_chieftains(state)


def task(state: SkibeState, quote: bool) -> str:
    text = _("load food onto a bow")
    return f"{text} ({state._examples(FOOD_LOAD, FOOD_SHIFT, NO_FOOD)})" if quote else text


LOAD_FOOD: Phase[SkibeState] = Phase(
    "food",
    {FOOD_LOAD, FOOD_SHIFT, NO_FOOD},
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
