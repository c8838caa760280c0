"""The viking deck (rulings/knarr.md: Setup 2–3, Recruit, the "card" gain; KN-3, KN-7): every
viking drawn is a chance node (``draw``) over the types left in it, each with its share of the
deck; its order is never decided. A pending record says where the viking goes: a market slot, a
crew (with no gains), a hand at setup, or a seat's two start cards of different colours (KN-3).

KN-7, the deck being empty: the discard pile becomes the deck (its contents public from then
on); else every player tied for the most crew cards discards one first (:mod:`.forced_discard`);
else, with no crew card anywhere, the draw does not happen."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase, chance
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import MARKET_SLOTS, NUM_TYPES, TYPE_COLOUR
from langbord.engines.knarr.notation import DRAW, DRAW_ID
from langbord.engines.knarr.phases import chance_task
from langbord.engines.knarr.phases.forced_discard import offer_discard
from langbord.engines.knarr.tables import COLOUR_RANGE, TYPES

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class DrawToMarket(NamedTuple):
    """A viking from the deck to market slot ``slot`` (a refill)."""

    slot: int

    def run(self, state: KnarrState) -> bool:
        return wait_for_draw(state, self)

    def deliver(self, state: KnarrState, t: int) -> None:
        state.market[self.slot] = t


class DrawToCrew(NamedTuple):
    """A viking from the deck into ``seat``'s crew, with no gains (a "card" gain)."""

    seat: int

    def run(self, state: KnarrState) -> bool:
        return wait_for_draw(state, self)

    def deliver(self, state: KnarrState, t: int) -> None:
        state.add_to_crew(self.seat, t)


class DrawToHand(NamedTuple):
    """A viking from the deck into ``seat``'s hidden hand (setup)."""

    seat: int

    def run(self, state: KnarrState) -> bool:
        return wait_for_draw(state, self)

    def deliver(self, state: KnarrState, t: int) -> None:
        state.players[self.seat].hand.append(t)


class DrawStartCard(NamedTuple):
    """One of ``seat``'s two start vikings, of different colours (KN-3): the ``second`` is drawn
    from the colours other than the first's."""

    seat: int
    second: bool

    def run(self, state: KnarrState) -> bool:
        return wait_for_draw(state, self)

    def deliver(self, state: KnarrState, t: int) -> None:
        if not self.second:
            state.pair_colour = TYPE_COLOUR[t]
        state.add_to_crew(self.seat, t)


Draw = DrawToMarket | DrawToCrew | DrawToHand | DrawStartCard
DRAW_TO_MARKET = [DrawToMarket(s) for s in range(MARKET_SLOTS)]
DRAW_TO_CREW = [DrawToCrew(p) for p in range(4)]


def wait_for_draw(state: KnarrState, draw: Draw) -> bool:
    """``draw`` waits for its viking. KN-7, the deck being empty: the discard pile becomes the
    deck; else every player tied for the most crew cards discards one first (the draw waits
    under the discards); else, with no crew card anywhere, the draw does not happen."""
    if state.deck_size or reshuffle(state):
        state.drawing = draw
        state.phase = VIKING_DRAW
        return True
    sizes = [sum(player.colours) for player in state.players]
    most = max(sizes)
    if not most:
        return False
    n = state.n
    order = [(state.turn + i) % n for i in range(n)]
    state.forced = [p for p in order if sizes[p] == most]
    state.pending.append(draw)
    offer_discard(state)
    return True


def reshuffle(state: KnarrState) -> bool:
    """KN-7: the discard pile, if any, becomes the deck (its contents public from now on)."""
    if not state.discard_size:
        return False
    state.deck = state.discard
    state.deck_size = state.discard_size
    state.discard = [0] * NUM_TYPES
    state.discard_size = 0
    state.deck_public = True  # the new deck holds exactly the (public) discard pile
    return True


def start_card_weights(state: KnarrState, draw: DrawStartCard) -> list[int]:
    """KN-3 as its outcome: drawing two and redrawing both until they differ in colour gives the
    first card with weight (copies) x (cards of the other colours); the second comes from the
    other colours."""
    deck = state.deck
    if draw.second:
        colour = state.pair_colour
        return [0 if TYPE_COLOUR[t] == colour else deck[t] for t in TYPES]
    size = state.deck_size
    per_colour = [sum(deck[c * 4 : c * 4 + 4]) for c in COLOUR_RANGE]
    return [deck[t] * (size - per_colour[TYPE_COLOUR[t]]) for t in TYPES]


def odds(state: KnarrState) -> list[tuple[int, float]]:
    """Each type left in the deck with its share of it; a start card by KN-3's weights."""
    draw = state.drawing
    if type(draw) is not DrawStartCard:
        share = 1.0 / state.deck_size
        deck = state.deck
        return [(t, deck[t] * share) for t in compress(TYPES, deck)]
    weights = start_card_weights(state, draw)
    share = 1.0 / sum(weights)
    return [(t, w * share) for t, w in enumerate(weights) if w]


def legal(state: KnarrState) -> list[int]:
    """Every type left in the deck (a draw's action id is the type); a start card, by KN-3."""
    draw = state.drawing
    if type(draw) is not DrawStartCard:
        return list(compress(TYPES, state.deck))
    return list(compress(TYPES, start_card_weights(state, draw)))


def why_not(state: KnarrState, t: int) -> str:
    """Why viking type ``t`` cannot be drawn now; "" if it can: the deck holds one, and for a
    start card, one of a colour the pair allows (KN-3)."""
    deck = state.deck
    draw = state.drawing
    if type(draw) is DrawStartCard:
        colour = TYPE_COLOUR[t]
        if draw.second:
            if deck[t] and colour != state.pair_colour:
                return ""
            return _(
                "the second start card differs in colour from the first (KN-3), and the "
                "deck must hold it"
            )
        if deck[t] and any(deck[u] for u in TYPES if TYPE_COLOUR[u] != colour):
            return ""
    elif deck[t]:
        return ""
    return _("that card is not in the deck")


def reference(state: KnarrState) -> list[int]:
    return [t for t in DRAW_ID if not why_not(state, t)]


def apply(state: KnarrState, t: int) -> None:
    """A viking of type ``t`` comes off the deck, to where the draw takes it."""
    state.deck[t] -= 1
    state.deck_size -= 1
    state.drawing.deliver(state, t)
    state.proceed()


VIKING_DRAW: Phase[KnarrState] = Phase(
    "draw",
    (DRAW,),
    mover=chance,
    legal=legal,
    apply=apply,
    why=why_not,
    task=chance_task(N_("a viking is drawn")),
    outcomes=odds,
    reference=reference,
)
