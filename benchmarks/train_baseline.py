"""A trained baseline on one seat: sb3-contrib's MaskablePPO on ``langbord.envs.vector_env`` (by
``langbord.envs.training``), judged on fixed seeds beside a uniform random masked policy and any
langbord agents named.

    python benchmarks/train_baseline.py skoventyr --reward shaped --minutes 30
    python benchmarks/train_baseline.py skibe --players 3 --self-play 0.5 --minutes 30 \\
        --judge-against random,greedy --compare greedy,policy

Needs ``langbord[rl,train]`` (``pip install torch==2.13.0`` first for the CPU build). Training
runs for ``--minutes`` of wall time with the settings of ``langbord.envs.training.Recipe``
(eight games in one vector environment, one torch thread, minibatches of 512, 4 epochs unless
told). Then the trained policy (deterministic, masked), a uniform random masked policy and each
``--compare`` agent play the learner's seat for ``--games`` episodes on the same seeds (seat
rotated where the game has several seats) against each ``--judge-against`` opponent, and the win
share of each is printed with its 95% Wilson interval, beside the steps trained and the steps
per second.
``--save PATH`` keeps the model (``MaskablePPO.load(PATH)``).

``--imitate policy`` first clones the named agent's play in the learner's seat (``imitate``:
``--demonstrations`` games, ``--imitation-epochs`` passes), and PPO goes on from that copy for
the rest of ``--minutes``:

    python benchmarks/train_baseline.py skoventyr --reward shaped --imitate policy \
        --net 256,256 --learning-rate 1e-4 --minutes 30 --compare greedy,policy
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import UTC, datetime
from typing import Any

import langbord
from langbord.envs.training import Recipe, imitate, report, train


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--opponents", default="random", help="who plays the other seats")
    parser.add_argument("--self-play", type=float, default=0.0, help="share of mirrored envs")
    parser.add_argument("--snapshot-every", type=int, default=50_000)
    parser.add_argument("--reward", default="win", choices=("win", "shaped", "margin"))
    parser.add_argument("--warmup", default=None, help="agent playing the learner's first moves")
    parser.add_argument("--warmup-decisions", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--n-steps", type=int, default=256, help="rollout steps per environment")
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1, help="torch's threads")
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--net", default="64,64", help="hidden layers, comma-separated")
    parser.add_argument("--imitate", default="", help="first clone this langbord agent's play")
    parser.add_argument("--demonstrations", type=int, default=5000, help="its games to clone")
    parser.add_argument("--imitation-epochs", type=int, default=20)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--judge-against", default="", help="opponents to judge against")
    parser.add_argument("--compare", default="", help="langbord agents judged the same way")
    parser.add_argument("--save", default="", metavar="PATH", help="keep the trained model")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        net = tuple(int(width) for width in args.net.split(","))
    except ValueError:
        parser.error(f"--net must be layer widths such as 256,256, not {args.net!r}")

    recipe = Recipe(
        args.game,
        options_of(args),
        opponents=args.opponents,
        reward=args.reward,
        envs=args.envs,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        epochs=args.epochs,
        threads=args.threads,
        seed=args.seed,
        self_play=args.self_play,
        snapshot_every=args.snapshot_every,
        learning_rate=args.learning_rate,
        net=net,
        warmup=args.warmup,
        warmup_decisions=args.warmup_decisions,
    )
    try:
        recipe.vector()  # refuse a bad game, option, opponent, reward or warm-up before training
    except (ValueError, langbord.LangbordError) as error:
        parser.error(str(error))
    started = time.monotonic()
    model = None
    if args.imitate:
        model = imitate(recipe, args.imitate, args.demonstrations, args.imitation_epochs)
        imitated = (time.monotonic() - started) / 60
        print(f"imitated {args.demonstrations} games of {args.imitate} in {imitated:.1f} min")
        left = args.minutes - imitated
        model = train(recipe, minutes=max(left, 0.01), model=model)
    else:
        model = train(recipe, args.minutes)
    seconds = time.monotonic() - started
    trained = int(model.num_timesteps)
    if args.save:
        model.save(args.save)
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{args.game} {recipe.options} seat rotated, opponents {args.opponents}, self-play "
        f"{args.self_play}, reward {args.reward}: MaskablePPO trained {trained} steps in "
        f"{seconds / 60:.1f} min ({trained / seconds:.0f} steps/s; {args.envs} environments, "
        f"rollouts of {args.n_steps}, minibatches of {args.batch_size}, {args.epochs} epochs, "
        f"{args.threads} thread), {when}, load {os.getloadavg()[0]:.1f}"
    )
    against = [o for o in args.judge_against.split(",") if o] or None
    compare = [spec for spec in args.compare.split(",") if spec]
    for line in report(recipe, model, args.games, against, compare):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
