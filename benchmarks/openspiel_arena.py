"""The game's best agent against OpenSpiel's own bots, through ``python_langbord_<game>``, at
equal wall time per decision.

    python benchmarks/openspiel_arena.py skibe --players 3 --games 60 --seconds 0.25
    python benchmarks/openspiel_arena.py knarr --players 2 --games 60 --seconds 0.25 --workers 2
    python benchmarks/openspiel_arena.py skoventyr --players 1 --games 20 --seconds 0.25

A competitive game seats one langbord agent (``Game.best_agent()`` with ``time=S``, or
``--agent``) and fills the other seats with OpenSpiel's ``mcts.MCTSBot`` (random rollouts to the
end, ``RandomRolloutEvaluator``, UCT c = 2 as in OpenSpiel's examples); a game with private
information (Knarr) gets ``ismcts.ISMCTSBot`` instead, with OpenSpiel's default settings. The
langbord seat moves one seat on each game (game ``g`` seats it at ``g % N``). OpenSpiel's bots
take a number of simulations, not a time: each bot's simulations for a decision are its measured
simulations per second so far (smoothed over its decisions) times ``S``, plus what its earlier
decisions fell short of ``S`` (or went past it; at most half of ``S``), so its mean seconds per
decision come out near ``S``; both sides' measured seconds per decision are printed. A decision
with one legal action is played without asking either side and is not counted.

The result is the langbord seat's fair-share multiple: its wins (a game's win share: a tie
shares) over ``games / N``, with the 95% Wilson interval of its win rate times ``N``.

A cooperative game (Skoventyr) has no opponent: every seed is played once with the langbord
agent in every seat and once with MCTSBot in every seat, and both win rates are printed.

The last lines (the ``result`` line) hold the figures with the command, the date and the load.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing import Pool
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

import langbord
from langbord.agents import make_agent
from langbord.envs import register_openspiel
from langbord.envs.openspiel import LangbordSpielState
from langbord.sim.stats import wilson

UCT_C = 2.0
FIRST_SIMULATIONS = 16
"""A bot's simulations at its first decision, before any rate is measured."""
MIN_SIMULATIONS = 2
"""Fewer leaves MCTSBot's root unexpanded (its first simulation evaluates the root itself)."""
SMOOTHING = 0.3
"""The weight of the latest decision in a bot's simulations-per-second estimate."""


@dataclass
class Clock:
    """One side's decisions and their seconds (and simulations, for OpenSpiel's bots)."""

    decisions: int = 0
    seconds: float = 0.0
    simulations: int = 0

    def add(self, seconds: float, simulations: int = 0) -> None:
        self.decisions += 1
        self.seconds += seconds
        self.simulations += simulations

    def merge(self, other: Clock) -> None:
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.simulations += other.simulations

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


class TimedSpielBot:
    """An OpenSpiel MCTS or ISMCTS bot whose simulations per decision follow its measured rate,
    so that a decision takes about ``seconds``."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        self.seconds = seconds
        self.rate: float | None = None  # simulations per second, smoothed
        self.owed = 0.0  # seconds its decisions so far fell short of (or went past) the budget
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        imperfect = (
            game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        )
        self.name = "ISMCTSBot" if imperfect else "MCTSBot"
        if imperfect:
            self.bot: Any = ismcts.ISMCTSBot(
                game,
                evaluator,
                UCT_C,
                FIRST_SIMULATIONS,
                random_state=rng,
            )
        else:
            self.bot = mcts.MCTSBot(game, UCT_C, FIRST_SIMULATIONS, evaluator, random_state=rng)

    def _set_simulations(self, simulations: int) -> None:
        if isinstance(self.bot, ismcts.ISMCTSBot):
            self.bot._max_simulations = simulations
        else:
            self.bot.max_simulations = simulations

    def step(self, state: LangbordSpielState, clock: Clock) -> int:
        simulations = (
            FIRST_SIMULATIONS
            if self.rate is None
            else max(MIN_SIMULATIONS, round(self.rate * self.aim()))
        )
        self._set_simulations(simulations)
        start = time.perf_counter()
        action = int(self.bot.step(state))
        spent = time.perf_counter() - start
        rate = simulations / max(spent, 1e-6)
        self.rate = rate if self.rate is None else (1 - SMOOTHING) * self.rate + SMOOTHING * rate
        self.owed += self.seconds - spent
        clock.add(spent, simulations)
        return action

    def aim(self) -> float:
        """This decision's target: the budget plus what earlier ones owe (at most half a budget
        either way), so that the mean decision takes ``seconds`` although the rate drifts."""
        return self.seconds + max(-0.5 * self.seconds, min(0.5 * self.seconds, self.owed))


@dataclass
class Outcome:
    """One game: the langbord seat's return, and both sides' clocks."""

    seat: int
    returns: list[float]
    ours: Clock = field(default_factory=Clock)
    theirs: Clock = field(default_factory=Clock)


def play(
    game_name: str,
    players: int,
    seconds: float,
    seed: int,
    ours: list[bool],
    agent_spec: str | None = None,
) -> Outcome:
    """Play one game of ``game_name`` from ``seed``: seat ``p`` is the langbord agent where
    ``ours[p]``, else OpenSpiel's bot."""
    register_openspiel()
    params: dict[str, Any] = {"players": players} if _has_players(game_name) else {}
    game = pyspiel.load_game(f"python_langbord_{game_name}", params)
    spec = agent_spec or _timed(langbord.load(game_name, **params).best_agent(), seconds)
    bots: list[Any] = [
        make_agent(spec, seed=seed * 10 + p)
        if mine
        else TimedSpielBot(game, seconds, seed * 10 + p)
        for p, mine in enumerate(ours)
    ]
    outcome = Outcome(ours.index(True) if True in ours else -1, [])
    chance = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probs)))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        bot = bots[state.current_player()]
        if isinstance(bot, TimedSpielBot):
            action = bot.step(state, outcome.theirs)
        else:
            start = time.perf_counter()
            action = int(bot.step(state.langbord_state))
            outcome.ours.add(time.perf_counter() - start)
        state.apply_action(action)
    outcome.returns = list(state.returns())
    return outcome


