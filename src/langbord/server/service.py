"""The tables' logic, independent of HTTP: create, join, look, act, bots, chance, the log.

Every change is a move appended to the table's log in the database, committed before anyone is
told of it. A table's state lives in memory only as a cache of its log (rebuilt by replaying it
after a restart, or caught up when another server process has moved). Two processes that append
the same move number collide on the log's primary key; the loser reloads and answers 409.

The cache is bounded (``ServerConfig.live_tables``, least recently used tables leave it and are
rebuilt from their log when next asked for). Each table has two locks: ``Live.writer`` lets one
writer of the table at a time wait for the database, and ``Live.lock`` guards the cached state,
held only to read it or to swap in what a writer has committed, so that looking at a table never
waits behind a move's database wait. A write that cannot get the database within its wait answers
503 (``Unavailable``) with nothing changed.

A table with no move or join for ``ServerConfig.abandon_days`` is closed: ``abandoned``, found
so when it is next looked up, and by a sweep when the service starts and as the lobby is read.

What leaves here for a seat is only what that seat may see: ``view(seat)``, ``render(seat)`` and
the log told with ``action_to_string_for(seat, …)``. Legal actions go to the seat to move with
their parts (``State.action_parts``: kind and arguments, for clients that read structure); a log
entry carries its action's parts only where it is told as the action itself, never where its
telling hides a secret (a card drawn into another seat's hand).

Bots decide in worker processes (or, with ``bot_workers=0``, on a thread of this one), one
decision per table in turn (:mod:`langbord.server.bots`); their moves are checked and committed
here like anyone's, and a bot that fails, or runs past its time, is replaced for that move by
the fallback agent.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import random
import re
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from langbord.agents.budget import decision_seconds
from langbord.agents.heuristics import best_agent
from langbord.agents.levels import is_level, levels
from langbord.agents.specs import AGENTS, make_agent, shown
from langbord.core.errors import (
    IllegalActionError,
    InvalidActionError,
    LangbordError,
    OptionError,
)
from langbord.core.game import CHANCE, JSON, Game, State
from langbord.core.records import to_record
from langbord.core.registry import games, load
from langbord.core.runner import sample_chance
from langbord.server.analyses import KEY as ANALYSIS_KEY
from langbord.server.analyses import Analyses
from langbord.server.bots import Bots, Job
from langbord.server.config import ServerConfig
from langbord.server.errors import (
    BotRefused,
    Conflict,
    Forbidden,
    NotFound,
    ServiceError,
    TooMany,
    Unauthorized,
    Unavailable,
)
from langbord.server.store import NewSeat, NewTable, open_store
from langbord.server.store.base import ACTIVE
from langbord.server.store.schema import CHAT_LENGTH, ChatRow, SeatRow, TableRow, now, utc
from langbord.server.visible import collapsed, has_visible
from langbord.server.why import why_not

log = logging.getLogger("langbord.server")

HUMAN = "human"
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
SEAT_CACHE = 100_000
"""Seat tokens kept in memory (about 200 bytes each); others are looked up in the database."""
STAGE = {"open": 0, "playing": 1, "over": 2, "abandoned": 2}  # a table's status only moves on
LOBBY_TABLES = 100
LOBBY_FINISHED = 20
SWEEP_SECONDS = 3600.0
CHAT_SHOWN = 100
"""The chat messages a table's JSON carries (the latest)."""
CHAT_BURST = (5, 10.0)
"""At most this many chat messages from one seat within this many seconds (a flood answers
429), counted in the database, so every server process on it shares the limit; the limit per
client address on moves applies to chat as well."""
HINT_WAIT = 60.0
"""Seconds an asker waits for a hint, its turn among the other clients' work included, before
it is dropped and the asker told to try again."""
HINT_LATE = "the bots are busy and the hint did not come in time: try again"
HINTS_WAITING = 4
"""Hints and analysis decisions one client may have waiting for the bots when it asks for a
hint; more are refused (429)."""
HINT_RETRY = 5
# Shown to others, these reorder text or hide it: refused in chat as in names.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class SeatInfo:
    seat: int
    kind: str  # "human" or an agent spec
    name: str | None
    joined: bool

    @property
    def bot(self) -> bool:
        return self.kind != HUMAN


@dataclass
class LogEntry:
    player: int  # a seat, or CHANCE
    told: list[str]  # the string as each seat may learn of it
    public: str  # as a spectator may
    text: str  # the action's own string: a telling equal to it hides nothing
    parts: dict[str, JSON]  # the action's kind and arguments, for tellings that hide nothing

    def seen_by(self, move: int, seat: int | None) -> dict[str, JSON]:
        """The entry as ``seat`` (None: a spectator) is told of it, with the action's parts if
        the telling is the action itself (it names no more than the text does)."""
        told = self.told[seat] if seat is not None else self.public
        entry: dict[str, JSON] = {
            "move": move,
            "player": self.player if self.player >= 0 else None,
            "action": told,
        }
        if told == self.text:
            entry.update(self.parts)
        return entry


@dataclass
class Live:
    """The in-memory cache of one table: its state and log, rebuilt from the database."""

    id: str
    game: Game
    seats: list[SeatInfo]
    state: State
    status: str
    touched: datetime  # the last move or join
    log: list[LogEntry] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)  # the cached state
    writer: threading.Lock = field(default_factory=threading.Lock)  # one writer at a time
    evicted: bool = False  # left the cache: nothing may be committed through it any more
    spectators: tuple[Hashable, dict[str, JSON]] | None = None
    """The spectators' table (without its log) and the version it shows: built once per change
    for them all (see ``Service.table_json``)."""
    undone: int = 0  # undos so far (each shrank the log): a copy with another count is stale
    hints: bool = False
    hotseat: bool = False
    undo_request: dict[str, Any] | None = None  # {"by", "moves", "at", "accepted": [seats]}
    rematch: str | None = None
    rematch_of: str | None = None
    chat: list[dict[str, JSON]] = field(default_factory=list)  # the latest CHAT_SHOWN
    chat_count: int = 0  # messages ever written (the next one's number)
    hint: tuple[tuple[int, int, int], Future[dict[str, Any]]] | None = None
    """The hint being computed or last computed: (undos, move, seat) and its answer."""
    changes: int = 0  # changes other than moves and joins (chat, undo requests, rematch)

    @property
    def moves(self) -> int:
        return len(self.log)


@dataclass(frozen=True)
class HintSearch:
    """A hint being searched for an asker (:meth:`Service.hint_search`): the table, the
    search's answer to come, and the position it is for."""

    live: Live
    future: Future[dict[str, Any]]
    state: State


