"""The server's bots share the machine fairly and cannot stall it: one decision per table per turn
of the queue, decisions in worker processes (or a thread, ``bot_workers=0``), and a bot that
hangs, raises, answers nonsense or whose worker is killed is cut off or replaced by the fallback
agent while every other table goes on. Every claim is checked by the order of what happened,
never by how long it took (the waits below are guards against hanging, not bounds)."""

from __future__ import annotations

import itertools
import logging
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

import langbord
from langbord.cli.main import main
from langbord.server.bots import Bots, Job, state_of
from langbord.server.config import ServerConfig
from langbord.server.service import Service
from server import bot_hooks
from server.server_process import ServerProcess

GUARD = 120.0  # seconds: only ever reached if something hangs
SLOW = "mcts:time=0.2"  # a bot that takes its time, so a game of them lasts minutes


class Recorder(logging.Handler):
    """What happened, in order: ``("move", table)`` for each committed change, and
    ``("log", level, message)`` for each line the server logged."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.events: list[tuple[str, ...]] = []
        self.guard = threading.Lock()

    def moved(self, table_id: str) -> None:
        with self.guard:
            self.events.append(("move", table_id))

    def emit(self, record: logging.LogRecord) -> None:
        with self.guard:
            self.events.append(("log", record.levelname, record.getMessage()))

    def snapshot(self) -> list[tuple[str, ...]]:
        with self.guard:
            return list(self.events)

    def moves(self, table_id: str) -> int:
        return sum(1 for e in self.snapshot() if e == ("move", table_id))

    def lines(self, *words: str) -> list[str]:
        """The logged lines that contain every one of ``words``."""
        return [e[2] for e in self.snapshot() if e[0] == "log" and all(w in e[2] for w in words)]


Start = Callable[..., tuple[Service, Recorder]]


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Start]:
    """``start(workers, seconds=10, hook=None, grace=…, url=None)``: a started service on
    ``url`` (a fresh SQLite file by default) whose bots run ``hook`` (a :mod:`bot_hooks`
    function bound to ``tmp_path``)."""
    services: list[Service] = []
    logger = logging.getLogger("langbord.server")
    recorder = Recorder()
    logger.addHandler(recorder)
    old_level = logger.level
    logger.setLevel(logging.INFO)

    def make(
        workers: int,
        seconds: float = 10.0,
        hook: Callable[..., int] | None = None,
        grace: float = 1.0,
        url: str | None = None,
    ) -> tuple[Service, Recorder]:
        config = ServerConfig(bot_workers=workers, bot_seconds=seconds)
        service = Service(
            url or f"sqlite:///{tmp_path / f'bots{len(services)}.db'}",
            on_change=recorder.moved,
            config=config,
        )
        if hook is not None:
            service.bots.decide = partial(hook, str(tmp_path))
        service.bots.grace = grace
        services.append(service)
        service.start()
        return service, recorder

    try:
        yield make
    finally:
        (tmp_path / "release").write_text("")
        for service in services:
            service.stop()
        logger.removeHandler(recorder)
        logger.setLevel(old_level)


def wait_until(what: Callable[[], Any], why: str) -> Any:
    deadline = time.monotonic() + GUARD
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"gave up waiting: {why}")


def status(service: Service, table_id: str) -> str:
    return str(service.table_json(table_id, None)["status"])


def moves_of(service: Service, table_id: str, seat: int) -> int:
    log = service.table_json(table_id, None)["log"]
    assert isinstance(log, list)
    return sum(1 for entry in log if isinstance(entry, dict) and entry["player"] == seat)


@pytest.mark.parametrize("workers", [0, 2])
def test_a_human_tables_bot_answers_while_slow_bots_play(
    start: Start, workers: int, db_url: str
) -> None:
    service, recorder = start(workers, url=db_url)
    slow = service.create_table("knarr", {"players": 4}, [SLOW] * 4)
    wait_until(lambda: recorder.moves(slow) >= 2, "the slow table's bots to start")
    table = service.create_table("skibe", {"players": 3}, ["human", "greedy", "greedy"])
    seat, _token = service.join(table, 0, "Ann")
    replies = 0
    while replies < 3:
        view = wait_until(
            lambda: (v := service.table_json(table, seat))["to_move"] == seat and v,
            "the human's turn",
        )
        slow_before = recorder.moves(slow)
        service.act(table, seat, view["legal"][0]["text"], view["move"])
        # The bots reply: the human is to move again, or the game is over.
        wait_until(
            lambda: (
                (v := service.table_json(table, seat))["to_move"] == seat or v["status"] == "over"
            ),
            "the greedy bots' reply",
        )
        replies += 1
        if status(service, table) == "over":
            break
    # All the while, the slow table was in the middle of its game, and it went on.
    assert status(service, slow) == "playing"
    wait_until(lambda: recorder.moves(slow) > slow_before, "the slow table to go on")
    assert replies == 3
    assert recorder.lines("cut off") == [] and recorder.lines("instead") == []


@pytest.mark.parametrize("workers", [0, 1])
def test_tables_take_turns(start: Start, workers: int) -> None:
    """With one decision at a time, two all-bot tables alternate, one decision each."""
    service, recorder = start(workers)
    first = service.create_table("skibe", {"players": 3}, [SLOW] * 3)
    second = service.create_table("skibe", {"players": 3}, [SLOW] * 3)
    wait_until(
        lambda: recorder.moves(first) >= 4 and recorder.moves(second) >= 4,
        "both tables to advance",
    )
    assert status(service, first) == status(service, second) == "playing"
    order = [e[1] for e in recorder.snapshot() if e[0] == "move"]
    later = order[1:]  # the first table may have moved once before the second existed
    assert all(a != b for a, b in itertools.pairwise(later)), order


def test_decisions_of_different_tables_run_at_once(start: Start, tmp_path: Path) -> None:
    """With two workers, a table's bots move while another table's decision hangs."""
    service, recorder = start(2, seconds=1.0, hook=bot_hooks.hang_once)
    stuck = service.create_table("skibe", {"players": 3}, ["greedy", "random", "random"])
    wait_until((tmp_path / "hung").exists, "the greedy decision to start")
    stuck_moves = moves_of(service, stuck, 0)
    other = service.create_table("skibe", {"players": 3}, ["random"] * 3)
    wait_until(lambda: recorder.lines("cut off", stuck), "the hung decision to be cut off")
    events = recorder.snapshot()
    cut = next(k for k, e in enumerate(events) if e[0] == "log" and "cut off" in e[2])
    assert ("move", other) in events[:cut]  # the other table moved while the decision hung
    assert ("move", stuck) not in events[:cut]
    wait_until(lambda: moves_of(service, stuck, 0) > stuck_moves, "the fallback to move")


@pytest.mark.parametrize("workers", [0, 1])
def test_a_hanging_decision_is_cut_off_and_the_worker_replaced(
    start: Start, tmp_path: Path, workers: int
) -> None:
    service, recorder = start(workers, seconds=0.5, hook=bot_hooks.hang_once, grace=0.5)
    table = service.create_table("skibe", {"players": 3}, ["greedy", "random", "random"])
    wait_until((tmp_path / "hung").exists, "the greedy decision to start")
    hung = int((tmp_path / "hung").read_text())
    # The greedy seat moves three times after it: the fallback once, then greedy again.
    wait_until(lambda: moves_of(service, table, 0) >= 3, "the greedy seat to move on")
    [cut] = recorder.lines("cut off", table)
    assert "'greedy'" in cut and "seat 0" in cut
    assert len(recorder.lines("policy moves instead", table)) == 1
    made = bot_hooks.calls(tmp_path)
    after = [pid for pid, spec in made[made.index((hung, "greedy")) + 1 :] if spec == "greedy"]
    assert after, made  # later greedy decisions were made by a worker again
    if workers:
        assert hung not in after and hung not in service.bots.worker_pids()
        with pytest.raises(ProcessLookupError):
            os.kill(hung, 0)  # the hung worker was killed
    assert status(service, table) in ("playing", "over")


@pytest.mark.parametrize("workers", [0, 1])
def test_a_bot_that_raises_is_replaced_by_the_fallback(
    start: Start, tmp_path: Path, workers: int
) -> None:
    service, recorder = start(workers, hook=bot_hooks.raise_always)
    table = service.create_table("skibe", {"players": 3}, ["greedy", "random", "random"])
    wait_until(
        lambda: moves_of(service, table, 0) >= 2 and moves_of(service, table, 1) >= 2,
        "the greedy seat and the next to move twice",
    )
    raised = recorder.lines("raised", table)
    assert len(raised) >= 2
    assert "Traceback" in raised[0] and "ValueError: greedy cannot decide" in raised[0]
    assert len(recorder.lines("policy moves instead", table)) >= 2
    assert moves_of(service, table, 1) >= 2  # the other bots decide as usual


def test_an_illegal_answer_is_replaced_by_the_fallback(start: Start) -> None:
    service, recorder = start(0, hook=bot_hooks.illegal_always)
    table = service.create_table("skibe", {"players": 3}, ["greedy", "random", "random"])
    wait_until(lambda: moves_of(service, table, 0) >= 2, "the greedy seat to move twice")
    assert len(recorder.lines("illegal action 1000000000", table)) >= 2
    assert len(recorder.lines("policy moves instead", table)) >= 2


def test_a_worker_killed_mid_decision_is_replaced(start: Start, tmp_path: Path) -> None:
    service, recorder = start(1, hook=bot_hooks.die_once)
    table = service.create_table("skibe", {"players": 3}, ["greedy", "random", "random"])
    wait_until((tmp_path / "deciding").exists, "the greedy decision to start")
    victim = int((tmp_path / "deciding").read_text())
    assert victim in service.bots.worker_pids()
    os.kill(victim, signal.SIGKILL)
    wait_until(lambda: moves_of(service, table, 0) >= 3, "the greedy seat to move on")
    [died] = recorder.lines("died", table)
    assert f"exit code {-signal.SIGKILL}" in died
    assert len(recorder.lines("policy moves instead", table)) == 1
    made = bot_hooks.calls(tmp_path)
    assert [pid for pid, _ in made[made.index((victim, "greedy")) + 1 :]]  # decided again
    assert victim not in {pid for pid, _ in made[made.index((victim, "greedy")) + 1 :]}
    assert recorder.lines("cut off") == []


def test_a_stop_that_does_not_wait_for_the_scheduler_is_quiet(start: Start, tmp_path: Path) -> None:
    """stop() closes the workers while the scheduling thread still waits on one deciding (here
    stop is kept from joining the thread first): the thread ends without taking the closed
    worker for a dead one or logging a scheduling failure."""
    service, recorder = start(1, hook=bot_hooks.hang_once)
    service.create_table("skibe", {"players": 3}, ["greedy", "random", "random"])
    wait_until((tmp_path / "hung").exists, "the greedy decision to start")
    thread = service.bots._thread
    assert thread is not None
    service.bots._thread = None  # stop() goes straight on to closing the workers
    service.stop()
    thread.join(GUARD)
    assert not thread.is_alive()
    assert recorder.lines("scheduling failed") == [] and recorder.lines("died") == []


def test_an_idle_worker_killed_costs_no_move(start: Start) -> None:
    service, recorder = start(1)
    table = service.create_table("skibe", {"players": 3}, ["human", "random", "random"])
    service.join(table, 0, "Ann")
    killed: int | None = None
    while True:
        view = wait_until(
            lambda: (v := service.table_json(table, 0))["to_move"] == 0 and v, "the human's turn"
        )
        workers = service.bots.worker_pids()
        if killed is None and workers:  # the bots have decided: kill their idle worker
            [killed] = workers
            os.kill(killed, signal.SIGKILL)
            wait_until(partial(_dead, killed), "the worker to die")
        elif killed is not None and workers and killed not in workers:
            break  # the bots decided again, in a new worker
        service.act(table, 0, view["legal"][0]["text"], view["move"])
    assert recorder.lines("instead") == []
    assert len(recorder.lines("had died")) == 1


def _dead(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


class WorkersServer(ServerProcess):
    """``langbord serve --bot-workers N``."""

    def __init__(self, url: str, log: Path, workers: int) -> None:
        super().__init__(url, log)
        self.workers = workers

    def _where(self) -> list[str]:
        return [*super()._where(), "--bot-workers", str(self.workers)]


def descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    found: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        children = [p for p, pp in parents.items() if pp == parent]
        found += children
        frontier += children
    return found


@pytest.mark.parametrize("workers", [0, 1])
def test_serve_runs_bots_in_that_many_worker_processes(tmp_path: Path, workers: int) -> None:
    server = WorkersServer(f"sqlite:///{tmp_path / 'serve.db'}", tmp_path / "serve.log", workers)
    server.start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            made = http.post(
                "/api/tables",
                json={"game": "skibe", "options": {"players": 3}, "seats": ["random"] * 3},
            )
            assert made.status_code == 201, made.text
            url = f"/api/tables/{made.json()['id']}"
            first = http.get(url).json()["move"]  # the deal was made with the table
            wait_until(lambda: http.get(url).json()["move"] >= first + 5, "the bots to play")
        assert server.process is not None
        bots = [
            pid
            for pid in descendants(server.process.pid)
            if "langbord.server.bots" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
        ]
        # With workers: the fork server and one worker forked from it; without: none.
        assert len(bots) == (2 if workers else 0), bots
    finally:
        server.stop()
    assert "Traceback" not in server.output()


def test_serve_refuses_a_bad_number_of_workers(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("-1", "many", "257"):
        assert main(["serve", "--bot-workers", bad]) == 2
        assert f"a number of workers from 0 to 256, not {bad!r}" in capsys.readouterr().err


def test_a_worker_keeps_a_tables_state_between_jobs() -> None:
    """``state_of`` goes on from the state it kept when the history grew, and starts again
    when it does not continue what it kept; either way it is the state the history gives."""
    game = langbord.load("skibe", players=3)
    played = game.new_initial_state()
    rng = random.Random(5)
    history: list[int] = []
    kept: list[object] = []
    for _ in range(3):
        for _ in range(7):
            if played.is_terminal():
                break
            action = rng.choice([a for a, _p in played.chance_outcomes()] or played.legal_actions())
            played.apply_action(action)
        history = played.history()
        job = Job("t", "skibe", {"players": 3}, history, len(history), 0, "random", 1, 1.0)
        state = state_of(job)
        assert state.history() == history and str(state) == str(played)
        kept.append(state)
    assert kept[0] is kept[1] is kept[2]  # one state, gone on with
    other = history[:4]  # an earlier state: the kept one cannot go back to it
    fresh = game.new_initial_state()
    for action in other:
        fresh.apply_action(action)
    shorter = state_of(Job("t", "skibe", {"players": 3}, other, len(other), 0, "random", 1, 1.0))
    assert shorter is not kept[0] and shorter.history() == other and str(shorter) == str(fresh)


def test_a_worker_that_cannot_start_leaves_the_move_to_the_fallback(start: Start) -> None:
    service, recorder = start(1)
    service.bots.decide = lambda job: 0  # a lambda cannot be sent to a worker process
    table = service.create_table("skibe", {"players": 3}, ["random"] * 3)
    first = moves_of(service, table, 0) + moves_of(service, table, 1)
    wait_until(
        lambda: moves_of(service, table, 0) + moves_of(service, table, 1) >= first + 3,
        "the fallback to move",
    )
    assert len(recorder.lines("no worker could be started", table)) >= 3
    assert len(recorder.lines("policy moves instead", table)) >= 3
    assert service.bots.worker_pids() == []


def test_a_wake_while_the_table_is_looked_at_is_not_lost() -> None:
    """A human's move can land while the scheduler looks at the table and finds no bot to
    move: the wake it sends then must bring the table back, or its bot would never move."""
    looked: list[str] = []
    again = threading.Event()

    def prepare(table: str) -> Job | None:
        looked.append(table)
        if len(looked) == 1:
            bots.wake(table)  # the move that makes it the bot's turn, committed meanwhile
        else:
            again.set()
        return None

    bots = Bots(prepare, lambda _job, _action: None, workers=0, seconds=1.0)
    bots.start()
    try:
        bots.wake("table")
        assert again.wait(10), "the wake during the look was lost"
    finally:
        bots.stop()
    assert looked == ["table", "table"]
