"""Skåål's turn, one module per part of the rulebook's Setup and Game Turn, each holding its
phase: its legal moves, how a move applies, why a move is refused (with its ruling id), what the
player decides, and the :class:`~langbord.core.flow.Phase` that declares them.

In the order of a game:

- :mod:`.setup`: each clan in turn places a setup dwarf (phase ``setup``, SA-4);
- :mod:`.game_turn`: a turn, after the Inn income (SA-5), is one action: place, move,
  prospect, harvest, build an Inn or move one (``action``);
- :mod:`.die`: a prospect rolls the die, a chance node (``roll``);
- :mod:`.prospecting`: the rules of prospecting, where the nuggets or the Ooops go (``find``);
- :mod:`.rumor`: the rumor of the find brings a dwarf from each neighbouring region (``rumor``).

Each decision phase's ``why_not`` is the rule itself: it returns "" for an action it allows.
Its ``reference`` lists the actions its ``why_not`` allows, reading the map (dwarfs per clan and
innkeepers) rather than the counts the fast legal moves keep (free dwarfs, majorities, where an
Inn may move); the conformance suite checks that both give the same on every state it visits.
The die has none: its legal moves are its six faces.

What every phase shares, the table and its mechanics (dwarfs added and moved with SA-10's change
of innkeeper, respect gained with SA-11's hop, the start of a turn with its Inn income and the end
of a turn or of the game, SA-12), are the State's, in :mod:`langbord.engines.skaal.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.i18n import _
from langbord.core.prompts import MAX_EXAMPLES, quote
from langbord.engines.skaal.data import CLANS
from langbord.engines.skaal.notation import R

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState

REGION_RANGE = range(R)
"""Every region, in map order (SA-2)."""


def on_turn(state: SkaalState) -> int:
    """The ``mover`` of a phase of the turn: the clan whose turn it is (the prospector)."""
    return state.turn


def clan_name(state: SkaalState) -> str:
    """The name of the clan whose turn it is, in the language being spoken."""
    return _(CLANS[state.turn])


def quoted(state: SkaalState, kind: int, quoting: bool) -> str:
    """Up to three legal actions of ``kind``, quoted in brackets (nothing when not quoting)."""
    return f" ({quote(state._legal_of(kind)[:MAX_EXAMPLES])})" if quoting else ""
