"""The bots' workers shared fairly between tables and clients: a flood of hints or analyses
from one client delays another table's bot by at most one decision, never holds every worker,
is dropped when its asker leaves, and costs the asker's share of the bots' time."""

from __future__ import annotations

import itertools
import logging
import random
import statistics
import threading
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import langbord.server.bots as bots_module
from langbord.server.bots import Bots, Job
from langbord.server.errors import TooMany
from langbord.server.features.hints import HintSearch
from langbord.server.http.app import create_app
from langbord.server.service import Service

from .conftest import GENEROUS
from .test_bots import wait_until

GUARD = 60.0


def job(table: str, *, hint: bool = False, move: int = 0) -> Job:
    return Job(
        table=table,
        game="skibe",
        options={"players": 3},
        history=[],
        move=move,
        seat=0,
        spec="greedy",
        seed=0,
        max_seconds=1.0,
        hint=hint,
    )


class Recorded:
    """A :class:`Bots` of one thread whose decisions and hints only record their order: hints
    take ``hint_seconds`` (or wait for ``release`` where it is set), a table's bot decides
    ``decisions[table]`` times."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, decisions: dict[str, int]) -> None:
        self.order: list[str] = []
        self.left = dict(decisions)
        self.lock = threading.Lock()
        self.hint_seconds = 0.05
        self.release: threading.Event | None = None
        self.started = threading.Event()
        self.charged: list[tuple[str, float]] = []

        def advise(job: Job) -> dict[str, Any]:
            with self.lock:
                self.order.append(f"hint {job.table}")
            self.started.set()
            if self.release is not None:
                self.release.wait(GUARD)
            else:
                time.sleep(self.hint_seconds)
            return {"action": 0, "win_chance": 0.5, "agent": "x", "seconds": 0.0}

        monkeypatch.setattr(bots_module, "advise", advise)
        self.bots = Bots(self.prepare, self.finish, workers=0, seconds=GUARD)
        self.bots.decide = self.decide
        self.bots.grace = 0.5
        self.bots.charge = lambda client, seconds: self.charged.append((client, seconds))

    def prepare(self, table: str) -> Job | None:
        with self.lock:
            return job(table) if self.left.get(table, 0) > 0 else None

    def decide(self, job: Job) -> int:
        with self.lock:
            self.order.append(f"bot {job.table}")
        return 0

    def finish(self, job: Job, _action: Any) -> None:
        with self.lock:
            self.left[job.table] -= 1

    def __enter__(self) -> Recorded:
        self.bots.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.release is not None:
            self.release.set()
        self.bots.stop()


def test_one_clients_hints_take_one_turn_among_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten hints of one client on ten tables, then a table whose bot is to move three times:
    between two of the bot's decisions, at most one hint (the client's lane takes one turn)."""
    with Recorded(monkeypatch, {"victim": 3}) as run:
        asked = [run.bots.ask(job(f"h{k}", hint=True), "attacker") for k in range(10)]
        run.bots.wake("victim")
        for future in asked:
            assert future.result(GUARD)["action"] == 0
        wait_until(lambda: run.left["victim"] == 0, "the victim's bot to move three times")
    bot_at = [k for k, what in enumerate(run.order) if what == "bot victim"]
    assert len(bot_at) == 3
    assert bot_at[0] <= 1 and all(b - a <= 2 for a, b in itertools.pairwise(bot_at))
    # The client's time was counted against it, once per hint; the bot's against nobody.
    assert [c for c, _ in run.charged] == ["attacker"] * 10
    assert all(seconds >= 0.04 for _, seconds in run.charged)


