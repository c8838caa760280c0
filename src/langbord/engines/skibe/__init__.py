"""Skibe — build three viking ships, load them, and score them with chieftains.

The game's card (players, options, components, the notation of its actions, the rulings it
implements and what the engine decides where the rules are silent) is data: ``card.toml`` beside
this file, with the tagline in ``info.py``. ``langbord rules skibe --card`` prints it, and so does
``langbord.load("skibe").rules()``.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.engines.skibe.rules import SkibeGame, SkibeState

__all__ = ["SkibeGame", "SkibeState"]


def __getattr__(name: str) -> Any:
    """The rules' classes, imported on first use: the registry reads ``info.py`` alone."""
    if name in __all__:
        from langbord.engines.skibe import rules

        return getattr(rules, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
