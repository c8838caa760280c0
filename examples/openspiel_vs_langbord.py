"""OpenSpiel's MCTS bot against langbord's MCTS agent at Skibe, through OpenSpiel's own tools.

    python examples/openspiel_vs_langbord.py [--games 3] [--simulations 50] [--seed 0]

Skibe for three: OpenSpiel's ``MCTSBot`` (random rollouts to the end of the game) takes one seat,
langbord's ``mcts`` agent (short rollouts scored by Skibe's ``evaluate``) the other two, each with
the same number of simulations per decision; the OpenSpiel bot moves to the next seat every game.
``evaluate_bots`` (OpenSpiel's) plays the games and resolves chance. Needs ``langbord[rl]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import evaluate_bots, mcts  # type: ignore[import-untyped]

from langbord.agents import make_agent
from langbord.envs import register_openspiel
from langbord.envs.openspiel import LangbordBot

PLAYERS = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    register_openspiel()
    game = pyspiel.load_game("python_langbord_skibe", {"players": PLAYERS})
    total = 0.0
    for g in range(args.games):
        seed = args.seed + g
        seat = g % PLAYERS
        bots = [
            LangbordBot(make_agent(f"mcts:iterations={args.simulations}", seed=seed * 10 + p))
            for p in range(PLAYERS)
        ]
        bots[seat] = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=args.simulations,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            random_state=np.random.RandomState(seed),
        )
        start = time.perf_counter()
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(seed)
        )
        total += returns[seat]
        shares = " ".join(f"{r:.2f}" for r in returns)
        print(
            f"game {g + 1}: OpenSpiel MCTS in seat {seat}, returns {shares}"
            f" ({time.perf_counter() - start:.0f} s)"
        )
    print(
        f"OpenSpiel MCTS won {total:g} of {args.games} games"
        f" (a fair share is {args.games / PLAYERS:.2g}) with {args.simulations} simulations"
        " per decision against langbord's MCTS with as many"
    )


if __name__ == "__main__":
    main()
