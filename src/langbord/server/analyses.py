"""Finished games' analyses, run in the bot workers and kept in the database (``lb_analysis``).

``POST /api/tables/{id}/analysis`` queues one (:meth:`Analyses.start`): a finished game only,
one per table (asked again while it is queued, running or done: the same one). A client (an
address, as the rate limits count it) may have ``ServerConfig.analyses`` queued or running at
once (more: 429 with ``Retry-After``), the server ``analyses_total`` (more: 503). Each decision
of an analysis is one job in its client's lane of the bots' queue
(:class:`~langbord.server.bots.Bots`, under the key ``<table>#analysis``): judged in a worker
(:func:`~langbord.server.bots.examine`), and then the client's lane goes to the back of the
turn, so bot tables and other clients' analyses and hints are served between two of its
decisions, and the worker time counts against the client's share of the bots.

Finished analyses are kept up to ``analyses_kept``: beyond it, those looked at least recently
are dropped (their table shows none, and asking again computes it again).

Every report is written to the row as it comes (``done`` of ``total``); the last one writes the
whole analysis. A server that stops leaves its analyses queued or running: the next one to start
queues them again, and they go on from the decision after the last one kept. A decision whose
worker fails or runs past its time ends the analysis as failed, saying which; asked for again, a
failed analysis starts over.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any, Protocol

from langbord.agents.heuristics import best_agent
from langbord.core.errors import LangbordError
from langbord.core.game import JSON, Game, State
from langbord.server.bots import Job
from langbord.server.config import ServerConfig
from langbord.server.errors import Busy, Conflict, NotFound, TooMany, Unavailable
from langbord.server.judging import assemble, decisions
from langbord.server.store import Store
from langbord.server.store.schema import AnalysisRow, now, utc

log = logging.getLogger("langbord.server")

KEY = "#analysis"
"""The suffix of an analysis's key in the bots' queue (a table id never holds "#")."""
ACTIVE = ("queued", "running")
MIN_SECONDS, MAX_SECONDS = 0.05, 2.0
BUSY_RETRY = 30
"""Seconds a refused analysis is told to wait before asking again."""
VIEWED_EVERY = timedelta(hours=1)
"""A finished analysis's last look is written down at most this often."""


class Table(Protocol):
    """What an analysis reads of a table's cache: its game and state, under its lock."""

    @property
    def game(self) -> Game: ...
    @property
    def state(self) -> State: ...
    @property
    def status(self) -> str: ...
    @property
    def lock(self) -> AbstractContextManager[Any]: ...


