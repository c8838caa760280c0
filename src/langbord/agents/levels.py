"""Bot levels for people: five named strengths per game, each a fixed agent spec.

==============  ==========================================================================
level           what it is
==============  ==========================================================================
``beginner``    the game's quick policy with a person's slips (``noisy``: the policy's move,
                or a softmax over the evaluation one move ahead; never a move neither would
                consider)
``casual``      a plain rule of thumb: the policy, or the evaluation one move ahead with
                slips (``noisy:policy=0``, at a temperature chosen so that it plays between
                the beginner and ``greedy``)
``club``        one move of lookahead (``greedy``), or a short search
``strong``      a longer search (a fixed number of iterations or rollouts)
``best``        the game's best agent (``heuristics.best_agent``), with a larger budget where
                that plays clearly better and still answers within about a second (Skibe)
==============  ==========================================================================

Each game's levels are chosen from the calibration so that they are evenly spaced in strength
(each step up between half and one and a half times the game's mean step; at Skåål, whose
ratings move with the field, on a round robin of the levels alone:
``benchmarks/results/levels-trials.txt``), which is why they differ
from game to game (Skåål's own policy plays little better
than random, Skoventyr's one-move lookahead loses nearly every game, and at Skibe the best
agent's 50 iterations rated as one move of lookahead did in the round robin, while 200
iterations win twice the fair share of a table with the 50-iteration search, greedy and the
policy: 2.08x over 24 games, ``langbord arena skibe --players 4 --agents
mcts,mcts:iterations=200,greedy,policy --games 24 --seed 7``).

Budgets are counts of iterations or rollouts, never seconds, so a level plays the same on a
fast machine as on a slow one and a seeded game repeats. Where the game is known a level's name
stands for its spec (``make_agent("club", game=game)``, ``langbord play skaal --players
human,club``, a server's seat ``club``).

Each level's rating, its interval and its think time per decision are measured by
``python benchmarks/levels.py GAME…`` (a seat-rotated round robin of the levels and ``random``
at the game's default options, a Bradley–Terry fit over the finishing ranks with bootstrap
intervals; for cooperative Skoventyr the win rate solo) and shipped in ``levels.json`` next to
this module; :func:`levels` reads them.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from langbord.agents.heuristics import best_agent
from langbord.core.errors import OptionError
from langbord.core.i18n import N_, _

if TYPE_CHECKING:
    from langbord.core.game import Game

LEVELS = (N_("beginner"), N_("casual"), N_("club"), N_("strong"), N_("best"))
"""The level names, weakest first: what a seat is named by (``--players human,club``, a
server's seat), so never translated there; marked for the catalogs so that a menu may show a
level's name with ``_(name)`` beside what is typed."""

LEVEL_WORDS: dict[str, str] = {
    "beginner": N_("plays almost at random: good for learning the rules"),
    "casual": N_("plays sensible moves without looking ahead"),
    "club": N_("looks a little ahead"),
    "strong": N_("looks well ahead: a real challenge"),
    "best": N_("the strongest langbord has, and the slowest to answer"),
}
"""What each level is like, in a line a player reads the same way at every game: English,
marked for the catalogs; say it with ``_(LEVEL_WORDS[name])``."""

MEASURES = (N_("rating"), N_("win rate"))
"""What a level's strength is measured as (``Level.measure``): words :meth:`Level.describe`
says in the language spoken."""

FIRST_LEVEL = "casual"
"""The level a new player meets first: a table started in one tap seats it."""

BEST = "best"
BEGINNER_SPEC = "noisy:policy=0.5,temperature=0.05"

LEVEL_SPECS: dict[str, dict[str, str]] = {
    "skaal": {
        # Rated by a round robin of the levels alone (no fast games), and replayed on other games
        # (--seed 1). Its policy alone rates near random, and so does the beginner. Casual is one
        # move ahead with rare slips: at temperature 0.01 or 0.0075 it stood about half the mean
        # step over the beginner on the replay's games. Then short searches: 10, 30 and 100
        # iterations rose evenly in one run but not on other games, where 10 and 30 came out
        # closer than the bound (benchmarks/results/levels-trials.txt).
        "beginner": BEGINNER_SPEC,
        "casual": "noisy:policy=0,temperature=0.005",
        "club": "mcts:iterations=30",
        "strong": "mcts:iterations=150",
    },
    "skibe": {
        "beginner": BEGINNER_SPEC,  # 19% of the wins to the policy's 26% (400 games)
        "casual": "policy",
        "club": "greedy",
        # The best agent's progressive bias (prior=10), with larger budgets: 50 iterations (the
        # best agent's own) rated as greedy does; 200 without the bias won 2.08x the fair share
        # against the 50 (24 games). The bias rated no lower than the same budgets without it
        # (+18 and +20, within the intervals) in 2/3 of the time a decision.
        "strong": "mcts:iterations=100,prior=10",
        "best": "mcts:iterations=200,prior=10",
    },
    "knarr": {
        "beginner": BEGINNER_SPEC,  # plays as the policy alone does here
        # One move ahead with fewer slips, then short searches: greedy rated but 94 points over
        # the casual level at 0.01, while 60 iterations stood 270 below the best's 1000.
        "casual": "noisy:policy=0,temperature=0.0075",
        "club": "mcts:iterations=40",
        "strong": "mcts:iterations=150",
    },
    "skoventyr": {
        # Its greedy move is poor here: one slip in ten already halves the policy's wins (20.8%
        # to 38.5% over 400 deals), one in five wins 3%.
        "beginner": "noisy:policy=0.9,temperature=0.05",
        "casual": "policy",
        "club": "rollouts:rollouts=16",
        "strong": "rollouts:rollouts=64",
    },
}
"""Per game, the spec of every level but ``best``, which is the game's best agent whatever it
is unless a game names a larger budget for it here."""


@dataclass(frozen=True)
class Level:
    """One level of one game: its spec and what the calibration measured of it (``None``
    where it was not measured, or the spec has changed since)."""

    name: str
    spec: str
    rating: float | None = None
    """On an Elo-like scale with ``random`` at 0 (win rate in percent for cooperative games)."""
    interval: tuple[float, float] | None = None
    """The rating's 95% interval."""
    seconds: float | None = None
    """The mean wall time of a decision in the calibration."""
    measure: str = "rating"
    """``rating`` (Bradley–Terry, Elo scale) or ``win rate`` (percent, solo)."""

    def describe(self) -> str:
        """``club — rating 310 [250, 370], 0.02 s a decision`` (for a menu or a help text)."""
        words = [f"{self.name} — {self.spec}"]
        if self.rating is not None:
            unit = "%" if self.measure == "win rate" else ""
            text = f"{_(self.measure)} {whole(self.rating)}{unit}"
            if self.interval is not None:
                text += f" [{whole(self.interval[0])}, {whole(self.interval[1])}]"
            words.append(text)
        if self.seconds is not None:
            words.append(_("{seconds} s a decision").format(seconds=f"{self.seconds:.2g}"))
        return ", ".join(words)


def whole(figure: float) -> int:
    """A measured figure as it is shown: to the nearest whole number, halves up (458.5 → 459),
    as the lobby's ``Math.round`` rounds it, so the README, ``langbord rules --card`` and the
    browser show one number."""
    return math.floor(figure + 0.5)


EVEN_STEP = (0.5, 1.5)
"""The bounds on each step up a game's ladder, beginner to best, as a multiple of its mean step:
the levels are chosen so that every step lies within them."""


def ladder_steps(ratings: list[float]) -> tuple[list[float], float]:
    """The steps between neighbouring ``ratings`` (weakest first) and their mean."""
    steps = [b - a for a, b in itertools.pairwise(ratings)]
    return steps, sum(steps) / len(steps)


def evenly_spaced(ratings: list[float]) -> bool:
    """Whether every step up the ladder ``ratings`` lies within :data:`EVEN_STEP` times the
    mean step (a ladder that does not rise on average is not)."""
    steps, mean = ladder_steps(ratings)
    low, high = EVEN_STEP
    return mean > 0 and all(low * mean <= step <= high * mean for step in steps)


def is_level(text: str) -> bool:
    """Whether ``text`` names a level (any case, spaces around ignored)."""
    return text.strip().lower() in LEVELS


def _game_name(game: Game | str) -> str:
    return game if isinstance(game, str) else game.name


def level_spec(game: Game | str, level: str) -> str:
    """The spec ``level`` stands for at ``game`` (a game or its name); :class:`OptionError`
    for a name that is no level, or a game without levels."""
    key = level.strip().lower()
    if key not in LEVELS:
        raise OptionError(
            _("unknown level {level}; levels are: {levels}").format(
                level=repr(level.strip()[:40]), levels=", ".join(LEVELS)
            )
        )
    name = _game_name(game)
    specs = LEVEL_SPECS.get(name)
    if key == BEST and (specs is None or BEST not in specs):
        return best_agent(name)
    if specs is None:
        raise OptionError(_("{game} has no levels; name an agent spec").format(game=name))
    return specs[key]


def resolve_level(spec: str, game: Game | str | None) -> str:
    """``spec`` itself, or where it names a level the spec the level stands for at ``game``;
    :class:`OptionError` for a level without a game to resolve it at."""
    if not is_level(spec):
        return spec
    if game is None:
        raise OptionError(
            _("level {level} is a strength at a game: name the game, or an agent spec").format(
                level=repr(spec.strip().lower())
            )
        )
    return level_spec(game, spec)


@functools.cache
def _calibration() -> dict[str, Any]:
    try:
        text = resources.files("langbord.agents").joinpath("levels.json").read_text("utf-8")
    except FileNotFoundError:
        return {}
    found: dict[str, Any] = json.loads(text)
    return found


def calibration(game_name: str) -> dict[str, Any]:
    """What ``levels.json`` records of ``game_name``'s calibration (empty where nothing)."""
    found: dict[str, Any] = _calibration().get("games", {}).get(game_name, {})
    return found


def levels(game: Game | str) -> list[Level]:
    """The levels of ``game``, weakest first, with their measured rating and think time where
    the calibration measured this very spec."""
    name = _game_name(game)
    measured = calibration(name)
    result = []
    for level in LEVELS:
        spec = level_spec(game, level)
        entry = measured.get("levels", {}).get(level, {})
        if entry.get("spec") != spec:
            result.append(Level(level, spec))
            continue
        interval = entry.get("interval")
        result.append(
            Level(
                level,
                spec,
                rating=float(entry["rating"]),
                interval=(float(interval[0]), float(interval[1])) if interval else None,
                seconds=float(entry["seconds"]),
                measure=str(measured.get("measure", "rating")),
            )
        )
    return result


__all__ = [
    "EVEN_STEP",
    "LEVELS",
    "LEVEL_SPECS",
    "Level",
    "calibration",
    "evenly_spaced",
    "is_level",
    "ladder_steps",
    "level_spec",
    "levels",
    "resolve_level",
    "whole",
]
