"""KN-7, an empty viking deck with an empty discard pile: before the draw, every player tied for
the most crew cards discards one crew card of their choice, each a decision of that player, in
turn order from the current player (``forced discard``); then the draw (:mod:`.viking_deck`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import TYPE_COLOUR, viking_name
from langbord.engines.knarr.notation import ARG, DISCARD, DISCARD_ID
from langbord.engines.knarr.phases import offer_task, offered, seat_name
from langbord.engines.knarr.tables import TYPES

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


def first_to_discard(state: KnarrState) -> int:
    """The ``mover``: the first seat still to discard."""
    return state.forced[0]


def offer_discard(state: KnarrState) -> None:
    """The next seat to discard chooses among its crew's cards."""
    crew = state.players[state.forced[0]].crew
    state.offered = [DISCARD_ID[t] for t in TYPES if crew[t]]
    state.phase = FORCED_DISCARD


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not be discarded now; "" if it may."""
    p = state.forced[0]
    t = ARG[action]
    if state.players[p].crew[t]:
        return ""
    return _(
        "{player} has no {card} in the crew: discard one crew card of your choice (KN-7)"
    ).format(player=seat_name(state, p), card=viking_name(t))


def reference(state: KnarrState) -> list[int]:
    return [a for a in DISCARD_ID if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    t = ARG[action]
    player = state.players[state.forced.pop(0)]
    player.crew[t] -= 1
    player.colours[TYPE_COLOUR[t]] -= 1
    state.discard[t] += 1
    state.discard_size += 1
    if state.forced:
        offer_discard(state)
    else:
        state.proceed()


FORCED_DISCARD: Phase[KnarrState] = Phase(
    "forced discard",
    (DISCARD,),
    mover=first_to_discard,
    legal=offered,
    apply=apply,
    why=why_not,
    task=offer_task(
        ((N_("discards a crew card"), DISCARD),), N_("{player} {choices}: the deck is empty (KN-7)")
    ),
    reference=reference,
)
