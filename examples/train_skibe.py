"""Train a Skibe seat (3 players) by self-play with MaskablePPO, then judge it (about 30 min
on two CPU cores; needs ``pip install torch==2.13.0`` then ``pip install 'langbord[rl,train]'``).

    python examples/train_skibe.py                 # 30 minutes, seed 0
    python examples/train_skibe.py --minutes 5 --games 100

Half of the eight environments seat two random players beside the learner, the other half two
frozen copies of the learner, refreshed every 50,000 steps (``langbord.envs.training``). The
learner's seat rotates, so one policy learns every seat. The judge seats the trained policy, a
uniform random choice and the ``greedy`` and ``policy`` agents in the same rotated seat on the
same deals, against random players and against greedy ones; a seat's fair share is 1/3.
"""

from __future__ import annotations

import argparse

from langbord.envs.training import Recipe, report, train

RECIPE = Recipe("skibe", {"players": 3}, opponents="random", self_play=0.5, seed=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--save", default="skibe-ppo.zip")
    args = parser.parse_args()
    model = train(RECIPE, minutes=args.minutes)
    model.save(args.save)
    print(f"trained {model.num_timesteps} steps in {args.minutes} min; saved {args.save}")
    for line in report(RECIPE, model, args.games, ["random", "greedy"], ["greedy", "policy"]):
        print(line)


if __name__ == "__main__":
    main()
