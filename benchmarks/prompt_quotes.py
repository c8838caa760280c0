"""How often a prompt or a refusal quotes a move that is not legal, over seeded random games.

At every decision of ``GAMES`` random games per game (default 20, seed 1) it reads the prompt and
the refusals of 8 random action ids that are not legal there, and counts those that quote
(``'…'``) a string that is not a legal action now.

    python benchmarks/prompt_quotes.py [GAME ...] [--games N]
"""

from __future__ import annotations

import argparse
import random

import langbord
from langbord.core.errors import IllegalActionError
from langbord.core.prompts import quoted


def measure(name: str, games: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    game = langbord.load(name)
    num_actions = game.num_distinct_actions()
    refusals = bad_refusals = prompts = bad_prompts = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if not state.is_chance_node():
                strings = set(state.legal_strings())
                prompts += 1
                bad_prompts += any(t not in strings for t in quoted(state.prompt()))
                legal_set = set(legal)
                for action in rng.sample(range(num_actions), 8):
                    if action in legal_set:
                        continue
                    try:
                        state.apply_action(action)
                    except IllegalActionError as exc:
                        refusals += 1
                        reason = str(exc).removeprefix(repr(state.action_to_string(action)))
                        bad_refusals += any(t not in strings for t in quoted(reason))
            state.apply_action(rng.choice(legal))
    return (
        f"{name}: {bad_refusals} of {refusals} refusals and {bad_prompts} of {prompts} prompts "
        "quote a move that is not legal"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for name in args.names or langbord.games():
        print(measure(name, args.games))


if __name__ == "__main__":
    main()
