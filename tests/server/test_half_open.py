"""Half-open connections against the connection cap (``langbord.server.serving``): a flood of
connections whose headers never end, from many loopback addresses each within its own limit,
must leave room for a light client (one holding a few connections, like a browser), keep the
server's open files below its bound, and change nothing.

The floods are made for real against a ``langbord serve`` process on loopback (127.x.y.z are
distinct source addresses there); the IPv6 /64 grouping, which loopback cannot show (``::1`` is
its only IPv6 address), is tested on the ledger and on the protocol with made-up peer names."""

from __future__ import annotations

import asyncio
import os
import re
import select
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from uvicorn.server import ServerState
from websockets.exceptions import ConnectionClosed, InvalidStatus

from langbord.server.config import ServerConfig
from langbord.server.serving import (
    CROWDED,
    FULL,
    LIGHT,
    MADE_ROOM,
    YOURS_FULL,
    Deadlines,
    Ledger,
    file_budget,
    guarded_protocol,
)
from server.server_process import ServerProcess
from server.test_hostile_net import Served, answer_of, first_view, new_solo, start, until

HALF_OPEN = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Waiting: "  # never ends
ATTACKERS = [f"127.0.0.{k}" for k in range(2, 13)]  # 11 addresses
HEADER_SECONDS = 2.0


# ---- the ledger and the protocol, with made-up peers --------------------------------------------


def test_ipv6_addresses_are_counted_by_their_64() -> None:
    ledger = Ledger(100, 3, trusted=frozenset({"192.0.2.99"}))
    same = ("2001:db8:1:2::1", "2001:db8:1:2::ffff", "2001:db8:1:2:abcd:ef::9")
    assert {ledger.key_of((address, 4000, 0, 0)) for address in same} == {"2001:db8:1:2::/64"}
    assert ledger.key_of(("2001:db8:1:3::1", 4000, 0, 0)) == "2001:db8:1:3::/64"
    assert ledger.key_of(("::ffff:192.0.2.1", 4000, 0, 0)) == "192.0.2.1"  # IPv4-mapped
    assert ledger.key_of(("192.0.2.1", 4000)) == "192.0.2.1"
    assert ledger.key_of(("::ffff:192.0.2.99", 4000, 0, 0)) is None  # a trusted proxy
    assert ledger.key_of(("192.0.2.99", 4000)) is None
    assert ledger.key_of("") is None and ledger.key_of(None) is None  # a Unix socket's peer


class FakeTransport(asyncio.Transport):
    """A transport from ``peer`` that records what the protocol writes."""

    def __init__(self, peer: tuple[Any, ...]) -> None:
        super().__init__()
        self.peer = peer
        self.written = b""
        self.closed = False
        self.protocol: asyncio.BaseProtocol | None = None

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.peer if name == "peername" else default

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += bytes(data)

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self.protocol = protocol

    def get_protocol(self) -> asyncio.BaseProtocol:
        assert self.protocol is not None
        return self.protocol


async def _nothing(scope: Any, receive: Any, send: Any) -> None:
    """An ASGI app never called here."""


def test_the_protocol_admits_by_64_from_accept() -> None:
    """The real protocol, accepting made-up IPv6 and IPv4-mapped peers: a /64 is one address."""
    protocol = guarded_protocol(ServerConfig(max_connections=50, connections_per_address=3))
    config = uvicorn.Config(_nothing, http=protocol)
    config.load()
    state = ServerState()

    async def run() -> None:
        opened: list[tuple[Any, FakeTransport]] = []

        def accept(*peer: Any) -> FakeTransport:
            made = protocol(config=config, server_state=state, app_state={})  # type: ignore[call-arg]
            transport = FakeTransport(peer)
            transport.set_protocol(made)
            made.connection_made(transport)
            opened.append((made, transport))
            return transport

        try:
            for address in ("2001:db8:1:2::1", "2001:db8:1:2::ffff", "2001:db8:1:2:abcd::1"):
                assert not accept(address, 4000, 0, 0).closed
            refused = accept("2001:db8:1:2::9", 4000, 0, 0)  # the 4th of that /64
            assert refused.closed and refused.written == YOURS_FULL
            assert not accept("2001:db8:1:3::1", 4000, 0, 0).closed  # another /64
            for _ in range(3):
                assert not accept("::ffff:192.0.2.1", 4000, 0, 0).closed
            assert accept("192.0.2.1", 4000).written == YOURS_FULL  # the same address
            ledger: Ledger = protocol.ledger  # type: ignore[attr-defined]
            assert ledger.held == {"2001:db8:1:2::/64": 3, "2001:db8:1:3::/64": 1, "192.0.2.1": 3}
            assert ledger.open == 7 and set(ledger.half_open) == set(ledger.held)
            first, _ = opened[0]
            first.connection_lost(None)  # one of the /64's closes: it may open one more
            assert not accept("2001:db8:1:2::77", 4000, 0, 0).closed
            assert ledger.held["2001:db8:1:2::/64"] == 3 and ledger.open == 7
        finally:
            for made, transport in opened:
                if not transport.closed or made is not opened[0][0]:
                    made.connection_lost(None)
        assert ledger.open == 0 and ledger.held == {} and ledger.half_open == {}

    asyncio.run(run())


