"""Monte Carlo tree search for any number of seats, with chance and hidden information.

UCT over the decisions of every seat (each node maximises the value of the seat that moves
there), chance nodes sampled by their probabilities, and for hidden information one
determinization per iteration through ``resample_hidden`` — the search never sees what its seat
cannot see (information-set MCTS with availability counts, Cowling et al. 2012). Rollouts play a
configurable policy (random, greedy or the game's quick policy) for at most ``rollout_depth``
steps, then score the position with the game's evaluation (its
:class:`~langbord.agents.heuristics.Heuristics`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from langbord.agents.greedy import GreedyAgent
from langbord.agents.heuristics import Heuristics, heuristics_for, search_defaults
from langbord.core.game import CHANCE, State
from langbord.core.runner import sample_chance

DEFAULT_ITERATIONS = 1000
DEFAULT_ROLLOUT = "random"
DEFAULT_ROLLOUT_DEPTH = 8
"""The budget without ``iterations`` or ``time_limit``, the rollout policy and the steps before
``evaluate()`` for a game whose heuristics' ``search`` names no ``iterations``,
``rollout`` or ``rollout_depth``."""
ROLLOUTS = ("random", "greedy", "policy")


class _Node:
    __slots__ = ("avail", "bias", "children", "player", "seats", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.visits = 0
        self.total = 0.0  # sum of that seat's rewards
        self.avail = 1  # iterations in which the action leading here was legal
        self.children: dict[int, _Node] = {}
        self.bias: dict[int, float] | None = None  # progressive bias of the children, once due
        self.seats: list[float] | None = None  # every seat's summed rewards (root actions only)


@dataclass(frozen=True)
class RootStat:
    """One root action after a search: its visits and the mover's estimated win share."""

    action: int
    text: str
    visits: int
    win: float


