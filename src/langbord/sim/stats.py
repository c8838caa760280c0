"""Statistics for win rates: Wilson score intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass, field


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


@dataclass
class Tally:
    """The seat-games (or games) of one agent, seat or option set: wins (summed returns, so a
    shared win counts its share), scores and lengths."""

    label: str
    plays: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.plays)
