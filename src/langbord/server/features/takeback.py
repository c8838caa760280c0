"""Take-backs: a seat takes back its own last decisions (never past chance or another seat's
move, so nothing hidden is revealed or re-dealt): at once where every other seat is a bot or
the table is hotseat, else as a request the other humans answer, which any move cancels."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from langbord.core.game import CHANCE, JSON
from langbord.core.i18n import _
from langbord.server.config import ServerConfig
from langbord.server.errors import Conflict
from langbord.server.shared import abandoned_detail, humans_but, own_moves, seat_words
from langbord.server.store import Store
from langbord.server.tables import Live, Tables
from langbord.server.views import undo_json


class Takeback:
    """Undo requests and their answers (see the module). ``clock()`` is the time;
    ``changed(table_id)`` is told of every committed change, ``wake(table_id)`` of a table whose
    bots may now move."""

    def __init__(
        self,
        tables: Tables,
        store: Store,
        config: ServerConfig,
        clock: Callable[[], datetime],
        changed: Callable[[str], None],
        wake: Callable[[str], None],
    ) -> None:
        self.tables = tables
        self.store = store
        self.config = config
        self.clock = clock
        self.changed = changed
        self.wake = wake

    def _undoable(self, live: Live, seat: int) -> int:
        """The moves ``seat`` may undo now (caller holds ``live.lock``); refuses otherwise."""
        if live.status == "open":
            raise Conflict(_("the table is waiting for players to join"))
        if live.status == "abandoned":
            raise Conflict(abandoned_detail(self.config.abandon_days))
        if live.status == "over" or live.state.is_terminal():
            raise Conflict(_("the game is over: nothing can be undone"))
        count = own_moves(live, seat)
        if count:
            return count
        if not live.log or all(e.player != seat for e in live.log):
            raise Conflict(_("nothing to undo: you have made no decision yet"))
        last = live.log[-1].player
        if last == CHANCE:
            raise Conflict(
                _(
                    "nothing to undo: chance has spoken since your last decision (a card "
                    "revealed or a die rolled)"
                )
            )
        raise Conflict(
            _("nothing to undo: {seat} has moved since your last").format(
                seat=seat_words(live, last)
            )
        )

    def undo(self, table_id: str, seat: int) -> dict[str, JSON]:
        """Takes back ``seat``'s own last decisions (:func:`~langbord.server.shared.own_moves`):
        at once where every other seat is a bot or the table is hotseat, else as a request the
        other humans answer (:meth:`answer_undo`). Returns ``{"undone": moves taken back,
        "request": …}``."""
        with self.tables.writer(table_id) as live:
            self.tables.fresh(live)
            with live.lock:
                count = self._undoable(live, seat)
                if live.undo_request is not None:
                    raise Conflict(_("an undo is already waiting for the other players' answer"))
                others = humans_but(live, seat)
                undone, moves = live.undone, live.moves
            if not others or live.hotseat:
                self._take_back(live, count)
                result: dict[str, JSON] = {"undone": count, "request": None}
            else:
                request = {"by": seat, "moves": count, "at": moves, "accepted": []}
                self._set_request(live, request, undone, moves)
                with live.lock:
                    result = {"undone": 0, "request": undo_json(live, seat)["request"]}
        self.changed(table_id)
        self.wake(table_id)
        return result

    def answer_undo(self, table_id: str, seat: int, accept: bool) -> dict[str, JSON]:
        """``seat``'s answer to the undo request: a refusal cancels it; the last acceptance
        carries it out (if no move came meanwhile: a move cancels it)."""
        with self.tables.writer(table_id) as live:
            self.tables.fresh(live)
            with live.lock:
                request = live.undo_request
                if request is None or live.status != "playing":
                    raise Conflict(_("no undo request is waiting for an answer"))
                if request["by"] == seat:
                    raise Conflict(_("you asked for this undo: the other players answer it"))
                if seat in request["accepted"]:
                    raise Conflict(_("you have accepted this undo already"))
                waiting = [
                    p for p in humans_but(live, request["by"]) if p not in request["accepted"]
                ]
                undone, moves = live.undone, live.moves
            if not accept:
                self._set_request(live, None, undone, moves)
                result: dict[str, JSON] = {"undone": 0, "request": None}
            elif waiting == [seat]:
                with live.lock:
                    count = own_moves(live, request["by"])
                if request["at"] != moves or count < request["moves"]:  # cannot be: a move clears
                    self._set_request(live, None, undone, moves)
                    raise Conflict(_("the table has moved since the undo was asked for"))
                self._take_back(live, request["moves"])
                result = {"undone": request["moves"], "request": None}
            else:
                accepted = {**request, "accepted": [*request["accepted"], seat]}
                self._set_request(live, accepted, undone, moves)
                with live.lock:
                    result = {"undone": 0, "request": undo_json(live, seat)["request"]}
        self.changed(table_id)
        self.wake(table_id)
        return result

    def _set_request(
        self, live: Live, request: dict[str, Any] | None, undone: int, moves: int
    ) -> None:
        """Stores the table's undo request (None: none), if the table is still as read."""
        self.store.set_undo_request(live.id, undone, request)
        with live.lock:
            if live.moves != moves:  # a move came in the meantime (it cleared the request)
                request = None
            live.undo_request = request
            live.changes += 1

    def _take_back(self, live: Live, count: int) -> None:
        """Deletes the log's last ``count`` entries (one seat's own decisions: no chance, so
        nothing hidden is revealed or re-dealt) and rebuilds the state before them. Caller
        holds ``live.writer``; nothing changes unless all of it is committed."""
        with live.lock:
            undone, total = live.undone, live.moves
            history = live.state.history()
        first = total - count
        stamp = self.clock()
        self.store.take_back(live.id, undone, first, count, stamp)
        state = live.game.new_initial_state()
        for action in history[:first]:
            state.apply_unchecked(action)
        with live.lock:
            live.state = state
            del live.log[first:]
            live.undone = undone + 1
            live.undo_request = None
            live.hint = None
            live.touched = max(live.touched, stamp)
            live.changes += 1
