"""Load on ``langbord serve``: many tables played at once by clients on loopback.

Every human seat is a client with its own WebSocket: it waits for a pushed view in which the
seat is to move, (optionally) thinks, and POSTs a random legal action with the move number.
A table whose game ends is replaced by a new one, so the load stays the same. A share of the
tables (``--bot-share``) also seat the ``--bot`` specs, so that bots play beside the humans.

Reports, for the measured window: moves/s (the humans' POSTs, and every move the logs grew by,
bots and chance included), the latency of the move POSTs (p50/p90/p99/max), how long a move
takes to reach the table's first WebSocket, how long a human waits for the bots' reply, the
server's event-loop lag, the CPU seconds of the server (its serving processes, and its bot
worker processes) and of this client, and how busy the machine's CPUs were (a database server
included).

    python benchmarks/server_load.py                      # 200 tables, 30 s, a temp SQLite file
    python benchmarks/server_load.py --tables 1000 --think 5 --bot greedy --bot-share 0.1
    python benchmarks/server_load.py --tables 200 --think 5 --profile /tmp/server.raw
    python benchmarks/server_load.py --url http://127.0.0.1:8000   # a server already running
    python benchmarks/server_load.py --db postgresql+psycopg://… --serve-arg=--processes \\
        --serve-arg=2                                     # two serving processes, one port

Without ``--url`` it starts its own ``langbord serve`` on a free port of 127.0.0.1 with a SQLite
file in a temporary directory (``--db`` picks another database, e.g. PostgreSQL), with the
per-client limits off and the connection cap above the load (when ``langbord serve`` has those
options: ``--help`` is read), and ``--bot-workers`` passed through; it stops it at the end. Only
loopback addresses are accepted for ``--url``. The run is bounded: set-up, ``--warmup`` and
``--seconds``, then every client is stopped.

The client is one asyncio process (aiohttp for HTTP and WebSockets, whose C parsers keep it
light); its own CPU and event-loop lag are reported, since on a small machine it competes with
the server for the same cores. ``--profile FILE`` samples the server with py-spy through the
measured window (collapsed stacks in FILE) and prints where its CPU went.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp

LOOPBACK = {"127.0.0.1", "localhost", "::1"}

LAUNCH = "from langbord.cli.main import main; raise SystemExit(main())"

# Put on the server's PYTHONPATH (as sitecustomize), so that every serving process (there are
# several with `langbord serve --processes N`) runs a task on its event loop that writes how late
# it wakes (every 50 ms) to the file named by LANGBORD_LOAD_LAG: the loop lag every request
# waits behind.
LAG_PROBE = """
import os

if os.environ.get("LANGBORD_LOAD_LAG"):
    import asyncio, time
    import uvicorn.server

    _startup = uvicorn.server.Server.startup
    _tasks = []

    async def _lag(path):
        with open(path, "a", buffering=1) as out:
            while True:
                asked = time.perf_counter()
                await asyncio.sleep(0.05)
                out.write(f"{time.time():.3f} {time.perf_counter() - asked - 0.05:.6f}\\n")

    async def _startup_with_lag(self, sockets=None):
        await _startup(self, sockets=sockets)
        _tasks.append(asyncio.get_running_loop().create_task(_lag(os.environ["LANGBORD_LOAD_LAG"])))

    uvicorn.server.Server.startup = _startup_with_lag
