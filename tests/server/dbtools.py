"""Helpers for the database tests: every row langbord keeps, and a table made older."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import create_engine, inspect, text, update

from langbord.server.store.schema import MoveRow, TableRow

Rows = dict[str, list[tuple[Any, ...]]]


def snapshot(url: str) -> Rows:
    """Every row of every table in the database at ``url``, in a stable order."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            names = sorted(inspect(connection).get_table_names())
            return {
                name: sorted(
                    (tuple(row) for row in connection.execute(text(f'SELECT * FROM "{name}"'))),
                    key=repr,
                )
                for name in names
            }
    finally:
        engine.dispose()


def backdate(url: str, table_id: str, days: float) -> datetime:
    """Makes the table's creation, moves and last touch ``days`` older than now; returns
    the new last touch."""
    when = datetime.now(UTC) - timedelta(days=days)
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(created=when, touched=when)
            )
            connection.execute(
                update(MoveRow).where(MoveRow.table_id == table_id).values(created=when)
            )
    finally:
        engine.dispose()
    return when
