"""The game's best agent against OpenSpiel's own bots, through ``python_langbord_<game>``, at
equal wall time per decision.

    python benchmarks/openspiel_arena.py skibe --players 3 --games 60 --seconds 0.25
    python benchmarks/openspiel_arena.py knarr --players 2 --games 60 --seconds 0.25 --workers 2
    python benchmarks/openspiel_arena.py skoventyr --players 1 --games 20 --seconds 0.25

A competitive game seats one langbord agent (``heuristics.best_agent(game)`` with ``time=S``, or
``--agent``) and fills the other seats with OpenSpiel's ``mcts.MCTSBot`` (random rollouts to the
end, ``RandomRolloutEvaluator``, UCT c = 2 as in OpenSpiel's examples); a game with private
information (Knarr) gets ``ismcts.ISMCTSBot`` instead, with OpenSpiel's default settings. The
langbord seat moves one seat on each game (game ``g`` seats it at ``g % N``). OpenSpiel's bots
take a number of simulations, not a time: each bot's simulations for a decision are its measured
simulations per second so far (smoothed over its decisions) times ``S``, plus what its earlier
decisions fell short of ``S`` (or went past it; at most half of ``S``), so its mean seconds per
decision come out near ``S``; both sides' measured seconds per decision are printed, and the
simulations MCTSBot ran. MCTSBot stops a search once it has solved the root; such a search does
not count towards its rate (its few simulations in no time would overstate it). A decision
with one legal action is played without asking either side and is not counted.

The result is the langbord seat's fair-share multiple: its wins (a game's win share: a tie
shares) over ``games / N``, with the 95% Wilson interval of its win rate times ``N``.

A cooperative game (Skoventyr) has no opponent: every seed is played once with the langbord
agent in every seat and once with MCTSBot in every seat, and both win rates are printed.

The last lines (the ``result`` line) hold the figures with the command, the date and the load.

A long setting can be played in parts, on different days or machines: ``--start K`` plays games
``K+1`` to ``K+games`` of the run (the same seeds and seats as one run of them all would), and
``--merge`` adds the saved reports of the parts up into the run's result:

    python benchmarks/openspiel_arena.py skaal --players 6 --games 30 --seed 100 > a.txt
    python benchmarks/openspiel_arena.py skaal --players 6 --games 30 --seed 100 --start 30 > b.txt
    python benchmarks/openspiel_arena.py --merge a.txt b.txt

The parts must be finished reports of the same game, players, seconds, seed and agent that
together cover games 1 to N once each. The merged seconds a decision are the parts' printed
means weighted by their decisions (to within half a millisecond of the parts' own sums).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
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
from langbord.agents import heuristics, make_agent
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


class CountingMCTSBot(mcts.MCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``MCTSBot``, noting how many simulations its last search ran: it stops early
    once it has solved the root, short of the simulations it was allowed."""

    simulations_run = 0

    def mcts_search(self, state: Any) -> Any:
        root = super().mcts_search(state)
        self.simulations_run = int(root.explore_count)
        return root


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
            self.bot = CountingMCTSBot(game, UCT_C, FIRST_SIMULATIONS, evaluator, random_state=rng)

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
        # ISMCTSBot always runs all it is allowed; MCTSBot stops once it has solved the root.
        run = getattr(self.bot, "simulations_run", simulations)
        if run >= simulations:
            # Only a search that ran its budget measures the rate: one stopped early (a few
            # simulations in no time) would overstate it, and the next search, allowed that rate
            # times the budget, could run for minutes.
            rate = run / max(spent, 1e-6)
            self.rate = (
                rate if self.rate is None else (1 - SMOOTHING) * self.rate + SMOOTHING * rate
            )
        self.owed += self.seconds - spent
        clock.add(spent, run)
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
    spec = agent_spec or _timed(heuristics.best_agent(game_name), seconds)
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


def _jobs_per_game(game_name: str) -> int:
    """A cooperative game plays each seed twice (the langbord agent's, then OpenSpiel's)."""
    return 2 if langbord.load(game_name).info.cooperative else 1


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
    game_name: str,
    players: int,
    games: int,
    seconds: float,
    seed: int,
    agent: str | None,
    start: int = 0,
) -> list[tuple[str, int, float, int, list[bool], str | None]]:
    """Games ``start + 1`` to ``start + games`` of a run: seat-rotated, or for a cooperative game
    each seed twice."""
    cooperative = _jobs_per_game(game_name) == 2
    result = []
    for g in range(start, start + games):
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
    start: int = 0,
) -> list[str]:
    """Play games ``start + 1`` to ``start + games`` and return the report's lines (printed as
    they come when ``echo``)."""
    todo = jobs(game_name, players, games, seconds, seed, agent, start)
    first = start * _jobs_per_game(game_name)  # the run's games (jobs) before these
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
                say(f"game {first + k + 1}: langbord in {where}, returns {shares}")
            else:
                wins[False] += outcome.returns[0]
                say(f"game {first + k + 1}: OpenSpiel in every seat, returns {shares}")
    say(_summary(game_name, players, games, seconds, wins, ours, theirs))
    return lines