def _has_players(game_name: str) -> bool:
    return any(o.name == "players" for o in langbord.load(game_name).option_specs)


def _timed(spec: str, seconds: float) -> str:
    """``spec`` with ``time=seconds`` (replacing any budget it names)."""
    name, _, options = spec.partition(":")
    kept = [
        o
        for o in options.split(",")
        if o and o.split("=")[0] not in ("time", "iterations", "rollouts")
    ]
    return f"{name}:" + ",".join([*kept, f"time={seconds:g}"])


def _job(args: tuple[str, int, float, int, list[bool], str | None]) -> Outcome:
    return play(*args)


def jobs(
    game_name: str, players: int, games: int, seconds: float, seed: int, agent: str | None
) -> list[tuple[str, int, float, int, list[bool], str | None]]:
    """The games to play: seat-rotated, or for a cooperative game each seed twice."""
    cooperative = langbord.load(game_name).info.cooperative
    result = []
    for g in range(games):
        if cooperative:
            for mine in (True, False):
                result.append((game_name, players, seconds, seed + g, [mine] * players, agent))
        else:
            seats = [p == g % players for p in range(players)]
            result.append((game_name, players, seconds, seed + g, seats, agent))
    return result


def run(
    game_name: str,
    players: int,
    games: int,
    seconds: float,
    seed: int = 0,
    workers: int = 1,
    agent: str | None = None,
    echo: bool = True,
) -> list[str]:
    """Play the games and return the report's lines (printed as they come when ``echo``)."""
    todo = jobs(game_name, players, games, seconds, seed, agent)
    ours, theirs = Clock(), Clock()
    wins = {True: 0.0, False: 0.0}
    lines: list[str] = []

    def say(line: str) -> None:
        lines.append(line)
        if echo:
            print(line, flush=True)

    with Pool(workers) if workers > 1 else _Serial() as pool:
        for k, outcome in enumerate(pool.imap(_job, todo)):
            ours.merge(outcome.ours)
            theirs.merge(outcome.theirs)
            shares = " ".join(f"{r:.2f}" for r in outcome.returns)
            if outcome.seat >= 0:
                wins[True] += outcome.returns[outcome.seat]
                where = "every seat" if all(todo[k][4]) else f"seat {outcome.seat}"
                say(f"game {k + 1}: langbord in {where}, returns {shares}")
            else:
                wins[False] += outcome.returns[0]
                say(f"game {k + 1}: OpenSpiel in every seat, returns {shares}")
    say(_summary(game_name, players, games, seconds, wins, ours, theirs, todo))
    return lines


def _summary(
    game_name: str,
    players: int,
    games: int,
    seconds: float,
    wins: dict[bool, float],
    ours: Clock,
    theirs: Clock,
    todo: list[Any],
) -> str:
    opponent = "ISMCTSBot" if langbord.load(game_name).info.private_information else "MCTSBot"
    sims = theirs.simulations / theirs.decisions if theirs.decisions else 0.0
    clocks = (
        f"langbord {ours.per_decision:.3f} s a decision ({ours.decisions}),"
        f" OpenSpiel {theirs.per_decision:.3f} s ({theirs.decisions}, {sims:.0f} simulations)"
    )
    if langbord.load(game_name).info.cooperative:
        return (
            f"result {game_name} {players}p at {seconds:g} s: langbord won {wins[True]:g} of"
            f" {games}, OpenSpiel {opponent} {wins[False]:g} of {games} on the same seeds; {clocks}"
        )
    low, high = wilson(wins[True], games)
    multiple = wins[True] / (games / players)
    return (
        f"result {game_name} {players}p at {seconds:g} s: langbord {multiple:.2f}x fair share"
        f" [{low * players:.2f}, {high * players:.2f}] over {games} games"
        f" ({wins[True]:g} won, a fair share is {games / players:.3g}) against OpenSpiel"
        f" {opponent}; {clocks}"
    )


class _Serial:
    """``Pool``'s ``imap`` in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn: Any, items: list[Any]) -> Any:
        return map(fn, items)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--agent", default=None, help="a langbord spec instead of the best agent")
    args = parser.parse_args(argv)
    players = args.players or langbord.load(args.game).num_players()
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    run(args.game, players, args.games, args.seconds, args.seed, args.workers, args.agent)
    command = shlex.join(["python", "benchmarks/openspiel_arena.py", *(argv or sys.argv[1:])])
    print(
        f"command: {command}; started {started}, load average {load} at start,"
        f" {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end; {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())
