"""The SQL both stores share (SQLAlchemy Core and ORM over the schema of
:mod:`langbord.server.store.schema`); what differs between SQLite and PostgreSQL (the write
lock, notifying other server processes, background work) is left to the subclasses.

Every write runs in one transaction (:meth:`SqlStore.writing`) that either commits whole or
changes nothing; a database that cannot take it within ``wait_seconds`` is :class:`Unavailable`,
a change another writer made first is :class:`Conflict`."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Table, bindparam, delete, func, insert, select, true, update
from sqlalchemy.exc import IntegrityError, InternalError, OperationalError
from sqlalchemy.orm import Session

from langbord.core.i18n import _
from langbord.server.errors import Conflict, Unavailable
from langbord.server.fairlock import FairLock
from langbord.server.store.schema import (
    READ_ONLY,
    AnalysisRow,
    ChatRow,
    MoveRow,
    SeatRow,
    TableRow,
    now,
    open_database,
    write_failure,
)

log = logging.getLogger("langbord.server")

ACTIVE = ("open", "playing")
"""The statuses of a table that may still be played."""
ANALYSING = ("queued", "running")
"""The statuses of an analysis under way."""

Move = tuple[int, str]
"""A logged move: the player (a seat, or -1 for chance) and the action's string."""

# A move's commit, built once: the rows appended to the log, and the table touched (and ended)
# if it is still played with the undo count the log was read at. A log another process has
# undone since is stale: its numbers no longer follow.
_MOVES = cast(Table, MoveRow.__table__)
_TABLES = cast(Table, TableRow.__table__)
_APPEND_MOVES = insert(_MOVES)
_STILL_PLAYED = (
    (_TABLES.c.id == bindparam("table"))
    & (_TABLES.c.status == "playing")
    & (_TABLES.c.undone == bindparam("read_undone"))
)
_TOUCH_PLAYED = (
    update(_TABLES).where(_STILL_PLAYED).values(touched=bindparam("stamp"), undo_request=None)
)
_TOUCH_OVER = (
    update(_TABLES)
    .where(_STILL_PLAYED)
    .values(
        touched=bindparam("stamp"),
        undo_request=None,
        status="over",
        winners=bindparam("won", type_=_TABLES.c.winners.type),
    )
)


class _Refused(Exception):
    """A write refused for the reason ``why``: its transaction is rolled back."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class NewTable:
    """What a new table's row holds."""

    id: str
    game: str
    version: int
    options: dict[str, Any]
    status: str
    hints: bool
    hotseat: bool
    rematch_of: str | None


@dataclass(frozen=True)
class NewSeat:
    """A new table's seat: its kind, and for a seat taken already its name and token's hash."""

    kind: str
    name: str | None
    token_hash: str | None


@dataclass
class Stored:
    """A table as the database holds it: its row, its seats (in order when read whole), the
    moves of its log from the first one read on, and its latest chat messages (oldest first)."""

    table: TableRow
    seats: list[SeatRow]
    moves: list[tuple[int, int, str]]  # (number, player, action)
    chat: list[ChatRow]