def _summary(
    game_name: str,
    players: int,
    games: int,
    seconds: float,
    wins: dict[bool, float],
    ours: Clock,
    theirs: Clock,
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


_GAME_LINE = re.compile(
    r"game (\d+): (?:langbord in (?:every seat|seat (\d+))|(OpenSpiel) in every seat),"
    r" returns ([-\d. ]+)"
)
_CLOCKS = re.compile(
    r"; langbord ([\d.]+) s a decision \((\d+)\),"
    r" OpenSpiel ([\d.]+) s \((\d+), (\d+) simulations\)$"
)
_COMMAND = "command: python benchmarks/openspiel_arena.py "


class MergeError(Exception):
    """A report that cannot be merged: the message says which and why."""


@dataclass
class Part:
    """One saved report of ``--start``'s part of a run."""

    path: str
    args: argparse.Namespace
    wins: dict[bool, float]
    ours: Clock
    theirs: Clock
    command: str


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="openspiel_arena.py", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="play games START+1 to START+GAMES")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--agent", default=None, help="a langbord spec instead of the best agent")
    parser.add_argument(
        "--merge", nargs="+", metavar="REPORT", help="add saved reports of a run's parts up"
    )
    return parser


def read_part(path: str) -> Part:
    """The figures of one finished report, or ``MergeError``."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise MergeError(f"{path}: cannot be read ({e})") from None
    commands = [line for line in lines if line.startswith(_COMMAND)]
    if not commands:
        raise MergeError(f"{path}: no 'command:' line; is it a finished report of this script?")
    command = commands[-1].removeprefix("command: ").split(";")[0]
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            args = _parser().parse_args(shlex.split(command)[2:])
    except (SystemExit, ValueError):
        raise MergeError(f"{path}: its command line cannot be read: {command}") from None
    if args.merge or args.game is None:
        raise MergeError(f"{path}: is a merged report; merge its parts instead")
    try:
        game = langbord.load(args.game, **({"players": args.players} if args.players else {}))
    except langbord.LangbordError as e:
        raise MergeError(f"{path}: its command's game cannot be loaded: {e}") from None
    args.players = game.num_players()
    per_game = _jobs_per_game(args.game)
    wins = {True: 0.0, False: 0.0}
    numbers = []
    for line in lines:
        match = _GAME_LINE.fullmatch(line)
        if match is None:
            continue
        number, seat, theirs, shares = match.groups()
        try:
            returns = [float(r) for r in shares.split()]
            won = returns[0] if theirs or seat is None else returns[int(seat)]
        except (ValueError, IndexError):
            raise MergeError(f"{path}: a game line cannot be read: {line}") from None
        numbers.append(int(number))
        wins[not theirs] += won
    first = args.start * per_game
    expected = list(range(first + 1, first + args.games * per_game + 1))
    if numbers != expected:
        raise MergeError(
            f"{path}: holds games {_span(numbers)}, but its command plays {_span(expected)}"
        )
    results = [line for line in lines if line.startswith("result ")]
    clocks = _CLOCKS.search(results[-1]) if results else None
    if clocks is None:
        raise MergeError(f"{path}: no 'result' line with both sides' seconds a decision")
    our_s, our_n, their_s, their_n, sims = clocks.groups()
    ours = Clock(int(our_n), float(our_s) * int(our_n))
    theirs = Clock(int(their_n), float(their_s) * int(their_n), int(sims) * int(their_n))
    return Part(path, args, wins, ours, theirs, command)


def _span(numbers: list[int]) -> str:
    return f"{numbers[0]}-{numbers[-1]}" if numbers else "none"


def merge(paths: list[str]) -> list[str]:
    """The result of a run played in parts (``--start``) from the parts' saved reports."""
    parts = sorted((read_part(path) for path in paths), key=lambda part: part.args.start)
    head = parts[0].args
    for part in parts[1:]:
        for key in ("game", "players", "seconds", "seed", "agent"):
            if getattr(part.args, key) != getattr(head, key):
                raise MergeError(
                    f"{part.path}: its {key} is {getattr(part.args, key)}, but"
                    f" {parts[0].path}'s is {getattr(head, key)}; they are not parts of one run"
                )
    covered = 0
    for part in parts:
        if part.args.start != covered:
            what = "overlaps" if part.args.start < covered else "leaves out games before it"
            raise MergeError(
                f"{part.path}: starts after game {part.args.start}, so it {what}"
                f" (the parts before it end at game {covered})"
            )
        covered += part.args.games
    wins = {True: 0.0, False: 0.0}
    ours, theirs = Clock(), Clock()
    for part in parts:
        wins[True] += part.wins[True]
        wins[False] += part.wins[False]
        ours.merge(part.ours)
        theirs.merge(part.theirs)
    lines = [
        f"part {part.path}: games {part.args.start + 1}-{part.args.start + part.args.games},"
        f" {part.command}"
        for part in parts
    ]
    lines.append(_summary(head.game, head.players, covered, head.seconds, wins, ours, theirs))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    command = shlex.join(["python", "benchmarks/openspiel_arena.py", *(argv or sys.argv[1:])])
    if args.merge:
        if args.game is not None:
            parser.error("--merge takes saved reports, not a game")
        try:
            lines = merge(args.merge)
        except MergeError as e:
            parser.error(str(e))
        for line in lines:
            print(line)
        print(f"merged by: {command}")
        return 0
    if args.game is None:
        parser.error("name a game, or --merge saved reports")
    if args.games < 1 or args.start < 0 or args.workers < 1 or not args.seconds > 0:
        parser.error(
            "--games and --workers must be at least 1, --start at least 0, --seconds above 0"
        )
    try:
        players = args.players or langbord.load(args.game).num_players()
    except langbord.LangbordError as e:
        parser.error(str(e))
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    run(
        args.game,
        players,
        args.games,
        args.seconds,
        args.seed,
        args.workers,
        args.agent,
        start=args.start,
    )
    print(
        f"command: {command}; started {started}, load average {load} at start,"
        f" {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end; {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())
