"""What Knarr's bots value (used by ``KnarrState.evaluate``; see the game card).

A seat's value is its victory points, plus its reputation income (the vp it scores at the start
of each turn) for ``INCOME_TURNS`` more turns, plus what one trade would bring in vp (the first
trade column of its boat and destinations), plus half a point per bracelet and recruit (they pay
for trades and explorations, and break ties) and a little per crew card (the currency of
exploration) and a point per destination owned (its trade columns pay again and again); an
exploration being paid counts as done. Values become win shares through a softmax in which a
lead of ``TEMPERATURE`` vp is worth a factor e.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.game import score_shares
from langbord.engines.knarr.data import DESTINATIONS, REPUTATION, REPUTATION_VP, VP

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState

INCOME_TURNS = 3.0
TOKEN_WEIGHT = 0.5
CREW_WEIGHT = 0.3
DESTINATION_WEIGHT = 1.0  # trade columns that pay on every later trade
TEMPERATURE = 6.0


def values(state: KnarrState) -> list[float]:
    result = []
    for p in range(state.n):
        value = float(state.vp[p])
        value += INCOME_TURNS * REPUTATION_VP[state.rep[p]]
        if state.bracelets[p]:
            value += state.tsum[p][0][VP]
        value += TOKEN_WEIGHT * (state.bracelets[p] + state.recruits[p])
        value += CREW_WEIGHT * sum(state.crew[p])
        value += DESTINATION_WEIGHT * len(state.owned[p])
        if p == state.turn and state.pay_dest >= 0:
            # An exploration under way counts as done: its payment is committed (KN-4).
            dest = DESTINATIONS[state.pay_dest]
            value += dest.immediate[VP] + INCOME_TURNS * 0.3 * dest.immediate[REPUTATION]
            value += DESTINATION_WEIGHT
        result.append(value)
    return result


def evaluate(state: KnarrState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return score_shares(values(state), TEMPERATURE)