def test_two_clients_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two clients' hints alternate, whoever asked more: the client whose hint was just
    searched goes behind the one that waited meanwhile."""
    with Recorded(monkeypatch, {}) as run:
        run.release = threading.Event()
        first = run.bots.ask(job("a0", hint=True), "a")
        assert run.started.wait(GUARD)  # a0 is being searched while the rest queue
        asked = [run.bots.ask(job(f"a{k}", hint=True), "a") for k in range(1, 4)]
        asked += [run.bots.ask(job(f"b{k}", hint=True), "b") for k in range(3)]
        assert run.bots.waiting("a") == 4 and run.bots.waiting("b") == 3
        run.release.set()
        for future in [first, *asked]:
            future.result(GUARD)
    assert run.order == [f"hint {t}" for t in ("a0", "b0", "a1", "b1", "a2", "b2", "a3")]


def test_a_hint_whose_asker_left_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cancelled while queued, a hint is never searched; cancelled while searched, it is cut
    off, and the client's next hint goes on at once."""
    with Recorded(monkeypatch, {}) as run:
        run.release = threading.Event()
        running = run.bots.ask(job("first", hint=True), "a")
        assert run.started.wait(GUARD)
        queued = run.bots.ask(job("queued", hint=True), "a")
        run.bots.cancel(queued)
        assert queued.cancelled()
        later = run.bots.ask(job("later", hint=True), "a")
        run.bots.cancel(running)
        with pytest.raises(CancelledError):
            running.result(GUARD)
        run.release.set()  # the abandoned thread ends; its answer goes nowhere
        assert later.result(GUARD)["action"] == 0
        assert run.bots.waiting("a") == 0
    assert "hint queued" not in run.order
    assert run.order == ["hint first", "hint later"]


# ---- a flood of hints in real worker processes ----------------------------------------------


@pytest.fixture
def flooded(tmp_path: Path) -> Iterator[Service]:
    """A started service with two worker processes and hints of 1 s."""
    config = replace(GENEROUS, bot_workers=2, bot_seconds=1.0)
    service = Service(f"sqlite:///{tmp_path / 'flood.db'}", config=config)
    service.start()
    try:
        yield service
    finally:
        service.stop()


def _settled(service: Service, table: str, seat: int) -> dict[str, Any] | None:
    """The table as ``seat`` sees it if it is ``seat``'s turn or the game is over."""
    view = service.table_json(table, seat)
    return view if view["to_move"] == seat or view["status"] == "over" else None


def hotseat_knarr(service: Service) -> tuple[str, int]:
    """A hotseat Knarr table with Skali for four, hints on, at its first decision."""
    table_id, tokens = service.create(
        "knarr", {"players": 4, "skali": True}, ["human"] * 4, hints=True, hotseat=True
    )
    assert tokens is not None
    live = service.get_live(table_id)
    with live.lock:
        return table_id, live.state.current_player()