"""


@dataclass
class Stats:
    started: float = math.inf  # the measured window: once every seat is connected and warm
    stopping: float = math.inf
    wall_started: float = math.inf  # the same window in time.time(), for the server's lag file
    wall_stopping: float = math.inf
    connecting: float = 0.0  # seconds until every seat's WebSocket had its first view
    post_latency: list[float] = field(default_factory=list)
    push_latency: list[float] = field(default_factory=list)
    bot_reply: list[float] = field(default_factory=list)  # POST to the bots' answer pushed
    loop_lag: list[float] = field(default_factory=list)  # this client's event loop, late by
    moves: int = 0  # the humans' accepted POSTs
    all_moves: int = 0  # what the tables' logs grew by: bots and chance included
    conflicts: int = 0  # 409: lost a race (should not happen: one client per seat)
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    setup: float = 0.0  # seconds to make the tables and take their seats
    server_cpu: float = float("nan")  # the server process's CPU seconds in the measured window
    workers_cpu: float = float("nan")  # its child processes' (bot workers)
    client_cpu: float = float("nan")  # this process's
    machine_busy: float = float("nan")  # CPUs busy on average, every process (a database too)
    serving: int = 1  # the server's serving processes (langbord serve --processes)
    views: int = 0
    view_bytes: int = 0
    spectator_views: int = 0

    def measuring(self) -> bool:
        return self.started <= time.perf_counter() < self.stopping

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


@dataclass
class Table:
    id: str
    tokens: dict[int, str]
    bots: frozenset[int]  # the bot seats
    posted: dict[int, float] = field(default_factory=dict)  # move number after -> when posted
    seen: int = -1  # the highest move number the table's first seat was shown


class Load:
    def __init__(self, args: argparse.Namespace, base: str, server_pid: int | None) -> None:
        self.args = args
        self.server_pid = server_pid
        self.base = base
        self.ws_base = "ws" + base[len("http") :]
        self.stats = Stats()
        self.rng = random.Random(args.seed)
        self.seats = 0  # human seats over every table
        self.connected = 0  # seats whose WebSocket has brought its first view
        self.all_connected = asyncio.Event()
        self.http: aiohttp.ClientSession

    async def new_table(self, with_bots: bool) -> Table:
        bots = list(self.args.bot) if with_bots else []
        seats = ["human"] * self.args.humans + bots
        options: dict[str, Any] = {"players": len(seats), **dict(self.args.option)}
        status, made = await self.post(
            "/api/tables", {"game": self.args.game, "options": options, "seats": seats}, ""
        )
        if status != 201:
            raise SystemExit(f"cannot make a table: {status} {made}")
        table_id = made["id"]
        tokens = {}
        for seat in range(self.args.humans):
            status, joined = await self.post(
                f"/api/tables/{table_id}/join", {"name": f"p{seat}", "seat": seat}, ""
            )
            if status != 200:
                raise SystemExit(f"cannot join a table: {status} {joined}")
            tokens[seat] = joined["token"]
        bot_seats = frozenset(range(self.args.humans, len(seats)))
        return Table(table_id, tokens, bot_seats)

    async def post(self, url: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
        """The status and decoded JSON answer (text if not JSON) of a POST."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        for attempt in (1, 2):
            try:
                async with self.http.post(url, json=body, headers=headers) as answer:
                    raw = await answer.read()
                    try:
                        return answer.status, json.loads(raw)
                    except ValueError:
                        return answer.status, raw[:80].decode("utf-8", "replace")
            except aiohttp.ClientConnectionError as exc:
                if attempt == 2:  # a dropped keep-alive connection: once more (409 if done)
                    raise
                self.stats.error(f"post retried: {type(exc).__name__}")
        raise AssertionError("unreachable")

    async def run_table(self, table: Table) -> None:
        """A table's seats, played until the end; a finished game is followed by another."""
        while True:
            await asyncio.gather(*(self.play_seat(table, seat) for seat in table.tokens))
            self.stats.games_finished += 1
            table = await self.new_table(bool(table.bots))

    def arrived(self, arrival: list[bool]) -> None:
        """A connection has brought its first view, or failed before one (once): when every
        seat and spectator has, the measured window can open."""
        if not arrival:
            arrival.append(True)
            self.connected += 1
            if self.connected == self.seats:
                self.all_connected.set()

    async def play_seat(self, table: Table, seat: int) -> None:
        arrival: list[bool] = []
        try:
            await self._play_seat(table, seat, arrival)
        finally:
            self.arrived(arrival)

    async def spectate(self, table_id: str) -> None:
        arrival: list[bool] = []
        try:
            await self._spectate(table_id, arrival)
        finally:
            self.arrived(arrival)

    async def _play_seat(self, table: Table, seat: int, arrival: list[bool]) -> None:
        """One seat's WebSocket, read all the time (it answers the server's pings while the
        player thinks); a view in which the seat is to move starts its think and POST."""
        rng = random.Random(self.rng.randrange(2**32))
        url = f"{self.ws_base}/api/tables/{table.id}/ws"
        stats = self.stats
        counts = seat == min(table.tokens)  # this seat's views count the table's moves
        waiting: dict[str, tuple[float, int]] = {}  # "bot": (posted, move number answered)
        moving: asyncio.Future[None] | None = None
        async with self.http.ws_connect(url, max_msg_size=0, compress=15) as ws:
            await ws.send_str(table.tokens[seat])
            done = 0  # the move number this seat last acted at, plus one
            first = True
            try:
                while True:
                    message = await ws.receive()
                    if message.type != aiohttp.WSMsgType.TEXT:
                        if first or message.type == aiohttp.WSMsgType.ERROR:
                            stats.error(f"ws: {message.type.name} {message.data!r}"[:80])
                        return
                    now = time.perf_counter()
                    measuring = stats.measuring()
                    if first:
                        first = False
                        self.arrived(arrival)
                    view = json.loads(message.data)
                    if "error" in view:
                        stats.error(f"ws: {view['error']}")
                        return
                    if measuring:
                        stats.views += 1
                        stats.view_bytes += len(message.data)
                    if counts:
                        if measuring and table.seen >= 0:
                            stats.all_moves += view["move"] - table.seen
                        table.seen = view["move"]
                    for number in [n for n in table.posted if n <= view["move"]]:
                        posted = table.posted.pop(number)
                        if measuring:
                            stats.push_latency.append(now - posted)
                    to_move = view["to_move"]
                    waiting["shown"] = (float(view["move"]), -1 if to_move is None else to_move)
                    bot = waiting.get("bot")
                    if (
                        bot is not None
                        and view["move"] >= bot[1]
                        and view["to_move"] not in table.bots  # the bots have answered
                    ):
                        if view["move"] > bot[1] and measuring:
                            stats.bot_reply.append(now - bot[0])
                        del waiting["bot"]
                    if view["status"] == "over":
                        return
                    if not view["legal"] or view["move"] < done:
                        continue
                    done = view["move"] + 1
                    moving = asyncio.ensure_future(self.move(table, seat, view, rng, waiting))
            finally:
                if moving is not None:
                    moving.cancel()

    async def _spectate(self, table_id: str, arrival: list[bool]) -> None:
        """A spectator's WebSocket: reads every view pushed (counted with the seats')."""
        url = f"{self.ws_base}/api/tables/{table_id}/ws"
        async with self.http.ws_connect(url, max_msg_size=0, compress=15) as ws:
            await ws.send_str("")
            first = True
            while True:
                message = await ws.receive()
                if message.type != aiohttp.WSMsgType.TEXT:
                    if first or message.type == aiohttp.WSMsgType.ERROR:
                        self.stats.error(f"spectator: {message.type.name} {message.data!r}"[:80])
                    return
                if first:
                    first = False
                    self.arrived(arrival)
                if self.stats.measuring():
                    self.stats.spectator_views += 1
                if '"status":"over"' in message.data or '"status": "over"' in message.data:
                    return

    async def move(
        self,
        table: Table,
        seat: int,
        view: dict[str, Any],
        rng: random.Random,
        waiting: dict[str, tuple[float, int]],
    ) -> None:
        """Thinks (exponential, mean ``--think``), then POSTs a random legal action."""
        stats = self.stats
        if self.args.think > 0:
            await asyncio.sleep(rng.expovariate(1 / self.args.think))
        started = time.perf_counter()
        try:
            status, answer = await self.post(
                f"/api/tables/{table.id}/actions",
                {"action": rng.choice(view["legal"])["id"], "move": view["move"]},
                table.tokens[seat],
            )
        except aiohttp.ClientError as exc:
            stats.error(f"post: {type(exc).__name__}")
            return
        took = time.perf_counter() - started
        if status == 200:
            table.posted.setdefault(answer["move"], started)
            # The push after the move may come before the POST's answer: if it showed a human
            # to move, no bot answers this move (waiting would time another human's thinking).
            shown = waiting.get("shown")
            pushed_first = (
                shown is not None and shown[0] >= answer["move"] and shown[1] not in table.bots
            )
            if table.bots and not pushed_first:
                waiting["bot"] = (started, answer["move"])
            if stats.measuring():
                stats.moves += 1
                stats.post_latency.append(took)
        elif status == 409:
            stats.conflicts += 1
        else:
            stats.error(f"post: {status} {str(answer)[:80]}")

    async def lag(self) -> None:
        """How late this client's own event loop wakes up: latency it adds to every figure."""
        while time.perf_counter() < self.stats.stopping:
            asked = time.perf_counter()
            await asyncio.sleep(0.05)
            if self.stats.measuring():
                self.stats.loop_lag.append(time.perf_counter() - asked - 0.05)

    async def clock(self) -> None:
        """Opens the measured window once every seat is connected and the warm-up is over, and
        closes it ``--seconds`` later; takes the CPU seconds used in it."""
        await asyncio.wait_for(self.all_connected.wait(), timeout=600)
        # The clients' sockets and tables live to the end: frozen, no collection of this
        # process scans them again (a full one took up to 0.3 s, a stall in every latency).
        gc.collect()
        gc.freeze()
        stats = self.stats
        stats.connecting = time.perf_counter() - stats.connecting
        stats.started = time.perf_counter() + self.args.warmup
        stats.stopping = stats.started + self.args.seconds
        await asyncio.sleep(max(0.0, stats.started - time.perf_counter()))
        stats.wall_started = time.time()
        client = time.process_time()
        before = cpu_seconds(self.server_pid) if self.server_pid else (0.0, 0.0)
        busy = machine_busy()
        profiler = self.profile()
        await asyncio.sleep(max(0.0, stats.stopping - time.perf_counter()))
        stats.wall_stopping = time.time()
        stats.client_cpu = time.process_time() - client
        now = machine_busy()
        stats.machine_busy = (
            (now[0] - busy[0]) / max(now[1] - busy[1], 1e-9) * (os.cpu_count() or 1)
        )
        if self.server_pid:
            stats.serving = len(serving(self.server_pid)) - (len(serving(self.server_pid)) > 1)
        if self.server_pid:
            after = cpu_seconds(self.server_pid)
            stats.server_cpu, stats.workers_cpu = after[0] - before[0], after[1] - before[1]
        if profiler is not None:
            await asyncio.to_thread(profiler.wait, 60)

    def profile(self) -> subprocess.Popen[bytes] | None:
        """py-spy on the server (and its bot workers) through the window, if ``--profile``."""
        if not self.args.profile or not self.server_pid:
            return None
        command = ["py-spy", "record", "--pid", str(self.server_pid), "--subprocesses"]
        command += ["--gil", "--nonblocking", "--rate", "100", "--format", "raw"]
        command += ["--duration", str(max(1, round(self.args.seconds)))]
        command += ["--output", self.args.profile]
        return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def run(self) -> Stats:
        """Sets the tables up (not measured), then plays them for the window, then stops."""
        args = self.args
        connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=2.0)
        # Idle connections are dropped before the server's keep-alive (5 s) ends, so that a
        # request rarely goes out on a connection the server is closing.
        self.http = aiohttp.ClientSession(
            self.base, connector=connector, timeout=aiohttp.ClientTimeout(total=120)
        )
        gate = asyncio.Semaphore(16)
        with_bots = round(args.tables * args.bot_share) if args.bot else 0

        async def setup(k: int) -> Table:
            async with gate:
                return await self.new_table(k < with_bots)

        began = time.perf_counter()
        try:
            tables = await asyncio.gather(*(setup(k) for k in range(args.tables)))
        except aiohttp.ClientError as exc:
            await self.http.close()
            raise SystemExit(f"cannot set the tables up at {self.base}: {exc}") from None
        except BaseException:
            await self.http.close()
            raise
        self.seats = sum(len(t.tokens) for t in tables) + args.spectators
        self.stats.connecting = time.perf_counter()
        self.stats.setup = time.perf_counter() - began
        players = [asyncio.ensure_future(self.run_table(table)) for table in tables]
        players += [  # spread over the tables; a finished game's spectators leave
            asyncio.ensure_future(self.spectate(tables[k % len(tables)].id))
            for k in range(args.spectators)
        ]
        try:
            await asyncio.gather(self.clock(), self.lag())
        finally:
            for task in players:
                task.cancel()
            for outcome in await asyncio.gather(*players, return_exceptions=True):
                if isinstance(outcome, BaseException) and not isinstance(
                    outcome, asyncio.CancelledError
                ):
                    where = traceback.extract_tb(outcome.__traceback__)
                    line = next((f.lineno for f in reversed(where) if f.filename == __file__), 0)
                    self.stats.error(
                        f"table (line {line}): {type(outcome).__name__}: {outcome}"[:90]
                    )
            await self.http.close()
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


