"""Re-measure what the agents' work costs at each game: the data of
``src/langbord/agents/costs.py``, behind ``langbord.agents.budget.decision_seconds`` (the bound a
server puts on a bot seat).

    python benchmarks/agent_costs.py [GAME ...] [--games 3] [--positions 8] [--iterations 400]
                                     [--safety 2] [--check]

For each game, under each of its option sets below (its defaults and its heaviest: most players,
every module), it plays ``--games`` seeded random games and as many policy games, samples
``--positions`` decisions spread over them, and measures at each, in CPU seconds of this process
(so that other work on the machine does not inflate them):

- ``iteration``: an MCTS search of ``--iterations`` iterations with ``rollout_depth=0`` (re-deal,
  tree, ``evaluate()``), per iteration; and ``growth``: how much more an iteration costs in a
  search ten times as long (a bigger tree is slower to descend), from a search of ten times
  ``--iterations`` at the first three positions of each option set;
- ``step``: rollouts from a re-deal of the position with each rollout policy (random, greedy,
  policy; chance sampled), per step;
- ``decision``: one decision of ``random``, ``greedy`` and ``policy``;
- ``legal``: the legal actions.

It prints the worst over every position and option set, times the safety factor (default 2: the
worst position sampled is not the worst there is, and a server shares its cores with requests and
other bots), and ``length``: the longest game played, times the same factor. Paste the dict it
prints into ``src/langbord/agents/costs.py``. A few seconds a game on the two-core machine.

``--check`` then times plain ``mcts`` and the game's best agent at a few positions of its default
game and prints each against ``decision_seconds``'s estimate (from the costs in the package, so
paste first), on stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import langbord
from langbord.agents import GreedyAgent, MCTSAgent, heuristics, make_agent
from langbord.agents.costs import Costs
from langbord.core.game import CHANCE, Game, State
from langbord.core.runner import sample_chance

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "knarr": [{}, {"players": 4, "skali": True, "boat": "advanced"}],
    "skaal": [{}, {"players": 6, "prospects": 200, "max_rounds": 10000}],
    "skibe": [{}, {"players": 5}],
    "skoventyr": [
        {},
        {"players": 4, "trees": 8, "damaged": 8, "lygtemands": True, "rescue": True},
    ],
}
"""The option sets measured per game (a game not named here: its defaults)."""
POLICIES = ("random", "greedy", "policy")
STEPS = 64  # rollout steps measured per policy and position


def play(game: Game, seed: int, policy: bool) -> list[State]:
    """The decisions (with more than one legal action) of one seeded game, random or policy."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions.append(state.clone())
            action = (
                heuristics.policy_action(state, rng) if policy else legal[rng.randrange(len(legal))]
            )
        state.apply_unchecked(action)
    decisions.append(state)  # the end: its history is the game's length
    return decisions


def cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def step_cost(state: State, policy: str, rng: random.Random) -> float:
    """CPU seconds per step of rollouts with ``policy`` from re-deals of ``state``."""
    greedy = GreedyAgent(rng.randrange(2**32))
    me = state.current_player()
    steps = 0
    seconds = 0.0
    while steps < STEPS:
        sim = state.resample_hidden(me, rng)
        start = time.process_time()
        while not sim.is_terminal() and steps < STEPS:
            if sim.current_player() == CHANCE:
                action = sample_chance(sim, rng)
            elif policy == "greedy":
                action = greedy.step(sim)
            elif policy == "policy":
                action = heuristics.policy_action(sim, rng)
            else:
                legal = sim.legal_actions()
                action = legal[rng.randrange(len(legal))]
            sim.apply_unchecked(action)
            steps += 1
        seconds += time.process_time() - start
    return seconds / steps


