"""Vogter's Gambit (rulebook, Actions in Detail): Damage a Tree, then put as many cards from the
Future on the bottom of the deck as the player wishes, one at a time (phase ``gambit``). It may
be chosen only if a Tree can be damaged, that is if a Tree is Free (SV-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skoventyr.notation import (
    ARG1,
    BOTTOM_SLOT,
    BOTTOM_SLOT_ID,
    DONE,
    DONE_ID,
    KIND,
    SLOTS,
)
from langbord.engines.skoventyr.phases import ask, asked, offered, on_turn
from langbord.engines.skoventyr.phases.allies import forest_counts, future_to_bottom
from langbord.engines.skoventyr.phases.trees import DAMAGE_TREE_WORK

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrState


# ---- the action ------------------------------------------------------------------------------


def gambit_why_not(state: SkoventyrState, action: int) -> str:
    """Why the Gambit may not be chosen now; "" if it may."""
    if forest_counts(state)[0]:
        return ""
    return _("no Tree is Free, so no Tree can be damaged (SV-5)")


def gambit(state: SkoventyrState, arg: int) -> None:
    """The Gambit: the Damage, then the Future cards to the bottom."""
    state.pending += (GAMBIT_TO_BOTTOM, DAMAGE_TREE_WORK)


# ---- pending work ----------------------------------------------------------------------------


class GambitToBottom(NamedTuple):
    """Vogter's Gambit, after its Damage: Future cards to the bottom, one at a time, or stop."""

    def run(self, state: SkoventyrState) -> bool:
        future = state.future
        choices = [BOTTOM_SLOT_ID[s] for s in SLOTS if future[s] >= 0]
        choices.append(DONE_ID)
        return ask(state, GAMBIT_PHASE, choices, self, to_bottom_or_stop)


GAMBIT_TO_BOTTOM = GambitToBottom()


# ---- the phase: gambit -----------------------------------------------------------------------

ACTIONS = [*BOTTOM_SLOT_ID, DONE_ID]


def why_not(state: SkoventyrState, action: int) -> str:
    """Why ``action`` may not be the Gambit's next card; "" if it may (stopping always may)."""
    if KIND[action] == DONE:
        return ""
    slot = ARG1[action]
    if state.future[slot] < 0:
        return _("Future slot {slot} is empty").format(slot=f"f{slot + 1}")
    return ""


def reference(state: SkoventyrState) -> list[int]:
    return sorted(action for action in ACTIONS if not why_not(state, action))


def to_bottom_or_stop(state: SkoventyrState, action: int) -> None:
    """A Future card to the bottom, and the Gambit may go on; or it stops."""
    if KIND[action] == BOTTOM_SLOT:
        future_to_bottom(state, ARG1[action])
        state.pending.append(GAMBIT_TO_BOTTOM)


def apply(state: SkoventyrState, action: int) -> None:
    to_bottom_or_stop(state, action)
    state.proceed()


def task(state: SkoventyrState, quote: bool) -> str:
    return offered(
        state, quote, (_("put Future cards on the bottom"), BOTTOM_SLOT), (_("stop"), DONE)
    )


GAMBIT_PHASE: Phase[SkoventyrState] = Phase(
    "gambit",
    (BOTTOM_SLOT, DONE),
    mover=on_turn,
    legal=asked,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
