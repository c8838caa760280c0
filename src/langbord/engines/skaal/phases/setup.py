"""Setup (rulebook, Setup; SA-4): seat 0 starts and play goes in seat order; each clan in turn
puts one of its dwarfs in an empty region, round after round, never in one joined by road to a
region where it already has a dwarf unless no other empty region is left. Once every clan has
placed its setup dwarfs (as many each, SA-1), seat 0's first turn begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skaal.data import REGIONS
from langbord.engines.skaal.notation import ARG1, NEIGHBOURS, PLACE, PLACE_ID
from langbord.engines.skaal.phases import REGION_RANGE, clan_name, on_turn, quoted

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState


def regions(state: SkaalState) -> list[int]:
    """SA-4: an empty region not joined by road to one of yours; else any empty region."""
    c = state.turn
    empty = [r for r in REGION_RANGE if not state.total[r]]
    mine = {r for r in REGION_RANGE if state.dwarfs[r][c]}
    apart = [r for r in empty if not mine.intersection(NEIGHBOURS[r])]
    return apart or empty


def legal(state: SkaalState) -> list[int]:
    return [PLACE_ID[r] for r in regions(state)]


def apply(state: SkaalState, action: int) -> None:
    """A setup dwarf, each seat in turn; seat 0's first turn follows the last seat's last setup
    dwarf (every clan places as many, SA-1)."""
    c = state.turn
    clan = state.clans[c]
    clan.to_place -= 1
    state.add_dwarf(c, ARG1[action])
    state.turn = (c + 1) % state.n
    if not state.turn and not clan.to_place:
        state.turn = 0
        state.start_turn()


def why_not(state: SkaalState, action: int) -> str:
    """Why a setup dwarf may not go to the region ``action`` names; "" if it may."""
    region = ARG1[action]
    name = REGIONS[region]
    dwarfs = state.dwarfs
    if any(dwarfs[region]):
        return _("{region} is not empty: setup dwarfs go to empty regions (SA-4)").format(
            region=name
        )
    c = state.turn

    def beside_mine(r: int) -> bool:
        return any(dwarfs[o][c] for o in NEIGHBOURS[r])

    if beside_mine(region) and any(not any(dwarfs[r]) and not beside_mine(r) for r in REGION_RANGE):
        return _(
            "{region} is joined by road to a region where {clan} already has a dwarf, "
            "and an empty region apart from yours is still free (SA-4)"
        ).format(region=name, clan=clan_name(state))
    return ""


def reference(state: SkaalState) -> list[int]:
    return [action for action in PLACE_ID if not why_not(state, action)]


def task(state: SkaalState, quoting: bool) -> str:
    said = _("{clan} places a setup dwarf").format(clan=clan_name(state))
    return said + quoted(state, PLACE, quoting)


SETUP_PHASE: Phase[SkaalState] = Phase(
    "setup",
    (PLACE,),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
