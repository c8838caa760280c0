"""The rumor of a find (rulebook, 3 - Prospect; SA-2): once the nuggets or the Ooops are placed,
one dwarf must come to the find from every region joined to it by road, one region at a time in
map order. Where a region holds free dwarfs of several clans, the prospector chooses whose comes
(phase ``rumor``); a region with none sends nobody, and an innkeeper never comes (SA-6). Then the
prospector's turn ends.

The rumor is the turn's pending work: a :class:`Rumor` record per neighbour of the find, then
:data:`END_TURN`."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from langbord.core.flow import Phase
from langbord.core.i18n import _
from langbord.engines.skaal.data import CLANS, REGIONS
from langbord.engines.skaal.notation import ARG1, ARG2, NEIGHBOURS, RUMOR, RUMOR_ID
from langbord.engines.skaal.phases import REGION_RANGE, clan_name, on_turn, quoted

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState


ACTIONS = [action for per_region in RUMOR_ID for action in per_region]
"""Every action of the phase: a dwarf of each clan from each region."""


def free_clans(state: SkaalState, r: int) -> list[int]:
    """The clans with a free dwarf in ``r`` (one that may move: not an innkeeper, SA-6)."""
    return [c for c, clan in enumerate(state.clans) if clan.free[r]]


# ---- pending work: the rumor of a find, then the turn's end --------------------------------------


class Rumor(NamedTuple):
    """The rumor reaches ``source``, a neighbour of the find: one free dwarf comes from there to
    the find; the prospector chooses the clan where several could come; none comes if none is
    free (innkeepers never come)."""

    source: int

    def run(self, state: SkaalState) -> bool:
        source = self.source
        clans = free_clans(state, source)
        if len(clans) > 1:
            state.rumor_from = source
            state.phase = RUMOR_PHASE
            return True
        if clans:
            state.move_dwarf(clans[0], source, state.find)
        return False


class EndTurn(NamedTuple):
    """The prospector's turn ends once the rumor has spread."""

    def run(self, state: SkaalState) -> bool:
        state.end_turn()
        return True


RUMORS = [tuple(Rumor(source) for source in reversed(NEIGHBOURS[r])) for r in REGION_RANGE]
"""The rumor of a find in each region, as pending records: its first neighbour in map order on
top (SA-2)."""
END_TURN = EndTurn()


# ---- the phase: a neighbour of the find holds free dwarfs of several clans ---------------------


def legal(state: SkaalState) -> list[int]:
    source = state.rumor_from
    return [RUMOR_ID[source][c] for c in free_clans(state, source)]


def apply(state: SkaalState, action: int) -> None:
    state.move_dwarf(ARG2[action], ARG1[action], state.find)
    state.proceed()


def why_not(state: SkaalState, action: int) -> str:
    """Why the dwarf ``action`` names may not come; "" if it may: a dwarf of that clan in the
    region the rumor now reaches, not its innkeeper (SA-6)."""
    region = state.rumor_from
    source = REGIONS[region]
    if ARG1[action] != region:
        return _("the rumor now brings a dwarf from {region}").format(region=source)
    clan = ARG2[action]
    if clan < state.n and state.dwarfs[region][clan] > (state.innkeeper[region] == clan):
        return ""
    return _("{region} has no {clan} dwarf that can come (innkeepers never do)").format(
        region=source, clan=_(CLANS[clan])
    )


def reference(state: SkaalState) -> list[int]:
    return [action for action in ACTIONS if not why_not(state, action)]


def task(state: SkaalState, quoting: bool) -> str:
    said = _("{clan} chooses the clan whose dwarf comes from {region}").format(
        clan=clan_name(state), region=REGIONS[state.rumor_from]
    )
    return said + quoted(state, RUMOR, quoting)


RUMOR_PHASE: Phase[SkaalState] = Phase(
    "rumor",
    (RUMOR,),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
