"""Steps a second of every learning interface beside the engine's own random playouts, per game
at its default options, each for ``--seconds`` on one core:

    python benchmarks/interfaces.py --seconds 3

- ``native``: random playouts through the game protocol (``legal_actions``, ``apply_action``,
  chance drawn from ``chance_outcomes``), the loop ``langbord bench`` times (which counts the
  chance steps too);
- ``seat``: ``langbord.envs.seat_env`` (flat ``Box``, ``action_masks()``), a uniformly random
  masked action for the learner and ``random`` in the other seats; a step is every decision
  played, the learner's and the other seats';
- ``vector``: ``langbord.envs.vector_env`` of 32 games, a uniformly random masked action per
  game from its row of ``action_masks()`` (``random`` in the other seats); a step is every
  decision played (``env.decisions``);
- ``pettingzoo``: the AEC environment with ``observation="flat"``, a random masked action per
  agent step (each step encodes the next agent's observation);
- ``openspiel``: ``rl_environment.Environment`` over ``python_langbord_<game>``, a random legal
  action per agent step, with the observation tensors it asks for.

Every figure is a decision made (chance is not counted). Prints a Markdown table with the date
and the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime

import numpy as np

import langbord
from langbord.core.game import CHANCE
from langbord.core.runner import sample_chance


def timed(run: Callable[[], int], seconds: float) -> float:
    """Decisions a second of ``run`` (which plays one episode and returns its decisions)."""
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += run()
    return decisions / (time.perf_counter() - start)


def native(name: str) -> Callable[[], int]:
    game = langbord.load(name)
    rng = random.Random(0)

    def run() -> int:
        # langbord.core.bench.playout's loop (what ``langbord bench`` times), counting decisions.
        state = game.new_initial_state()
        made = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                made += 1
            state.apply_action(action)
        return made

    return run


class Counted:
    """A random agent that counts its decisions."""

    def __init__(self, seed: int) -> None:
        from langbord.agents import RandomAgent

        self.agent = RandomAgent(seed)
        self.decisions = 0

    def step(self, state: langbord.State) -> int:
        self.decisions += 1
        return self.agent.step(state)


def seat(name: str) -> Callable[[], int]:
    from langbord.envs import seat_env

    others = [Counted(k) for k in range(langbord.load(name).num_players() - 1)]
    env = seat_env(name, opponents=others if others else "random", seat="rotate")
    rng = np.random.default_rng(0)
    episode = [0]

    def run() -> int:
        env.reset(seed=episode[0])
        episode[0] += 1
        before = sum(o.decisions for o in others)
        made = 0
        done = False
        while not done:
            _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            made += 1
        return made + sum(o.decisions for o in others) - before

    return run


def vector(name: str) -> Callable[[], int]:
    from langbord.envs import vector_env

    env = vector_env(name, num_envs=32)
    env.reset(seed=0)
    pick = random.Random(0)

    def run() -> int:
        before = env.decisions
        for _ in range(50):
            rows = [np.flatnonzero(mask) for mask in env.action_masks()]
            env.step(np.array([row[pick.randrange(len(row))] for row in rows]))
        return env.decisions - before

    return run


def pettingzoo(name: str) -> Callable[[], int]:
    from langbord.envs import pettingzoo_env

    env = pettingzoo_env(name, observation="flat")
    rng = np.random.default_rng(0)
    episode = [0]

    def run() -> int:
        env.reset(seed=episode[0])
        episode[0] += 1
        made = 0
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(env.action_mask(agent)))))
            made += 1
        return made

    return run


def openspiel(name: str) -> Callable[[], int]:
    from open_spiel.python import rl_environment  # type: ignore[import-untyped]

    from langbord.envs import register_openspiel

    register_openspiel()
    env = rl_environment.Environment(f"python_langbord_{name}")
    rng = random.Random(0)

    def run() -> int:
        step = env.reset()
        made = 0
        while not step.last():
            player = step.observations["current_player"]
            action = rng.choice(step.observations["legal_actions"][player])
            step = env.step([action])
            made += 1
        return made

    return run


INTERFACES = {
    "native": native,
    "vector": vector,
    "seat": seat,
    "pettingzoo": pettingzoo,
    "openspiel": openspiel,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=langbord.games())
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"decisions a second, {args.seconds} s each, {when}, load {os.getloadavg()[0]:.1f}")
    print("| game | " + " | ".join(INTERFACES) + " | vector / native | seat / native |")
    print("|---|" + "---:|" * (len(INTERFACES) + 2))
    for name in args.games:
        rates = {k: timed(make(name), args.seconds) for k, make in INTERFACES.items()}
        cells = " | ".join(f"{rates[k]:,.0f}" for k in INTERFACES)
        ratios = f"{rates['vector'] / rates['native']:.0%} | {rates['seat'] / rates['native']:.0%}"
        print(f"| {name} | {cells} | {ratios} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
