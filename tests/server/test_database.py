"""The database, attacked: a file or server the server cannot use is refused at start in one line
that names it (``langbord serve`` exits 2, no traceback) and is left exactly as it was; a
database that turns read-only, full or locked while the server runs answers a move 503 with
``Retry-After``, changes nothing, and keeps serving reads; older schemas are migrated."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import make_url

from langbord.server.config import ServerConfig
from langbord.server.http.app import create_app
from langbord.server.service import Service
from langbord.server.store.schema import SCHEMA_VERSION, DatabaseError, TableRow, open_database
from server.conftest import POSTGRES, fresh_postgres
from server.dbtools import snapshot
from server.server_process import LAUNCH, free_port

Headers = dict[str, str]


def serve_refuses(url: str) -> str:
    """``langbord serve --db url`` as a user runs it: exit 2 and one line; that line."""
    result = subprocess.run(
        [sys.executable, "-c", LAUNCH, "serve", "--db", url, "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=120,
    )
    everything = result.stdout + result.stderr
    assert result.returncode == 2, everything
    assert "Traceback" not in everything and "internal error" not in everything, everything
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("langbord: error: "), everything
    return lines[0]


def fingerprint(path: Path) -> dict[str, str]:
    """The directory holding ``path``: each entry's name and content hash."""
    return {
        entry.name: hashlib.sha256(entry.read_bytes()).hexdigest() if entry.is_file() else "dir"
        for entry in sorted(path.parent.iterdir())
    }


def langbord_file(path: Path, tables: int = 40) -> None:
    """A real langbord SQLite database with some tables in it, closed cleanly."""
    service = Service(f"sqlite:///{path}")
    for _ in range(tables):
        service.create_table("skibe", {}, ["human", "random", "random", "random"])
    service.store.engine.dispose()


