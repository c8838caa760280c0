"""Adding cargo, equipment (rulebook, How to Play 1): the card laid shows equipment, so one
equipment stone goes onto a Viking card in any ship that shows no shield colour of the card just
laid, from the stock while it has any; once it is empty, the player may move a stone from a card
to another allowed card, or load none. If no card is allowed, no equipment is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skibe.data import SHIPS
from langbord.engines.skibe.notation import (
    ARG1,
    ARG2,
    EQUIP_LOAD,
    EQUIP_LOAD_ID,
    EQUIP_SHIFT,
    EQUIP_SHIFT_ID,
    KIND,
    NO_EQUIP,
    NO_EQUIP_ID,
    STOCK,
    slot_name,
)
from langbord.engines.skibe.phases import on_turn
from langbord.engines.skibe.phases.laying_chieftains import offer_chieftains
from langbord.engines.skibe.tables import MASK, L, card_words

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

ACTIONS = sorted(a for a in range(len(KIND)) if KIND[a] in (EQUIP_LOAD, EQUIP_SHIFT, NO_EQUIP))
"""Every action of the phase."""


def allowed_slots(state: SkibeState) -> list[int]:
    """Ship slots whose card shows no shield colour of the card just laid (rulebook)."""
    forbid = MASK[state.last_laid]
    return [
        s * L + k
        for s in range(SHIPS)
        for k, card in enumerate(state.ships[s].cards)
        if not MASK[card] & forbid
    ]


def equipped_slots(state: SkibeState) -> list[int]:
    """Ship slots whose card carries equipment."""
    return [
        s * L + k
        for s in range(SHIPS)
        for k, stones in enumerate(state.ships[s].equipment)
        if stones
    ]


def add_equipment(state: SkibeState, place: int, stones: int) -> None:
    """Put ``stones`` (or take them, if negative) on the card at ``place`` or in the stock."""
    if place == STOCK:
        state.equipment_stock += stones
    else:
        state.ships[place // L].equipment[place % L] += stones


def options(state: SkibeState) -> list[int]:
    """The loadings open once a card showing equipment is laid (none: no card may take a
    stone, and none is loaded, rulebook)."""
    allowed = allowed_slots(state)
    if state.equipment_stock:
        return [EQUIP_LOAD_ID[c] for c in allowed]
    if not allowed:
        return []
    shift = EQUIP_SHIFT_ID
    result = [shift[a][c] for a in equipped_slots(state) for c in allowed if c != a]
    if not result:
        return []
    result.append(NO_EQUIP_ID)
    result.sort()
    return result


def legal(state: SkibeState) -> list[int]:
    """The loadings found on entering the phase (:func:`options`)."""
    return state.choices


def why_not(state: SkibeState, action: int) -> str:
    """Why ``action`` may not load equipment now; "" if it may."""
    kind, a, b = KIND[action], ARG1[action], ARG2[action]
    if kind == NO_EQUIP:
        if not state.equipment_stock:
            return ""
        return _("the stock has equipment and a card may take it: loading it is compulsory")
    if kind == EQUIP_LOAD and not state.equipment_stock:
        return _(
            "the stock has no equipment: move a stone from card to card or pass ({examples})"
        ).format(examples=state._examples(EQUIP_SHIFT, NO_EQUIP))
    if kind == EQUIP_SHIFT:
        if state.equipment_stock:
            return _("the stock still has equipment: load it from the stock ({examples})").format(
                examples=state._examples(EQUIP_LOAD)
            )
        if state.card_at(a) < 0:
            return _("there is no card {slot}").format(slot=slot_name(a))
        if not state.stones_at(a):
            return _("card {slot} carries no equipment").format(slot=slot_name(a))
        a = b
    card = state.card_at(a)
    if card < 0:
        return _("there is no card {slot}").format(slot=slot_name(a))
    if not MASK[card] & MASK[state.last_laid]:
        return ""
    return _(
        "card {slot} ({card}) shares a shield colour with the card just laid ({laid}): "
        "equipment goes on a card showing a different shield (rulebook)"
    ).format(slot=slot_name(a), card=card_words(card), laid=card_words(state.last_laid))


def reference(state: SkibeState) -> list[int]:
    return [action for action in ACTIONS if not why_not(state, action)]


def apply(state: SkibeState, action: int) -> None:
    kind = KIND[action]
    if kind == EQUIP_LOAD:
        state.equipment_stock -= 1
        place = ARG1[action]
        state.ships[place // L].equipment[place % L] += 1
    elif kind == EQUIP_SHIFT:
        add_equipment(state, ARG1[action], -1)
        add_equipment(state, ARG2[action], 1)
    offer_chieftains(state)


def task(state: SkibeState, quote: bool) -> str:
    text = _("load equipment onto a card")
    return f"{text} ({state._examples(EQUIP_LOAD, EQUIP_SHIFT, NO_EQUIP)})" if quote else text


LOAD_EQUIPMENT: Phase[SkibeState] = Phase(
    "equipment",
    {EQUIP_LOAD, EQUIP_SHIFT, NO_EQUIP},
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
