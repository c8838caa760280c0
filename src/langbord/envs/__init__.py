"""Learning environments: PettingZoo, Gymnasium and OpenSpiel adapters (``pip install
langbord[rl]``).

- ``pettingzoo_env(game, **options)``: a PettingZoo AEC environment of any game.
- ``gymnasium.make("langbord/Skoventyr-v0", **options)``: one learner at a cooperative game
  (``langbord/<title>-v0`` of each), registered when this package is imported (if Gymnasium is
  installed).
- ``seat_env(game, seat=0, opponents="greedy", **options)`` (or
  ``gymnasium.make("langbord/<title>-seat-v0", ...)``): one seat of any game for one learner,
  the others played by given agents or a policy, with a flat ``Box`` observation and the
  ``action_masks()`` that sb3-contrib's ``MaskablePPO`` calls (``langbord.envs.seat``).
- ``vector_env(game, num_envs=8, opponents="random", **options)``: that seat of ``num_envs``
  games stepped together, observations and masks as batches in preallocated arrays, auto-reset,
  opponents that may be a batched policy (self-play) (``langbord.envs.vector``);
  ``langbord.envs.sb3.Sb3VectorEnv(env)`` makes it a Stable-Baselines3 ``VecEnv``.
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
    from langbord.envs.seat import SeatEnv
    from langbord.envs.vector import VectorSeatEnv

__all__ = ["pettingzoo_env", "register_gymnasium", "register_openspiel", "seat_env", "vector_env"]


def pettingzoo_env(game: str, render_mode: str | None = None, **options: Any) -> LangbordEnv:
    """A PettingZoo AEC environment of ``game`` with its ``options`` (``langbord.load``'s)."""
    from langbord.envs.pettingzoo import LangbordEnv

    return LangbordEnv(game, render_mode=render_mode, **options)


def seat_env(game: str, **kwargs: Any) -> SeatEnv:
    """One seat of ``game`` as a single-agent Gymnasium environment (``langbord.envs.seat``)."""
    from langbord.envs.seat import SeatEnv

    return SeatEnv(game, **kwargs)


def vector_env(game: str, num_envs: int = 8, **kwargs: Any) -> VectorSeatEnv:
    """One seat of ``num_envs`` games of ``game`` stepped together (``langbord.envs.vector``)."""
    from langbord.envs.vector import VectorSeatEnv

    return VectorSeatEnv(game, num_envs=num_envs, **kwargs)


def register_gymnasium() -> None:
    """Register ``langbord/<title>-v0`` of every cooperative game (``langbord/Skoventyr-v0``) and
    ``langbord/<title>-seat-v0`` of every game with Gymnasium (done on import when it is
    installed)."""
    from langbord.envs import seat
    from langbord.envs.gymnasium import register

    register()
    seat.register()


def register_openspiel() -> None:
    """Register ``python_langbord_<game>`` with OpenSpiel for every game."""
    from langbord.envs.openspiel import register

    register()


if importlib.util.find_spec("gymnasium") is not None:
    register_gymnasium()