def measure(name: str, games: int, positions: int, iterations: int, safety: float) -> Costs:
    worst: dict[str, float] = {}
    length = legal = 0
    rng = random.Random(7)

    def note(key: str, value: float) -> None:
        worst[key] = max(worst.get(key, 0.0), value)

    for options in OPTION_SETS.get(name, [{}]):
        game = langbord.load(name, **options)
        decisions: list[State] = []
        for seed in range(games):
            for by_policy in (False, True):
                played = play(game, seed, by_policy)
                length = max(length, len(played[-1].history()))
                decisions += played[:-1]
        if not decisions:
            continue
        picks = [decisions[i * len(decisions) // positions] for i in range(positions)]
        for k, state in enumerate(picks):
            legal = max(legal, len(state.legal_actions()))
            search = MCTSAgent(seed=1, iterations=iterations, rollout_depth=0)
            one = cpu(partial(search.step, state)) / iterations
            note("iteration", one)
            if k < 3:
                longer = MCTSAgent(seed=1, iterations=10 * iterations, rollout_depth=0)
                note("growth", cpu(partial(longer.step, state)) / (10 * iterations) - one)
            for policy in POLICIES:
                note(f"step.{policy}", step_cost(state, policy, rng))
                agent = make_agent(policy, 1)
                note(f"decision.{policy}", cpu(partial(agent.step, state)))
    return Costs(
        iteration=_round(worst["iteration"] * safety),
        growth=_round(worst["growth"] * safety),
        base=iterations,
        step={p: _round(worst[f"step.{p}"] * safety) for p in POLICIES},
        decision={p: _round(worst[f"decision.{p}"] * safety) for p in POLICIES},
        length=int(length * safety),
        legal=legal,
    )


def _round(seconds: float) -> float:
    """Two significant figures, never below a microsecond."""
    return float(f"{max(seconds, 1e-6):.2g}")


def source(costs: dict[str, Costs]) -> str:
    """The ``COSTS`` dict as Python source, to paste."""

    def figures(per: dict[str, float]) -> str:
        return "{" + ", ".join(f'"{k}": {v!r}' for k, v in per.items()) + "}"

    lines = ["COSTS: dict[str, Costs] = {"]
    for name, c in costs.items():
        lines.append(f'    "{name}": Costs(')
        lines.append(f"        iteration={c.iteration!r},")
        lines.append(f"        growth={c.growth!r},")
        lines.append(f"        base={c.base!r},")
        lines.append(f"        step={figures(c.step)},")
        lines.append(f"        decision={figures(c.decision)},")
        lines.append(f"        length={c.length!r},")
        lines.append(f"        legal={c.legal!r},")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--games", dest="count", type=int, default=3, help="games per kind")
    parser.add_argument("--positions", type=int, default=8, help="positions per option set")
    parser.add_argument("--iterations", type=int, default=400, help="MCTS iterations measured")
    parser.add_argument("--safety", type=float, default=2.0, help="factor on every figure")
    parser.add_argument("--check", action="store_true", help="time real decisions too")
    args = parser.parse_args(argv)
    names = args.games or langbord.games()
    unknown = [n for n in names if n not in langbord.games()]
    if unknown or min(args.count, args.positions, args.iterations) < 1 or not args.safety >= 1:
        parser.error(f"unknown game {unknown[0]!r}" if unknown else "counts ≥ 1, safety ≥ 1")
    costs = {}
    for name in names:
        start = time.perf_counter()
        costs[name] = measure(name, args.count, args.positions, args.iterations, args.safety)
        print(f"# {name}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    print(source(costs), flush=True)
    if args.check:
        for name in names:
            check(name)
    return 0


def check(name: str) -> None:
    """Prints the longest of a few real decisions of plain ``mcts`` and the game's best agent at
    ``name``'s default game against the estimate."""
    from langbord.agents.budget import decision_seconds  # from the costs pasted, not these

    game = langbord.load(name)
    played = play(game, 0, True)[:-1]
    picks = [played[i * len(played) // 3] for i in range(3)]
    for spec in dict.fromkeys(["mcts", heuristics.best_agent(game)]):
        agent = make_agent(spec, 1)
        longest = max(cpu(partial(agent.step, state)) for state in picks)
        print(
            f"# {name} {spec}: longest {longest:.3f} s, estimated "
            f"{decision_seconds(spec, game):.3f} s",
            file=sys.stderr,
        )


if __name__ == "__main__":
    sys.exit(main())
