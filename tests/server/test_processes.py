"""Two ``langbord serve`` processes on one PostgreSQL database serve the same tables: a join or
a move made through one reaches the WebSocket clients of the other (LISTEN/NOTIFY), and a move
number taken through one is taken for both."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from langbord.server.features.chat import CHAT_BURST
from server.server_process import GENEROUS, ServerProcess, serving

pytestmark = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)

View = dict[str, Any]


@pytest.fixture
def two(db_url: str, tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with (
        serving(db_url, tmp_path / "a.log") as a,
        serving(db_url, tmp_path / "b.log") as b,
    ):
        yield a, b


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def watch(
    clients: ExitStack, server: ServerProcess, table_id: str, token: str = ""
) -> ClientConnection:
    """A WebSocket client of ``server`` on the table, as the token's seat (or a spectator)."""
    ws = clients.enter_context(connect(f"{server.ws_base}/api/tables/{table_id}/ws"))
    ws.send(token)
    return ws


def wait_for(ws: ClientConnection, what: Callable[[View], bool], seconds: float = 5.0) -> View:
    """The first view pushed to ``ws`` (the current one included) for which ``what`` holds."""
    deadline = time.monotonic() + seconds
    seen: list[View] = []
    while (left := deadline - time.monotonic()) > 0:
        try:
            view: View = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            break
        assert "error" not in view, view
        if what(view):
            return view
        seen.append(view)
    raise AssertionError(f"no such view within {seconds} s; last seen: {seen[-1:]}")


def joined_at(seat: int) -> Callable[[View], bool]:
    return lambda view: bool(view["players"][seat]["joined"])


def test_joins_and_moves_reach_the_other_process(two: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two
    with (
        httpx.Client(base_url=a.base, timeout=20) as via_a,
        httpx.Client(base_url=b.base, timeout=20) as via_b,
        ExitStack() as clients,
    ):
        made = via_a.post(
            "/api/tables", json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3}
        )
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        url = f"/api/tables/{table}"

        # A spectator of B sees the joins made through A.
        spectator = watch(clients, b, table)
        first = wait_for(spectator, lambda v: True)
        assert first["status"] == "open"
        assert not any(p["joined"] for p in first["players"])
        tokens: dict[int, str] = {}
        for seat, name in enumerate(["Astrid", "Bjørn", "Cilla"]):
            joined = via_a.post(f"{url}/join", json={"name": name, "seat": seat})
            assert joined.status_code == 200, joined.text
            tokens[seat] = joined.json()["token"]
            view = wait_for(spectator, joined_at(seat))
            assert view["players"][seat]["name"] == name
        assert view["status"] == "playing"  # the last join and the start are one change
        assert [p["name"] for p in via_b.get(url).json()["players"]] == ["Astrid", "Bjørn", "Cilla"]

        # A token given out by A opens its seat at B.
        mover = view["to_move"]
        assert mover in tokens
        assert via_b.get(url, headers=auth(tokens[mover])).json()["you"] == mover

        # The seat's client on B gets the move made through A, as that seat sees it.
        seated = watch(clients, b, table, tokens[mover])
        before = wait_for(seated, lambda v: v["you"] == mover)
        action = before["legal"][0]["text"]
        moved = via_a.post(
            f"{url}/actions",
            json={"action": action, "move": before["move"]},
            headers=auth(tokens[mover]),
        )
        assert moved.status_code == 200, moved.text
        after = wait_for(seated, lambda v: v["move"] > before["move"])
        assert after["you"] == mover
        assert after["log_start"] == before["move"]  # a push carries only the new entries
        assert after["log"][0] == {
            "move": before["move"],
            "player": mover,
            "action": action,
            "words": before["legal"][0]["words"],
            "kind": before["legal"][0]["kind"],
            "args": before["legal"][0]["args"],
        }
        told = wait_for(spectator, lambda v: v["move"] == after["move"])
        whole = via_a.get(url).json()["log"]
        assert told["log"] == whole[told["log_start"] :]  # the spectator's new entries

        # The move number is taken for both: B refuses it again.
        again = via_b.post(
            f"{url}/actions",
            json={"action": action, "move": before["move"]},
            headers=auth(tokens[mover]),
        )
        assert again.status_code == 409, again.text

        # And the other way round: a move through B reaches a client of A.
        on_a = watch(clients, a, table)
        now = wait_for(on_a, lambda v: v["move"] == after["move"])
        nxt = now["to_move"]
        theirs = via_b.get(url, headers=auth(tokens[nxt])).json()
        moved = via_b.post(
            f"{url}/actions",
            json={"action": theirs["legal"][-1]["text"], "move": theirs["move"]},
            headers=auth(tokens[nxt]),
        )
        assert moved.status_code == 200, moved.text
        wait_for(on_a, lambda v: v["move"] > now["move"])
        assert via_a.get(url).json()["log"] == via_b.get(url).json()["log"]


