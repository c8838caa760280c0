"""Observations of the environments: a seat's encoded view and its action mask."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

import langbord
from langbord.envs.encoding import Encoder

Observation = dict[str, np.ndarray[Any, Any]]


def vector_space(encoder: Encoder) -> spaces.Box:
    """The ``Box`` of a game's encoded views (float32, the encoder's bounds)."""
    return spaces.Box(low=encoder.low, high=encoder.high, shape=(encoder.size,), dtype=np.float32)


def observation_space(encoder: Encoder) -> spaces.Dict:
    """The ``{"observation", "action_mask"}`` space of a game's observations."""
    return spaces.Dict(
        {
            "observation": vector_space(encoder),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(encoder.game.num_distinct_actions(),), dtype=np.int8
            ),
        }
    )


def vector(encoder: Encoder, state: langbord.State, seat: int) -> np.ndarray[Any, Any]:
    """Seat ``seat``'s encoded view of ``state`` as a float32 vector (the encoder's fast path,
    :meth:`~langbord.envs.encoding.Encoder.encode_into`)."""
    out = np.empty(encoder.size, dtype=np.float32)
    encoder.encode_into(state, seat, out)
    return out


def legal_mask(state: langbord.State, to_move: bool, dtype: Any = np.int8) -> np.ndarray[Any, Any]:
    """A mask over all of the game's action ids: 1 (True) for each legal action if
    ``to_move``, else all 0."""
    mask = np.zeros(state.game.num_distinct_actions(), dtype=dtype)
    if to_move:
        mask[state.legal_actions()] = 1
    return mask


def observe(encoder: Encoder, state: langbord.State, seat: int, to_move: bool) -> Observation:
    """Seat ``seat``'s observation of ``state``: its encoded view, and its legal actions if
    ``to_move``."""
    return {"observation": vector(encoder, state, seat), "action_mask": legal_mask(state, to_move)}


def render_text(state: langbord.State, mode: str | None) -> str | None:
    """The table as a spectator sees it: returned for ``ansi``, printed for ``human``."""
    text = state.render(None)
    if mode == "human":
        print(text)
        return None
    return text
