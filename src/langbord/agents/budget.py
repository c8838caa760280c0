"""What a bot spec costs: an upper estimate of one decision's wall time at a game.

A server must know, before it seats a bot, that the bot will not think for an hour. The estimate
is built from measured costs (:data:`langbord.agents.costs.COSTS`, one entry per game, re-measured
by ``python benchmarks/agent_costs.py``) on the reference two-core machine:

- ``random``, ``greedy``, ``policy``: the longest decision measured; ``noisy``: a greedy
  decision and a policy decision.
- a level's name (``club``): the spec it stands for at the game.
- ``mcts`` with ``iterations`` (or the game's default budget): the budget times one iteration —
  the tree, the re-deal and ``evaluate()`` (each tenfold of the budget makes the tree deeper and
  an iteration dearer by the measured ``growth``), plus ``rollout_depth`` steps of the rollout
  policy (no more than a game lasts), plus a progressive bias (a greedy decision) when
  ``prior`` is on. With a ``time`` limit, the iterations that fit decide no more than it.
- ``rollouts`` with ``rollouts``: the budget, plus the rollout a round gives every action still
  in the race whatever the budget, times one rollout of the game's policy to the end of the game
  or ``depth`` steps.
- a ``time`` spec costs its time: the searching agents check their clock after every iteration
  or rollout and stop there (overshooting by one at most, which a server's cut-off trims). With
  both a time and a budget, the smaller.

The costs are the worst over the positions the benchmark sampled, under every option set it
tried, times its safety factor, so the estimate holds whatever the game's options (the length of
a rollout to the end is further capped by the game's own ``max_game_length()``).
"""

from __future__ import annotations

import math
from typing import Any

from langbord.agents.costs import COSTS, Costs
from langbord.agents.heuristics import search_defaults
from langbord.agents.levels import resolve_level
from langbord.agents.mcts import DEFAULT_ITERATIONS, DEFAULT_ROLLOUT, DEFAULT_ROLLOUT_DEPTH
from langbord.agents.rollouts import DEFAULT_ROLLOUTS
from langbord.agents.specs import parse_spec
from langbord.core.game import Game


def game_costs(game: Game) -> Costs | None:
    """The measured costs of ``game`` (``None`` for a game nobody measured)."""
    return COSTS.get(game.name)


def decision_seconds(spec: str, game: Game) -> float:
    """An upper estimate of the wall time, in seconds, of one decision of the agent ``spec``
    names at ``game`` (see the module; a level's name counts as its spec there); ``math.inf``
    for a game without measured costs. :class:`~langbord.core.errors.OptionError` for a bad
    spec."""
    name, kwargs = parse_spec(resolve_level(spec, game))
    costs = game_costs(game)
    if costs is None:
        return math.inf
    if name == "noisy":
        return costs.decision["greedy"] + costs.decision["policy"]
    if name not in ("mcts", "rollouts"):
        return costs.decision[name]
    length = min(costs.length, game.max_game_length())
    if name == "mcts":
        return _mcts_seconds(kwargs, game, costs, length)
    return _rollouts_seconds(kwargs, costs, length)


def _mcts_seconds(kwargs: dict[str, Any], game: Game, costs: Costs, length: int) -> float:
    search = search_defaults(game)
    rollout = kwargs.get("rollout") or str(search.get("rollout", DEFAULT_ROLLOUT))
    depth = kwargs.get("rollout_depth")
    if depth is None:
        depth = int(search.get("rollout_depth", DEFAULT_ROLLOUT_DEPTH))
    one = costs.iteration + min(depth, length) * costs.step[rollout]
    if kwargs.get("prior", 0.0):
        one += costs.decision["greedy"]  # each iteration adds at most one node to bias
    time_limit: float | None = kwargs.get("time_limit")
    iterations: int | None = kwargs.get("iterations")
    if iterations is None and time_limit is None:
        iterations = int(search.get("iterations", DEFAULT_ITERATIONS))
    if iterations is None:
        return _smaller(time_limit, None)
    deeper = costs.growth * max(0.0, math.log10(iterations / costs.base))
    return _smaller(time_limit, iterations * (one + deeper))


def _rollouts_seconds(kwargs: dict[str, Any], costs: Costs, length: int) -> float:
    depth = kwargs.get("depth")
    steps = length if depth is None else min(depth, length)
    one = costs.iteration + steps * costs.step["policy"]
    time_limit: float | None = kwargs.get("time_limit")
    rollouts: int | None = kwargs.get("rollouts")
    if rollouts is None and time_limit is None:
        rollouts = DEFAULT_ROLLOUTS
    # Successive halving gives every action still in the race a rollout each round, budget or
    # not: at most twice the legal actions, plus one a round.
    floor = 2 * costs.legal + math.ceil(math.log2(max(2, costs.legal)))
    return _smaller(time_limit, None if rollouts is None else (rollouts + floor) * one)


def _smaller(a: float | None, b: float | None) -> float:
    given = [x for x in (a, b) if x is not None]
    return min(given) if given else math.inf
