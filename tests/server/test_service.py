"""The tables' service in-process: the spectators' table, built once per change and shared,
never shows a seat's secrets and never goes stale."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import langbord
from langbord.server.service import Service


@pytest.fixture
def service(db_url: str) -> Iterator[Service]:
    """The tables of an empty database, SQLite and PostgreSQL (``conftest.db_url``)."""
    tables = Service(db_url)
    try:
        yield tables
    finally:
        tables.stop()


def seated(service: Service, game: str, players: int) -> str:
    """A table of ``game`` with every seat human and taken."""
    options = {"players": players} if game != "skoventyr" else {}
    table_id = service.create_table(game, options, ["human"] * players)
    for seat in range(players):
        service.join(table_id, seat, f"p{seat}")
    return table_id


def expected(service: Service, table_id: str, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees, told by the game itself (no cache involved)."""
    state = service.get_live(table_id).state
    return {"view": state.view(seat), "text": state.render(seat)}


def test_spectators_share_one_table_per_change(service: Service) -> None:
    table_id = seated(service, "knarr", 2)
    first, second = service.table_json(table_id, None), service.table_json(table_id, None)
    assert first["view"] is second["view"] and first["players"] is second["players"]
    assert first is not second  # each caller gets its own top level (and log)
    live = service.get_live(table_id)
    mover = live.state.current_player()
    legal = service.table_json(table_id, mover)["legal"]
    service.act(table_id, mover, legal[0]["text"], live.moves)
    after = service.table_json(table_id, None)
    assert after["move"] > first["move"] and after["view"] is not first["view"]
    assert {k: after[k] for k in ("view", "text")} == expected(service, table_id, None)
    assert after["view"] != first["view"]


def test_the_spectators_table_never_shows_a_hand_and_a_seat_never_gets_it(
    service: Service,
) -> None:
    table_id = seated(service, "knarr", 2)
    spectator = service.table_json(table_id, None)  # cached first, then each seat looks
    mine, theirs = service.table_json(table_id, 0), service.table_json(table_id, 1)
    again = service.table_json(table_id, None)
    assert again["view"] is spectator["view"]
    assert mine["you"] == 0 and theirs["you"] == 1 and again["you"] is None
    assert len(mine["view"]["seats"][0]["hand"]) == 3 and mine["view"]["seats"][1]["hand"] is None
    assert len(theirs["view"]["seats"][1]["hand"]) == 3
    assert theirs["view"]["seats"][0]["hand"] is None
    assert [s["hand"] for s in again["view"]["seats"]] == [None, None]
    assert again["legal"] == [] and "hand: 3 cards" in again["text"]
    assert mine["view"] is not spectator["view"] and theirs["view"] is not spectator["view"]
    # The log told to the spectators keeps the draws hidden, whoever asked before.
    assert all("a viking is drawn" in e["action"] for e in again["log"] if "drawn" in e["action"])


@pytest.mark.parametrize("game", ["skaal", "skibe"])
def test_without_secrets_every_seat_gets_the_spectators_table_with_its_own_fields(
    service: Service, game: str
) -> None:
    table_id = seated(service, game, 3)
    live = service.get_live(table_id)
    mover = live.state.current_player()
    spectator = service.table_json(table_id, None)
    for seat in range(3):
        seen = service.table_json(table_id, seat)
        assert {k: seen[k] for k in ("view", "text")} == expected(service, table_id, seat)
        assert seen["you"] == seat and seen["view"]["seat"] == seat
        assert bool(seen["legal"]) == (seat == mover) and (seen["prompt"] is None) == (
            seat != mover
        )
        assert seen["text"] is spectator["text"] and seen["players"] is spectator["players"]
        own = {"you", "view", "legal", "prompt", "undo", "log", "log_start"}
        assert {k: v for k, v in seen.items() if k not in own} == {
            k: v for k, v in spectator.items() if k not in own
        }
    # A move is a new version: the seats' tables follow it.
    service.act(
        table_id, mover, service.table_json(table_id, mover)["legal"][0]["text"], live.moves
    )
    for seat in range(3):
        seen = service.table_json(table_id, seat)
        assert seen["move"] == live.moves
        assert {k: seen[k] for k in ("view", "text")} == expected(service, table_id, seat)


