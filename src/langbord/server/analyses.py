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
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any, Protocol

from langbord.agents.heuristics import best_agent
from langbord.core.errors import LangbordError
from langbord.core.game import JSON, Game, State
from langbord.core.i18n import N_, SOURCE, _, language, ngettext, pgettext
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
WORDED = 64
"""Analyses whose moves are kept in words of a language other than English (the last looked
at), a language each."""

UNREADABLE = N_("the table cannot be read: {why}")
UNMATCHED = N_("the game's log no longer matches its analysis")
UNJUDGED = N_(
    "the decision at move {move} could not be judged: its worker failed or ran past its time"
)
FAILURES = (UNREADABLE, UNMATCHED, UNJUDGED)
"""Why an analysis failed: kept in the database in English, told in the language of whoever
looks (:func:`failure_words`)."""


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
        # (table, language) -> (move, action text) -> the action in words (see _in_words)
        self._worded: OrderedDict[tuple[str, str], dict[tuple[int, str], str]] = OrderedDict()
        self._worded_lock = threading.Lock()

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
            raise Conflict(
                _("only a finished game is analysed: this table is {status}").format(
                    status=_status(status)
                )
            )
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
                raise Busy(_("this server analyses no games"), BUSY_RETRY)
            if yours >= config.analyses:
                raise TooMany(
                    ngettext(  # the English as it was for 1 too: tests and clients read it
                        "your address has {count} analyses under way, its most at once: try "
                        "again once one is done (in about {wait} s)",
                        "your address has {count} analyses under way, its most at once: try "
                        "again once one is done (in about {wait} s)",
                        yours,
                    ).format(count=yours, wait=BUSY_RETRY),
                    BUSY_RETRY,
                )
            if everyone >= config.analyses_total:
                raise Busy(
                    ngettext(
                        "the server is analysing {count} game already, its most at once: "
                        "try again in {wait} s",
                        "the server is analysing {count} games already, its most at once: "
                        "try again in {wait} s",
                        everyone,
                    ).format(count=everyone, wait=BUSY_RETRY),
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
            raise NotFound(_("no table {table}").format(table=repr(table_id)))
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
            "error": failure_words(row.error) if row.error is not None else None,
            "analysis": self._in_words(table_id, row.result),
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
        _exists, row = self.store.analysis(table_id)
        if row is None or row.status not in ACTIVE:
            return None
        done, total, seconds, status = row.done, row.total, row.seconds, row.status
        try:
            live = self.table(table_id, False)
        except LangbordError as exc:
            self._fail(table_id, done, UNREADABLE.format(why=exc))
            return None
        with live.lock:
            history = live.state.history()
        found = self._decisions.get(table_id)
        if found is None or len(found) != total:
            found = self._decisions[table_id] = decisions(live.game, history)
            while len(self._decisions) > 64:
                self._decisions.pop(next(iter(self._decisions)))
        if len(found) != total or done >= total:
            self._fail(table_id, done, UNMATCHED)
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
            self._fail(table_id, job.move, UNJUDGED.format(move=job.analysis))
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
        """Ends the analysis as failed, for the reason ``why``: English (one of
        :data:`FAILURES`), as the database keeps it."""
        log.warning("analysis of table %s failed: %s", table_id, why)
        self.store.analysis_failed(table_id, done, why, now())

    # ---- in words ----------------------------------------------------------------------------

    def _in_words(self, table_id: str, result: JSON) -> JSON:
        """A finished analysis as kept (its moves in English words) with each decision's moves
        in the words of the language spoken: the words of a language other than English are
        found by replaying the game once, then kept for the next look."""
        spoken = language()
        if spoken == SOURCE or not isinstance(result, dict):
            return result
        listed = result.get("decisions")
        if not isinstance(listed, list):
            return result
        key = (table_id, spoken)
        with self._worded_lock:
            words = self._worded.get(key)
            if words is not None:
                self._worded.move_to_end(key)
        wanted = {(d["move"], d[part]) for d in listed for part in ("played", "best")}
        if words is None or not wanted <= words.keys():
            try:
                words = decision_words(self.table(table_id, False), wanted)
            except LangbordError:
                return result  # as kept: the table cannot be read now
            for unworded in wanted - words.keys():
                words[unworded] = ""  # not an action of the game: its kept words stand
            with self._worded_lock:
                self._worded[key] = words
                while len(self._worded) > WORDED:
                    self._worded.popitem(last=False)
        worded = [
            {
                **d,
                "played_words": words.get((d["move"], d["played"])) or d["played_words"],
                "best_words": words.get((d["move"], d["best"])) or d["best_words"],
            }
            for d in listed
        ]
        return {**result, "decisions": worded}


def decision_words(table: Table, wanted: set[tuple[int, str]]) -> dict[tuple[int, str], str]:
    """The ``wanted`` actions (the move number where each was, or could have been, played, and
    the action's text) in the words of the language spoken, each as its state words it: the
    table's game replayed once."""
    with table.lock:
        history = table.state.history()
        game = table.game
    ids = {text: number for number, text in enumerate(game.action_strings())}
    at: dict[int, list[str]] = {}
    for move, text in wanted:
        if isinstance(move, int) and 0 <= move < len(history) and text in ids:
            at.setdefault(move, []).append(text)
    words: dict[tuple[int, str], str] = {}
    state = game.new_initial_state()
    for move, action in enumerate(history[: max(at, default=-1) + 1]):
        for text in at.get(move, ()):
            words[move, text] = state.action_words(ids[text])
        state.apply_unchecked(action)
    return words


def failure_words(error: str) -> str:
    """Why an analysis failed (``error``, as the database keeps it: English) in the language
    spoken; an ``error`` none of :data:`FAILURES` says, as it is."""
    for failure in FAILURES:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.*)", re.escape(failure))
        said = re.fullmatch(pattern, error, re.DOTALL)
        if said is not None:
            return _(failure).format(**said.groupdict())
    return error


def _status(status: str) -> str:
    """A table's status (``open``, ``playing``, ``over``, ``abandoned``) in the words of the
    language spoken; any other as it is."""
    if status == "open":
        return pgettext("table status", "open")
    if status == "playing":
        return pgettext("table status", "playing")
    if status == "over":
        return pgettext("table status", "over")
    if status == "abandoned":
        return pgettext("table status", "abandoned")
    return status


def _progress_of(looked: dict[str, JSON]) -> dict[str, JSON]:
    return {"status": looked["status"], "done": looked["done"], "total": looked["total"]}


def _progress(row: AnalysisRow) -> dict[str, JSON]:
    return {"status": row.status, "done": row.done, "total": row.total}
