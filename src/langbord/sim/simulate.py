"""``langbord simulate``: many bot games on all cores or on a Ray cluster, written as they finish.

A simulation is a :class:`Plan`: a game with its options, a field of agents, a number of games
and a seed. Game ``i`` is fully determined by the plan and ``i``: its seed derives from the plan's
seed and ``i``, its seats are the field rotated by ``i`` places (unless the seats are fixed), and
every agent is seeded from the game's seed and its seat. So the results are identical whatever the
backend, the number of jobs or the order in which games finish.

Every finished game is appended to a JSON-lines file (one object per game: the plan, the seats and
agents, scores, returns, winners, length and the record); a run that was interrupted continues
with ``resume=True`` and plays only the games not yet written.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from langbord.agents.specs import make_agent
from langbord.core.errors import LangbordError, OptionError
from langbord.core.registry import load
from langbord.sim.arena import game_seed, play_seated, seating

BACKENDS = ("local", "ray")


class SimulationError(LangbordError):
    """A simulation that cannot run as asked (its output file, its backend)."""


@dataclass(frozen=True)
class Plan:
    """What to simulate. ``field`` are the agents; the last one fills any seats left over."""

    game: str
    options: dict[str, Any]
    field: tuple[str, ...]
    games: int
    seed: int = 0
    fixed_seats: bool = False

    def seats(self, index: int) -> list[str]:
        """The agent spec in each seat of game ``index``."""
        players = load(self.game, **self.options).num_players()
        return seating(self.field, players, 0 if self.fixed_seats else index)

    def key(self) -> dict[str, Any]:
        """What identifies the plan in every line of its output (to refuse mixing runs)."""
        return {
            "name": self.game,
            "options": self.options,
            "field": list(self.field),
            "plan_seed": self.seed,
            "fixed_seats": self.fixed_seats,
        }


def make_plan(
    name: str,
    field_: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    fixed_seats: bool = False,
) -> Plan:
    """A checked plan: the game and options load, every agent spec is valid, games >= 1."""
    game = load(name, **(options or {}))
    if not field_:
        raise OptionError("name at least one agent")
    for spec in field_:
        make_agent(spec, 0)
    if games < 1:
        raise OptionError("--games must be at least 1")
    return Plan(game.name, dict(game.options), tuple(field_), games, seed, fixed_seats)


def play_one(plan: Plan, index: int) -> dict[str, Any]:
    """Game ``index`` of ``plan``, as the line the output file holds."""
    seats = plan.seats(index)
    seed = game_seed(plan.seed, index)
    record = play_seated(plan.game, plan.options, seats, seed)
    result = record["result"]
    assert isinstance(result, dict)
    returns = [float(r) for r in result["returns"]]
    best = max(returns)
    return {
        **plan.key(),
        "game": index,
        "seed": seed,
        "agents": seats,
        "scores": result["scores"],
        "returns": returns,
        "winners": [p for p, r in enumerate(returns) if r == best and best > 0],
        "length": len(record["actions"]),
        "record": record,
    }


def play_chunk(plan: Plan, indexes: Sequence[int]) -> list[dict[str, Any]]:
    return [play_one(plan, i) for i in indexes]


# ---- the output file ----------------------------------------------------------------------------


def read_done(plan: Plan, path: Path) -> set[int]:
    """The games of ``plan`` already in ``path``. A last line cut short by an interruption (no
    newline at its end) is removed from the file; a line of another plan, or a broken line, is
    an error that names it."""
    if not path.exists():
        return set()
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SimulationError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    *complete, partial = data.split(b"\n")
    done: set[int] = set()
    key = plan.key()
    for number, raw in enumerate(complete, start=1):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
            index = entry["game"]
            if type(index) is not int or index < 0:
                raise ValueError(index)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise SimulationError(
                f"{path}:{number}: not a game line of langbord simulate"
            ) from None
        other = {k: entry.get(k) for k in key}
        if other != key:
            raise SimulationError(
                f"{path} holds games of another simulation ({_describe(other)}), not of this "
                f"one ({_describe(key)}); choose another --out"
            )
        done.add(index)
    if partial:
        with path.open("r+b") as handle:  # the cut-short last game is played again
            handle.truncate(len(data) - len(partial))
    return done


def _describe(key: dict[str, Any]) -> str:
    return (
        f"{key.get('name')} {key.get('options')}, agents {key.get('field')}, "
        f"seed {key.get('plan_seed')}{', fixed seats' if key.get('fixed_seats') else ''}"
    )


# ---- backends -----------------------------------------------------------------------------------


def _chunks(indexes: Sequence[int], jobs: int) -> list[list[int]]:
    """Games grouped so that each task is worth sending, yet there are plenty of tasks to share
    and to report progress by."""
    size = max(1, min(8, len(indexes) // (jobs * 16)))
    return [list(indexes[i : i + size]) for i in range(0, len(indexes), size)]


def _local(plan: Plan, indexes: Sequence[int], jobs: int) -> Iterator[list[dict[str, Any]]]:
    if jobs <= 1:
        for i in indexes:
            yield [play_one(plan, i)]
        return
    chunks = _chunks(indexes, jobs)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        pending: set[Future[list[dict[str, Any]]]] = set()
        todo = iter(chunks)
        try:
            for chunk in todo:  # keep a bounded number of tasks in flight
                pending.add(pool.submit(play_chunk, plan, chunk))
                if len(pending) >= jobs * 4:
                    break
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
                    following = next(todo, None)
                    if following is not None:
                        pending.add(pool.submit(play_chunk, plan, following))
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _ray(
    plan: Plan, indexes: Sequence[int], jobs: int, address: str | None
) -> Iterator[list[dict[str, Any]]]:
    try:
        import ray
    except ImportError:
        raise SimulationError("the ray backend needs Ray: pip install 'langbord[sim]'") from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(
                num_cpus=jobs,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        started = True
    try:
        remote = ray.remote(play_chunk)
        pending = [remote.remote(plan, chunk) for chunk in _chunks(indexes, jobs)]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


# ---- running ------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What a run did: games played now, games found already written, seconds taken."""

    played: int = 0
    skipped: int = 0
    seconds: float = 0.0
    lines: list[dict[str, Any]] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def simulate(
    plan: Plan,
    out: str | Path,
    jobs: int | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    resume: bool = False,
    progress: Callable[[int, int], None] | None = None,
    keep: bool = False,
) -> Outcome:
    """Plays the games of ``plan`` not yet in ``out`` and appends each as it finishes.

    ``jobs``: processes (local) or CPUs for a local Ray (default: all cores). ``progress(done,
    total)`` is called after each game; ``keep`` also returns the lines in the outcome.
    """
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if ray_address and backend != "ray":
        raise OptionError("--ray-address goes with --backend ray")
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise OptionError("--jobs must be at least 1")
    path = Path(out)
    if path.exists() and path.stat().st_size and not resume:
        raise SimulationError(
            f"{path} already holds games: continue it with --resume, or choose another --out"
        )
    done = read_done(plan, path) if resume else set()
    todo = [i for i in range(plan.games) if i not in done]
    outcome = Outcome(skipped=len(done & set(range(plan.games))))
    results: Iterable[list[dict[str, Any]]] = (
        _ray(plan, todo, jobs, ray_address) if backend == "ray" else _local(plan, todo, jobs)
    )
    start = time.perf_counter()
    try:
        sink = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise SimulationError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    with sink:
        for lines in results:
            for line in lines:
                sink.write(json.dumps(line, ensure_ascii=False) + "\n")
                if keep:
                    outcome.lines.append(line)
            sink.flush()
            outcome.played += len(lines)
            outcome.seconds = time.perf_counter() - start
            if progress is not None:
                progress(outcome.skipped + outcome.played, plan.games)
    outcome.seconds = time.perf_counter() - start
    return outcome


def progress_bar(total: int, done: int) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A live bar on stderr (games done, games/s, time left) when stderr is a terminal; quiet
    otherwise. Returns the update callback and a closer."""
    if not sys.stderr.isatty():
        return (lambda _done, _total: None), (lambda: None)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(file=sys.stderr),
        transient=False,
    )
    task = bar.add_task("games", total=total, completed=done, rate="—")
    start = time.perf_counter()
    first = done
    bar.start()

    def update(now_done: int, _total: int) -> None:
        elapsed = time.perf_counter() - start
        rate = (now_done - first) / elapsed if elapsed > 0 else 0.0
        bar.update(task, completed=now_done, rate=f"{rate:.1f}")

    return update, bar.stop