def test_the_spectators_table_follows_joins(service: Service) -> None:
    table_id = service.create_table("knarr", {"players": 2}, ["human", "human"])
    before = service.table_json(table_id, None)
    assert before["status"] == "open" and [p["joined"] for p in before["players"]] == [False] * 2
    service.join(table_id, 1, "Bo")
    one = service.table_json(table_id, None)
    assert [p["name"] for p in one["players"]] == [None, "Bo"] and one["status"] == "open"
    service.join(table_id, 0, "Ann")
    both = service.table_json(table_id, None)
    assert both["status"] == "playing" and [p["joined"] for p in both["players"]] == [True] * 2
    assert before["move"] == one["move"] == both["move"]  # joins change no move, but the table


@pytest.mark.parametrize("game", langbord.games())
def test_every_seat_and_the_spectators_see_what_the_game_shows_them(
    service: Service, game: str
) -> None:
    """Random play, with the seats and the spectators looking in random order after each move:
    every answer is the game's own view and text for that seat at that move."""
    players = 1 if game == "skoventyr" else 3
    table_id = seated(service, game, players)
    rng = random.Random(7)
    for _ in range(40):
        live = service.get_live(table_id)
        if live.state.is_terminal():
            break
        lookers: list[int | None] = [None, None, *range(players)]
        rng.shuffle(lookers)
        for seat in lookers:
            seen = service.table_json(table_id, seat, live.moves)
            assert seen["you"] == seat and seen["move"] == live.moves
            assert {k: seen[k] for k in ("view", "text")} == expected(service, table_id, seat)
        mover = live.state.current_player()
        legal = service.table_json(table_id, mover)["legal"]
        service.act(table_id, mover, rng.choice(legal)["id"], live.moves)


def test_spectators_on_websockets_get_the_public_table_after_a_move(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "knarr", "options": {"players": 2}, "seats": ["human"] * 2}
    )
    table_id = made.json()["id"]
    tokens = [
        client.post(f"/api/tables/{table_id}/join", json={"name": name}).json()["token"]
        for name in ("Ann", "Bo")
    ]
    with (
        client.websocket_connect(f"/api/tables/{table_id}/ws") as one,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as two,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as seat_ws,
    ):
        one.send_text("")
        two.send_text("")
        first = one.receive_json()
        assert two.receive_json() == first
        mover = first["to_move"]
        seat_ws.send_text(tokens[mover])
        mine = seat_ws.receive_json()
        assert mine["you"] == mover and len(mine["view"]["seats"][mover]["hand"]) == 3
        answer = client.post(
            f"/api/tables/{table_id}/actions",
            headers={"Authorization": f"Bearer {tokens[mover]}"},
            json={"action": mine["legal"][0]["text"], "move": mine["move"]},
        )
        assert answer.status_code == 200, answer.text
        pushed_one, pushed_two = one.receive_json(), two.receive_json()
        pushed_seat = seat_ws.receive_json()
        assert pushed_one == pushed_two and pushed_one["move"] == answer.json()["move"]
        assert [s["hand"] for s in pushed_one["view"]["seats"]] == [None, None]
        assert pushed_seat["view"]["seats"][mover]["hand"] is not None
        assert pushed_one["view"] != pushed_seat["view"]


@pytest.mark.parametrize("game", ["knarr", "skibe"])
def test_log_entries_carry_words_that_tell_no_more_than_the_notation(
    service: Service, game: str
) -> None:
    """Each log entry has its action in words beside the notation, as the seat (or a
    spectator) was told of it: a hidden draw is as hidden in words as in notation."""
    players = 2 if game == "knarr" else 3
    table_id = seated(service, game, players)
    rng = random.Random(3)
    for _ in range(40):
        live = service.get_live(table_id)
        if live.status != "playing":
            break
        mover = live.state.current_player()
        legal = service.table_json(table_id, mover)["legal"]
        service.act(table_id, mover, rng.choice(legal)["text"], live.moves)
    live = service.get_live(table_id)
    hidden = 0
    for seat in [None, *range(players)]:
        log = service.table_json(table_id, seat)["log"]
        assert len(log) == live.moves
        for shown, entry in zip(log, live.log, strict=True):
            assert shown["words"]
            if shown["action"] != entry.text:  # a telling that hides a secret
                hidden += 1
                assert shown["words"] == shown["action"] and "kind" not in shown
        assert any(e["words"] != e["action"] for e in log)  # words of their own
    assert hidden or game != "knarr"
