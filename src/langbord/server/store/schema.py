"""The server's database schema and its migrations: tables, seats, a move log, chat and analyses
per table (SQLAlchemy; SQLite by default, PostgreSQL for several server processes). A table's
state is never stored: it is rebuilt by replaying its log, so the log is the only thing that
must survive.

``open_database`` refuses, in one line that names the database and what is wrong, anything that
is not an empty database or a langbord one it can write: a garbage or damaged file, another
application's database (its tables are never touched), an unreadable schema version, a file or
directory it may not write, a PostgreSQL server it cannot log in to."""

from __future__ import annotations

import os
import re
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from langbord.core.errors import LangbordError
from langbord.core.i18n import N_

SCHEMA_VERSION = 5
"""Bumped with every change to the tables below; ``open_database`` migrates older ones.
1: tables, seats, moves. 2: ``lb_tables.touched``, the time of a table's last move or join, and
``lb_tables.seated``, whether anybody has joined it (the lobby's index). 3: the chat
(``lb_chat``), and per table ``undone`` (how many undos: a log that shrank), ``hints``,
``hotseat``, ``undo_request``, ``rematch`` and ``rematch_of``, and ``winners``. 4: a finished
game's analysis (``lb_analysis``)."""

WRITE_WAIT_SECONDS = 5.0
"""How long a write waits for another writer's lock before it gives up (503)."""

SQLITE_MAGIC = b"SQLite format 3\x00"
LANGBORD_TABLES = ("lb_schema", "lb_tables", "lb_seats", "lb_moves")
"""The tables every langbord schema has (``lb_chat`` came with schema 3, ``lb_analysis`` with
4)."""
CHAT_LENGTH = 300
"""The most characters of one chat message."""


class DatabaseError(LangbordError):
    """A database URL that does not work, or a database that is not (only) langbord's."""


def now() -> datetime:
    return datetime.now(UTC)


def utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC time (the database gives naive ones back)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class Base(DeclarativeBase):
    pass


class SchemaRow(Base):
    __tablename__ = "lb_schema"
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[int] = mapped_column(Integer)


class TableRow(Base):
    __tablename__ = "lb_tables"
    __table_args__ = (Index("lb_tables_lobby", "status", "seated", "created"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer)  # the game's rules version
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, playing, over, abandoned
    created: Mapped[datetime] = mapped_column()
    touched: Mapped[datetime] = mapped_column()  # the last move or join (schema 2)
    seated: Mapped[bool] = mapped_column(Boolean, default=False)  # a human joined (schema 2)
    # schema 3:
    undone: Mapped[int] = mapped_column(Integer, default=0)  # undos so far: the log shrank
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # the seat to move may ask
    hotseat: Mapped[bool] = mapped_column(Boolean, default=False)  # one client, every human
    undo_request: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the next table
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the last one
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)  # once it is over


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


