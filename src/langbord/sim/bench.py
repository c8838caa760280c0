"""MCTS search speed: iterations per second on decision states met in random games."""

from __future__ import annotations

import random
import time
from typing import Any

from langbord.agents.mcts import MCTSAgent
from langbord.core.game import CHANCE, State
from langbord.core.registry import load
from langbord.core.runner import sample_chance


def decision_states(name: str, options: dict[str, Any], count: int, seed: int) -> list[State]:
    """``count`` states with a real choice (two or more legal actions), from random games."""
    game = load(name, **options)
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.1:
                found.append(state.clone())
            state.apply_action(legal[rng.randrange(len(legal))])
    return found


def mcts_rate(
    name: str, options: dict[str, Any] | None = None, seconds: float = 1.0, seed: int = 0
) -> float:
    """Iterations per second of the default MCTS agent, searching for ``seconds`` in all over
    five decision states (the search's time limit is wall-clock time)."""
    states = decision_states(name, options or {}, 5, seed)
    iterations = 0
    elapsed = 0.0
    for i, state in enumerate(states):
        agent = MCTSAgent(seed=seed + i, time_limit=seconds / len(states))
        start = time.perf_counter()
        agent.step(state)
        elapsed += time.perf_counter() - start
        iterations += agent.last_iterations
    return iterations / elapsed
