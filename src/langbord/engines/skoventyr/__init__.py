"""Skoventyr — a cooperative forest game: help Vogter defeat Gamle Erik's Minions.

The game's card (players, options, components, the notation of its actions, the rulings it
implements and what the engine decides where the rules are silent) is data: ``card.toml`` beside
this file, with the tagline in ``info.py``. ``langbord rules skoventyr --card`` prints it, and so
does ``langbord.load("skoventyr").rules()``.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.skoventyr.rules import SkoventyrGame, SkoventyrState

__all__ = ["SkoventyrGame", "SkoventyrState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.skoventyr import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
