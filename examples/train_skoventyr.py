"""Train Skoventyr solo (standard game) with MaskablePPO and the shaped reward, then judge it
(about 30 min on two CPU cores; needs ``pip install torch==2.13.0`` then
``pip install 'langbord[rl,train]'``).

    python examples/train_skoventyr.py             # 30 minutes, seed 0
    python examples/train_skoventyr.py --minutes 5 --games 100

Random play never wins Skoventyr, so the reward is ``shaped``: potential-based shaping from the
engine's own estimate of the win chance, which leaves the best policy unchanged (see
``langbord.envs.seat``). The judge plays the trained policy, a uniform random choice and the
``greedy`` and ``policy`` agents on the same deals, scored by wins only.
"""

from __future__ import annotations

import argparse

from langbord.envs.training import Recipe, report, train

RECIPE = Recipe("skoventyr", {}, reward="shaped", seed=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--save", default="skoventyr-ppo.zip")
    args = parser.parse_args()
    model = train(RECIPE, minutes=args.minutes)
    model.save(args.save)
    print(f"trained {model.num_timesteps} steps in {args.minutes} min; saved {args.save}")
    for line in report(RECIPE, model, args.games, compare=["greedy", "policy"]):
        print(line)


if __name__ == "__main__":
    main()
