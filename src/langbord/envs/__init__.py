"""Learning environments: PettingZoo, Gymnasium and OpenSpiel adapters (``pip install
langbord[rl]``).

- ``pettingzoo_env(game, **options)``: a PettingZoo AEC environment of any game.
- ``gymnasium.make("langbord/Skoventyr-v0", **options)``: one learner at a cooperative game
  (``langbord/<title>-v0`` of each), registered when this package is imported (if Gymnasium is
  installed).
- ``register_openspiel()``: every game as the OpenSpiel game ``python_langbord_<game>``.

Observations are the games' encoders (``langbord.envs.encoding.encoder_for(game)``: a seat's
knowledge as a fixed-size vector; ``slots()`` names every slot). ``import langbord`` never
imports this package, and this package imports PettingZoo and OpenSpiel only when asked.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langbord.envs.pettingzoo import LangbordEnv

__all__ = ["pettingzoo_env", "register_gymnasium", "register_openspiel"]


def pettingzoo_env(game: str, render_mode: str | None = None, **options: Any) -> LangbordEnv:
    """A PettingZoo AEC environment of ``game`` with its ``options`` (``langbord.load``'s)."""
    from langbord.envs.pettingzoo import LangbordEnv

    return LangbordEnv(game, render_mode=render_mode, **options)


def register_gymnasium() -> None:
    """Register ``langbord/<title>-v0`` of every cooperative game (``langbord/Skoventyr-v0``) with
    Gymnasium (done on import when it is installed)."""
    from langbord.envs.gymnasium import register

    register()


def register_openspiel() -> None:
    """Register ``python_langbord_<game>`` with OpenSpiel for every game."""
    from langbord.envs.openspiel import register

    register()


if importlib.util.find_spec("gymnasium") is not None:
    register_gymnasium()