def foreign_file(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    connection.executemany("INSERT INTO users (name) VALUES (?)", [("ann",), ("bo",)])
    connection.commit()
    connection.close()


def schema_file(path: Path, version: Any) -> None:
    """A langbord database whose schema row is ``version`` (None: no row at all)."""
    langbord_file(path, tables=1)
    connection = sqlite3.connect(path)
    if version is None:
        connection.execute("DELETE FROM lb_schema")
    else:
        connection.execute("UPDATE lb_schema SET value = ?", (version,))
    connection.commit()
    connection.close()


def truncated_file(path: Path) -> None:
    langbord_file(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def read_only_file(path: Path) -> None:
    langbord_file(path, tables=1)
    path.chmod(0o444)


def read_only_directory(path: Path) -> None:
    path.parent.chmod(0o555)


BAD_FILES: dict[str, tuple[Callable[[Path], object], str]] = {
    "garbage": (
        lambda p: p.write_bytes(random.Random(7).randbytes(8192)),
        "is not a SQLite database",
    ),
    "a text file": (lambda p: p.write_text("name,score\nann,3\n"), "is not a SQLite database"),
    "a truncated langbord database": (truncated_file, "malformed"),
    "another application's database": (
        foreign_file,
        "holds another application's tables (notes, users) and no langbord schema",
    ),
    "no schema version": (lambda p: schema_file(p, None), "has no schema version"),
    "a non-integer schema version": (
        lambda p: schema_file(p, "two"),
        "has an unreadable schema version 'two'",
    ),
    "a newer schema": (lambda p: schema_file(p, SCHEMA_VERSION + 1), "newer than this langbord"),
    "a directory": (lambda p: p.mkdir(), "is a directory, not a database file"),
    "a read-only file": (read_only_file, "is read-only"),
    "a read-only directory": (read_only_directory, "the directory of the database"),
}


@pytest.fixture
def place(tmp_path: Path) -> Iterator[Path]:
    """Where the bad database goes; made writable again afterwards, for the clean-up."""
    directory = tmp_path / "data"
    directory.mkdir()
    yield directory / "langbord.db"
    directory.chmod(0o755)
    for entry in directory.iterdir():
        entry.chmod(0o755 if entry.is_dir() else 0o644)


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_sqlite_file_is_refused_and_left_alone(kind: str, place: Path) -> None:
    make, what = BAD_FILES[kind]
    make(place)
    before = fingerprint(place)
    url = f"sqlite:///{place}"
    with pytest.raises(DatabaseError) as refused:
        open_database(url)
    message = str(refused.value)
    assert str(place) in message and what in message, message
    assert "\n" not in message
    line = serve_refuses(url)
    assert str(place) in line and what in line, line
    assert fingerprint(place) == before  # not a byte written, no journal left behind


def test_a_foreign_sqlite_database_keeps_its_tables(place: Path) -> None:
    foreign_file(place)
    before = snapshot(f"sqlite:///{place}")
    serve_refuses(f"sqlite:///{place}")
    after = snapshot(f"sqlite:///{place}")
    assert after == before and set(after) == {"users", "notes"}
    assert after["users"] == [(1, "ann"), (2, "bo")]


# ---- PostgreSQL ---------------------------------------------------------------------------------


@pytest.fixture
def postgres() -> Iterator[str]:
    yield from fresh_postgres()


def test_a_foreign_postgres_database_is_refused_and_left_alone(postgres: str) -> None:
    import psycopg

    plain = make_url(postgres).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain) as connection:
        connection.execute("CREATE TABLE orders (id serial PRIMARY KEY, item text)")
        connection.execute("INSERT INTO orders (item) VALUES ('skis'), ('poles')")
    before = snapshot(postgres)
    with pytest.raises(DatabaseError, match=r"another application's tables \(orders\)"):
        open_database(postgres)
    line = serve_refuses(postgres)
    assert "another application's tables (orders)" in line
    assert make_url(postgres).database in line  # type: ignore[operator]
    assert snapshot(postgres) == before


def test_a_postgres_database_without_its_schema_row_is_refused(postgres: str) -> None:
    engine, _ = open_database(postgres)
    with engine.begin() as connection:
        connection.exec_driver_sql("DELETE FROM lb_schema")
    engine.dispose()
    before = snapshot(postgres)
    assert "has no schema version" in serve_refuses(postgres)
    assert snapshot(postgres) == before


@pytest.mark.skipif(not POSTGRES, reason="LANGBORD_TEST_POSTGRES is not set")
@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"database": "langbord_nonesuch"}, 'database "langbord_nonesuch" does not exist'),
        ({"password": "s3cret-but-wrong"}, "password authentication failed"),
    ],
)
def test_a_postgres_server_that_will_not_have_us(change: dict[str, str], what: str) -> None:
    assert POSTGRES is not None
    base = make_url(POSTGRES)
    url = base.set(
        database=change.get("database", base.database),
        password=change.get("password", base.password),
    ).render_as_string(hide_password=False)
    line = serve_refuses(url)
    assert what in line and "cannot open the database postgresql" in line, line
    assert "s3cret" not in line and "***@" in line


# ---- the schema and its migration ---------------------------------------------------------------

