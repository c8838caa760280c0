"""Hints: what the game's best agent would play for the seat to move, searched in a bot worker
on a re-deal of what that seat cannot see (``resample_hidden``), within the bots' time budget,
in the asker's turn with the other clients' hints and analyses
(:class:`~langbord.server.bots.Bots`). One search per table and position: asking again joins
the same one."""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future, wait
from dataclasses import dataclass
from typing import Any

from langbord.agents.heuristics import best_agent
from langbord.core.game import JSON, State
from langbord.core.i18n import N_, _, ngettext
from langbord.server.bots import Bots, Job
from langbord.server.errors import Conflict, Forbidden, TooMany, Unavailable
from langbord.server.tables import Live, Tables
from langbord.server.views import hint_json

log = logging.getLogger("langbord.server")

HINT_WAIT = 60.0
"""Seconds an asker waits for a hint, its turn among the other clients' work included, before
it is dropped and the asker told to try again."""
HINT_LATE = N_("the bots are busy and the hint did not come in time: try again")
"""What an asker is told when the hint came too late (marked here, translated where raised)."""
HINTS_WAITING = 4
"""Hints and analysis decisions one client may have waiting for the bots when it asks for a
hint; more are refused (429)."""
HINT_RETRY = 5


@dataclass(frozen=True)
class HintSearch:
    """A hint being searched for an asker (:meth:`Hints.hint_search`): the table, the search's
    answer to come, and the position it is for."""

    live: Live
    future: Future[dict[str, Any]]
    state: State


class Hints:
    """The hints of the tables (see the module), searched by ``bots`` within ``bot_seconds``,
    seeded from ``rng``."""

    def __init__(self, tables: Tables, bots: Bots, bot_seconds: float, rng: random.Random) -> None:
        self.tables = tables
        self.bots = bots
        self.bot_seconds = bot_seconds
        self.rng = rng
        self._waiters: dict[Future[dict[str, Any]], int] = {}  # a hint -> who waits for it

    def hint_search(self, table_id: str, seat: int, client: str = "?") -> HintSearch:
        """Starts (or joins) the search for what the game's best agent would play for
        ``seat``, to move now, in ``client``'s turn (see the module). Its answer is
        :meth:`hint_answer`'s; an asker who stops waiting calls :meth:`hint_abandon`."""
        live = self.tables.get(table_id)
        self.tables.fresh(live)
        with live.lock:
            if not live.hints:
                raise Forbidden(_("hints are off at this table"))
            if live.status != "playing" or live.state.is_terminal():
                raise Conflict(_("hints are given while the game is played"))
            if live.state.current_player() != seat:
                raise Conflict(_("a hint is for your own decision: it is not your turn"))
            key = (live.undone, live.moves, seat)
            if live.hint is not None and live.hint[0] == key and not live.hint[1].cancelled():
                future = live.hint[1]
            elif self.bots.waiting(client) >= HINTS_WAITING:
                raise TooMany(
                    ngettext(
                        "your address has {count} hint or analysis waiting for the bots: "
                        "ask again once it is answered",
                        "your address has {count} hints and analyses waiting for the bots: "
                        "ask again once they are answered",
                        HINTS_WAITING,
                    ).format(count=HINTS_WAITING),
                    HINT_RETRY,
                )
            else:
                job = Job(
                    table=live.id,
                    game=live.game.name,
                    options=dict(live.game.options),
                    history=live.state.history(),
                    move=live.moves,
                    seat=seat,
                    spec=best_agent(live.game),
                    seed=self.rng.randrange(2**62),
                    max_seconds=self.bot_seconds,
                    hint=True,
                )
                future = self.bots.ask(job, client)
                live.hint = (key, future)
            self._waiters[future] = self._waiters.get(future, 0) + 1
            return HintSearch(live, future, live.state.clone())

    def hint_abandon(self, search: HintSearch) -> None:
        """``search``'s asker stopped waiting: the search is dropped once nobody waits."""
        with search.live.lock:
            if self._unwait(search):
                return
            if search.live.hint is not None and search.live.hint[1] is search.future:
                search.live.hint = None
        self.bots.cancel(search.future)

    def hint_answer(self, search: HintSearch) -> dict[str, JSON]:
        """The hint ``search`` found (it is done), as :func:`~langbord.server.views.hint_json`
        shows it; ``Unavailable`` if the search failed."""
        with search.live.lock:
            self._unwait(search)
        try:
            answer = search.future.result(timeout=0)
        except Exception as exc:
            with search.live.lock:
                if search.live.hint is not None and search.live.hint[1] is search.future:
                    search.live.hint = None  # the next ask searches again
            log.warning("a hint at table %s failed: %s", search.live.id, exc)
            raise Unavailable(_("the hint could not be computed: try again")) from None
        if answer["action"] not in search.state.legal_actions():
            raise Unavailable(_("the hint could not be computed: try again"))
        return hint_json(search.state, answer)

    def _unwait(self, search: HintSearch) -> int:
        """(Under ``search.live.lock``.) One asker fewer waits for ``search``; how many still
        do."""
        left = self._waiters.get(search.future, 1) - 1
        if left > 0:
            self._waiters[search.future] = left
        else:
            self._waiters.pop(search.future, None)
        return max(0, left)

    def hint(self, table_id: str, seat: int, client: str = "?") -> dict[str, JSON]:
        """:meth:`hint_search`, waited for here (up to :data:`HINT_WAIT` seconds): for callers
        that have a thread to spare; the HTTP API awaits it without one."""
        search = self.hint_search(table_id, seat, client)
        try:
            wait([search.future], timeout=HINT_WAIT)
        except BaseException:
            self.hint_abandon(search)
            raise
        if not search.future.done():
            self.hint_abandon(search)
            raise Unavailable(_(HINT_LATE))
        return self.hint_answer(search)
