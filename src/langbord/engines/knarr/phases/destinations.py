"""The destination decks (rulings/knarr.md, Setup 1 and Explore): 3 Trading Lands (deck A) and
3 Lands of Influence (deck B) are visible; a slot emptied by an Explore or a reservation is
refilled from its deck, a chance node (``reveal``) over the cards left in it, equally likely.
KN-5: an empty deck leaves the slot empty."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase, chance
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import VISIBLE_DESTINATIONS
from langbord.engines.knarr.notation import ARG, REVEAL, REVEAL_ID
from langbord.engines.knarr.phases import chance_task
from langbord.engines.knarr.tables import DEST_DECK

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class RefillDestination(NamedTuple):
    """Reveal a destination into visible slot ``slot`` (0–2 Trading Lands, 3–5 Lands of
    Influence); KN-5: an empty deck leaves it empty."""

    slot: int

    def run(self, state: KnarrState) -> bool:
        if not state.dest_decks[self.slot // VISIBLE_DESTINATIONS]:
            return False
        state.refilling = self.slot
        state.phase = DESTINATION_REVEAL
        return True


REFILL_DESTINATION = [RefillDestination(s) for s in range(2 * VISIBLE_DESTINATIONS)]


def odds(state: KnarrState) -> list[tuple[int, float]]:
    """Each destination left in the slot's deck, equally."""
    deck = state.dest_decks[state.refilling // VISIBLE_DESTINATIONS]
    share = 1.0 / len(deck)
    return [(REVEAL_ID[d], share) for d in deck]


def legal(state: KnarrState) -> list[int]:
    return [a for a, _ in odds(state)]


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` cannot be revealed now; "" if it can."""
    if ARG[action] in state.dest_decks[state.refilling // VISIBLE_DESTINATIONS]:
        return ""
    return _("that card is not in the deck")


def reference(state: KnarrState) -> list[int]:
    return [a for a in REVEAL_ID if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    d = ARG[action]
    state.dest_decks[DEST_DECK[d]].remove(d)
    state.visible[state.refilling] = d
    state.proceed()


DESTINATION_REVEAL: Phase[KnarrState] = Phase(
    "reveal",
    (REVEAL,),
    mover=chance,
    legal=legal,
    apply=apply,
    why=why_not,
    task=chance_task(N_("a destination is revealed")),
    outcomes=odds,
    reference=reference,
)
