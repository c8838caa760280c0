"""Running the app under uvicorn with the connection limits of ``ServerConfig``.

uvicorn closes idle kept-alive connections, but it waits for a request's headers and body for
ever, and it counts a connection against its cap (``limit_concurrency``) only once the
connection's headers are complete: a client sending its headers a byte at a time (slowloris),
or never ending them, holds a connection as long as it likes, and a few addresses doing so hold
every connection and every file the process may open. ``guarded_protocol`` is uvicorn's own HTTP
protocol with these guards on top:

- **Deadlines.** A request's headers must be complete within ``header_seconds`` of its first
  byte (of the connection, for the first request) and its body within ``body_seconds`` of its
  headers, or the connection is answered 408 and closed.
- **Counted from accept.** Every connection counts from the moment it is accepted
  (``connection_made``) until it closes, WebSockets included, in one ``Ledger`` per server: at
  most ``max_connections`` at once (lowered at start if the process's open-file limit cannot
  hold them, see ``file_budget``), and at most ``connections_per_address`` per client address,
  an IPv6 address counted with its /64 network as the rate limits count it
  (``guards.client_key``; a trusted reverse proxy is held to the total only).
- **A share for the light.** The last tenth of the connections (at least ``LIGHT``) is kept for
  addresses holding fewer than ``LIGHT``, so that a browser (six connections to a host, and a
  WebSocket) is served while a few addresses hold the rest; and when the server is full, a new
  connection from an address takes the place of the oldest half-open connection (its request's
  headers not yet complete) of the address holding the most, if that address holds at least two
  more: the half-open one is answered 503 and closed. Places thus go from the heaviest holders
  to the lightest, and never back and forth.

A refused connection is answered 503 at once, on the event loop: no thread, no call of the app.
uvicorn's own ``limit_concurrency`` is replaced by the ledger (``serve`` passes none): it could
only refuse requests whose headers had come, on connections already open.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import queue
import resource
import signal
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing import connection as mp_connection
from multiprocessing.process import BaseProcess
from typing import Any, ClassVar, Protocol, cast

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from langbord.core.errors import LangbordError
from langbord.server.config import ServerConfig
from langbord.server.guards import client_key, default_hosts
from langbord.server.http.app import create_app
from langbord.server.store.schema import is_postgres, open_database

log = logging.getLogger("langbord.server")

KEEP_ALIVE_SECONDS = 5
WS_MAX_MESSAGE = 64 * 1024

LIGHT = 8
"""An address holding fewer connections than this is light: a browser opens at most six to one
host, and a WebSocket or two. The server's last places are kept for light addresses."""
LIGHT_SHARE = 10
"""One connection in this many (and at least ``LIGHT``, at most half) is kept for light
addresses."""
FILES_PER_CONNECTION = 2
"""Files one connection may hold open: its socket, and a static file while it is being sent."""
RESERVED_FILES = 128
"""Files kept for everything but connections: standard streams, logs, the event loop, the
listening socket, the database's connections (a SQLite file is three: the file, its WAL and its
shared memory) and the threads' and processes' pipes..."""
FILES_PER_WORKER = 4
"""...and four more for each bot worker process (its pipe, its sentinel, spares)."""


def _raw_answer(status: int, reason: str, detail: str) -> bytes:
    body = ('{"detail": "' + detail + '"}').encode()
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode() + body


TIMED_OUT = {
    "headers": _raw_answer(408, "Request Timeout", "the request's headers came too slowly"),
    "body": _raw_answer(408, "Request Timeout", "the request's body came too slowly"),
}
FULL = _raw_answer(503, "Service Unavailable", "the server has too many connections")
YOURS_FULL = _raw_answer(
    503, "Service Unavailable", "too many connections from your address: close some first"
)
CROWDED = _raw_answer(
    503,
    "Service Unavailable",
    "the server is nearly full and keeps its last connections for addresses holding few: "
    "close some of yours first",
)
MADE_ROOM = _raw_answer(
    503,
    "Service Unavailable",
    "the server is full and your address holds the most connections: this one, whose request "
    "had not come, was closed to let another address in",
)


# ---- the open-file budget -----------------------------------------------------------------------