class Waiting:
    """A half-open connection as the ledger sees it."""

    def __init__(self, ledger: Ledger, key: str) -> None:
        self.evicted = False
        ledger.waiting(self, key)

    def evict(self) -> None:
        self.evicted = True


def test_the_last_places_are_kept_for_light_addresses() -> None:
    ledger = Ledger(40, 0)
    assert ledger.reserved == LIGHT  # a tenth of 40 is less than LIGHT
    heavy = []
    for _ in range(40 - LIGHT):
        assert ledger.admit("198.51.100.1") is None
        heavy.append(Waiting(ledger, "198.51.100.1"))
    assert ledger.admit("198.51.100.1") is not None  # it holds many: the rest is kept
    for k in range(LIGHT):  # each light address is let into the reserve
        assert ledger.admit(f"203.0.113.{k}") is None
    assert ledger.open == 40
    # Full: a light address takes the place of the heaviest's oldest half-open connection.
    assert ledger.admit("2001:db8::1") is None
    assert heavy[0].evicted and not heavy[1].evicted
    assert ledger.open == 40 and ledger.held["198.51.100.1"] == 31
    assert ledger.admit("198.51.100.1") == FULL  # the heaviest does not take it back
    # Past the shared places, an address takes from one holding at least two more, until
    # they hold as many: places go from the heaviest to the lightest, never back and forth.
    ledger = Ledger(40, 0)
    for key, count in (("a", 17), ("b", 15)):
        for _ in range(count):
            assert ledger.admit(key) is None
            Waiting(ledger, key)
    assert ledger.admit("b") is None and ledger.held == {"a": 16, "b": 16}
    assert ledger.admit("b") == CROWDED and ledger.admit("a") == CROWDED
    assert ledger.open == 32
    assert MADE_ROOM.startswith(b"HTTP/1.1 503")


# ---- floods against a real server ---------------------------------------------------------------


class Flood:
    """Attackers from ``addresses``, each keeping ``each`` half-open connections to ``port`` and
    opening a new one (after ``pause`` s) whenever the server closes one, until stopped. What
    the server answered them is counted in ``answers`` by status ("closed": nothing)."""

    def __init__(self, port: int, addresses: list[str], each: int, pause: float = 0.05) -> None:
        self.port = port
        self.addresses = addresses
        self.each = each
        self.pause = pause
        self.stop = threading.Event()
        self.answers: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.threads = [
            threading.Thread(target=self._attack, args=(address,), daemon=True)
            for address in addresses
        ]

    def __enter__(self) -> Flood:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(20)
        assert not any(thread.is_alive() for thread in self.threads)

    def _attack(self, source: str) -> None:
        held: list[socket.socket] = []
        try:
            while not self.stop.is_set():
                while len(held) < self.each and not self.stop.is_set():
                    try:
                        connection = socket.create_connection(
                            ("127.0.0.1", self.port), 5, (source, 0)
                        )
                    except OSError:
                        self._count("not connected")
                        break
                    held.append(connection)
                    with suppress(OSError):
                        connection.sendall(HALF_OPEN)
                readable, _, _ = select.select(held, [], [], 0.1)
                for connection in readable:
                    try:
                        answer = connection.recv(4096)
                    except OSError:
                        answer = b""
                    self._count(answer[9:12].decode() if answer.startswith(b"HTTP/") else "closed")
                    connection.close()
                    held.remove(connection)
                if readable:
                    self.stop.wait(self.pause)
        finally:
            for connection in held:
                connection.close()

    def _count(self, what: str) -> None:
        with self.lock:
            self.answers[what] += 1


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def browser(port: int, source: str, connections: int) -> list[bytes]:
    """The answers to a request on each of ``connections`` connections from ``source``, all
    open at once (as a browser loading a page opens up to six)."""
    opened = [
        socket.create_connection(("127.0.0.1", port), 20, (source, 0)) for _ in range(connections)
    ]
    try:
        for connection in opened:
            with suppress(OSError):  # refused: the answer says so
                connection.sendall(
                    b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                )
        return [answer_of(connection, 20) for connection in opened]
    finally:
        for connection in opened:
            connection.close()


@pytest.fixture(params=[(60, 8, 4), (150, 20, 6)], ids=["60-by-8", "150-by-20"])
def flooded(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Served, int, int, int]]:
    """A server with at most ``cap`` connections, ``each`` per address and 2 s for headers, and
    how many connections the light client opens at once."""
    cap, each, light = request.param
    flags = ["--max-connections", str(cap), "--connections-per-address", str(each)]
    flags += ["--header-seconds", str(HEADER_SECONDS), "--bot-workers", "1"]
    for served in start(tmp_path, "flooded", flags):
        yield served, cap, each, light


