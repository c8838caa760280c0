"""The market after a Recruit (rulings/knarr.md, Recruit): the player takes into the hand the
board viking on the slot of the colour just played, or spends 1 recruit to take any of the 5
(``take``); the Cauldron makes any slot free after the 2nd viking of a colour. The slot is
refilled from the deck. Nothing to take (slots left empty by KN-7): no take."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import COLOURS, MARKET_SLOTS
from langbord.engines.knarr.notation import ARG, TAKE, TAKE_ID
from langbord.engines.knarr.phases import offer_task, offered, on_turn, seat_name
from langbord.engines.knarr.phases.viking_deck import DRAW_TO_MARKET
from langbord.engines.knarr.tables import COLOUR_RANGE

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


class TakeAfterRecruit(NamedTuple):
    """The board viking taken after a Recruit: from the slot of ``colour``, or any slot for a
    recruit; ``any_free``: any slot for nothing (Cauldron)."""

    colour: int
    any_free: bool

    def run(self, state: KnarrState) -> bool:
        return offer_take(state, self)


TAKE_AFTER_RECRUIT = [[TakeAfterRecruit(c, False), TakeAfterRecruit(c, True)] for c in COLOUR_RANGE]


def offer_take(state: KnarrState, take: TakeAfterRecruit) -> bool:
    """The take after a Recruit, unless there is nothing to take (slots left empty by KN-7)."""
    market = state.market
    colour = take.colour
    any_slot = take.any_free or state.players[state.turn].recruits > 0
    options = [
        TAKE_ID[s] for s in range(MARKET_SLOTS) if market[s] >= 0 and (s == colour or any_slot)
    ]
    if not options:
        return False
    state.taking = take
    state.offered = options
    state.phase = MARKET_TAKE
    return True


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not take now; "" if it may: a slot holding a viking, of the colour
    played, or any for a recruit (or for nothing, Cauldron)."""
    slot = ARG[action]
    if state.market[slot] < 0:
        return _("the {colour} slot is empty (KN-7)").format(colour=_(COLOURS[slot]))
    take = state.taking
    if slot == take.colour or take.any_free or state.players[state.turn].recruits > 0:
        return ""
    return _(
        "the card played was {colour}: take from the {colour} slot, or spend 1 recruit to "
        "take any (the Recruit action); {player} has none"
    ).format(colour=_(COLOURS[take.colour]), player=seat_name(state, state.turn))


def reference(state: KnarrState) -> list[int]:
    return [a for a in TAKE_ID if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    slot = ARG[action]
    player = state.players[state.turn]
    take = state.taking
    if slot != take.colour and not take.any_free:
        player.recruits -= 1
    t = state.market[slot]
    state.market[slot] = -1
    player.hand.append(t)
    player.known.append(t)  # everyone saw it taken
    state.pending.append(DRAW_TO_MARKET[slot])
    state.proceed()


MARKET_TAKE: Phase[KnarrState] = Phase(
    "take",
    (TAKE,),
    mover=on_turn,
    legal=offered,
    apply=apply,
    why=why_not,
    task=offer_task(((N_("takes a board viking"), TAKE),)),
    reference=reference,
)
