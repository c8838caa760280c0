"""What a game's bots know of it: :class:`Heuristics`, and the defaults of a game without any.

These are the agents' knowledge, not the rules: an estimate of each seat's share of the win, a
quick rule-of-thumb policy for rollouts, a measure of progress toward a cooperative goal, the
searching agents' tuned settings and the spec of the strongest agent measured. The rules (the
engines and :mod:`langbord.core`) know none of it; each game's are in a module of this package,
registered by name in :data:`langbord.agents.heuristics.MODULES`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langbord.core.game import State

DEFAULT_BEST_AGENT = "mcts"
"""The bot of a game whose heuristics name no stronger one."""
DEFAULT_TEMPERATURE = 5.0
"""The softmax temperature of :func:`weigh_scores`, in game points."""


def score_shares(values: Sequence[float], temperature: float) -> list[float]:
    """Win shares from per-seat values: a softmax, so a lead of ``temperature`` points makes a
    seat e (about 2.7) times as likely to win as the one behind it."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def weigh_scores(state: State) -> list[float]:
    """The evaluation of a game without its own: ``returns()`` at the end, else the scores as
    they stand weighed by :func:`score_shares` (a lead of 5 points is worth a factor e)."""
    if state.is_terminal():
        return state.returns()
    return score_shares(state.scores(), DEFAULT_TEMPERATURE)


def random_action(state: State, rng: random.Random) -> int:
    """The policy of a game without its own: a uniformly random legal action."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class Heuristics:
    """What a game's bots know of it (see the module docstring).

    - ``evaluate(state)``: per seat, an estimate of its share of the win, in [0, 1]
      (``returns()`` at the end): what the greedy agent maximises, what scores MCTS's leaves;
    - ``policy(state, rng)``: a quick, reasonable action for the seat to move, at a decision
      node (rollouts, the ``policy`` agent); it reads the whole state, so an agent calls it on a
      ``resample_hidden`` copy;
    - ``progress(state)``: how far the table has come toward the goal, in [0, 1], for every seat
      alike (Skoventyr: the share of Minion strength defeated); ``None``: no such measure. A
      rollout that ends in a loss can score part of it (the rollout agent's ``credit``);
    - ``search``: tuned options of the searching agents (e.g. MCTS's ``rollout_depth``);
    - ``best_agent``: the spec of the strongest agent measured for the game: the bot that fills
      seats and gives hints unless another is named.
    """

    evaluate: Callable[[Any], list[float]] = weigh_scores
    policy: Callable[[Any, random.Random], int] = random_action
    progress: Callable[[Any], float] | None = None
    search: Mapping[str, Any] = field(default_factory=dict)
    best_agent: str = DEFAULT_BEST_AGENT


NO_HEURISTICS = Heuristics()
"""The heuristics of a game that registers none."""

__all__ = [
    "DEFAULT_BEST_AGENT",
    "NO_HEURISTICS",
    "Heuristics",
    "random_action",
    "score_shares",
    "weigh_scores",
]
