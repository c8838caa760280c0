"""The store on a SQLite file (or in memory): one server process, one writer at a time."""

from __future__ import annotations

import logging
from collections.abc import Callable

from langbord.server.fairlock import FairLock
from langbord.server.store.base import SqlStore

log = logging.getLogger("langbord.server")

CHECKPOINT_SECONDS = 0.5


class SqliteStore(SqlStore):
    """SQLite has one writer at a time: writing threads queue in this process, in turn
    (:class:`~langbord.server.fairlock.FairLock`), rather than in SQLite's busy handler, which
    sleeps up to 100 ms between tries. Nobody else writes to the file, so nobody is notified."""

    def __init__(self, url: str, wait_seconds: float, synchronous: str = "full") -> None:
        super().__init__(url, wait_seconds, synchronous)
        self._write_lock = FairLock()

    def start(self, heard: Callable[[str], None]) -> None:
        """Starts copying the write-ahead log into a database file (see
        :meth:`_checkpoint`)."""
        if self.engine.url.database not in (None, "", ":memory:"):
            self._spawn(self._checkpoint, "langbord-checkpoint")

    def _checkpoint(self) -> None:
        """Copies SQLite's write-ahead log into the database file every ``CHECKPOINT_SECONDS``
        (a passive checkpoint: it waits for nobody). Left to SQLite, a commit that finds 1,000
        pages in the log does it itself, holding every move behind it for its fsync."""
        while not self._stopping.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy or failing database: the commits' own checkpoints remain
                log.debug("checkpoint failed", exc_info=True)
