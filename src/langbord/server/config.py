"""What a host may set for ``langbord serve``: bots' budgets and workers, limits per client,
the live-table cache, timeouts and the host names the server answers to.

The defaults suit a public server on a small machine; ``langbord serve --help`` names the flag
of each field. Every bound here is what keeps one client from costing everyone else."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(frozen=True)
class ServerConfig:
    """The server's settings (see the module)."""

    # ---- bots ---------------------------------------------------------------------------------
    bot_seconds: float = 10.0
    """The most wall-clock seconds one bot decision may take: a seat whose spec cannot promise
    it is refused, and a decision that runs past it is cut off."""
    bot_workers: int = field(default_factory=_cores)
    """Worker processes that run bot decisions (0: a thread of the server's own process)."""
    fallback_agent: str = "policy"
    """The agent that moves for a bot that failed or was cut off without a move."""

    # ---- post-game analysis -------------------------------------------------------------------
    analysis_seconds: float = 0.5
    """The search per decision of a finished game's analysis when the request names none (a
    request may ask 0.05 to 2)."""
    analyses: int = 2
    """Analyses one client address may have queued or running at once; one more is refused
    with 429. The analyses of different clients take turns in the workers."""
    analyses_total: int = 100
    """Analyses queued or running at once, server-wide; one more is refused with 503."""
    analyses_kept: int = 2000
    """Finished analyses kept (about 100 KB each): beyond it, those looked at least recently
    are dropped (asked for again, they are computed again)."""

    # ---- limits per client address ------------------------------------------------------------
    rate_limits: bool = True
    """Whether the three limits below apply (``--no-rate-limits`` turns them off)."""
    create_rate: str = "30/minute"
    """New tables per client address (``limits`` notation: ``N/second|minute|hour``)."""
    join_rate: str = "60/minute"
    """Joins per client address."""
    move_rate: str = "300/minute"
    """Moves per client address."""
    work_rate: str = "600/hour"
    """Seconds of the bots' workers that one client address's hints and analyses may take
    (each decision counts what it took, rounded up); a client with none left is refused new
    ones (429) until the window moves on."""

    # ---- tables -------------------------------------------------------------------------------
    live_tables: int = 1000
    """Tables kept in memory; the least recently used beyond it are rebuilt from their log
    when next asked for."""
    abandon_days: float = 7.0
    """A table with no move for this long is closed (shown as abandoned)."""
    write_wait_seconds: float = 5.0
    """How long a write waits for the database (another writer's lock): a move that cannot be
    saved in time is answered 503 with ``Retry-After``, and nothing changes."""

    sqlite_sync: str = "full"
    """SQLite's ``synchronous``: ``full`` (a move is on the disk before it is answered: it
    survives a power cut) or ``normal`` (it survives the server's crash, kill -9 included, but
    the last moves may be lost if the machine itself goes down; about a tenth less CPU a move
    and a shorter wait at 1,000 tables, see benchmarks/results/server-load.txt)."""

    # ---- connections --------------------------------------------------------------------------
    allowed_hosts: tuple[str, ...] = ()
    """Host names the server answers to (the Host header; DNS rebinding): names,
    ``*.example.org``, ``*ip`` (any IP address) or ``*`` (anything). Empty: ``langbord serve``
    fills in the address it listens on (every loopback name for a loopback address; any IP
    address and ``localhost`` for 0.0.0.0 or ::), and ``create_app`` alone checks nothing."""
    forwarded_allow_ips: tuple[str, ...] = ()
    """Reverse proxies whose ``X-Forwarded-For`` names the client (for the limits per address);
    empty: the socket's peer is the client, whatever the headers say."""
    max_connections: int = 1000
    """Open connections at once, WebSockets included, counted from the moment each is accepted
    (headers complete or not); more are answered 503. The last tenth is kept for addresses
    holding few, and when full the heaviest address's half-open connections make room (see
    ``serving``). Lowered at start, with a warning, if the process's open-file limit cannot
    hold it (``serving.file_budget``)."""
    connections_per_address: int = 100
    """Open connections one client address (an IPv6 address: its /64) may hold, WebSockets
    included (a reverse proxy named in ``forwarded_allow_ips`` is not held to it); more are
    answered 503. 0: no limit."""
    header_seconds: float = 10.0
    """A request's headers must arrive within this time (slowloris), or it is answered 408."""
    body_seconds: float = 30.0
    """A request's body must arrive within this time."""
    ws_token_seconds: float = 10.0
    """A WebSocket must send its token (or an empty message) within this time, or it is closed
    with 1008."""
    spectators: int = 100
    """Spectators (WebSockets without a seat's token) per table; the next is closed with 1013.
    A seat's own WebSockets are not counted."""
