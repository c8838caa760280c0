"""Learn the weights of Skoventyr's quick policy for a setting of the modules, by the
cross-entropy method on the policy's own games.

    python benchmarks/tune_policy.py lygtemands --generations 12 --population 24 --games 400
    python benchmarks/tune_policy.py both --players 1,2 --workers 2

The policy (``strategy.policy``) scores every action with hand-set weights (``strategy.P``),
checked in the standard game. With a module the same weights must also decide when to Rally a
Lygtemand and which, what an Involve is worth and whether a Rescue's damaged Tree is worth the
Ally it frees. This script learns the setting's weights from play:

- each generation samples ``--population`` weight vectors around the current mean (a normal
  distribution per weight; the mean itself is always one of them) and plays each the same
  ``--games`` deals (common seeds in a generation, new seeds every generation), every seat the
  policy;
- a vector's score is its win rate plus ``--progress`` times the share of Minion strength its
  games defeated (``strategy.progress``), a smoother signal while few games are won;
- the best ``--elite`` vectors give the next mean and spread (the spread never falls below
  ``--floor`` of a weight's size, so the search does not freeze).

The search starts from the setting's current weights (``strategy.PARAMS``), or from another
setting's with ``--from`` (both modules from the Lygtemands', say).

At the end the learned weights and the weights the search started from play ``--check``
held-out deals (seeds from 1,000,000) at every player count of ``--check-players`` (default
``--players``), and both win rates are printed with 95% Wilson intervals. The learned weights
are printed as the entry for ``strategy.LEARNED``; the report (with the command, the date and
the load) is appended to ``--out``. With ``--save`` the learned weights replace the setting's
entry in ``skoventyr_weights.json`` (the policy's data, beside its module), with the command,
the date and the held-out figures, but only if they won more of the held-out deals than the
start at every player count checked; otherwise nothing is saved.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import langbord
from langbord.agents.heuristics import skoventyr as strategy
from langbord.core.game import CHANCE
from langbord.core.runner import sample_chance
from langbord.engines.skoventyr.rules import SkoventyrState
from langbord.sim.stats import wilson

RESULTS = Path(__file__).parent / "results" / "skoventyr-policy.txt"
WEIGHTS = Path(strategy.__file__).parent / strategy.WEIGHTS_FILE
MODULES = {"standard": (False, False), **strategy.MODULES}
MODULE_KEYS = {
    "lygtemands": {"rally", "rally_value", "rally_card", "rally_plan", "involve1", "involve2"},
    "rescue": {"rescue_second", "plan_hostage", "rescue_base", "rescue_hand", "rescue_stuck"},
}
"""The weights only a module's actions read: left alone when the module is out."""
CHECK_SEED = 1_000_000
"""The held-out deals start here (the generations use seeds below it)."""

Job = tuple[tuple[bool, bool], dict[str, float], int, int, int]
"""The modules, the weights, the players, the first seed and the number of games."""


def play(job: Job) -> tuple[int, float]:
    """Games with every seat the policy under ``weights``: the wins and the summed progress."""
    modules, weights, players, first, games = job
    lygtemands, rescue = modules
    game = langbord.load("skoventyr", players=players, lygtemands=lygtemands, rescue=rescue)
    wins, progress = 0, 0.0
    kept = strategy.PARAMS[modules]
    strategy.PARAMS[modules] = weights  # the setting's shipped weights come back after
    try:
        for seed in range(first, first + games):
            state = game.new_initial_state()
            assert isinstance(state, SkoventyrState)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(strategy.policy(state, rng))
            wins += state.returns()[0] > 0
            progress += strategy.progress(state)
    finally:
        strategy.PARAMS[modules] = kept
    return wins, progress


