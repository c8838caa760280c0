"""The Golden bracelet (artifact variant): recruiting the 3rd viking of a colour lets the player
reserve a visible destination, at most 2 reserved (``reserve``); its slot is refilled, and the
player may later Explore it (:mod:`.explore`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import DESTINATIONS, MAX_RESERVED
from langbord.engines.knarr.notation import (
    ARG,
    KIND,
    NO_RESERVE,
    NO_RESERVE_ID,
    RESERVE,
    RESERVE_ID,
)
from langbord.engines.knarr.phases import offer_task, offered, on_turn
from langbord.engines.knarr.phases.destinations import REFILL_DESTINATION

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class OfferReserve(NamedTuple):
    """Golden bracelet, after a colour's 3rd viking: the player may reserve a destination."""

    def run(self, state: KnarrState) -> bool:
        return offer_reserve(state)


OFFER_RESERVE = OfferReserve()


def offer_reserve(state: KnarrState) -> bool:
    """The choice, unless no destination is visible or 2 are reserved already."""
    options = sorted(RESERVE_ID[d] for d in state.visible if d >= 0)
    if not options or len(state.players[state.turn].reserved) >= MAX_RESERVED:
        return False
    options.append(NO_RESERVE_ID)
    state.offered = options
    state.phase = RESERVATION
    return True


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not be chosen now; "" if it may: declining, or a visible one."""
    if KIND[action] == NO_RESERVE:
        return ""
    d = ARG[action]
    if d in state.visible:
        return ""
    return _("{destination} is not visible (Golden bracelet)").format(
        destination=DESTINATIONS[d].name
    )


def reference(state: KnarrState) -> list[int]:
    return [a for a in (*RESERVE_ID, NO_RESERVE_ID) if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    if KIND[action] == RESERVE:
        d = ARG[action]
        slot = state.visible.index(d)
        state.visible[slot] = -1
        state.players[state.turn].reserved.append(d)
        state.pending.append(REFILL_DESTINATION[slot])
    state.proceed()


RESERVATION: Phase[KnarrState] = Phase(
    "reserve",
    (RESERVE, NO_RESERVE),
    mover=on_turn,
    legal=offered,
    apply=apply,
    why=why_not,
    task=offer_task(((N_("may reserve a destination"), RESERVE), (N_("not"), NO_RESERVE))),
    reference=reference,
)
