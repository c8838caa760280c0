"""The die (rulebook, 3 - Prospect): once the Prospecting Pawn has advanced, the die is rolled
before the region is chosen, a chance node (phase ``roll``): 1 to 5 nuggets or the Ooops, each
face 1/6. If no region can receive the result, nothing is placed and the turn ends (SA-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.core.flow import Phase, chance
from langbord.core.i18n import _
from langbord.engines.skaal.data import DIE_FACES
from langbord.engines.skaal.notation import ARG1, ROLL, ROLL_ID
from langbord.engines.skaal.phases.prospecting import FIND_PHASE
from langbord.engines.skaal.phases.prospecting import regions as find_regions

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState

DIE_OUTCOMES = [(a, 1.0 / len(DIE_FACES)) for a in ROLL_ID]
"""The die: each face 1/6."""


def faces(state: SkaalState) -> list[int]:
    return list(ROLL_ID)


def odds(state: SkaalState) -> list[tuple[int, float]]:
    return DIE_OUTCOMES.copy()


def apply(state: SkaalState, action: int) -> None:
    state.roll = ARG1[action]
    if find_regions(state):
        state.phase = FIND_PHASE
    else:
        state.end_turn()  # SA-7: nowhere to put the find; the turn ends


def task(state: SkaalState, quoting: bool) -> str:
    if quoting:
        return _("the die is rolled (a chance event: {examples})").format(
            examples="'roll 3', 'roll Ooops'"
        )
    return _("the die is rolled (a chance event)")


ROLL_PHASE: Phase[SkaalState] = Phase(
    "roll",
    (ROLL,),
    mover=chance,
    legal=faces,
    apply=apply,
    task=task,
    outcomes=odds,
)
