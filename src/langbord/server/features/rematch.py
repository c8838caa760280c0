"""Rematches: a new table of the same game, options and seats as a finished one, asked for by
any of its seats; bot seats keep their specs, each human seat is kept for its player (who
claims it with their token at the finished table)."""

from __future__ import annotations

from collections.abc import Callable

from langbord.core.i18n import _
from langbord.server.errors import Conflict
from langbord.server.opening import Opener
from langbord.server.tables import Tables


class Rematch:
    """Rematches of the live ``tables``, opened by ``opener``; ``changed(table_id)`` is told of
    the finished table's change."""

    def __init__(self, tables: Tables, opener: Opener, changed: Callable[[str], None]) -> None:
        self.tables = tables
        self.opener = opener
        self.changed = changed

    def rematch(self, table_id: str, seat: int) -> str:
        """The rematch of this finished table (see the module): its id. Asked again, the same
        new table."""
        with self.tables.writer(table_id) as live:
            self.tables.fresh(live)
            with live.lock:
                if live.status != "over" or not live.state.is_terminal():
                    raise Conflict(_("a rematch follows a finished game: this one is not over"))
                if live.rematch is not None:
                    return live.rematch
                kinds = [s.kind for s in live.seats]
                options = dict(live.game.options)
            try:
                new_id, _tokens = self.opener.open(
                    live.game.name,
                    options,
                    kinds,
                    hints=live.hints,
                    hotseat=False,
                    rematch_of=live.id,
                )
            except Conflict:
                self.tables.refresh(live)
                if live.rematch is None:
                    raise
                return live.rematch
            with live.lock:
                live.rematch = new_id
                live.changes += 1
        self.changed(table_id)
        return new_id
