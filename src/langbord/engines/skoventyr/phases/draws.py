"""Drawing a card from the deck (SV-6): the known top cards come first, then the hidden part,
whose order nobody knows (a chance node over the card types it holds, phase ``draw``), then,
once the hidden part is empty, the upper known bottom card. A pending record that draws says
what its card is for (:class:`Drawing`): the Future, a hand, a Risky Draw, Involve."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from langbord.core.flow import Phase, chance
from langbord.core.i18n import _
from langbord.engines.skoventyr.data import CARD_NAMES, CARD_TYPES
from langbord.engines.skoventyr.notation import DRAW, DRAW_ID

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState

CARDS = range(CARD_TYPES)
assert list(CARDS) == DRAW_ID  # a draw's action id is the card type


class Drawing(Protocol):
    """Pending work that draws a card and knows what the card is for."""

    def run(self, state: SkoventyrState, /) -> bool: ...

    def drawn(self, state: SkoventyrState, card: int, /) -> None: ...


def draw(state: SkoventyrState, record: Drawing) -> bool:
    """Draw a card for ``record``: the known top first, then the hidden part (a chance node:
    returns True), then the upper known bottom card; with an empty deck, nothing."""
    if state.top:
        state.deck_size -= 1
        record.drawn(state, state.top.pop(0))
        return False
    if state.hidden_size:
        state.phase = DRAWING
        state.waiting = record
        return True
    if state.bottom:  # only known bottom cards are left: the upper one is on top
        state.deck_size -= 1
        record.drawn(state, state.bottom.pop(0))
    return False


def legal(state: SkoventyrState) -> list[int]:
    """Every card type the hidden part holds."""
    hidden = state.hidden
    return [t for t in CARDS if hidden[t]]


def odds(state: SkoventyrState) -> list[tuple[int, float]]:
    """Each card type the hidden part holds, with its share of it."""
    inverse = 1.0 / state.hidden_size
    hidden = state.hidden
    return [(t, hidden[t] * inverse) for t in CARDS if hidden[t]]


def why_not(state: SkoventyrState, card: int) -> str:
    """Why ``card`` cannot be drawn now; "" if it can."""
    if state.hidden[card]:
        return ""
    return _("the hidden part of the deck holds no {card} (SV-6)").format(card=_(CARD_NAMES[card]))


def reference(state: SkoventyrState) -> list[int]:
    return [card for card in DRAW_ID if not why_not(state, card)]


def apply(state: SkoventyrState, card: int) -> None:
    state.hidden[card] -= 1
    state.hidden_size -= 1
    state.deck_size -= 1
    cast(Drawing, state.waiting).drawn(state, card)
    state.proceed()


def task(state: SkoventyrState, quote: bool) -> str:
    return _("a card is drawn from the hidden part of the deck")


DRAWING: Phase[SkoventyrState] = Phase(
    "draw",
    (DRAW,),
    mover=chance,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    outcomes=odds,
    reference=reference,
)
