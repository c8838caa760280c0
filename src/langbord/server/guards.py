"""What stands between the internet and the API: the Host check (DNS rebinding), the security
headers every answer carries, and the limits per client address on creating tables, joining
and moving.

The client address is the socket's peer as the ASGI server reports it; behind a reverse proxy,
``langbord serve --forwarded-allow-ips`` makes uvicorn take it from ``X-Forwarded-For`` (only
from the proxies named there). IPv6 clients are counted by their /64 network: one host usually
holds a whole one.
"""

from __future__ import annotations

import ipaddress
import json
import math
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from fastapi import HTTPException, Request
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from langbord.core.i18n import _, ngettext
from langbord.server.config import ServerConfig

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")

# ---- the Host header ----------------------------------------------------------------------------


def host_name(header: str) -> str | None:
    """The name in a Host header without its port, lower-case (``[::1]:8000`` → ``::1``);
    None if it is not a host name at all."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        rest = header[end + 1 :] if end > 0 else "?"
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return None
        name = header[1:end]
        try:
            ipaddress.IPv6Address(name)
        except ValueError:
            return None
        return name
    name, _colon, port = header.partition(":")
    if port and not port.isdigit():
        return None
    name = name.rstrip(".")
    return name or None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def default_hosts(listening: str) -> tuple[str, ...]:
    """The host names a server listening on ``listening`` answers to when none are configured:
    that address; every loopback name for a loopback address; for a wildcard address (0.0.0.0,
    ::) any IP address (``*ip``) and ``localhost``. A DNS-rebinding page always sends its own
    domain name, never an IP address, so IP addresses are safe to accept."""
    name = host_name(listening) or listening.strip("[]").lower()
    if name in WILDCARD_ADDRESSES:
        return ("*ip", "localhost")
    if name in LOOPBACK_NAMES or (_is_ip(name) and ipaddress.ip_address(name).is_loopback):
        return (name, *(n for n in LOOPBACK_NAMES if n != name))
    return (name,)


class HostCheck:
    """Answers 400 to a request (or refuses a WebSocket) whose one Host header names none of
    ``allowed``: exact names, ``*.example.org`` for its subdomains, ``*ip`` for any IP address,
    ``*`` for anything. The port is not checked."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        names = [a.strip().lower().rstrip(".") for a in allowed]
        self.anything = "*" in names
        self.any_ip = "*ip" in names
        self.suffixes = tuple(n[1:] for n in names if n.startswith("*."))
        self.exact = {
            host_name(n) or n.strip("[]") for n in names if n not in ("*", "*ip") and "*" not in n
        }

    def allows(self, header: str) -> bool:
        if self.anything:
            return True
        name = host_name(header)
        if name is None:
            return False
        return name in self.exact or name.endswith(self.suffixes) or (self.any_ip and _is_ip(name))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        hosts = [v.decode("latin-1") for k, v in scope.get("headers") or [] if k == b"host"]
        if len(hosts) == 1 and self.allows(hosts[0]):  # two Host headers: refused too
            await self.app(scope, receive, send)
            return
        detail = _("this server does not answer to that host name (the Host header)")
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": close_reason(detail)})
            return
        await send_json(send, 400, {"detail": detail})


CLOSE_REASON_BYTES = 123
"""The most a WebSocket close frame's reason may hold, in bytes of UTF-8."""


def close_reason(reason: str) -> str:
    """``reason`` cut to the :data:`CLOSE_REASON_BYTES` a WebSocket close frame holds (a
    translation may be longer than the English), at a character's end."""
    data = reason.encode("utf-8")
    if len(data) <= CLOSE_REASON_BYTES:
        return reason
    return data[:CLOSE_REASON_BYTES].decode("utf-8", "ignore")


async def send_json(
    send: Send, status: int, body: dict[str, Any], headers: Iterable[tuple[bytes, bytes]] = ()
) -> None:
    """A whole JSON answer, straight through ASGI (for middleware that answers itself)."""
    content = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(content)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": content})


# ---- security headers ---------------------------------------------------------------------------

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The browser table's policy: its own modules, style sheet and connections only (the favicon
is a data: URL); no inline script or style, no framing."""

DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
    "https://cdn.redoc.ly; worker-src blob:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
"""``/docs`` and ``/redoc``: Swagger UI and ReDoc come from a CDN and start with an inline
script; those pages show only the API's own schema."""

DOCS_PATHS = ("/docs", "/docs/oauth2-redirect", "/redoc")


class SecurityHeaders:
    """Adds ``Content-Security-Policy``, ``X-Frame-Options: DENY``,
    ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy`` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope.get("path") in DOCS_PATHS else PAGE_POLICY
        extra = [
            (b"content-security-policy", policy.encode()),
            (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
        ]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


# ---- limits per client address ------------------------------------------------------------------


def client_key(address: str | None) -> str:
    """Whom a limit counts: the IPv4 address, or the /64 network of an IPv6 address."""
    if not address:
        return "?"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


def client_of(request: Request) -> str:
    """The :func:`client_key` of a request's client."""
    return client_key(request.client.host if request.client else None)


