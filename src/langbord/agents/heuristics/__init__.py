"""Each game's heuristics, registered by name: :func:`heuristics_for` (see :class:`Heuristics`).

The rules know nothing of bots; what the agents know of a game (its evaluation, quick policy,
progress, tuned search settings and best agent) is in one module of this package per game, named
in :data:`MODULES` and imported on first use, so a program that plays one game loads no other.
A game named nowhere here gets :data:`NO_HEURISTICS`: its scores weighed, random rollouts, MCTS.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from langbord.agents.heuristics.base import (
    DEFAULT_BEST_AGENT,
    NO_HEURISTICS,
    Heuristics,
    random_action,
    score_shares,
    weigh_scores,
)
from langbord.core.errors import LangbordError
from langbord.core.game import Game, State

MODULES: dict[str, str] = {
    "knarr": "langbord.agents.heuristics.knarr",
    "skaal": "langbord.agents.heuristics.skaal",
    "skibe": "langbord.agents.heuristics.skibe",
    "skoventyr": "langbord.agents.heuristics.skoventyr",
}
"""Game name → the module whose ``HEURISTICS`` are that game's."""

_loaded: dict[str, Heuristics] = {}


def heuristics_for(game: Game | str) -> Heuristics:
    """The heuristics registered for ``game`` (a game or its name), loaded once; a game without
    any gets :data:`NO_HEURISTICS`. A registered module that has none raises."""
    name = game if isinstance(game, str) else game.name
    found = _loaded.get(name)
    if found is None:
        module = MODULES.get(name)
        found = NO_HEURISTICS if module is None else _load(module)
        _loaded[name] = found
    return found


def _load(module: str) -> Heuristics:
    found: Any = getattr(importlib.import_module(module), "HEURISTICS", None)
    if not isinstance(found, Heuristics):
        raise LangbordError(f"{module}.HEURISTICS is not a Heuristics: {found!r}")
    return found


def evaluate(state: State) -> list[float]:
    """Per seat, ``state``'s game's estimate of its share of the win (its heuristics'
    ``evaluate``). Search looks the heuristics up once and calls theirs."""
    return heuristics_for(state.game).evaluate(state)


def policy_action(state: State, rng: random.Random) -> int:
    """The game's quick policy's action for the seat to move at ``state``, a decision node."""
    return heuristics_for(state.game).policy(state, rng)


def progress(state: State) -> float | None:
    """How far the table has come toward the goal, in [0, 1], by the game's measure; ``None``
    where it has none."""
    measure = heuristics_for(state.game).progress
    return None if measure is None else measure(state)


def best_agent(game: Game | str) -> str:
    """The spec of the strongest agent measured for ``game``: the bot that fills seats and gives
    hints unless another is named (``"mcts"`` where its heuristics name none)."""
    return heuristics_for(game).best_agent


def search_defaults(game: Game | str) -> dict[str, Any]:
    """The tuned search options of ``game`` (e.g. MCTS's ``rollout_depth``), or an empty dict."""
    return dict(heuristics_for(game).search)


__all__ = [
    "DEFAULT_BEST_AGENT",
    "MODULES",
    "NO_HEURISTICS",
    "Heuristics",
    "best_agent",
    "evaluate",
    "heuristics_for",
    "policy_action",
    "progress",
    "random_action",
    "score_shares",
    "search_defaults",
    "weigh_scores",
]
