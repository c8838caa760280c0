"""Skoventyr's turn, one module per part of the rulebook, each holding its phases: their legal
moves, how a move applies, why a move is refused (the rule itself, with its ruling id), what the
player decides, the :class:`~langbord.core.flow.Phase` that declares them, and the records of
pending work that lead to them.

In the order of a game:

- :mod:`.setup`: the Future and the starting hands (Setup);
- :mod:`.draws`: every card drawn from the deck; one from its hidden part is a chance node
  (phase ``draw``, SV-6);
- :mod:`.turn`: a turn (Gameplay): its start, the choice of the turn's action (``action``,
  SV-5), and after it the hand limit (``hand limit``) and the Future's refill (SV-4);
- the actions, in the order of the Vogter cards: :mod:`.call` (Vogter's Call and the Risky Draw,
  SV-3), :mod:`.gambit` (Vogter's Gambit: ``gambit``), :mod:`.command` (Vogter's Command:
  Position, with ``place``, and Mission), :mod:`.wrath` (Vogter's Wrath and its rewards:
  ``reward``, ``refuge``, ``revenge``);
- :mod:`.trees`: Damaging and Healing a Tree (``damage``, ``heal``);
- :mod:`.allies`: the Allies' left and right boxes, their costs and powers (``reveal``, ``cost
  bottom``, ``huldre``, ``trold``, ``recycle``);
- :mod:`.lygtemands`: the module The Lygtemands Get Involved (SV-7): its setup (``lygtemand``)
  and Vogter's Reconciliation, Rally and Involve (``involve top``, ``involve bottom``);
- :mod:`.rescue`: the module Rescue (SV-8): its setup (``hostage``, ``acorn``), Vogter's Rescue,
  and the Trees the Acorns recover at the start of a turn (``recover``).

Where a phase's legal moves are computed for speed (the turn's actions in one pass over the
Forest, a sub-decision's choices worked out when it is asked), its ``reference`` lists the moves
its ``why_not`` allows: the rule written plainly, which the conformance suite checks against the
fast version on every state it visits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from langbord.core.i18n import _
from langbord.core.prompts import offer

if TYPE_CHECKING:
    from langbord.core.flow import Phase, Work
    from langbord.engines.skoventyr.rules import SkoventyrState


def on_turn(state: SkoventyrState) -> int:
    """The ``mover`` of a decision of the turn: the seat whose turn it is."""
    return state.turn


def asked(state: SkoventyrState) -> list[int]:
    """The ``legal`` of a decision entered by :func:`ask`: the choices worked out then."""
    return state.choices


def ask(
    state: SkoventyrState,
    phase: Phase[SkoventyrState],
    choices: list[int],
    record: Work,
    decide: Callable[[SkoventyrState, int], None],
) -> bool:
    """Ask the seat on turn ``phase``'s decision among ``choices`` (sorted), for ``record``
    (``state.waiting``); a decision with a single possible choice is made at once by ``decide``
    (the phase's ``apply`` without the pending work after it). Returns whether the state now
    waits."""
    state.phase = phase
    state.waiting = record
    if len(choices) == 1:
        decide(state, choices[0])
        return False
    state.choices = choices
    return True


def phrased(state: SkoventyrState, quote: bool, phrase: str, *kinds: int) -> str:
    """A decision's task: ``phrase`` (translated by the caller), with legal moves of ``kinds``
    quoted when ``quote``."""
    return f"{phrase} ({state._examples(*kinds)})" if quote else phrase


def offered(state: SkoventyrState, quote: bool, *choices: tuple[str, int]) -> str:
    """The task of a decision between kinds of moves, each a phrase (translated by the caller)
    and its kind: the kinds open now, with their legal moves when ``quote``."""
    open_ = [(phrase, state._legal_of(kind)) for phrase, kind in choices]
    if not quote:
        return offer([(phrase, None) for phrase, legal in open_ if legal])
    return offer(open_)


def slot_why_not(state: SkoventyrState, slot: int, holds: str) -> str:
    """Why Future slot ``slot`` is refused: it is empty, or it holds the wrong card (``holds``:
    what it holds and the rule, translated by the caller)."""
    if state.future[slot] < 0:
        return _("Future slot {slot} is empty").format(slot=f"f{slot + 1}")
    return _("{slot} holds {holds}").format(slot=f"f{slot + 1}", holds=holds)