def test_a_hint_flood_from_two_clients_leaves_other_tables_bots_quick(
    flooded: Service,
) -> None:
    """The attack: two clients each keep four hints waiting on hotseat Knarr tables with
    Skali (each search about a second), playing each hint as it comes and asking the next,
    while a victim plays Skibe against two greedy bots. Clients' work holds one of the two
    workers, so the victim's bots answer in well under a second every time, and both clients'
    hints are still answered, in turn."""
    service = flooded
    tables = {client: [hotseat_knarr(service)[0] for _ in range(4)] for client in ("a", "b")}
    stop = threading.Event()
    answered: dict[str, int] = {"a": 0, "b": 0}
    failures: list[str] = []

    def ask(table_id: str, client: str) -> HintSearch:
        live = service.get_live(table_id)
        with live.lock:
            seat = live.state.current_player()
        return service.hint_search(table_id, seat, client)

    def attacker(client: str) -> None:
        searches = {t: ask(t, client) for t in tables[client]}
        while not stop.is_set():
            for table_id, search in list(searches.items()):
                if not search.future.done():
                    continue
                try:
                    hint = service.hint_answer(search)
                    answered[client] += 1
                    action = hint["action"]
                    assert isinstance(action, dict)
                    live = service.get_live(table_id)
                    with live.lock:
                        seat, moves = live.state.current_player(), live.moves
                    service.act(table_id, seat, int(str(action["id"])), moves)
                    searches[table_id] = ask(table_id, client)
                except Exception as exc:
                    failures.append(repr(exc))
                    stop.set()
            time.sleep(0.01)
        for search in searches.values():
            service.hint_abandon(search)

    threads = [threading.Thread(target=attacker, args=(c,)) for c in ("a", "b")]
    for thread in threads:
        thread.start()
    waits: list[float] = []
    try:
        victim, seat = "", 0
        rng = random.Random(5)
        deadline = time.monotonic() + GUARD
        while len(waits) < 16 or min(answered.values()) < 3:
            assert time.monotonic() < deadline and not failures, (answered, failures)
            if not victim or service.table_json(victim, seat)["status"] == "over":
                victim = service.create_table(
                    "skibe", {"players": 3}, ["human", "greedy", "greedy"]
                )
                seat, _token = service.join(victim, 0, "Ann")
            view = service.table_json(victim, seat)
            if view["to_move"] != seat:  # the bots open the game
                wait_until(partial(_settled, service, victim, seat), "the bots' moves")
                continue
            service.act(victim, seat, rng.choice(view["legal"])["text"], view["move"])
            # Each bot decision after the victim's move is timed from when it could start.
            sent, moves = time.monotonic(), view["move"] + 1
            while not (seen := _settled(service, victim, seat)):
                seen = service.table_json(victim, seat)
                if seen["move"] > moves:
                    now = time.monotonic()
                    waits.append(now - sent)
                    sent, moves = now, seen["move"]
                assert time.monotonic() - sent < GUARD, "the greedy bots did not reply"
                time.sleep(0.005)
            if seen["move"] > moves:
                waits.append(time.monotonic() - sent)
    finally:
        stop.set()
        for thread in threads:
            thread.join(GUARD)
    assert failures == []
    assert min(answered.values()) >= 3, answered  # both clients were served
    assert max(waits) < 1.0, (statistics.median(waits), max(waits))


# ---- over HTTP: the asker's share and queue -------------------------------------------------


def test_a_hint_costs_the_askers_share_of_the_bots(tmp_path: Path) -> None:
    """With a share of 1 s of the bots an hour, the first hint is answered and counted; the
    share spent, the next is refused with 429 and Retry-After, and nothing changed; another
    address is still served."""
    config = replace(GENEROUS, bot_workers=0, bot_seconds=0.2, work_rate="1/hour")
    app = create_app(f"sqlite:///{tmp_path / 'share.db'}", web=False, config=config)
    with (
        TestClient(app, client=("10.0.0.1", 1)) as first,
        TestClient(app, client=("10.0.0.2", 1)) as second,
    ):
        made = first.post(
            "/api/tables",
            json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3,
                  "hotseat": True, "hints": True},
        )  # fmt: skip
        assert made.status_code == 201, made.text
        table_id, tokens = made.json()["id"], made.json()["tokens"]
        table = first.get(f"/api/tables/{table_id}").json()
        token = {"Authorization": f"Bearer {tokens[str(table['to_move'])]}"}
        answer = first.get(f"/api/tables/{table_id}/hint", headers=token)
        assert answer.status_code == 200, answer.text  # its second of the bots' time
        answer = first.get(f"/api/tables/{table_id}/hint", headers=token)
        assert answer.status_code == 429, answer.text
        assert "seconds of the bots' time" in answer.json()["detail"]
        assert int(answer.headers["Retry-After"]) > 0
        assert first.get(f"/api/tables/{table_id}").json() == table  # nothing changed
        again = second.get(f"/api/tables/{table_id}/hint", headers=token)
        assert again.status_code == 200, again.text


def test_a_client_with_hints_waiting_is_refused_more(tmp_path: Path) -> None:
    """A client whose hints wait for the bots (none started here) may have four waiting; a
    fifth is refused with 429 and nothing is queued for it."""
    service = Service(f"sqlite:///{tmp_path / 'queue.db'}", config=replace(GENEROUS, bot_workers=0))
    try:
        tables = [hotseat_knarr(service) for _ in range(5)]
        searches = [service.hint_search(t, seat, "a") for t, seat in tables[:4]]
        with pytest.raises(TooMany, match="4 hints and analyses waiting") as refused:
            service.hint_search(*tables[4], "a")
        assert refused.value.retry_after > 0
        assert service.bots.waiting("a") == 4
        other = service.hint_search(*tables[4], "b")  # another client is not held to it
        assert service.bots.waiting("b") == 1
        for search in [*searches, other]:
            service.hint_abandon(search)
        assert service.bots.waiting("a") == service.bots.waiting("b") == 0
    finally:
        service.stop()


