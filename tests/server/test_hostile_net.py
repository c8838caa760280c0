"""Hostile clients at the edge of ``langbord serve``, each attack made for real (a real server
process and raw sockets where the transport matters): a foreign Host header, floods of tables,
joins and moves from one address, slowloris and half-open connections, more connections than
the cap, WebSockets that say nothing or the wrong thing, a crowd of spectators. Each asserts the
server's answer and that nothing else changed."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from langbord.server.config import ServerConfig
from langbord.server.guards import client_key, default_hosts, host_name
from langbord.server.http.app import create_app
from server.server_process import ServerProcess, free_port

View = dict[str, Any]
Snapshot = dict[str, list[tuple[Any, ...]]]
SOLO = {"game": "skoventyr", "options": {}, "seats": ["human"]}


# ---- servers and helpers ------------------------------------------------------------------------


class Served:
    """A running ``langbord serve`` on a SQLite file, and how to look into that file."""

    def __init__(self, process: ServerProcess, db: Path) -> None:
        self.process = process
        self.db = db
        self.port = process.port
        self.base = process.base

    def snapshot(self) -> Snapshot:
        """Every row of the database (what an attack must leave as it was)."""
        with sqlite3.connect(self.db) as connection:
            return {
                name: connection.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
                for name in ("lb_tables", "lb_seats", "lb_moves")
            }

    def tables(self) -> int:
        with sqlite3.connect(self.db) as connection:
            count: int = connection.execute("SELECT count(*) FROM lb_tables").fetchone()[0]
            return count

    def client(self, source: str = "127.0.0.1", **headers: str) -> httpx.Client:
        """An HTTP client whose connections come from ``source`` (any 127.x.y.z is loopback)."""
        transport = httpx.HTTPTransport(local_address=source)
        return httpx.Client(base_url=self.base, transport=transport, timeout=20, headers=headers)

    def ws(self, clients: ExitStack, table_id: str, source: str = "127.0.0.1") -> ClientConnection:
        url = f"{self.process.ws_base}/api/tables/{table_id}/ws"
        return clients.enter_context(
            connect(url, source_address=(source, 0), open_timeout=20, close_timeout=5)
        )


def start(tmp: Path, name: str, flags: list[str]) -> Iterator[Served]:
    db = tmp / f"{name}.db"
    process = ServerProcess(f"sqlite:///{db}", tmp / f"{name}.log", flags)
    process.start()
    try:
        yield Served(process, db)
    finally:
        process.stop()


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Short deadlines (2 s for headers and bodies, 1 s for a WebSocket's token); the default
    limits per address."""
    flags = ["--header-seconds", "2", "--body-seconds", "2", "--ws-token-seconds", "1"]
    yield from start(tmp_path_factory.mktemp("guarded"), "guarded", flags)


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """At most 20 connections and 3 spectators a table; idle connections are given a minute."""
    flags = ["--max-connections", "20", "--header-seconds", "60", "--spectators", "3"]
    yield from start(tmp_path_factory.mktemp("capped"), "capped", flags)


def new_solo(client: httpx.Client) -> tuple[str, str]:
    """A solo Skoventyr table and its one seat's token."""
    made = client.post("/api/tables", json=SOLO)
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Ann"})
    assert joined.status_code == 200, joined.text
    return table, joined.json()["token"]


def first_view(ws: ClientConnection, token: str = "") -> View:
    ws.send(token)
    view: View = json.loads(ws.recv(timeout=20))
    assert "error" not in view, view
    return view


def closed_with(ws: ClientConnection) -> tuple[int | None, str]:
    """The close code and reason the server sent, once it has closed the socket."""
    with pytest.raises(ConnectionClosed):
        while True:
            ws.recv(timeout=20)
    assert ws.close_code is not None, "no close frame"
    return ws.close_code, ws.close_reason or ""


def raw_connections(port: int, count: int, sources: int = 1) -> list[socket.socket]:
    """``count`` open connections, from ``sources`` loopback addresses in turn (127.0.1.x; one
    address holds at most ``connections_per_address`` of them)."""
    connections = []
    for k in range(count):
        source = "127.0.0.1" if sources == 1 else f"127.0.1.{k % sources + 1}"
        connection = socket.create_connection(("127.0.0.1", port), 20, (source, 0))
        connections.append(connection)
    return connections


