"""The live tables: each table's state and log in memory, replayed from its log in the store,
and the locks that order its writers. Nothing else: what a change means is the features'
(:mod:`langbord.server.features`), what a table looks like is the views'
(:mod:`langbord.server.views`).

A table's state lives in memory only as a cache of its log (rebuilt by replaying it after a
restart, or caught up when another server process has moved). The cache is bounded
(``ServerConfig.live_tables``): the least recently used tables leave it and are rebuilt from
their log when next asked for. Each table has two locks: ``Live.writer`` lets one writer of the
table at a time wait for the database, and ``Live.lock`` guards the cached state, held only to
read it or to swap in what a writer has committed, so that looking at a table never waits
behind a move's database wait. A writer that cannot get ``Live.writer`` within its wait is
refused (``Unavailable``) with nothing changed.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from langbord.core.game import JSON, Game, State
from langbord.core.i18n import LANGUAGES, SOURCE, language, speaking
from langbord.core.registry import load
from langbord.server.errors import Conflict, NotFound, Unavailable
from langbord.server.store import Store
from langbord.server.store.base import ACTIVE
from langbord.server.store.schema import ChatRow, TableRow, utc
from langbord.server.visible import collapsed

HUMAN = "human"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
STAGE = {"open": 0, "playing": 1, "over": 2, "abandoned": 2}  # a table's status only moves on
CHAT_SHOWN = 100
"""The chat messages a table keeps in memory and its JSON carries (the latest)."""


@dataclass
class SeatInfo:
    seat: int
    kind: str  # "human" or an agent spec
    name: str | None
    joined: bool

    @property
    def bot(self) -> bool:
        return self.kind != HUMAN


@dataclass
class LogEntry:
    """One move of a table's log, told as each seat and a spectator may learn of it. Its words
    are made in the language being spoken when they are read (:meth:`words`), from the action
    itself; a telling that hides a secret was worded when it was played, in every language."""

    player: int  # a seat, or CHANCE
    told: list[str]  # the string as each seat may learn of it
    public: str  # as a spectator may
    text: str  # the action's own string: a telling equal to it hides nothing
    parts: dict[str, JSON]  # the action's kind and arguments, for tellings that hide nothing
    action: int  # the action's id
    hidden: dict[tuple[str, int | None], str]  # (language, seat or None): a hiding telling's words

    def words(self, state: State, seat: int | None) -> str:
        """The move in words as ``seat`` (None: a spectator) is told of it, in the language
        being spoken; ``state`` is any state of the table's game."""
        told = self.public if seat is None else self.told[seat]
        if told == self.text:
            return state.action_words(self.action)
        return self.hidden.get((language(), seat)) or self.hidden.get((SOURCE, seat), told)

    def text_words(self, state: State) -> str:
        """The action itself in words, in the language being spoken (once the game is over)."""
        return state.action_words(self.action)


@dataclass(frozen=True)
class ChatLine:
    """One chat message as the table keeps it: its number at the table, the seat and name that
    wrote it, its text (blank runs made one space) and when."""

    number: int
    seat: int
    name: str
    text: str
    at: datetime


@dataclass
class Live:
    """The in-memory cache of one table: its state and log, rebuilt from the database."""

    id: str
    game: Game
    seats: list[SeatInfo]
    state: State
    status: str
    touched: datetime  # the last move or join
    log: list[LogEntry] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)  # the cached state
    writer: threading.Lock = field(default_factory=threading.Lock)  # one writer at a time
    evicted: bool = False  # left the cache: nothing may be committed through it any more
    spectators: dict[str, tuple[Hashable, dict[str, JSON]]] = field(default_factory=dict)
    """The spectators' table (without its log) and the version it shows: built once per change
    for them all (see :func:`langbord.server.views.seen_by`)."""
    undone: int = 0  # undos so far (each shrank the log): a copy with another count is stale
    hints: bool = False
    hotseat: bool = False
    undo_request: dict[str, Any] | None = None  # {"by", "moves", "at", "accepted": [seats]}
    rematch: str | None = None
    rematch_of: str | None = None
    chat: list[ChatLine] = field(default_factory=list)  # the latest CHAT_SHOWN
    chat_count: int = 0  # messages ever written (the next one's number)
    hint: tuple[tuple[int, int, int], Future[dict[str, Any]]] | None = None
    """The hint being computed or last computed: (undos, move, seat) and its answer."""
    changes: int = 0  # changes other than moves and joins (chat, undo requests, rematch)

    @property
    def moves(self) -> int:
        return len(self.log)


