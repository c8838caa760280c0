"""Fixtures for the server's tests: an app on a fresh SQLite file, and on a fresh PostgreSQL
database when ``LANGBORD_TEST_POSTGRES`` names a server (``.ci/postgres.sh`` starts one; CI
always does, and there its absence is an error, not a skip)."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from langbord.server.config import ServerConfig
from langbord.server.http.app import create_app

POSTGRES = os.environ.get("LANGBORD_TEST_POSTGRES")
# The limits per client address stay on, but one test client makes many tables and moves.
GENEROUS = ServerConfig(
    create_rate="100000/minute", join_rate="100000/minute", move_rate="100000/minute"
)


def fresh_postgres() -> Iterator[str]:
    """A new, empty PostgreSQL database for one test; dropped afterwards."""
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("LANGBORD_TEST_POSTGRES is not set: CI must test PostgreSQL for real")
        pytest.skip("LANGBORD_TEST_POSTGRES is not set (bash .ci/postgres.sh starts a server)")
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(POSTGRES)
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"langbord_t_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        drop(admin, name)


def drop(admin: str, name: str) -> None:
    """Drop a test database. ``FORCE`` ends the test's own connections; an autovacuum worker
    that PostgreSQL started on the fresh database belongs to the server, which the test role
    may not end (``InsufficientPrivilege``), so the drop is tried again once it has finished."""
    import psycopg

    for attempt in range(20):
        try:
            with psycopg.connect(admin, autocommit=True) as connection:
                connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            return
        except psycopg.errors.InsufficientPrivilege:
            if attempt == 19:
                raise
            time.sleep(0.5)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'langbord.db'}"
    else:
        yield from fresh_postgres()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The API on a fresh SQLite file, started (bots running) and stopped around the test."""
    app = create_app(f"sqlite:///{tmp_path / 'api.db'}", config=GENEROUS)
    with TestClient(app) as test_client:
        yield test_client
