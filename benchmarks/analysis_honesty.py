"""Is the post-game analysis honest? It should mark far more mistakes in random play than in
MCTS's.

For each competitive game, at the README's usual player count, play ``--games`` games of plain
``mcts`` in one seat (rotated game by game) against ``random`` in the others, analyse every game
with ``langbord.analysis.analyse`` at a fixed iteration budget per decision, and count the
mistakes and blunders (a loss of win chance of at least ``THRESHOLDS["mistake"]``) per judged
decision (two or more legal actions) of the random seats and of the MCTS seat. The target is a
ratio of at least 3.

    python benchmarks/analysis_honesty.py                    # skaal, skibe, knarr; 20 games each
    python benchmarks/analysis_honesty.py skibe --games 4 --workers 2

Games and their analyses run in ``--workers`` processes (default 2); each game's seeds come from
``--seed`` and its number, so the figures do not depend on the workers.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import sys
import time
from dataclasses import dataclass

import langbord
from langbord.agents import make_agent
from langbord.analysis import THRESHOLDS, analyse

PLAYERS = {"skaal": 3, "skibe": 3, "knarr": 2}
"""The player counts the README's examples use most."""

ITERATIONS = {"skaal": 500, "skibe": 100, "knarr": 500}
"""The analysis's simulations per decision: chosen so that 20 games of each game take at most
about ten minutes on the two cores."""


@dataclass
class Tally:
    """One game's counts, split by who played: the MCTS seat and the random seats."""

    game: str
    seat: int
    judged: dict[str, int]
    marked: dict[str, int]  # mistakes and blunders
    inaccurate: dict[str, int]
    simulations: int
    seconds: float
    mcts_won: float


def one_game(task: tuple[str, int, int, int]) -> Tally:
    name, number, seed, iterations = task
    players = PLAYERS[name]
    game = langbord.load(name, players=players)
    seat = number % players
    agents = [
        make_agent("mcts" if p == seat else "random", seed=seed * 1000 + number * 10 + p)
        for p in range(players)
    ]
    start = time.perf_counter()
    record = langbord.play_game(game, agents, seed * 1000 + number)
    analysis = analyse(record, iterations=iterations, seed=seed * 1000 + number)
    judged = {"mcts": 0, "random": 0}
    marked = {"mcts": 0, "random": 0}
    inaccurate = {"mcts": 0, "random": 0}
    simulations = 0
    for d in analysis.decisions:
        if d.legal < 2:
            continue
        who = "mcts" if d.seat == seat else "random"
        judged[who] += 1
        simulations += d.simulations
        if d.mark in ("mistake", "blunder"):
            marked[who] += 1
        elif d.mark == "inaccuracy":
            inaccurate[who] += 1
    returns = record["result"]["returns"]
    return Tally(
        name,
        seat,
        judged,
        marked,
        inaccurate,
        simulations,
        time.perf_counter() - start,
        float(returns[seat]),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(PLAYERS), metavar="GAME")
    parser.add_argument("--games", dest="count", type=int, default=20, help="games per game")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--iterations", type=int, help="simulations per decision (default: per game, see code)"
    )
    args = parser.parse_args(argv)
    print(
        f"# analysis honesty, {datetime.date.today()}: {args.count} games per game, mcts in one "
        f"seat (rotated) against random, seed {args.seed}, {args.workers} workers; mark = "
        f"mistake or blunder (loss >= {THRESHOLDS['mistake']:g} win chance)"
    )
    print(
        "| game (players) | simulations per decision | random: marks / decisions | "
        "mcts: marks / decisions | ratio | inaccuracies per decision (random, mcts) | "
        "mcts won | minutes |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.games:
        iterations = args.iterations or ITERATIONS[name]
        tasks = [(name, i, args.seed, iterations) for i in range(args.count)]
        start = time.perf_counter()
        with multiprocessing.Pool(args.workers) as pool:
            tallies = list(pool.imap_unordered(one_game, tasks))
        minutes = (time.perf_counter() - start) / 60
        judged = {k: sum(t.judged[k] for t in tallies) for k in ("random", "mcts")}
        marked = {k: sum(t.marked[k] for t in tallies) for k in ("random", "mcts")}
        loose = {k: sum(t.inaccurate[k] for t in tallies) for k in ("random", "mcts")}
        rate = {k: marked[k] / judged[k] if judged[k] else 0.0 for k in judged}
        ratio = rate["random"] / rate["mcts"] if rate["mcts"] else float("inf")
        sims = sum(t.simulations for t in tallies) / max(1, judged["random"] + judged["mcts"])
        won = sum(t.mcts_won for t in tallies) / len(tallies)
        print(
            f"| {name} ({PLAYERS[name]}) | {sims:.0f} ({iterations} + the played move's) | "
            f"{rate['random']:.3f} ({marked['random']} / {judged['random']}) | "
            f"{rate['mcts']:.3f} ({marked['mcts']} / {judged['mcts']}) | {ratio:.1f}x | "
            f"{loose['random'] / max(1, judged['random']):.3f}, "
            f"{loose['mcts'] / max(1, judged['mcts']):.3f} | {won:.0%} | {minutes:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
