"""Play N seeded random games of a game and print the number of steps (no timing, no profiler):
the workload that ``count_instructions.sh`` measures under callgrind.

    python benchmarks/playouts.py GAME N
"""

from __future__ import annotations

import random
import sys

import langbord
from langbord.core.bench import playout


def main() -> None:
    name, games = sys.argv[1], int(sys.argv[2])
    game = langbord.load(name)
    rng = random.Random(3)
    print("steps", sum(playout(game, rng) for _ in range(games)))


if __name__ == "__main__":
    main()
