"""Running the app under uvicorn with the connection limits of ``ServerConfig``.

uvicorn caps open connections (``limit_concurrency``: the excess is answered 503) and closes
idle kept-alive ones, but it waits for a request's headers and body for ever: a client sending
its headers a byte at a time (slowloris) holds a connection as long as it likes, and a few
hundred such clients hold them all. ``guarded_protocol`` is uvicorn's own HTTP protocol with two
deadlines on top: a request's headers must be complete within ``header_seconds`` of its first
byte (of the connection, for the first request) and its body within ``body_seconds`` of its
headers, or the connection is answered 408 and closed. It also holds WebSocket upgrades to the
connection cap, which uvicorn checks for plain requests only, and holds each client address to
``connections_per_address`` open connections (WebSockets included; a trusted reverse proxy is
not held), so that one client cannot take every connection the server has.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, cast

from uvicorn.protocols.http.h11_impl import H11Protocol

from langbord.server.config import ServerConfig
from langbord.server.guards import default_hosts

log = logging.getLogger("langbord.server")

KEEP_ALIVE_SECONDS = 5
WS_MAX_MESSAGE = 64 * 1024


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


class Deadlines:
    """The deadlines, mixed into one of uvicorn's HTTP protocols (see the module). Only the
    protocol's ``data_received``, ``transport`` and ``cycle`` are relied on, which both of
    uvicorn's HTTP/1.1 protocols have."""

    header_seconds: ClassVar[float] = 10.0
    body_seconds: ClassVar[float] = 30.0
    per_address: ClassVar[int] = 0  # open connections one address may hold (0: no limit)
    trusted: ClassVar[frozenset[str]] = frozenset()  # reverse proxies: not limited
    open_by_address: ClassVar[dict[str, int]]  # this server's open connections per address

    # What the protocol provides:
    transport: asyncio.Transport
    cycle: Any
    connections: set[Any]
    limit_concurrency: int | None
    loop: asyncio.AbstractEventLoop

    _timer: asyncio.TimerHandle | None = None
    _phase = ""  # "headers", "body" or "" (nothing awaited)
    _seen: Any = None  # the request whose headers have come
    _address: str | None = None  # counted in open_by_address

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        if self.per_address and not self._admit(transport):
            self.transport.write(YOURS_FULL)
            self.transport.close()
            return
        self._arm("headers")

    def _admit(self, transport: asyncio.BaseTransport) -> bool:
        """Counts the connection against its address; False if the address holds its most."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else None
        if address is None or address in self.trusted:
            return True
        held = self.open_by_address.get(address, 0)
        if held >= self.per_address:
            return False
        self.open_by_address[address] = held + 1
        self._address = address
        return True

    def data_received(self, data: bytes) -> None:
        if not self._phase and (self.cycle is None or self.cycle.response_complete):
            self._arm("headers")  # the next request on a kept-alive connection begins
        super().data_received(data)  # type: ignore[misc]
        self._advance()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        if self._address is not None:
            left = self.open_by_address.get(self._address, 1) - 1
            if left > 0:
                self.open_by_address[self._address] = left
            else:
                self.open_by_address.pop(self._address, None)
            self._address = None
        super().connection_lost(exc)  # type: ignore[misc]

    def handle_websocket_upgrade(self, *args: Any) -> None:
        self._cancel()
        limit = self.limit_concurrency
        if limit is not None and len(self.connections) >= limit:
            self.transport.write(FULL)
            self.transport.close()
            return
        super().handle_websocket_upgrade(*args)  # type: ignore[misc]

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

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._phase = ""

    def _expired(self) -> None:
        phase, self._timer, self._phase = self._phase, None, ""
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


def guarded_protocol(config: ServerConfig) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools where installed, else h11) with ``config``'s
    deadlines, to pass as uvicorn's ``http``."""
    base = _httptools() or GuardedH11
    return type(
        base.__name__,
        (base,),
        {
            "header_seconds": config.header_seconds,
            "body_seconds": config.body_seconds,
            "per_address": config.connections_per_address,
            "trusted": frozenset(config.forwarded_allow_ips),
            "open_by_address": {},
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
) -> None:
    """Opens the database (``ready`` is called then, before listening) and serves the app on
    ``host:port`` until interrupted, with ``config``'s limits on connections."""
    import uvicorn

    from langbord.server.app import create_app

    config = listening_config(config or ServerConfig(), host)
    app = create_app(url, config=config)  # opens (creates, migrates) the database
    if ready is not None:
        ready()
    trusted = list(config.forwarded_allow_ips)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=guarded_protocol(config),
        limit_concurrency=config.max_connections,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
        ws_max_size=WS_MAX_MESSAGE,
        # Compressing each pushed view (about 4 kB of JSON) cost a tenth of the server's CPU
        # a move at 1,000 tables (3.9 -> 3.5 ms): a reverse proxy can compress instead.
        ws_per_message_deflate=False,
    )
