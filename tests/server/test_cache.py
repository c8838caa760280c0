"""The live tables: a bounded cache that every table leaves and comes back to whole (moves and
bots included, and no copy that left it can commit), tables abandoned after ``abandon_days``,
and a lobby that a flood of empty tables cannot push real ones out of."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from langbord.record import replay
from langbord.server.config import ServerConfig
from langbord.server.errors import Conflict
from langbord.server.features.lifecycle import LOBBY_TABLES
from langbord.server.http.app import create_app
from langbord.server.service import Service
from langbord.server.store.schema import now
from server.dbtools import backdate, snapshot

Headers = dict[str, str]
UNLIMITED = ServerConfig(rate_limits=False)


def service_of(client: TestClient) -> Service:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    return service


def create(client: TestClient, seats: list[str], game: str = "knarr") -> str:
    options = {"players": len(seats)} if game in ("knarr", "skibe") else {}
    response = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    return table_id


def join(client: TestClient, table_id: str, name: str) -> tuple[int, Headers]:
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert response.status_code == 200, response.text
    body = response.json()
    return body["seat"], {"Authorization": f"Bearer {body['token']}"}


def two_humans(client: TestClient) -> tuple[str, dict[int, Headers]]:
    table_id = create(client, ["human", "human"])
    return table_id, dict(join(client, table_id, name) for name in ("Ann", "Bo"))


def look(client: TestClient, table_id: str, headers: Headers | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}", headers=headers or {})
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def move(client: TestClient, table_id: str, seats: dict[int, Headers]) -> int:
    """The seat to move plays its first legal action; the status of the answer."""
    table = look(client, table_id)
    headers = seats[table["to_move"]]
    legal = look(client, table_id, headers)["legal"]
    response = client.post(
        f"/api/tables/{table_id}/actions",
        headers=headers,
        json={"action": legal[0]["text"], "move": table["move"]},
    )
    status: int = response.status_code
    return status


def wait_for(
    client: TestClient, table_id: str, ready: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    deadline = time.monotonic() + 120  # a guard against hanging, not a measure
    while True:
        table = look(client, table_id)
        if ready(table):
            return table
        assert time.monotonic() < deadline, f"timed out at move {table['move']}"
        time.sleep(0.02)


def rebuilt(url: str, table_id: str, seat: int | None) -> dict[str, Any]:
    """The table as a server that has never seen it builds it from the log."""
    fresh = Service(url)
    try:
        return fresh.table_json(table_id, seat)
    finally:
        fresh.store.engine.dispose()


# ---- the bounded cache --------------------------------------------------------------------------


def test_the_cache_keeps_live_tables_and_every_table_comes_back_whole(db_url: str) -> None:
    config = replace(UNLIMITED, live_tables=3)
    with TestClient(create_app(db_url, config=config)) as client:
        service = service_of(client)
        bots = create(client, ["random", "random"])  # plays while tables come and go around it
        humans = [two_humans(client) for _ in range(9)]
        for _round in range(3):
            for table_id, seats in humans:
                assert move(client, table_id, seats) == 200
                assert len(service.live) <= 4  # the bots' table may be busy as it is passed
        finished = wait_for(client, bots, lambda t: t["status"] == "over")
        # The bots' scheduler looks at the table once more after its last move: let it finish
        # that look, or it may touch the table after the humans' tables below.
        deadline = time.monotonic() + 30
        while service.bots._busy or service.bots._queued:
            assert time.monotonic() < deadline, "the bots' scheduler never went idle"
            time.sleep(0.01)
        for table_id, _seats in humans:
            look(client, table_id)
        assert len(service.live) == 3
        assert list(service.live) == [t for t, _ in humans[-3:]]
        for table_id, seats in humans:
            for seat, headers in seats.items():
                assert look(client, table_id, headers) == rebuilt(db_url, table_id, seat)
            assert look(client, table_id)["move"] == rebuilt(db_url, table_id, None)["move"]
        assert finished == rebuilt(db_url, bots, None)
        record = client.get(f"/api/tables/{bots}/record").json()
        assert replay(record).is_terminal()
        assert len(service.live) == 3


def test_a_copy_that_left_the_cache_cannot_commit(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    config = replace(UNLIMITED, live_tables=2)
    with TestClient(create_app(url, config=config)) as client:
        service = service_of(client)
        table_id, seats = two_humans(client)
        dropped = service.get_live(table_id)  # a request holding it, as eviction comes
        for _ in range(2):
            look(client, two_humans(client)[0])
        assert table_id not in service.live and dropped.evicted
        again = service.get_live(table_id)
        assert again is not dropped
        before, view = snapshot(url), look(client, table_id)
        player = dropped.state.current_player()
        action = dropped.state.legal_actions()[0]
        with pytest.raises(Conflict, match="reloaded"):
            service.moves.commit(dropped, player, action)
        assert snapshot(url) == before and look(client, table_id) == view
        assert move(client, table_id, seats) == 200  # through the copy in the cache
        assert service.live[table_id] is again and again.moves > dropped.moves
        assert look(client, table_id) == rebuilt(url, table_id, None)


def test_two_copies_of_a_table_collide_on_the_logs_key(tmp_path: Path) -> None:
    """Two servers on one file, each with the table in its cache: the same move number can be
    logged once only; the later one is answered 409 and catches up."""
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    with (
        TestClient(create_app(url, config=UNLIMITED)) as one,
        TestClient(create_app(url, config=UNLIMITED)) as two,
    ):
        table_id, seats = two_humans(one)
        table = look(two, table_id)  # now in both caches
        headers = seats[table["to_move"]]
        legal = look(two, table_id, headers)["legal"]
        body = {"action": legal[0]["text"], "move": table["move"]}
        assert one.post(f"/api/tables/{table_id}/actions", headers=headers, json=body).is_success
        before = snapshot(url)
        late = two.post(f"/api/tables/{table_id}/actions", headers=headers, json=body)
        assert late.status_code == 409 and "another move was made first" in late.json()["detail"]
        assert snapshot(url) == before
        assert look(two, table_id, headers) == look(one, table_id, headers)


def test_a_table_in_use_is_not_evicted(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    config = replace(UNLIMITED, live_tables=2)
    with TestClient(create_app(url, config=config)) as client:
        service = service_of(client)
        table_id, seats = two_humans(client)
        busy = service.get_live(table_id)
        with busy.writer:  # a move of this table is being saved
            others = [two_humans(client)[0] for _ in range(4)]
            for other in others:
                look(client, other)
            assert service.live.get(table_id) is busy and not busy.evicted
            assert list(service.live) == [table_id, others[-1]]  # the next oldest left instead
        look(client, others[0])
        assert table_id not in service.live and busy.evicted and len(service.live) == 2
        assert move(client, table_id, seats) == 200


def test_a_watched_table_leaves_the_cache_and_its_subscribers_still_hear(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    config = replace(UNLIMITED, live_tables=2)
    with TestClient(create_app(url, config=config)) as client:
        service = service_of(client)
        table_id, seats = two_humans(client)
        with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
            ws.send_text("")  # a spectator
            first = ws.receive_json()
            for _ in range(2):
                look(client, two_humans(client)[0])
            assert table_id not in service.live
            assert move(client, table_id, seats) == 200
            pushed = ws.receive_json()
            assert pushed["move"] > first["move"] and pushed["log_start"] == first["move"]
            assert first["log"] + pushed["log"] == look(client, table_id)["log"]
            assert pushed["view"] == rebuilt(url, table_id, None)["view"]


# ---- abandoned tables ---------------------------------------------------------------------------


def test_a_table_nobody_moved_at_for_a_week_is_abandoned(db_url: str) -> None:
    with TestClient(create_app(db_url, config=UNLIMITED)) as client:
        table_id, seats = two_humans(client)
        assert move(client, table_id, seats) == 200
        waiting = create(client, ["human", "human"])  # one seat taken, one free
        join(client, waiting, "Cy")
        recent, recent_seats = two_humans(client)
        views = {t: look(client, t) for t in (table_id, waiting, recent)}
    for stale in (table_id, waiting):
        backdate(db_url, stale, days=7.5)
    before = snapshot(db_url)
    with TestClient(create_app(db_url, config=UNLIMITED)) as client:
        for stale in (table_id, waiting):
            assert look(client, stale) == {**views[stale], "status": "abandoned"}
        assert look(client, recent) == views[recent]
        table = look(client, table_id)
        headers = seats[table["to_move"]]
        legal = look(client, table_id, seats[table["to_move"]])["legal"]
        assert legal == []  # nothing to play at a closed table
        refused = client.post(
            f"/api/tables/{table_id}/actions",
            headers=headers,
            json={"action": "anything", "move": table["move"]},
        )
        assert refused.status_code == 409
        assert refused.json()["detail"] == (
            "this table was abandoned: nobody moved or joined for 7 days"
        )
        late = client.post(f"/api/tables/{waiting}/join", json={"name": "Di"})
        assert late.status_code == 409 and "abandoned" in late.json()["detail"]
        replay_step = client.get(f"/api/tables/{table_id}/steps/0")
        assert replay_step.status_code == 409 and "no replay" in replay_step.json()["detail"]
        after = snapshot(db_url)
        assert after["lb_moves"] == before["lb_moves"] and after["lb_seats"] == before["lb_seats"]
        assert move(client, recent, recent_seats) == 200
        finished = client.get("/api/tables").json()["finished"]
        assert {t["id"]: t["status"] for t in finished} == {
            table_id: "abandoned",
            waiting: "abandoned",
        }


def test_a_table_in_the_cache_is_abandoned_as_time_passes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    with TestClient(create_app(url, config=UNLIMITED)) as client:
        service = service_of(client)
        table_id, seats = two_humans(client)
        assert move(client, table_id, seats) == 200
        service.clock = lambda: now() + timedelta(days=6.9)
        assert look(client, table_id)["status"] == "playing"
        assert move(client, table_id, seats) == 200  # a move now: a week from now on
        service.clock = lambda: now() + timedelta(days=13.8)
        assert look(client, table_id)["status"] == "playing"
        service.clock = lambda: now() + timedelta(days=14.1)
        table = look(client, table_id)
        assert table["status"] == "abandoned"
        refused = client.post(
            f"/api/tables/{table_id}/actions",
            headers=seats[table["to_move"]],
            json={"action": "anything", "move": table["move"]},
        )
        assert refused.status_code == 409 and "abandoned" in refused.json()["detail"]
        assert snapshot(url)["lb_tables"][0][4] == "abandoned"


def test_the_bots_of_an_abandoned_table_stop(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    quiet = Service(url)  # bots not started: the table waits for its first bot move
    stuck = quiet.create_table("knarr", {"players": 2}, ["random", "random"])
    waiting = quiet.get_live(stuck).moves
    quiet.store.engine.dispose()
    backdate(url, stuck, days=8)
    with TestClient(create_app(url, config=UNLIMITED)) as client:
        control = create(client, ["random", "random"])  # the bots play this one to the end
        wait_for(client, control, lambda t: t["status"] == "over")
        table = look(client, stuck)
        assert table["status"] == "abandoned" and table["move"] == waiting


def test_the_sweep_closes_tables_nobody_looks_at(db_url: str) -> None:
    with TestClient(create_app(db_url, config=UNLIMITED)) as client:
        old = [two_humans(client)[0] for _ in range(3)]
        fresh = two_humans(client)[0]
    for table_id in old:
        backdate(db_url, table_id, days=10)
    service = Service(db_url, config=UNLIMITED)  # starting sweeps
    try:
        statuses = {row[0]: row[4] for row in snapshot(db_url)["lb_tables"]}
        assert statuses == {**dict.fromkeys(old, "abandoned"), fresh: "playing"}
        assert service.live == {} and service.sweep_abandoned() == []
        assert [t["id"] for t in service.lobby()] == [fresh]
    finally:
        service.store.engine.dispose()


# ---- the lobby ----------------------------------------------------------------------------------


def test_a_flood_of_empty_tables_does_not_push_a_real_one_out(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    with TestClient(create_app(url, config=UNLIMITED)) as client:
        real = create(client, ["human", "human"])
        join(client, real, "Ann")
        playing, _ = two_humans(client)
        flood = [create(client, ["human", "human"]) for _ in range(200)]
        flood += [create(client, ["random"], game="skoventyr") for _ in range(2)]
        lobby = client.get("/api/tables").json()
        assert [t["id"] for t in lobby["tables"]] == [real, playing]  # open ones first
        assert [t["status"] for t in lobby["tables"]] == ["open", "playing"]
        assert all(look(client, t)["id"] == t for t in flood[:3] + flood[-2:])  # by their link
        joined = [create(client, ["human", "human"]) for _ in range(LOBBY_TABLES + 5)]
        for table_id in joined:
            join(client, table_id, "Bo")
        listed = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert listed == joined[::-1][:LOBBY_TABLES]  # bounded, newest first


def test_finished_tables_are_listed_apart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    with TestClient(create_app(url, config=UNLIMITED)) as client:
        table_id = create(client, ["human", "random", "random"], game="skibe")
        _, red = join(client, table_id, "Ann")
        while True:
            table = wait_for(client, table_id, lambda t: t["status"] == "over" or t["to_move"] == 0)
            if table["status"] == "over":
                break
            legal = look(client, table_id, red)["legal"]
            response = client.post(
                f"/api/tables/{table_id}/actions",
                headers=red,
                json={"action": legal[0]["text"], "move": table["move"]},
            )
            assert response.status_code == 200, response.text
        lobby = client.get("/api/tables").json()
        assert lobby["tables"] == []
        assert [(t["id"], t["status"]) for t in lobby["finished"]] == [(table_id, "over")]
        assert client.get(f"/api/tables/{table_id}/steps/0").status_code == 200


def test_eviction_under_concurrent_looks_and_moves(tmp_path: Path) -> None:
    """Threads moving at and looking at more tables than the cache holds: every move that was
    answered 200 is in the log once, and every table equals its rebuild."""
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    config = replace(UNLIMITED, live_tables=2)
    with TestClient(create_app(url, config=config)) as client:
        tables = [two_humans(client) for _ in range(5)]
        errors: list[str] = []

        def player(table_id: str, seats: dict[int, Headers]) -> None:
            for _ in range(6):
                status = move(client, table_id, seats)
                if status != 200:
                    errors.append(f"{table_id}: {status}")

        threads = [threading.Thread(target=player, args=t) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert errors == []
        for table_id, seats in tables:
            assert look(client, table_id, seats[0]) == rebuilt(url, table_id, 0)


def test_seat_tokens_beyond_the_token_cache_still_open_their_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tokens a server remembers are bounded too (``SEAT_CACHE``): one that left the
    memory is looked up again, and still opens only its own seat."""
    monkeypatch.setattr("langbord.server.features.lifecycle.SEAT_CACHE", 2)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'seats.db'}", config=UNLIMITED)) as client:
        service = service_of(client)
        tables = [two_humans(client) for _ in range(3)]
        for table_id, seats in tables * 2:
            for seat, headers in seats.items():
                assert look(client, table_id, headers)["you"] == seat
                assert len(service.lifecycle.seats) <= 2
        (first, first_seats), (second, _) = tables[0], tables[1]
        refused = client.get(f"/api/tables/{second}", headers=first_seats[0])
        assert refused.status_code == 403
        assert move(client, first, first_seats) == 200