def answer_of(connection: socket.socket, guard: float = 30.0) -> bytes:
    """Everything the server sends until it closes ``connection`` (b"" for a reset)."""
    connection.settimeout(guard)
    received = b""
    try:
        while chunk := connection.recv(4096):
            received += chunk
    except ConnectionResetError:
        pass
    return received


def websocket_handshake(path: str, port: int) -> bytes:
    """An RFC 6455 opening handshake for ``path``, as a browser sends it."""
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def until(check: Callable[[], bool], guard: float = 20.0) -> None:
    deadline = time.monotonic() + guard
    while not check():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.05)


# ---- the Host header ----------------------------------------------------------------------------


def test_host_names_parse() -> None:
    assert host_name("Example.org:8000") == "example.org"
    assert host_name("example.org.") == "example.org"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("[::1]") == "::1"
    assert host_name("[::1]x") is None and host_name("[nonsense]") is None
    assert host_name("a:b") is None and host_name("") is None
    assert default_hosts("127.0.0.1") == ("127.0.0.1", "localhost", "::1")
    assert default_hosts("::1") == ("::1", "localhost", "127.0.0.1")
    assert default_hosts("0.0.0.0") == ("*ip", "localhost")
    assert default_hosts("192.0.2.7") == ("192.0.2.7",)


def test_a_foreign_host_is_refused(guarded: Served) -> None:
    before = guarded.snapshot()
    with guarded.client("127.0.0.5") as client:
        for host in ("evil.example", "127.0.0.1.evil.example", "localhost.:x", ""):
            refused = client.post("/api/tables", json=SOLO, headers={"Host": host})
            assert refused.status_code == 400, (host, refused.text)
            assert "host" in refused.json()["detail"].lower()
            assert refused.headers["x-frame-options"] == "DENY"
            assert client.get("/", headers={"Host": host}).status_code == 400
        assert guarded.snapshot() == before  # nothing was created
        for host in (f"127.0.0.1:{guarded.port}", "localhost", f"LOCALHOST:{guarded.port}"):
            assert client.get("/api/games", headers={"Host": host}).status_code == 200
        assert client.get("/api/games", headers={"Host": f"[::1]:{guarded.port}"}).is_success
    with pytest.raises(InvalidStatus) as refused_ws:  # a second, foreign, Host header
        connect(
            f"{guarded.process.ws_base}/api/tables/x/ws",
            additional_headers={"Host": "evil.example"},
            open_timeout=20,
        )
    assert refused_ws.value.response.status_code == 403
    (raw,) = raw_connections(guarded.port, 1)
    with raw:  # a WebSocket handshake with a foreign Host header
        raw.sendall(
            b"GET /api/tables/x/ws HTTP/1.1\r\nHost: evil.example\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n"
        )
        assert answer_of(raw).startswith(b"HTTP/1.1 403")
    assert guarded.snapshot() == before


def test_an_allowed_host_list_is_exact(tmp_path: Path) -> None:
    config = ServerConfig(allowed_hosts=("langbord.example", "*.langbord.example"))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", config=config)) as client:
        for host, status in (
            ("langbord.example", 200),
            ("play.langbord.example:443", 200),
            ("langbord.example.evil", 400),
            ("127.0.0.1", 400),
            ("testserver", 400),
        ):
            assert client.get("/api/games", headers={"Host": host}).status_code == status, host


# ---- security headers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "method,path,status",
    [
        ("GET", "/", 200),
        ("GET", "/static/app.js", 200),
        ("GET", "/api/games", 200),
        ("GET", "/api/tables/nosuch", 404),
        ("POST", "/api/tables", 422),
        ("GET", "/openapi.json", 200),
    ],
)
def test_answers_carry_the_security_headers(
    guarded: Served, method: str, path: str, status: int
) -> None:
    with guarded.client("127.0.0.6") as client:
        answer = client.request(method, path, json={} if method == "POST" else None)
    assert answer.status_code == status
    policy = answer.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self';" in policy
    assert "'unsafe-inline'" not in policy and "frame-ancestors 'none'" in policy
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_the_api_docs_keep_working(guarded: Served) -> None:
    with guarded.client("127.0.0.6") as client:
        docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger-ui" in docs.text
    policy = docs.headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in policy and "frame-ancestors 'none'" in policy
    assert docs.headers["x-frame-options"] == "DENY"