def test_a_half_open_flood_leaves_room_for_a_light_client(
    flooded: tuple[Served, int, int, int],
) -> None:
    served, cap, each, light = flooded
    assert served.process.process is not None
    pid = served.process.process.pid
    with served.client("127.0.0.13") as owner:
        table, _token = new_solo(owner)
        view = owner.get(f"/api/tables/{table}").json()
    before = served.snapshot()
    idle = open_files(pid)
    statuses: list[int] = []
    answers: list[bytes] = []
    peak = idle
    with Flood(served.port, ATTACKERS, each) as flood:  # 11 x each > cap
        until(lambda: open_files(pid) - idle >= cap - 2)  # the flood holds (nearly) every place
        ends = time.monotonic() + 3 * HEADER_SECONDS  # through the 408s and the reopening
        for _ in range(100):
            answers += browser(served.port, "127.0.0.14", light)
            with served.client("127.0.0.13") as normal:
                for _ in range(2):
                    statuses.append(normal.get(f"/api/tables/{table}").status_code)
            peak = max(peak, open_files(pid))
            if time.monotonic() > ends:
                break
            time.sleep(0.1)
        refused = dict(flood.answers)
    assert statuses and set(statuses) == {200}, Counter(statuses)
    assert all(a.startswith(b"HTTP/1.1 200") for a in answers), Counter(a[:12] for a in answers)
    assert refused.get("408", 0) > 0  # the attackers' headers timed out, and they reopened
    assert refused.get("503", 0) > 0  # and more than the cap were refused (or made room for)
    assert peak - idle <= cap + 16, (peak, idle)  # the light client's too, and closing ones
    with served.client("127.0.0.13") as owner:
        assert owner.get(f"/api/tables/{table}").json() == view
    assert served.snapshot() == before


def test_a_websocket_gives_its_place_back(tmp_path: Path) -> None:
    """An upgraded connection is closed by its WebSocket protocol: its place is given back."""
    with contextmanager(start)(tmp_path, "ws", ["--connections-per-address", "3"]) as served:
        with served.client("127.0.0.9") as owner:
            table, _token = new_solo(owner)

        def three() -> bool:  # three WebSockets at once from one address
            with ExitStack() as clients:
                try:
                    for _ in range(3):
                        first_view(served.ws(clients, table, "127.0.0.15"))
                except (ConnectionClosed, InvalidStatus, OSError):
                    return False
                return True

        for _round in range(3):  # 9 in all: each round's places must have been given back
            until(three)


def test_the_file_limit_lowers_the_cap(tmp_path: Path) -> None:
    """Under 256 open files, ``--max-connections 1000`` is lowered (and said so), and a flood
    from 11 addresses keeps the open files below 256 while a light client is served."""
    flags = ["--max-connections", "1000", "--connections-per-address", "30"]
    flags += ["--header-seconds", str(HEADER_SECONDS), "--bot-workers", "1"]
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'files.db'}", tmp_path / "files.log", flags, 256
    )
    process.start()
    try:
        lowered = re.search(r"max_connections lowered from 1000 to (\d+)", process.output())
        assert lowered, process.output()
        cap = int(lowered.group(1))
        assert cap == file_budget(1000, 1, 256, 256).connections and 10 < cap < 128
        assert process.process is not None
        pid = process.process.pid
        served = Served(process, tmp_path / "files.db")
        statuses: list[int] = []
        peak = 0
        with Flood(process.port, ATTACKERS, 30):  # 330 connections
            until(lambda: open_files(pid) > cap)
            ends = time.monotonic() + 3 * HEADER_SECONDS
            for _ in range(100):
                with served.client("127.0.0.13") as normal:
                    statuses.append(normal.get("/api/games").status_code)
                peak = max(peak, open_files(pid))
                if time.monotonic() > ends:
                    break
                time.sleep(0.1)
        assert set(statuses) == {200}, Counter(statuses)
        assert peak < 256, peak
        assert "out of system resource" not in process.output()  # accept() never ran out
    finally:
        process.stop()


def test_a_budget_never_passes_the_file_limit() -> None:
    for wanted in (1, 10, 1000, 100_000):
        for soft, hard in ((256, 256), (1024, 4096), (1024, 1024), (20_000, -1), (-1, -1)):
            for workers in (0, 4, 64):
                try:
                    budget = file_budget(wanted, workers, soft, hard)
                except ValueError as exc:
                    assert "ulimit -n" in str(exc)
                    continue
                assert 1 <= budget.connections <= wanted and budget.backlog >= 1
                if budget.files >= 0:
                    assert soft <= budget.files and (hard < 0 or budget.files <= hard)
                    used = 2 * budget.connections + budget.backlog + 128 + 4 * workers
                    assert used <= budget.files
    raised = file_budget(1000, 2, 1024, 4096)  # the soft limit is raised as far as needed
    assert raised.fits(1000) and 1024 < raised.files < 4096
    assert file_budget(1000, 2, 20_000, 20_000).connections == 1000
    with pytest.raises(ValueError, match="only 100 files"):
        file_budget(1000, 2, 100, 100)
    assert issubclass(guarded_protocol(ServerConfig()), Deadlines)