class SqlStore:
    """The tables, seats, move logs, chat and analyses of one database (see the module)."""

    shared = False
    """Whether other server processes write to the database too: then a table's cache is
    caught up with it before each write (:meth:`since`)."""

    def __init__(self, url: str, wait_seconds: float, synchronous: str = "full") -> None:
        self.url = url
        self.wait_seconds = wait_seconds
        self.engine, self.sessions = open_database(url, wait_seconds, synchronous)
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._write_lock: FairLock | None = None

    # ---- the store's life ---------------------------------------------------------------------

    def start(self, heard: Callable[[str], None]) -> None:
        """Starts the store's background work; ``heard(table_id)`` is called when another
        server process has changed a table."""

    def _spawn(self, target: Callable[[], None], name: str) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self._threads.append(thread)

    def stop(self) -> None:
        self._stopping.set()
        self.engine.dispose()

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A write transaction, committed when the block ends; ``Unavailable`` (nothing
        written) if the database cannot take it within ``wait_seconds``."""
        with self._guarded(), self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def writing_rows(self) -> Iterator[Connection]:
        """:meth:`writing` for Core statements alone, on a connection: no ORM session to set up
        and flush (a move's commit, the server's most frequent write)."""
        with self._guarded(), self.engine.begin() as connection:
            yield connection

    @contextmanager
    def _guarded(self) -> Iterator[None]:
        """The write lock (where there is one) around a transaction, and its failures as
        ``Unavailable``."""
        if self._write_lock is not None and not self._write_lock.acquire(timeout=self.wait_seconds):
            raise Unavailable(_("the database is busy (another writer holds its lock): try again"))
        try:
            yield
        except (OperationalError, InternalError) as exc:
            why = write_failure(exc)
            if isinstance(exc, InternalError) and why != READ_ONLY:
                raise  # PostgreSQL says read-only this way; anything else is a bug
            log.warning("a write failed: %s", exc.orig if exc.orig is not None else exc)
            raise Unavailable(
                _("{why}: nothing was changed; try again").format(why=_(why))
            ) from None
        finally:
            if self._write_lock is not None:
                self._write_lock.release()

    def notify(self, session: Session | Connection, table_id: str) -> None:
        """Tells the other server processes, once ``session`` commits, that the table
        changed."""

    # ---- tables -------------------------------------------------------------------------------

    def create_table(
        self, table: NewTable, seats: list[NewSeat], moves: list[Move], stamp: datetime
    ) -> None:
        """Writes a new table, its seats and the log's first moves (chance before the first
        decision); a rematch is linked from its last table, unless another rematch was made
        first (``Conflict``, nothing written)."""
        with self.writing() as session:
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    version=table.version,
                    options=table.options,
                    status=table.status,
                    created=stamp,
                    touched=stamp,
                    seated=table.hotseat,
                    undone=0,
                    hints=table.hints,
                    hotseat=table.hotseat,
                    rematch_of=table.rematch_of,
                )
            )
            session.flush()
            for p, seat in enumerate(seats):
                session.add(
                    SeatRow(
                        table_id=table.id,
                        seat=p,
                        kind=seat.kind,
                        name=seat.name,
                        token_hash=seat.token_hash,
                    )
                )
            for number, (player, action) in enumerate(moves):
                session.add(
                    MoveRow(
                        table_id=table.id,
                        number=number,
                        player=player,
                        action=action,
                        created=now(),
                    )
                )
            if table.rematch_of is not None:
                made = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table.rematch_of, TableRow.rematch.is_(None))
                    .values(rematch=table.id)
                )
                if made.rowcount != 1:  # type: ignore[attr-defined]
                    raise Conflict(_("another rematch was made first: look again"))
                self.notify(session, table.rematch_of)

    def playing(self) -> list[str]:
        """The tables being played."""
        with self.sessions() as session:
            return list(
                session.execute(select(TableRow.id).where(TableRow.status == "playing")).scalars()
            )

    def listed(self, statuses: tuple[str, ...], limit: int) -> list[tuple[TableRow, list[SeatRow]]]:
        """The newest ``limit`` tables someone sat at, of the ``statuses``, with their seats."""
        with self.sessions() as session:
            rows: list[TableRow] = []
            for status in statuses:  # one index range each, read in order: never a sort
                rows += session.execute(
                    select(TableRow)
                    .where(TableRow.status == status, TableRow.seated == true())
                    .order_by(TableRow.created.desc())
                    .limit(limit)
                ).scalars()
            rows = sorted(rows, key=lambda row: row.created, reverse=True)[:limit]
            ids = [row.id for row in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for seat in session.execute(
                    select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
                ).scalars():
                    seats[seat.table_id].append(seat)
        return [(row, seats[row.id]) for row in rows]

    def seat_by_token(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat of a token's hash, if it opens one."""
        with self.sessions() as session:
            row = session.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.token_hash == token_hash)
            ).one_or_none()
        return None if row is None else (row[0], row[1])

    def take_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        name: str,
        stamp: datetime,
        status: str | None,
    ) -> str | None:
        """Gives a free seat its player; with ``status``, an open table starts (``playing``,
        or ``over`` for a game that ended before anyone joined). Why not if it could not:
        ``"taken"`` (the seat), ``"closed"`` (the table is no longer played); nothing written."""
        try:
            with self.writing() as session:
                done = session.execute(
                    update(SeatRow)
                    .where(
                        SeatRow.table_id == table_id,
                        SeatRow.seat == seat,
                        SeatRow.token_hash.is_(None),
                    )
                    .values(token_hash=token_hash, name=name)
                )
                if done.rowcount != 1:  # type: ignore[attr-defined]
                    raise _Refused("taken")
                opened = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.status.in_(ACTIVE))
                    .values(touched=stamp, seated=True)
                )
                if opened.rowcount != 1:  # type: ignore[attr-defined]
                    raise _Refused("closed")  # by another process
                if status is not None:
                    session.execute(
                        update(TableRow)
                        .where(TableRow.id == table_id, TableRow.status == "open")
                        .values(status=status)
                    )
                self.notify(session, table_id)
        except _Refused as refused:
            return refused.why
        return None

    def load(self, table_id: str, chat: int) -> Stored | None:
        """The table, its seats, its whole log and its latest ``chat`` messages; None if there
        is no such table."""
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = (
                session.execute(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
                .scalars()
                .all()
            )
            moves = self._moves(session, table_id, 0)
            messages = self._chat(session, table_id, 0, chat)
        return Stored(row, list(seats), moves, messages)

    def since(self, table_id: str, moves: int, undone: int, chat_from: int, chat: int) -> Stored:
        """The table as :meth:`load` reads it, but its log from move ``moves`` on (or whole if
        its undo count is no longer ``undone``: the log shrank since) and its chat from
        message ``chat_from`` on; its seats in any order."""
        with self.sessions() as session:
            # The table's row first: moves read after it are at least as new as its undo count.
            table = session.get(TableRow, table_id)
            assert table is not None
            start = moves if table.undone == undone else 0
            logged = self._moves(session, table_id, start)
            seats = (
                session.execute(select(SeatRow).where(SeatRow.table_id == table_id)).scalars().all()
            )
            messages = self._chat(session, table_id, chat_from, chat)
        return Stored(table, list(seats), logged, messages)

    @staticmethod
    def _moves(session: Session, table_id: str, start: int) -> list[tuple[int, int, str]]:
        rows = session.execute(
            select(MoveRow.number, MoveRow.player, MoveRow.action)
            .where(MoveRow.table_id == table_id, MoveRow.number >= start)
            .order_by(MoveRow.number)
        )
        return [(number, player, action) for number, player, action in rows]

    @staticmethod
    def _chat(session: Session, table_id: str, start: int, limit: int) -> list[ChatRow]:
        """The table's chat messages numbered ``start`` on (at most the latest ``limit``)."""
        rows = session.execute(
            select(ChatRow)
            .where(ChatRow.table_id == table_id, ChatRow.number >= start)
            .order_by(ChatRow.number.desc())
            .limit(limit)
        ).scalars()
        return list(reversed(list(rows)))

    def abandon(self, table_id: str, cutoff: datetime) -> bool:
        """Closes the table if it is played and untouched since ``cutoff``; whether it did."""
        with self.writing() as session:
            done = session.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.status.in_(ACTIVE),
                    TableRow.touched < cutoff,
                )
                .values(status="abandoned")
            )
            closed = bool(done.rowcount == 1)  # type: ignore[attr-defined]
            if closed:
                self.notify(session, table_id)
        return closed

    def abandon_all(self, cutoff: datetime) -> list[str]:
        """Closes every played table untouched since ``cutoff``; their ids."""
        with self.writing() as session:
            ids = list(
                session.execute(
                    select(TableRow.id).where(
                        TableRow.status.in_(ACTIVE), TableRow.touched < cutoff
                    )
                ).scalars()
            )
            if ids:
                session.execute(
                    update(TableRow)
                    .where(TableRow.id.in_(ids), TableRow.status.in_(ACTIVE))
                    .values(status="abandoned")
                )
                for table_id in ids:
                    self.notify(session, table_id)
        return ids

    # ---- moves --------------------------------------------------------------------------------

    def append(
        self,
        table_id: str,
        first: int,
        moves: list[Move],
        stamp: datetime,
        undone: int,
        winners: list[int] | None,
    ) -> None:
        """Appends ``moves`` to the log from number ``first`` on, of a table played with undo
        count ``undone``, and touches it; with ``winners``, the game is over. A move also
        cancels the undo request. ``Conflict`` (nothing written) if another move took the
        number first or the table is no longer played, or undone since."""
        rows = [
            {
                "table_id": table_id,
                "number": first + k,
                "player": who,
                "action": action_text,
                "created": stamp,
            }
            for k, (who, action_text) in enumerate(moves)
        ]
        touch = {"table": table_id, "read_undone": undone, "stamp": stamp}
        try:
            with self.writing_rows() as connection:
                connection.execute(_APPEND_MOVES, rows)
                if winners is None:
                    done = connection.execute(_TOUCH_PLAYED, touch)
                else:
                    done = connection.execute(_TOUCH_OVER, {**touch, "won": winners})
                if done.rowcount != 1:
                    raise Conflict(_("the table is no longer being played: look again"))
                self.notify(connection, table_id)
        except IntegrityError:
            raise Conflict(_("another move was made first: look again")) from None

    def set_undo_request(self, table_id: str, undone: int, request: dict[str, Any] | None) -> None:
        """Stores the table's undo request (None: none), if it is played with undo count
        ``undone`` still (else ``Conflict``, nothing written)."""
        with self.writing() as session:
            done = session.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.status == "playing",
                    TableRow.undone == undone,
                )
                .values(undo_request=request)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(_("the table changed meanwhile: look again"))
            self.notify(session, table_id)

    def take_back(
        self, table_id: str, undone: int, first: int, count: int, stamp: datetime
    ) -> None:
        """Deletes the log's last ``count`` moves, from number ``first`` on, of a table played
        with undo count ``undone`` (the count goes up by one, the undo request goes);
        ``Conflict`` (nothing written) if the table changed meanwhile."""
        with self.writing() as session:
            # The table's row first: a move committing meanwhile waits for it, then finds the
            # undo count changed and is refused; one that came first shows in the delete's count.
            done = session.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.status == "playing",
                    TableRow.undone == undone,
                )
                .values(undone=undone + 1, undo_request=None, touched=stamp)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict(_("the table changed meanwhile: look again"))
            gone = session.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.number >= first)
            )
            if gone.rowcount != count:  # type: ignore[attr-defined]
                raise Conflict(_("another move was made meanwhile: look again"))
            self.notify(session, table_id)

    # ---- chat ---------------------------------------------------------------------------------

    def add_chat(
        self,
        row: ChatRow,
        burst: int,
        check: Callable[[list[datetime]], None],
    ) -> None:
        """Writes the chat message ``row`` under its number, after ``check`` (which may refuse
        it) has seen when its seat's last ``burst`` messages at the table were written, newest
        first. ``Conflict`` (nothing written) if another message took the number first."""
        try:
            with self.writing() as session:
                latest = (
                    session.execute(
                        select(ChatRow.created)
                        .where(ChatRow.table_id == row.table_id, ChatRow.seat == row.seat)
                        .order_by(ChatRow.number.desc())
                        .limit(burst)
                    )
                    .scalars()
                    .all()
                )
                check(list(latest))
                session.add(row)
                session.flush()
                self.notify(session, row.table_id)
        except IntegrityError:
            raise Conflict(_("another message came first: send it again")) from None

    # ---- analyses -----------------------------------------------------------------------------

    def analysis(self, table_id: str) -> tuple[bool, AnalysisRow | None]:
        """Whether the table exists, and its analysis if one was asked for."""
        with self.sessions() as session:
            if session.get(TableRow, table_id) is None:
                return False, None
            return True, session.get(AnalysisRow, table_id)

    def queue_analysis(
        self,
        table_id: str,
        client: str,
        fields: dict[str, Any],
        admit: Callable[[int, int], None],
        stamp: datetime,
    ) -> AnalysisRow | None:
        """The table's analysis if one is asked for already (and has not failed); else, once
        ``admit`` (which may refuse) has seen how many analyses ``client`` and everyone have
        under way, writes it (``fields``, asked for at ``stamp``) and None. ``Conflict``
        (nothing written) if another request wrote it first."""
        try:
            with self.writing() as session:
                row = session.get(AnalysisRow, table_id)
                if row is not None and row.status != "failed":
                    return row
                active = select(func.count()).select_from(AnalysisRow)
                active = active.where(AnalysisRow.status.in_(ANALYSING))
                yours = session.execute(active.where(AnalysisRow.client == client)).scalar_one()
                everyone = session.execute(active).scalar_one()
                admit(yours, everyone)
                if row is None:
                    session.add(AnalysisRow(table_id=table_id, created=stamp, **fields))
                else:
                    for name, value in fields.items():
                        setattr(row, name, value)
        except IntegrityError:
            raise Conflict(_("another request asked for this analysis first")) from None
        return None

    def analysis_viewed(self, table_id: str, stamp: datetime) -> None:
        with self.writing() as session:
            session.execute(
                update(AnalysisRow).where(AnalysisRow.table_id == table_id).values(viewed=stamp)
            )

    def prune_analyses(self, kept: int) -> int:
        """Drops the finished analyses beyond ``kept``, those looked at least recently first
        (then the oldest); how many."""
        with self.writing() as session:
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
        return len(oldest)

    def requeue_analyses(self, stamp: datetime) -> list[tuple[str, str | None]]:
        """Puts the running analyses back in the queue (their server stopped); every queued
        one's table and client."""
        with self.writing() as session:
            queued = session.execute(
                select(AnalysisRow.table_id, AnalysisRow.client).where(
                    AnalysisRow.status.in_(ANALYSING)
                )
            ).all()
            ids = [table_id for table_id, _client in queued]
            if ids:
                session.execute(
                    update(AnalysisRow)
                    .where(AnalysisRow.table_id.in_(ids), AnalysisRow.status == "running")
                    .values(status="queued", updated=stamp)
                )
        return [(table_id, client) for table_id, client in queued]

    def analysis_running(self, table_id: str, stamp: datetime) -> None:
        """A queued analysis is running."""
        with self.writing() as session:
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id, AnalysisRow.status == "queued")
                .values(status="running", updated=stamp)
            )

    def analysis_report(
        self,
        table_id: str,
        done: int,
        report: Any,
        finish: Callable[[float, list[Any]], dict[str, Any]],
        stamp: datetime,
    ) -> bool:
        """Keeps the report of the running analysis's decision ``done`` (if it is the next to
        keep: else nothing); after the last, the whole analysis ``finish(seconds, reports)``.
        Whether the analysis is done now."""
        with self.writing() as session:
            row = session.get(AnalysisRow, table_id)
            if row is None or row.status != "running" or row.done != done:
                return False  # judged already (another server process), or started over
            reports = [*row.reports, report]
            values: dict[str, Any] = {"done": done + 1, "reports": reports}
            if done + 1 >= row.total:
                values.update(status="done", result=finish(row.seconds, reports), reports=[])
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id, AnalysisRow.done == done)
                .values(updated=stamp, **values)
            )
        return "result" in values

    def analysis_failed(self, table_id: str, done: int, why: str, stamp: datetime) -> None:
        with self.writing() as session:
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id, AnalysisRow.done == done)
                .values(status="failed", error=why[:300], updated=stamp)
            )