# ---- limits per client address ------------------------------------------------------------------


def test_a_flood_of_tables_from_one_address_is_cut_off(guarded: Served) -> None:
    before = guarded.tables()
    answers: list[httpx.Response] = []
    with guarded.client("127.0.0.2", **{"X-Forwarded-For": "198.51.100.7"}) as flood:
        for _ in range(2000):
            answers.append(flood.post("/api/tables", json=SOLO))
    statuses = [a.status_code for a in answers]
    assert statuses[:30] == [201] * 30  # the default: 30 new tables a minute
    assert set(statuses[30:]) == {429}  # X-Forwarded-For from an untrusted peer changes nothing
    refused = answers[-1]
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert "too many new tables" in refused.json()["detail"]
    assert guarded.tables() == before + 30  # none past the limit
    with guarded.client("127.0.0.3") as other:  # another address is served
        assert other.post("/api/tables", json=SOLO).status_code == 201
    assert guarded.tables() == before + 31


def limited_app(tmp_path: Path, config: ServerConfig) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'limits.db'}", web=False, config=config))


def test_the_limit_is_per_address_and_passes(tmp_path: Path) -> None:
    with limited_app(tmp_path, ServerConfig(create_rate="2 per 1 second")) as client:
        assert [client.post("/api/tables", json=SOLO).status_code for _ in range(2)] == [201] * 2
        refused = client.post("/api/tables", json=SOLO)
        assert refused.status_code == 429
        elsewhere = TestClient(client.app, client=("203.0.113.9", 4000))
        assert elsewhere.post("/api/tables", json=SOLO).status_code == 201
        time.sleep(int(refused.headers["retry-after"]) + 0.1)  # the window has passed
        assert client.post("/api/tables", json=SOLO).status_code == 201
    with sqlite3.connect(tmp_path / "limits.db") as connection:
        assert connection.execute("SELECT count(*) FROM lb_tables").fetchone() == (4,)