def apply_logged(live: Live, player: int, action_text: str) -> None:
    """Plays the logged ``action_text`` by ``player`` on ``live``'s state and appends it to the
    log, told as each seat and a spectator may learn of it. Caller holds ``live.lock`` (or owns
    ``live`` alone)."""
    state = live.state
    action = state.string_to_action(action_text)
    seats = range(len(live.seats))
    told = [state.action_to_string_for(p, action) for p in seats]
    public = state.action_to_string_for(None, action)
    parts = state.action_parts(action)
    text = state.action_to_string(action)
    hiding: list[int | None] = [p for p in seats if told[p] != text]
    if public != text:
        hiding.append(None)
    hidden: dict[tuple[str, int | None], str] = {}
    for spoken in LANGUAGES if hiding else ():
        with speaking(spoken):
            hidden.update(((spoken, p), state.action_words_for(p, action)) for p in hiding)
    state.apply_action(action)
    live.log.append(LogEntry(player, told, public, text, parts, action, hidden))


def add_chat(live: Live, rows: list[ChatRow]) -> bool:
    """Appends the messages not yet in ``live`` (their blank runs made one space, as the chat
    writes them), keeping the latest ``CHAT_SHOWN``; True if there were any. Caller holds
    ``live.lock`` (or owns ``live`` alone)."""
    fresh = [row for row in rows if row.number >= live.chat_count]
    for row in fresh:
        live.chat.append(
            ChatLine(
                number=row.number,
                seat=row.seat,
                name=row.name,
                text=collapsed(row.text),  # rows written before it kept blank runs
                at=utc(row.created),
            )
        )
        live.chat_count = row.number + 1
    del live.chat[:-CHAT_SHOWN]
    if fresh:
        live.changes += 1
    return bool(fresh)


def _table_fields(live: Live, row: TableRow) -> None:
    """The table's settings and requests, as the database holds them, into ``live``."""
    live.undone = row.undone
    live.hints = row.hints
    live.hotseat = row.hotseat
    live.undo_request = row.undo_request or None
    live.rematch = row.rematch
    live.rematch_of = row.rematch_of


