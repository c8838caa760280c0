"""A table's life: created, joined seat by seat (the seat's token its only key), listed in the
lobby, and closed as ``abandoned`` once nobody has moved or joined for
``ServerConfig.abandon_days``: found so when it is next looked up (:meth:`Lifecycle.look`, the
cache's ``looked_up``), and by a sweep when the service starts and as the lobby is read."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from langbord.core.errors import LangbordError
from langbord.core.i18n import _
from langbord.server.config import ServerConfig
from langbord.server.errors import Conflict, Forbidden, ServiceError, Unauthorized, Unavailable
from langbord.server.opening import Opener
from langbord.server.shapes import Listed
from langbord.server.shared import abandoned_detail, check_name, hash_token, winners
from langbord.server.store import Store
from langbord.server.store.base import ACTIVE
from langbord.server.store.schema import TableRow
from langbord.server.tables import Live, Tables
from langbord.server.views import lobby_row

log = logging.getLogger("langbord.server")

SEAT_CACHE = 100_000
"""Seat tokens kept in memory (about 200 bytes each); others are looked up in the database."""
LOBBY_TABLES = 100
LOBBY_FINISHED = 20
SWEEP_SECONDS = 3600.0


class Lifecycle:
    """Creating, joining, listing and closing tables (see the module). ``opener`` opens a new
    table; ``clock()`` is the time; ``changed(table_id)`` is told of every committed change,
    ``wake(table_id)`` of a table whose bots may now move."""

    def __init__(
        self,
        tables: Tables,
        store: Store,
        config: ServerConfig,
        opener: Opener,
        clock: Callable[[], datetime],
        changed: Callable[[str], None],
        wake: Callable[[str], None],
    ) -> None:
        self.tables = tables
        self.store = store
        self.config = config
        self.opener = opener
        self.clock = clock
        self.changed = changed
        self.wake = wake
        # token hash -> (table, seat), once seen; the least recently used leave past SEAT_CACHE
        self.seats: OrderedDict[str, tuple[str, int]] = OrderedDict()
        self._seats_lock = threading.Lock()
        self._swept = time.monotonic()

    # ---- creating and joining -------------------------------------------------------------------

    def create_table(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[str],
        hints: bool | None = None,
    ) -> str:
        """A new table (see :meth:`create`); its id."""
        return self.create(game_name, options, seats, hints=hints)[0]

    def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[str],
        *,
        hints: bool | None = None,
        hotseat: bool = False,
        names: list[str | None] | None = None,
    ) -> tuple[str, dict[int, str] | None]:
        """A new table of ``game_name`` with a kind per seat (``human`` or a bot spec): its id,
        and for a ``hotseat`` table the token of each human seat (:meth:`Opener.open`)."""
        return self.opener.open(
            game_name, options, seats, hints=hints, hotseat=hotseat, names=names
        )

    def join(
        self,
        table_id: str,
        seat: int | None,
        name: str | None,
        claim: tuple[str, str | None] | None = None,
    ) -> tuple[int, str]:
        """Takes a free human seat (the first one if ``seat`` is None); returns the seat and its
        token, the only key to it (only its hash is stored). At a rematch every human seat is
        kept for its player of the last game: ``claim`` is (that table's id, the token of their
        seat there), which takes the same seat here, under the same name unless ``name``."""
        name = check_name(name) if name is not None and name.strip() else None
        kept: str | None = None
        if claim is not None:
            old_id, old_token = claim
            if old_token is None:
                raise Unauthorized(
                    _(
                        "a rematch seat is claimed with your seat's token at the last game "
                        "(Authorization: Bearer …)"
                    )
                )
            live = self.tables.get(table_id)
            if live.rematch_of != old_id:
                raise Conflict(
                    _("this table is not the rematch of table {table}").format(table=repr(old_id))
                )
            old_seat = self.seat_of(old_id, old_token)
            assert old_seat is not None
            if seat is not None and seat != old_seat:
                raise Conflict(
                    _("your seat at the last game was {seat}: claim that one").format(seat=old_seat)
                )
            seat = old_seat
            kept = self.tables.get(old_id).seats[old_seat].name
        elif not name:
            raise ServiceError(_("a name is needed to join"))
        name = name or kept or _("Player {n}").format(n=(seat or 0) + 1)
        token = secrets.token_urlsafe(32)
        with self.tables.writer(table_id) as live:
            with live.lock:
                if live.status == "abandoned":
                    raise Conflict(abandoned_detail(self.config.abandon_days))
                if live.rematch_of is not None and claim is None:
                    raise Conflict(
                        _(
                            "this table is a rematch: its seats are kept for the last game's "
                            "players (join with rematch_of and your seat's token there)"
                        )
                    )
                free = [s.seat for s in live.seats if not s.bot and not s.joined]
                terminal = live.state.is_terminal()
            if seat is None:
                if not free:
                    raise Conflict(_("no free seat at this table"))
                seat = free[0]
            elif not 0 <= seat < len(live.seats):
                raise ServiceError(
                    _("there is no seat {seat}: seats are 0 to {last}").format(
                        seat=seat, last=len(live.seats) - 1
                    )
                )
            elif live.seats[seat].bot:
                raise Conflict(_("seat {seat} is a bot's").format(seat=seat))
            elif seat not in free:
                raise Conflict(_("seat {seat} is taken").format(seat=seat))
            last = len(free) == 1
            stamp = self.clock()
            start = ("over" if terminal else "playing") if last else None
            refused = self.store.take_seat(table_id, seat, hash_token(token), name, stamp, start)
            if refused == "taken":
                raise Conflict(_("seat {seat} is taken").format(seat=seat))
            if refused is not None:  # closed by another process
                raise Conflict(abandoned_detail(self.config.abandon_days))
            with live.lock:
                live.seats[seat].joined = True
                live.seats[seat].name = name
                live.touched = max(live.touched, stamp)
                if last and live.status == "open":
                    live.status = "over" if terminal else "playing"
        self.changed(table_id)
        if last:
            self.wake(table_id)
        return seat, token

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat ``token`` opens at this table (``None`` for no token: a spectator)."""
        if token is None:
            return None
        digest = hash_token(token)
        with self._seats_lock:
            known = self.seats.get(digest)  # a seat once taken stays its token's for good
            if known is not None:
                self.seats.move_to_end(digest)
        if known is None:
            known = self.store.seat_by_token(digest)
            if known is None:
                raise Unauthorized(_("unknown token"))
            with self._seats_lock:
                self.seats[digest] = known
                while len(self.seats) > SEAT_CACHE:
                    self.seats.popitem(last=False)
        if known[0] != table_id:
            raise Forbidden(_("this token is for another table"))
        return known[1]

    # ---- the lobby ------------------------------------------------------------------------------

    def lobby(self) -> list[Listed]:
        """Tables someone has sat down at: open ones (a seat to take) first, then those being
        played (to watch); newest first, at most ``LOBBY_TABLES``. A table nobody has joined
        (all-bot ones too) is not listed, so that a flood of new tables cannot push out the
        ones people play at; its link still opens it."""
        if time.monotonic() - self._swept > SWEEP_SECONDS:
            self._swept = time.monotonic()
            self.sweep_abandoned()
        tables = self._listed(ACTIVE, LOBBY_TABLES)
        return sorted(tables, key=lambda t: t["status"] != "open")

    def finished(self) -> list[Listed]:
        """Tables people sat at that have ended (over, or abandoned), newest first, at most
        ``LOBBY_FINISHED``: their record and replay stay open. (Both lists read the lobby's
        index, status, seated and creation: a flood of unjoined tables costs them nothing.)"""
        return self._listed(("over", "abandoned"), LOBBY_FINISHED)

    def _listed(self, statuses: tuple[str, ...], limit: int) -> list[Listed]:
        return [
            lobby_row(row, seats, self._winners_of(row))
            for row, seats in self.store.listed(statuses, limit)
        ]

    def _winners_of(self, row: TableRow) -> list[int] | None:
        """The winning seats of a table that is over (stored when it ended; read again from
        its log for a game that ended before the database kept them); None before the end."""
        if row.status != "over":
            return None
        if row.winners is not None:
            return list(row.winners)
        try:
            live = self.tables.get(row.id)
        except LangbordError:
            return None
        with live.lock:
            return winners(live.state) if live.state.is_terminal() else None

    # ---- abandoned tables -----------------------------------------------------------------------

    def _abandon_before(self) -> datetime:
        return self.clock() - timedelta(days=self.config.abandon_days)

    def look(self, live: Live) -> None:
        """Closes ``live``, open or being played, if nobody has moved or joined for
        ``abandon_days`` (here or in another process); a database that cannot take it now
        leaves it for the next look. The cache calls it at every lookup."""
        if live.touched >= self._abandon_before():
            return
        cutoff = self._abandon_before()
        try:
            closed = self.store.abandon(live.id, cutoff)
        except Unavailable:
            return
        if closed:
            with live.lock:
                live.status = "abandoned"
            log.info("table %s abandoned", live.id)
            self.changed(live.id)
        else:
            self.tables.refresh(live)  # moved (or closed) elsewhere meanwhile

    def sweep_abandoned(self) -> list[str]:
        """Closes every table nobody has moved or joined at for ``abandon_days``; their ids."""
        cutoff = self._abandon_before()
        try:
            ids = self.store.abandon_all(cutoff)
        except Unavailable:
            log.warning("the sweep for abandoned tables waits for the database")
            return []
        for table_id in ids:
            live = self.tables.peek(table_id)
            if live is not None:
                with live.lock:
                    live.status = "abandoned"
            self.changed(table_id)
        if ids:
            log.info("%d tables abandoned", len(ids))
        return ids
