"""Recruit (rulings/knarr.md, Recruit): the player plays a viking from the hand into the crew, in
its colour column, and gains the icon of every card in that column, the new one included, all
together (caps: KN-1, KN-2; Silver coins: the 4th or later viking of a colour gives +1 vp).
Then, in this order: with the Golden bracelet, after the 3rd viking of a colour, a reservation
(:mod:`.reservation`); the take from the market, its slot refilled (:mod:`.market`); the
village's activation (SK-3, :mod:`.village`); the vikings its "card" gains draw. Recruit is
chosen in the ``action`` phase (:mod:`.turn`) or as the Helmet's extra action
(:mod:`.extra_actions`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.i18n import _
from langbord.engines.knarr.data import (
    CAULDRON,
    GOLDEN_BRACELET,
    LINE_EXISTING,
    LINE_NEW,
    SILVER_COINS,
    TYPE_COLOUR,
    VP,
    viking_name,
)
from langbord.engines.knarr.phases import seat_name
from langbord.engines.knarr.phases.market import TAKE_AFTER_RECRUIT
from langbord.engines.knarr.phases.reservation import OFFER_RESERVE
from langbord.engines.knarr.phases.village import ACTIVATE_VILLAGE

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState


def why_not(state: KnarrState, t: int) -> str:
    """Why viking type ``t`` may not be recruited now; "" if it may: the hand holds one."""
    p = state.turn
    if t in state.players[p].hand:
        return ""
    return _("{player} has no {card} in hand").format(
        player=seat_name(state, p), card=viking_name(t)
    )


def recruit(state: KnarrState, t: int) -> None:
    """Play ``t`` into the crew and gain its whole column; then the take, the village (SK-3) and
    the artifacts' extras."""
    p = state.turn
    player = state.players[p]
    player.hand.remove(t)
    known = player.known
    if t in known:  # cards of a type are identical: a known copy is the one seen to go
        known.remove(t)
    colour = TYPE_COLOUR[t]
    existed = player.colours[colour] > 0
    state.add_to_crew(p, t)
    crew = player.crew
    base = colour * 4
    gains = [crew[base], crew[base + 1], crew[base + 2], crew[base + 3], 0, 0, 0]
    height = player.colours[colour]
    artifacts = state.artifacts
    if height >= 4 and SILVER_COINS in artifacts:
        gains[VP] += 1
    state.gain(p, gains)
    pending = state.pending
    if state.skali:
        pending.append(ACTIVATE_VILLAGE[LINE_EXISTING if existed else LINE_NEW])
    pending.append(TAKE_AFTER_RECRUIT[colour][height == 2 and CAULDRON in artifacts])
    if height == 3 and GOLDEN_BRACELET in artifacts:
        pending.append(OFFER_RESERVE)
    state.proceed()
