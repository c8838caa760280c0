"""Calibrate the bot levels: a seat-rotated round robin of the five levels and ``random``.

    python benchmarks/levels.py skaal skibe knarr skoventyr      # the shipped levels.json
    python benchmarks/levels.py skaal --games 30 --out /tmp/levels.json   # a quick look
    python benchmarks/levels.py --markdown                       # the README's table
    python benchmarks/levels.py skibe --spec strong=mcts:iterations=80 --out /tmp/try.json

Competitive games, at their default options and player count ``k``: game ``i`` seats the
``i mod C(6, k)``-th ``k``-subset of the six entrants, rotated by ``i div C(6, k)`` places, so
every pair meets and every entrant sits in every seat over the run. Each game's finishing ranks
(the winner first, then by score; equal is a draw) give a win, a loss or a draw for every pair
of seats; a Bradley–Terry fit over them (with one virtual draw between every pair, so a
clean sweep stays finite) gives ratings on the Elo scale (400 points: ten to one odds) with
``random`` at 0, and 95% intervals from ``--bootstrap`` fits to games drawn with replacement.

Cooperative Skoventyr has no opponents: each entrant plays the same ``--games`` seeded deals
solo, and its rating is its win rate in percent (Wilson 95% interval).

Seconds per decision are each entrant's mean wall time over its decisions in the run (this
machine's clock, under whatever load it had: the load average at the run's end is recorded
with the figures). The run
stops early once ``--minutes`` have passed (after a whole game), and records how many games
were played. ``--workers`` plays games in that many processes. ``--fast-games N`` then plays N
more games, scheduled the same way, among the entrants that do not search (under 5 ms a
decision in the round robin, or ``--fast-seconds``): they cost next to nothing, and the weak
levels, which are the closest, need them to be told apart. Where fewer entrants than seats are
that fast (four seats, with a short search as a middle level), ``--fast-seconds`` admits a
short search to them. The fast games change the field, and at Skåål they moved the whole scale
(``benchmarks/results/levels-trials.txt``), so Skåål's levels are rated without them. The fit
uses every game.
The JSON file keeps the entries of games not re-run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import os
import random
import shlex
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langbord.agents import make_agent
from langbord.agents.levels import (
    EVEN_STEP,
    LEVELS,
    evenly_spaced,
    ladder_steps,
    level_spec,
    whole,
)
from langbord.core.errors import OptionError
from langbord.core.registry import load
from langbord.sim.arena import Stopwatch, game_seed, play_seated, seated_agents
from langbord.sim.stats import wilson

OUT = Path(__file__).parent.parent / "src" / "langbord" / "agents" / "levels.json"
ENTRANTS = (*LEVELS, "random")
DEFAULT_GAMES = {"skaal": 90, "skibe": 90, "knarr": 60, "skoventyr": 30}
FAST_SECONDS = 0.005
"""Entrants under this many seconds a decision in the round robin play ``--fast-games`` (unless
``--fast-seconds`` says otherwise)."""


def schedule(entrants: int, players: int, index: int) -> list[int]:
    """The entrants (by index) in each seat of game ``index``."""
    subsets = list(itertools.combinations(range(entrants), players))
    chosen = subsets[index % len(subsets)]
    turn = index // len(subsets)
    return [chosen[(seat + turn) % players] for seat in range(players)]


def pair_results(returns: list[float], scores: list[float]) -> list[tuple[int, int, float]]:
    """``(seat a, seat b, a's share)`` for every pair of seats: 1 for a win, 0.5 a draw."""
    keys = [(returns[s], scores[s]) for s in range(len(returns))]
    pairs = []
    for a, b in itertools.combinations(range(len(keys)), 2):
        share = 1.0 if keys[a] > keys[b] else 0.0 if keys[a] < keys[b] else 0.5
        pairs.append((a, b, share))
    return pairs


def bradley_terry(games: list[list[tuple[int, int, float]]], n: int) -> list[float]:
    """Elo-scale ratings of ``n`` entrants (entrant ``n - 1`` at 0) from games of pairwise
    results ``(i, j, i's share)``, by the MM iteration (Hunter 2004) with one virtual draw
    between every pair that met."""
    wins = [[0.0] * n for _ in range(n)]
    for game in games:
        for i, j, share in game:
            wins[i][j] += share
            wins[j][i] += 1.0 - share
    met = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    for i, j in itertools.permutations(range(n), 2):
        if met[i][j] > 0:
            wins[i][j] += 0.5
    played = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            denominator = sum(
                played[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i
            )
            new.append(sum(wins[i]) / denominator if denominator else strength[i])
        scale = new[-1]
        new = [s / scale for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-9
        strength = new
        if done:
            break
    return [400 * math.log10(s) for s in strength]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def play_one(job: tuple[str, list[str], list[int], int]) -> tuple[list[int], Any, list[Any]]:
    """Game ``index`` of the run with entrants ``who`` seated: its seats, result and timings."""
    name, specs, who, seed = job
    seats = [specs[e] for e in who]
    watches = [Stopwatch(agent) for agent in seated_agents(seats, seed)]
    record = play_seated(name, {}, seats, seed, watches)
    timings = [(watch.thinking.decisions, watch.thinking.seconds) for watch in watches]
    return who, record["result"], timings


def play_all(
    name: str,
    specs: list[str],
    jobs: list[tuple[list[int], int]],
    args: argparse.Namespace,
    deadline: float,
    tally: dict[str, Any],
    label: str,
) -> None:
    """Play ``jobs`` (entrants seated, seed) with ``--workers`` processes until ``deadline``,
    adding each game's pairwise results and timings to ``tally``."""
    work = [(name, specs, who, seed) for who, seed in jobs]
    with multiprocessing.Pool(args.workers) as pool:
        for count, (who, result, timings) in enumerate(pool.imap(play_one, work), 1):
            tally["played"].append(
                [
                    (who[a], who[b], share)
                    for a, b, share in pair_results(result["returns"], result["scores"])
                ]
            )
            for seat, (decisions, seconds) in enumerate(timings):
                tally["decisions"][who[seat]] += decisions
                tally["seconds"][who[seat]] += seconds
            print(f"{name} {label} {count}: {' '.join(ENTRANTS[e] for e in who)}", flush=True)
            if time.monotonic() > deadline:
                pool.terminate()
                break


def fast_entrants(decisions: list[int], seconds: list[float], limit: float) -> list[int]:
    """The entrants whose mean seconds a decision in the round robin are under ``limit``. One
    that made no decision (too few games to seat it) has no time to judge by and is not fast."""
    return [
        e for e, (d, s) in enumerate(zip(decisions, seconds, strict=True)) if d and s / d < limit
    ]


def competitive(name: str, specs: list[str], args: argparse.Namespace) -> dict[str, Any]:
    game = load(name)
    players = game.num_players()
    deadline = time.monotonic() + args.minutes * 60
    tally: dict[str, Any] = {
        "played": [],
        "decisions": [0] * len(specs),
        "seconds": [0.0] * len(specs),
    }
    count = args.games or DEFAULT_GAMES[name]
    jobs = [(schedule(len(specs), players, i), game_seed(args.seed, i)) for i in range(count)]
    play_all(name, specs, jobs, args, deadline, tally, "game")
    full = len(tally["played"])
    # The entrants that do not search meet again in games of their own, which cost next to
    # nothing and narrow the intervals where the levels are closest.
    fast = fast_entrants(tally["decisions"], tally["seconds"], args.fast_seconds)
    if args.fast_games and len(fast) >= players:
        jobs = [
            ([fast[e] for e in schedule(len(fast), players, i)], game_seed(args.seed + 1, i))
            for i in range(args.fast_games)
        ]
        play_all(name, specs, jobs, args, math.inf, tally, "fast game")
    played = tally["played"]
    ratings = bradley_terry(played, len(specs))
    rng = random.Random(args.seed)
    samples = [
        bradley_terry([played[rng.randrange(len(played))] for _ in played], len(specs))
        for _ in range(args.bootstrap)
    ]
    entries = {
        entrant: {
            "spec": specs[e],
            "rating": round(ratings[e], 1),
            "interval": [
                round(percentile([s[e] for s in samples], 0.025), 1),
                round(percentile([s[e] for s in samples], 0.975), 1),
            ],
            "seconds": round(tally["seconds"][e] / max(1, tally["decisions"][e]), 5),
            "decisions": tally["decisions"][e],
        }
        for e, entrant in enumerate(ENTRANTS)
    }
    return {
        "measure": "rating",
        "players": players,
        "games": full,
        "fast_games": len(played) - full,
        "fast": [ENTRANTS[e] for e in fast] if args.fast_games else [],
        "entries": entries,
    }


def play_deal(job: tuple[str, list[str], int]) -> list[tuple[float, int, float]]:
    """Every entrant's solo game on one seeded deal: its return, decisions and seconds."""
    name, specs, seed = job
    out = []
    for spec in specs:
        watches = [Stopwatch(agent) for agent in seated_agents([spec], seed)]
        record = play_seated(name, {}, [spec], seed, watches)
        result: Any = record["result"]
        thinking = watches[0].thinking
        out.append((float(result["returns"][0]), thinking.decisions, thinking.seconds))
    return out


def cooperative(name: str, specs: list[str], args: argparse.Namespace) -> dict[str, Any]:
    deadline = time.monotonic() + args.minutes * 60
    wins = [0.0] * len(specs)
    decisions = [0] * len(specs)
    seconds = [0.0] * len(specs)
    games = 0
    work = [
        (name, specs, game_seed(args.seed, i)) for i in range(args.games or DEFAULT_GAMES[name])
    ]
    with multiprocessing.Pool(args.workers) as pool:
        for deal in pool.imap(play_deal, work):
            for e, (won, made, took) in enumerate(deal):
                wins[e] += won
                decisions[e] += made
                seconds[e] += took
            games += 1
            print(f"{name} deal {games}: wins {wins}", flush=True)
            if time.monotonic() > deadline:
                pool.terminate()
                break
    entries = {
        entrant: {
            "spec": specs[e],
            "rating": round(100 * wins[e] / games, 1),
            "interval": [round(100 * x, 1) for x in wilson(wins[e], games)],
            "seconds": round(seconds[e] / max(1, decisions[e]), 5),
            "decisions": decisions[e],
        }
        for e, entrant in enumerate(ENTRANTS)
    }
    return {"measure": "win rate", "players": 1, "games": games, "entries": entries}


def _ms(seconds: float) -> str:
    ms = 1000 * seconds
    return f"{ms:.0f}" if ms >= 10 else f"{ms:.2g}"


def _strength(entry: dict[str, Any], unit: str) -> str:
    """``459 [402, 534]``: a calibrated entrant's strength and interval as they are shown."""
    low, high = entry["interval"]
    return f"{whole(entry['rating'])}{unit} [{whole(low)}, {whole(high)}]"


def markdown(written: dict[str, Any]) -> str:
    """The README's list of the runs (command, games, minutes, load, date) and its table of
    every calibrated game's levels."""
    lines = []
    for name, run in written["games"].items():
        played = f"{run['games']} {'deals' if run['measure'] == 'win rate' else 'games'}"
        if run.get("fast_games"):
            played += f" and {run['fast_games']} fast games"
        cores = run.get("cores") or os.cpu_count()
        lines.append(
            f"- {load(name).info.title}: `{run['command']}` ({played} in {run['minutes']} min, "
            f"load {run['load'][0]:.1f} on {cores} cores, {run['date']})"
        )
    lines += [
        "",
        "| game (players) | games | level | spec | strength [95% interval] | ms a decision |",
        "|---|---:|---|---|---|---:|",
    ]
    for name, run in written["games"].items():
        title = f"{load(name).info.title} ({run['players']})"
        unit = "% solo wins" if run["measure"] == "win rate" else ""
        rows = [*run["levels"].items(), ("random", run["random"])]
        count = str(run["games"])
        if run.get("fast_games"):
            count += f" + {run['fast_games']}"
        for level, entry in rows:
            lines.append(
                f"| {title} | {count} | {level} | `{entry['spec']}` | "
                f"{_strength(entry, unit)} | {_ms(entry['seconds'])} |"
            )
            title = count = ""
    return "\n".join(lines)


def summary(written: dict[str, Any]) -> str:
    """Each run of ``written`` as ``levels-trials.txt`` records a trial: its command, what it
    played, every entrant's spec, strength and think time, and the steps up the ladder beginner
    to best, as multiples of the mean step, with whether each lies between half and one and a
    half times it (the spacing the levels are chosen for)."""
    lines: list[str] = []
    for run in written["games"].values():
        played = f"{run['games']} games"
        if run.get("fast_games"):
            played += f" and {run['fast_games']} fast games ({', '.join(run['fast'])})"
        if run["measure"] == "win rate":
            played = f"{run['games']} deals solo"
        cores = f" on {run['cores']} cores" if run.get("cores") else ""
        unit = "%" if run["measure"] == "win rate" else ""
        lines += [
            f"$ {run['command']}",
            f"# {played} in {run['minutes']} min, load {run['load'][0]:.1f}{cores}, {run['date']}",
        ]
        rows = [*run["levels"].items(), ("random", run["random"])]
        for level, entry in rows:
            lines.append(
                f"{level:<9} {entry['spec']:<40} {_strength(entry, unit):>18}  "
                f"{_ms(entry['seconds'])} ms a decision"
            )
        ratings = [run["levels"][level]["rating"] for level in LEVELS]
        steps, mean = ladder_steps(ratings)
        multiples = [round(step / mean, 2) if mean else math.nan for step in steps]
        verdict = "evenly spaced" if evenly_spaced(ratings) else "not evenly spaced"
        lines += [
            f"# steps {[whole(step) for step in steps]}, mean {whole(mean)}, {multiples} of the "
            f"mean: {verdict} (each step {EVEN_STEP[0]}-{EVEN_STEP[1]}x)",
            "",
        ]
    return "\n".join(lines).rstrip("\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_run", nargs="*", metavar="GAME")
    parser.add_argument("--markdown", action="store_true", help="print the README's table")
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print each run in --out as levels-trials.txt records it, steps included",
    )
    parser.add_argument("--games", type=int, default=0, help="games (deals) per game to play")
    parser.add_argument("--minutes", type=float, default=9.0, help="stop a game after these")
    parser.add_argument(
        "--fast-games",
        type=int,
        default=0,
        help="extra games among the entrants that do not search (under --fast-seconds a decision)",
    )
    parser.add_argument(
        "--fast-seconds",
        type=float,
        default=FAST_SECONDS,
        help="the most seconds a decision of an entrant in the fast games "
        f"(default {FAST_SECONDS})",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes to play games in")
    parser.add_argument(
        "--spec",
        action="append",
        default=[],
        metavar="LEVEL=SPEC",
        help="rate SPEC in LEVEL's place (to try a candidate level)",
    )
    parser.add_argument("--bootstrap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    given = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(given)
    if not 0 < args.fast_seconds <= 60:  # NaN fails this too
        parser.error(f"--fast-seconds {args.fast_seconds}: a number of seconds above 0, at most 60")
    previous = json.loads(args.out.read_text("utf-8")) if args.out.exists() else {}
    written: dict[str, Any] = {"games": previous.get("games", {})}
    if args.markdown or args.summary:
        print(markdown(written) if args.markdown else summary(written))
        return 0
    chosen = dict(pair.partition("=")[::2] for pair in args.spec)
    for level, spec in chosen.items():
        if level not in LEVELS:
            parser.error(f"--spec {level}={spec}: {level!r} is no level (one of {LEVELS})")
        try:
            make_agent(spec, 0)
        except OptionError as error:
            parser.error(f"--spec {level}={spec}: {error}")
    for name in args.games_to_run:
        game = load(name)
        specs = [chosen.get(level) or level_spec(game, level) for level in LEVELS] + ["random"]
        started = time.monotonic()
        run = (cooperative if game.info.cooperative else competitive)(name, specs, args)
        entries = run.pop("entries")
        run.update(
            {
                "options": dict(game.options),
                "command": shlex.join(["python", "benchmarks/levels.py", *given]),
                "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                "load": [round(x, 2) for x in os.getloadavg()],
                "cores": os.cpu_count(),
                "minutes": round((time.monotonic() - started) / 60, 1),
                "levels": {level: entries[level] for level in LEVELS},
                "random": entries["random"],
            }
        )
        written["games"][name] = run
        args.out.write_text(json.dumps(written, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(json.dumps({name: run}, indent=1, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