@dataclass(frozen=True)
class FileBudget:
    """What the process's open-file limit (RLIMIT_NOFILE) leaves room for."""

    connections: int
    """The most connections at once: ``max_connections``, or fewer if the files do not allow."""
    backlog: int
    """Connections the kernel queues for accepting; asyncio may accept that many at once,
    before any is counted, so their files are kept free too."""
    files: int
    """The soft open-file limit to run with (raised toward the hard limit when needed)."""

    def fits(self, wanted: int) -> bool:
        return self.connections >= wanted


def file_budget(wanted: int, workers: int, soft: int, hard: int) -> FileBudget:
    """The connections, listen backlog and soft open-file limit for ``wanted`` connections and
    ``workers`` bot worker processes under the limits ``soft`` and ``hard`` (``-1``: unlimited,
    ``resource.RLIM_INFINITY``). The soft limit is raised as far as needed and the hard limit
    allows; whatever does not fit lowers the connections, so that ``connections`` at
    ``FILES_PER_CONNECTION`` each, a full ``backlog`` and ``RESERVED_FILES`` plus
    ``FILES_PER_WORKER`` a worker never need more than ``files``. ValueError if not even one
    connection fits."""
    reserved = RESERVED_FILES + FILES_PER_WORKER * workers
    backlog = min(2048, max(16, wanted // 4))
    needed = reserved + backlog + FILES_PER_CONNECTION * wanted
    files = soft
    if 0 <= soft < needed:
        files = needed if hard < 0 else max(soft, min(needed, hard))
    if files < 0:  # unlimited
        return FileBudget(wanted, backlog, files)
    spare = files - reserved
    backlog = min(backlog, max(1, spare // 4))
    connections = min(wanted, (spare - backlog) // FILES_PER_CONNECTION)
    if connections < 1:
        raise ValueError(
            f"the process may open only {files} files, and {reserved + backlog + 2} are needed "
            f"for the server and its first connection: raise the limit (ulimit -n)"
        )
    return FileBudget(connections, backlog, files)


def open_files_budget(config: ServerConfig) -> FileBudget:
    """``file_budget`` for ``config`` under this process's limits, with the soft limit raised
    to it; says so (a warning) if ``max_connections`` had to be lowered."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    infinity = resource.RLIM_INFINITY
    budget = file_budget(
        config.max_connections,
        config.bot_workers,
        -1 if soft == infinity else soft,
        -1 if hard == infinity else hard,
    )
    if budget.files != (-1 if soft == infinity else soft):
        resource.setrlimit(resource.RLIMIT_NOFILE, (budget.files, hard))
    if not budget.fits(config.max_connections):
        log.warning(
            "max_connections lowered from %d to %d: this process may open only %d files "
            "(ulimit -n; the hard limit is %s), %d per connection and %d for the database, "
            "workers, logs and connections waiting to be accepted",
            config.max_connections,
            budget.connections,
            budget.files,
            "unlimited" if hard == infinity else hard,
            FILES_PER_CONNECTION,
            budget.files - FILES_PER_CONNECTION * budget.connections,
        )
    return budget


# ---- who holds the connections ------------------------------------------------------------------


class Evictable(Protocol):
    """A connection the ledger may close to make room (see ``Ledger.admit``)."""

    def evict(self) -> None:
        """Answers 503 and closes; the ledger has already given its place back."""


class Ledger:
    """This server's open connections: how many in all, how many per client key
    (``guards.client_key``) and, per key, which are half-open (their request's headers not yet
    complete), oldest first. Only the event loop's thread uses it."""

    def __init__(self, cap: int, per_address: int, trusted: frozenset[str] = frozenset()) -> None:
        """``cap`` connections at most, ``per_address`` per key (0: no limit); connections
        from ``trusted`` addresses (reverse proxies) are held to ``cap`` only."""
        if cap < 1:
            raise ValueError(f"a server needs room for at least one connection, not {cap}")
        self.cap = cap
        self.per_address = per_address
        self.trusted = trusted
        self.reserved = min(cap // 2, max(LIGHT, cap // LIGHT_SHARE))
        """The last places, kept for light addresses (fewer than ``LIGHT`` connections)."""
        self.open = 0
        self.held: dict[str, int] = {}
        self.half_open: dict[str, dict[Evictable, None]] = {}

    def key_of(self, peer: object) -> str | None:
        """Whom a connection from ``peer`` (a socket's peer name) counts for: its address's
        ``client_key``; None for a trusted proxy or a peer without an address (held to the
        total only)."""
        address = str(peer[0]) if isinstance(peer, tuple) and peer else None
        if not address or address in self.trusted:
            return None
        key = client_key(address)
        return None if key in self.trusted else key

    def admit(self, key: str | None) -> bytes | None:
        """Counts a new connection for ``key``: None if it is let in, else the answer to refuse
        it with (and nothing is counted). To let it in, the oldest half-open connection of the
        heaviest key may be evicted (see the module)."""
        held = self.held.get(key, 0) if key is not None else 0
        if key is not None and self.per_address and held >= self.per_address:
            return YOURS_FULL
        light = key is None or held < LIGHT
        if self.open >= self.cap - (0 if light else self.reserved) and not self._make_room(held):
            return FULL if self.open >= self.cap or light else CROWDED
        self.open += 1
        if key is not None:
            self.held[key] = held + 1
        return None

    def _make_room(self, held: int) -> bool:
        """Evicts the oldest half-open connection of the key holding the most, if it holds at
        least ``held`` + 2; whether it did."""
        if not self.half_open:
            return False
        heaviest = max(self.half_open, key=self.held.__getitem__)
        if self.held[heaviest] < held + 2:
            return False
        victim = next(iter(self.half_open[heaviest]))
        self.waited(victim, heaviest)
        self.release(heaviest)
        victim.evict()
        return True

    def release(self, key: str | None) -> None:
        """A connection counted for ``key`` has closed."""
        self.open -= 1
        if key is not None:
            left = self.held.get(key, 1) - 1
            if left > 0:
                self.held[key] = left
            else:
                self.held.pop(key, None)

    def waiting(self, connection: Evictable, key: str) -> None:
        """``connection`` (counted for ``key``) awaits a request's headers: it may be evicted."""
        self.half_open.setdefault(key, {})[connection] = None

    def waited(self, connection: Evictable, key: str) -> None:
        """``connection`` no longer awaits headers (they came, or it closed)."""
        waiting = self.half_open.get(key)
        if waiting is None:
            return
        waiting.pop(connection, None)
        if not waiting:
            del self.half_open[key]


# ---- the protocol -------------------------------------------------------------------------------


class GivesBack:
    """Mixed into uvicorn's WebSocket protocol: gives an upgraded connection's place in the
    ledger back when it closes (uvicorn tells the WebSocket protocol, not the HTTP one)."""

    give_back: Callable[[], None] | None = None

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)  # type: ignore[misc]
        finally:
            give_back, self.give_back = self.give_back, None
            if give_back is not None:
                give_back()


_GIVING_BACK: dict[type[asyncio.Protocol], type[asyncio.Protocol]] = {}


def _giving_back(ws_protocol: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
    """``ws_protocol`` with ``GivesBack`` (one class for each, made once)."""
    if issubclass(ws_protocol, GivesBack):
        return ws_protocol
    made = _GIVING_BACK.get(ws_protocol)
    if made is None:
        made = _GIVING_BACK[ws_protocol] = type(ws_protocol.__name__, (GivesBack, ws_protocol), {})
    return made


class Deadlines:
    """The guards, mixed into one of uvicorn's HTTP protocols (see the module). Only the
    protocol's ``data_received``, ``transport``, ``cycle`` and ``ws_protocol_class`` are relied
    on, which both of uvicorn's HTTP/1.1 protocols have."""

    header_seconds: ClassVar[float] = 10.0
    body_seconds: ClassVar[float] = 30.0
    ledger: ClassVar[Ledger] = Ledger(ServerConfig.max_connections, 0)
    """This server's connections (``guarded_protocol`` gives each server its own)."""

    # What the protocol provides:
    transport: asyncio.Transport
    cycle: Any
    loop: asyncio.AbstractEventLoop
    ws_protocol_class: type[asyncio.Protocol] | None

    _timer: asyncio.TimerHandle | None = None
    _phase = ""  # "headers", "body" or "" (nothing awaited)
    _seen: Any = None  # the request whose headers have come
    _counted = False  # holds a place in the ledger
    _key: str | None = None  # the place's key

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._key = self.ledger.key_of(transport.get_extra_info("peername"))
        refusal = self.ledger.admit(self._key)
        if refusal is not None:
            self.transport.write(refusal)
            self.transport.close()
            return
        self._counted = True
        self._arm("headers")

    def data_received(self, data: bytes) -> None:
        if not self._phase and (self.cycle is None or self.cycle.response_complete):
            self._arm("headers")  # the next request on a kept-alive connection begins
        super().data_received(data)  # type: ignore[misc]
        self._advance()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        self._give_back()
        super().connection_lost(exc)  # type: ignore[misc]

    def evict(self) -> None:
        """Closed by the ledger to make room (its place is given back already)."""
        self._counted = False
        self._cancel()
        if not self.transport.is_closing():
            self.transport.write(MADE_ROOM)
            self.transport.close()

    def _give_back(self) -> None:
        if self._counted:
            self._counted = False
            self.ledger.release(self._key)

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._cancel()
        if self.ws_protocol_class is not None:
            self.ws_protocol_class = _giving_back(self.ws_protocol_class)
        super().handle_websocket_upgrade(*args)  # type: ignore[misc]
        upgraded = cast(object, self.transport.get_protocol())
        if isinstance(upgraded, GivesBack) and self._counted:  # the place is the WebSocket's now
            self._counted = False
            upgraded.give_back = functools.partial(self.ledger.release, self._key)

    def _advance(self) -> None:
        if self.transport.is_closing() or cast(object, self.transport.get_protocol()) is not self:
            self._cancel()  # closed, or now a WebSocket's
            return
        cycle = self.cycle
        if cycle is None:
            return
        if self._phase == "headers" and cycle is not self._seen:
            self._seen = cycle
            if cycle.more_body:
                self._arm("body")
            else:
                self._cancel()
        elif self._phase == "body" and not cycle.more_body:
            self._cancel()

    def _arm(self, phase: str) -> None:
        self._cancel()
        self._phase = phase
        seconds = self.header_seconds if phase == "headers" else self.body_seconds
        self._timer = self.loop.call_later(seconds, self._expired)
        if phase == "headers" and self._counted and self._key is not None:
            self.ledger.waiting(self, self._key)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        if self._phase == "headers" and self._key is not None:
            self.ledger.waited(self, self._key)
        self._phase = ""

    def _expired(self) -> None:
        phase = self._phase
        self._cancel()
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if phase == "headers" or cycle is None or not cycle.response_started:
            self.transport.write(TIMED_OUT[phase])
        self.transport.close()


class GuardedH11(Deadlines, H11Protocol):
    """uvicorn's h11 protocol with the deadlines."""


def _httptools() -> type[asyncio.Protocol] | None:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return None

    class GuardedHttpTools(Deadlines, HttpToolsProtocol):
        """uvicorn's httptools protocol (the faster one) with the deadlines."""

    return GuardedHttpTools


def guarded_protocol(
    config: ServerConfig, connections: int | None = None
) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools where installed, else h11) with ``config``'s
    deadlines and a new ledger of ``connections`` (default ``config.max_connections``) places,
    to pass as uvicorn's ``http`` (and no ``limit_concurrency``: see the module)."""
    base = _httptools() or GuardedH11
    ledger = Ledger(
        config.max_connections if connections is None else connections,
        config.connections_per_address,
        frozenset(config.forwarded_allow_ips),
    )
    return type(
        base.__name__,
        (base,),
        {
            "header_seconds": config.header_seconds,
            "body_seconds": config.body_seconds,
            "ledger": ledger,
        },
    )


def listening_config(config: ServerConfig, host: str) -> ServerConfig:
    """``config`` with its host names filled in for a server listening on ``host`` when none
    are configured (see ``guards.default_hosts``)."""
    if config.allowed_hosts:
        return config
    return replace(config, allowed_hosts=default_hosts(host))


def serve(
    url: str,
    host: str,
    port: int,
    config: ServerConfig | None = None,
    ready: Callable[[], None] | None = None,
    processes: int = 1,
) -> None:
    """Opens the database (``ready`` is called then, before listening) and serves the app on
    ``host:port`` until interrupted, with ``config``'s limits on connections (``max_connections``
    lowered, with a warning, if the open-file limit cannot hold them: see ``file_budget``).
    With ``processes`` above one, see :func:`serve_processes`."""
    config = listening_config(config or ServerConfig(), host)
    if processes > 1:
        serve_processes(url, host, port, config, processes, ready)
        return
    app = create_app(url, config=config)  # opens (creates, migrates) the database
    if ready is not None:
        ready()
    uvicorn.Server(uvicorn_config(app, config, host, port)).run()


def uvicorn_config(app: Any, config: ServerConfig, host: str, port: int) -> uvicorn.Config:
    """uvicorn's settings for serving ``app`` with ``config``'s limits (see the module)."""
    trusted = list(config.forwarded_allow_ips)
    budget = open_files_budget(config)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=guarded_protocol(config, budget.connections),
        limit_concurrency=None,  # the ledger counts connections from accept instead
        backlog=budget.backlog,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
        ws_max_size=WS_MAX_MESSAGE,
        # Compressing each pushed view (about 4 kB of JSON) cost a tenth of the server's CPU
        # a move at 1,000 tables (3.9 -> 3.5 ms): a reverse proxy can compress instead.
        ws_per_message_deflate=False,
    )


# ---- several processes --------------------------------------------------------------------------

RESTART_PAUSE = 1.0
"""Seconds before a serving process that ended on its own is started again."""


def serve_processes(
    url: str,
    host: str,
    port: int,
    config: ServerConfig,
    processes: int,
    ready: Callable[[], None] | None = None,
) -> None:
    """Serves ``host:port`` from ``processes`` processes, each with its own event loop, table
    cache and bot workers, over one database that tells each of the others' changes
    (PostgreSQL's LISTEN/NOTIFY: ``Store.shared``). This process opens (creates, migrates) the
    database and the listening socket, starts the serving processes (``ready`` is called once
    they all listen), starts again one that ends on its own, and stops them all when
    interrupted (SIGINT or SIGTERM). The kernel hands each new connection to one of them.
    ``max_connections`` is shared out among them; the other limits hold in each."""
    if not is_postgres(url):
        raise LangbordError(
            "several serving processes need a database they all write to: PostgreSQL "
            "(--db postgresql+psycopg://…); a SQLite file is served by one process"
        )
    engine, _sessions = open_database(url)  # created or migrated once, before the processes
    engine.dispose()
    share = replace(config, max_connections=-(-config.max_connections // processes))
    budget = open_files_budget(share)
    listening = uvicorn.Config(
        "langbord", host=host, port=port, backlog=budget.backlog, log_level="warning"
    )
    sock = listening.bind_socket()
    sock.listen(budget.backlog)  # connections wait in the backlog while the processes start
    context = multiprocessing.get_context("spawn")
    stopping = threading.Event()

    def stop(_signal: int, _frame: Any) -> None:
        stopping.set()

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    running: list[BaseProcess] = []
    try:
        started = context.Queue()
        for _ in range(processes):
            running.append(_start(context, url, host, port, share, sock, started))
        waiting = processes
        while waiting:
            if stopping.is_set():
                return
            if any(p.exitcode is not None for p in running):
                raise LangbordError("a serving process could not start (its message is above)")
            try:
                started.get(timeout=0.2)
                waiting -= 1
            except queue.Empty:
                pass
        if ready is not None:
            ready()
        while not stopping.is_set():
            mp_connection.wait([p.sentinel for p in running], timeout=0.5)
            for k, process in enumerate(running):
                if process.exitcode is not None and not stopping.is_set():
                    log.warning(
                        "serving process %d ended (exit status %s): starting another",
                        process.pid,
                        process.exitcode,
                    )
                    if not stopping.wait(RESTART_PAUSE):
                        running[k] = _start(context, url, host, port, share, sock, None)
    finally:
        for process in running:
            if process.exitcode is None and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)  # uvicorn's graceful shutdown
        for process in running:
            process.join(timeout=15)
            if process.exitcode is None:
                process.kill()
                process.join()
        sock.close()
        for number, handler in previous.items():
            signal.signal(number, handler)


def _start(
    context: Any,
    url: str,
    host: str,
    port: int,
    config: ServerConfig,
    sock: socket.socket,
    started: Any,
) -> BaseProcess:
    process: BaseProcess = context.Process(
        target=_serve_one,
        args=(url, host, port, config, sock, started),
        name="langbord-serve",
        daemon=False,
    )
    process.start()
    return process


def _serve_one(
    url: str, host: str, port: int, config: ServerConfig, sock: socket.socket, started: Any
) -> None:
    """One of :func:`serve_processes`'s processes: its app on the shared socket."""
    from langbord.server.runtime import tune_collector

    app = create_app(url, config=config)
    tune_collector()
    server = uvicorn.Server(uvicorn_config(app, config, host, port))
    if started is not None:
        started.put(os.getpid())
    server.run(sockets=[sock])
