"""Confidence intervals of proportions, for every layer that reports a win rate (the
simulations, the learning environments' judge)."""

from __future__ import annotations

import math


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (fractional successes, e.g. shared wins,
    are allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
