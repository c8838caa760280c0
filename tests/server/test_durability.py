"""A move is committed before it is acknowledged: a ``langbord serve`` process killed with
SIGKILL while clients play, and started again on the same database, still has every
acknowledged move, every table with its seats and tokens, and nothing a client did not send;
and its games go on (bots included)."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.server_process import GENEROUS, ServerProcess

# (game, options, seats): human seats and one bot each; long games, so most are still being
# played when the server dies, and one short one that may well be over by then.
TABLES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("skaal", {}, ["human", "random", "human", "human"]),
    ("skaal", {"players": 3}, ["human", "human", "greedy"]),
    ("knarr", {"players": 3}, ["random", "human", "human"]),
    ("skibe", {"players": 3}, ["human", "random", "human"]),
]
# A table no player thread touches: the move sent as the server is killed is made there, so
# that no other client's move races it.
ASIDE: tuple[str, dict[str, Any], list[str]] = ("skibe", {"players": 3}, ["human"] * 3)

Move = tuple[int, int, str]  # (move number, seat, action)


@dataclass
class Table:
    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    tokens: dict[int, str] = field(default_factory=dict)
    acked: list[Move] = field(default_factory=list)
    in_flight: list[Move] = field(default_factory=list)
    seen: list[dict[str, Any]] = field(default_factory=list)  # the longest log a client saw
    players: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Players:
    """One thread per table playing its human seats with random legal moves."""

    def __init__(self, base: str, tables: list[Table], seed: int) -> None:
        self.base = base
        self.tables = tables
        self.seed = seed
        self.stop = threading.Event()
        self.threads = [
            threading.Thread(target=self.play, args=(t, seed + k), daemon=True)
            for k, t in enumerate(tables)
        ]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def join(self) -> None:
        for thread in self.threads:
            thread.join(30)
            assert not thread.is_alive()

    def play(self, table: Table, seed: int) -> None:
        rng = random.Random(seed)
        url = f"/api/tables/{table.id}"
        with httpx.Client(base_url=self.base, timeout=20) as client:
            try:
                self._play(client, url, table, rng)
            except httpx.TransportError:
                return  # the server is gone
            except Exception as exc:
                table.errors.append(repr(exc))

    def _play(self, client: httpx.Client, url: str, table: Table, rng: random.Random) -> None:
        while not self.stop.is_set():
            view = client.get(url).json()
            if len(view["log"]) > len(table.seen):
                table.seen = view["log"]
            if view["status"] == "over":
                return
            seat = view["to_move"]
            if seat not in table.tokens:
                time.sleep(0.002)  # a bot's move, or chance
                continue
            mine = client.get(url, headers=auth(table.tokens[seat])).json()
            if not mine["legal"]:
                continue
            move: Move = (mine["move"], seat, rng.choice(mine["legal"])["text"])
            try:
                answer = client.post(
                    f"{url}/actions",
                    json={"action": move[2], "move": move[0]},
                    headers=auth(table.tokens[seat]),
                )
            except httpx.TransportError:
                table.in_flight.append(move)
                raise
            if answer.status_code == 200:
                table.acked.append(move)
            else:
                table.errors.append(f"{move}: {answer.status_code} {answer.text}")
                return


def setup_tables(base: str) -> list[Table]:
    """The tables of ``TABLES`` and then ``ASIDE``, every human seat taken."""
    tables = []
    with httpx.Client(base_url=base, timeout=20) as client:
        for game, options, seats in [*TABLES, ASIDE]:
            made = client.post(
                "/api/tables", json={"game": game, "options": options, "seats": seats}
            )
            assert made.status_code == 201, made.text
            table = Table(made.json()["id"], game, options, seats)
            for seat, kind in enumerate(seats):
                if kind == "human":
                    joined = client.post(
                        f"/api/tables/{table.id}/join", json={"name": f"p{seat}", "seat": seat}
                    )
                    assert joined.status_code == 200, joined.text
                    table.tokens[seat] = joined.json()["token"]
            view = client.get(f"/api/tables/{table.id}").json()
            assert view["status"] == "playing"
            table.players = view["players"]
            tables.append(table)
    return tables


def kill_mid_move(
    server: ServerProcess, players: Players, aside: Table, rng: random.Random
) -> None:
    """Once play is under way, waits a random while, then sends a move at the ``aside`` table
    and kills the server 0-3 ms later, before reading its answer: every kill leaves that move
    unacknowledged, whether the server had not read it yet, was committing it, or had just
    committed it (the players' own POSTs may be in flight too)."""
    deadline = time.monotonic() + 20
    while sum(len(t.acked) for t in players.tables) < 12 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(rng.uniform(0.1, 1.0))
    url = f"/api/tables/{aside.id}"
    with httpx.Client(base_url=server.base, timeout=20) as client:
        seat = client.get(url).json()["to_move"]
        mine = client.get(url, headers=auth(aside.tokens[seat])).json()
    move: Move = (mine["move"], seat, rng.choice(mine["legal"])["text"])
    body = json.dumps({"action": move[2], "move": move[0]}).encode()
    head = (
        f"POST {url}/actions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {aside.tokens[seat]}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(head.encode() + body)
        aside.in_flight.append(move)
        time.sleep(rng.uniform(0.0, 0.003))
        server.kill()


def check_table(client: httpx.Client, table: Table) -> dict[str, Any]:
    """Everything acknowledged is there, nothing unsent is; the seats and tokens still hold."""
    url = f"/api/tables/{table.id}"
    public: dict[str, Any] = client.get(url).json()
    assert public["game"] == table.game
    for key, value in table.options.items():
        assert public["options"][key] == value
    assert public["players"] == table.players
    log = public["log"]
    assert public["move"] == len(log)
    assert log[: len(table.seen)] == table.seen, "a move a client saw was lost"
    sent = set(table.acked) | set(table.in_flight)
    for seat, token in table.tokens.items():
        mine = client.get(url, headers=auth(token)).json()
        assert mine["you"] == seat
        # A bot woken by the restart may have moved since the public look: the seat's table
        # holds every entry of it (by number and mover) and is whole itself.
        assert mine["move"] >= len(log) and mine["move"] == len(mine["log"])
        assert [(e["move"], e["player"]) for e in mine["log"][: len(log)]] == [
            (e["move"], e["player"]) for e in log
        ]
        theirs = {(e["move"], e["player"], e["action"]) for e in mine["log"]}
        for move in table.acked:
            if move[1] == seat:
                assert move in theirs, f"acknowledged move {move} lost"
        for entry in mine["log"]:
            if entry["player"] == seat:
                assert (entry["move"], seat, entry["action"]) in sent, f"unsent move {entry}"
    return public


def play_on(base: str, tables: list[Table], seed: int, moves: int) -> None:
    """Each table still being played takes ``moves`` more moves from its humans."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=20) as client:
        for table in tables:
            url = f"/api/tables/{table.id}"
            made = 0
            deadline = time.monotonic() + 15
            while made < moves:
                view = client.get(url).json()
                assert time.monotonic() < deadline, f"{table.game} table stuck: {view}"
                if view["status"] == "over":
                    break
                seat = view["to_move"]
                if seat not in table.tokens:
                    time.sleep(0.01)  # the bot, woken by the restart
                    continue
                mine = client.get(url, headers=auth(table.tokens[seat])).json()
                action = rng.choice(mine["legal"])["text"]
                answer = client.post(
                    f"{url}/actions",
                    json={"action": action, "move": mine["move"]},
                    headers=auth(table.tokens[seat]),
                )
                assert answer.status_code == 200, answer.text
                table.acked.append((mine["move"], seat, action))
                made += 1


def test_sigkill_loses_no_acknowledged_move(db_url: str, tmp_path: Path) -> None:
    sigkill_loses_nothing(db_url, tmp_path, GENEROUS)


@pytest.mark.slow
def test_sigkill_loses_no_acknowledged_move_with_sqlite_sync_normal(tmp_path: Path) -> None:
    """``--sqlite-sync normal`` gives up a power cut's moves, not a crashed server's."""
    url = f"sqlite:///{tmp_path / 'normal.db'}"
    sigkill_loses_nothing(url, tmp_path, (*GENEROUS, "--sqlite-sync", "normal"))


def sigkill_loses_nothing(db_url: str, tmp_path: Path, flags: Sequence[str]) -> None:
    """Kills and restarts the server until a kill has come while a move was in flight (a POST
    the dead server never answered), at most three times on the same database: a kill between
    moves only would prove less, so three such kills fail the test. (``kill_mid_move`` sends
    such a move itself before each kill.)"""
    for attempt in range(3):
        if kill_and_check(db_url, tmp_path / f"server{attempt}.log", flags):
            return
    raise AssertionError("three kills, none while a move was in flight")


def kill_and_check(db_url: str, log: Path, flags: Sequence[str]) -> bool:
    """One kill, the checks after the restart; whether a move was in flight at the kill."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    server = ServerProcess(db_url, log, flags)
    server.start()
    try:
        tables = setup_tables(server.base)
        players = Players(server.base, tables[:-1], seed)  # not the one aside
        players.start()
        kill_mid_move(server, players, tables[-1], rng)
        players.join()
    finally:
        server.kill()
    for table in tables:
        assert not table.errors, (seed, table.errors)
    assert sum(len(t.acked) for t in tables) >= 10, "too few moves before the kill to test"

    again = ServerProcess(db_url, log, flags)
    again.start()
    try:
        with httpx.Client(base_url=again.base, timeout=20) as client:
            views = [check_table(client, table) for table in tables]
        playing = [t for t, v in zip(tables, views, strict=True) if v["status"] == "playing"]
        assert playing, "every game ended before the kill: nothing to go on with"
        play_on(again.base, playing, seed, moves=5)
        with httpx.Client(base_url=again.base, timeout=20) as client:
            for table in tables:
                check_table(client, table)
    finally:
        again.stop()
    assert "Traceback" not in server.output(), server.output()
    return any(table.in_flight for table in tables)
