"""Flat Monte Carlo policy improvement: the game's quick policy, with a look ahead at each root
action.

For every legal action of the seat to move, the agent plays rollouts to the end of the game (or
``depth`` steps, then ``evaluate()``) on states re-dealt with ``resample_hidden`` — so it never
sees what its seat cannot see — with the game's policy (``Heuristics.policy``) deciding for
every seat and chance sampled by its probabilities, and chooses the action whose rollouts gave
its seat the highest mean return. One rollout improves on the policy it plays (Bertsekas's
rollout algorithm; Tesauro and Galperin 1996 for backgammon).

The budget is spent by successive halving (Karnin et al. 2013): every action still in the race
gets the same number of rollouts in a round, then the better half goes on. The k-th rollout of
every action starts from the same re-deal and the same random seed (common random numbers), so
the actions are compared on the same luck, and a difference in means is mostly a difference in
the actions. The policy's own choice stays in the race to the end, and another action replaces it
only when it beat it on the same seeds by more than one standard error of the paired
differences: with few rollouts of a win-or-lose game most differences are luck, and a search that
trusts them plays worse than the policy it improves on (Skoventyr, 16 rollouts a decision without
this rule: 3 wins in 30 games, where the policy alone wins about a third).

A rollout scores the mover's return at its end. With ``credit`` c > 0, a rollout that ends short of
a win also scores c × (1 − its return) × the game's ``Heuristics.progress`` (how far the table got
toward the goal: at Skoventyr the share of Minion strength defeated). Where the policy's rollouts
seldom win, nearly every rollout of every action is a 0 and the race is decided by luck; the credit
tells the actions apart by how far their losses got, and a win still counts most. At a game without
a progress measure the credit changes nothing.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from langbord.agents.heuristics import Heuristics, heuristics_for
from langbord.agents.mcts import RootStat
from langbord.core.game import CHANCE, State
from langbord.core.runner import sample_chance

DEFAULT_ROLLOUTS = 64
"""The budget without ``rollouts`` or ``time_limit``."""


class RolloutAgent:
    """Spend ``rollouts`` rollouts per decision over all its legal actions (at least one each),
    or as many as fit in ``time_limit`` seconds (default 64 rollouts). ``depth`` caps a rollout's
    steps (chance included) before ``evaluate()`` scores it; ``None`` plays to the end.
    ``credit`` (0 to 1, default 0) is the share of a lost rollout's progress it scores (see the
    module).

    The policy's choice is kept unless another action did clearly better (see the module). A
    decision with one legal action costs nothing. After each step ``last_search`` holds every
    legal action with its rollouts (``visits``) and its mean return for the mover (``win``),
    best first, and ``last_iterations`` the rollouts played. ``max_seconds`` is a hard cap on
    one decision's wall time on top of the budget (a server's guard): past it the agent stops
    and plays its best move so far (the policy's own choice unless another clearly beat it).
    Both read ``clock`` (seconds, ``time.perf_counter`` unless a test drives its own): once as
    the decision starts, once before each round under ``time_limit``, and once before each
    rollout under ``max_seconds``.
    In a spec (:mod:`langbord.agents.specs`) the options are bounded: ``rollouts`` 1..1,000,000,
    ``time`` 0.001..3600 seconds, ``depth`` 0..10,000, ``credit`` 0..1.
    """

    spec = "rollouts"

    def __init__(
        self,
        seed: int | None = None,
        rollouts: int | None = None,
        time_limit: float | None = None,
        depth: int | None = None,
        max_seconds: float | None = None,
        credit: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if rollouts is None and time_limit is None:
            rollouts = DEFAULT_ROLLOUTS
        if rollouts is not None and rollouts < 1:
            raise ValueError("RolloutAgent: rollouts must be at least 1")
        if time_limit is not None and not 0 < time_limit < math.inf:
            raise ValueError("RolloutAgent: time must be a positive number of seconds")
        if depth is not None and depth < 0:
            raise ValueError("RolloutAgent: depth must be 0 or more")
        if max_seconds is not None and not max_seconds > 0:
            raise ValueError("RolloutAgent: max_seconds must be positive")
        if not 0.0 <= credit <= 1.0:
            raise ValueError("RolloutAgent: credit must be from 0 to 1")
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.depth = depth
        self.max_seconds = max_seconds
        self.credit = credit
        self.clock = clock
        self.last_search: list[RootStat] = []
        self.last_iterations = 0

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("RolloutAgent.step: no legal action (the game is over)")
        me = state.current_player()
        if len(legal) == 1:
            self.last_search = [RootStat(legal[0], state.action_to_string(legal[0]), 0, 0.0)]
            self.last_iterations = 0
            return legal[0]
        start = self.clock()
        seeds: list[int] = []  # the k-th rollout of every action uses seeds[k]
        results: dict[int, list[float]] = {a: [] for a in legal}
        alive = list(legal)
        rounds = max(1, math.ceil(math.log2(len(legal))))
        # The policy's own choice (on a re-deal): it stays in the race to the end, and another
        # action replaces it only when it did clearly better on the same luck.
        preferred = state.resample_hidden(me, random.Random(self.rng.getrandbits(64)))
        heuristics = heuristics_for(state.game)
        favourite = heuristics.policy(preferred, random.Random(0))
        if favourite not in results:
            favourite = legal[0]
        played = 0
        cap = None if self.max_seconds is None else start + self.max_seconds
        cut = False
        for done_rounds in range(rounds):
            if cut:
                break
            left = rounds - done_rounds
            budget = self._budget_left(played, start)
            if budget is None:
                break
            # Every action in the race gets `each` more rollouts this round (at least one).
            each = max(1, budget // (len(alive) * left))
            target = len(results[favourite]) + each
            while len(seeds) < target:
                seeds.append(self.rng.getrandbits(64))
            for a in alive:
                runs = results[a]
                for k in range(len(runs), target):
                    if cap is not None and self.clock() >= cap:
                        cut = True  # the server's guard: play the best move so far
                        break
                    runs.append(self._rollout(state, me, a, seeds[k], heuristics))
                    played += 1
                if cut:
                    break
            if left > 1:
                # The better half goes on; the policy's own choice always does.
                alive.sort(key=lambda a: (-_mean(results[a]), a != favourite, a))
                keep = alive[: math.ceil(len(alive) / 2)]
                if favourite not in keep:
                    keep.append(favourite)
                alive = keep
        self.last_iterations = played
        best = favourite
        edge = 0.0
        for a in alive:
            if a != favourite:
                gain = _paired_edge(results[a], results[favourite])
                if gain > edge:
                    best, edge = a, gain
        stats = [
            RootStat(a, state.action_to_string(a), len(results[a]), _mean(results[a]))
            for a in legal
        ]
        stats.sort(key=lambda s: (s.action != best, -s.visits, -s.win, s.action))
        self.last_search = stats
        return best

    def _budget_left(self, played: int, start: float) -> int | None:
        """Rollouts still to spend (``None``: none at all, the time is up)."""
        if self.rollouts is not None:
            return max(0, self.rollouts - played)
        assert self.time_limit is not None
        elapsed = self.clock() - start
        if played and elapsed >= self.time_limit:
            return None
        if not played:
            return 0  # the first round plays one rollout per action, then the clock is known
        return int((self.time_limit - elapsed) / (elapsed / played))

    def _rollout(
        self, state: State, me: int, action: int, seed: int, heuristics: Heuristics
    ) -> float:
        """The mover's return after ``action`` on a re-deal, played on by the policy."""
        rng = random.Random(seed)
        sim = state.resample_hidden(me, rng)
        sim.apply_unchecked(action)
        steps = 0
        limit = self.depth
        policy = heuristics.policy
        while not sim.is_terminal():
            if limit is not None and steps >= limit:
                return heuristics.evaluate(sim)[me]
            if sim.current_player() == CHANCE:
                sim.apply_unchecked(sample_chance(sim, rng))
            else:
                sim.apply_unchecked(policy(sim, rng))
            steps += 1
        value = sim.returns()[me]
        if self.credit and value < 1.0:
            progress = heuristics.progress
            if progress is not None:
                value += self.credit * (1.0 - value) * progress(sim)
        return value


def _mean(runs: list[float]) -> float:
    return sum(runs) / len(runs) if runs else 0.0


def _paired_edge(runs: list[float], base: list[float]) -> float:
    """How much better ``runs`` did than ``base`` on the same seeds, less one standard error of
    the paired differences (0 or less: not clearly better)."""
    n = min(len(runs), len(base))
    if n == 0:
        return 0.0
    diffs = [runs[k] - base[k] for k in range(n)]
    mean = sum(diffs) / n
    if n == 1:
        return mean - 1.0  # one rollout proves nothing
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean - math.sqrt(var / n)
