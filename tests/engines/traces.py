"""Fingerprints of how each engine behaves, step by step, over seeded random games.

A trace records at every step of a game: the seat to move, the legal actions, the chance
outcomes and their probabilities, every seat's ``view`` and a spectator's, the scores, now and
then a spectator's view of a ``resample_hidden`` copy, and at the end the returns. Its
fingerprint (a SHA-256) pins behaviour: a rewrite of an engine that plays the same game in every
respect gives the same fingerprint. The text an engine shows (its prompts, ``str`` and
``render``) is fingerprinted apart, since wording may change where behaviour does not.

    python tests/engines/traces.py [GAME] [--games N]   # print the fingerprints

Action choice and chance outcomes come from ``random.Random(seed)`` alone, so the games do not
depend on any agent.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import langbord
from langbord.core.registry import game_class

GAMES = 3
"""Seeded games per option set in the pinned fingerprints."""
RESAMPLE_EVERY = 7
"""At every seventh step at a decision node, the spectator's view of a ``resample_hidden`` copy
for the seat to move is part of the trace too."""


def trace(name: str, options: dict[str, Any], seed: int) -> tuple[str, str]:
    """The behaviour and text fingerprints of one seeded random game."""
    game = langbord.load(name, **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = game.num_players()
    behaviour = hashlib.sha256()
    text = hashlib.sha256()
    while True:
        player = state.current_player()
        legal = state.legal_actions()
        step: list[Any] = [player, legal, state.chance_outcomes(), state.scores()]
        step.extend(state.view(p) for p in (*range(n), None))
        behaviour.update(json.dumps(step, sort_keys=True).encode())
        words = [state.prompt(p) for p in range(n)]
        words.append(str(state))
        words.extend(state.render(p) for p in (*range(n), None))
        text.update(json.dumps(words).encode())
        if player >= 0 and len(state.history()) % RESAMPLE_EVERY == 0:
            seen = state.resample_hidden(player, random.Random(seed + len(legal)))
            behaviour.update(json.dumps(seen.view(None), sort_keys=True).encode())
        if state.is_terminal():
            behaviour.update(json.dumps(state.returns()).encode())
            return behaviour.hexdigest()[:16], text.hexdigest()[:16]
        if player < 0:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, weights)[0]
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)


def fingerprint(name: str, options: dict[str, Any], games: int = GAMES) -> tuple[str, str]:
    """The behaviour and text fingerprints of ``games`` seeded games under ``options``."""
    behaviour = hashlib.sha256()
    text = hashlib.sha256()
    for seed in range(games):
        b, t = trace(name, options, seed)
        behaviour.update(b.encode())
        text.update(t.encode())
    return behaviour.hexdigest()[:16], text.hexdigest()[:16]


def fingerprints(name: str, games: int = GAMES) -> dict[str, tuple[str, str]]:
    """Per option set of the game's conformance options (keyed by its JSON): the fingerprints
    of ``games`` games."""
    return {
        json.dumps(options, sort_keys=True): fingerprint(name, options, games)
        for options in game_class(name).conformance_options
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--games", type=int, default=GAMES)
    args = parser.parse_args()
    for name in [args.game] if args.game else langbord.games():
        for key, (b, t) in fingerprints(name, args.games).items():
            print(f"{name} {key}: behaviour {b} text {t}")


if __name__ == "__main__":
    main()