V1 = MetaData()
"""Schema 1 as langbord 0.x created it, frozen here: the migration's starting point."""
Table("lb_schema", V1, Column("key", String(32), primary_key=True), Column("value", Integer))
Table(
    "lb_tables",
    V1,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("version", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", DateTime, nullable=False),
)
Table(
    "lb_seats",
    V1,
    Column("table_id", ForeignKey("lb_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),
    Column("name", String(64)),
    Column("token_hash", String(64), unique=True),
)
Table(
    "lb_moves",
    V1,
    Column("table_id", ForeignKey("lb_tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("player", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("created", DateTime, nullable=False),
)


def play(client: TestClient, table_id: str, seats: dict[int, Headers], moves: int) -> None:
    for _ in range(moves):
        table = client.get(f"/api/tables/{table_id}").json()
        headers = seats[table["to_move"]]
        legal = client.get(f"/api/tables/{table_id}", headers=headers).json()["legal"]
        response = client.post(
            f"/api/tables/{table_id}/actions",
            headers=headers,
            json={"action": legal[0]["text"], "move": table["move"]},
        )
        assert response.status_code == 200, response.text


def joined(client: TestClient, table_id: str, names: list[str]) -> dict[int, Headers]:
    seats = {}
    for name in names:
        body = client.post(f"/api/tables/{table_id}/join", json={"name": name}).json()
        seats[body["seat"]] = {"Authorization": f"Bearer {body['token']}"}
    return seats


def v1_rows(url: str) -> dict[str, list[dict[str, Any]]]:
    """The rows of schema 1's tables (read through schema 1's columns), typed."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return {
                name: sorted(
                    (dict(row._mapping) for row in connection.execute(select(table))), key=repr
                )
                for name, table in V1.tables.items()
            }
    finally:
        engine.dispose()


def test_a_version_1_database_is_migrated(db_url: str, tmp_path: Path) -> None:
    """Two games logged under schema 1 (one played last month) and a table nobody joined come
    through the migration to schema 2 whole: the same views and logs, their last move's time
    as their last touch, seated as they were, the old one closed as abandoned while the recent
    one plays on and is in the lobby."""
    source = f"sqlite:///{tmp_path / 'source.db'}"
    with TestClient(create_app(source)) as client:
        ids, tokens = [], {}
        for _ in range(2):
            table_id, seats = two_humans(client)
            play(client, table_id, seats, 3)
            ids.append(table_id)
            tokens[table_id] = seats
        views = {t: client.get(f"/api/tables/{t}", headers=tokens[t][0]).json() for t in ids}
        empty = client.post("/api/tables", json={"game": "skaal", "seats": ["human"] * 4}).json()
    rows = v1_rows(source)
    rows["lb_schema"] = [{"key": "version", "value": 1}]
    month_ago = datetime.now(UTC).replace(tzinfo=None) - timedelta(days=30)
    for row in rows["lb_tables"] + rows["lb_moves"]:
        if row.get("table_id", row.get("id")) == ids[0]:
            row["created"] = month_ago
    engine = create_engine(db_url)
    V1.create_all(engine)
    with engine.begin() as connection:
        for name in ("lb_schema", "lb_tables", "lb_seats", "lb_moves"):
            connection.execute(insert(V1.tables[name]), rows[name])
    engine.dispose()
    last_move = max(r["created"] for r in rows["lb_moves"] if r["table_id"] == ids[1])

    with TestClient(create_app(db_url)) as client:
        migrated = v1_rows(db_url)
        assert migrated["lb_schema"] == [{"key": "version", "value": SCHEMA_VERSION}]
        for row in rows["lb_tables"]:
            if row["id"] == ids[0]:
                row["status"] = "abandoned"  # closed as the server started
        assert {k: v for k, v in migrated.items() if k != "lb_schema"} == {
            k: v for k, v in rows.items() if k != "lb_schema"
        }
        engine = create_engine(db_url)
        with engine.connect() as connection:
            touched = dict(connection.execute(select(TableRow.id, TableRow.touched)).all())
            status = dict(connection.execute(select(TableRow.id, TableRow.status)).all())
            seated = dict(connection.execute(select(TableRow.id, TableRow.seated)).all())
        engine.dispose()
        created = {row["id"]: row["created"] for row in rows["lb_tables"]}
        assert touched == {ids[0]: month_ago, ids[1]: last_move, empty["id"]: created[empty["id"]]}
        assert status == {ids[0]: "abandoned", ids[1]: "playing", empty["id"]: "open"}
        assert seated == {ids[0]: True, ids[1]: True, empty["id"]: False}
        lobby = client.get("/api/tables").json()
        assert [t["id"] for t in lobby["tables"]] == [ids[1]]
        assert [t["id"] for t in lobby["finished"]] == [ids[0]]
        old, recent = (client.get(f"/api/tables/{t}", headers=tokens[t][0]).json() for t in ids)
        closed: dict[str, Any] = {"status": "abandoned", "legal": [], "prompt": None}
        assert old == {**views[ids[0]], **closed, "undo": {"available": False, "request": None}}
        assert recent == views[ids[1]]
        play(client, ids[1], tokens[ids[1]], 2)
        refused = client.post(
            f"/api/tables/{ids[0]}/actions",
            headers=tokens[ids[0]][old["to_move"]],
            json={"action": "anything", "move": old["move"]},
        )
        assert refused.status_code == 409 and "abandoned" in refused.json()["detail"]


# ---- a database that fails while the server runs ------------------------------------------------


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'langbord.db'}"


def two_humans(client: TestClient) -> tuple[str, dict[int, Headers]]:
    """A two-player Knarr table with both seats taken."""
    body = {"game": "knarr", "options": {"players": 2}, "seats": ["human", "human"]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    return table_id, joined(client, table_id, ["Ann", "Bo"])


def next_move(
    client: TestClient, table_id: str, seats: dict[int, Headers]
) -> tuple[Headers, dict[str, Any]]:
    """The headers of the seat to move and the body of its first legal move."""
    table = client.get(f"/api/tables/{table_id}").json()
    headers = seats[table["to_move"]]
    legal = client.get(f"/api/tables/{table_id}", headers=headers).json()["legal"]
    return headers, {"action": legal[0]["text"], "move": table["move"]}


def test_a_database_turned_read_only_answers_503(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        table_id, seats = two_humans(client)
        play(client, table_id, seats, 2)
        service: Service = client.app.state.service  # type: ignore[attr-defined]
        engine = service.store.engine
        engine.dispose()

        def read_only(dbapi: Any, _record: Any) -> None:
            if service.store.shared:  # PostgreSQL: a read-only session
                dbapi.execute("SET SESSION default_transaction_read_only = on")
                dbapi.commit()
            else:
                dbapi.execute("PRAGMA query_only = ON")

        event.listen(engine, "connect", read_only)
        before = snapshot(db_url)
        view = client.get(f"/api/tables/{table_id}").json()
        headers, move = next_move(client, table_id, seats)
        response = client.post(f"/api/tables/{table_id}/actions", headers=headers, json=move)
        assert response.status_code == 503
        assert response.headers["retry-after"].isdigit()
        assert "the database is read-only: nothing was changed" in response.json()["detail"]
        assert client.get(f"/api/tables/{table_id}").json() == view  # still served, unchanged
        created = client.post("/api/tables", json={"game": "skaal", "seats": ["human"] * 4})
        assert created.status_code == 503
        assert snapshot(db_url) == before
        event.remove(engine, "connect", read_only)
        engine.dispose()
        response = client.post(f"/api/tables/{table_id}/actions", headers=headers, json=move)
        assert response.status_code == 200, response.text


def test_a_full_database_answers_503(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        table_id, seats = two_humans(client)
        service: Service = client.app.state.service  # type: ignore[attr-defined]
        engine = service.store.engine
        with engine.connect() as connection:
            pages = connection.exec_driver_sql("PRAGMA page_count").scalar()

        def no_room(dbapi: Any, _record: Any, _proxy: Any) -> None:
            dbapi.execute(f"PRAGMA max_page_count = {pages}")  # the disk holds no more

        event.listen(engine, "checkout", no_room)
        for _ in range(1000):
            before = snapshot(sqlite_url)
            view = client.get(f"/api/tables/{table_id}").json()
            headers, move = next_move(client, table_id, seats)
            response = client.post(f"/api/tables/{table_id}/actions", headers=headers, json=move)
            if response.status_code != 200:
                break
        else:
            pytest.fail("the database never filled up")
        assert response.status_code == 503 and "retry-after" in response.headers
        assert "the database or its disk is full" in response.json()["detail"]
        assert client.get(f"/api/tables/{table_id}").json() == view
        assert snapshot(sqlite_url) == before


@contextmanager
def write_lock(url: str) -> Iterator[None]:
    """Another program holding the database's write lock (reads still go through)."""
    if make_url(url).get_backend_name() == "sqlite":
        holder = sqlite3.connect(make_url(url).database or "", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
    else:
        import psycopg

        plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(plain) as connection:
            connection.execute("LOCK TABLE lb_tables, lb_moves IN EXCLUSIVE MODE")
            yield
            connection.rollback()


def test_a_move_behind_another_writers_lock_answers_503(db_url: str) -> None:
    config = ServerConfig(write_wait_seconds=0.5)
    with TestClient(create_app(db_url, config=config)) as client:
        table_id, seats = two_humans(client)
        play(client, table_id, seats, 1)
        headers, move = next_move(client, table_id, seats)
        view = client.get(f"/api/tables/{table_id}", headers=headers).json()
        before = snapshot(db_url)
        with write_lock(db_url):
            response = client.post(f"/api/tables/{table_id}/actions", headers=headers, json=move)
            assert response.status_code == 503, response.text
            assert response.headers["retry-after"].isdigit()
            assert "the database is busy" in response.json()["detail"]
            assert client.get(f"/api/tables/{table_id}", headers=headers).json() == view
            assert snapshot(db_url) == before
        response = client.post(f"/api/tables/{table_id}/actions", headers=headers, json=move)
        assert response.status_code == 200, response.text
        assert client.get(f"/api/tables/{table_id}").json()["move"] > move["move"]


def test_a_look_does_not_wait_behind_a_moves_lock_wait(db_url: str) -> None:
    """While a move waits for the database (another program holds its write lock), a look at
    the same table answers at once; the move goes through when the lock is released."""
    config = ServerConfig(write_wait_seconds=60)  # the move waits for as long as we hold it
    with TestClient(create_app(db_url, config=config)) as client:
        table_id, seats = two_humans(client)
        headers, move = next_move(client, table_id, seats)
        view = client.get(f"/api/tables/{table_id}", headers=headers).json()
        service: Service = client.app.state.service  # type: ignore[attr-defined]
        writing, moved, looked = threading.Event(), threading.Event(), threading.Event()
        answers: dict[str, Any] = {}

        def saw(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if statement.lstrip().upper().startswith("INSERT INTO LB_MOVES"):
                writing.set()

        event.listen(service.store.engine, "before_cursor_execute", saw)

        def post() -> None:
            answers["move"] = client.post(
                f"/api/tables/{table_id}/actions", headers=headers, json=move
            )
            moved.set()

        def get() -> None:
            answers["look"] = client.get(f"/api/tables/{table_id}", headers=headers)
            looked.set()

        mover = threading.Thread(target=post, daemon=True)
        with write_lock(db_url):
            mover.start()
            assert writing.wait(30), "the move never reached the database"
            looker = threading.Thread(target=get, daemon=True)
            looker.start()
            assert looked.wait(30), "the look waited behind the move"
            assert not moved.is_set()  # the move still waits: we hold the lock
            assert answers["look"].status_code == 200
            assert answers["look"].json() == view
        mover.join(60)
        assert moved.is_set() and answers["move"].status_code == 200, answers["move"].text
        assert client.get(f"/api/tables/{table_id}").json()["move"] > move["move"]


def test_a_fresh_database_is_created_with_the_current_schema(db_url: str) -> None:
    engine, sessions = open_database(db_url)
    with sessions() as session:
        from langbord.server.store.schema import SchemaRow

        assert session.execute(select(SchemaRow.value)).scalar_one() == SCHEMA_VERSION
    engine.dispose()
    open_database(db_url)[0].dispose()  # and opened again as langbord's own
    if make_url(db_url).get_backend_name() == "sqlite":
        path = Path(make_url(db_url).database or "")
        assert path.read_bytes()[18:20] == b"\x02\x02"  # WAL, once it is known to be ours


def test_an_unwritable_place_for_a_new_database(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    url = f"sqlite:///{blocker / 'sub' / 'langbord.db'}"
    line = serve_refuses(url)
    assert "cannot create the directory of the database" in line and str(blocker) in line
    assert blocker.read_text() == "not a directory"


def test_no_database_url_prints_a_password(tmp_path: Path) -> None:
    del tmp_path
    assert "hunter2" not in serve_refuses("postgresql+psycopg://u:hunter2@127.0.0.1:1/x")


@pytest.mark.parametrize(("setting", "pragma"), [("full", 2), ("normal", 1)])
def test_sqlite_sync_is_the_hosts_choice(tmp_path: Path, setting: str, pragma: int) -> None:
    """``--sqlite-sync`` reaches every connection's ``PRAGMA synchronous``; anything else is
    refused before the file is touched."""
    url = f"sqlite:///{tmp_path / 'sync.db'}"
    engine, _sessions = open_database(url, synchronous=setting)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == pragma
    finally:
        engine.dispose()
    with pytest.raises(DatabaseError, match="full or normal"):
        open_database(f"sqlite:///{tmp_path / 'other.db'}", synchronous="off")
    assert not (tmp_path / "other.db").exists()


SCHEMA_3_COLUMNS = ("undone", "hints", "hotseat", "undo_request", "rematch", "rematch_of")


def test_a_version_2_database_is_migrated(db_url: str) -> None:
    """A database of schema 2 (no chat, none of the tables' undo, hint, hotseat, rematch or
    winner columns) comes through the migration to schema 3 whole: the same tables as each seat
    sees them, hints off as they were made, and the new features working on them."""
    with TestClient(create_app(db_url, web=False)) as client:
        table_id, seats = two_humans(client)
        play(client, table_id, seats, 3)
        views = {p: client.get(f"/api/tables/{table_id}", headers=seats[p]).json() for p in seats}
    engine = create_engine(db_url)
    with engine.begin() as connection:
        connection.exec_driver_sql("DROP TABLE lb_analysis")  # schema 4's
        connection.exec_driver_sql("DROP TABLE lb_chat")
        for column in (*SCHEMA_3_COLUMNS, "winners"):
            connection.exec_driver_sql(f"ALTER TABLE lb_tables DROP COLUMN {column}")
        connection.exec_driver_sql("UPDATE lb_schema SET value = 2")
    engine.dispose()

    with TestClient(create_app(db_url, web=False)) as client:
        engine = create_engine(db_url)
        with engine.connect() as connection:
            version = connection.exec_driver_sql("SELECT value FROM lb_schema").scalar_one()
            names = {c["name"] for c in inspect(connection).get_columns("lb_tables")}
            chat_columns = {c["name"] for c in inspect(connection).get_columns("lb_chat")}
        engine.dispose()
        assert version == SCHEMA_VERSION >= 3
        assert set(SCHEMA_3_COLUMNS) | {"winners"} <= names
        assert chat_columns == {"table_id", "number", "seat", "name", "text", "created"}
        for p, view in views.items():
            assert client.get(f"/api/tables/{table_id}", headers=seats[p]).json() == view
        assert views[0]["hints"] is False and views[0]["chat"] == []
        said = client.post(f"/api/tables/{table_id}/chat", headers=seats[0], json={"text": "hej"})
        assert said.status_code == 201, said.text
        play(client, table_id, seats, 1)
        after = client.get(f"/api/tables/{table_id}").json()
        assert [m["text"] for m in after["chat"]] == ["hej"] and after["move"] > views[0]["move"]
