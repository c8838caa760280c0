"""Bot decisions for the server: scheduled fairly between tables, run apart from the request
handlers, and bounded in time.

:class:`Bots` keeps a queue of tables whose bot may be to move and takes one decision per table
per turn of the queue: a table whose bot is still to move after its decision goes to the back,
so one table of slow bots cannot silence the others. Decisions of different tables run at once,
one per worker; one table never has two at once. A finished game's analysis is queued the same
way, under its own key (the service's, ``<table>#analysis``): one decision judged per turn.

Workers are processes (``workers`` of them, started by the "forkserver" method where it exists,
else "spawn": the server has threads, so never a plain fork) or, with ``workers=0``, one thread
of the server's own process. A worker gets a :class:`Job` (the game, its options and the action
history, the seat, the agent spec, a seed and the time cap) and answers with an action; it keeps
the states of the tables it served lately, so a job usually costs only the moves since its last.

A decision that has not come back ``seconds + grace`` after it was sent is cut off: its worker
process is killed and replaced (a thread cannot be killed: it is abandoned, and a new one takes
its place), and ``finish`` is told there is no action, so the table's fallback agent moves. A
decision that raised, and a worker that died (killed by the OS), end the same way. Nothing here
waits on one table while another could be served, and nothing runs on the event loop.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import random
import signal
import socket
import threading
import time
import traceback
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, TypeAlias

from langbord.agents.heuristics import heuristics_for
from langbord.agents.specs import make_agent
from langbord.core.game import State
from langbord.core.registry import load
from langbord.server.judging import judge

log = logging.getLogger("langbord.server")

GRACE = 2.0
"""Seconds a decision may run past its cap before its worker is cut off."""
ANALYSIS_ALLOWANCE = 3.0
"""An analysis job may take this many times its seconds (a search, then the move played)."""
CACHED_TABLES = 32
"""Table states a worker keeps between jobs."""


@dataclass(frozen=True)
class Job:
    """What a worker needs to decide for ``seat`` at ``table``, move number ``move``."""

    table: str
    game: str
    options: dict[str, Any]
    history: list[int]
    move: int
    seat: int
    spec: str
    seed: int
    max_seconds: float
    hint: bool = False
    """A hint for the seat (:func:`advise`), not the bot's move: answered to whoever asked."""
    analysis: int | None = None
    """The index in ``history`` of a finished game's decision to judge (:func:`examine`), not
    the bot's move: its report goes to ``finish`` as the action does."""


Decide = Callable[[Job], int]

# ---- in the worker ------------------------------------------------------------------------------

_states: OrderedDict[str, State] = OrderedDict()


def state_of(job: Job) -> State:
    """The state after ``job.history``: from this worker's cache where it holds a prefix of it
    (the table's earlier state), else replayed from the start."""
    state = _states.pop(job.table, None)
    if state is not None:
        seen = state.history()
        if len(seen) > len(job.history) or job.history[: len(seen)] != seen:
            state = None
    if state is None:
        state = load(job.game, **job.options).new_initial_state()
    for action in job.history[len(state.history()) :]:
        state.apply_unchecked(action)
    _states[job.table] = state
    while len(_states) > CACHED_TABLES:
        _states.popitem(last=False)
    return state


def decide(job: Job) -> int:
    """The action ``job.spec`` (a spec, or a level of the game) chooses (the default work of a
    worker)."""
    agent = make_agent(job.spec, job.seed, max_seconds=job.max_seconds, game=job.game)
    return agent.step(state_of(job).clone())


def advise(job: Job) -> dict[str, Any]:
    """A hint for ``job.seat``: the action ``job.spec`` (the game's best agent) chooses on a
    re-deal of what the seat cannot see, so it knows no more than the seat does, with the
    search's estimated chance of winning (the position's evaluation where nothing was
    searched: an only choice, or an agent that does not search), and the seconds it took."""
    started = time.perf_counter()
    rng = random.Random(job.seed)
    seen = state_of(job).resample_hidden(job.seat, rng)
    agent = make_agent(job.spec, job.seed, max_seconds=job.max_seconds)
    action = agent.step(seen.clone())
    stats = getattr(agent, "last_search", None)
    searched = getattr(agent, "last_iterations", 0)
    chosen = [s for s in stats or [] if s.action == action]
    if searched and chosen:
        chance = float(chosen[0].win)
    else:
        after = seen.clone()
        after.apply_action(action)
        chance = float(heuristics_for(after.game).evaluate(after)[job.seat])
    return {
        "action": int(action),
        "win_chance": chance,
        "agent": job.spec,
        "seconds": time.perf_counter() - started,
    }


