"""Setup (rulebook, Setup): cards are revealed until the Future holds three Allies, then each
player draws until they hold one Ally; the Adversaries set aside meanwhile are shuffled back
into the deck. (The Forest, the pawns and the Minions are laid out with the table, SV-1; the
modules' own setup is in :mod:`.lygtemands` and :mod:`.rescue`.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.engines.skoventyr.data import ADVERSARY
from langbord.engines.skoventyr.phases.draws import draw

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


class SetUpFuture(NamedTuple):
    """Setup: cards are revealed until the Future holds three Allies, Adversaries set aside."""

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        future = state.future
        if card == ADVERSARY:
            state.set_aside += 1
        else:
            future[future.index(-1)] = card
        state.pending.append(self if -1 in future else SetUpHand(0))


class SetUpHand(NamedTuple):
    """Setup: seat ``seat`` draws its starting Ally (Adversaries set aside); after the last
    seat, the Adversaries set aside are shuffled back into the deck."""

    seat: int

    def run(self, state: SkoventyrState) -> bool:
        return draw(state, self)

    def drawn(self, state: SkoventyrState, card: int) -> None:
        if card == ADVERSARY:
            state.set_aside += 1
            state.pending.append(self)
            return
        state.players[self.seat].take(card)
        if self.seat + 1 < state.n:
            state.pending.append(SetUpHand(self.seat + 1))
            return
        state.hidden[ADVERSARY] += state.set_aside
        state.hidden_size += state.set_aside
        state.deck_size += state.set_aside
        state.set_aside = 0
