"""The store on PostgreSQL: several server processes may share it, writing side by side; each
tells the others of every change (``NOTIFY``) and listens for theirs (``LISTEN``)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

import psycopg
from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from langbord.server.store.base import SqlStore

log = logging.getLogger("langbord.server")

NOTIFY_CHANNEL = "langbord_moves"
_NOTIFY = text("SELECT pg_notify(:channel, :table)")


class PostgresStore(SqlStore):
    """See the module."""

    shared = True

    def __init__(self, url: str, wait_seconds: float, synchronous: str = "full") -> None:
        super().__init__(url, wait_seconds, synchronous)
        self.origin = secrets.token_hex(8)
        """Names this store's own notices, which its listener hears too and passes over."""

    def start(self, heard: Callable[[str], None]) -> None:
        """Starts listening for the other server processes' changes: ``heard(table_id)``."""
        self._spawn(lambda: self._listen(heard), "langbord-listen")

    def notify(self, session: Session | Connection, table_id: str) -> None:
        """Tells the others (``origin:table``) once ``session`` commits."""
        session.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL, "table": f"{self.origin}:{table_id}"})

    def _listen(self, heard: Callable[[str], None]) -> None:
        """Catches up with the changes other server processes commit (LISTEN/NOTIFY)."""
        url = make_url(self.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while not self._stopping.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stopping.is_set():
                        for note in connection.notifies(timeout=1.0):
                            origin, _, table_id = note.payload.rpartition(":")
                            if origin != self.origin:  # its own changes are in its cache
                                heard(table_id)
            except Exception:
                log.exception("listening for other servers' moves failed; retrying")
                self._stopping.wait(1.0)