def check_bot_spec(spec: str, game: Game, seconds: float) -> None:
    """Refuses (:class:`OptionError`) an unknown agent or a bad option, and a spec that cannot
    promise a decision within ``seconds`` at ``game`` (:func:`decision_seconds`'s estimate)."""
    cost = decision_seconds(spec, game)
    if cost <= seconds:
        return
    name = spec.partition(":")[0].strip().lower()
    title = game.info.title
    thinks = (
        f"would think about {_about(cost)} s a decision at {title}"
        if math.isfinite(cost)
        else f"has no measured cost at {title}"
    )
    advice = f" (try {name}:time={seconds:g})" if name in ("mcts", "rollouts") else ""
    raise OptionError(
        f"{shown(spec, 80)} {thinks}; this server allows {seconds:g} s a decision{advice}"
    )


@functools.cache
def _title(game_name: str) -> str:
    """A game's title ("Skåål"), for the lobby's rows."""
    return load(game_name).info.title


def _winners(state: State) -> list[int]:
    """The seats that won a finished game (none where nobody did: a cooperative defeat)."""
    returns = state.returns()
    best = max(returns)
    return [p for p, r in enumerate(returns) if r == best and best > 0]


def check_chat(text: str) -> str:
    """``text`` as the chat keeps it, if it may be a chat message: every run of blank space
    (spaces of any width, line breaks, line and paragraph separators, blank fillers, with the
    invisible characters among them) made one ordinary space and the ends trimmed
    (:func:`~langbord.server.visible.collapsed`), so that no message can seem to start a line
    of its own; then 1 to ``CHAT_LENGTH`` characters, at least one of them visible
    (:func:`~langbord.server.visible.has_visible`). A control character that is not blank
    space (a bell, DEL, ESC), or a text-direction control, is refused wherever it is. Else
    :class:`ServiceError` saying which rule the text broke."""
    for at, char in enumerate(text):
        if (unicodedata.category(char) in ("Cc", "Cs") and not char.isspace()) or char in _BIDI:
            raise ServiceError(
                f"the character U+{ord(char):04X} at character {at} cannot be sent in the chat"
            )
    if not text.strip():
        raise ServiceError("an empty message: write something")
    if not has_visible(text):
        raise ServiceError(
            "a message with nothing to see: it holds only invisible characters or blank space"
        )
    text = collapsed(text)
    if len(text) > CHAT_LENGTH:
        raise ServiceError(f"a message has at most {CHAT_LENGTH} characters, not {len(text)}")
    return text


def check_name(name: str, whose: str = "a name") -> str:
    """``name`` trimmed, with each run of blank space made one space, if it has a visible
    character; else :class:`ServiceError` naming ``whose`` name it was (a player's name is shown
    to the others: one of blanks or invisible characters would show as nobody)."""
    if not name.strip():
        raise ServiceError(f"{whose} is empty")
    if not has_visible(name):
        raise ServiceError(
            f"{whose} has nothing to see: it holds only invisible characters or blank space"
        )
    return collapsed(name)


def _check_burst(latest: list[datetime], stamp: datetime) -> None:
    """Refuses (:class:`TooMany`) a message from a seat at ``stamp`` if its last
    ``CHAT_BURST[0]`` messages at the table (``latest``, as the database holds them) were all
    written within ``CHAT_BURST[1]`` seconds before; the refusal says how long to wait."""
    count, window = CHAT_BURST
    if len(latest) < count:
        return
    left = (min(map(utc, latest)) + timedelta(seconds=window) - stamp).total_seconds()
    if left > 0:
        pause = max(1, math.ceil(left))
        raise TooMany(
            f"too many messages: at most {count} in {window:g} s; try again in {pause} s",
            pause,
        )


def _about(seconds: float) -> str:
    """``3538.6`` → ``3,500``; ``35.4`` → ``35``; ``1.46`` → ``1.5``."""
    if seconds >= 100:
        return f"{float(f'{seconds:.2g}'):,.0f}"
    return f"{seconds:.0f}" if seconds >= 10 else f"{seconds:.1f}"


