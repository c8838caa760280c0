"""A trained baseline on one seat: sb3-contrib's MaskablePPO on ``langbord.envs.seat_env``, no
wrapper, and its win rate against the same table played by a uniform random masked policy.

    python benchmarks/train_baseline.py skoventyr --reward shaped --minutes 5
    python benchmarks/train_baseline.py skibe --players 3 --opponents greedy --minutes 5

Needs ``langbord[rl,train]`` (``pip install torch==2.13.0`` first for the CPU build). Training
runs for ``--minutes`` of wall time (checked between rollouts of ``--n-steps`` steps) with the
library's default network and hyperparameters but ``--n-steps``; then the trained policy
(deterministic, masked) and a uniform random masked policy each play ``--games`` episodes on the
same seeds, seat rotated where the game has several seats, and the win share of each is printed
with its 95% Wilson interval, the steps trained and the steps per second.
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime
from typing import Any

import numpy as np

from langbord.envs import seat_env
from langbord.sim.stats import wilson


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.players:
        options["players"] = args.players
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = {"true": True, "false": False}.get(value.lower(), value)
        if isinstance(options[key], str) and options[key].isdigit():
            options[key] = int(options[key])
    return options


def evaluate(env: Any, choose: Any, games: int, seed: int) -> float:
    """The mean final win share of ``choose(observation, mask) -> action`` over ``games``."""
    won = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            action = choose(observation, env.action_masks())
            observation, _, done, _, _ = env.step(action)
        won += env.state.returns()[env.seat]
    return won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--reward", default="win", choices=("win", "shaped"))
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--n-steps", type=int, default=1024)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    options = options_of(args)
    common = {"opponents": args.opponents, "seat": "rotate", **options}
    env = seat_env(args.game, reward=args.reward, **common)
    deadline = time.monotonic() + args.minutes * 60

    class Deadline(BaseCallback):
        def _on_step(self) -> bool:
            return bool(time.monotonic() < deadline)

    model = MaskablePPO("MlpPolicy", env, n_steps=args.n_steps, seed=args.seed, verbose=0)
    started = time.monotonic()
    model.learn(total_timesteps=10**9, callback=Deadline())
    trained = int(model.num_timesteps)
    seconds = time.monotonic() - started

    judge = seat_env(args.game, reward="win", **common)
    rng = np.random.default_rng(args.seed)

    def learned(observation: Any, mask: Any) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    def uniform(observation: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    seed = 10_000 + args.seed
    games = args.games
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{args.game} {options} seat rotated, opponents {args.opponents}, reward {args.reward}: "
        f"MaskablePPO trained {trained} steps in {seconds / 60:.1f} min "
        f"({trained / seconds:.0f} steps/s), {when}"
    )
    for name, choose in (("MaskablePPO", learned), ("uniform random", uniform)):
        won = evaluate(judge, choose, games, seed)
        low, high = wilson(won, games)
        print(
            f"  {name:15} wins {100 * won / games:5.1f}% [{100 * low:.1f}%, {100 * high:.1f}%] "
            f"of {games} games"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
