"""Vogter's Call (rulebook, Actions in Detail; SV-3): the player chooses a Future card, the
leftmost if it is an Adversary, else any; resolves its left box in full, or makes a Risky Draw
instead (not with an empty deck); then the card joins the hand, an Adversary going at once to
the bottom of the deck. A Risky Draw reveals the deck's top card: an Adversary moves Gamle Erik
twice clockwise; the card goes to the bottom of the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.i18n import _
from langbord.engines.skoventyr import data
from langbord.engines.skoventyr.data import ADVERSARY, CARD_NAMES, COST
from langbord.engines.skoventyr.notation import (
    ARG1,
    CALL_ID,
    CALL_RISKY,
    CALL_RISKY_ID,
    KIND,
    SLOTS,
)
from langbord.engines.skoventyr.phases.allies import (
    FREE_EFFECT,
    Counts,
    effect,
    effect_possible,
    forest_counts,
)
from langbord.engines.skoventyr.phases.draws import draw

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


# ---- pending work ----------------------------------------------------------------------------


class TakeCard(NamedTuple):
    """The card a Call took joins the hand; an Adversary goes to the bottom of the deck."""

    def run(self, state: SkoventyrState) -> bool:
        card = state.taking
        state.taking = -1
        if card == ADVERSARY:
            state.to_bottom(card)
        else:
            state.players[state.turn].take(card)
        return False


class RiskyDraw(NamedTuple):
    """Vogter's Call's Risky Draw (SV-3): an Adversary moves Gamle Erik twice; the card goes to
    the bottom of the deck."""

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        if card == ADVERSARY and state.erik_step(True):
            state.erik_step(True)
        state.to_bottom(card)


TAKE_CARD = TakeCard()
RISKY_DRAW = RiskyDraw()


# ---- the action ------------------------------------------------------------------------------


def choices(state: SkoventyrState, counts: Counts) -> list[int]:
    """The Calls open now (the turn's legal actions, fast): the leftmost card if it is an
    Adversary, else any (SV-3); its left box in full, or a Risky Draw while the deck has a
    card."""
    legal: list[int] = []
    future = state.future
    deck = state.deck_size
    for s in (0,) if future[0] == ADVERSARY else SLOTS:
        card = future[s]
        if card < 0:
            continue
        cost = COST[card]
        if FREE_EFFECT[cost] or effect_possible(state, cost, s, counts):
            legal.append(CALL_ID[s])
        if deck:
            legal.append(CALL_RISKY_ID[s])
    return legal


def why_not(state: SkoventyrState, action: int) -> str:
    """Why the Call of ``action`` may not be made now; "" if it may."""
    slot = ARG1[action]
    future = state.future
    if future[slot] < 0:
        return _("Future slot {slot} is empty").format(slot=f"f{slot + 1}")
    if future[0] == ADVERSARY and slot != 0:
        return _("the leftmost card of the Future is an Adversary: it must be chosen (SV-3)")
    if KIND[action] == CALL_RISKY:
        if state.deck_size:
            return ""
        return _("the deck is empty: no Risky Draw is possible (SV-3)")
    card = future[slot]
    if effect_possible(state, COST[card], slot, forest_counts(state)):
        return ""
    cost = _(data.CARDS[card].cost_text).rstrip(".")
    return _(
        "the left box of {card} ({cost}) cannot be resolved in full: make a Risky Draw instead "
        "(SV-3)"
    ).format(card=_(CARD_NAMES[card]), cost=cost)


def call(state: SkoventyrState, slot: int) -> None:
    """The Call: the card leaves the Future, its left box is resolved, it joins the hand."""
    card = state.future[slot]
    state.future[slot] = -1
    state.taking = card
    state.pending.append(TAKE_CARD)
    effect(state, COST[card])


def risky_call(state: SkoventyrState, slot: int) -> None:
    """The Call with a Risky Draw instead of the left box."""
    state.taking = state.future[slot]
    state.future[slot] = -1
    state.pending += (TAKE_CARD, RISKY_DRAW)
