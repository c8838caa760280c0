"""What Skåål's bots value (``HEURISTICS.evaluate``).

A clan's value is its respect, plus its Inns' income as it stands (opposing dwarfs in regions it
keeps) counted for ``INCOME_TURNS`` more turns, plus the gold its free dwarfs could harvest
where they stand (half weight: others may take it first, and it takes turns). Values become win
shares through a softmax in which a lead of ``TEMPERATURE`` respect is worth a factor e.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langbord.agents.heuristics.base import Heuristics, score_shares

if TYPE_CHECKING:
    from langbord.engines.skaal.rules import SkaalState

INCOME_TURNS = 4.0
GOLD_WEIGHT = 0.5
TEMPERATURE = 10.0


def values(state: SkaalState) -> list[float]:
    """Respect plus expected income and reachable gold, per clan."""
    result = [float(x) for x in state.respect()]
    nuggets = state.nuggets
    dwarfs = state.dwarfs
    for c, clan in enumerate(state.clans):
        income = sum(state.total[r] - dwarfs[r][c] for r in clan.owned)
        free = clan.free
        gold = sum(min(nuggets[r], free[r]) for r in range(len(nuggets)) if nuggets[r])
        result[c] += INCOME_TURNS * income + GOLD_WEIGHT * gold
    return result


def evaluate(state: SkaalState) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return score_shares(values(state), TEMPERATURE)


HEURISTICS = Heuristics(evaluate=evaluate)
"""What Skåål's bots know of it, registered in ``langbord.agents.heuristics.MODULES``."""
