"""The server's API in-process: every endpoint, every refusal, secrecy, bots, the WebSocket, and
tables that survive a restart on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import langbord
from langbord.agents import heuristics
from langbord.core import registry
from langbord.core.game import normalize_action_text
from langbord.core.prompts import quoted
from langbord.record import replay
from langbord.server.http.app import create_app
from langbord.server.http.middleware import MAX_BODY
from langbord.server.store.schema import SCHEMA_VERSION, DatabaseError, open_database

Headers = dict[str, str]


def new_table(
    client: TestClient, game: str, seats: list[str], options: dict[str, Any] | None = None
) -> str:
    response = client.post(
        "/api/tables", json={"game": game, "options": options or {}, "seats": seats}
    )
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    return table_id


def join(
    client: TestClient, table_id: str, name: str, seat: int | None = None
) -> tuple[int, Headers]:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    response = client.post(f"/api/tables/{table_id}/join", json=body)
    assert response.status_code == 200, response.text
    joined = response.json()
    return joined["seat"], {"Authorization": f"Bearer {joined['token']}"}


def look(client: TestClient, table_id: str, headers: Headers | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}", headers=headers or {})
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def wait_for(
    client: TestClient,
    table_id: str,
    headers: Headers | None,
    ready: Callable[[dict[str, Any]], bool],
    timeout: float = 30,
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        table = look(client, table_id, headers)
        if ready(table):
            return table
        assert time.monotonic() < deadline, f"timed out; table at move {table['move']}"
        time.sleep(0.02)


def act(
    client: TestClient, table_id: str, headers: Headers, action: Any, move: int
) -> tuple[int, dict[str, Any]]:
    response = client.post(
        f"/api/tables/{table_id}/actions", headers=headers, json={"action": action, "move": move}
    )
    result: dict[str, Any] = response.json()
    return response.status_code, result


def lobby_ids(client: TestClient) -> list[str]:
    return [t["id"] for t in client.get("/api/tables").json()["tables"]]


# ---- the catalogue and the lobby ----------------------------------------------------------------


def test_games_catalogue(client: TestClient) -> None:
    body = client.get("/api/games").json()
    assert [g["name"] for g in body["games"]] == ["knarr", "skaal", "skibe", "skoventyr"]
    skibe = next(g for g in body["games"] if g["name"] == "skibe")
    players = next(o for o in skibe["options"] if o["name"] == "players")
    assert (players["default"], players["minimum"], players["maximum"]) == (4, 3, 5)
    assert skibe["seat_names"][:2] == ["red", "blue"]
    skoventyr = next(g for g in body["games"] if g["name"] == "skoventyr")
    assert skoventyr["cooperative"] is True
    assert {"human", "random", "greedy", "mcts", "mcts:time=1"} <= set(body["agents"])
    # Each game names its best bot (the lobby's default for bot seats), one of the seat kinds.
    assert skibe["best_agent"] == "mcts:prior=10" in skibe["agents"]
    assert skoventyr["best_agent"] == heuristics.best_agent(langbord.load("skoventyr")) != "mcts"
    assert skoventyr["best_agent"] in skoventyr["agents"]  # the kinds its lobby form offers
    assert client.get("/openapi.json").json()["info"]["title"] == "langbord"


def test_catalogue_traits_are_the_declared_ones(client: TestClient) -> None:
    """Title, player range, seat names, cooperative and private information are each game's
    GameInfo; the summary is the tagline of its card."""
    body = client.get("/api/games").json()
    skaal = next(g for g in body["games"] if g["name"] == "skaal")
    assert skaal["title"] == "Skåål"
    assert skaal["summary"] == "dwarf clans prospect for gold and run Royal Inns."
    for entry in body["games"]:
        info = registry.info(entry["name"])
        assert entry["title"] == info.title
        assert (entry["min_players"], entry["max_players"]) == (info.min_players, info.max_players)
        assert entry["seat_names"] == [info.seat_name(p) for p in range(info.max_players)]
        assert entry["cooperative"] is info.cooperative
        assert entry["private_information"] is info.private_information
    assert [g["name"] for g in body["games"] if g["private_information"]] == ["knarr"]


def test_lobby_lists_open_then_playing_tables(client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["human", "human", "random"], {"players": 3})
    assert lobby_ids(client) == []  # listed once somebody sits down
    join(client, table_id, "Ann")
    (entry,) = client.get("/api/tables").json()["tables"]
    assert entry["id"] == table_id and entry["status"] == "open"
    assert [p["joined"] for p in entry["players"]] == [True, False, True]
    assert entry["players"][2] == {
        "seat": 2,
        "kind": "bot",
        "bot": "random",
        "name": "random",
        "joined": True,
    }
    join(client, table_id, "Bo")
    (entry,) = client.get("/api/tables").json()["tables"]
    assert entry["status"] == "playing"
    assert [p["name"] for p in entry["players"]] == ["Ann", "Bo", "random"]


# ---- refusals that change nothing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({"game": "chess", "seats": ["human"]}, 400, "unknown game 'chess'"),
        ({"game": "skibe", "options": {"players": 9}, "seats": ["human"] * 4}, 400, "players"),
        ({"game": "skibe", "seats": ["human", "random"]}, 400, "has 4 seats: name 4"),
        (
            {"game": "skibe", "seats": ["human", "wizard", "random", "random"]},
            422,
            "seat 1: unknown agent 'wizard'",
        ),
        (
            {"game": "skibe", "seats": ["human", "mcts:time=600", "random", "random"]},
            422,
            "this server allows 10 s a decision",
        ),
        ({"game": "skibe", "seats": ["human"] * 4, "colour": "red"}, 422, "extra"),
        ({"game": "skibe", "seats": "human"}, 422, "list"),
        ({"game": 7, "seats": ["human"] * 4}, 422, "string"),
        ({"seats": ["human"] * 4}, 422, "missing"),
    ],
)
def test_bad_new_tables(client: TestClient, body: dict[str, Any], status: int, detail: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert detail in json.dumps(response.json()["detail"])
    assert lobby_ids(client) == []


def test_malformed_and_huge_bodies(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        content=b'{"game": "skibe", "seats": [',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    huge = {"game": "skibe", "seats": ["human"] * 4, "options": {"x": "y" * MAX_BODY}}
    response = client.post("/api/tables", json=huge)
    assert response.status_code == 413
    assert "request body over" in response.json()["detail"]
    assert lobby_ids(client) == []


def test_joining(client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["human", "random", "human"], {"players": 3})
    assert join(client, table_id, "Cy", seat=2)[0] == 2
    refusals = [
        ({"name": "Di", "seat": 2}, 409, "seat 2 is taken"),
        ({"name": "Di", "seat": 1}, 409, "seat 1 is a bot's"),
        ({"name": "Di", "seat": 7}, 400, "there is no seat 7"),
        ({"name": ""}, 422, "at least 1 character"),
        ({"name": "Di", "seat": "two"}, 422, "integer"),
        ({"name": "Di", "token": "x"}, 422, "extra"),
    ]
    for body, status, detail in refusals:
        response = client.post(f"/api/tables/{table_id}/join", json=body)
        assert response.status_code == status, body
        assert detail in json.dumps(response.json()["detail"])
    assert join(client, table_id, "Di")[0] == 0
    response = client.post(f"/api/tables/{table_id}/join", json={"name": "Ed"})
    assert response.status_code == 409 and "no free seat" in response.json()["detail"]
    assert client.post("/api/tables/nosuchtable/join", json={"name": "Ed"}).status_code == 404
    assert client.get("/api/tables/bad$id").status_code in (404, 422)


# ---- looking: what each seat may see ------------------------------------------------------------


def test_each_seat_sees_only_its_own_hand(client: TestClient) -> None:
    table_id = new_table(client, "knarr", ["human", "human"], {"players": 2})
    _, ann = join(client, table_id, "Ann")
    _, bo = join(client, table_id, "Bo")
    mine, theirs, watcher = (
        look(client, table_id, ann),
        look(client, table_id, bo),
        look(client, table_id),
    )
    assert mine["you"] == 0 and theirs["you"] == 1 and watcher["you"] is None
    assert len(mine["view"]["seats"][0]["hand"]) == 3
    assert theirs["view"]["seats"][0]["hand"] is None
    assert (
        watcher["view"]["seats"][0]["hand"] is None and watcher["view"]["seats"][1]["hand"] is None
    )
    assert "hand: 3 cards" in theirs["text"] and "hand: 3 cards" in watcher["text"]
    first = watcher["to_move"]
    assert bool(mine["legal"]) == (first == 0) and bool(theirs["legal"]) == (first == 1)
    assert watcher["legal"] == []
    # The prompt goes to the seat to move only, in words: the notation is the legal actions'.
    mover, other = (mine, theirs) if first == 0 else (theirs, mine)
    assert other["prompt"] is None and watcher["prompt"] is None
    assert mover["prompt"].startswith(f"player {first + 1} takes an action: ")
    assert not quoted(mover["prompt"]) and "'" not in mover["prompt"]
    # Each legal action comes with its id and its parts.
    state = langbord.load("knarr", players=2).new_initial_state()
    for offered in mover["legal"]:
        action = state.game.action_lookup()[normalize_action_text(offered["text"])]
        assert offered == {
            "id": action,
            "text": offered["text"],
            **state.action_parts(action),
            "words": state.action_words(action),
        }
    # The log: a hidden draw is a card for its owner, "a viking" for everyone else, and its
    # parts go only to the seat told the card (no secret leaks through them).
    hidden = {0: 0, 1: 0}
    for a, b, c in zip(mine["log"], theirs["log"], watcher["log"], strict=True):
        for seat, told in ((0, a), (1, b)):
            if told["action"] != c["action"]:
                hidden[seat] += 1
                assert c["action"] == f"a viking is drawn into player {seat + 1}'s hand"
                assert (
                    "kind" not in c
                    and "args" not in c
                    and set(c) == {"move", "player", "action", "words"}
                    and c["words"] == c["action"]  # no more in words than in notation
                )
                assert told["kind"] == "draw" and told["action"] == f"draw {told['args']['card']}"
                other = (b, a)[seat]
                assert other == c  # the other seat is told as much as a spectator: no parts
        assert a["action"] == c["action"] or b["action"] == c["action"]
        for told in (a, b, c):
            if "kind" in told:
                assert told["action"] == state.action_to_string(
                    state.game.action_of_parts(told["kind"], told["args"])
                )
    assert hidden == {0: 3, 1: 3}
    assert all("kind" in e for e in watcher["log"] if "drawn into" not in e["action"])
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["partial"] is True
    assert record["public_actions"] == [e["action"] for e in watcher["log"]]
    assert "actions" not in record


# ---- acting -------------------------------------------------------------------------------------


def test_acting_and_its_refusals(
    client: TestClient,
) -> None:
    table_id = new_table(client, "skibe", ["human", "human", "human"], {"players": 3})
    seats = dict(join(client, table_id, name) for name in ("Ann", "Bo", "Cy"))
    table = look(client, table_id)
    assert table["status"] == "playing" and table["to_move"] == 0
    move, red, blue = table["move"], seats[0], seats[1]
    offered = look(client, table_id, red)["legal"]
    legal = [a["text"] for a in offered]
    lay = langbord.load("skibe", players=3).action_lookup()["lay 1"]
    other_id = new_table(client, "skibe", ["human", "random", "random"], {"players": 3})
    _, stranger = join(client, other_id, "Zed")
    refusals: list[tuple[Headers, Any, int, int, str]] = [
        (blue, legal[0], move, 409, "it is not your decision: red is to move"),
        (red, legal[0], move + 1, 409, f"move {move + 1} is not the current move: it is {move}"),
        (red, "lay 1", move, 400, "'lay 1'"),
        (red, "fly to the moon", move, 400, "is not an action"),
        ({}, legal[0], move, 401, "acting needs the seat's token"),
        ({"Authorization": "Bearer nope"}, legal[0], move, 401, "unknown token"),
        ({"Authorization": "Token abc"}, legal[0], move, 401, "must be 'Bearer <token>'"),
        (stranger, legal[0], move, 403, "this token is for another table"),
        # By id: refused in the same words as by text; ids that are none, or not integers.
        (red, lay, move, 400, "'lay 1'"),
        (red, 1_000_000, move, 400, "is not an action id"),
        (red, -1, move, 422, "action"),
        (red, True, move, 422, "action"),
        (red, float(offered[0]["id"]), move, 422, "action"),
    ]
    for headers, action, at, status, detail in refusals:
        code, body = act(client, table_id, headers, action, at)
        assert (code, detail in str(body["detail"])) == (status, True), (action, body)
    assert look(client, table_id)["move"] == move  # nothing changed
    code, body = act(client, table_id, red, legal[0], move)
    assert code == 200 and body["move"] > move
    again, body = act(client, table_id, red, legal[0], move)  # a double click
    assert again == 409 and "not the current move" in body["detail"]
    after = look(client, table_id, red)
    assert after["log"][move] == {"move": move, "player": 0, "action": legal[0]} | {
        "words": offered[0]["words"],  # as the button said it
        "kind": offered[0]["kind"],
        "args": offered[0]["args"],
    }


def test_a_waiting_table_refuses_moves(client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["human", "human", "random"], {"players": 3})
    _, red = join(client, table_id, "Ann")
    table = look(client, table_id, red)
    assert table["status"] == "open" and table["legal"] == []
    code, body = act(client, table_id, red, "draw", table["move"])
    assert code == 409 and "waiting for players" in body["detail"]


def test_a_whole_game_against_bots_and_its_record(client: TestClient) -> None:
    """The human plays the first legal action each time; the bots move on their own."""
    table_id = new_table(client, "skibe", ["human", "greedy", "random"], {"players": 3})
    _, red = join(client, table_id, "Ann")
    while True:
        table = wait_for(client, table_id, red, lambda t: bool(t["legal"]) or t["status"] == "over")
        if table["status"] == "over":
            break
        code, body = act(client, table_id, red, table["legal"][0]["id"], table["move"])
        assert code == 200, body
    assert table["result"]["winners"] and len(table["result"]["scores"]) == 3
    code, body = act(client, table_id, red, "draw", table["move"])
    assert code == 409 and "over" in body["detail"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    state = replay(record)
    assert state.is_terminal() and state.scores() == table["result"]["scores"]
    assert record["actions"] == [e["action"] for e in table["log"]]  # Skibe hides nothing
    assert all(
        langbord.load("skibe", players=3).action_of_parts(e["kind"], e["args"]) >= 0
        for e in table["log"]
    )  # and tells every move with its parts
    steps = client.get(f"/api/tables/{table_id}/steps/2").json()
    assert [(e["action"], e["kind"], e["args"]) for e in steps["log"]] == [
        (e["action"], e["kind"], e["args"]) for e in table["log"]
    ]
    assert [p["name"] for p in record["meta"]["players"]] == ["Ann", "greedy", "random"]
    assert table_id not in lobby_ids(client)


def test_bots_only_tables_play_by_themselves(client: TestClient) -> None:
    table_id = new_table(client, "skoventyr", ["random"])
    table = wait_for(client, table_id, None, lambda t: t["status"] == "over")
    assert table["result"] is not None


# ---- the WebSocket ------------------------------------------------------------------------------


def test_websocket_pushes_each_change(client: TestClient) -> None:
    table_id = new_table(client, "knarr", ["human", "human"], {"players": 2})
    _, ann = join(client, table_id, "Ann")
    _, bo = join(client, table_id, "Bo")
    seat = look(client, table_id)["to_move"]
    mover = (ann, bo)[seat]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_text(mover["Authorization"].split()[1])
        first = ws.receive_json()
        assert first["you"] == seat and first["legal"]
        code, _ = act(client, table_id, mover, first["legal"][0]["text"], first["move"])
        assert code == 200
        pushed = ws.receive_json()
        assert pushed["move"] > first["move"]
        looked = look(client, table_id, mover)
        assert pushed["view"] == looked["view"]
        assert first["log_start"] == 0 and len(first["log"]) == first["move"]
        assert pushed["log_start"] == first["move"]  # later pushes carry only the new entries
        assert first["log"] + pushed["log"] == looked["log"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:  # a reconnect
        ws.send_text("")  # a spectator
        again = ws.receive_json()
        assert again["you"] is None and again["move"] == pushed["move"]
        assert again["view"]["seats"][0]["hand"] is None
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_text("not-a-token")
        assert ws.receive_json() == {"error": "unknown token"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401


# ---- durability across restarts -----------------------------------------------------------------


def test_tables_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        table_id = new_table(first, "knarr", ["human", "human"], {"players": 2})
        _, ann = join(first, table_id, "Ann")
        _, bo = join(first, table_id, "Bo")
        for _ in range(4):
            table = look(first, table_id)
            headers = ann if table["to_move"] == 0 else bo
            legal = look(first, table_id, headers)["legal"]
            assert act(first, table_id, headers, legal[-1]["text"], table["move"])[0] == 200
        before = [look(first, table_id, h) for h in (ann, bo, None)]
    with TestClient(create_app(db_url)) as second:
        after = [look(second, table_id, h) for h in (ann, bo, None)]
        assert after == before
        table = after[2]
        headers = ann if table["to_move"] == 0 else bo
        legal = look(second, table_id, headers)["legal"]
        assert act(second, table_id, headers, legal[0]["text"], table["move"])[0] == 200


def test_schema_version(db_url: str) -> None:
    from sqlalchemy import update

    from langbord.server.store.schema import SchemaRow

    engine, sessions = open_database(db_url)
    with sessions() as session, session.begin():
        row = session.get(SchemaRow, "version")
        assert row is not None and row.value == SCHEMA_VERSION
        session.execute(update(SchemaRow).values(value=SCHEMA_VERSION + 1))
    engine.dispose()
    with pytest.raises(DatabaseError, match="newer than this langbord"):
        open_database(db_url)


def test_bad_database_urls() -> None:
    with pytest.raises(DatabaseError, match="not a database URL"):
        open_database("::nonsense::")
    with pytest.raises(DatabaseError, match="unsupported database 'mysql'"):
        open_database("mysql://localhost/x")