def test_the_chat_flood_limit_holds_across_processes(
    two: tuple[ServerProcess, ServerProcess],
) -> None:
    """A seat's messages sent through both processes, in turn: together they take at most
    ``CHAT_BURST`` (counted from the database, not per process); the rest are refused (429)."""
    count, _window = CHAT_BURST
    a, b = two
    with (
        httpx.Client(base_url=a.base, timeout=20) as via_a,
        httpx.Client(base_url=b.base, timeout=20) as via_b,
    ):
        made = via_a.post(
            "/api/tables", json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3}
        )
        assert made.status_code == 201, made.text
        url = f"/api/tables/{made.json()['id']}"
        joined = via_a.post(f"{url}/join", json={"name": "Astrid", "seat": 0})
        assert joined.status_code == 200, joined.text
        token = auth(joined.json()["token"])
        statuses: list[int] = []
        for k in range(12):
            for _ in range(10):  # 409: the other process's message took the number first
                said = (via_a, via_b)[k % 2].post(
                    f"{url}/chat", json={"text": f"m{k}"}, headers=token
                )
                if said.status_code != 409:
                    break
            statuses.append(said.status_code)
        assert statuses == [201] * count + [429] * (12 - count), statuses
        assert [m["text"] for m in via_b.get(url).json()["chat"]] == [f"m{k}" for k in range(count)]


def serving_children(server: ServerProcess) -> list[int]:
    """The serving processes ``langbord serve --processes`` started (not its helpers)."""
    assert server.process is not None
    children = []
    for task in Path(f"/proc/{server.process.pid}/task").glob("*"):
        children += [int(pid) for pid in (task / "children").read_text().split()]
    return [
        pid
        for pid in children
        if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        and Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    ]


def connected(pid: int, port: int) -> int:
    """How many established TCP connections to ``port`` process ``pid`` holds (Linux /proc)."""
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                established.add(fields[9])
    held = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = fd.readlink().as_posix()
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in established:
            held += 1
    return held


def test_several_processes_share_one_port_and_one_that_dies_is_replaced(
    db_url: str, tmp_path: Path
) -> None:
    """``--processes 2``: the kernel hands connections to both; a move through one reaches the
    WebSockets held by the other; one killed (SIGKILL) is started again, the table as it was."""
    with (
        serving(db_url, tmp_path / "two.log", [*GENEROUS, "--processes", "2"]) as server,
        httpx.Client(base_url=server.base, timeout=20) as http,
        ExitStack() as clients,
    ):
        deadline = time.monotonic() + 10  # said once both are up (one may answer before)
        while "2 processes" not in server.output():
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.05)
        children = serving_children(server)
        assert len(children) == 2
        made = http.post(
            "/api/tables", json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3}
        )
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        url = f"/api/tables/{table}"
        tokens = [
            http.post(f"{url}/join", json={"name": f"p{seat}", "seat": seat}).json()["token"]
            for seat in range(3)
        ]
        watchers: list[ClientConnection] = []
        while min(connected(pid, server.port) for pid in children) < 2:  # both hold some
            assert len(watchers) < 60, [connected(pid, server.port) for pid in children]
            watchers.append(watch(clients, server, table))
            wait_for(watchers[-1], lambda v: v["status"] == "playing")

        def move_once() -> int:
            view = http.get(url).json()
            mover = view["to_move"]
            own = http.get(url, headers=auth(tokens[mover])).json()
            with httpx.Client(base_url=server.base, timeout=20) as fresh:  # a new connection
                moved = fresh.post(
                    f"{url}/actions",
                    json={"action": own["legal"][0]["text"], "move": own["move"]},
                    headers=auth(tokens[mover]),
                )
            assert moved.status_code == 200, moved.text
            number: int = moved.json()["move"]
            return number

        reached = move_once()
        for ws in watchers:  # whichever process holds it
            wait_for(ws, lambda v: v["move"] == reached)

        os.kill(children[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while set(serving_children(server)) - {children[1]} in (set(), {children[0]}):
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.1)
        assert len(serving_children(server)) == 2
        assert "ended (exit status -9): starting another" in server.output()
        assert http.get(url).json()["move"] == reached  # nothing lost
        after = watch(clients, server, table)
        wait_for(after, lambda v: v["move"] == reached)
        again = move_once()
        wait_for(after, lambda v: v["move"] == again)
        children = serving_children(server)
    # Stopped (SIGTERM) with its parent.
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() for pid in children):
        assert time.monotonic() < deadline, "a serving process outlived its parent"
        time.sleep(0.1)