class Service:
    """The tables of one database. Thread-safe; ``on_change(table_id)`` is called (from any
    thread) after every committed change."""

    def __init__(
        self,
        url: str,
        on_change: Callable[[str], None] | None = None,
        config: ServerConfig | None = None,
    ) -> None:
        self.url = url
        self.config = config or ServerConfig()
        self.store = open_store(url, self.config.write_wait_seconds, self.config.sqlite_sync)
        self.on_change = on_change or (lambda _id: None)
        self.live: OrderedDict[str, Live] = OrderedDict()  # least recently used first
        self._live_lock = threading.Lock()
        self.clock: Callable[[], datetime] = now
        self.rng = random.SystemRandom()  # chance: unpredictable, never seeded by a client
        self._hint_waiters: dict[Future[dict[str, Any]], int] = {}  # a hint -> who waits for it
        self.bots = Bots(
            self._prepare,
            self._finished,
            workers=self.config.bot_workers,
            seconds=self.config.bot_seconds,
        )
        self.analyses = Analyses(self.store, self.config, self._table, self.bots.wake)
        # token hash -> (table, seat), once seen; the least recently used leave past SEAT_CACHE
        self._seats: OrderedDict[str, tuple[str, int]] = OrderedDict()
        self._swept = time.monotonic()
        self.sweep_abandoned()

    @contextmanager
    def _writer(self, table_id: str) -> Iterator[Live]:
        """The table's cache, with its writer lock held: the one writer of this table in this
        process; never a copy that has left the cache."""
        while True:
            live = self.get_live(table_id)
            if not live.writer.acquire(timeout=self.config.write_wait_seconds):
                raise Unavailable("the table is busy saving another change: try again")
            if not live.evicted:
                break
            live.writer.release()
        try:
            yield live
        finally:
            live.writer.release()

    # ---- lifecycle ----------------------------------------------------------------------------

    def start(self) -> None:
        """Starts the bots' scheduler (and the store's background work: listening for other
        server processes' changes), and wakes every table whose bot is to move (a restart finds
        them where they were)."""
        self.bots.start()
        self.store.start(self._heard)
        for table_id in self.store.playing():
            self.bots.wake(table_id)
        self.analyses.resume()

    def stop(self) -> None:
        self.bots.stop()
        self.store.stop()

    def _table(self, table_id: str, fresh: bool) -> Live:
        """The table's cache; with ``fresh``, caught up with the database first."""
        live = self.get_live(table_id)
        if fresh:
            self._fresh(live)
        return live

    def _fresh(self, live: Live) -> None:
        """Catches ``live`` up with the database before a write or a decision, where other
        server processes write to it too."""
        if self.store.shared:
            self.refresh(live)

    # ---- the catalogue ------------------------------------------------------------------------

    def catalogue(self) -> list[dict[str, JSON]]:
        """Every game as the lobby offers it: its declared traits (``GameInfo``: title, player
        range, a name for every seat it can have, cooperative, private information), the
        tagline of its card, its best agent, the seat kinds and its options."""
        result: list[dict[str, JSON]] = []
        for name in games():
            game = load(name)
            info = game.info
            summary = game.tagline()
            result.append(
                {
                    "name": name,
                    "title": info.title,
                    "summary": summary,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "seat_names": [info.seat_name(p) for p in range(info.max_players)],
                    "cooperative": info.cooperative,
                    "private_information": info.private_information,
                    "best_agent": best_agent(game),
                    "agents": self.agent_specs(name),
                    "levels": self.level_menu(game),
                    "options": [
                        {
                            "name": spec.name,
                            "default": spec.default,
                            "allowed": spec.allowed(),
                            "choices": list(spec.choices) if spec.choices else None,
                            "minimum": spec.minimum,
                            "maximum": spec.maximum,
                            "help": spec.help,
                        }
                        for spec in game.option_specs
                    ],
                }
            )
        return result

    @staticmethod
    def rules(game_name: str) -> dict[str, JSON]:
        """A game's rules panel: its title, its card (``Game.rules``), the card's notation
        lines and the rulings it implements (``Game.rulings`` where the game has it)."""
        if game_name not in games():
            raise NotFound(f"no game {game_name!r}: the games are {', '.join(games())}")
        game = load(game_name)
        card = game.rules()
        rulings_of = getattr(game, "rulings", None)
        rulings: list[JSON] = []
        if callable(rulings_of):
            for ruling in rulings_of():  # {"id", "text"} records, or (id, text) pairs
                if isinstance(ruling, dict):
                    ruling_id, words = ruling.get("id"), ruling.get("text")
                else:
                    ruling_id, words = ruling
                rulings.append({"id": str(ruling_id), "text": str(words)})
        return {
            "game": game_name,
            "title": game.info.title,
            "card": card,
            "notation": game.notation_lines(),
            "rulings": rulings,
        }

    def level_menu(self, game: Game) -> list[dict[str, JSON]]:
        """The bot levels this server seats at ``game`` (with its default options), weakest
        first: each level's name, its spec, its calibrated strength (``measure``: an Elo-scale
        ``rating`` with random at 0, or a solo ``win rate`` in percent; ``None`` where not
        measured), its interval, its measured seconds a decision and the most it may take."""
        menu: list[dict[str, JSON]] = []
        for level in levels(game):
            most = decision_seconds(level.spec, game)
            if most > self.config.bot_seconds:
                continue
            menu.append(
                {
                    "name": level.name,
                    "spec": level.spec,
                    "measure": level.measure,
                    "rating": level.rating,
                    "interval": list(level.interval) if level.interval else None,
                    "seconds": level.seconds,
                    "max_seconds": most,
                }
            )
        return menu

    def agent_specs(self, game_name: str | None = None) -> list[str]:
        """The seat kinds to offer: ``human`` and the bot specs this server accepts at game
        ``game_name`` with its default options, its best agent among them where it fits the
        limit; without a game, the general specs accepted at every game (a game's best agent is
        offered at that game only, so every game's list holds the general one)."""
        names = games() if game_name is None else [game_name]
        chosen = [load(name) for name in names]
        candidates = [*AGENTS, "mcts:time=1", "mcts:time=5", "rollouts:time=1"]
        if game_name is not None:
            candidates.append(best_agent(chosen[0]))
        limit = self.config.bot_seconds
        fits = [
            spec
            for spec in dict.fromkeys(candidates)
            if all(decision_seconds(spec, game) <= limit for game in chosen)
        ]
        return [HUMAN, *fits]

    # ---- tables -------------------------------------------------------------------------------

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
        rematch_of: str | None = None,
    ) -> tuple[str, dict[int, str] | None]:
        """A new table of ``game_name`` with a kind per seat (``human`` or a bot spec); its id,
        and for a ``hotseat`` table (one client plays every human seat) the token of each human
        seat, already taken under ``names`` (default "Player 1", …). ``hints`` (default: when a
        bot is seated) lets the seat to move ask the best agent. ``rematch_of``: the finished
        table whose human seats this one keeps for their players (see :meth:`rematch`)."""
        game = load(game_name, **options)
        n = game.num_players()
        if len(seats) != n:
            raise ServiceError(
                f"{game.name} with these options has {n} seats: name {n} (human, a bot level or a "
                f"bot spec), "
                f"not {len(seats)}"
            )
        kinds = []
        for p, raw in enumerate(seats):
            spec = raw.strip()
            if spec.lower() == HUMAN:
                kinds.append(HUMAN)
                continue
            if is_level(spec):
                spec = spec.lower()  # the seat keeps the level's name; its bot plays its spec
            try:
                check_bot_spec(spec, game, self.config.bot_seconds)
            except OptionError as exc:
                raise BotRefused(f"seat {p}: {exc}") from None
            kinds.append(spec)
        humans = [p for p, kind in enumerate(kinds) if kind == HUMAN]
        if hotseat and not humans:
            raise ServiceError("a hotseat table needs human seats: every seat here is a bot")
        if names is not None and len(names) != n:
            raise ServiceError(f"name the {n} seats (null for a bot's), not {len(names)}")
        chosen = [(names[p] if names else None) for p in range(n)]
        for p, name in enumerate(chosen):
            if name is not None and p not in humans:
                raise ServiceError(f"seat {p} is a bot's: it takes no name")
            if name is not None:
                chosen[p] = check_name(name, f"the name of seat {p}")
        tokens = {p: secrets.token_urlsafe(32) for p in humans} if hotseat else None
        table_id = secrets.token_urlsafe(9)
        state = game.new_initial_state()
        moves: list[tuple[int, str]] = []
        self._resolve_chance(state, moves)
        status = "open" if humans and not hotseat else "playing"
        stamp = self.clock()
        table = NewTable(
            id=table_id,
            game=game.name,
            version=game.version,
            options=dict(game.options),
            status=status,
            hints=any(k != HUMAN for k in kinds) if hints is None else hints,
            hotseat=hotseat,
            rematch_of=rematch_of,
        )
        new_seats = []
        for p, kind in enumerate(kinds):
            token = tokens.get(p) if tokens else None
            name = (chosen[p] or f"Player {p + 1}").strip() if token else None
            new_seats.append(NewSeat(kind, name, hash_token(token) if token else None))
        self.store.create_table(table, new_seats, moves, stamp)
        if status == "playing":
            self.bots.wake(table_id)
        return table_id, tokens

    def _resolve_chance(self, state: State, moves: list[tuple[int, str]]) -> None:
        """Draws chance outcomes until a decision (or the end), appending them to ``moves``."""
        while state.current_player() == CHANCE:
            action = sample_chance(state, self.rng)
            moves.append((CHANCE, state.action_to_string(action)))
            state.apply_action(action)

    def lobby(self) -> list[dict[str, JSON]]:
        """Tables someone has sat down at: open ones (a seat to take) first, then those being
        played (to watch); newest first, at most ``LOBBY_TABLES``. A table nobody has joined
        (all-bot ones too) is not listed, so that a flood of new tables cannot push out the
        ones people play at; its link still opens it."""
        if time.monotonic() - self._swept > SWEEP_SECONDS:
            self._swept = time.monotonic()
            self.sweep_abandoned()
        tables = self._listed(ACTIVE, LOBBY_TABLES)
        return sorted(tables, key=lambda t: t["status"] != "open")

    def finished(self) -> list[dict[str, JSON]]:
        """Tables people sat at that have ended (over, or abandoned), newest first, at most
        ``LOBBY_FINISHED``: their record and replay stay open. (Both lists read the lobby's
        index, status, seated and creation: a flood of unjoined tables costs them nothing.)"""
        return self._listed(("over", "abandoned"), LOBBY_FINISHED)

    def _listed(self, statuses: tuple[str, ...], limit: int) -> list[dict[str, JSON]]:
        listed = self.store.listed(statuses, limit)
        return [
            {
                "id": row.id,
                "game": row.game,
                "title": _title(row.game),
                "options": row.options,
                "status": row.status,
                "created": utc(row.created).isoformat(),
                "players": [self._player_json(s) for s in seats],
                "winners": self._winners_of(row),
            }
            for row, seats in listed
        ]

    def _winners_of(self, row: TableRow) -> list[int] | None:
        """The winning seats of a table that is over (stored when it ended; read again from
        its log for a game that ended before the database kept them); None before the end."""
        if row.status != "over":
            return None
        if row.winners is not None:
            return list(row.winners)
        try:
            live = self.get_live(row.id)
        except LangbordError:
            return None
        with live.lock:
            return _winners(live.state) if live.state.is_terminal() else None

    @staticmethod
    def _player_json(seat: SeatRow | SeatInfo) -> dict[str, JSON]:
        kind = seat.kind
        joined = seat.token_hash is not None if isinstance(seat, SeatRow) else seat.joined
        return {
            "seat": seat.seat,
            "kind": "human" if kind == HUMAN else "bot",
            "bot": None if kind == HUMAN else kind,
            "name": seat.name if kind == HUMAN else kind,
            "joined": joined or kind != HUMAN,
        }

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
        name = check_name(name, "the name") if name is not None and name.strip() else None
        kept: str | None = None
        if claim is not None:
            old_id, old_token = claim
            if old_token is None:
                raise Unauthorized(
                    "a rematch seat is claimed with your seat's token at the last game "
                    "(Authorization: Bearer …)"
                )
            live = self.get_live(table_id)
            if live.rematch_of != old_id:
                raise Conflict(f"this table is not the rematch of table {old_id!r}")
            old_seat = self.seat_of(old_id, old_token)
            assert old_seat is not None
            if seat is not None and seat != old_seat:
                raise Conflict(f"your seat at the last game was {old_seat}: claim that one")
            seat = old_seat
            kept = self.get_live(old_id).seats[old_seat].name
        elif not name:
            raise ServiceError("a name is needed to join")
        name = name or kept or f"Player {(seat or 0) + 1}"
        token = secrets.token_urlsafe(32)
        with self._writer(table_id) as live:
            with live.lock:
                if live.status == "abandoned":
                    raise Conflict(self._abandoned_detail())
                if live.rematch_of is not None and claim is None:
                    raise Conflict(
                        "this table is a rematch: its seats are kept for the last game's "
                        "players (join with rematch_of and your seat's token there)"
                    )
                free = [s.seat for s in live.seats if not s.bot and not s.joined]
                terminal = live.state.is_terminal()
            if seat is None:
                if not free:
                    raise Conflict("no free seat at this table")
                seat = free[0]
            elif not 0 <= seat < len(live.seats):
                raise ServiceError(f"there is no seat {seat}: seats are 0 to {len(live.seats) - 1}")
            elif live.seats[seat].bot:
                raise Conflict(f"seat {seat} is a bot's")
            elif seat not in free:
                raise Conflict(f"seat {seat} is taken")
            last = len(free) == 1
            stamp = self.clock()
            start = ("over" if terminal else "playing") if last else None
            refused = self.store.take_seat(table_id, seat, hash_token(token), name, stamp, start)
            if refused == "taken":
                raise Conflict(f"seat {seat} is taken")
            if refused is not None:
                raise Conflict(self._abandoned_detail())  # closed by another process
            with live.lock:
                live.seats[seat].joined = True
                live.seats[seat].name = name
                live.touched = max(live.touched, stamp)
                if last and live.status == "open":
                    live.status = "over" if terminal else "playing"
        self.on_change(table_id)
        if last:
            self.bots.wake(table_id)
        return seat, token

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat ``token`` opens at this table (``None`` for no token: a spectator)."""
        if token is None:
            return None
        digest = hash_token(token)
        with self._live_lock:
            known = self._seats.get(digest)  # a seat once taken stays its token's for good
            if known is not None:
                self._seats.move_to_end(digest)
        if known is None:
            known = self.store.seat_by_token(digest)
            if known is None:
                raise Unauthorized("unknown token")
            with self._live_lock:
                self._seats[digest] = known
                while len(self._seats) > SEAT_CACHE:
                    self._seats.popitem(last=False)
        if known[0] != table_id:
            raise Forbidden("this token is for another table")
        return known[1]

    # ---- the live cache -----------------------------------------------------------------------

    def get_live(self, table_id: str) -> Live:
        """The table's cache, built from its log if it is not in memory (the least recently
        used tables beyond ``live_tables`` leave it); closed first if it is abandoned."""
        if not TABLE_ID.match(table_id):
            raise NotFound(f"no table {table_id!r}")
        with self._live_lock:
            live = self.live.get(table_id)
            if live is not None:
                self.live.move_to_end(table_id)
        if live is None:
            built = self._load(table_id)
            with self._live_lock:
                live = self.live.setdefault(table_id, built)
                self.live.move_to_end(table_id)
                self._evict()
        if live.status in ACTIVE and live.touched < self._abandon_before():
            self._abandon(live)
        return live

    def _load(self, table_id: str) -> Live:
        stored = self.store.load(table_id, CHAT_SHOWN)
        if stored is None:
            raise NotFound(f"no table {table_id!r}")
        row = stored.table
        game = load(row.game, **row.options)
        if game.version != row.version:
            raise Conflict(
                f"table {table_id} was played under {row.game} rules version {row.version}; "
                f"this server has version {game.version}"
            )
        seats = [SeatInfo(s.seat, s.kind, s.name, s.token_hash is not None) for s in stored.seats]
        live = Live(table_id, game, seats, game.new_initial_state(), row.status, utc(row.touched))
        self._table_fields(live, row)
        for _number, player, action in stored.moves:
            self._apply_logged(live, player, action)
        self._add_chat(live, stored.chat)
        return live

    @staticmethod
    def _table_fields(live: Live, row: TableRow) -> None:
        """The table's settings and requests, as the database holds them, into ``live``."""
        live.undone = row.undone
        live.hints = row.hints
        live.hotseat = row.hotseat
        live.undo_request = row.undo_request or None
        live.rematch = row.rematch
        live.rematch_of = row.rematch_of

    @staticmethod
    def _add_chat(live: Live, rows: list[ChatRow]) -> bool:
        """Appends the messages not yet in ``live`` (their blank runs made one space, as
        :func:`check_chat` writes them); True if there were any."""
        fresh = [row for row in rows if row.number >= live.chat_count]
        for row in fresh:
            live.chat.append(
                {
                    "n": row.number,
                    "seat": row.seat,
                    "name": row.name,
                    "text": collapsed(row.text),  # rows written before it kept blank runs
                    "at": utc(row.created).isoformat(),
                }
            )
            live.chat_count = row.number + 1
        del live.chat[:-CHAT_SHOWN]
        if fresh:
            live.changes += 1
        return bool(fresh)

    def _evict(self) -> None:
        """Drops the least recently used tables beyond ``live_tables`` (caller holds
        ``_live_lock``). One being read or written now stays until the next time: nothing can
        then commit through a dropped copy (``_writer`` and ``_commit`` check ``evicted``)."""
        excess = len(self.live) - max(1, self.config.live_tables)
        if excess <= 0:
            return
        leaving: list[str] = []
        newest = next(reversed(self.live))
        for table_id, live in self.live.items():
            if len(leaving) >= excess:
                break
            if table_id == newest or not live.lock.acquire(blocking=False):
                continue
            try:
                if live.writer.acquire(blocking=False):
                    live.evicted = True
                    live.writer.release()
                    leaving.append(table_id)
            finally:
                live.lock.release()
        for table_id in leaving:
            del self.live[table_id]

    # ---- abandoned tables ---------------------------------------------------------------------

    def _abandon_before(self) -> datetime:
        return self.clock() - timedelta(days=self.config.abandon_days)

    def _abandoned_detail(self) -> str:
        return (
            f"this table was abandoned: nobody moved or joined for "
            f"{self.config.abandon_days:g} days"
        )

    def _abandon(self, live: Live) -> None:
        """Closes ``live`` if nobody has moved or joined for ``abandon_days`` (here or in
        another process); a database that cannot take it now leaves it for the next look."""
        cutoff = self._abandon_before()
        try:
            closed = self.store.abandon(live.id, cutoff)
        except Unavailable:
            return
        if closed:
            with live.lock:
                live.status = "abandoned"
            log.info("table %s abandoned", live.id)
            self.on_change(live.id)
        else:
            self.refresh(live)  # moved (or closed) elsewhere meanwhile

    def sweep_abandoned(self) -> list[str]:
        """Closes every table nobody has moved or joined at for ``abandon_days``; their ids."""
        cutoff = self._abandon_before()
        try:
            ids = self.store.abandon_all(cutoff)
        except Unavailable:
            log.warning("the sweep for abandoned tables waits for the database")
            return []
        for table_id in ids:
            with self._live_lock:
                live = self.live.get(table_id)
            if live is not None:
                with live.lock:
                    live.status = "abandoned"
            self.on_change(table_id)
        if ids:
            log.info("%d tables abandoned", len(ids))
        return ids

    def _apply_logged(self, live: Live, player: int, action_text: str) -> None:
        state = live.state
        action = state.string_to_action(action_text)
        told = [state.action_to_string_for(p, action) for p in range(len(live.seats))]
        public = state.action_to_string_for(None, action)
        parts = state.action_parts(action)
        state.apply_action(action)
        live.log.append(LogEntry(player, told, public, state.action_to_string(action), parts))

    def refresh(self, live: Live) -> bool:
        """Catches ``live`` up with what other processes logged; True if anything changed.
        Merges by move number and status order, so it is safe beside a writer of this table."""
        stored = self.store.since(live.id, live.moves, live.undone, live.chat_count, CHAT_SHOWN)
        table = stored.table
        status, touched = table.status, table.touched
        changed = False
        with live.lock:
            if table.undone < live.undone:
                return False  # read before this process's own undo: nothing newer in it
            if table.undone != live.undone:  # an undo elsewhere: the log is read again whole
                live.state = live.game.new_initial_state()
                live.log = []
                live.hint = None
                changed = True
            before = (live.undone, live.undo_request, live.rematch)
            self._table_fields(live, table)
            if (live.undone, live.undo_request, live.rematch) != before:
                live.changes += 1
                changed = True
            changed = self._add_chat(live, stored.chat) or changed
            for number, player, action in stored.moves:
                if number == live.moves:
                    self._apply_logged(live, player, action)
                    changed = True
            for row in stored.seats:
                info = live.seats[row.seat]
                if row.token_hash is not None and not info.joined:
                    info.joined, info.name = True, row.name
                    changed = True
            if STAGE[status] > STAGE[live.status]:
                live.status = status
                changed = True
            live.touched = max(live.touched, utc(touched))
        return changed

    # ---- looking ------------------------------------------------------------------------------

    def table_json(self, table_id: str, seat: int | None, log_from: int = 0) -> dict[str, JSON]:
        """What ``seat`` (None: a spectator) sees of the table; the log from entry ``log_from``
        on (``log_start`` says where it starts: a WebSocket sends each entry once). The values
        may be shared with other callers (the spectators' are): read them, do not change them."""
        live = self.get_live(table_id)
        with live.lock:
            return {
                **self._seen_by(live, seat),
                "log_start": min(log_from, live.moves),
                "log": [
                    e.seen_by(k, seat) for k, e in enumerate(live.log[log_from:], start=log_from)
                ],
            }

    def _seen_by(self, live: Live, seat: int | None) -> dict[str, JSON]:
        """The table as ``seat`` sees it, but its log. The spectators' is built once per change
        (the move number, the status and the seats say which) and shared by them all, up to
        ``ServerConfig.spectators`` WebSockets and any number of lookers; a seat's own is built
        for each call (one client a seat: a cache would only hold memory). Caller holds
        ``live.lock``."""
        version = (
            live.moves,
            live.status,
            tuple((s.joined, s.name) for s in live.seats),
            live.undone,
            live.changes,
        )
        if seat is None and live.spectators is not None and live.spectators[0] == version:
            return live.spectators[1]
        state = live.state
        to_move = state.current_player()
        yours = seat is not None and to_move == seat and live.status == "playing"
        result = self._result_json(live) if state.is_terminal() else None
        seen: dict[str, JSON] = {
            "id": live.id,
            "game": live.game.name,
            "options": dict(live.game.options),
            "status": live.status,
            "move": live.moves,
            "you": seat,
            "to_move": to_move if to_move >= 0 else None,
            "players": [
                {**self._player_json(s), "seat_name": live.game.seat_name(s.seat)}
                for s in live.seats
            ],
            "view": state.view(seat),
            "text": state.render(seat),
            "legal": self._legal_json(state) if yours else [],
            "prompt": state.prompt(seat) if yours else None,
            "result": result,
            "hints": live.hints,
            "hotseat": live.hotseat,
            "undo": self._undo_json(live, seat),
            "undone": live.undone,
            "chat": live.chat,
            "rematch": live.rematch,
            "rematch_of": live.rematch_of,
        }
        if seat is None:
            live.spectators = (version, seen)
        return seen

    @staticmethod
    def _legal_json(state: State) -> list[JSON]:
        """The legal actions as the page reads them: id, text, kind and arguments, and the
        action in a player's words."""
        strings = state.game.action_strings()
        return [
            {"id": a, "text": strings[a], **state.action_parts(a), "words": state.action_words(a)}
            for a in state.legal_actions()
        ]

    def _result_json(self, live: Live) -> dict[str, JSON]:
        """A finished game's result: scores, returns and winners; the ranking (best first, a
        tie shares its place: 1, 1, 3), and why it ended with the score's breakdown
        (``State.outcome``). Caller holds ``live.lock``."""
        state = live.state
        scores, returns = state.scores(), state.returns()
        outcome = state.outcome() or {}
        key = [(returns[p], scores[p]) for p in range(len(scores))]
        order = sorted(range(len(scores)), key=lambda p: key[p], reverse=True)
        ranking: list[JSON] = [
            {
                "place": 1 + sum(1 for q in order if key[q] > key[p]),
                "seat": p,
                "name": self._name_of(live, p),
                "seat_name": live.game.seat_name(p),
                "score": scores[p],
                "tied": sum(1 for q in order if key[q] == key[p]) > 1,
            }
            for p in order
        ]
        return {
            "scores": scores,
            "returns": returns,
            "winners": _winners(state),
            "ranking": ranking,
            "reason": outcome.get("reason", "the game is over"),
            "breakdown": outcome.get("breakdown", {"rows": ["score"], "values": [scores]}),
        }

    @staticmethod
    def _name_of(live: Live, seat: int) -> str:
        """How the table names ``seat``: its player's name, or the bot's spec."""
        info = live.seats[seat]
        return (info.name if not info.bot else info.kind) or live.game.seat_name(seat)

    def record(self, table_id: str) -> dict[str, JSON]:
        """The whole record of a finished game; while it is played, its public part."""
        live = self.get_live(table_id)
        with live.lock:
            meta: dict[str, JSON] = {
                "table": live.id,
                "players": [self._player_json(s) for s in live.seats],
            }
            if live.state.is_terminal():
                return to_record(live.state, **meta)
            return {
                "format": "langbord-record",
                "game": live.game.name,
                "version": live.game.version,
                "options": dict(live.game.options),
                "partial": True,
                "public_actions": [e.public for e in live.log],
                "result": None,
                "meta": meta,
            }

    def step(self, table_id: str, number: int, seat: int | None = None) -> dict[str, JSON]:
        """The table after its first ``number`` moves. Once the game is over: the referee's view
        and text, which hide nothing then (the replay viewer). While it is played: as ``seat``
        saw it then (None: a spectator), its view, text and log told as that seat was told, so
        nothing is shown that the seat did not see at that moment."""
        live = self.get_live(table_id)
        with live.lock:
            if live.status == "abandoned":  # hands still hidden: the referee's view would tell
                raise Conflict("the table was abandoned before the end: it has no replay")
            total = live.moves
            if not 0 <= number <= total:
                raise NotFound(f"no step {number}: steps are 0 to {total}")
            state = live.game.new_initial_state()
            for action in live.state.history()[:number]:
                state.apply_unchecked(action)
            over = live.state.is_terminal()
            viewer = None if over else seat
            return {
                "id": live.id,
                "game": live.game.name,
                "step": number,
                "steps": total,
                "players": [
                    {**self._player_json(s), "seat_name": live.game.seat_name(s.seat)}
                    for s in live.seats
                ],
                "to_move": state.current_player() if state.current_player() >= 0 else None,
                "view": state.view(viewer),
                "text": str(state) if over else state.render(viewer),
                "log": [e.seen_by(k, seat) for k, e in enumerate(live.log[:number])]
                if not over
                else [  # the referee's: every action as itself, with its parts
                    {
                        "move": k,
                        "player": e.player if e.player >= 0 else None,
                        "action": e.text,
                        **e.parts,
                    }
                    for k, e in enumerate(live.log)
                ],
            }

    # ---- acting -------------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, chosen: str | int, move: int) -> int:
        """Applies ``seat``'s action (its text, or its id as ``legal`` gives it) if it is its
        decision at move number ``move`` and legal; then chance, to the next decision. Committed
        before this returns the table's move number after it."""
        with self._writer(table_id) as live:
            self._fresh(live)
            with live.lock:
                if live.status == "open":
                    raise Conflict("the table is waiting for players to join")
                if live.status == "abandoned":
                    raise Conflict(self._abandoned_detail())
                if live.status == "over" or live.state.is_terminal():
                    raise Conflict("the game is over")
                if move != live.moves:
                    raise Conflict(f"move {move} is not the current move: it is {live.moves}")
                to_move = live.state.current_player()
                if to_move != seat:
                    raise Conflict(
                        f"it is not your decision: {live.game.seat_name(to_move)} is to move"
                    )
                state = live.state.clone()
            try:
                if isinstance(chosen, str):
                    action = state.string_to_action(chosen)
                else:  # an id: refused as its text would be, in the same words
                    action = state.string_to_action(state.action_to_string(chosen))
            except (IllegalActionError, InvalidActionError) as exc:
                raise ServiceError(str(exc)) from None
            self._commit(live, seat, action)
            moves = live.moves
        self.on_change(table_id)
        self.bots.wake(table_id)
        return moves

    def _commit(self, live: Live, player: int, action: int) -> None:
        """Logs ``action`` by ``player`` and the chance that follows, in one transaction; then
        (only then) swaps them into the cache. Caller holds ``live.writer`` (or ``live.lock``),
        with ``live`` fresh; the database wait happens outside ``live.lock`` unless the caller
        holds it. ``Conflict`` if another move came first, or the table is no longer played;
        ``Unavailable`` if the database cannot take it: either way nothing has changed."""
        if live.evicted:
            raise Conflict("the table was reloaded meanwhile: look again")
        with live.lock:
            state = live.state.clone()
            first = live.moves
            undone = live.undone
        moves: list[tuple[int, str]] = [(player, state.action_to_string(action))]
        state.apply_action(action)
        self._resolve_chance(state, moves)
        over = state.is_terminal()
        stamp = self.clock()
        try:
            self.store.append(
                live.id, first, moves, stamp, undone, _winners(state) if over else None
            )
        except Conflict:
            self.refresh(live)
            raise
        with live.lock:
            if live.moves == first:  # else a refresh has brought these very moves already
                for who, action_text in moves:
                    self._apply_logged(live, who, action_text)
            if live.undo_request is not None:
                live.undo_request = None
                live.changes += 1
            live.touched = max(live.touched, stamp)
            if over and live.status == "playing":
                live.status = "over"

    # ---- undo ---------------------------------------------------------------------------------

    @staticmethod
    def _own_moves(live: Live, seat: int) -> int:
        """How many of the log's last entries are ``seat``'s own decisions: what an undo takes
        back (to just after the last chance outcome or another seat's move)."""
        count = 0
        for entry in reversed(live.log):
            if entry.player != seat:
                break
            count += 1
        return count

    def _humans_but(self, live: Live, seat: int) -> list[int]:
        return [s.seat for s in live.seats if not s.bot and s.seat != seat]

    def _undo_json(self, live: Live, seat: int | None) -> dict[str, JSON]:
        """Whether ``seat`` may undo now, and the undo request waiting for answers."""
        request = live.undo_request
        shown: JSON = None
        if request is not None:
            shown = {
                "by": request["by"],
                "moves": request["moves"],
                "waiting_for": [
                    p for p in self._humans_but(live, request["by"]) if p not in request["accepted"]
                ],
            }
        available = (
            seat is not None
            and request is None
            and live.status == "playing"
            and not live.state.is_terminal()
            and self._own_moves(live, seat) > 0
        )
        return {"available": available, "request": shown}

    def _undoable(self, live: Live, seat: int) -> int:
        """The moves ``seat`` may undo now (caller holds ``live.lock``); refuses otherwise."""
        if live.status == "open":
            raise Conflict("the table is waiting for players to join")
        if live.status == "abandoned":
            raise Conflict(self._abandoned_detail())
        if live.status == "over" or live.state.is_terminal():
            raise Conflict("the game is over: nothing can be undone")
        count = self._own_moves(live, seat)
        if count:
            return count
        if not live.log or all(e.player != seat for e in live.log):
            raise Conflict("nothing to undo: you have made no decision yet")
        last = live.log[-1].player
        if last == CHANCE:
            raise Conflict(
                "nothing to undo: chance has spoken since your last decision (a card revealed "
                "or a die rolled)"
            )
        raise Conflict(f"nothing to undo: {live.game.seat_name(last)} has moved since your last")

    def undo(self, table_id: str, seat: int) -> dict[str, JSON]:
        """Takes back ``seat``'s own last decisions (:meth:`_own_moves`): at once where every
        other seat is a bot or the table is hotseat, else as a request the other humans answer
        (:meth:`answer_undo`). Returns ``{"undone": moves taken back, "request": …}``."""
        with self._writer(table_id) as live:
            self._fresh(live)
            with live.lock:
                count = self._undoable(live, seat)
                if live.undo_request is not None:
                    raise Conflict("an undo is already waiting for the other players' answer")
                others = self._humans_but(live, seat)
                undone, moves = live.undone, live.moves
            if not others or live.hotseat:
                self._take_back(live, count)
                result: dict[str, JSON] = {"undone": count, "request": None}
            else:
                request = {"by": seat, "moves": count, "at": moves, "accepted": []}
                self._set_request(live, request, undone, moves)
                with live.lock:
                    result = {"undone": 0, "request": self._undo_json(live, seat)["request"]}
        self.on_change(table_id)
        self.bots.wake(table_id)
        return result

    def answer_undo(self, table_id: str, seat: int, accept: bool) -> dict[str, JSON]:
        """``seat``'s answer to the undo request: a refusal cancels it; the last acceptance
        carries it out (if no move came meanwhile: a move cancels it)."""
        with self._writer(table_id) as live:
            self._fresh(live)
            with live.lock:
                request = live.undo_request
                if request is None or live.status != "playing":
                    raise Conflict("no undo request is waiting for an answer")
                if request["by"] == seat:
                    raise Conflict("you asked for this undo: the other players answer it")
                if seat in request["accepted"]:
                    raise Conflict("you have accepted this undo already")
                waiting = [
                    p for p in self._humans_but(live, request["by"]) if p not in request["accepted"]
                ]
                undone, moves = live.undone, live.moves
            if not accept:
                self._set_request(live, None, undone, moves)
                result: dict[str, JSON] = {"undone": 0, "request": None}
            elif waiting == [seat]:
                with live.lock:
                    count = self._own_moves(live, request["by"])
                if request["at"] != moves or count < request["moves"]:  # cannot be: a move clears
                    self._set_request(live, None, undone, moves)
                    raise Conflict("the table has moved since the undo was asked for")
                self._take_back(live, request["moves"])
                result = {"undone": request["moves"], "request": None}
            else:
                accepted = {**request, "accepted": [*request["accepted"], seat]}
                self._set_request(live, accepted, undone, moves)
                with live.lock:
                    result = {"undone": 0, "request": self._undo_json(live, seat)["request"]}
        self.on_change(table_id)
        self.bots.wake(table_id)
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

    # ---- hints --------------------------------------------------------------------------------

    def hint_search(self, table_id: str, seat: int, client: str = "?") -> HintSearch:
        """Starts (or joins) the search for what the game's best agent would play for
        ``seat``, to move now: searched in a bot worker on a re-deal of what ``seat`` cannot
        see (``resample_hidden``), within the bots' time budget, in ``client``'s turn with the
        other clients' hints and analyses (:class:`~langbord.server.bots.Bots`). One search per
        table and position: asking again joins the same one. Its answer is
        :meth:`hint_answer`'s; an asker who stops waiting calls :meth:`hint_abandon`."""
        live = self.get_live(table_id)
        self._fresh(live)
        with live.lock:
            if not live.hints:
                raise Forbidden("hints are off at this table")
            if live.status != "playing" or live.state.is_terminal():
                raise Conflict("hints are given while the game is played")
            if live.state.current_player() != seat:
                raise Conflict("a hint is for your own decision: it is not your turn")
            key = (live.undone, live.moves, seat)
            if live.hint is not None and live.hint[0] == key and not live.hint[1].cancelled():
                future = live.hint[1]
            elif self.bots.waiting(client) >= HINTS_WAITING:
                raise TooMany(
                    f"your address has {HINTS_WAITING} hints and analyses waiting for the "
                    "bots: ask again once they are answered",
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
                    max_seconds=self.config.bot_seconds,
                    hint=True,
                )
                future = self.bots.ask(job, client)
                live.hint = (key, future)
            self._hint_waiters[future] = self._hint_waiters.get(future, 0) + 1
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
        """The hint ``search`` found (it is done): the action as the legal moves show it, the
        estimated chance of winning, the agent and the seconds it searched."""
        with search.live.lock:
            self._unwait(search)
        try:
            answer = search.future.result(timeout=0)
        except Exception as exc:
            with search.live.lock:
                if search.live.hint is not None and search.live.hint[1] is search.future:
                    search.live.hint = None  # the next ask searches again
            log.warning("a hint at table %s failed: %s", search.live.id, exc)
            raise Unavailable("the hint could not be computed: try again") from None
        state = search.state
        action = answer["action"]
        if action not in state.legal_actions():
            raise Unavailable("the hint could not be computed: try again")
        (shown,) = [a for a in self._legal_json(state) if isinstance(a, dict) and a["id"] == action]
        return {
            "action": shown,
            "win_chance": min(1.0, max(0.0, float(answer["win_chance"]))),
            "agent": answer["agent"],
            "seconds": float(answer["seconds"]),
        }

    def _unwait(self, search: HintSearch) -> int:
        """(Under ``search.live.lock``.) One asker fewer waits for ``search``; how many still
        do."""
        left = self._hint_waiters.get(search.future, 1) - 1
        if left > 0:
            self._hint_waiters[search.future] = left
        else:
            self._hint_waiters.pop(search.future, None)
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
            raise Unavailable(HINT_LATE)
        return self.hint_answer(search)

    # ---- why not? -----------------------------------------------------------------------------

    def why(
        self, table_id: str, seat: int | None, kind: str, args: dict[str, int | str]
    ) -> dict[str, JSON]:
        """Whether the action of parts ``kind`` and ``args`` may be played now, and if not why,
        as ``seat`` (None: a spectator) may be told (:func:`langbord.server.why.why_not`);
        nothing changes."""
        live = self.get_live(table_id)
        self._fresh(live)
        with live.lock:
            state = live.state.clone()
            status = live.status
        return why_not(live.game, state, seat, kind, args, status=status)

    # ---- chat ---------------------------------------------------------------------------------

    def chat(self, table_id: str, seat: int, text: str) -> dict[str, JSON]:
        """Writes ``seat``'s message, as :func:`check_chat` keeps it, into the table's chat.

        At most ``CHAT_BURST`` messages a seat: counted from the database's rows in the write
        that adds the message, so every server process on the database shares one limit (too
        many answers :class:`TooMany`, nothing written). The count is exact across processes:
        a message takes the table's next number, its key, and is written only if no other
        process took that number first (else :class:`Conflict`, nothing written); so every
        message numbered before it was committed before it was counted."""
        text = check_chat(text)
        with self._writer(table_id) as live:
            self._fresh(live)
            with live.lock:
                if live.status == "abandoned":
                    raise Conflict(self._abandoned_detail())
                number = live.chat_count
                name = self._name_of(live, seat)
            stamp = self.clock()
            row = ChatRow(
                table_id=live.id, number=number, seat=seat, name=name, text=text, created=stamp
            )
            try:
                self.store.add_chat(row, CHAT_BURST[0], lambda latest: _check_burst(latest, stamp))
            except Conflict:
                self.refresh(live)
                raise
            with live.lock:
                self._add_chat(live, [row])
                entry = live.chat[-1]
        self.on_change(table_id)
        return entry

    # ---- rematch ------------------------------------------------------------------------------

    def rematch(self, table_id: str, seat: int) -> str:
        """A new table of the same game, options and seats as this finished one: bot seats
        keep their specs, each human seat is kept for its player (claimed with their token
        here, see :meth:`join`). Asked again, the same new table."""
        with self._writer(table_id) as live:
            self._fresh(live)
            with live.lock:
                if live.status != "over" or not live.state.is_terminal():
                    raise Conflict("a rematch follows a finished game: this one is not over")
                if live.rematch is not None:
                    return live.rematch
                kinds = [s.kind for s in live.seats]
                options = dict(live.game.options)
            try:
                new_id, _ = self.create(
                    live.game.name,
                    options,
                    kinds,
                    hints=live.hints,
                    hotseat=False,
                    rematch_of=live.id,
                )
            except Conflict:
                self.refresh(live)
                if live.rematch is None:
                    raise
                return live.rematch
            with live.lock:
                live.rematch = new_id
                live.changes += 1
        self.on_change(table_id)
        return new_id

    # ---- bots ---------------------------------------------------------------------------------

    def _prepare(self, key: str) -> Job | None:
        """The job queued under ``key``: a table's bot decision, or a decision of its
        analysis (``<table>#analysis``)."""
        if key.endswith(ANALYSIS_KEY):
            return self.analyses.job(key)
        return self._bot_job(key)

    def _finished(self, job: Job, answer: Any) -> None:
        if job.analysis is not None:
            self.analyses.done(job, answer)
        else:
            self._bot_move(job, answer)

    def _bot_job(self, table_id: str) -> Job | None:
        """The decision ``table_id``'s bot is to make now, or None if no bot is to move."""
        live = self.get_live(table_id)
        with live.lock:
            self._fresh(live)
            if live.status != "playing" or live.state.is_terminal():
                return None
            player = live.state.current_player()
            if player < 0 or not live.seats[player].bot:
                return None
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

    def _bot_move(self, job: Job, action: int | None) -> None:
        """Commits the bot's ``action`` for ``job`` if the table is as the job found it (else
        nothing: its bots are looked at again); the fallback agent's move if ``action`` is None
        (the decision failed) or illegal. A write the database cannot take now is left for the
        next turn of the bots' queue."""
        try:
            with self._writer(job.table) as live:
                self._fresh(live)
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
                self._commit(live, job.seat, action)
        except Conflict:
            return
        except Unavailable as exc:
            log.warning("bot %r at table %s: its move waits: %s", job.spec, job.table, exc)
            return
        self.on_change(job.table)

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

    # ---- several processes -------------------------------------------------------

    def _heard(self, table_id: str) -> None:
        with self._live_lock:
            live = self.live.get(table_id)
        if live is None:
            self.on_change(table_id)  # nobody here watches it closely; subscribers reload
            return
        if self.refresh(live):  # it takes live.lock itself, only to swap in what it read
            self.on_change(table_id)