class MCTSAgent:
    """Search for ``iterations`` iterations, or ``time_limit`` seconds (without either, the
    ``iterations`` of the game's heuristics' ``search``, else 1000 iterations).

    ``c`` is the UCT exploration constant; ``rollout`` is ``"random"``, ``"greedy"`` or
    ``"policy"`` (the game's quick policy, ``Heuristics.policy``);
    ``rollout_depth`` caps the steps of a rollout before ``evaluate()`` scores it. Without them,
    the game's own (``rollout`` and ``rollout_depth`` in its heuristics' ``search``, see
    :mod:`langbord.agents.heuristics`), else random and 8. c=0.3 comes from the arena: at 500
    iterations against a greedy Skibe field (60 games each) it won 1.37x its fair share, c=0.5
    0.90x.
    ``prior`` weighs a progressive bias (Chaslot et al. 2008): once a node has ``prior_visits``
    visits, each child's score gains ``prior * b / (visits + 1)``, where ``b`` (at most 0) is how
    far ``evaluate()`` right after the action falls short of the best action's. It is off by
    default: at 2,600 iterations against a greedy Skibe field (60 games) prior=10 won 1.37x its
    fair share [0.94, 1.87] against 1.30x [0.88, 1.80] without, for about 40% more time. Where
    a decision has few iterations it counts more: Skibe's best agent (0.25 s, some 50 greedy
    rollouts) is ``mcts:prior=10``, 2.04x the fair share against OpenSpiel's MCTSBot with five
    players where 1.22x without (60 games, the same seeds).
    ``max_seconds`` is a hard cap on one decision's wall time on top of the budget (a server's
    guard): the search stops there, whatever its budget, and plays its best move so far. Both
    read ``clock`` (seconds, ``time.perf_counter`` unless a test drives its own): once as the
    search starts, then once after each iteration.
    After each step, ``last_search`` holds the root actions with visits and estimated win shares,
    ``last_values`` every seat's estimated win share after the action played (the mean rewards
    of its iterations; empty after a forced move), and :meth:`deepen` can spend more iterations
    on one root action of that search (post-game analysis judges the move actually played).
    In a spec (:mod:`langbord.agents.specs`) the options are bounded: ``iterations`` 1..1,000,000,
    ``time`` 0.001..3600 seconds, ``c`` 0..100, ``rollout_depth`` 0..10,000, ``prior`` 0..1,000,
    ``prior_visits`` 0..1,000,000.
    """

    spec = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        time_limit: float | None = None,
        c: float = 0.3,
        rollout: str | None = None,
        rollout_depth: int | None = None,
        prior: float = 0.0,
        prior_visits: int = 10,
        max_seconds: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("MCTSAgent: iterations must be at least 1")
        if time_limit is not None and not 0 < time_limit < math.inf:
            raise ValueError("MCTSAgent: time must be a positive number of seconds")
        if max_seconds is not None and not max_seconds > 0:
            raise ValueError("MCTSAgent: max_seconds must be positive")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(
                f"MCTSAgent: rollout must be random, greedy or policy, not {rollout!r}"
            )
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("MCTSAgent: rollout_depth must be 0 or more")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = c
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.prior = prior
        self.prior_visits = prior_visits
        self.max_seconds = max_seconds
        self.clock = clock
        self._greedy = GreedyAgent(seed)
        self.last_search: list[RootStat] = []
        self.last_iterations = 0
        self.last_values: list[float] = []
        self._last: tuple[_Node, State] | None = None  # the last search's root and state

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("MCTSAgent.step: no legal action (the game is over)")
        me = state.current_player()
        rollout, depth = self.rollout_for(state)
        iterations = self.iterations
        if iterations is None and self.time_limit is None:
            iterations = int(search_defaults(state.game).get("iterations", DEFAULT_ITERATIONS))
        if len(legal) == 1:
            self.last_search = [RootStat(legal[0], state.action_to_string(legal[0]), 0, 0.0)]
            self.last_iterations = 0
            self.last_values = []
            self._last = None
            return legal[0]
        heuristics = heuristics_for(state.game)
        root = _Node(me)
        seconds = [t for t in (self.time_limit, self.max_seconds) if t is not None]
        deadline = self.clock() + min(seconds) if seconds else None
        done = 0
        while True:
            sim = state.resample_hidden(me, self.rng)
            first, values = self._iterate(root, sim, rollout, depth, heuristics)
            _add_seats(first, values)
            done += 1
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and self.clock() >= deadline:
                break
        self.last_iterations = done
        self._last = (root, state.clone())  # the caller goes on to change its state
        self._summarize(root, state, legal)
        return self.last_search[0].action

    def _summarize(self, root: _Node, state: State, legal: list[int]) -> None:
        """``last_search`` and ``last_values`` from the root's statistics."""
        stats = [
            RootStat(
                a,
                state.action_to_string(a),
                root.children[a].visits if a in root.children else 0,
                root.children[a].total / root.children[a].visits
                if a in root.children and root.children[a].visits
                else 0.0,
            )
            for a in legal
        ]
        stats.sort(key=lambda s: (-s.visits, -s.win, s.action))
        self.last_search = stats
        best = root.children.get(stats[0].action)
        seats = best.seats if best is not None else None
        if best is None or seats is None or not best.visits:
            self.last_values = []
        else:
            self.last_values = [total / best.visits for total in seats]

    def seat_values(self, action: int) -> list[float]:
        """Every seat's mean reward over the last search's iterations through root action
        ``action`` (empty if it had none)."""
        child = self._last[0].children.get(action) if self._last is not None else None
        if child is None or child.seats is None or not child.visits:
            return []
        return [total / child.visits for total in child.seats]

    def deepen(self, action: int, iterations: int) -> None:
        """Spend ``iterations`` more iterations of the last search on its root action
        ``action`` alone (each on a fresh re-deal of what the mover does not know), then refresh
        ``last_search`` and ``last_values``. The order of ``last_search`` stays by visits, so
        the action deepened may move up; ``last_iterations`` counts these too. It changes
        nothing ``step`` plays: the next step starts a new tree."""
        if self._last is None:
            raise ValueError("MCTSAgent.deepen: no search to deepen (a forced move, or none)")
        root, state = self._last
        legal = state.legal_actions()
        if action not in legal:
            raise ValueError(f"MCTSAgent.deepen: {action} is not a legal root action")
        me = root.player
        child = root.children.get(action)
        if child is None:
            child = root.children[action] = _Node(me)
        rollout, depth = self.rollout_for(state)
        heuristics = heuristics_for(state.game)
        for _ in range(iterations):
            sim = state.resample_hidden(me, self.rng)
            sim.apply_unchecked(action)
            _, values = self._iterate(child, sim, rollout, depth, heuristics)  # the child's visit
            child.total += values[me]
            _add_seats(child, values)
            root.visits += 1
        self.last_iterations += iterations
        self._summarize(root, state, legal)

    def rollout_for(self, state: State) -> tuple[str, int]:
        """The rollout policy and depth for ``state``'s game: ``rollout`` and ``rollout_depth``
        where given, else the game's ``search`` settings, else ``DEFAULT_ROLLOUT`` and
        ``DEFAULT_ROLLOUT_DEPTH``."""
        search = search_defaults(state.game)
        rollout = self.rollout or str(search.get("rollout", DEFAULT_ROLLOUT))
        depth = self.rollout_depth
        if depth is None:
            depth = int(search.get("rollout_depth", DEFAULT_ROLLOUT_DEPTH))
        if rollout not in ROLLOUTS or depth < 0:
            raise ValueError(f"{type(state).__name__}: bad SEARCH settings {search!r}")
        return rollout, depth

    def _iterate(
        self, root: _Node, state: State, rollout: str, depth: int, heuristics: Heuristics
    ) -> tuple[_Node | None, list[float]]:
        """One iteration from ``root`` on ``state``: the root's child it went through (``None``
        at the end of the game) and every seat's reward."""
        rng = self.rng
        node = root
        path = [root]
        c = self.c
        prior = self.prior
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_unchecked(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(player)
                state.apply_unchecked(action)
                path.append(child)
                break
            bias = node.bias
            if bias is None and prior and node.visits >= self.prior_visits:
                bias = node.bias = _bias(state, legal, player, heuristics)
            best_score = -math.inf
            action = legal[0]
            for a in legal:
                child = children[a]
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if bias is not None:
                    score += prior * bias.get(a, 0.0) / (child.visits + 1)
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            state.apply_unchecked(action)
            path.append(node)
        values = self._rollout(state, rollout, depth, heuristics)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.total += values[visited.player]
        return (path[1] if len(path) > 1 else None), values

    def _rollout(
        self, state: State, rollout: str, depth: int, heuristics: Heuristics
    ) -> list[float]:
        rng = self.rng
        greedy = rollout == "greedy"
        policy = rollout == "policy"
        for _ in range(depth):
            if state.is_terminal():
                return state.returns()
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            elif greedy:
                action = self._greedy.step(state)
            elif policy:
                action = heuristics.policy(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_unchecked(action)
        return heuristics.evaluate(state)


def _add_seats(node: _Node | None, values: list[float]) -> None:
    """Add an iteration's rewards to ``node``'s per-seat sums (a root action's)."""
    if node is None:
        return
    seats = node.seats
    if seats is None:
        node.seats = list(values)
    else:
        for seat, value in enumerate(values):
            seats[seat] += value


def _bias(state: State, legal: list[int], player: int, heuristics: Heuristics) -> dict[int, float]:
    """Progressive bias of each legal action: how far the mover's evaluation right after it
    (before any chance outcome that follows) falls short of the best action's (0 for the best,
    negative for the rest)."""
    evaluate = heuristics.evaluate
    after = {}
    for a in legal:
        child = state.clone()
        child.apply_unchecked(a)
        after[a] = evaluate(child)[player]
    top = max(after.values())
    return {a: v - top for a, v in after.items()}