def examine(job: Job) -> dict[str, Any]:
    """The report of the finished game's decision ``job.analysis``, searched for at most about
    ``job.max_seconds`` (:func:`langbord.server.judging.judge`)."""
    assert job.analysis is not None
    return judge(job.game, job.options, job.history, job.analysis, job.max_seconds, job.seed)


def _serve(connection: Connection, work: Decide) -> None:
    """A worker's loop: a job in, ``("ok", action)`` (a hint's answer for a hint job, a
    decision's report for an analysis job) or ``("error", traceback)`` out."""
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return  # the server closed the pipe: stop
        try:
            if job.hint:
                answer: tuple[str, Any] = ("ok", advise(job))
            elif job.analysis is not None:
                answer = ("ok", examine(job))
            else:
                answer = ("ok", int(work(job)))
        except Exception:
            answer = ("error", traceback.format_exc())
        try:
            connection.send(answer)
        except (BrokenPipeError, OSError):
            return


def _process_main(connection: Connection, work: Decide, server: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    threading.Thread(target=_outlive_not, args=(server,), daemon=True).start()
    _serve(connection, work)


def _outlive_not(server: int) -> None:
    """Ends this worker once the server process ``server`` is gone, even mid-decision (a
    server killed hard leaves no one to stop it)."""
    while True:
        time.sleep(1.0)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:
            pass  # alive, as another user: not ours to judge


# ---- in the server ------------------------------------------------------------------------------


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


@dataclass
class _Worker:
    """One worker: a process (or a thread) and the pipe its jobs and answers go through."""

    connection: Connection
    process: BaseProcess | None
    tables: OrderedDict[str, None] = field(default_factory=OrderedDict)
    job: Job | None = None
    deadline: float = 0.0

    @classmethod
    def start(cls, work: Decide, context: multiprocessing.context.BaseContext | None) -> _Worker:
        ours, theirs = multiprocessing.Pipe()
        if context is None:
            threading.Thread(
                target=_serve, args=(theirs, work), name="langbord-bot", daemon=True
            ).start()
            return cls(ours, None)
        process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_process_main,
            args=(theirs, work, os.getpid()),
            name="langbord-bot",
            daemon=True,
        )
        process.start()
        theirs.close()
        return cls(ours, process)

    def send(self, job: Job, seconds: float) -> None:
        self.job = job
        self.deadline = time.monotonic() + seconds
        self.tables.pop(job.table, None)
        self.tables[job.table] = None
        while len(self.tables) > CACHED_TABLES:
            self.tables.popitem(last=False)
        self.connection.send(job)

    def alive(self) -> bool:
        return self.process is None or self.process.is_alive()

    def exitcode(self) -> int | None:
        return None if self.process is None else self.process.exitcode

    def close(self) -> None:
        """Stops the worker at once (a thread is left to end on its own)."""
        self.connection.close()
        if self.process is not None:
            self.process.kill()
            self.process.join(5)


Item: TypeAlias = "str | tuple[Job, Future[dict[str, Any]]]"
"""Queued work: a key for ``prepare``, or a hint and its asker's future."""


