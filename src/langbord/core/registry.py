"""The registry of games: ``games()``, ``info(name)`` and ``load(name, **options)``.

Each game is listed with its :class:`Game` class and its info module (the light ``info.py``
that declares its :class:`GameInfo`), both by name: core imports no game until asked, so
``import langbord`` stays light, and ``info(name)`` reads a game's traits without loading its
rules.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from langbord.core.errors import LangbordError, UnknownGameError
from langbord.core.game import Game
from langbord.core.i18n import _
from langbord.core.info import GameInfo


@dataclass(frozen=True)
class _Entry:
    game: str
    """``"module:Class"`` of the game's :class:`Game` subclass (its rules)."""
    info: str
    """The module whose ``INFO`` is the game's :class:`GameInfo` (imports no rules)."""
    views: str | None = None
    """``"module:Class"`` of the ``TypedDict`` its view is (see :mod:`langbord.core.contracts`)."""


_GAMES: dict[str, _Entry] = {
    "knarr": _Entry(
        "langbord.engines.knarr.rules:KnarrGame",
        "langbord.engines.knarr.info",
        "langbord.engines.knarr.views:KnarrView",
    ),
    "skaal": _Entry(
        "langbord.engines.skaal.rules:SkaalGame",
        "langbord.engines.skaal.info",
        "langbord.engines.skaal.views:SkaalView",
    ),
    "skibe": _Entry(
        "langbord.engines.skibe.rules:SkibeGame",
        "langbord.engines.skibe.info",
        "langbord.engines.skibe.views:SkibeView",
    ),
    "skoventyr": _Entry(
        "langbord.engines.skoventyr.rules:SkoventyrGame",
        "langbord.engines.skoventyr.info",
        "langbord.engines.skoventyr.views:SkoventyrView",
    ),
}


def games() -> list[str]:
    """Sorted names of every registered game."""
    return sorted(_GAMES)


def _entry(name: str) -> _Entry:
    if not isinstance(name, str) or name.strip().lower() not in _GAMES:
        raise UnknownGameError(
            _("unknown game {name}; games are: {games}").format(
                name=repr(name), games=", ".join(games())
            )
        )
    return _GAMES[name.strip().lower()]


def info(name: str) -> GameInfo:
    """The traits game ``name`` declares (its info module's ``INFO``), its rules not loaded.

    >>> info("skaal").title, info("skaal").min_players, info("skoventyr").cooperative
    ('Skåål', 3, True)
    """
    module = _entry(name).info
    found = getattr(importlib.import_module(module), "INFO", None)
    if not isinstance(found, GameInfo):
        raise LangbordError(f"{module}.INFO is not a GameInfo: {found!r}")
    return found


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass registered as ``name``."""
    module, _, cls = _entry(name).game.partition(":")
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def view_type(name: str) -> type | None:
    """The ``TypedDict`` game ``name`` declares its view to be, or None if it declares none."""
    declared = _entry(name).views
    if declared is None:
        return None
    module, _, cls = declared.partition(":")
    found: type = getattr(importlib.import_module(module), cls)
    return found


def load(name: str, /, **options: Any) -> Game:
    """The game ``name`` configured with ``options`` (defaults for the rest).

    >>> load("skibe", players=4).num_players()
    4
    """
    return game_class(name)(**options)
