""" "Why not?": whether an action may be played now at a table, and if not why, as the asking
seat may be told (:func:`langbord.server.why.why_not`). Nothing changes."""

from __future__ import annotations

from langbord.core.game import JSON
from langbord.server.tables import Tables
from langbord.server.why import why_not


class Why:
    """ "Why not?" at the live ``tables``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def why(
        self, table_id: str, seat: int | None, kind: str, args: dict[str, int | str]
    ) -> dict[str, JSON]:
        """Whether the action of parts ``kind`` and ``args`` may be played now, and if not why,
        as ``seat`` (None: a spectator) may be told; nothing changes."""
        live = self.tables.get(table_id)
        self.tables.fresh(live)
        with live.lock:
            state = live.state.clone()
            status = live.status
        return why_not(live.game, state, seat, kind, args, status=status)