class Analyses:
    """The analyses of one database (see the module), kept in ``store``; ``table(id, fresh)``
    is a table's cache (``fresh``: caught up with the database first), ``wake(key, client)``
    queues a job for the bots. ``job`` and ``done`` run on the bots' thread; the rest on
    any."""

    def __init__(
        self,
        store: Store,
        config: ServerConfig,
        table: Callable[[str, bool], Table],
        wake: Callable[[str, str], None],
    ) -> None:
        self.store = store
        self.config = config
        self.table = table
        self.wake = wake
        self._decisions: dict[str, list[int]] = {}  # table -> its decisions' indices (small)

    # ---- requests -----------------------------------------------------------------------------

    def start(self, table_id: str, seconds: float | None, client: str = "?") -> dict[str, JSON]:
        """Queues the analysis of a finished table for ``client`` (see the module); its
        progress."""
        live = self.table(table_id, True)
        with live.lock:
            over = live.status == "over" and live.state.is_terminal()
            status = live.status
            history = live.state.history()
        if not over:
            raise Conflict(f"only a finished game is analysed: this table is {status}")
        chosen = self.config.analysis_seconds if seconds is None else seconds
        chosen = min(MAX_SECONDS, max(MIN_SECONDS, chosen))
        total = len(decisions(live.game, history))
        stamp = now()
        try:
            return self._queue(table_id, live.game, chosen, total, stamp, client)
        except Conflict:  # another request made it first
            return _progress_of(self.look(table_id))

    def _queue(
        self, table_id: str, game: Game, chosen: float, total: int, stamp: datetime, client: str
    ) -> dict[str, JSON]:
        config = self.config

        def admit(yours: int, everyone: int) -> None:
            if config.analyses == 0:
                raise Busy("this server analyses no games", BUSY_RETRY)
            if yours >= config.analyses:
                raise TooMany(
                    f"your address has {yours} analyses under way, its most at once: try "
                    f"again once one is done (in about {BUSY_RETRY} s)",
                    BUSY_RETRY,
                )
            if everyone >= config.analyses_total:
                raise Busy(
                    f"the server is analysing {everyone} games already, its most at once: "
                    f"try again in {BUSY_RETRY} s",
                    BUSY_RETRY,
                )

        fresh: dict[str, Any] = {
            "status": "queued" if total else "done",
            "done": 0,
            "total": total,
            "seconds": chosen,
            "reports": [],
            "result": None if total else assemble(game, chosen, []),
            "error": None,
            "updated": stamp,
            "client": client,
            "viewed": stamp,
        }
        row = self.store.queue_analysis(table_id, client, fresh, admit, stamp)
        if row is not None:
            return _progress(row)
        self.wake(table_id + KEY, client)
        if not total:
            self.prune()
        return {"status": fresh["status"], "done": 0, "total": total}

    def look(self, table_id: str) -> dict[str, JSON]:
        """The table's analysis: ``{status, done, total, seconds, error, analysis}``, status
        ``none`` (and the rest empty) if none was asked for."""
        exists, row = self.store.analysis(table_id)
        if not exists:
            raise NotFound(f"no table {table_id!r}")
        if row is None:
            return {
                "status": "none",
                "done": 0,
                "total": 0,
                "seconds": None,
                "error": None,
                "analysis": None,
            }
        found = {
            **_progress(row),
            "seconds": row.seconds,
            "error": row.error,
            "analysis": row.result,
        }
        viewed = row.viewed
        stamp = now()
        if row.status == "done" and (viewed is None or stamp - utc(viewed) > VIEWED_EVERY):
            # A busy database: the look is noted next time.
            with contextlib.suppress(LangbordError):
                self.store.analysis_viewed(table_id, stamp)
        return found

    def prune(self) -> int:
        """Drops the finished analyses beyond ``analyses_kept``, those looked at least recently
        first (then the oldest); how many."""
        kept = self.config.analyses_kept
        dropped = self.store.prune_analyses(kept)
        if not dropped:
            return 0
        log.info("%d analyses dropped (at most %d are kept)", dropped, kept)
        return dropped

    def resume(self) -> None:
        """Queues again the analyses a stopped server left queued or running."""
        queued = self.store.requeue_analyses(now())
        for table_id, client in queued:
            self.wake(table_id + KEY, client or "?")
        if queued:
            log.info("%d analyses resumed", len(queued))

    # ---- the bots' thread ---------------------------------------------------------------------

    def job(self, key: str) -> Job | None:
        """The next decision of the analysis queued under ``key`` to judge, or None (it is
        done, failed, or gone)."""
        table_id = key.removesuffix(KEY)
        _, row = self.store.analysis(table_id)
        if row is None or row.status not in ACTIVE:
            return None
        done, total, seconds, status = row.done, row.total, row.seconds, row.status
        try:
            live = self.table(table_id, False)
        except LangbordError as exc:
            self._fail(table_id, done, f"the table cannot be read: {exc}")
            return None
        with live.lock:
            history = live.state.history()
        found = self._decisions.get(table_id)
        if found is None or len(found) != total:
            found = self._decisions[table_id] = decisions(live.game, history)
            while len(self._decisions) > 64:
                self._decisions.pop(next(iter(self._decisions)))
        if len(found) != total or done >= total:
            self._fail(table_id, done, "the game's log no longer matches its analysis")
            return None
        if status == "queued":
            self.store.analysis_running(table_id, now())
        index = found[done]
        state = live.game.new_initial_state()
        for action in history[:index]:
            state.apply_unchecked(action)
        return Job(
            table=key,
            game=live.game.name,
            options=dict(live.game.options),
            history=history,
            move=done,
            seat=state.current_player(),
            spec=best_agent(live.game),
            seed=index,
            max_seconds=seconds,
            analysis=index,
        )

    def done(self, job: Job, report: Any) -> None:
        """Keeps the report of ``job``'s decision (None: its worker failed or ran late, and the
        analysis fails); the whole analysis after the last one."""
        table_id = job.table.removesuffix(KEY)
        if not isinstance(report, dict):
            self._fail(
                table_id,
                job.move,
                f"the decision at move {job.analysis} could not be judged: its worker failed "
                "or ran past its time",
            )
            return
        game = self.table(table_id, False).game
        try:
            finished = self.store.analysis_report(
                table_id,
                job.move,
                report,
                lambda seconds, reports: assemble(game, seconds, reports),
                now(),
            )
        except Unavailable as exc:  # judged again at its next turn
            log.warning("analysis of table %s: its progress waits: %s", table_id, exc)
            return
        if finished:
            self.prune()

    def _fail(self, table_id: str, done: int, why: str) -> None:
        log.warning("analysis of table %s failed: %s", table_id, why)
        self.store.analysis_failed(table_id, done, why, now())


def _progress_of(looked: dict[str, JSON]) -> dict[str, JSON]:
    return {"status": looked["status"], "done": looked["done"], "total": looked["total"]}


def _progress(row: AnalysisRow) -> dict[str, JSON]:
    return {"status": row.status, "done": row.done, "total": row.total}
