"""Statistics for win rates: Wilson score intervals (``langbord.core.intervals.wilson``) and
tallies."""

from __future__ import annotations

from dataclasses import dataclass, field

from langbord.core.intervals import wilson

__all__ = ["Tally", "wilson"]


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
