"""Load on ``langbord serve``: many tables played at once by clients on loopback.

Every human seat is a client with its own WebSocket: it waits for a pushed view in which the
seat is to move, (optionally) thinks, and POSTs a random legal action with the move number.
A table whose game ends is replaced by a new one, so the load stays the same. Reports moves/s,
the latency of the move POSTs (p50/p90/p99/max), how long a move takes to reach the next
player's WebSocket, errors, and the CPU seconds the server and this client used.

    python benchmarks/server_load.py                      # 200 tables, 30 s, a temp SQLite file
    python benchmarks/server_load.py --tables 50 --think 0.5 --seconds 60
    python benchmarks/server_load.py --url http://127.0.0.1:8000   # a server already running

Without ``--url`` it starts its own ``langbord serve`` on a free port of 127.0.0.1 with a
SQLite file in a temporary directory (``--db`` picks another database, e.g. PostgreSQL). Only
loopback addresses are accepted for ``--url``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import websockets

LAUNCH = "from langbord.cli.main import main; raise SystemExit(main())"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


@dataclass
class Stats:
    started: float = math.inf  # the measured window: once every seat is connected and warm
    stopping: float = math.inf
    connecting: float = 0.0  # seconds until every seat's WebSocket had its first view
    post_latency: list[float] = field(default_factory=list)
    push_latency: list[float] = field(default_factory=list)
    loop_lag: list[float] = field(default_factory=list)  # this client's event loop, late by
    moves: int = 0
    conflicts: int = 0  # 409: lost a race (should not happen: one client per seat)
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    setup: float = 0.0  # seconds to make the tables and take their seats
    server_cpu: float = float("nan")  # the server's CPU seconds in the measured window
    views: int = 0
    view_bytes: int = 0

    def measuring(self) -> bool:
        return self.started <= time.perf_counter() < self.stopping

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


@dataclass
class Table:
    id: str
    tokens: dict[int, str]
    posted: dict[int, float] = field(default_factory=dict)  # move number after -> when posted


class Load:
    def __init__(self, args: argparse.Namespace, base: str, server_pid: int | None) -> None:
        self.args = args
        self.server_pid = server_pid
        self.base = base
        self.ws_base = "ws" + base[len("http") :]
        self.stats = Stats()
        self.rng = random.Random(args.seed)
        seats = args.humans + len(args.bot)
        self.http = httpx.AsyncClient(
            base_url=base,
            timeout=60,
            # Idle connections are dropped before the server's 5 s keep-alive ends, so that a
            # request never goes out on a connection the server is closing.
            limits=httpx.Limits(max_connections=args.tables * seats + 10, keepalive_expiry=2.0),
        )
        self.connected = 0  # seats whose WebSocket has brought its first view
        self.all_connected = asyncio.Event()

    async def new_table(self) -> Table:
        seats = ["human"] * self.args.humans + list(self.args.bot)
        options: dict[str, Any] = {"players": len(seats), **dict(self.args.option)}
        made = await self.post(
            "/api/tables", {"game": self.args.game, "options": options, "seats": seats}, ""
        )
        if made.status_code != 201:
            raise SystemExit(f"cannot make a table: {made.status_code} {made.text}")
        table_id = made.json()["id"]
        tokens = {}
        for seat in range(self.args.humans):
            joined = await self.post(
                f"/api/tables/{table_id}/join", {"name": f"p{seat}", "seat": seat}, ""
            )
            joined.raise_for_status()
            tokens[seat] = joined.json()["token"]
        return Table(table_id, tokens)

    async def post(self, url: str, body: dict[str, Any], token: str) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        try:
            return await self.http.post(url, json=body, headers=headers)
        except httpx.TransportError as exc:  # a dropped connection: once more (409 if it was done)
            self.stats.error(f"post retried: {type(exc).__name__}")
            return await self.http.post(url, json=body, headers=headers)

    async def run_table(self, table: Table) -> None:
        """A table's seats, played until the end; a finished game is followed by another."""
        while True:
            await asyncio.gather(*(self.play_seat(table, seat) for seat in table.tokens))
            if time.perf_counter() >= self.stats.stopping:
                return
            self.stats.games_finished += 1
            table = await self.new_table()

    async def play_seat(self, table: Table, seat: int) -> None:
        rng = random.Random(self.rng.randrange(2**32))
        url = f"{self.ws_base}/api/tables/{table.id}/ws"
        token = table.tokens[seat]
        stats = self.stats
        async with websockets.connect(url, max_size=None, open_timeout=60) as ws:
            await ws.send(token)
            done = 0  # the move number this seat last acted at, plus one
            first = True
            while True:
                left = stats.stopping - time.perf_counter()
                if left <= 0:
                    return
                try:
                    message = await asyncio.wait_for(ws.recv(), timeout=min(left, 1.0))
                except TimeoutError:
                    continue
                now = time.perf_counter()
                if first:
                    first = False
                    self.connected += 1
                    if self.connected == self.args.tables * len(table.tokens):
                        self.all_connected.set()
                view = json.loads(message)
                if stats.measuring():
                    stats.views += 1
                    stats.view_bytes += len(message)
                if "error" in view:
                    stats.error(f"ws: {view['error']}")
                    return
                for number in [n for n in table.posted if n <= view["move"]]:
                    posted = table.posted.pop(number)
                    if stats.measuring():
                        stats.push_latency.append(now - posted)
                if view["status"] == "over":
                    return
                if not view["legal"] or view["move"] < done:
                    continue
                if self.args.think > 0:
                    await asyncio.sleep(rng.expovariate(1 / self.args.think))
                move = view["move"]
                done = move + 1
                started = time.perf_counter()
                try:
                    answer = await self.post(
                        f"/api/tables/{table.id}/actions",
                        {"action": rng.choice(view["legal"]), "move": move},
                        token,
                    )
                except httpx.HTTPError as exc:
                    stats.error(f"post: {type(exc).__name__}")
                    continue
                took = time.perf_counter() - started
                if answer.status_code == 200:
                    table.posted.setdefault(answer.json()["move"], started)
                    if stats.measuring():
                        stats.moves += 1
                        stats.post_latency.append(took)
                elif answer.status_code == 409:
                    stats.conflicts += 1
                else:
                    stats.error(f"post: {answer.status_code} {answer.text[:80]}")

    async def lag(self) -> None:
        """How late this client's own event loop wakes up: latency it adds to every figure."""
        while time.perf_counter() < self.stats.stopping:
            asked = time.perf_counter()
            await asyncio.sleep(0.05)
            if self.stats.measuring():
                self.stats.loop_lag.append(time.perf_counter() - asked - 0.05)

    async def clock(self) -> None:
        """Opens the measured window once every seat is connected and the warm-up is over;
        takes the server's CPU seconds in it (when this script started the server)."""
        await asyncio.wait_for(self.all_connected.wait(), timeout=600)
        self.stats.connecting = time.perf_counter() - self.stats.connecting
        self.stats.started = time.perf_counter() + self.args.warmup
        self.stats.stopping = self.stats.started + self.args.seconds
        if self.server_pid is None:
            return
        await asyncio.sleep(max(0.0, self.stats.started - time.perf_counter()))
        before = cpu_seconds(self.server_pid)
        await asyncio.sleep(max(0.0, self.stats.stopping - time.perf_counter()))
        self.stats.server_cpu = cpu_seconds(self.server_pid) - before

    async def run(self) -> Stats:
        """Sets the tables up (not measured), then plays them."""
        args = self.args
        gate = asyncio.Semaphore(16)

        async def setup() -> Table:
            async with gate:
                return await self.new_table()

        began = time.perf_counter()
        tables = await asyncio.gather(*(setup() for _ in range(args.tables)))
        self.stats.connecting = time.perf_counter()
        self.stats.setup = time.perf_counter() - began
        await asyncio.gather(self.clock(), self.lag(), *(self.run_table(table) for table in tables))
        await self.http.aclose()
        return self.stats


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    where = ["--host", "127.0.0.1", "--port", str(port)]
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "serve", "--db", db, *where],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"langbord serve exited:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return server, base
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("langbord serve did not answer within 60 s")


