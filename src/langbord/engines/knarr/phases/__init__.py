"""Knarr's turn (rulings/knarr.md, KN-1…KN-10) and its Skali mode (rulebooks/knarr-skali.txt,
SK-1…SK-7), one module per part of the rules, each holding its phase: its legal moves, how a
move applies, why a move is refused (the rule itself, with its ruling id), what is decided, and
the :class:`~langbord.core.flow.Phase` that declares them.

In the order of a game:

- :mod:`.setup`: setup's draws, chance nodes: the boat side (KN-9, ``boat``), the artifact
  (KN-10, ``artifact``), the first player (``first player``);
- :mod:`.destinations`: a destination revealed into a visible slot (KN-5, ``reveal``);
- :mod:`.viking_deck`: every viking drawn from the deck, a chance node (KN-3, KN-7, ``draw``);
- :mod:`.forced_discard`: KN-7's discards when deck and discard pile are empty
  (``forced discard``);
- :mod:`.buildings`: a building revealed into the building market (SK-2, SK-6,
  ``reveal building``);
- :mod:`.turn`: a turn: reputation income, the action, Recruit or Explore (``action``), what may
  follow it (``after action``), the turn's end (SK-5's raid, KN-8's end);
- :mod:`.trade`: Trade (KN-6), Develop (SK-2) and renew (SK-6), before or after the action;
- :mod:`.recruit` and :mod:`.market`: Recruit, then the board viking taken (``take``);
- :mod:`.explore`: Explore, its cost paid exactly (KN-4, ``pay``);
- :mod:`.village`: the village's activation after the action (SK-3, ``activate village``);
- :mod:`.raid`: a raid at the end of a turn (SK-5);
- :mod:`.mead_cup`, :mod:`.reservation`, :mod:`.extra_actions`: the artifacts' choices (Mead
  Cup ``mead cup``, Golden bracelet ``reserve``, Helmet and Weathervane ``extra action``).

Where a phase's legal moves are computed for speed (worked out on entering the phase, or from
its deck), its ``reference`` lists the moves its ``why_not`` allows: the rule written plainly,
which the conformance suite checks against the fast version on every state it visits.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING

from langbord.core.i18n import N_, _
from langbord.core.prompts import Choice, offer
from langbord.engines.knarr.notation import DEVELOP, KIND, PASS, RENEW

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrState

Words = tuple[tuple[str, int], ...]
"""A decision's choices: how a player says each (a phrase marked with ``N_``, translated as the
prompt is made), and the action kind it is."""

SKALI_KINDS = frozenset({DEVELOP, RENEW})
"""Choices only the Skali mode has (SK-2, SK-6)."""

on_turn: Callable[[KnarrState], int] = attrgetter("turn")
"""The ``mover`` of a phase of the turn: the seat whose turn it is."""
offered: Callable[[KnarrState], list[int]] = attrgetter("offered")
"""The ``legal`` of a decision whose choices are worked out on entering it."""


def may_be_open(state: KnarrState, kind: int) -> bool:
    """Whether the options allow a choice of ``kind`` at all: buildings with Skáli, renewing them
    with 2 players (SK-6); 'pass' only when neither Recruit nor Explore is possible."""
    if kind in SKALI_KINDS:
        return state.skali and (kind != RENEW or state.n == 2)
    return kind != PASS


def choices(state: KnarrState, words: Words, quote: bool) -> list[Choice]:
    """``words``' choices for :func:`offer`, in the language spoken, with their legal actions
    when ``quote``; else every choice the options allow, quoting none (as the legal moves would
    show the hand)."""
    if not quote:
        return [(_(w), None) for w, kind in words if may_be_open(state, kind)]
    return [(_(w), state._legal_of(kind)) for w, kind in words]


def seat_name(state: KnarrState, p: int) -> str:
    """Seat ``p`` ("player 1") in the language spoken."""
    return _(state.game.seat_name(p))


def chance_task(event: str) -> Callable[[KnarrState, bool], str]:
    """The task of a chance phase: the ``event`` (marked with ``N_``), quoting no outcome (one
    quoted as an example might not be possible now)."""

    def task(state: KnarrState, quote: bool) -> str:
        return _("chance: {event}").format(event=_(event))

    return task


SEAT_CHOICES = N_("{player} {choices}")
"""A decision's task: the seat, then its choices (``offer``)."""


def offer_task(words: Words, template: str = SEAT_CHOICES) -> Callable[[KnarrState, bool], str]:
    """The task of a decision whose choices are ``words``, worded by :func:`offer` and put in
    ``template`` (marked with ``N_``) as ``{choices}`` after the seat, ``{player}``."""

    def task(state: KnarrState, quote: bool) -> str:
        who = seat_name(state, state.current_player())
        return _(template).format(player=who, choices=offer(choices(state, words, quote)))

    return task


def actions_of(*kinds: int) -> list[int]:
    """Every action id of ``kinds``, in order (a reference's candidates)."""
    return [a for a in range(len(KIND)) if KIND[a] in kinds]
