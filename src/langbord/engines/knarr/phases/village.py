"""Activating the village (Skali, ACTIVATING YOUR VILLAGE; SK-3): right after each Recruit or
Explore is fully resolved, every card of the player's village, the skáli and each building,
gives its gains for the line the action matches: explore a Land of Influence, explore a Trading
Land, recruit into a colour column that already held a card, recruit into an empty one. The
player chooses the order of a line's effects; it is a decision (``activate village``) only where
the order can change the result; "lose 1 vp" at 0 vp does nothing. Two players: the special
building turns the change token available again on the existing-colour line (SK-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import N_, _
from langbord.engines.knarr.data import BUILDINGS, END_THRESHOLD, LINE_EXISTING, LINE_TEXT, VP
from langbord.engines.knarr.notation import (
    ACTIVATE,
    ACTIVATE_ID,
    ACTIVATE_SKALI_ID,
    ARG,
)
from langbord.engines.knarr.phases import offer_task, offered, on_turn

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState, Player


class ActivateVillage(NamedTuple):
    """SK-3: the village's cards with something on ``line`` activate."""

    line: int

    def run(self, state: KnarrState) -> bool:
        return activate_village(state, self.line)


ACTIVATE_VILLAGE = [ActivateVillage(line) for line in range(len(LINE_TEXT))]


def line_cards(state: KnarrState, player: Player, line: int) -> list[int]:
    """Village cards with something on ``line``: -1 for the skáli, else building indices."""
    cards = [-1] if any(state.skali_card.lines[line]) else []
    cards += [b for b in player.village if any(BUILDINGS[b].lines[line])]
    return cards


def card_line(state: KnarrState, card: int) -> tuple[int, ...]:
    """The gains of village card ``card`` (-1: the skáli) on the line activating."""
    return (state.skali_card if card < 0 else BUILDINGS[card]).lines[state.line]


def order_matters(state: KnarrState, player: Player, cards: list[int]) -> bool:
    """Only vp gains against losses make order matter: with fewer vp than the losses ("lose 1
    vp" at 0 does nothing), gains first and losses first end differently; and gains first may
    reach the end threshold where losses first do not (KN-8: at any step)."""
    if len(cards) < 2:
        return False
    vps = [card_line(state, card)[VP] for card in cards]
    gains = sum(vp for vp in vps if vp >= 0)
    losses = -sum(vp for vp in vps if vp < 0)
    if not gains or not losses:
        return False
    vp = player.vp
    if vp < losses:
        return True
    return not state.ended and vp + gains >= END_THRESHOLD > vp - losses + gains


def activate_village(state: KnarrState, line: int) -> bool:
    """Activate the village for ``line`` (True: the player must choose the order)."""
    p = state.turn
    player = state.players[p]
    state.line = line
    if line == LINE_EXISTING and state.n == 2:
        player.change_token = True  # SK-6: the special building turns the change token over
    cards = line_cards(state, player, line)
    if order_matters(state, player, cards):
        state.activating = cards
        offer_activation(state)
        return True
    for card in cards:
        state.gain(p, card_line(state, card))
    return False


def offer_activation(state: KnarrState) -> None:
    state.offered = sorted(ACTIVATE_SKALI_ID if c < 0 else ACTIVATE_ID[c] for c in state.activating)
    state.phase = VILLAGE_ORDER


def why_not(state: KnarrState, action: int) -> str:
    """Why ``action`` may not activate now; "" if it may: a card of the line still to give."""
    if ARG[action] in state.activating:
        return ""
    return _("that village card has already been activated, or has nothing on this line")


def reference(state: KnarrState) -> list[int]:
    return [a for a in (ACTIVATE_SKALI_ID, *ACTIVATE_ID) if not why_not(state, a)]


def apply(state: KnarrState, action: int) -> None:
    """The card chosen gives its gains; the rest follow in any order once it no longer matters."""
    p = state.turn
    cards = state.activating
    card = ARG[action]
    cards.remove(card)
    state.gain(p, card_line(state, card))
    if order_matters(state, state.players[p], cards):
        offer_activation(state)
        return
    for rest in cards:
        state.gain(p, card_line(state, rest))
    state.activating = []
    state.proceed()


VILLAGE_ORDER: Phase[KnarrState] = Phase(
    "activate village",
    (ACTIVATE,),
    mover=on_turn,
    legal=offered,
    apply=apply,
    why=why_not,
    task=offer_task(
        ((N_("chooses the next village card to activate"), ACTIVATE),),
        N_("{player} {choices} (SK-3)"),
    ),
    reference=reference,
)