class Tables:
    """The live tables of one store, at most ``size`` of them (see the module). Thread-safe.

    ``looked_up(live)`` is called at every lookup of a table that is open or being played,
    outside any of its locks (the lifecycle closes an abandoned table there); by default it
    does nothing."""

    def __init__(self, store: Store, size: int, write_wait: float) -> None:
        self.store = store
        self.size = size
        self.write_wait = write_wait
        self.live: OrderedDict[str, Live] = OrderedDict()  # least recently used first
        self.lock = threading.Lock()  # guards ``live``
        self.looked_up: Callable[[Live], None] = lambda _live: None

    def get(self, table_id: str) -> Live:
        """The table's cache, built from its log if it is not in memory (the least recently
        used tables beyond ``size`` leave it); ``NotFound`` for no such table."""
        if not TABLE_ID.match(table_id):
            raise NotFound(f"no table {table_id!r}")
        with self.lock:
            live = self.live.get(table_id)
            if live is not None:
                self.live.move_to_end(table_id)
        if live is None:
            built = self._load(table_id)
            with self.lock:
                live = self.live.setdefault(table_id, built)
                self.live.move_to_end(table_id)
                self._evict()
        if live.status in ACTIVE:
            self.looked_up(live)
        return live

    def peek(self, table_id: str) -> Live | None:
        """The table's cache if it is in memory now (nothing is loaded, nothing moves)."""
        with self.lock:
            return self.live.get(table_id)

    def table(self, table_id: str, fresh: bool) -> Live:
        """The table's cache; with ``fresh``, caught up with the database first."""
        live = self.get(table_id)
        if fresh:
            self.fresh(live)
        return live

    def fresh(self, live: Live) -> None:
        """Catches ``live`` up with the database before a write or a decision, where other
        server processes write to it too."""
        if self.store.shared:
            self.refresh(live)

    @contextmanager
    def writer(self, table_id: str) -> Iterator[Live]:
        """The table's cache, with its writer lock held: the one writer of this table in this
        process; never a copy that has left the cache. ``Unavailable`` if the lock does not
        come within the write wait."""
        while True:
            live = self.get(table_id)
            if not live.writer.acquire(timeout=self.write_wait):
                raise Unavailable("the table is busy saving another change: try again")
            if not live.evicted:
                break
            live.writer.release()
        try:
            yield live
        finally:
            live.writer.release()

    def _load(self, table_id: str) -> Live:
        stored = self.store.load(table_id, CHAT_SHOWN)
        if stored is None:
            raise NotFound(f"no table {table_id!r}")
        row = stored.table
        game = load(row.game, **row.options)
        if game.version != row.version:
            raise Conflict(
                f"table {table_id} was played under {row.game} rules version {row.version}; "
                f"this server has version {game.version}"
            )
        seats = [SeatInfo(s.seat, s.kind, s.name, s.token_hash is not None) for s in stored.seats]
        live = Live(table_id, game, seats, game.new_initial_state(), row.status, utc(row.touched))
        _table_fields(live, row)
        for _number, player, action in stored.moves:
            apply_logged(live, player, action)
        add_chat(live, stored.chat)
        return live

    def _evict(self) -> None:
        """Drops the least recently used tables beyond ``size`` (caller holds ``lock``). One
        being read or written now stays until the next time: nothing can then commit through a
        dropped copy (:meth:`writer` and the moves' commit check ``evicted``)."""
        excess = len(self.live) - max(1, self.size)
        if excess <= 0:
            return
        leaving: list[str] = []
        newest = next(reversed(self.live))
        for table_id, live in self.live.items():
            if len(leaving) >= excess:
                break
            if table_id == newest or not live.lock.acquire(blocking=False):
                continue
            try:
                if live.writer.acquire(blocking=False):
                    live.evicted = True
                    live.writer.release()
                    leaving.append(table_id)
            finally:
                live.lock.release()
        for table_id in leaving:
            del self.live[table_id]

    def refresh(self, live: Live) -> bool:
        """Catches ``live`` up with what other processes logged; True if anything changed.
        Merges by move number and status order, so it is safe beside a writer of this table."""
        stored = self.store.since(live.id, live.moves, live.undone, live.chat_count, CHAT_SHOWN)
        table = stored.table
        status, touched = table.status, table.touched
        changed = False
        with live.lock:
            if table.undone < live.undone:
                return False  # read before this process's own undo: nothing newer in it
            if table.undone != live.undone:  # an undo elsewhere: the log is read again whole
                live.state = live.game.new_initial_state()
                live.log = []
                live.hint = None
                changed = True
            before = (live.undone, live.undo_request, live.rematch)
            _table_fields(live, table)
            if (live.undone, live.undo_request, live.rematch) != before:
                live.changes += 1
                changed = True
            changed = add_chat(live, stored.chat) or changed
            for number, player, action in stored.moves:
                if number == live.moves:
                    apply_logged(live, player, action)
                    changed = True
            for row in stored.seats:
                info = live.seats[row.seat]
                if row.token_hash is not None and not info.joined:
                    info.joined, info.name = True, row.name
                    changed = True
            if STAGE[status] > STAGE[live.status]:
                live.status = status
                changed = True
            live.touched = max(live.touched, utc(touched))
        return changed
