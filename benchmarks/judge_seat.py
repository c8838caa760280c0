"""Langbord agents in the seat a trained baseline is judged in: the same rotated seat, the same
deals (seeds 10000 on) and the same opponents as ``langbord.envs.training.report`` uses, so their
win shares sit beside the trained agents' in the README's table.

    python benchmarks/judge_seat.py skibe --players 3 --agents mcts:iterations=100 \\
        --against random,greedy --games 100
    python benchmarks/judge_seat.py skoventyr --agents rollouts:64 --games 100

Prints one line an agent and opponent: the win share with its 95% Wilson interval, and the
seconds the agent took a decision on average.
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import UTC, datetime
from typing import Any

import langbord
from langbord.agents import make_agent
from langbord.agents.specs import split_specs
from langbord.core.intervals import wilson
from langbord.envs.training import Chooser, Recipe, agent_chooser, judge


def timed(choose: Chooser) -> tuple[Chooser, list[float]]:
    """``choose``, and the list it adds each decision's seconds to."""
    seconds: list[float] = []

    def run(env: Any, observation: Any) -> int:
        start = time.perf_counter()
        action = choose(env, observation)
        seconds.append(time.perf_counter() - start)
        return action

    return run, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--agents", required=True, help="agent specs or levels, comma-separated")
    parser.add_argument("--against", default="random", help="opponents, comma-separated")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = {"players": args.players} if args.players else {}
    try:
        agents = split_specs(args.agents)
        against = split_specs(args.against)
        game = langbord.load(args.game, **options)
        for spec in [*agents, *against]:
            make_agent(spec, 0, game=game)
    except langbord.LangbordError as error:
        parser.error(str(error))
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{args.game} {options}, {args.games} games, seeds 10000 on, {when}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    for opponents in against:
        recipe = Recipe(args.game, options, opponents=opponents)
        for spec in agents:
            choose, seconds = timed(agent_chooser(spec, 0))
            won, games = judge(recipe, choose, args.games)
            low, high = wilson(won, games)
            per = sum(seconds) / max(len(seconds), 1)
            print(
                f"  {spec} against {opponents}: wins {100 * won / games:.1f}% "
                f"[{100 * low:.1f}%, {100 * high:.1f}%] of {games} games, {per:.3f} s a decision"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
