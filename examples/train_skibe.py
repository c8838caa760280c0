"""Train a Skibe seat (3 players): imitate the ``greedy`` agent, then go on by self-play with
MaskablePPO, and judge it (about 30 min on two CPU cores; needs ``pip install torch==2.13.0``
then ``pip install 'langbord[rl,train]'``).

    python examples/train_skibe.py                 # 30 minutes in all, seed 0
    python examples/train_skibe.py --minutes 12 --demonstrations 2000 --games 100

The learner starts from the decisions of ``greedy`` (one move of lookahead on the engine's
estimate) in 5,000 games against two random players: behaviour cloning
(``langbord.envs.training.imitate``), its value taught their returns. Then PPO plays on at a
lower learning rate: half of the eight games seat two random players beside the learner, the
other half two frozen copies of the learner (the copy after imitation first, refreshed every
50,000 steps), which decide for all their games in one batch. The learner's seat rotates, so
one policy learns every seat. The judge plays the copy after imitation, then the trained
policy, a uniform random choice and the ``greedy`` and ``policy`` agents in the same rotated
seat on the same deals, against random players and against greedy ones; a seat's fair share is
1/3.
"""

from __future__ import annotations

import argparse
import time

from langbord.core.intervals import wilson
from langbord.envs.training import Frozen, Recipe, imitate, judge, model_chooser, report, train

RECIPE = Recipe(
    "skibe",
    {"players": 3},
    opponents="random",
    self_play=0.5,
    seed=0,
    net=(256, 256),
    learning_rate=1e-4,
)
AGAINST = ["random", "greedy"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="in all, imitation included")
    parser.add_argument("--demonstrations", type=int, default=5000, help="games of the agent")
    parser.add_argument("--epochs", type=int, default=20, help="passes of imitation")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--save", default="skibe-ppo.zip")
    args = parser.parse_args()
    start = time.monotonic()
    model = imitate(RECIPE, "greedy", games=args.demonstrations, epochs=args.epochs)
    imitated = (time.monotonic() - start) / 60
    print(f"imitated {args.demonstrations} games of greedy in {imitated:.1f} min:")
    for opponents in AGAINST:
        won, games = judge(RECIPE, model_chooser(model), args.games, opponents=opponents)
        low, high = wilson(won, games)
        print(
            f"  against {opponents}: wins {100 * won / games:.1f}% "
            f"[{100 * low:.1f}%, {100 * high:.1f}%] of {games} games"
        )
    frozen = Frozen(RECIPE.seed)
    frozen.update(model.policy)
    left = args.minutes - (time.monotonic() - start) / 60
    model = train(RECIPE, minutes=max(left, 0.1), model=model, frozen=frozen)
    model.save(args.save)
    total = (time.monotonic() - start) / 60
    print(f"then PPO: {model.num_timesteps} steps, {total:.1f} min in all; saved {args.save}")
    for line in report(RECIPE, model, args.games, AGAINST, ["greedy", "policy"]):
        print(line)


if __name__ == "__main__":
    main()
