"""Observations of the environments: a seat's encoded view and its action mask."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

import langbord
from langbord.envs.encoding import Encoder

Observation = dict[str, np.ndarray[Any, Any]]


def observation_space(encoder: Encoder) -> spaces.Dict:
    """The ``{"observation", "action_mask"}`` space of a game's observations."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=encoder.low, high=encoder.high, shape=(encoder.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(encoder.game.num_distinct_actions(),), dtype=np.int8
            ),
        }
    )


def observe(encoder: Encoder, state: langbord.State, seat: int, to_move: bool) -> Observation:
    """Seat ``seat``'s observation of ``state``: its encoded view, and its legal actions if
    ``to_move``."""
    vector = np.asarray(encoder.encode(state.view(seat), seat), dtype=np.float32)
    mask = np.zeros(encoder.game.num_distinct_actions(), dtype=np.int8)
    if to_move:
        mask[state.legal_actions()] = 1
    return {"observation": vector, "action_mask": mask}


def render_text(state: langbord.State, mode: str | None) -> str | None:
    """The table as a spectator sees it: returned for ``ansi``, printed for ``human``."""
    text = state.render(None)
    if mode == "human":
        print(text)
        return None
    return text
