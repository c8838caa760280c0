"""Profile random playouts of a game (cProfile), to find what to optimize before optimizing.

    python benchmarks/profile_playouts.py skibe --games 300 [--option players=3]

The throughput figure itself comes from ``langbord bench``; this shows where the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

import langbord
from langbord.core.bench import playout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.option)
    game = langbord.load(args.game, **options)
    rng = random.Random(0)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(args.games):
        playout(game, rng)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