def parse_rate(name: str, rate: str) -> RateLimitItem:
    """``30/minute``, ``5 per 2 seconds``… (the ``limits`` notation); a clear error otherwise."""
    try:
        item = parse(rate)
    except ValueError:
        raise ValueError(
            f"{name} {rate!r} is not a rate: write it as N/second, N/minute, N/hour or "
            "'N per K seconds'"
        ) from None
    if item.amount < 1:
        raise ValueError(f"{name} {rate!r} must allow at least one request")
    return item


class RateLimits:
    """A moving-window limit per client address for each kind of request (``create``, ``join``,
    ``move``), kept in this process's memory. ``dependency(kind)`` is a FastAPI dependency that
    answers 429 with ``Retry-After`` when the client is over its limit.

    ``work`` is the bots' time a client's hints and analyses may take (``work_rate``, in
    worker-seconds): :meth:`charge` counts what each decision took, and the ``work``
    dependency refuses a new hint or analysis while the client has none left."""

    def __init__(self, config: ServerConfig) -> None:
        self.enabled = config.rate_limits
        self.items = {
            "create": parse_rate("create_rate", config.create_rate),
            "join": parse_rate("join_rate", config.join_rate),
            "move": parse_rate("move_rate", config.move_rate),
            "work": parse_rate("work_rate", config.work_rate),
        }
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, kind: str, address: str | None) -> int | None:
        """Counts one request; None if it is allowed, else the seconds until it would be.
        (``work`` is only tested here: :meth:`charge` counts it.)"""
        if not self.enabled:
            return None
        item, key = self.items[kind], client_key(address)
        if kind == "work" and self.limiter.test(item, kind, key):
            return None
        if kind != "work" and self.limiter.hit(item, kind, key):
            return None
        reset = self.limiter.get_window_stats(item, kind, key).reset_time
        return max(1, math.ceil(reset - time.time()))

    def charge(self, client: str, seconds: float) -> None:
        """Counts ``seconds`` of the bots' time (rounded up, at least 1) against ``client``
        (a :func:`client_key`): called from the bots' thread."""
        if not self.enabled:
            return
        item = self.items["work"]
        # Over the budget, only what is left of it is counted: the rest waits for the window.
        left = self.limiter.get_window_stats(item, "work", client).remaining
        cost = min(max(1, math.ceil(seconds)), left)
        if cost > 0:
            self.limiter.hit(item, "work", client, cost=cost)

    def dependency(self, kind: str) -> Callable[[Request], Awaitable[None]]:
        rate = self.items[kind]

        async def limited(request: Request) -> None:
            wait = self.hit(kind, request.client.host if request.client else None)
            if wait is not None:
                raise HTTPException(
                    status_code=429,
                    detail=too_many(kind, rate, wait),
                    headers={"Retry-After": str(wait)},
                )

        return limited


def too_many(kind: str, rate: RateLimitItem, wait: int) -> str:
    """What a client over its ``rate`` of ``kind`` (see :class:`RateLimits`) is told, in the
    language spoken: it may try again in ``wait`` seconds."""
    if kind == "work":
        return ngettext(  # the English as it was for 1 too: clients and tests read it
            "your address has used its share of the bots' time for hints and analyses ({amount} "
            "seconds of the bots' time per {per}): try again in {wait} s",
            "your address has used its share of the bots' time for hints and analyses ({amount} "
            "seconds of the bots' time per {per}): try again in {wait} s",
            rate.amount,
        ).format(amount=rate.amount, per=_window(rate), wait=wait)
    if kind == "create":
        refusal = _("too many new tables from your address (at most {rate}): try again in {wait} s")
    elif kind == "join":
        refusal = _("too many joins from your address (at most {rate}): try again in {wait} s")
    else:
        refusal = _("too many moves from your address (at most {rate}): try again in {wait} s")
    return refusal.format(rate=_rate_text(rate), wait=wait)


_WINDOWS: dict[str, Callable[[int], str]] = {
    "second": lambda n: ngettext("{n} second", "{n} seconds", n),
    "minute": lambda n: ngettext("{n} minute", "{n} minutes", n),
    "hour": lambda n: ngettext("{n} hour", "{n} hours", n),
    "day": lambda n: ngettext("{n} day", "{n} days", n),
    "month": lambda n: ngettext("{n} month", "{n} months", n),
    "year": lambda n: ngettext("{n} year", "{n} years", n),
}
"""A rate's window ("1 minute", "2 seconds") in the language spoken, by its granularity."""


def _window(rate: RateLimitItem) -> str:
    """``rate``'s window ("1 minute") in the language spoken; as ``limits`` writes it, in
    English, for a granularity not in :data:`_WINDOWS`."""
    words = _WINDOWS.get(rate.GRANULARITY.name)
    if words is None:
        return str(rate).partition(" per ")[2]
    return words(rate.multiples).format(n=rate.multiples)


def _rate_text(rate: RateLimitItem) -> str:
    """``rate`` ("30 per 1 minute") in the language spoken."""
    return _("{amount} per {window}").format(amount=rate.amount, window=_window(rate))
