"""The arena: agents play seat-rotated games of one game; win rates with 95% intervals.

Game ``i`` seats the field rotated by ``i`` places, so every agent plays every seat equally often
over a multiple of the player count. Each game's seed derives from the arena seed and ``i``, so
results are identical whatever the number of processes.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from langbord.agents.specs import make_agent
from langbord.core.errors import OptionError
from langbord.core.game import JSON, State
from langbord.core.registry import load
from langbord.core.runner import Agent, play_game
from langbord.sim.stats import Tally, wilson


def seating(specs: Sequence[str], players: int, index: int) -> list[str]:
    """The agents of game ``index``: the field (the last spec fills any seats left), rotated."""
    field_ = list(specs[:players]) + [specs[-1]] * (players - len(specs))
    return [field_[(seat - index) % players] for seat in range(players)]


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"langbord-arena:{seed}:{index}").randrange(2**62)


def seated_agents(seats: Sequence[str], seed: int, game: str | None = None) -> list[Agent]:
    """Agent ``seats[p]`` for seat ``p`` of the game played with ``seed``, seeded from the game's
    seed and its seat (with ``game``'s name, a seat may name one of its levels: ``club``)."""
    return [
        make_agent(spec, (seed * 7 + seat) % 2**62, game=game) for seat, spec in enumerate(seats)
    ]


def play_seated(
    name: str,
    options: dict[str, Any],
    seats: Sequence[str],
    seed: int,
    agents: Sequence[Agent] | None = None,
) -> dict[str, JSON]:
    """The record of one game with agent ``seats[p]`` in seat ``p``: chance from ``seed``, the
    agents those of :func:`seated_agents` unless given (the arena and ``langbord simulate``
    share it)."""
    game = load(name, **options)
    if agents is None:
        agents = seated_agents(seats, seed, name)
    return play_game(game, agents, seed, agent_specs=list(seats))


@dataclass
class Thinking:
    """The decisions one agent was asked for, in all its seat-games, and how long they took."""

    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def add(self, decisions: int, seconds: float, longest: float) -> None:
        self.decisions += decisions
        self.seconds += seconds
        self.longest = max(self.longest, longest)


class Stopwatch:
    """An agent that times another's decisions (wall clock, as a player waits for them)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.thinking = Thinking()

    def step(self, state: State) -> int:
        start = time.perf_counter()
        action = self.agent.step(state)
        took = time.perf_counter() - start
        self.thinking.add(1, took, took)
        return action


def _play(job: tuple[str, dict[str, Any], list[str], int, int]) -> dict[str, Any]:
    name, options, seats, seed, index = job
    watches = [Stopwatch(agent) for agent in seated_agents(seats, seed, name)]
    record = play_seated(name, options, seats, seed, watches)
    result = record["result"]
    return {
        "game": index,
        "seed": seed,
        "seats": list(seats),
        "scores": result["scores"],
        "returns": result["returns"],
        "length": len(record["actions"]),
        # Per seat: decisions, their seconds, the longest (this machine's clock: not part of
        # the game's result, which the seed fixes).
        "think": [
            [t.decisions, round(t.seconds, 6), round(t.longest, 6)]
            for t in (w.thinking for w in watches)
        ],
        "record": record,
    }


@dataclass
class ArenaResult:
    game: str
    options: dict[str, Any]
    players: int
    cooperative: bool
    games: int
    agents: dict[str, Tally]
    team_wins: float = 0.0
    thinking: dict[str, Thinking] = field(default_factory=dict)

    def table(self) -> str:
        lines = [
            f"{self.game} {self.options}: {self.games} games, seats rotated; 95% intervals (Wilson)"
        ]
        if self.cooperative:
            low, high = wilson(self.team_wins, self.games)
            lines.append(f"team win rate {self.team_wins / self.games:.1%} [{low:.1%}, {high:.1%}]")
        fair = 1 / self.players
        lines.append(
            f"{'agent':<32} {'seat-games':>10} {'win rate':>9} {'95% interval':>17} "
            f"{'x fair':>7} {'mean score':>10} {'mean length':>11}"
        )
        for summary in self.agents.values():
            low, high = summary.interval
            mean_score = sum(summary.scores) / len(summary.scores) if summary.scores else 0.0
            mean_length = sum(summary.lengths) / len(summary.lengths) if summary.lengths else 0.0
            lines.append(
                f"{summary.label:<32} {summary.plays:>10} {summary.win_rate:>9.1%} "
                f"{f'[{low:.1%}, {high:.1%}]':>17} {summary.win_rate / fair:>7.2f} "
                f"{mean_score:>10.1f} {mean_length:>11.1f}"
            )
        return "\n".join(lines)

    def timing(self) -> str:
        """Each agent's time per decision on this machine (wall clock; unlike :meth:`table` it
        varies from run to run)."""
        lines = [f"{'agent':<32} {'decisions':>10} {'mean s':>8} {'longest s':>10}"]
        for spec, watch in self.thinking.items():
            mean = watch.seconds / watch.decisions if watch.decisions else 0.0
            lines.append(f"{spec:<32} {watch.decisions:>10} {mean:>8.3f} {watch.longest:>10.3f}")
        return "\n".join(lines)


def run_arena(
    name: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
    out: str | Path | None = None,
) -> ArenaResult:
    """Play ``games`` seat-rotated games; append each game to ``out`` (JSON lines) if given."""
    game = load(name, **(options or {}))
    for spec in specs:
        make_agent(spec, 0, game=name)  # refuse a bad spec before any game starts
    if games < 1:
        raise OptionError("--games must be at least 1")
    players = game.num_players()
    jobs_list = [
        (name, dict(game.options), seating(specs, players, i), game_seed(seed, i), i)
        for i in range(games)
    ]
    result = ArenaResult(
        name,
        dict(game.options),
        players,
        game.info.cooperative,
        games,
        {spec: Tally(spec) for spec in dict.fromkeys(seating(specs, players, 0))},
    )
    result.thinking = {spec: Thinking() for spec in result.agents}
    sink = open(out, "w", encoding="utf-8") if out else None  # noqa: SIM115
    try:
        for played in _results(jobs_list, jobs):
            if sink:
                sink.write(json.dumps(played, ensure_ascii=False) + "\n")
                sink.flush()
            result.team_wins += played["returns"][0] if result.cooperative else 0.0
            for seat, spec in enumerate(played["seats"]):
                summary = result.agents[spec]
                summary.plays += 1
                summary.wins += played["returns"][seat]
                summary.scores.append(played["scores"][seat])
                summary.lengths.append(played["length"])
                result.thinking[spec].add(*played["think"][seat])
    finally:
        if sink:
            sink.close()
    return result


def _results(
    jobs_list: list[tuple[str, dict[str, Any], list[str], int, int]], jobs: int
) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(_play, jobs_list)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play, jobs_list)