class Bots:
    """The bots of one server (see the module). ``prepare(key)`` gives the job queued under
    ``key`` (a table's bot decision, or the next decision of some other work such as an
    analysis), or None if there is none; ``finish(job, action)`` commits the action (None: the
    decision failed or was cut off, the fallback agent moves; for an analysis job, the
    decision's report or None). Both run on this object's thread and are given one key at a
    time; ``wake(key)`` and ``ask(job)`` may be called from any thread.

    Work takes turns by *lane*: a table's bot is a lane of its own, and the work a client
    asked for (``client=`` of :meth:`wake` and :meth:`ask`: hints and analyses) is one lane per
    client, whatever the tables. The lanes are served round-robin, one decision each, and a
    lane never has two decisions under way at once; clients' work holds at most
    ``slots - 1`` workers at once (all of them with one worker), so one client's work can
    delay another table's bot by at most one decision, and a flood of hints never holds every
    worker while a bot waits. ``charge(client, seconds)``, if set, is told the worker time each
    decision of a client's work took (run on this object's thread).

    ``decide`` (what a worker runs; it must be importable by a worker process) and ``grace`` may
    be set before the first decision."""

    def __init__(
        self,
        prepare: Callable[[str], Job | None],
        finish: Callable[[Job, Any], None],
        workers: int,
        seconds: float,
    ) -> None:
        self.prepare = prepare
        self.finish = finish
        self.slots = max(1, workers)
        self.processes = workers > 0
        self.seconds = seconds
        self.grace = GRACE
        self.decide: Decide = decide
        self.charge: Callable[[str, float], None] | None = None
        self._context: multiprocessing.context.BaseContext | None = None
        self._workers: list[_Worker] = []
        self._lanes: OrderedDict[str, deque[Item]] = OrderedDict()  # lane -> its queued work
        self._lane_of: dict[str, str] = {}  # a queued or deciding key -> its lane
        self._under_way: set[str] = set()  # lanes with a decision under way (one at most)
        self._queued: set[str] = set()
        self._busy: set[str] = set()
        self._rung: set[str] = set()  # woken while deciding: looked at again afterwards
        self._answers: dict[int, Future[dict[str, Any]]] = {}  # id(job) -> its asker
        self._sent: dict[int, tuple[str, float]] = {}  # id(job) -> (its lane, when it was sent)
        self._cancelled: set[int] = set()  # id(job) of hints whose asker left while they ran
        self._lock = threading.Lock()
        self._bell: socket.socket | None = None  # rung by wake(): the thread waits on it
        self._ringer: socket.socket | None = None
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # ---- any thread ---------------------------------------------------------------------------

    def wake(self, key: str, client: str | None = None) -> None:
        """Queues ``key`` (a table's bot, or ``client``'s work under that key) at the back of
        its lane; nothing if it is queued; once its decision is done if it is deciding (the
        change that woke it may have come after the look)."""
        with self._lock:
            if key in self._busy:
                self._rung.add(key)
                return
            if key in self._queued:
                return
            lane = _lane(key, client)
            self._queued.add(key)
            self._lane_of[key] = lane
            self._lanes.setdefault(lane, deque()).append(key)
        self._ring()

    def ask(self, job: Job, client: str) -> Future[dict[str, Any]]:
        """Queues a hint job (``job.hint``) in ``client``'s lane; its future gets
        :func:`advise`'s answer, or an exception if the worker failed, died or ran past
        ``seconds + grace``. Cancelling the future (:meth:`cancel`) drops the job."""
        future: Future[dict[str, Any]] = Future()
        with self._lock:
            self._lanes.setdefault(_lane(job.table, client), deque()).append((job, future))
        self._ring()
        return future

    def cancel(self, future: Future[dict[str, Any]]) -> None:
        """Drops the hint whose answer is ``future`` (its asker has gone): taken out of its
        lane if it waits there, cut off (its worker replaced) if it is being searched."""
        with self._lock:
            for lane, items in list(self._lanes.items()):
                for item in items:
                    if isinstance(item, tuple) and item[1] is future:
                        items.remove(item)
                        if not items:
                            del self._lanes[lane]
                        future.cancel()
                        return
            for ident, asker in self._answers.items():
                if asker is future:
                    self._cancelled.add(ident)
                    break
        future.cancel()
        self._ring()

    def waiting(self, client: str) -> int:
        """The hints and other work of ``client`` queued or under way."""
        lane = CLIENT_LANE + client
        with self._lock:
            return len(self._lanes.get(lane, ())) + (lane in self._under_way)

    def start(self) -> None:
        """Starts the scheduling thread; workers start when there is a decision to make."""
        self._bell, self._ringer = socket.socketpair()
        self._bell.setblocking(False)
        self._ringer.setblocking(False)
        self._thread = threading.Thread(target=self._run, name="langbord-bots", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stops scheduling and the workers (a decision under way is dropped: its table is
        queued again when a server starts)."""
        self._stopping.set()
        self._ring()
        if self._thread is not None:
            self._thread.join(10)
        for worker in self._workers:
            worker.close()
        self._workers.clear()
        with self._lock:
            queued = [item for items in self._lanes.values() for item in items]
            waiting = [item[1] for item in queued if isinstance(item, tuple)]
            waiting += self._answers.values()
            self._lanes.clear()
            self._answers.clear()
        for future in waiting:
            _settle(future, RuntimeError("the server is stopping"))
        for end in (self._bell, self._ringer):
            if end is not None:
                end.close()

    def allowed(self, job: Job) -> float:
        """The seconds ``job`` may take before its worker is cut off."""
        if job.analysis is not None:
            return max(self.seconds, ANALYSIS_ALLOWANCE * job.max_seconds) + self.grace
        return self.seconds + self.grace

    def worker_pids(self) -> list[int]:
        """The process ids of the worker processes (one that died is listed until it is
        noticed: when it would be given a job)."""
        return [w.process.pid for w in list(self._workers) if w.process and w.process.pid]

    def _ring(self) -> None:
        if self._ringer is None:
            return  # not started: the thread looks at the queue when it starts
        with contextlib.suppress(OSError):  # full: it rings already; closed: stopping
            self._ringer.send(b"\0")

    # ---- the scheduling thread ----------------------------------------------------------------

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self._dispatch()
                self._collect()
            except Exception:  # the bots of every table depend on this loop: never let it end
                log.exception("bot scheduling failed; going on")
                time.sleep(0.1)

    def _dispatch(self) -> None:
        """Sends the work at the front of the lanes to idle workers while both are there."""
        while not self._stopping.is_set():
            with self._lock:
                if self._deciding() >= self.slots:
                    return
                picked = self._pick()
                if picked is None:
                    return
                lane, item = picked
                self._under_way.add(lane)
                if isinstance(item, str):
                    self._queued.discard(item)
                    self._busy.add(item)
            if isinstance(item, tuple):
                self._send_ask(lane, *item)
                continue
            table = item
            try:
                job = self.prepare(table)
            except Exception:
                log.exception("bot at table %s: could not prepare its decision", table)
                job = None
            if job is None:
                self._release(table, again=False)
                continue
            with self._lock:
                self._sent[id(job)] = (lane, time.monotonic())
            try:
                worker = self._worker_for(table)
            except Exception:  # e.g. no process can be started: the table goes on without
                log.exception("bot %r at table %s: no worker could be started", job.spec, table)
                self._finish(job, None)
                continue
            try:
                worker.send(job, self.allowed(job))
            except (BrokenPipeError, OSError):
                self._lost(worker, "its worker was gone")

    def _pick(self) -> tuple[str, Item] | None:
        """The next lane's first item (under the lock): the first lane in turn with nothing
        under way, clients' lanes only while they hold fewer than their share of the workers.
        (A lane goes to the back of the turn when its decision is done: :meth:`_done`.)"""
        clients_cap = max(1, self.slots - 1)
        clients = sum(1 for lane in self._under_way if _is_client(lane))
        for lane, items in self._lanes.items():
            if lane in self._under_way:
                continue
            if _is_client(lane) and clients >= clients_cap:
                continue
            item = items.popleft()
            if not items:
                del self._lanes[lane]
            return lane, item
        return None

    def _send_ask(self, lane: str, job: Job, future: Future[dict[str, Any]]) -> None:
        """Sends a hint job to an idle worker (one that holds its table's state if any)."""
        with self._lock:
            self._answers[id(job)] = future
            self._sent[id(job)] = (lane, time.monotonic())
        try:
            worker = self._worker_for(job.table)
        except Exception:
            log.exception("a hint at table %s: no worker could be started", job.table)
            self._finish(job, None)
            return
        try:
            worker.send(job, self.allowed(job))
        except (BrokenPipeError, OSError):
            self._lost(worker, "its worker was gone")

    def _deciding(self) -> int:
        return sum(1 for w in self._workers if w.job is not None)

    def _worker_for(self, table: str) -> _Worker:
        for worker in [w for w in self._workers if w.job is None and not w.alive()]:
            log.warning("a bot worker had died (exit code %s); replacing it", worker.exitcode())
            worker.close()
            self._workers.remove(worker)
        idle = [w for w in self._workers if w.job is None]
        for worker in idle:
            if table in worker.tables:
                return worker  # it holds the table's state
        if idle:
            return idle[0]
        if self.processes and self._context is None:
            self._context = _context()
        worker = _Worker.start(self.decide, self._context if self.processes else None)
        self._workers.append(worker)
        return worker

    def _collect(self) -> None:
        """Waits for an answer, a dead worker, a late decision or a wake-up, and handles them."""
        busy = [w for w in self._workers if w.job is not None]
        timeout = max(
            0.0, min((w.deadline for w in busy), default=time.monotonic() + 60.0) - time.monotonic()
        )
        bell = self._bell
        assert bell is not None
        watched: list[Any] = [bell]
        for worker in busy:
            watched.append(worker.connection)
            if worker.process is not None:
                watched.append(worker.process.sentinel)
        ready = wait(watched, timeout)
        if self._stopping.is_set():
            return  # stop() closes the workers and drops their decisions
        if bell in ready:
            with contextlib.suppress(OSError):  # BlockingIOError: no more to read
                while bell.recv(4096):
                    pass
        with self._lock:
            cancelled, self._cancelled = self._cancelled, set()
        for worker in busy:
            job = worker.job
            if job is None or worker not in self._workers:
                continue  # ended meanwhile
            if id(job) in cancelled and worker.connection not in ready:
                log.info("a hint at table %s: its asker left; cut off", job.table)
                self._lost(worker, None)
                continue
            if worker.connection in ready:
                try:
                    kind, value = worker.connection.recv()
                except (EOFError, OSError):
                    if worker.process is not None:
                        worker.process.join(1.0)
                    self._lost(worker, f"its worker died (exit code {worker.exitcode()})")
                    continue
                worker.job = None
                if kind == "ok":
                    self._finish(job, value)
                else:
                    log.error(
                        "bot %r at table %s seat %d raised:\n%s",
                        job.spec,
                        job.table,
                        job.seat,
                        value,
                    )
                    self._finish(job, None)
            elif worker.process is not None and worker.process.sentinel in ready:
                self._lost(worker, f"its worker died (exit code {worker.exitcode()})")
            elif time.monotonic() >= worker.deadline:
                log.warning(
                    "bot %r at table %s seat %d: no decision within %g s; cut off",
                    job.spec,
                    job.table,
                    job.seat,
                    self.allowed(job),
                )
                self._lost(worker, None)

    def _lost(self, worker: _Worker, why: str | None) -> None:
        """Ends ``worker`` (a new one starts when needed) and lets the fallback move for it."""
        job = worker.job
        worker.close()
        if worker not in self._workers:
            return  # already ended (by stop())
        self._workers.remove(worker)
        if job is None:
            return
        if why is not None:
            log.warning("bot %r at table %s seat %d: %s", job.spec, job.table, job.seat, why)
        self._finish(job, None)

    def _finish(self, job: Job, action: Any) -> None:
        with self._lock:
            lane, sent = self._sent.pop(id(job), ("", 0.0))
            if lane:
                self._done(lane)
        if lane and _is_client(lane) and self.charge is not None:
            try:
                self.charge(lane.removeprefix(CLIENT_LANE), time.monotonic() - sent)
            except Exception:
                log.exception("could not count a client's bot time")
        if job.hint:  # answered to its asker; no table is deciding
            with self._lock:
                future = self._answers.pop(id(job), None)
                self._cancelled.discard(id(job))
            if future is not None:
                if action is None:
                    _settle(future, RuntimeError("the hint's worker failed or ran late"))
                else:
                    _settle(future, action)
            return
        try:
            self.finish(job, action)
        except Exception:
            log.exception("bot at table %s: could not commit its move", job.table)
        self._release(job.table, again=True)

    def _done(self, lane: str) -> None:
        """(Under the lock.) A decision of ``lane`` is done: the lane goes to the back of the
        turn, behind every lane that waited meanwhile."""
        self._under_way.discard(lane)
        if lane in self._lanes:
            self._lanes.move_to_end(lane)

    def _release(self, key: str, again: bool) -> None:
        """``key`` is no longer deciding; ``again``: to the back of its lane."""
        with self._lock:
            lane = self._lane_of.pop(key, key)
            self._busy.discard(key)
            if not again:  # prepare() found nothing to do
                self._done(lane)
            if key in self._rung:
                self._rung.discard(key)
                again = True
        if again:
            client = lane.removeprefix(CLIENT_LANE) if _is_client(lane) else None
            self.wake(key, client)


CLIENT_LANE = "@"
"""The prefix of a client's lane (a table id never holds "@")."""


def _lane(key: str, client: str | None) -> str:
    return key if client is None else CLIENT_LANE + client


def _is_client(lane: str) -> bool:
    return lane.startswith(CLIENT_LANE)


def _settle(future: Future[dict[str, Any]], outcome: Any) -> None:
    """Gives ``future`` its result (an exception: its exception), unless it was cancelled."""
    with contextlib.suppress(InvalidStateError):  # cancelled meanwhile: nobody waits
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)
