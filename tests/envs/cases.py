"""The games and option sets the environment tests run over."""

from __future__ import annotations

import importlib.util
from typing import Any

import pytest

import langbord

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
