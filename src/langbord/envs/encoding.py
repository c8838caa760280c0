"""Observation encoders: what a seat knows, as a fixed-size vector of numbers.

An encoder reads only ``state.view(seat)`` (the seat's knowledge, the same JSON the server sends),
so an observation can never hold a secret the view does not. Each game's encoder documents every
slot: ``slots()`` names them in order (``"market.red.vp"``, ``"seat+1.hand_size"``…), seats
relative to the observer (``seat+0`` is the observer, ``seat+1`` the next seat clockwise), so one
policy can play any seat.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from langbord.core.game import Game, State


class Encoder(ABC):
    """Turns a view of one game (with fixed options) into a vector of ``size`` floats."""

    low: float = -math.inf
    """No slot is ever below ``low`` (the environments' observation spaces use it); an encoder
    whose slots are never negative says so with 0."""
    high: float = math.inf
    """No slot is ever above ``high``; an encoder whose slots all stay in [0, 1] says so."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = self.slots()
        self.size = len(self.names)

    @abstractmethod
    def slots(self) -> list[str]:
        """The name of every slot, in order (the documentation of the vector)."""

    @abstractmethod
    def encode(self, view: Mapping[str, Any], seat: int) -> list[float]:
        """The vector for ``view`` (what ``seat`` knows); length ``size``, values in [0, 1] or small
        counts."""

    def encode_into(self, state: State, seat: int, out: np.ndarray[Any, Any]) -> None:
        """Write seat ``seat``'s vector of ``state`` into ``out`` (a float32 array of ``size``),
        the learning environments' fast path.

        The default encodes ``state.view(seat)``. A game's encoder overrides it to read the
        state directly into the array, with no view built: it writes exactly what
        :meth:`encode` gives for the view, and so nothing the view does not hold
        (``tests/envs/test_encoders.py`` compares the two on states of random games, from
        every seat).
        """
        out[:] = self.encode(state.view(seat), seat)


ENCODERS: dict[str, Callable[[Game], Encoder]] = {}
"""Game name → encoder class; each game's module registers itself on import."""


def encoder_for(game: Game) -> Encoder:
    """The encoder of ``game`` (its options fix the vector's size)."""
    import importlib

    if game.name not in ENCODERS:
        importlib.import_module(f"langbord.envs.encoders.{game.name}")
    return ENCODERS[game.name](game)