class ChatRow(Base):
    __tablename__ = "lb_chat"
    table_id: Mapped[str] = mapped_column(ForeignKey("lb_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0, 1, 2, … per table
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(CHAT_LENGTH))
    created: Mapped[datetime] = mapped_column()


class AnalysisRow(Base):
    """A finished table's analysis (schema 4): its progress, kept after every decision judged
    (``reports``, in order), and the whole analysis once done; since schema 5, the client that
    asked for it (its turn and limits in the bots) and when it was last looked at (the least
    recently looked at are dropped first)."""

    __tablename__ = "lb_analysis"
    table_id: Mapped[str] = mapped_column(ForeignKey("lb_tables.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # queued, running, done, failed
    done: Mapped[int] = mapped_column(Integer)  # decisions judged
    total: Mapped[int] = mapped_column(Integer)  # decisions to judge
    seconds: Mapped[float] = mapped_column(Float)  # the search per decision
    reports: Mapped[list[Any]] = mapped_column(JSON)  # the decisions judged so far
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # once done
    error: Mapped[str | None] = mapped_column(String(300), nullable=True)  # why it failed
    created: Mapped[datetime] = mapped_column()
    updated: Mapped[datetime] = mapped_column()
    client: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    viewed: Mapped[datetime | None] = mapped_column(nullable=True)


def default_url() -> str:
    """A SQLite file in the user's data directory (``$XDG_DATA_HOME/langbord``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'langbord' / 'langbord.db'}"


def is_postgres(url: str) -> bool:
    """Whether ``url`` is a PostgreSQL one (not a URL at all: no)."""
    try:
        return make_url(url).get_backend_name() == "postgresql"
    except ArgumentError:
        return False


def shown_url(url: str | URL) -> str:
    """``url`` as it may be printed: the password hidden."""
    parsed = make_url(url) if isinstance(url, str) else url
    return parsed.render_as_string(hide_password=True)


def reason(exc: BaseException) -> str:
    """The driver's message of ``exc`` in one line."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    return re.sub(r"\s+", " ", str(orig)).strip() or type(orig).__name__


READ_ONLY = N_("the database is read-only")
"""What :func:`write_failure` says of a database that takes no writes."""


def write_failure(exc: BaseException) -> str:
    """Why a write failed, in words for the client (the database stays as it was): in English,
    marked for the catalogs; a client is told ``_(write_failure(exc))``."""
    message = reason(exc).lower()
    if "readonly" in message or "read-only" in message or "read only" in message:
        return READ_ONLY
    if "full" in message or "no space" in message:
        return N_("the database or its disk is full")
    if "locked" in message or "busy" in message or "timeout" in message:
        return N_("the database is busy (another writer holds its lock)")
    return N_("the database is unavailable")


SYNCHRONOUS = ("full", "normal")
"""SQLite's ``synchronous`` settings a host may choose (``ServerConfig.sqlite_sync``)."""


def open_database(
    url: str, wait_seconds: float = WRITE_WAIT_SECONDS, synchronous: str = "full"
) -> tuple[Engine, sessionmaker[Session]]:
    """An engine and session factory for ``url``, with the schema created or migrated; a write
    waits at most ``wait_seconds`` for another writer's lock. ``synchronous`` is SQLite's:
    ``full`` (every commit reaches the disk before the move is answered) or ``normal`` (a
    commit survives the server's crash, but the last ones may not survive the machine's)."""
    if synchronous not in SYNCHRONOUS:
        raise DatabaseError(f"synchronous must be full or normal, not {synchronous!r}")
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
            check_sqlite_file(Path(parsed.database).expanduser())
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": wait_seconds}
    else:
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")
        wait_ms = max(1, round(wait_seconds * 1000))
        kwargs["connect_args"] = {
            "connect_timeout": max(1, round(wait_seconds * 2)),
            # A write waits this long for a row lock, and no statement runs for ever.
            "options": f"-c lock_timeout={wait_ms} -c statement_timeout={max(30_000, wait_ms * 6)}",
        }
        kwargs["pool_size"] = 10
        kwargs["max_overflow"] = 20
    shown = shown_url(parsed)
    # A SQLite file never drops a connection: only PostgreSQL's are checked before use.
    engine = create_engine(parsed, pool_pre_ping=backend != "sqlite", **kwargs)
    checked = False  # WAL is a setting stored in the file: not before it is known as ours
    if backend == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            if checked:
                cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")  # see open_database
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    try:
        migrate(engine)
        engine.dispose()  # the connections to come are made with every setting
        checked = True
        with engine.connect():
            pass
    except DatabaseError as exc:
        engine.dispose()
        raise DatabaseError(f"the database {shown} {exc}") from None
    except SQLAlchemyError as exc:
        engine.dispose()
        raise DatabaseError(f"cannot open the database {shown}: {reason(exc)}") from None
    return engine, sessionmaker(engine, expire_on_commit=False)


def check_sqlite_file(path: Path) -> None:
    """Refuses a path that cannot hold a langbord SQLite database this process may write."""
    try:
        if path.is_dir():
            raise DatabaseError(f"{path} is a directory, not a database file")
        directory = path.parent
        if not path.exists():
            try:
                directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseError(
                    f"cannot create the directory of the database {path}: {exc.strerror}"
                ) from None
        if not _writable(directory):
            # SQLite writes its journal (the -wal and -shm files) beside the database.
            raise DatabaseError(
                f"the directory of the database {path} is read-only: langbord must write there"
            )
        if not path.exists():
            return
        if not stat.S_ISREG(path.stat().st_mode):
            raise DatabaseError(f"{path} is not a regular file")
        if not _writable(path):
            raise DatabaseError(f"the database {path} is read-only: langbord must write to it")
        with path.open("rb") as file:
            header = file.read(100)
    except PermissionError as exc:
        raise DatabaseError(f"cannot read the database {path}: {exc.strerror}") from None
    if header and (len(header) < 100 or not header.startswith(SQLITE_MAGIC)):
        raise DatabaseError(
            f"{path} is not a SQLite database (a damaged file, or another kind of file)"
        )


def _writable(path: Path) -> bool:
    """Whether ``path`` may be written, by its permission bits too (which root ignores: a file
    its owner made read-only is not langbord's to write)."""
    return os.access(path, os.W_OK) and bool(path.stat().st_mode & 0o222)


def migrate(engine: Engine) -> None:
    """Creates the tables in an empty database, or brings an older langbord schema up to
    ``SCHEMA_VERSION``, in one transaction; refuses any other database, changing nothing."""
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            # One writer at a time from here on, so that two servers starting on one file
            # cannot both create the schema (SQLite runs DDL in this transaction too).
            connection.exec_driver_sql("BEGIN IMMEDIATE")
            damage = connection.exec_driver_sql("PRAGMA quick_check").scalars().all()
            if damage != ["ok"]:
                raise DatabaseError(f"is damaged: {'; '.join(map(str, damage[:3]))}")
        names = set(inspect(connection).get_table_names())
        if "lb_schema" not in names:
            if names:
                listed = ", ".join(sorted(names)[:5]) + (", …" if len(names) > 5 else "")
                raise DatabaseError(
                    f"holds another application's tables ({listed}) and no langbord schema: "
                    "give langbord a database of its own"
                )
            Base.metadata.create_all(connection)
            connection.execute(
                text("INSERT INTO lb_schema (key, value) VALUES ('version', :v)"),
                {"v": SCHEMA_VERSION},
            )
        else:
            version = _schema_version(connection)
            if version > SCHEMA_VERSION:
                raise DatabaseError(
                    f"has schema {version}, newer than this langbord's {SCHEMA_VERSION}: "
                    "upgrade langbord"
                )
            missing = [name for name in LANGBORD_TABLES if name not in names]
            if missing:
                raise DatabaseError(f"is damaged: its tables {', '.join(missing)} are missing")
            for step in range(version, SCHEMA_VERSION):
                MIGRATIONS[step](connection)
            if version < SCHEMA_VERSION:
                connection.execute(
                    text("UPDATE lb_schema SET value = :v WHERE key = 'version'"),
                    {"v": SCHEMA_VERSION},
                )
        connection.commit()


def _schema_version(connection: Connection) -> int:
    rows = connection.execute(text("SELECT value FROM lb_schema WHERE key = 'version'")).all()
    if not rows:
        raise DatabaseError("has no schema version (lb_schema holds no 'version' row)")
    value = rows[0][0]
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise DatabaseError(f"has an unreadable schema version {value!r} (a whole number ≥ 1)")


def _to_2(connection: Connection) -> None:
    """Schema 1 to 2: ``lb_tables.touched``, the last move's time (or the table's creation),
    and ``lb_tables.seated``, whether a human has joined, with the lobby's index."""
    kind = DateTime().compile(dialect=connection.dialect)
    connection.exec_driver_sql(f"ALTER TABLE lb_tables ADD COLUMN touched {kind}")
    connection.exec_driver_sql(
        "ALTER TABLE lb_tables ADD COLUMN seated BOOLEAN NOT NULL DEFAULT FALSE"
    )
    connection.exec_driver_sql(
        "UPDATE lb_tables SET touched = COALESCE("
        "(SELECT MAX(m.created) FROM lb_moves m WHERE m.table_id = lb_tables.id), created), "
        "seated = EXISTS (SELECT 1 FROM lb_seats s WHERE s.table_id = lb_tables.id "
        "AND s.kind = 'human' AND s.token_hash IS NOT NULL)"
    )
    (lobby,) = TableRow.__table_args__
    lobby.create(connection)


def _to_3(connection: Connection) -> None:
    """Schema 2 to 3: the chat table, and the tables' undo count, hints and hotseat flags, undo
    request, rematch links and winners (``NULL`` for games that ended before: read again from
    their log). Existing tables keep hints off, as they were created."""
    ChatRow.__table__.create(connection)  # type: ignore[attr-defined]
    for column in (
        "undone INTEGER NOT NULL DEFAULT 0",
        "hints BOOLEAN NOT NULL DEFAULT FALSE",
        "hotseat BOOLEAN NOT NULL DEFAULT FALSE",
        f"undo_request {JSON().compile(dialect=connection.dialect)}",
        "rematch VARCHAR(32)",
        "rematch_of VARCHAR(32)",
        f"winners {JSON().compile(dialect=connection.dialect)}",
    ):
        connection.exec_driver_sql(f"ALTER TABLE lb_tables ADD COLUMN {column}")


def _to_4(connection: Connection) -> None:
    """Schema 3 to 4: the analyses of finished games (none yet)."""
    AnalysisRow.__table__.create(connection)  # type: ignore[attr-defined]


def _to_5(connection: Connection) -> None:
    """Schema 4 to 5: the client that asked for each analysis (``NULL`` for those asked
    before: one client of their own) and when it was last looked at (``NULL``: never)."""
    if "client" in {c["name"] for c in inspect(connection).get_columns("lb_analysis")}:
        return  # made by _to_4 from this schema's table
    kind = DateTime().compile(dialect=connection.dialect)
    connection.exec_driver_sql("ALTER TABLE lb_analysis ADD COLUMN client VARCHAR(64)")
    connection.exec_driver_sql(f"ALTER TABLE lb_analysis ADD COLUMN viewed {kind}")
    connection.exec_driver_sql("CREATE INDEX ix_lb_analysis_client ON lb_analysis (client)")


MIGRATIONS = {1: _to_2, 2: _to_3, 3: _to_4, 4: _to_5}
"""``MIGRATIONS[v]`` brings a schema-``v`` database to ``v + 1``."""