def test_joins_and_moves_are_limited(tmp_path: Path) -> None:
    with limited_app(tmp_path, ServerConfig(join_rate="2/minute", move_rate="3/minute")) as client:
        three = {"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3}
        table = client.post("/api/tables", json=three).json()["id"]
        tokens = []
        for name in ("Ann", "Bo"):
            joined = client.post(f"/api/tables/{table}/join", json={"name": name})
            assert joined.status_code == 200
            tokens.append(joined.json()["token"])
        before = client.get(f"/api/tables/{table}").json()
        refused = client.post(f"/api/tables/{table}/join", json={"name": "Cy"})
        assert refused.status_code == 429 and "joins" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        assert client.get(f"/api/tables/{table}").json() == before  # no seat was taken

        other = TestClient(client.app, client=("203.0.113.10", 4000))
        knarr = {"game": "knarr", "options": {"players": 2}, "seats": ["human", "human"]}
        table = other.post("/api/tables", json=knarr).json()["id"]
        tokens = [
            other.post(f"/api/tables/{table}/join", json={"name": n}).json()["token"]
            for n in ("Ann", "Bo")
        ]
        auth = [{"Authorization": f"Bearer {token}"} for token in tokens]
        statuses = []
        for _ in range(4):  # Knarr is far from over after four moves
            to_move = other.get(f"/api/tables/{table}").json()["to_move"]
            view = other.get(f"/api/tables/{table}", headers=auth[to_move]).json()
            answer = other.post(
                f"/api/tables/{table}/actions",
                headers=auth[to_move],
                json={"action": view["legal"][0]["id"], "move": view["move"]},
            )
            statuses.append(answer.status_code)
        assert statuses == [200, 200, 200, 429]
        assert "moves" in answer.json()["detail"] and answer.headers["retry-after"]
        after = other.get(f"/api/tables/{table}", headers=auth[to_move]).json()
        assert after == view  # the refused move was not made


def test_a_malformed_rate_is_refused_before_serving(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="create_rate 'lots' is not a rate"):
        create_app(f"sqlite:///{tmp_path / 'r.db'}", config=ServerConfig(create_rate="lots"))
    assert not (tmp_path / "r.db").exists()
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff") == "2001:db8::/64"
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1"


# ---- slow and idle connections ------------------------------------------------------------------


def test_slowloris_connections_are_cut_and_real_clients_served(guarded: Served) -> None:
    before = guarded.snapshot()
    slow = raw_connections(guarded.port, 500, sources=10)  # 50 an address: all let in
    request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000
    stop = threading.Event()

    def drip() -> None:  # one byte a connection every 0.2 s: headers that never end
        for k in range(len(request)):
            if stop.is_set():
                return
            for connection in slow:
                with suppress(OSError):  # closed by the server: as it should be
                    connection.send(request[k : k + 1])
            time.sleep(0.2)

    dripping = threading.Thread(target=drip, daemon=True)
    dripping.start()
    try:
        with guarded.client("127.0.0.7") as real:
            for _ in range(5):  # while 500 slow connections are open
                assert real.get("/api/games").status_code == 200
                time.sleep(0.1)
        answers = [answer_of(connection) for connection in slow]  # each is closed in time
    finally:
        stop.set()
        dripping.join(10)
        for connection in slow:
            connection.close()
    assert all(a == b"" or a.startswith(b"HTTP/1.1 408") for a in answers)
    assert any(a.startswith(b"HTTP/1.1 408") for a in answers)
    assert guarded.snapshot() == before
    with guarded.client("127.0.0.7") as real:
        assert real.get("/api/games").status_code == 200


def test_half_open_and_slow_body_connections_are_closed(guarded: Served) -> None:
    before = guarded.snapshot()
    idle = raw_connections(guarded.port, 20)  # connected, never a byte
    body = raw_connections(guarded.port, 5)
    for connection in body:  # headers promptly, then a body that never comes
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n{"
        )
    try:
        idle_answers = [answer_of(c) for c in idle]
        body_answers = [answer_of(c) for c in body]
    finally:
        for connection in idle + body:
            connection.close()
    assert all(a.startswith(b"HTTP/1.1 408") for a in idle_answers), idle_answers[:1]
    assert all(a.startswith(b"HTTP/1.1 408") for a in body_answers), body_answers[:1]
    assert b"body came too slowly" in body_answers[0]
    assert guarded.snapshot() == before


def test_one_address_cannot_hold_every_connection(tmp_path: Path) -> None:
    """Past ``--connections-per-address`` an address's next connection is answered 503 (its
    WebSockets count too), while other addresses are served and nothing changes."""
    with contextmanager(start)(
        tmp_path, "per-address", ["--connections-per-address", "5"]
    ) as served:
        with served.client("127.0.0.9") as owner:
            table, _token = new_solo(owner)
        before = served.snapshot()
        with ExitStack() as clients:
            for _ in range(3):
                first_view(served.ws(clients, table, "127.0.0.3"))
            address = ("127.0.0.1", served.port)
            idle = [socket.create_connection(address, 20, ("127.0.0.3", 0)) for _ in range(4)]
            try:
                for refused in idle[2:]:  # the 6th and 7th of that address
                    answer = answer_of(refused)
                    assert answer.startswith(b"HTTP/1.1 503"), answer
                    assert b"too many connections from your address" in answer
                # A WebSocket is refused the same way. Its handshake is sent by hand: the 503
                # and the close may reach the client before or after it sends the handshake,
                # and a WebSocket client library can trip over that race itself.
                upgrade = socket.create_connection(address, 20, ("127.0.0.3", 0))
                idle.append(upgrade)
                with suppress(OSError):  # the server may close before the handshake is sent
                    upgrade.sendall(websocket_handshake(f"/api/tables/{table}/ws", served.port))
                answer = answer_of(upgrade)
                assert answer == b"" or answer.startswith(b"HTTP/1.1 503"), answer
                assert b"101 Switching" not in answer
                with served.client("127.0.0.4") as other:
                    assert other.get("/api/games").status_code == 200
                assert served.snapshot() == before
            finally:
                for connection in idle:
                    connection.close()

        def served_again() -> bool:  # its connections closed: the address is served again
            with served.client("127.0.0.3") as back:
                return back.get("/api/games").status_code == 200

        until(served_again)


def test_connections_over_the_cap_get_503(capped: Served) -> None:
    with capped.client() as owner:
        table, _token = new_solo(owner)
    before = capped.snapshot()
    # One connection from each of 25 addresses: each address holds few, so none is made room
    # for (see test_half_open.py for addresses holding many).
    idle = raw_connections(capped.port, 25, sources=25)
    try:
        with capped.client("127.0.0.8") as late:
            until(lambda: late.get("/api/games").status_code == 503)  # 20 are let in
            refused = late.post("/api/tables", json=SOLO)
            assert refused.status_code == 503
        upgrade = socket.create_connection(("127.0.0.1", capped.port), 20)
        idle.append(upgrade)
        with suppress(OSError):  # the 503 may come before the handshake is sent
            upgrade.sendall(websocket_handshake(f"/api/tables/{table}/ws", capped.port))
        answer = answer_of(upgrade)  # b"" when the close's reset overtook the 503
        assert answer == b"" or answer.startswith(b"HTTP/1.1 503"), answer
        assert capped.snapshot() == before
    finally:
        for connection in idle:
            connection.close()

    def served() -> bool:
        with capped.client("127.0.0.8") as late:
            return late.get("/api/games").status_code == 200

    until(served)


# ---- WebSockets ---------------------------------------------------------------------------------


def test_a_silent_websocket_is_closed(guarded: Served) -> None:
    with guarded.client() as owner:
        table, _token = new_solo(owner)
    before = guarded.snapshot()
    with ExitStack() as clients:
        ws = guarded.ws(clients, table)
        code, reason = closed_with(ws)  # ws_token_seconds is 1 here
    assert code == 1008 and "no token" in reason
    assert guarded.snapshot() == before


def test_a_binary_first_frame_is_refused(guarded: Served) -> None:
    with guarded.client() as owner:
        table, token = new_solo(owner)
    before = guarded.snapshot()
    with ExitStack() as clients:
        ws = guarded.ws(clients, table)
        ws.send(token.encode())
        code, reason = closed_with(ws)
    assert code == 1003 and "text" in reason
    assert guarded.snapshot() == before
    with ExitStack() as clients:  # the same token as text is served
        assert first_view(guarded.ws(clients, table), token)["you"] == 0


def test_spectators_are_capped_and_players_still_admitted(capped: Served) -> None:
    with capped.client() as owner:
        table, token = new_solo(owner)
    before = capped.snapshot()
    with ExitStack() as clients:
        watching = [capped.ws(clients, table) for _ in range(3)]
        for ws in watching:
            first_view(ws)
        extra = capped.ws(clients, table)
        extra.send("")
        code, reason = closed_with(extra)
        assert code == 1013 and "3 spectators" in reason
        assert (
            first_view(capped.ws(clients, table), token)["you"] == 0
        )  # the seat is not a spectator
        assert capped.snapshot() == before
        watching[0].close()

        def admitted() -> bool:  # once the server has seen it go, a place is free again
            with ExitStack() as more:
                ws = capped.ws(more, table)
                ws.send("")
                try:
                    return "view" in json.loads(ws.recv(timeout=20))
                except ConnectionClosed:
                    return False

        until(admitted)


def test_a_crowd_of_spectators_all_get_the_move(guarded: Served) -> None:
    with guarded.client() as owner:
        table, token = new_solo(owner)
        auth = {"Authorization": f"Bearer {token}"}
        with ExitStack() as clients:
            # Each spectator sends its (empty) token as soon as it is connected: this server
            # gives a socket 1 s for it, and opening all 80 before any spoke could take longer
            # than that on a loaded machine.
            crowd, firsts = [], []
            for _ in range(80):
                crowd.append(guarded.ws(clients, table))
                firsts.append(first_view(crowd[-1]))
            start = firsts[0]["move"]
            assert {v["move"] for v in firsts} == {start}
            legal = owner.get(f"/api/tables/{table}", headers=auth).json()["legal"]
            moved = owner.post(
                f"/api/tables/{table}/actions",
                headers=auth,
                json={"action": legal[0]["text"], "move": start},
            )
            assert moved.status_code == 200, moved.text
            now = moved.json()["move"]
            looked = owner.get(f"/api/tables/{table}").json()  # as a spectator sees it
            for ws in crowd:
                pushed: View = json.loads(ws.recv(timeout=20))
                while pushed["move"] < now:
                    pushed = json.loads(ws.recv(timeout=20))
                assert pushed["log_start"] == start
                assert [e["move"] for e in pushed["log"]] == list(range(start, now))
                assert pushed["log"] == looked["log"][start:]
                assert {**pushed, "log": [], "log_start": 0} == {
                    **looked,
                    "log": [],
                    "log_start": 0,
                }


def test_each_view_is_computed_once_per_change(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'fan.db'}", web=False)
    hub = app.state.hub
    computed: list[tuple[str, int | None, int]] = []
    view = hub.view

    def counting(table_id: str, seat: int | None, log_from: int) -> dict[str, Any]:
        computed.append((table_id, seat, log_from))
        result: dict[str, Any] = view(table_id, seat, log_from)
        return result

    hub.view = counting
    with TestClient(app) as client, ExitStack() as sockets:
        table, token = new_solo(client)
        watchers = [sockets.enter_context(client.websocket_connect(f"/api/tables/{table}/ws"))]
        watchers += [
            sockets.enter_context(client.websocket_connect(f"/api/tables/{table}/ws"))
            for _ in range(9)
        ]
        for ws in watchers:
            ws.send_text("")
        start = {ws.receive_json()["move"] for ws in watchers}.pop()
        auth = {"Authorization": f"Bearer {token}"}
        legal = client.get(f"/api/tables/{table}", headers=auth).json()["legal"]
        computed.clear()
        moved = client.post(
            f"/api/tables/{table}/actions",
            headers=auth,
            json={"action": legal[0]["text"], "move": start},
        )
        assert moved.status_code == 200
        texts = [ws.receive_text() for ws in watchers]
        assert len(set(texts)) == 1  # the same view, the same text for every spectator
        assert json.loads(texts[0])["move"] == moved.json()["move"]
        assert computed == [(table, None, start)]  # once for ten spectators


def test_a_slow_second_request_on_a_kept_alive_connection_is_cut(guarded: Served) -> None:
    (connection,) = raw_connections(guarded.port, 1)
    with connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = connection.recv(65536)  # the answer begins (and may go on below)
        assert first.startswith(b"HTTP/1.1 200")
        for byte in b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa":
            try:  # a byte every 0.3 s: each one would restart uvicorn's keep-alive timer
                connection.sendall(bytes([byte]))
            except OSError:
                break
            time.sleep(0.3)
        rest = answer_of(connection)
    answers = (first + rest).split(b"HTTP/1.1 ")
    assert [a[:3] for a in answers[1:]] == [b"200", b"408"]


@pytest.mark.parametrize("base", ["h11", "httptools"])
def test_both_of_uvicorns_protocols_keep_the_deadlines(tmp_path: Path, base: str) -> None:
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    from langbord.server.serving import GuardedH11, guarded_protocol

    config = ServerConfig(header_seconds=1.0)
    protocol = guarded_protocol(config)
    if base == "h11":
        protocol = type("Guarded", (GuardedH11,), {"header_seconds": 1.0})
    app = create_app(f"sqlite:///{tmp_path / 'p.db'}", web=False, config=config)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, http=protocol, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        until(lambda: server.started)
        assert issubclass(protocol, H11Protocol if base == "h11" else HttpToolsProtocol)
        (idle,) = raw_connections(port, 1)
        (slow,) = raw_connections(port, 1)
        with idle, slow:
            slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never ends
            assert answer_of(idle).startswith(b"HTTP/1.1 408")
            assert answer_of(slow).startswith(b"HTTP/1.1 408")
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=20).status_code == 200
    finally:
        server.should_exit = True
        thread.join(20)
