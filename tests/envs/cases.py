"""The games and option sets the environment tests run over."""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest

import langbord
from langbord.envs.encoding import Encoder

HAVE = [g for g in langbord.games() if importlib.util.find_spec(f"langbord.envs.encoders.{g}")]
"""Games whose encoder exists (each game's encoder is its own module)."""


def cases(options: dict[str, list[dict[str, Any]]]) -> list[Any]:
    """``(game, options)`` parameters: each game's first option set runs in the fast suite, the
    others with ``-m slow``."""
    return [
        pytest.param(
            g,
            o,
            id=f"{g}-" + ",".join(f"{k}={v}" for k, v in o.items()),
            marks=[pytest.mark.slow] if i else [],
        )
        for g in HAVE
        for i, o in enumerate(options[g])
    ]


def view_vector(encoder: Encoder, state: langbord.State, seat: int) -> np.ndarray[Any, Any]:
    """Seat ``seat``'s vector as the documented encoder gives it from the seat's view."""
    return np.asarray(encoder.encode(state.view(seat), seat), dtype=np.float32)


def fast_vector(encoder: Encoder, state: langbord.State, seat: int) -> np.ndarray[Any, Any]:
    """Seat ``seat``'s vector from the encoder's fast path, written over NaN (so a slot left
    unwritten shows)."""
    out = np.full(encoder.size, np.nan, dtype=np.float32)
    encoder.encode_into(state, seat, out)
    return out


def assert_same_bits(
    encoder: Encoder, got: np.ndarray[Any, Any], want: np.ndarray[Any, Any], where: str
) -> None:
    """``got`` and ``want`` hold the same float32 bits (so no NaN is left and 0.0 is not -0.0);
    else fail naming the slots that differ."""
    if got.tobytes() != want.tobytes():
        wrong = [
            (name, float(a), float(b))
            for name, a, b in zip(encoder.names, got, want, strict=True)
            if a.tobytes() != b.tobytes()
        ]
        pytest.fail(f"{where}: {len(wrong)} slots differ (name, fast, view): {wrong[:8]}")
