"""Skåål — dwarf clans prospect for gold and run Royal Inns.

Players: 3–6 (option ``players``, default 4); seat 0 plays black and starts (SA-4), then white,
red, green, yellow, light blue. Options: ``prospects`` (default 20: prospects before the mines
close, SA-3), ``max_rounds`` (default 150: a safeguard end, SA-12).
Load it with ``langbord.load("skaal", players=4)``.

Components (rulings/skaal.md): 15 dwarfs and 2 Royal Inns per clan; per clan 4/3/2/2 dwarfs
placed at setup and 10/10/9/8 in reserve with 3/4/5/6 players, one Dwarf Accountant, the rest
unused (SA-1). The map of twelve regions, each joined by road to three others (SA-2, a
reconstruction), the die (1–5 and Ooops), and the respect track: accountants start on space 1, the
pawn on 2, mines close 20 spaces later (SA-3).

Notation (region names as on the map; case, spacing and accents are free: ``slainte``):
  place Kamau          setup: a dwarf into an empty region apart from yours (SA-4);
                       in play: a dwarf from your reserve into any region
  move Kamau>Topa      one of your dwarfs along a road (never an innkeeper, SA-6)
  prospect             advance the pawn (accountants it lands on step back), then roll
  roll 3 / roll Ooops  chance: the die's face
  find Topa            where the nuggets (no Ooops, no Inn there) or the Ooops (no nuggets,
                       no Ooops, no Inn) go; with nowhere to go the turn ends (SA-7)
  rumor Jarama red     from a neighbour of the find holding movable dwarfs of several clans,
                       the prospector picks the clan whose dwarf comes (map order, SA-2);
                       one clan only: it comes by itself; innkeepers never come
  harvest Kamau 4      take 4 nuggets (at most one per non-innkeeper dwarf of yours there, SA-8);
                       +1 respect each; the last nugget leaves an Ooops (no rumor)
  build Kamau          a Royal Inn where your clan has a strict majority, from your reserve,
                       if you are innkeeper nowhere; one of your dwarfs becomes innkeeper
  inn Topa>Yambooi     move an Inn you own to a region without an Inn; your innkeeper stays
                       behind; the new region's majority clan provides the innkeeper (SA-9),
                       even a clan that already owns an Inn (SA-13)

At the start of each turn the player gains 1 respect per opposing dwarf in every region whose
innkeeper is of their clan (SA-5). After any change of dwarfs, a clan with more dwarfs than the
innkeeper's takes the Inn at once (ties for most: first in turn order from the current player;
a tie with the innkeeper's clan keeps it, SA-10). Respect moves the accountant along the track,
hopping over the pawn's space (an extra space); respect is the space minus 1 (SA-11).

The end (SA-12): every region holds an Ooops, or the mines are closed and no nugget is left, or
``max_rounds`` full rounds have been played; the last Ooops ends it before its rumor (SA-14).
Most respect wins; ties share the win.

Rulings implemented: SA-1 … SA-14. The two settled later (rulings/skaal.md, "Readings settled
later"):
- SA-13: an Inn moved (SA-9) to a region where another clan has the majority gets its innkeeper
  from that clan even if it already owns an Inn: a clan can come to own two Inns this way too,
  not only by takeover (SA-10); building a second stays refused.
- SA-14: when the last region receives its Ooops (SA-12), the game ends before that Ooops's
  rumor is resolved ("the game ends immediately").
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalGame, SkaalState

__all__ = ["SkaalGame", "SkaalState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.skaal import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
