"""Skibe's turn, one module per part of the rulebook's "How to Play", each holding its phase:
its legal moves, how a move applies, why a move is refused (the rule itself, with its ruling
id), what the player decides, and the :class:`~langbord.core.flow.Phase` that declares them.

In the order of a turn:

- :mod:`.turn`: a turn is one of two things, extend a ship or lay a stern (phase ``choose``);
- :mod:`.extend_ship`: lay the card taken or drawn in a ship (``lay``);
- :mod:`.food_supplies` and :mod:`.equipment`: adding cargo (``food``, ``equipment``);
- :mod:`.laying_chieftains`: the optional Chieftain (``chieftain``);
- :mod:`.evaluation`: a ship's evaluation, its Chieftains' actions first (``evaluate``);
- :mod:`.draw_pile`: every card revealed from the draw pile, a chance node (``deal``).

Where a phase's legal moves are computed for speed (bit-packed, tabled, or found on entering the
phase), its ``reference`` lists the moves its ``why_not`` allows: the rule written plainly, which
the conformance suite checks against the fast version on every state it visits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from langbord.core.flow import Work
    from langbord.engines.skibe.rules import SkibeState


def on_turn(state: SkibeState) -> int:
    """The ``mover`` of a phase of the turn: the seat whose turn it is."""
    return state.turn


def in_order(*work: Work) -> tuple[Work, ...]:
    """``work`` as it is pushed on the pending stack to run first to last."""
    return work[::-1]