def chunks(first: int, games: int, parts: int) -> list[tuple[int, int]]:
    """``games`` seeds from ``first`` in ``parts`` runs (first seed, count)."""
    size = -(-games // parts)
    return [(s, min(size, first + games - s)) for s in range(first, first + games, size)]


class Evaluator:
    """Plays weight vectors' games, on worker processes when there are several."""

    def __init__(self, modules: tuple[bool, bool], workers: int) -> None:
        self.modules = modules
        self.workers = workers
        self.pool = ProcessPoolExecutor(workers) if workers > 1 else None

    def run(
        self, vectors: list[dict[str, float]], players: int, first: int, games: int
    ) -> list[tuple[float, float]]:
        """Each vector's win rate and mean progress over the same deals."""
        parts = chunks(first, games, self.workers)
        jobs: list[Job] = [
            (self.modules, weights, players, s, n) for weights in vectors for s, n in parts
        ]
        results = list(self.pool.map(play, jobs)) if self.pool else [play(j) for j in jobs]
        out = []
        for i in range(len(vectors)):
            mine = results[i * len(parts) : (i + 1) * len(parts)]
            out.append((sum(w for w, _ in mine) / games, sum(p for _, p in mine) / games))
        return out

    def close(self) -> None:
        if self.pool:
            self.pool.shutdown()


def search(
    args: argparse.Namespace, evaluator: Evaluator, start: dict[str, float], players: list[int]
) -> tuple[dict[str, float], list[str]]:
    """The cross-entropy method from ``start``; the learned weights and the log lines."""
    rng = random.Random(args.seed)
    lygtemands, rescue = evaluator.modules
    unused = (set() if lygtemands else MODULE_KEYS["lygtemands"]) | (
        set() if rescue else MODULE_KEYS["rescue"]
    )
    keys = sorted(set(start) - unused)
    mean = dict(start)
    spread = {k: max(args.sigma * abs(v), args.sigma) for k, v in start.items()}
    log: list[str] = []
    for gen in range(args.generations):
        vectors = [dict(mean)]
        for _ in range(args.population - 1):
            vectors.append({**mean, **{k: rng.gauss(mean[k], spread[k]) for k in keys}})
        scores = [0.0] * len(vectors)
        first = args.seed * 100_000 + gen * args.games
        for p in players:
            for i, (win, prog) in enumerate(evaluator.run(vectors, p, first, args.games)):
                scores[i] += (win + args.progress * prog) / len(players)
        order = sorted(range(len(vectors)), key=lambda i: -scores[i])
        elite = [vectors[i] for i in order[: args.elite]]
        for k in keys:
            values = [e[k] for e in elite]
            m = sum(values) / len(values)
            sd = (sum((v - m) ** 2 for v in values) / len(values)) ** 0.5
            mean[k] = m
            spread[k] = max(0.5 * spread[k] + 0.5 * sd, args.floor * max(abs(m), 1.0))
        line = (
            f"generation {gen + 1:2d}: mean's score {scores[0]:.3f}, best {scores[order[0]]:.3f},"
            f" elite from {scores[order[args.elite - 1]]:.3f}"
        )
        print(line, flush=True)
        log.append(line)
    return mean, log


def save(path: Path, setting: str, entry: dict[str, object]) -> None:
    """Replace ``setting``'s entry in the weights file (the others kept, in order)."""
    data = json.loads(path.read_text("utf-8")) if path.exists() else {}
    data[setting] = entry
    ordered = {name: data[name] for name in MODULES if name in data}
    path.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")


def rate(wins: float, games: int) -> str:
    low, high = wilson(wins * games, games)
    return f"{wins:6.1%} [{low:.1%}, {high:.1%}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", choices=sorted(MODULES), help="the setting of the modules")
    parser.add_argument("--players", default="1", help="player counts, comma-separated (1-4)")
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--population", type=int, default=24)
    parser.add_argument("--elite", type=int, default=6)
    parser.add_argument("--games", type=int, default=400, help="deals per vector a generation")
    parser.add_argument("--sigma", type=float, default=0.25, help="first spread, x a weight")
    parser.add_argument("--floor", type=float, default=0.05, help="least spread, x a weight")
    parser.add_argument("--progress", type=float, default=0.5, help="the score's progress weight")
    parser.add_argument("--check", type=int, default=4000, help="held-out deals at the end")
    parser.add_argument(
        "--check-players", default=None, help="player counts of the check (default --players)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--from", dest="start", choices=sorted(MODULES), help="start weights")
    parser.add_argument("--save", action="store_true", help="keep weights that win more")
    parser.add_argument("--weights", type=Path, default=WEIGHTS, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    try:
        players = [int(p) for p in args.players.split(",")]
        checked = [int(p) for p in (args.check_players or args.players).split(",")]
    except ValueError:
        parser.error("--players and --check-players take player counts such as 1,2")
    try:
        for p in {*players, *checked}:
            langbord.load("skoventyr", players=p)  # the game's own check names the range
    except ValueError as error:
        parser.error(str(error))
    if not 1 <= args.elite <= args.population or min(args.generations, args.games) < 1:
        parser.error("need 1 <= --elite <= --population, and at least one generation and game")
    modules = MODULES[args.modules]
    start = dict(strategy.PARAMS[MODULES[args.start or args.modules]])
    evaluator = Evaluator(modules, max(1, args.workers))
    began = time.time()
    try:
        learned, log = search(args, evaluator, start, players)
        command = shlex.join(sys.argv[1:] if argv is None else argv)
        lines = [
            f"# python benchmarks/tune_policy.py {command}",
            f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, load {os.getloadavg()[0]:.1f}, "
            f"{(time.time() - began) / 60:.1f} min of search",
            *log,
        ]
        held_out: dict[str, dict[str, float]] = {}
        for p in checked:
            (before, _), (after, _) = evaluator.run([start, learned], p, CHECK_SEED, args.check)
            held_out[str(p)] = {"deals": args.check, "start": before, "learned": after}
            lines.append(
                f"{args.modules}, {p} player(s), {args.check} held-out deals: "
                f"start {rate(before, args.check)}, learned {rate(after, args.check)}"
            )
    finally:
        evaluator.close()
    changed = {k: round(v, 3) for k, v in learned.items() if abs(v - start[k]) > 1e-9}
    lines.append(f"learned {modules}: {changed}")
    if args.save:
        better = all(h["learned"] > h["start"] for h in held_out.values())
        if better:
            entry = {
                "command": f"python benchmarks/tune_policy.py {command}",
                "date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
                "load": round(os.getloadavg()[0], 1),
                "minutes": round((time.time() - began) / 60, 1),
                "held_out": held_out,
                "weights": changed,
            }
            save(args.weights, args.modules, entry)
            lines.append(f"saved as the {args.modules!r} entry of {args.weights.name}")
        else:
            lines.append("not saved: the learned weights won no more held-out deals somewhere")
    print("\n".join(lines[len(log) + 2 :]))
    with args.out.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
