"""The registry of games: ``games()`` and ``load(name, **options)``.

Games are imported only when loaded, so ``import langbord`` stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

from langbord.core.errors import UnknownGameError
from langbord.core.game import Game

_GAMES: dict[str, str] = {
    "knarr": "langbord.engines.knarr.rules:KnarrGame",
    "skaal": "langbord.engines.skaal.rules:SkaalGame",
    "skibe": "langbord.engines.skibe.rules:SkibeGame",
    "skoventyr": "langbord.engines.skoventyr.rules:SkoventyrGame",
}


def games() -> list[str]:
    """Sorted names of every registered game."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``name``."""
    if not isinstance(name, str) or name.strip().lower() not in _GAMES:
        raise UnknownGameError(f"unknown game {name!r}; games are: {', '.join(games())}")
    module, _, cls = _GAMES[name.strip().lower()].partition(":")
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def load(name: str, /, **options: Any) -> Game:
    """The game ``name`` configured with ``options`` (defaults for the rest).

    >>> load("skibe", players=4).num_players()
    4
    """
    return game_class(name)(**options)
