"""A turn (rulebook, How to Play): the player does one of two things, extend a ship (take a
display card or draw the pile's top card, while a ship has room) or lay a stern (2 per player) on
a ship of 3 or more Viking cards and begin its evaluation. Seat 0 starts (SB-2). If every ship is
full, the player must lay a stern; one who has none evaluates all three ships at once, which is
not a turn (SB-5, SB-7). Once the pile and the display are empty, the final evaluation (SB-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _, ngettext
from langbord.core.prompts import offer
from langbord.engines.skibe.data import COLOURS, DISPLAY_SIZE, MIN_VIKINGS_FOR_STERN, SHIPS
from langbord.engines.skibe.notation import (
    ARG1,
    DRAW,
    DRAW_ID,
    KIND,
    STERN,
    STERN_ID,
    TAKE,
    TAKE_ID,
)
from langbord.engines.skibe.phases import in_order, on_turn
from langbord.engines.skibe.phases.draw_pile import (
    DEAL,
    DRAW_TO_HAND,
    DealToDisplay,
    RefillDisplay,
)
from langbord.engines.skibe.phases.evaluation import FINAL_EVALUATION, evaluation
from langbord.engines.skibe.phases.extend_ship import LAY, LayHeld

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeState

ACTIONS = sorted(a for a in range(len(KIND)) if KIND[a] in (TAKE, DRAW, STERN))
"""Every action of the phase."""


def _options(key: int) -> list[int]:
    takes = [TAKE_ID[d] for d in range(DISPLAY_SIZE) if key >> d & 1]
    draw = [DRAW_ID] if key >> DISPLAY_SIZE & 1 else []
    sterns = [STERN_ID[s] for s in range(SHIPS) if key >> (DISPLAY_SIZE + 1 + s) & 1]
    return takes + draw + sterns


CHOOSE_OPTIONS = [_options(key) for key in range(1 << (DISPLAY_SIZE + 1 + SHIPS))]
"""A turn's choices by bits: display slots holding a card (taken while a ship has room), the
pile holding one (drawn), ships of 3+ Viking cards (a stern, while the player has one)."""


# ---- pending work: a turn begins, a turn ends ----------------------------------------------------


class NextTurn(NamedTuple):
    """A turn begins: the game ends once pile and display are empty (SB-6); else the next seat
    plays (``advance``), or the same one: seat 0 at the opening (SB-2), the player whose turn it
    was after SB-5's evaluation of all ships, which is not a turn (SB-7). Every ship full and no
    stern left: that evaluation (SB-5)."""

    advance: bool = True

    def run(self, state: SkibeState) -> bool:
        if not state.pile_size and max(state.display) < 0:
            state.pending += FINAL_EVALUATION
            return False
        if self.advance:
            state.turn = (state.turn + 1) % len(state.players)
        limit = state.ship_limit
        first, second, third = state.ships
        if (
            len(first.cards) >= limit
            and len(second.cards) >= limit
            and len(third.cards) >= limit
            and not state.players[state.turn].sterns
        ):
            state.pending += ALL_FULL_EVALUATION
            return False
        state.phase = CHOOSE  # if every ship is full, only "stern" is legal (SB-5)
        return True


AFTER_TAKE = [in_order(DealToDisplay(d), NextTurn()) for d in range(DISPLAY_SIZE)]
"""After a display card is taken and the turn's decisions: its slot is refilled, the turn ends."""
AFTER_DRAW = in_order(LayHeld(), NextTurn())
"""After a draw: the card revealed is laid, the turn's decisions follow, the turn ends."""
STERN_EVALUATION = [in_order(*evaluation(s), RefillDisplay(), NextTurn()) for s in range(SHIPS)]
"""A stern laid on a ship: it is evaluated, the display refilled, the turn over."""
ALL_FULL_EVALUATION = in_order(
    *[work for s in range(SHIPS) for work in evaluation(s)],
    RefillDisplay(),
    NextTurn(advance=False),
)
"""SB-5: every ship full and no stern: all three are evaluated, top to bottom (not a turn, SB-7)."""


# ---- the phase -----------------------------------------------------------------------------------


def legal(state: SkibeState) -> list[int]:
    limit = state.ship_limit
    ships = state.ships
    first, second, third = len(ships[0].cards), len(ships[1].cards), len(ships[2].cards)
    key = 0
    if first < limit or second < limit or third < limit:  # else only a stern (SB-5)
        d1, d2, d3 = state.display
        key = (d1 >= 0) | (d2 >= 0) << 1 | (d3 >= 0) << 2 | (state.pile_size > 0) << 3
    if state.players[state.turn].sterns:
        least = MIN_VIKINGS_FOR_STERN
        key |= (first >= least) << 4 | (second >= least) << 5 | (third >= least) << 6
    return CHOOSE_OPTIONS[key]


def why_not(state: SkibeState, action: int) -> str:
    """Why ``action`` may not be chosen now; "" if it may."""
    kind, a = KIND[action], ARG1[action]
    if kind == STERN:
        if not state.players[state.turn].sterns:
            return _("{colour} has laid both sterns (2 per player, rulebook)").format(
                colour=_(COLOURS[state.turn])
            )
        cards = len(state.ships[a].cards)
        if cards < MIN_VIKINGS_FOR_STERN:
            # English says "cards" for every count (its output is kept as it was); the plural
            # forms let other languages agree with the count.
            return ngettext(
                "ship {ship} has {n} Viking cards: a stern needs at least {least} (rulebook)",
                "ship {ship} has {n} Viking cards: a stern needs at least {least} (rulebook)",
                cards,
            ).format(ship=a + 1, n=cards, least=MIN_VIKINGS_FOR_STERN)
        return ""
    if kind == TAKE and state.display[a] < 0:
        return _("display slot {slot} is empty (the pile could not refill it)").format(
            slot=f"d{a + 1}"
        )
    if kind == DRAW and not state.pile_size:
        return _("the draw pile is empty")
    if state.all_full():
        return ngettext(
            "every ship has {n} Viking card, the limit with {players} players: lay a stern (SB-5)",
            "every ship has {n} Viking cards, the limit with {players} players: lay a stern (SB-5)",
            state.ship_limit,
        ).format(n=state.ship_limit, players=len(state.players))
    return ""


def reference(state: SkibeState) -> list[int]:
    return [action for action in ACTIONS if not why_not(state, action)]


def apply(state: SkibeState, action: int) -> None:
    kind = KIND[action]
    a = ARG1[action]
    if kind == TAKE:
        state.held = state.display[a]
        state.display[a] = -1
        state.pending += AFTER_TAKE[a]
        state.phase = LAY
    elif kind == DRAW:
        state.pending += AFTER_DRAW
        state.dealing = DRAW_TO_HAND
        state.phase = DEAL
    else:  # a stern
        state.players[state.turn].sterns -= 1
        state.ships[a].stern = state.turn
        state.pending += STERN_EVALUATION[a]
        state.proceed()


def task(state: SkibeState, quote: bool) -> str:
    if state.all_full():
        text = _("lay a stern: every ship is full (SB-5)")
        return f"{text} ({state._examples(STERN)})" if quote else text
    choices = [(_("take a display card"), TAKE), (_("draw"), DRAW), (_("lay a stern"), STERN)]
    if not quote:
        return offer([(phrase, None) for phrase, kind in choices if state._legal_of(kind)])
    return offer([(phrase, state._legal_of(kind)) for phrase, kind in choices])


CHOOSE: Phase[SkibeState] = Phase(
    "choose",
    {TAKE, DRAW, STERN},
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
