"""The rules of prospecting (rulebook, 3 - Prospect): the die rolled, the prospector chooses
the region for the find (phase ``find``). Nuggets (1 to 5) go to a region with no Ooops and no
Inn, a new vein or one that still has nuggets; the Ooops goes to a region with no nuggets, no
Ooops and no Inn. Then the rumor spreads (:mod:`.rumor`), unless the Ooops was the last region's:
the game ends at once (SA-12, SA-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase
from langbord.core.i18n import _, ngettext
from langbord.engines.skaal.data import OOOPS_FACE, REGIONS
from langbord.engines.skaal.notation import ARG1, FIND, FIND_ID
from langbord.engines.skaal.phases import REGION_RANGE, clan_name, on_turn, quoted
from langbord.engines.skaal.phases.rumor import END_TURN, RUMORS

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState


def regions(state: SkaalState) -> list[int]:
    """Where the roll may go: nuggets to a region with no Ooops and no Inn; the Ooops to one
    with no nuggets either."""
    innkeeper = state.innkeeper
    ooops = state.ooops
    if state.roll == OOOPS_FACE:
        nuggets = state.nuggets
        return [r for r in REGION_RANGE if innkeeper[r] < 0 and not ooops[r] and not nuggets[r]]
    return [r for r in REGION_RANGE if innkeeper[r] < 0 and not ooops[r]]


def legal(state: SkaalState) -> list[int]:
    return [FIND_ID[r] for r in regions(state)]


def apply(state: SkaalState, action: int) -> None:
    """The nuggets or the Ooops go to the region, then the rumor spreads from its neighbours."""
    region = ARG1[action]
    if state.roll == OOOPS_FACE:
        state.ooops[region] = True
        if state.game_over():  # SA-12, SA-14: the game ends at once, before the rumor
            state.end_turn()
            return
    else:
        state.nuggets[region] += state.roll + 1
    state.find = region
    pending = state.pending
    pending.append(END_TURN)
    pending += RUMORS[region]
    state.proceed()


def why_not(state: SkaalState, action: int) -> str:
    """Why the find may not go to the region ``action`` names; "" if it may."""
    region = ARG1[action]
    name = REGIONS[region]
    if state.innkeeper[region] >= 0:
        return _("{region} has an Inn: no prospecting there (rulebook: prospecting rules)").format(
            region=name
        )
    if state.ooops[region]:
        return _(
            "{region} holds the Ooops: no prospecting there (rulebook: prospecting rules)"
        ).format(region=name)
    if state.roll != OOOPS_FACE or not state.nuggets[region]:
        return ""
    return _(
        "{region} holds nuggets: the Ooops goes only to a region with no nuggets, "
        "no Ooops and no Inn (rulebook)"
    ).format(region=name)


def reference(state: SkaalState) -> list[int]:
    return [action for action in FIND_ID if not why_not(state, action)]


def task(state: SkaalState, quoting: bool) -> str:
    clan = clan_name(state)
    if state.roll == OOOPS_FACE:
        said = _("{clan} chooses the region for the Ooops").format(clan=clan)
    else:
        n = state.roll + 1
        # English says "nuggets" for every count (its prompts are kept as they were); the
        # plural forms let other languages agree with the count.
        said = ngettext(
            "{clan} chooses the region for {n} nuggets",
            "{clan} chooses the region for {n} nuggets",
            n,
        ).format(clan=clan, n=n)
    return said + quoted(state, FIND, quoting)


FIND_PHASE: Phase[SkaalState] = Phase(
    "find",
    (FIND,),
    mover=on_turn,
    legal=legal,
    apply=apply,
    why=why_not,
    task=task,
    reference=reference,
)