def _own_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid`` and theirs (Linux /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found += [child, *descendants(child)]
    return found


def serving(pid: int) -> list[int]:
    """The server's serving processes: ``pid`` itself, and those ``langbord serve --processes``
    started (its children but its multiprocessing helper); bot workers are not among them."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            for child in map(int, (task / "children").read_text().split()):
                with contextlib.suppress(OSError):
                    command = Path(f"/proc/{child}/cmdline").read_bytes()
                    if b"spawn_main" in command:
                        found.append(child)
    return found


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User + system CPU seconds so far of the serving processes, and of the others they run
    (bot workers)."""
    own = serving(pid)
    ran, workers = 0.0, 0.0
    for process in [pid, *descendants(pid)]:
        with contextlib.suppress(OSError):  # it ended meanwhile
            if process in own:
                ran += _own_cpu(process)
            else:
                workers += _own_cpu(process)
    return ran, workers


def machine_busy() -> tuple[float, float]:
    """The machine's busy and total CPU seconds so far, all CPUs (Linux /proc/stat)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields) - idle) / tick, sum(fields) / tick


def serve_options(args: argparse.Namespace) -> list[str]:
    """The options for the ``langbord serve`` started: the load's needs, as far as it has them."""
    shown = subprocess.run(
        [sys.executable, "-c", "from langbord.cli.main import main; main()", "serve", "--help"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    has = set(re.findall(r"--[a-z][a-z-]+", shown))
    options: list[str] = []
    if "--no-rate-limits" in has:  # one address plays every seat here
        options.append("--no-rate-limits")
    if "--max-connections" in has:  # every seat's WebSocket, and its POSTs' connection
        options += ["--max-connections", str(args.tables * (args.humans + 1) * 2 + 100)]
    if "--connections-per-address" in has:  # every seat plays from this one address
        options += ["--connections-per-address", "0"]
    if "--live-tables" in has:  # every table in play stays in memory, as in the load
        options += ["--live-tables", str(args.tables * 2 + 100)]
    if args.bot_workers is not None:
        if "--bot-workers" in has:
            options += ["--bot-workers", str(args.bot_workers)]
        else:
            print("(this langbord serve has no --bot-workers: bots run in its own process)")
    return options + list(args.serve_arg)


def start_server(
    db: str, log: Path, lag: Path, options: list[str]
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    where = ["--host", "127.0.0.1", "--port", str(port)]
    probe = lag.parent / "probe"
    probe.mkdir(exist_ok=True)
    (probe / "sitecustomize.py").write_text(LAG_PROBE)
    path = os.pathsep.join(p for p in (str(probe), os.environ.get("PYTHONPATH", "")) if p)
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "serve", "--db", db, *where, *options],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "LANGBORD_LOAD_LAG": str(lag), "PYTHONPATH": path},
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"langbord serve exited:\n{log.read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return server, base
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("langbord serve did not answer within 60 s")


def server_lag(path: Path, stats: Stats) -> list[float]:
    """The server's event-loop lag samples inside the measured window."""
    samples = []
    if path.exists():
        for line in path.read_text().splitlines():
            at, _, late = line.partition(" ")
            if late and stats.wall_started <= float(at) < stats.wall_stopping:
                samples.append(float(late))
    return samples


def option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--option takes key=value, not {text!r}")
    return key, value


def share(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"--bot-share is a fraction from 0 to 1, not {text!r}")
    return value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--url", help="a running server on loopback (default: start one)")
    parser.add_argument("--db", help="the database of the server started (default: temp SQLite)")
    parser.add_argument("--tables", type=int, default=200, help="tables played at once (200)")
    parser.add_argument("--game", default="skaal", help="the game (skaal: long games)")
    parser.add_argument("--humans", type=int, default=3, help="human seats a table (3)")
    parser.add_argument("--bot", action="append", default=[], help="a bot seat's spec (none)")
    parser.add_argument(
        "--bot-share", type=share, default=1.0, help="share of the tables with the bots (1)"
    )
    parser.add_argument(
        "--bot-workers", type=int, help="passed to langbord serve (if it has the option)"
    )
    parser.add_argument(
        "--serve-arg", action="append", default=[], help="another option for langbord serve"
    )
    parser.add_argument(
        "--spectators", type=int, default=0, help="spectator WebSockets, spread over the tables"
    )
    parser.add_argument("--option", type=option, action="append", default=[], help="KEY=VALUE")
    parser.add_argument("--think", type=float, default=0.0, help="mean think time, s (0)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time (30)")
    parser.add_argument("--warmup", type=float, default=5.0, help="unmeasured start (5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", help="py-spy the server into this file (collapsed stacks)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()
    server: subprocess.Popen[bytes] | None = None
    lag_samples: list[float] = []
    with tempfile.TemporaryDirectory(prefix="langbord-load-") as tmp:
        lag_file = Path(tmp) / "lag.txt"
        if args.url:
            if urlsplit(args.url).hostname not in LOOPBACK:
                parser.error("--url must be a loopback address (127.0.0.1, localhost, ::1)")
            base = args.url.rstrip("/")
        else:
            db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
            options = serve_options(args)
            server, base = start_server(db, Path(tmp) / "server.log", lag_file, options)
        try:
            began = time.perf_counter()
            stats = asyncio.run(Load(args, base, server.pid if server else None).run())
            wall = time.perf_counter() - began
            lag_samples = server_lag(lag_file, stats)
        finally:
            if server is not None:
                server.terminate()
                server.wait(30)
    report(args, stats, wall, lag_samples)
    if args.profile and Path(args.profile).exists():
        print()
        print(breakdown(Path(args.profile), stats.moves))
    return 1 if stats.errors else 0


def report(args: argparse.Namespace, stats: Stats, wall: float, server_lag: list[float]) -> None:
    ms = 1000.0

    def quantiles(values: list[float], which: tuple[int, ...] = (50, 99)) -> dict[str, float]:
        return {f"p{p}": percentile(values, p) * ms for p in which}

    cpu = stats.server_cpu + stats.workers_cpu
    figures = {
        "tables": args.tables,
        "game": args.game,
        "humans": args.humans,
        "bots": args.bot,
        "bot_share": args.bot_share if args.bot else 0.0,
        "think_s": args.think,
        "seconds": args.seconds,
        "moves": stats.moves,
        "moves_per_s": stats.moves / args.seconds,
        "all_moves_per_s": stats.all_moves / args.seconds,
        "post_ms": quantiles(stats.post_latency, (50, 90, 99))
        | {"max": max(stats.post_latency, default=float("nan")) * ms},
        "push_ms": quantiles(stats.push_latency),
        "bot_reply_ms": quantiles(stats.bot_reply),
        "server_loop_lag_ms": quantiles(server_lag)
        | {"max": max(server_lag, default=float("nan")) * ms},
        "client_loop_lag_ms": quantiles(stats.loop_lag),
        "spectators": args.spectators,
        "views_per_s": stats.views / args.seconds,
        "spectator_views_per_s": stats.spectator_views / args.seconds,
        "mean_view_kib": stats.view_bytes / max(stats.views, 1) / 1024,
        "games_finished": stats.games_finished,
        "conflicts": stats.conflicts,
        "errors": stats.errors,
        "server_cpu_s": stats.server_cpu,
        "workers_cpu_s": stats.workers_cpu,
        "server_cpu_ms_per_move": cpu / max(stats.all_moves, 1) * ms,
        "server_cpu_ms_per_post": cpu / max(stats.moves, 1) * ms,
        "client_cpu_s": stats.client_cpu,
        "serving_processes": stats.serving,
        "machine_busy_cpus": stats.machine_busy,
        "wall_s": wall,
        "load_average": os.getloadavg()[0],  # other work on the machine shows here
    }
    bots = f", bots {','.join(args.bot)} at {args.bot_share:.0%} of them" if args.bot else ""
    processes = "process" if stats.serving == 1 else f"{stats.serving} serving processes"
    print(
        f"{args.tables} tables of {args.game} ({args.humans} human seats{bots}), "
        f"think {args.think:g} s, {args.seconds:g} s measured after {args.warmup:g} s warm-up "
        f"(setting the tables up took {stats.setup:.1f} s, connecting every seat "
        f"{stats.connecting:.1f} s)"
    )
    print(
        f"moves            {stats.moves} POSTed ({figures['moves_per_s']:.1f}/s); the logs grew "
        f"by {stats.all_moves} ({figures['all_moves_per_s']:.1f}/s, bots and chance included)"
    )
    p = figures["post_ms"]
    print(
        f"POST latency     p50 {p['p50']:.1f} ms  p90 {p['p90']:.1f} ms  p99 {p['p99']:.1f} ms"
        f"  max {p['max']:.1f} ms"
    )
    q = figures["push_ms"]
    print(
        f"POST to pushed   p50 {q['p50']:.1f} ms  p99 {q['p99']:.1f} ms (the table's first client)"
    )
    if args.bot:
        b = figures["bot_reply_ms"]
        print(
            f"bots' reply      p50 {b['p50']:.1f} ms  p99 {b['p99']:.1f} ms "
            f"(POST to the view where a human is to move again; {len(stats.bot_reply)} replies)"
        )
    s = figures["server_loop_lag_ms"]
    print(
        f"server lag       p50 {s['p50']:.1f} ms  p99 {s['p99']:.1f} ms  max {s['max']:.1f} ms "
        "(the server's event loop waking late)"
    )
    lag = figures["client_loop_lag_ms"]
    print(
        f"client lag       p50 {lag['p50']:.1f} ms  p99 {lag['p99']:.1f} ms "
        "(this script's event loop waking late: included in the latencies above)"
    )
    print(
        f"views pushed     {figures['views_per_s']:.1f}/s to seats, {figures['mean_view_kib']:.1f} "
        f"KiB mean; {figures['spectator_views_per_s']:.1f}/s to {args.spectators} spectators"
    )
    print(f"games finished   {stats.games_finished}; 409s {stats.conflicts}; errors {stats.errors}")
    print(
        f"server CPU       {stats.server_cpu:.1f} s in its {processes} + "
        f"{stats.workers_cpu:.1f} s in "
        f"bot workers in the {args.seconds:g} s measured: "
        f"{figures['server_cpu_ms_per_move']:.2f} ms a move of the logs, "
        f"{figures['server_cpu_ms_per_post']:.2f} ms a POSTed move (HTTP and pushes included)"
    )
    print(
        f"client CPU       {stats.client_cpu:.1f} s in the {args.seconds:g} s measured; machine "
        f"load average {figures['load_average']:.1f} on {os.cpu_count()} CPUs, "
        f"{stats.machine_busy:.2f} of them busy (every process, a database too)"
    )
    if args.json:
        print(json.dumps(figures))


# ---- where the server's CPU went (py-spy's collapsed stacks) --------------------------------


def bucket(stack: str) -> str:
    """What a sampled stack (root first, ``;`` between frames) was doing, in the terms of a
    move's path: the POST, the move itself, the pushes, and the plumbing between them."""

    def has(*names: str) -> bool:
        return any(name in stack for name in names)

    if has("Hub._views"):
        if has(".view ("):
            return "push: the game's view(seat)"
        if has(".render (", ".__str__ (", "render.py"):
            return "push: the game's text render(seat)"
        if has("legal_actions", "action_to_string", "legal_json"):
            return "push: the legal actions"
        if has("compact"):
            return "push: JSON encoding (orjson)"
        return "push: log, players, the rest of the table's JSON"
    if has("Moves.commit"):
        if has("SqlStore.", "sqlalchemy/", "sqlite3"):
            return "move: the store's commit (SQL, fsync)"
        return "move: the engine (clone, apply, chance, log strings)"
    if has("act_as", "Moves.act", "Lifecycle.seat_of"):
        if has("sqlalchemy/", "sqlite3"):
            return "move: database reads (token, table)"
        return "move: checks and string_to_action"
    if has("Bots.", "Moves.bot", "langbord/agents/"):
        return "bots"
    if has(";watch (", "routes/ws.py"):
        if has("websockets/", ".send ("):
            return "push: WebSocket send (framing, permessage-deflate)"
        return "push: the watch loop (wake-ups)"
    if has("Hub."):
        return "push: the hub on the event loop (scheduling, hand-offs)"
    if has("concurrent/futures/", "threading.py", "asyncio/threads.py", "queue.py"):
        return "hand-offs between the event loop and threads"
    if has("NativeTelemetry", "opentelemetry/"):
        return "POST: FastAPI's OpenTelemetry checks"
    if has("httptools_impl", "fastapi/", "starlette/", "pydantic"):
        return "POST: HTTP (uvicorn, FastAPI routing, validation, response)"
    if has("websockets_sansio_impl", "websockets/"):
        return "WebSocket protocol (reads, pings)"
    return "event loop and the rest"


def breakdown(path: Path, moves: int) -> str:
    """The server's sampled CPU by what it was doing (``bucket``); per move is per POSTed move
    (``moves``), its chance outcomes and bots' replies included."""
    total = 0
    by: Counter[str] = Counter()
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if count.isdigit():
            total += int(count)
            by[bucket(stack)] += int(count)
    lines = [f"server CPU samples: {total} (py-spy --gil at 100/s: ~{total / 100:.1f} CPU s)"]
    for what, n in sorted(by.items(), key=lambda item: -item[1]):
        per_move = n / 100 / max(moves, 1) * 1000
        lines.append(f"  {n / max(total, 1):6.1%}  {per_move:6.3f} ms a move  {what}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