# ---- over a real socket: a closed request drops its hint --------------------------------------


def test_a_hint_request_closed_before_its_answer_drops_the_search(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A client asks a hint whose search takes seconds and closes the connection after 0.5 s:
    the search is cut off at once (nothing of the client's waits for the bots any more), and
    the same hint asked again is searched anew and answered."""
    import uvicorn

    from .server_process import free_port

    config = replace(GENEROUS, bot_workers=1, bot_seconds=5.0)
    app = create_app(f"sqlite:///{tmp_path / 'closed.db'}", web=False, config=config)
    service: Service = app.state.service
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    caplog.set_level(logging.INFO, logger="langbord.server")
    try:
        wait_until(lambda: server.started, "the server to start")
        made = httpx.post(
            f"{base}/api/tables",
            json={"game": "knarr", "options": {"players": 4, "skali": True},
                  "seats": ["human"] * 4, "hotseat": True, "hints": True},
        )  # fmt: skip
        assert made.status_code == 201, made.text
        table_id, tokens = made.json()["id"], made.json()["tokens"]
        seat = httpx.get(f"{base}/api/tables/{table_id}").json()["to_move"]
        token = {"Authorization": f"Bearer {tokens[str(seat)]}"}
        with pytest.raises(httpx.ReadTimeout):
            httpx.get(f"{base}/api/tables/{table_id}/hint", headers=token, timeout=0.5)
        wait_until(lambda: service.bots.waiting("127.0.0.1") == 0, "the search to be dropped")
        workers = service.bots.worker_pids()
        assert len(workers) <= 1  # the searching worker was cut off (a new one starts later)
        again = httpx.get(f"{base}/api/tables/{table_id}/hint", headers=token, timeout=30)
        assert again.status_code == 200, again.text
        assert again.json()["action"]["id"] in [
            a["id"]
            for a in httpx.get(f"{base}/api/tables/{table_id}", headers=token).json()["legal"]
        ]
    finally:
        server.should_exit = True
        thread.join(20)


# ---- the attack as it was found: over HTTP, from two addresses -------------------------------

FLOOD_SECONDS = 40.0


def _hint_flood(base: str, address: str, stop: threading.Event, answered: list[int]) -> None:
    """One attacking address: 25 hotseat Knarr tables with Skali and hints, a hint asked on
    each at once and played as it comes, again and again, within the default limits."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=base, transport=transport, timeout=120) as http:
        tables: list[tuple[str, dict[str, str]]] = []
        for _ in range(25):
            made = http.post(
                "/api/tables",
                json={"game": "knarr", "options": {"players": 4, "skali": True},
                      "seats": ["human"] * 4, "hotseat": True, "hints": True},
            )  # fmt: skip
            assert made.status_code == 201, made.text
            tables.append((made.json()["id"], made.json()["tokens"]))

        def play(table_id: str, tokens: dict[str, str]) -> None:
            own_transport = httpx.HTTPTransport(local_address=address)
            with httpx.Client(base_url=base, transport=own_transport, timeout=120) as own:
                while not stop.is_set():
                    seat = own.get(f"/api/tables/{table_id}").json()["to_move"]
                    token = {"Authorization": f"Bearer {tokens[str(seat)]}"}
                    hint = own.get(f"/api/tables/{table_id}/hint", headers=token)
                    if hint.status_code != 200:  # refused (429) or late (503): wait, ask again
                        stop.wait(float(hint.headers.get("Retry-After", "1")))
                        continue
                    answered.append(1)
                    moves = own.get(f"/api/tables/{table_id}").json()["move"]
                    own.post(
                        f"/api/tables/{table_id}/actions",
                        headers=token,
                        json={"action": hint.json()["action"]["id"], "move": moves},
                    )

        players = [threading.Thread(target=play, args=table) for table in tables]
        for player in players:
            player.start()
        for player in players:
            player.join(FLOOD_SECONDS + 120)


@pytest.mark.slow
def test_a_hint_flood_over_http_from_two_addresses(tmp_path: Path) -> None:
    """The attack as found: two addresses (127.0.0.2, 127.0.0.3), 25 hotseat Knarr tables each
    with hints on, a hint asked on every table at once and played, for 40 s, within the
    server's default limits and two bot workers. A victim (127.0.0.4) plays Skibe against two
    greedy bots meanwhile: every bot reply comes within 1 s (p99 over all its replies) and its
    GETs stay quick."""
    from .server_process import ServerProcess

    server = ServerProcess(
        f"sqlite:///{tmp_path / 'flood.db'}", tmp_path / "flood.log", ["--bot-workers", "2"]
    )
    server.start()
    stop = threading.Event()
    answered: dict[str, list[int]] = {"127.0.0.2": [], "127.0.0.3": []}
    attackers = [
        threading.Thread(target=_hint_flood, args=(server.base, a, stop, answered[a]))
        for a in answered
    ]
    replies: list[float] = []
    reads: list[float] = []
    try:
        for attacker in attackers:
            attacker.start()
        transport = httpx.HTTPTransport(local_address="127.0.0.4")
        with httpx.Client(base_url=server.base, transport=transport, timeout=60) as http:
            wait_until(lambda: all(answered.values()), "both floods to be under way")
            rng = random.Random(9)
            ends = time.monotonic() + FLOOD_SECONDS
            while time.monotonic() < ends:
                made = http.post(
                    "/api/tables",
                    json={"game": "skibe", "options": {"players": 3},
                          "seats": ["human", "greedy", "greedy"]},
                )  # fmt: skip
                table_id = made.json()["id"]
                joined = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "V"})
                token = {"Authorization": f"Bearer {joined.json()['token']}"}
                url = f"/api/tables/{table_id}"
                sent = time.monotonic()
                while time.monotonic() < ends:
                    started = time.monotonic()
                    view = http.get(url, headers=token).json()
                    reads.append(time.monotonic() - started)
                    if view["status"] == "over":
                        break
                    if view["to_move"] != 0:
                        time.sleep(0.01)
                        continue
                    if view["move"] > 0:
                        replies.append(time.monotonic() - sent - 0.3)
                    action = rng.choice(view["legal"])["id"]
                    moved = http.post(
                        f"{url}/actions",
                        headers=token,
                        json={"action": action, "move": view["move"]},
                    )
                    assert moved.status_code == 200, moved.text
                    sent = time.monotonic()
                    time.sleep(0.3)  # a person's pace, within the address's move limit
    finally:
        stop.set()
        for attacker in attackers:
            attacker.join(240)
        server.stop()
    assert "Traceback" not in server.output()
    hints = {a: len(n) for a, n in answered.items()}
    replies.sort()
    reads.sort()
    p99 = replies[int(0.99 * (len(replies) - 1))]
    summary = (hints, len(replies), replies[len(replies) // 2], p99, reads[int(0.95 * len(reads))])
    print(
        f"\nhints answered  {hints} in {FLOOD_SECONDS:g} s, 25 Knarr tables an address"
        f"\nvictim          skibe, human + 2 x greedy; {len(replies)} bot replies"
        f"\nbot reply       p50 {1000 * summary[2]:.1f} ms  p99 {1000 * p99:.1f} ms"
        f"  max {1000 * replies[-1]:.1f} ms"
        f"\nvictim's GETs   p95 {1000 * summary[4]:.1f} ms over {len(reads)}"
    )
    assert len(replies) >= 50 and min(hints.values()) >= 5, summary
    assert p99 < 1.0, summary
    assert reads[int(0.95 * (len(reads) - 1))] < 0.5, summary
