"""The server's database: tables, seats and a move log per table (SQLAlchemy; SQLite by default,
PostgreSQL for several server processes). A table's state is never stored: it is rebuilt by
replaying its log, so the log is the only thing that must survive."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from langbord.core.errors import LangbordError

SCHEMA_VERSION = 1
"""Bumped with every change to the tables below; ``open_database`` migrates older ones."""


class DatabaseError(LangbordError):
    """A database URL that does not work, or a database of another langbord."""


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class SchemaRow(Base):
    __tablename__ = "lb_schema"
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(Integer)


class TableRow(Base):
    __tablename__ = "lb_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer)  # the game's rules version
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, playing, over
    created: Mapped[datetime] = mapped_column()


class SeatRow(Base):
    __tablename__ = "lb_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("lb_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(200))  # "human" or an agent spec
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)


class MoveRow(Base):
    __tablename__ = "lb_moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("lb_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0, 1, 2, … per table
    player: Mapped[int] = mapped_column(Integer)  # the seat, or -1 for chance
    action: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime] = mapped_column()


def default_url() -> str:
    """A SQLite file in the user's data directory (``$XDG_DATA_HOME/langbord``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'langbord' / 'langbord.db'}"


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def open_database(url: str) -> tuple[Engine, sessionmaker[Session]]:
    """An engine and session factory for ``url``, with the schema created or migrated."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseError(f"not a database URL: {url!r}") from None
    backend = parsed.get_backend_name()
    if backend not in ("sqlite", "postgresql"):
        raise DatabaseError(f"unsupported database {backend!r}: use sqlite:// or postgresql://")
    kwargs: dict[str, Any] = {}
    if backend == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    else:
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        kwargs["pool_size"] = 10
        kwargs["max_overflow"] = 20
    # A SQLite file never drops a connection: only PostgreSQL's are checked before use.
    engine = create_engine(parsed, pool_pre_ping=backend != "sqlite", **kwargs)
    if backend == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives a crash
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    try:
        migrate(engine)
    except OperationalError as exc:
        raise DatabaseError(f"cannot open the database {url!r}: {exc.orig}") from None
    return engine, sessionmaker(engine, expire_on_commit=False)


def migrate(engine: Engine) -> None:
    """Creates the tables, or brings an older schema up to ``SCHEMA_VERSION``."""
    Base.metadata.create_all(engine)
    with Session(engine) as session, session.begin():
        row = session.execute(
            select(SchemaRow).where(SchemaRow.key == "version")
        ).scalar_one_or_none()
        if row is None:
            session.add(SchemaRow(key="version", value=SCHEMA_VERSION))
        elif row.value > SCHEMA_VERSION:
            raise DatabaseError(
                f"the database has schema {row.value}, newer than this langbord's "
                f"{SCHEMA_VERSION}: upgrade langbord"
            )
        elif row.value < SCHEMA_VERSION:  # no older schema exists yet; steps would go here
            row.value = SCHEMA_VERSION
