"""Looking at a table: as a seat or a spectator sees it now, its record, and a step of its
replay, each built by :mod:`langbord.server.views` under the table's lock. Nothing changes (but
for the spectators' view, kept on the table for them all)."""

from __future__ import annotations

from langbord.core.game import JSON
from langbord.core.i18n import _
from langbord.server.errors import Conflict, NotFound
from langbord.server.tables import Live, Tables
from langbord.server.views import record_json, step_json, table_json


class Looking:
    """Looks at the live ``tables``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def get_live(self, table_id: str) -> Live:
        """The table's cache (``NotFound`` for no such table)."""
        return self.tables.get(table_id)

    def table_json(self, table_id: str, seat: int | None, log_from: int = 0) -> dict[str, JSON]:
        """What ``seat`` (None: a spectator) sees of the table, its log from entry ``log_from``
        on (:func:`~langbord.server.views.table_json`). The values may be shared with other
        callers (the spectators' are): read them, do not change them."""
        live = self.tables.get(table_id)
        with live.lock:
            return table_json(live, seat, log_from)

    def record(self, table_id: str) -> dict[str, JSON]:
        """The whole record of a finished game; while it is played, its public part."""
        live = self.tables.get(table_id)
        with live.lock:
            return record_json(live)

    def step(self, table_id: str, number: int, seat: int | None = None) -> dict[str, JSON]:
        """The table after its first ``number`` moves. Once the game is over: the referee's view
        and text, which hide nothing then (the replay viewer). While it is played: as ``seat``
        saw it then (None: a spectator), its view, text and log told as that seat was told, so
        nothing is shown that the seat did not see at that moment. An abandoned table has no
        replay (``Conflict``)."""
        live = self.tables.get(table_id)
        with live.lock:
            if live.status == "abandoned":  # hands still hidden: the referee's view would tell
                raise Conflict(_("the table was abandoned before the end: it has no replay"))
            total = live.moves
            if not 0 <= number <= total:
                raise NotFound(
                    _("no step {step}: steps are 0 to {last}").format(step=number, last=total)
                )
            state = live.game.new_initial_state()
            for action in live.state.history()[:number]:
                state.apply_unchecked(action)
            return step_json(live, number, state, seat)
