"""Pushing tables to their WebSockets: the ``Hub`` holds each table's subscribers and the
newest view of each seat, computed once per change on its own threads and shared by every
subscriber of that seat (:mod:`langbord.server.http.routes.ws` sends them)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

import orjson

from langbord.core.errors import LangbordError
from langbord.core.i18n import SOURCE, speaking

log = logging.getLogger("langbord.server")


def compact(view: dict[str, Any]) -> str:
    """A view's JSON text as a WebSocket message (orjson: a twentieth of ``json.dumps``'s time,
    for some 600 pushes a second at 1,000 tables)."""
    return orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(eq=False)
class Subscriber:
    """One WebSocket's place at a table: its seat (None: a spectator), how much of the log it
    has been sent, and the flag the hub raises when there is a newer view (and the socket's
    reader, when the client has gone)."""

    seat: int | None
    language: str = SOURCE  # the language its views are made in
    logged: int = 0
    undone: int = 0  # the table's undo count in the last view sent
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    gone: bool = False  # the client has gone away (``woken`` is set then too)


@dataclass
class Pushed:
    """The newest view of one seat at one table, with its log from ``log_start``, and its JSON
    text per starting entry (all spectators in step share one)."""

    view: dict[str, Any]
    texts: dict[int, str] = field(default_factory=dict)

    def text_for(self, logged: int) -> str | None:
        """The view as a subscriber that has the log up to ``logged`` is sent it; None if this
        view does not hold what it lacks (it is older, or its log starts later)."""
        start, move = self.view["log_start"], self.view["move"]
        if not start <= logged <= move:
            return None
        text = self.texts.get(logged)
        if text is None:
            log = self.view["log"][logged - start :]
            text = self.texts[logged] = compact({**self.view, "log_start": logged, "log": log})
        return text


class Hub:
    """WebSocket subscribers per table, and the views pushed to them. ``changed(table_id)`` may
    be called from any thread; it only schedules the work. After a change each seat's view is
    computed once, on the hub's own threads (not the pool the request handlers use), and every
    subscriber is woken to send it: a mover's answer never waits for its table's watchers."""

    def __init__(self, view: Callable[[str, int | None, int], dict[str, Any]], spectators: int):
        self.view = view
        self.spectators = spectators
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.latest: dict[tuple[str, int | None, str], Pushed] = {}
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="langbord-push")
        self._updating: set[str] = set()
        self._dirty: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()  # running updates (kept from the GC)

    def subscribe(self, table_id: str, seat: int | None, spoken: str = SOURCE) -> Subscriber | None:
        """A new subscriber (in the event loop) that reads ``spoken``, or None for a spectator
        over the cap."""
        subscribers = self.subscribers.setdefault(table_id, set())
        if seat is None and sum(s.seat is None for s in subscribers) >= self.spectators:
            if not subscribers:
                del self.subscribers[table_id]
            return None
        subscriber = Subscriber(seat, spoken)
        subscribers.add(subscriber)
        return subscriber

    def unsubscribe(self, table_id: str, subscriber: Subscriber) -> None:
        subscribers = self.subscribers.get(table_id)
        if subscribers is None:
            return
        subscribers.discard(subscriber)
        key = (subscriber.seat, subscriber.language)
        if not any((s.seat, s.language) == key for s in subscribers):
            self.latest.pop((table_id, *key), None)
        if not subscribers:
            del self.subscribers[table_id]

    async def compute(
        self, table_id: str, seat: int | None, log_from: int, spoken: str = SOURCE
    ) -> dict[str, Any]:
        """The seat's view in ``spoken``, on the hub's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, self._view_in, spoken, table_id, seat, log_from
        )

    def _view_in(
        self, spoken: str, table_id: str, seat: int | None, log_from: int
    ) -> dict[str, Any]:
        with speaking(spoken):
            return self.view(table_id, seat, log_from)

    def changed(self, table_id: str) -> None:
        if self.loop is not None:
            with suppress(RuntimeError):  # the loop has closed: nobody is left to tell
                self.loop.call_soon_threadsafe(self._schedule, table_id)

    def _schedule(self, table_id: str) -> None:
        if table_id not in self.subscribers:
            return
        if table_id in self._updating:
            self._dirty.add(table_id)  # computed again once the running update is done
            return
        self._updating.add(table_id)
        self._tasks.add(task := asyncio.get_running_loop().create_task(self._update(table_id)))
        task.add_done_callback(self._tasks.discard)

    async def _update(self, table_id: str) -> None:
        try:
            await self._push(table_id)
        finally:  # no await between the last look at _dirty and this: no change is missed
            self._updating.discard(table_id)

    async def _push(self, table_id: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._dirty.discard(table_id)
            subscribers = list(self.subscribers.get(table_id, ()))
            groups: dict[tuple[int | None, str], list[Subscriber]] = {}
            for subscriber in subscribers:
                groups.setdefault((subscriber.seat, subscriber.language), []).append(subscriber)
            wanted = [(key, min(s.logged for s in group)) for key, group in groups.items()]
            # Every seat's view in one trip to the hub's threads, their JSON text made there too.
            pushed = await loop.run_in_executor(self.executor, self._views, table_id, wanted)
            still = {(s.seat, s.language) for s in self.subscribers.get(table_id, ())}
            for key, view in pushed.items():
                if key in still:
                    self.latest[(table_id, *key)] = view
                for subscriber in groups[key]:
                    subscriber.woken.set()
            if table_id not in self._dirty:
                return

    def _views(
        self, table_id: str, wanted: list[tuple[tuple[int | None, str], int]]
    ) -> dict[tuple[int | None, str], Pushed]:
        """The views of the seats ``wanted`` in their languages (each with the log from its
        entry), on the hub's threads; a seat whose view cannot be computed is left out (the
        table is gone: its subscribers are told on their own)."""
        pushed: dict[tuple[int | None, str], Pushed] = {}
        for (seat, spoken), log_from in wanted:
            try:
                view = self._view_in(spoken, table_id, seat, log_from)
            except LangbordError:
                continue
            except Exception:
                log.exception("computing the view of table %s for seat %s", table_id, seat)
                continue
            pushed[seat, spoken] = Pushed(view, {view["log_start"]: compact(view)})
        return pushed

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
