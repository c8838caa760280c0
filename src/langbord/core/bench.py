"""Random-playout throughput of a game through its public, checked protocol.

This is what ``langbord bench`` runs: the loop a user's own search or simulation code would
write (``current_player``, ``legal_actions`` or ``chance_outcomes``, the checked
``apply_action``), on one core, for a fixed wall-clock budget.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

from langbord.core.game import CHANCE, Game
from langbord.core.registry import load
from langbord.core.runner import sample_chance


@dataclass(frozen=True)
class BenchResult:
    game: str
    options: dict[str, Any]
    games: int
    steps: int
    seconds: float
    peak_bytes: int
    round_rates: list[float]
    """Steps per CPU-second of each round, sorted."""

    @property
    def steps_per_second(self) -> float:
        """The best round's rate (other work on the machine only ever slows a round)."""
        return self.round_rates[-1]

    @property
    def median_steps_per_second(self) -> float:
        return self.round_rates[len(self.round_rates) // 2]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def playout(game: Game, rng: random.Random) -> int:
    """One uniformly random game (chance by its probabilities); returns its number of steps."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def bench(
    name: str,
    options: dict[str, Any] | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    rounds: int = 5,
) -> BenchResult:
    """Run random playouts of ``name`` for about ``seconds`` of CPU time; then measure the peak
    memory one playout allocates (tracemalloc), separately so it does not slow the timing."""
    game = load(name, **(options or {}))
    rng = random.Random(seed)
    playout(game, rng)  # warm caches before timing
    gc.collect()
    # CPU time of this process, in rounds: a shared machine's bursts of other work show up as
    # slow rounds, and the best round is the engine's speed (as timeit reports its best).
    games = steps = 0
    rates: list[float] = []
    elapsed = 0.0
    for _ in range(rounds):
        round_steps = 0
        start = time.process_time()
        deadline = start + seconds / rounds
        while True:
            round_steps += playout(game, rng)
            games += 1
            now = time.process_time()
            if now >= deadline:
                break
        elapsed += now - start
        steps += round_steps
        rates.append(round_steps / (now - start))
    tracemalloc.start()
    try:
        playout(game, random.Random(seed))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return BenchResult(name, dict(game.options), games, steps, elapsed, peak, sorted(rates))
