"""The draw pile (rulebook, Game Setup; How to Play 1, Ending your turn; Phase 3): every card
revealed from it is a chance node, ``deal``. Its order is not decided until a card is revealed,
so the outcome is a card type, drawn with its share of the pile (deck: SB-1). A pending record
says where the card goes: into a ship, into a display slot, or into the hand of the player who
draws. An empty pile deals nothing: a new ship gets what the pile still has (SB-8), and an
emptied display slot stays empty."""

from __future__ import annotations

from itertools import compress
from operator import getitem
from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase, chance
from langbord.core.i18n import _
from langbord.engines.skibe.data import DISPLAY_SIZE, VIKING_TYPES
from langbord.engines.skibe.notation import REVEAL, REVEAL_ID
from langbord.engines.skibe.phases import in_order
from langbord.engines.skibe.tables import card_words

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

TYPES = range(len(VIKING_TYPES))
assert list(TYPES) == REVEAL_ID  # a reveal's action id is the card type
MAX_COPIES = max(t.copies for t in VIKING_TYPES)
ODDS = [
    [tuple((t, copies / size) for copies in range(MAX_COPIES + 1)) for t in TYPES] if size else []
    for size in range(sum(t.copies for t in VIKING_TYPES) + 1)
]
"""``ODDS[pile size][card type][copies in the pile]``: a reveal's outcome and its probability."""


class DealToShip(NamedTuple):
    """Reveal the pile's top card into ``ship``; nothing once the pile is empty: a new ship gets
    what the pile still has, possibly nothing (SB-8)."""

    ship: int

    def run(self, state: SkibeState) -> bool:
        if not state.pile_size:
            return False
        state.dealing = self
        state.phase = DEAL
        return True

    def receive(self, state: SkibeState, card: int) -> None:
        ship = state.ships[self.ship]
        ship.cards.append(card)
        ship.equipment.append(0)


class DealToDisplay(NamedTuple):
    """Reveal the pile's top card into display slot ``slot``; an emptied slot stays empty once
    the pile is."""

    slot: int

    def run(self, state: SkibeState) -> bool:
        if not state.pile_size:
            return False
        state.dealing = self
        state.phase = DEAL
        return True

    def receive(self, state: SkibeState, card: int) -> None:
        state.display[self.slot] = card


class DrawToHand(NamedTuple):
    """Reveal the pile's top card into the hand of the player who draws (never empty then)."""

    def run(self, state: SkibeState) -> bool:
        state.dealing = self
        state.phase = DEAL
        return True

    def receive(self, state: SkibeState, card: int) -> None:
        state.held = card


Deal = DealToShip | DealToDisplay | DrawToHand
DRAW_TO_HAND = DrawToHand()


class RefillDisplay(NamedTuple):
    """Deal into every empty display slot (the display holds 3 while the pile lasts)."""

    def run(self, state: SkibeState) -> bool:
        first, second, third = state.display
        state.pending += REFILLS[(first < 0) | (second < 0) << 1 | (third < 0) << 2]
        return False


REFILLS = [
    in_order(*[DealToDisplay(d) for d in range(DISPLAY_SIZE) if key >> d & 1])
    for key in range(1 << DISPLAY_SIZE)
]
"""The deals that refill the display, by the bits of its empty slots."""


def legal(state: SkibeState) -> list[int]:
    """Every card type left in the pile."""
    return list(compress(TYPES, state.pile))


def odds(state: SkibeState) -> list[tuple[int, float]]:
    """Each card type left, with its share of the pile (read off ``ODDS``)."""
    pile = state.pile
    return list(compress(map(getitem, ODDS[state.pile_size], pile), pile))


def why_not(state: SkibeState, action: int) -> str:
    """Why ``action`` cannot be revealed now; "" if it can."""
    if state.pile[action]:
        return ""
    return _("no {card} card is left in the draw pile (deck: SB-1)").format(card=card_words(action))


def reference(state: SkibeState) -> list[int]:
    return [action for action in REVEAL_ID if not why_not(state, action)]


def apply(state: SkibeState, card: int) -> None:
    state.pile[card] -= 1
    state.pile_size -= 1
    state.dealing.receive(state, card)
    state.proceed()


def task(state: SkibeState, quote: bool) -> str:
    return _("reveal the top card of the draw pile (a chance event)")


DEAL: Phase[SkibeState] = Phase(
    "deal",
    {REVEAL},
    mover=chance,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    outcomes=odds,
    reference=reference,
)
