"""The building deck (Skali: SK-1, SK-2, SK-6): 4 buildings are visible; a slot emptied by
Develop or renew is refilled from the deck, a chance node (``reveal building``) over the cards
left in it, equally likely. Once it is exhausted, the buildings renewed come back from under it
in the order they went (known to all); with none, the slot stays empty."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase, chance
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import BUILDING_MARKET
from langbord.engines.knarr.notation import ARG, REVEAL_BUILDING, REVEAL_BUILDING_ID
from langbord.engines.knarr.phases import chance_task

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class RefillBuilding(NamedTuple):
    """Reveal a building into building slot ``slot``; once the unseen deck is exhausted, the next
    card slid under it (SK-6)."""

    slot: int

    def run(self, state: KnarrState) -> bool:
        if state.building_deck:
            state.refilling = self.slot
            state.phase = BUILDING_REVEAL
            return True
        if state.building_deck_bottom:
            state.building_market[self.slot] = state.building_deck_bottom.pop(0)
        return False


REFILL_BUILDING = [RefillBuilding(s) for s in range(BUILDING_MARKET)]


def odds(state: KnarrState) -> list[tuple[int, float]]:
    """Each building left in the deck, equally."""
    share = 1.0 / len(state.building_deck)
    return [(REVEAL_BUILDING_ID[b], share) for b in state.building_deck]


def legal(state: KnarrState) -> list[int]:
    return [a for a, _ in odds(state)]


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` cannot be revealed now; "" if it can."""
    if ARG[action] in state.building_deck:
        return ""
    return _("that card is not in the deck")


def reference(state: KnarrState) -> list[int]:
    return [a for a in REVEAL_BUILDING_ID if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    b = ARG[action]
    state.building_deck.remove(b)
    state.building_market[state.refilling] = b
    state.proceed()


BUILDING_REVEAL: Phase[KnarrState] = Phase(
    "reveal building",
    (REVEAL_BUILDING,),
    mover=chance,
    legal=legal,
    apply=apply,
    why=why_not,
    task=chance_task(N_("a building is revealed")),
    outcomes=odds,
    reference=reference,
)
