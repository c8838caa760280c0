"""The Mead Cup (artifact variant): after an Explore, the player may discard one board viking to
the discard pile and refill its slot from the deck (``mead cup``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import COLOURS, MARKET_SLOTS
from langbord.engines.knarr.notation import ARG, KIND, MEAD, MEAD_ID, NO_MEAD, NO_MEAD_ID
from langbord.engines.knarr.phases import offer_task, offered, on_turn
from langbord.engines.knarr.phases.viking_deck import DRAW_TO_MARKET

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class OfferMeadCup(NamedTuple):
    """Mead Cup, after an Explore: the player may discard a board viking."""

    def run(self, state: KnarrState) -> bool:
        return offer_mead_cup(state)


OFFER_MEAD_CUP = OfferMeadCup()


def offer_mead_cup(state: KnarrState) -> bool:
    """The choice, unless the market is empty (KN-7 can leave slots empty)."""
    options = [MEAD_ID[s] for s in range(MARKET_SLOTS) if state.market[s] >= 0]
    if not options:
        return False
    options.append(NO_MEAD_ID)
    state.offered = options
    state.phase = MEAD_CUP_DISCARD
    return True


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not be chosen now; "" if it may: declining, or a slot holding one."""
    if KIND[action] == NO_MEAD:
        return ""
    slot = ARG[action]
    if state.market[slot] >= 0:
        return ""
    return _("the {colour} slot is empty (Mead Cup)").format(colour=_(COLOURS[slot]))


def reference(state: KnarrState) -> list[int]:
    return [a for a in (*MEAD_ID, NO_MEAD_ID) if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    if KIND[action] == MEAD:
        slot = ARG[action]
        state.discard[state.market[slot]] += 1
        state.discard_size += 1
        state.market[slot] = -1
        state.pending.append(DRAW_TO_MARKET[slot])
    state.proceed()


MEAD_CUP_DISCARD: Phase[KnarrState] = Phase(
    "mead cup",
    (MEAD, NO_MEAD),
    mover=on_turn,
    legal=offered,
    apply=apply,
    why=why_not,
    task=offer_task(
        ((N_("may discard a board viking"), MEAD), (N_("not"), NO_MEAD)),
        N_("{player} {choices} (Mead Cup)"),
    ),
    reference=reference,
)
