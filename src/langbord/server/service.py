"""The tables of one database, independent of HTTP: the parts built and wired together.

:class:`Service` builds the store, the live tables (:mod:`langbord.server.tables`, which only
replay and lock), the feature modules (:mod:`langbord.server.features`: lifecycle, moves,
take-back, chat, rematch, hints, why-not, looking), the analyses and the bots, and hands each
part what it needs: the parts never reach the service nor each other. What the HTTP layer, the
hub and the bots call is the service's, each name one part's own method, so that they hold one
object and a route names the operation it runs.

The service alone joins what the parts leave open: the bots' queue asks it for a job and gives
it an answer (a table's bot decision goes to the moves, a decision of an analysis to the
analyses), another server process's change is caught up in the cache and told, and a table
looked up in the cache is shown to the lifecycle, which closes it if abandoned.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any

from langbord.core.game import JSON
from langbord.server.analyses import KEY as ANALYSIS_KEY
from langbord.server.analyses import Analyses
from langbord.server.bots import Bots, Job
from langbord.server.config import ServerConfig
from langbord.server.features.chat import Chat
from langbord.server.features.hints import Hints
from langbord.server.features.lifecycle import Lifecycle
from langbord.server.features.looking import Looking
from langbord.server.features.moves import Moves
from langbord.server.features.rematch import Rematch
from langbord.server.features.takeback import Takeback
from langbord.server.features.why import Why
from langbord.server.opening import Opener
from langbord.server.store import open_store
from langbord.server.store.schema import now
from langbord.server.tables import Live, Tables
from langbord.server.views import agent_specs, catalogue, rules_json


class Service:
    """The tables of one database. Thread-safe; ``on_change(table_id)`` is called (from any
    thread) after every committed change, ``clock()`` stamps every change; both may be replaced
    after it is built."""

    def __init__(
        self,
        url: str,
        on_change: Callable[[str], None] | None = None,
        config: ServerConfig | None = None,
    ) -> None:
        self.url = url
        self.config = config or ServerConfig()
        self.store = open_store(url, self.config.write_wait_seconds, self.config.sqlite_sync)
        self.on_change = on_change or (lambda _id: None)
        self.clock: Callable[[], datetime] = now
        self.rng = random.SystemRandom()  # chance: unpredictable, never seeded by a client
        self.tables = Tables(self.store, self.config.live_tables, self.config.write_wait_seconds)
        self.bots = Bots(
            self._prepare,
            self._finished,
            workers=self.config.bot_workers,
            seconds=self.config.bot_seconds,
        )
        self.analyses = Analyses(self.store, self.config, self.tables.table, self.bots.wake)

        def clock() -> datetime:
            return self.clock()

        def changed(table_id: str) -> None:
            self.on_change(table_id)

        def wake(table_id: str) -> None:
            self.bots.wake(table_id)

        seconds = self.config.bot_seconds
        opener = Opener(self.store, seconds, clock, self.rng, wake)
        tables, store, config = self.tables, self.store, self.config
        self.lifecycle = Lifecycle(tables, store, config, opener, clock, changed, wake)
        self.moves = Moves(tables, store, config, clock, self.rng, changed, wake)
        self.takeback = Takeback(tables, store, config, clock, changed, wake)
        self.chats = Chat(tables, store, config, clock, changed)
        self.rematches = Rematch(tables, opener, changed)
        self.hints = Hints(tables, self.bots, seconds, self.rng)
        self.whys = Why(tables)
        self.looking = Looking(tables)
        self.tables.looked_up = self.lifecycle.look

        # What the routes, the hub and the bots call: each one part's own method.
        self.get_live = self.tables.get
        self.refresh = self.tables.refresh
        self.create_table = self.lifecycle.create_table
        self.create = self.lifecycle.create
        self.join = self.lifecycle.join
        self.seat_of = self.lifecycle.seat_of
        self.lobby = self.lifecycle.lobby
        self.finished = self.lifecycle.finished
        self.sweep_abandoned = self.lifecycle.sweep_abandoned
        self.table_json = self.looking.table_json
        self.record = self.looking.record
        self.step = self.looking.step
        self.act = self.moves.act
        self.undo = self.takeback.undo
        self.answer_undo = self.takeback.answer_undo
        self.chat = self.chats.chat
        self.rematch = self.rematches.rematch
        self.hint_search = self.hints.hint_search
        self.hint_abandon = self.hints.hint_abandon
        self.hint_answer = self.hints.hint_answer
        self.hint = self.hints.hint
        self.why = self.whys.why
        self.sweep_abandoned()

    @property
    def live(self) -> OrderedDict[str, Live]:
        """The tables in memory now, least recently used first (read it, do not change it)."""
        return self.tables.live

    def start(self) -> None:
        """Starts the bots' scheduler (and the store's background work: listening for other
        server processes' changes), and wakes every table whose bot is to move (a restart finds
        them where they were)."""
        self.bots.start()
        self.store.start(self._heard)
        for table_id in self.store.playing():
            self.bots.wake(table_id)
        self.analyses.resume()

    def stop(self) -> None:
        self.bots.stop()
        self.store.stop()

    # ---- the catalogue --------------------------------------------------------------------------

    def catalogue(self) -> list[dict[str, JSON]]:
        """Every game as the lobby offers it (:func:`~langbord.server.views.catalogue`), with
        this server's bot limit."""
        return catalogue(self.config.bot_seconds)

    def agent_specs(self, game_name: str | None = None) -> list[str]:
        """The seat kinds this server offers (:func:`~langbord.server.views.agent_specs`)."""
        return agent_specs(self.config.bot_seconds, game_name)

    rules = staticmethod(rules_json)

    # ---- what the bots' queue and other processes bring ------------------------------------------

    def _prepare(self, key: str) -> Job | None:
        """The job queued under ``key``: a table's bot decision, or a decision of its
        analysis (``<table>#analysis``)."""
        if key.endswith(ANALYSIS_KEY):
            return self.analyses.job(key)
        return self.moves.bot_job(key)

    def _finished(self, job: Job, answer: Any) -> None:
        if job.analysis is not None:
            self.analyses.done(job, answer)
        else:
            self.moves.bot_move(job, answer)

    def _heard(self, table_id: str) -> None:
        """Another server process changed ``table_id``: the cached copy is caught up (and the
        change told) where there is one; else subscribers are told to reload."""
        live = self.tables.peek(table_id)
        if live is None:
            self.on_change(table_id)  # nobody here watches it closely; subscribers reload
            return
        if self.tables.refresh(live):  # it takes live.lock itself, only to swap in what it read
            self.on_change(table_id)
