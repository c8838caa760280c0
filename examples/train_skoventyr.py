"""Train Skoventyr solo (standard game): imitate the quick ``policy`` agent, then improve on it
with MaskablePPO and the shaped reward, and judge it (about 30 min on two CPU cores; needs
``pip install torch==2.13.0`` then ``pip install 'langbord[rl,train]'``).

    python examples/train_skoventyr.py             # 30 minutes in all, seed 0
    python examples/train_skoventyr.py --minutes 12 --demonstrations 2000 --games 100

Random play never wins Skoventyr, and PPO from scratch learns nothing there in half an hour
(it won no game of 300 after 1.8 million steps). So the learner starts from the decisions of the
``policy`` agent, which wins about a third of its games: behaviour cloning of 5,000 of its
games (``langbord.envs.training.imitate``, about 7 minutes), its value taught their returns.
PPO then plays on its own for the rest of the time, at a lower learning rate so that it
refines the copy instead of forgetting it, with the ``shaped`` reward: potential-based shaping
from the engine's own estimate of the win chance, which leaves the best policy unchanged (see
``langbord.envs.seat``). The judge plays the copy after imitation, then the trained policy, a
uniform random choice and the ``greedy`` and ``policy`` agents on the same deals, scored by
wins only.
"""

from __future__ import annotations

import argparse
import time

from langbord.core.intervals import wilson
from langbord.envs.training import Recipe, imitate, judge, model_chooser, report, train

RECIPE = Recipe("skoventyr", {}, reward="shaped", seed=0, net=(256, 256), learning_rate=1e-4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="in all, imitation included")
    parser.add_argument("--demonstrations", type=int, default=5000, help="games of the agent")
    parser.add_argument("--epochs", type=int, default=20, help="passes of imitation")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--save", default="skoventyr-ppo.zip")
    args = parser.parse_args()
    start = time.monotonic()
    model = imitate(RECIPE, "policy", games=args.demonstrations, epochs=args.epochs)
    imitated = (time.monotonic() - start) / 60
    won, games = judge(RECIPE, model_chooser(model), args.games)
    low, high = wilson(won, games)
    print(
        f"imitated {args.demonstrations} games of policy in {imitated:.1f} min: wins "
        f"{100 * won / games:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%] of {games} games"
    )
    left = args.minutes - (time.monotonic() - start) / 60
    model = train(RECIPE, minutes=max(left, 0.1), model=model)
    model.save(args.save)
    total = (time.monotonic() - start) / 60
    print(f"then PPO: {model.num_timesteps} steps, {total:.1f} min in all; saved {args.save}")
    for line in report(RECIPE, model, args.games, compare=["greedy", "policy"]):
        print(line)


if __name__ == "__main__":
    main()
