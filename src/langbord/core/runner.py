"""``play_game``: seat agents at a game and play it to the end."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from langbord.core.errors import LangbordError
from langbord.core.game import CHANCE, JSON, Game, State
from langbord.core.records import to_record


class Agent(Protocol):
    """Anything with ``step(state) -> action``; it must return a legal action of its seat."""

    def step(self, state: State) -> int: ...


def sample_outcome(state: State, uniform: Callable[[], float]) -> int:
    """An outcome of the chance node ``state``, drawn by the outcomes' probabilities; ``uniform()``
    is a number in [0, 1). Every chance draw in langbord (runner, search, bench, environments) goes
    through here, one ``uniform()`` a draw, so a seed gives the same game wherever it is played."""
    outcomes = state.chance_outcomes()
    x = uniform()
    total = 0.0
    for action, p in outcomes:
        total += p
        if x < total:
            return action
    return outcomes[-1][0]  # rounding: the probabilities summed to a hair under x


def sample_chance(state: State, rng: random.Random) -> int:
    """One chance outcome of ``state``, drawn with ``rng`` by the outcomes' probabilities."""
    return sample_outcome(state, rng.random)


def play_game(
    game: Game,
    agents: Sequence[Agent],
    /,
    seed: int | None = None,
    **meta: JSON,
) -> dict[str, JSON]:
    """Play ``game`` with ``agents[p]`` in seat ``p``; chance from ``random.Random(seed)``.

    Returns the record (see :mod:`langbord.record`). The same seed and agents give the same
    record. An agent that answers with an illegal action raises :class:`IllegalActionError`.
    """
    if len(agents) != game.num_players():
        raise LangbordError(
            f"{game.name} with {game.num_players()} players needs {game.num_players()} agents, "
            f"got {len(agents)}"
        )
    rng = random.Random(seed)
    state = game.new_initial_state()
    limit = game.max_game_length()
    while not state.is_terminal():
        if len(state.history()) >= limit:
            raise LangbordError(f"{game.name}: game exceeded max_game_length() = {limit}")
        player = state.current_player()
        action = sample_chance(state, rng) if player == CHANCE else agents[player].step(state)
        state.apply_action(action)
    return to_record(state, seed=seed, **meta)
