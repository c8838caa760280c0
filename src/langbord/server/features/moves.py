"""Moves: a seat's action checked and committed with the chance that follows it, and the bots'
decisions, asked of worker processes (:mod:`langbord.server.bots`) one per table in turn and
committed here like anyone's. A bot that fails, or runs past its time, is replaced for that move
by the fallback agent (``ServerConfig.fallback_agent``)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import datetime

from langbord.agents.specs import make_agent
from langbord.core.errors import IllegalActionError, InvalidActionError
from langbord.core.game import State
from langbord.core.i18n import _
from langbord.server.bots import Job
from langbord.server.config import ServerConfig
from langbord.server.errors import Conflict, ServiceError, Unavailable
from langbord.server.shared import abandoned_detail, resolve_chance, seat_words, winners
from langbord.server.store import Store
from langbord.server.tables import Live, Tables, apply_logged

log = logging.getLogger("langbord.server")


class Moves:
    """People's and bots' moves (see the module). ``clock()`` is the time, ``rng`` draws chance
    and seeds the bots; ``changed(table_id)`` is told of every committed move, ``wake(table_id)``
    of a table whose bots may now move."""

    def __init__(
        self,
        tables: Tables,
        store: Store,
        config: ServerConfig,
        clock: Callable[[], datetime],
        rng: random.Random,
        changed: Callable[[str], None],
        wake: Callable[[str], None],
    ) -> None:
        self.tables = tables
        self.store = store
        self.config = config
        self.clock = clock
        self.rng = rng
        self.changed = changed
        self.wake = wake

    def act(self, table_id: str, seat: int, chosen: str | int, move: int) -> int:
        """Applies ``seat``'s action (its text, or its id as ``legal`` gives it) if it is its
        decision at move number ``move`` and legal; then chance, to the next decision. Committed
        before this returns the table's move number after it."""
        with self.tables.writer(table_id) as live:
            # No read before the write: the commit's guards refuse a move another process made
            # first (then the cache catches up), and the cache hears the others' changes. A
            # move number or a status the cache does not expect may be a change it has not
            # heard of yet: it catches up before it answers.
            if self.tables.store.shared and (move != live.moves or live.status != "playing"):
                self.tables.refresh(live)
            with live.lock:
                if live.status == "open":
                    raise Conflict(_("the table is waiting for players to join"))
                if live.status == "abandoned":
                    raise Conflict(abandoned_detail(self.config.abandon_days))
                if live.status == "over" or live.state.is_terminal():
                    raise Conflict(_("the game is over"))
                if move != live.moves:
                    raise Conflict(
                        _("move {move} is not the current move: it is {current}").format(
                            move=move, current=live.moves
                        )
                    )
                to_move = live.state.current_player()
                if to_move != seat:
                    raise Conflict(
                        _("it is not your decision: {seat} is to move").format(
                            seat=seat_words(live, to_move)
                        )
                    )
                state = live.state.clone()
            try:
                if isinstance(chosen, str):
                    action = state.string_to_action(chosen)
                else:  # an id: refused as its text would be, in the same words
                    action = state.string_to_action(state.action_to_string(chosen))
            except (IllegalActionError, InvalidActionError) as exc:
                raise ServiceError(str(exc)) from None
            self.commit(live, seat, action)
            with live.lock:
                moves = live.moves
                bot_next = bot_to_move(live)
        self.changed(table_id)
        if bot_next:  # else no bot can move before another person does
            self.wake(table_id)
        return moves

    def commit(self, live: Live, player: int, action: int) -> None:
        """Logs ``action`` by ``player`` and the chance that follows, in one transaction; then
        (only then) swaps them into the cache. Caller holds ``live.writer`` (or ``live.lock``),
        with ``live`` fresh; the database wait happens outside ``live.lock`` unless the caller
        holds it. ``Conflict`` if another move came first, the table is no longer played or
        ``live`` has left the cache; ``Unavailable`` if the database cannot take it: either way
        nothing has changed."""
        if live.evicted:
            raise Conflict(_("the table was reloaded meanwhile: look again"))
        with live.lock:
            state = live.state.clone()
            first = live.moves
            undone = live.undone
        moves: list[tuple[int, str]] = [(player, state.action_to_string(action))]
        state.apply_action(action)
        resolve_chance(state, moves, self.rng)
        over = state.is_terminal()
        stamp = self.clock()
        try:
            self.store.append(
                live.id, first, moves, stamp, undone, winners(state) if over else None
            )
        except Conflict:
            self.tables.refresh(live)
            raise
        with live.lock:
            if live.moves == first:  # else a refresh has brought these very moves already
                for who, action_text in moves:
                    apply_logged(live, who, action_text)
            if live.undo_request is not None:  # a move cancels the undo asked for
                live.undo_request = None
                live.changes += 1
            live.touched = max(live.touched, stamp)
            if over and live.status == "playing":
                live.status = "over"

    # ---- bots -----------------------------------------------------------------------------------

    def bot_job(self, table_id: str) -> Job | None:
        """The decision ``table_id``'s bot is to make now, or None if no bot is to move."""
        live = self.tables.get(table_id)
        with live.lock:
            self.tables.fresh(live)
            if not bot_to_move(live):
                return None
            player = live.state.current_player()
            return Job(
                table=live.id,
                game=live.game.name,
                options=dict(live.game.options),
                history=live.state.history(),
                move=live.moves,
                seat=player,
                spec=live.seats[player].kind,
                seed=self.rng.randrange(2**62),
                max_seconds=self.config.bot_seconds,
            )

    def bot_move(self, job: Job, action: int | None) -> None:
        """Commits the bot's ``action`` for ``job`` if the table is as the job found it (else
        nothing: its bots are looked at again); the fallback agent's move if ``action`` is None
        (the decision failed) or illegal. A write the database cannot take now is left for the
        next turn of the bots' queue."""
        try:
            with self.tables.writer(job.table) as live:
                self.tables.fresh(live)
                with live.lock:
                    state = live.state.clone()
                    if (
                        live.moves != job.move
                        or live.status != "playing"
                        or state.current_player() != job.seat
                        or live.seats[job.seat].kind != job.spec
                        or state.history() != job.history  # an undo, and other moves since
                    ):
                        return  # somebody else moved it; look again
                legal = state.legal_actions()
                if action is not None and action not in legal:
                    log.warning(
                        "bot %r at table %s seat %d chose the illegal action %d",
                        job.spec,
                        job.table,
                        job.seat,
                        action,
                    )
                    action = None
                if action is None:
                    action = self._fallback_move(job, state, legal)
                self.commit(live, job.seat, action)
        except Conflict:
            return
        except Unavailable as exc:
            log.warning("bot %r at table %s: its move waits: %s", job.spec, job.table, exc)
            return
        self.changed(job.table)

    def _fallback_move(self, job: Job, state: State, legal: list[int]) -> int:
        """The fallback agent's action (cheap, played here); a random one if even it fails."""
        fallback = self.config.fallback_agent
        log.warning(
            "bot %r at table %s seat %d: %s moves instead", job.spec, job.table, job.seat, fallback
        )
        try:
            action = make_agent(fallback, self.rng.randrange(2**62)).step(state.clone())
        except Exception:
            log.exception("fallback agent %r failed at table %s", fallback, job.table)
            action = -1
        return action if action in legal else self.rng.choice(legal)


def bot_to_move(live: Live) -> bool:
    """Whether a bot's seat is to move at ``live`` (a game played, not over). Caller holds
    ``live.lock``."""
    if live.status != "playing" or live.state.is_terminal():
        return False
    player = live.state.current_player()
    return player >= 0 and live.seats[player].bot
