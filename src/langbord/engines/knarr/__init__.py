"""Knarr — viking crews recruit, explore destinations and trade; with Skali and the artifacts.

The game's card (players, options, components, the notation of its actions, the rulings it
implements and what the engine decides where the rules are silent) is data: ``card.toml`` beside
this file, with the tagline in ``info.py``. ``langbord rules knarr --card`` prints it, and so does
``langbord.load("knarr").rules()``.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.knarr.rules import KnarrGame, KnarrState

__all__ = ["KnarrGame", "KnarrState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.knarr import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
