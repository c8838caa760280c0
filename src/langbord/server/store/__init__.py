"""Where the server keeps its tables: one interface, :class:`Store`, with a SQLite
(:class:`~langbord.server.store.sqlite.SqliteStore`) and a PostgreSQL
(:class:`~langbord.server.store.postgres.PostgresStore`) implementation over the SQL they share
(:class:`~langbord.server.store.base.SqlStore`) and one schema
(:mod:`langbord.server.store.schema`, with its migrations). All of the server's SQL is here, and
everything that differs between the two databases; the rest of the server asks the store.

A table's state is never stored: it is rebuilt by replaying its log, so the log is the only
thing that must survive."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from langbord.server.store.base import Move, NewSeat, NewTable, SqlStore, Stored
from langbord.server.store.postgres import PostgresStore
from langbord.server.store.schema import AnalysisRow, ChatRow, SeatRow, TableRow, is_postgres
from langbord.server.store.sqlite import SqliteStore

__all__ = ["Move", "NewSeat", "NewTable", "Store", "Stored", "open_store"]


class Store(Protocol):
    """The tables, seats, move logs, chat and analyses of one database. Each write is one
    transaction: whole, or nothing with :class:`~langbord.server.errors.Unavailable` (the
    database could not take it in time) or :class:`~langbord.server.errors.Conflict` (another
    writer changed it first). See :class:`~langbord.server.store.base.SqlStore` for each
    method."""

    @property
    def shared(self) -> bool:
        """Whether other server processes write to the database too."""

    def start(self, heard: Callable[[str], None]) -> None: ...
    def stop(self) -> None: ...

    # tables
    def create_table(
        self, table: NewTable, seats: list[NewSeat], moves: list[Move], stamp: datetime
    ) -> None: ...
    def playing(self) -> list[str]: ...
    def listed(
        self, statuses: tuple[str, ...], limit: int
    ) -> list[tuple[TableRow, list[SeatRow]]]: ...
    def seat_by_token(self, token_hash: str) -> tuple[str, int] | None: ...
    def take_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        name: str,
        stamp: datetime,
        status: str | None,
    ) -> str | None: ...
    def load(self, table_id: str, chat: int) -> Stored | None: ...
    def since(
        self, table_id: str, moves: int, undone: int, chat_from: int, chat: int
    ) -> Stored: ...
    def abandon(self, table_id: str, cutoff: datetime) -> bool: ...
    def abandon_all(self, cutoff: datetime) -> list[str]: ...

    # moves, take-backs, chat
    def append(
        self,
        table_id: str,
        first: int,
        moves: list[Move],
        stamp: datetime,
        undone: int,
        winners: list[int] | None,
    ) -> None: ...
    def set_undo_request(
        self, table_id: str, undone: int, request: dict[str, Any] | None
    ) -> None: ...
    def take_back(
        self, table_id: str, undone: int, first: int, count: int, stamp: datetime
    ) -> None: ...
    def add_chat(
        self, row: ChatRow, burst: int, check: Callable[[list[datetime]], None]
    ) -> None: ...

    # analyses
    def analysis(self, table_id: str) -> tuple[bool, AnalysisRow | None]: ...
    def queue_analysis(
        self,
        table_id: str,
        client: str,
        fields: dict[str, Any],
        admit: Callable[[int, int], None],
        stamp: datetime,
    ) -> AnalysisRow | None: ...
    def analysis_viewed(self, table_id: str, stamp: datetime) -> None: ...
    def prune_analyses(self, kept: int) -> int: ...
    def requeue_analyses(self, stamp: datetime) -> list[tuple[str, str | None]]: ...
    def analysis_running(self, table_id: str, stamp: datetime) -> None: ...
    def analysis_report(
        self,
        table_id: str,
        done: int,
        report: Any,
        finish: Callable[[float, list[Any]], dict[str, Any]],
        stamp: datetime,
    ) -> bool: ...
    def analysis_failed(self, table_id: str, done: int, why: str, stamp: datetime) -> None: ...


def open_store(url: str, wait_seconds: float, synchronous: str = "full") -> SqlStore:
    """The store of the database at ``url`` (its schema created or migrated: see
    :func:`~langbord.server.store.schema.open_database`)."""
    if is_postgres(url):
        return PostgresStore(url, wait_seconds, synchronous)
    return SqliteStore(url, wait_seconds, synchronous)
