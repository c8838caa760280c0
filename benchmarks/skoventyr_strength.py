"""Skoventyr's team win rate per module and player count, with 95% Wilson intervals.

Every agent spec plays the same seeded games (seed ``--seed`` + k for game k) in every setting:
standard, The Lygtemands Get Involved, Rescue and both modules, solo and with two players (every
seat the same agent). A decision is capped at ``--seconds`` (the agent plays its best move so far
past it) and its wall time is measured. The table is printed with the command, the date and the
machine's load, and appended to ``--out`` line by line.

    python benchmarks/skoventyr_strength.py --agents policy --games 400      # cheap: the policy
    python benchmarks/skoventyr_strength.py --games 100 --seconds 1 --workers 2  # the README's

The default agent is the game's best agent (``BEST_AGENT`` in
``langbord.agents.heuristics.skoventyr``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import langbord
from langbord.agents.heuristics.skoventyr import BEST_AGENT
from langbord.agents.specs import make_agent, split_specs
from langbord.core.game import CHANCE
from langbord.core.runner import sample_chance
from langbord.sim.stats import wilson

RESULTS = Path(__file__).parent / "results" / "skoventyr-strength.txt"
MODULES = {
    "standard": {},
    "lygtemands": {"lygtemands": True},
    "rescue": {"rescue": True},
    "both": {"lygtemands": True, "rescue": True},
}

Job = tuple[str, str, int, int, float]
"""An agent spec, a module setting, the players, the game's seed and the decision cap."""
Result = tuple[float, int, float, float]
"""A game's team return, its decisions, their total and their longest wall time."""


def play(job: Job) -> Result:
    """One game: the team's return, the decisions, their total and longest wall time."""
    import random

    spec, module, players, seed, seconds = job
    state = langbord.load("skoventyr", players=players, **MODULES[module]).new_initial_state()
    agents = [make_agent(spec, seed=seed * 10 + p, max_seconds=seconds) for p in range(players)]
    chance = random.Random(seed)
    decisions, total, longest = 0, 0.0, 0.0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, chance))
            continue
        start = time.perf_counter()
        action = agents[player].step(state)
        spent = time.perf_counter() - start
        if len(state.legal_actions()) > 1:
            decisions += 1
            total += spent
            longest = max(longest, spent)
        state.apply_action(action)
    return state.returns()[0], decisions, total, longest


def row(spec: str, module: str, players: int, results: list[Result], width: int = 24) -> str:
    """A table row; ``width`` is the agent column's (the longest spec's length)."""
    n = len(results)
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, n)
    decisions = sum(r[1] for r in results) or 1
    mean = sum(r[2] for r in results) / decisions
    longest = max(r[3] for r in results)
    return (
        f"| {spec:<{width}} | {module:<10} | {players} | {n:>5} | {100 * wins / n:5.1f}% "
        f"[{100 * low:4.1f}%, {100 * high:5.1f}%] | {mean:8.3f} s | {longest:5.2f} s |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default=BEST_AGENT, help="agent specs, comma-separated")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=1.0, help="cap on a decision")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modules", default=",".join(MODULES))
    parser.add_argument("--players", default="1,2")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    try:
        specs = split_specs(args.agents)
        for spec in specs:
            make_agent(spec, 0, game="skoventyr")
        settings = [
            (module, int(p)) for p in args.players.split(",") for module in args.modules.split(",")
        ]
        for module, players in settings:
            if module not in MODULES:
                parser.error(f"no module {module!r} (modules: {', '.join(MODULES)})")
            langbord.load("skoventyr", players=players, **MODULES[module])  # the game's own checks
    except (langbord.LangbordError, ValueError) as error:
        parser.error(str(error))
    command = "python benchmarks/skoventyr_strength.py " + shlex.join(sys.argv[1:])
    width = max(len("agent"), *(len(spec) for spec in specs))
    lines = [
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
        f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start",
        f"$ {command}",
        f"| {'agent':<{width}} | module     | p | games | team win rate [95%]    "
        "| s/decision | longest |",
        f"|{'-' * (width + 2)}|------------|---|-------|------------------------"
        "|------------|---------|",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as out, ProcessPoolExecutor(args.workers) as pool:

        def show(line: str) -> None:
            print(line, flush=True)
            out.write(line + "\n")
            out.flush()

        for line in lines:
            show(line)
        for module, players in settings:
            for spec in specs:
                jobs = [
                    (spec, module, players, args.seed + k, args.seconds) for k in range(args.games)
                ]
                results = list(pool.map(play, jobs, chunksize=4))
                show(row(spec, module, players, results, width))
        show(f"# load {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