def option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--option takes key=value, not {text!r}")
    return key, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--url", help="a running server on loopback (default: start one)")
    parser.add_argument("--db", help="the database of the server started (default: temp SQLite)")
    parser.add_argument("--tables", type=int, default=200, help="tables played at once (200)")
    parser.add_argument("--game", default="skaal", help="the game (skaal: long games)")
    parser.add_argument("--humans", type=int, default=3, help="human seats a table (3)")
    parser.add_argument("--bot", action="append", default=[], help="a bot seat's spec (none)")
    parser.add_argument("--option", type=option, action="append", default=[], help="KEY=VALUE")
    parser.add_argument("--think", type=float, default=0.0, help="mean think time, s (0)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time (30)")
    parser.add_argument("--warmup", type=float, default=5.0, help="unmeasured start (5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()
    server: subprocess.Popen[bytes] | None = None
    with tempfile.TemporaryDirectory(prefix="langbord-load-") as tmp:
        if args.url:
            if urlsplit(args.url).hostname not in LOOPBACK:
                parser.error("--url must be a loopback address (127.0.0.1, localhost, ::1)")
            base = args.url.rstrip("/")
        else:
            db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
            server, base = start_server(db, Path(tmp) / "server.log")
        try:
            client_cpu = time.process_time()
            began = time.perf_counter()
            stats = asyncio.run(Load(args, base, server.pid if server else None).run())
            wall = time.perf_counter() - began
            client_cpu = time.process_time() - client_cpu
        finally:
            if server is not None:
                server.terminate()
                server.wait(30)
    report(args, stats, wall, client_cpu)
    return 1 if stats.errors else 0


def report(args: argparse.Namespace, stats: Stats, wall: float, client_cpu: float) -> None:
    ms = 1000.0
    post, push = stats.post_latency, stats.push_latency
    figures = {
        "tables": args.tables,
        "game": args.game,
        "humans": args.humans,
        "bots": args.bot,
        "think_s": args.think,
        "seconds": args.seconds,
        "moves": stats.moves,
        "moves_per_s": stats.moves / args.seconds,
        "post_ms": {q: percentile(post, p) * ms for q, p in [("p50", 50), ("p90", 90), ("p99", 99)]}
        | {"max": max(post, default=float("nan")) * ms},
        "push_ms": {q: percentile(push, p) * ms for q, p in [("p50", 50), ("p99", 99)]},
        "client_loop_lag_ms": {
            q: percentile(stats.loop_lag, p) * ms for q, p in [("p50", 50), ("p99", 99)]
        },
        "views_per_s": stats.views / args.seconds,
        "mean_view_kib": stats.view_bytes / max(stats.views, 1) / 1024,
        "games_finished": stats.games_finished,
        "conflicts": stats.conflicts,
        "errors": stats.errors,
        "server_cpu_s": stats.server_cpu,
        "server_cpu_ms_per_move": stats.server_cpu / max(stats.moves, 1) * ms,
        "client_cpu_s": client_cpu,
        "wall_s": wall,
        "load_average": os.getloadavg()[0],  # other work on the machine shows here
    }
    print(
        f"{args.tables} tables of {args.game} ({args.humans} human seats"
        f"{', bots ' + ','.join(args.bot) if args.bot else ''}), think {args.think:g} s, "
        f"{args.seconds:g} s measured after {args.warmup:g} s warm-up "
        f"(setting the tables up took {stats.setup:.1f} s, connecting every seat "
        f"{stats.connecting:.1f} s)"
    )
    print(f"moves            {stats.moves} ({figures['moves_per_s']:.1f}/s)")
    p = figures["post_ms"]
    print(
        f"POST latency     p50 {p['p50']:.1f} ms  p90 {p['p90']:.1f} ms  p99 {p['p99']:.1f} ms"
        f"  max {p['max']:.1f} ms"
    )
    q = figures["push_ms"]
    print(
        f"POST to pushed   p50 {q['p50']:.1f} ms  p99 {q['p99']:.1f} ms (the table's first client)"
    )
    lag = figures["client_loop_lag_ms"]
    print(
        f"client lag       p50 {lag['p50']:.1f} ms  p99 {lag['p99']:.1f} ms "
        "(this script's event loop waking late: included in the latencies above)"
    )
    print(
        f"views pushed     {figures['views_per_s']:.1f}/s, {figures['mean_view_kib']:.1f} KiB mean"
    )
    print(f"games finished   {stats.games_finished}; 409s {stats.conflicts}; errors {stats.errors}")
    print(
        f"server CPU       {stats.server_cpu:.1f} s in the {args.seconds:g} s measured "
        f"({figures['server_cpu_ms_per_move']:.1f} ms a move, HTTP and pushes included)"
    )
    print(
        f"machine          load average {figures['load_average']:.1f} on {os.cpu_count()} CPUs; "
        f"this client used {client_cpu:.1f} CPU s in {wall:.1f} s"
    )
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    raise SystemExit(main())
