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
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from langbord.agents.heuristics import best_agent
from langbord.core.errors import LangbordError
from langbord.core.game import JSON, Game
from langbord.server.bots import Job
from langbord.server.db import AnalysisRow, TableRow, now, utc
from langbord.server.judging import assemble, decisions

if TYPE_CHECKING:
    from langbord.server.service import Service

log = logging.getLogger("langbord.server")

KEY = "#analysis"
"""The suffix of an analysis's key in the bots' queue (a table id never holds "#")."""
ACTIVE = ("queued", "running")
MIN_SECONDS, MAX_SECONDS = 0.05, 2.0
BUSY_RETRY = 30
"""Seconds a refused analysis is told to wait before asking again."""
VIEWED_EVERY = timedelta(hours=1)
"""A finished analysis's last look is written down at most this often."""


class Analyses:
    """The analyses of one service's database (see the module). ``job`` and ``done`` run on
    the bots' thread; the rest on any."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._decisions: dict[str, list[int]] = {}  # table -> its decisions' indices (small)

    # ---- requests -----------------------------------------------------------------------------

    def start(self, table_id: str, seconds: float | None, client: str = "?") -> dict[str, JSON]:
        """Queues the analysis of a finished table for ``client`` (see the module); its
        progress."""
        from langbord.server.errors import Conflict

        service = self.service
        live = service.get_live(table_id)
        if service.postgres:
            service.refresh(live)
        with live.lock:
            over = live.status == "over" and live.state.is_terminal()
            status = live.status
            history = live.state.history()
        if not over:
            raise Conflict(f"only a finished game is analysed: this table is {status}")
        chosen = service.config.analysis_seconds if seconds is None else seconds
        chosen = min(MAX_SECONDS, max(MIN_SECONDS, chosen))
        total = len(decisions(live.game, history))
        stamp = now()
        try:
            return self._queue(table_id, live.game, chosen, total, stamp, client)
        except IntegrityError:  # another request made it first
            return _progress_of(self.look(table_id))

    def _queue(
        self, table_id: str, game: Game, chosen: float, total: int, stamp: datetime, client: str
    ) -> dict[str, JSON]:
        from langbord.server.errors import Busy, TooMany

        service = self.service
        config = service.config
        with service._writing() as session:
            row = session.get(AnalysisRow, table_id)
            if row is not None and row.status != "failed":
                return _progress(row)
            if config.analyses == 0:
                raise Busy("this server analyses no games", BUSY_RETRY)
            active = select(func.count()).select_from(AnalysisRow)
            active = active.where(AnalysisRow.status.in_(ACTIVE))
            yours = session.execute(active.where(AnalysisRow.client == client)).scalar_one()
            if yours >= config.analyses:
                raise TooMany(
                    f"your address has {yours} analyses under way, its most at once: try "
                    f"again once one is done (in about {BUSY_RETRY} s)",
                    BUSY_RETRY,
                )
            everyone = session.execute(active).scalar_one()
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
            if row is None:
                session.add(AnalysisRow(table_id=table_id, created=stamp, **fresh))
            else:
                for name, value in fresh.items():
                    setattr(row, name, value)
        service.bots.wake(table_id + KEY, client)
        if not total:
            self.prune()
        return {"status": fresh["status"], "done": 0, "total": total}

    def look(self, table_id: str) -> dict[str, JSON]:
        """The table's analysis: ``{status, done, total, seconds, error, analysis}``, status
        ``none`` (and the rest empty) if none was asked for."""
        from langbord.server.errors import NotFound

        with self.service.sessions() as session:
            if session.get(TableRow, table_id) is None:
                raise NotFound(f"no table {table_id!r}")
            row = session.get(AnalysisRow, table_id)
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
            with contextlib.suppress(LangbordError), self.service._writing() as session:
                session.execute(
                    update(AnalysisRow).where(AnalysisRow.table_id == table_id).values(viewed=stamp)
                )
        return found

    def prune(self) -> int:
        """Drops the finished analyses beyond ``analyses_kept``, those looked at least recently
        first (then the oldest); how many."""
        service = self.service
        kept = service.config.analyses_kept
        with service._writing() as session:
            done = select(AnalysisRow.table_id).where(AnalysisRow.status == "done")
            count = session.execute(select(func.count()).select_from(done.subquery())).scalar_one()
            if count <= kept:
                return 0
            oldest = list(
                session.execute(
                    done.order_by(
                        func.coalesce(AnalysisRow.viewed, AnalysisRow.updated),
                        AnalysisRow.table_id,
                    ).limit(count - kept)
                ).scalars()
            )
            session.execute(delete(AnalysisRow).where(AnalysisRow.table_id.in_(oldest)))
        log.info("%d analyses dropped (at most %d are kept)", len(oldest), kept)
        return len(oldest)

    def resume(self) -> None:
        """Queues again the analyses a stopped server left queued or running."""
        service = self.service
        with service._writing() as session:
            queued = session.execute(
                select(AnalysisRow.table_id, AnalysisRow.client).where(
                    AnalysisRow.status.in_(ACTIVE)
                )
            ).all()
            ids = [table_id for table_id, _ in queued]
            if ids:
                session.execute(
                    update(AnalysisRow)
                    .where(AnalysisRow.table_id.in_(ids), AnalysisRow.status == "running")
                    .values(status="queued", updated=now())
                )
        for table_id, client in queued:
            service.bots.wake(table_id + KEY, client or "?")
        if ids:
            log.info("%d analyses resumed", len(ids))

    # ---- the bots' thread ---------------------------------------------------------------------

    def job(self, key: str) -> Job | None:
        """The next decision of the analysis queued under ``key`` to judge, or None (it is
        done, failed, or gone)."""
        service = self.service
        table_id = key.removesuffix(KEY)
        with service.sessions() as session:
            row = session.get(AnalysisRow, table_id)
            if row is None or row.status not in ACTIVE:
                return None
            done, total, seconds, status = row.done, row.total, row.seconds, row.status
        try:
            live = service.get_live(table_id)
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
            with service._writing() as session:
                session.execute(
                    update(AnalysisRow)
                    .where(AnalysisRow.table_id == table_id, AnalysisRow.status == "queued")
                    .values(status="running", updated=now())
                )
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
        from langbord.server.errors import Unavailable

        table_id = job.table.removesuffix(KEY)
        if not isinstance(report, dict):
            self._fail(
                table_id,
                job.move,
                f"the decision at move {job.analysis} could not be judged: its worker failed "
                "or ran past its time",
            )
            return
        service = self.service
        game = service.get_live(table_id).game
        try:
            with service._writing() as session:
                row = session.get(AnalysisRow, table_id)
                if row is None or row.status != "running" or row.done != job.move:
                    return  # judged already (another server process), or started over
                reports = [*row.reports, report]
                values: dict[str, Any] = {"done": job.move + 1, "reports": reports}
                if job.move + 1 >= row.total:
                    values.update(
                        status="done", result=assemble(game, row.seconds, reports), reports=[]
                    )
                session.execute(
                    update(AnalysisRow)
                    .where(AnalysisRow.table_id == table_id, AnalysisRow.done == job.move)
                    .values(updated=now(), **values)
                )
        except Unavailable as exc:  # judged again at its next turn
            log.warning("analysis of table %s: its progress waits: %s", table_id, exc)
            return
        if "result" in values:
            self.prune()

    def _fail(self, table_id: str, done: int, why: str) -> None:
        log.warning("analysis of table %s failed: %s", table_id, why)
        with self.service._writing() as session:
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id, AnalysisRow.done == done)
                .values(status="failed", error=why[:300], updated=now())
            )


def _progress_of(looked: dict[str, JSON]) -> dict[str, JSON]:
    return {"status": looked["status"], "done": looked["done"], "total": looked["total"]}


def _progress(row: AnalysisRow) -> dict[str, JSON]:
    return {"status": row.status, "done": row.done, "total": row.total}
