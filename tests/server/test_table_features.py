"""The table's features beyond moves, through the API: undo (at once at bot and hotseat tables,
asked of the other humans elsewhere), hints from the best agent, chat, rematch with seats kept
by their old tokens, hotseat tables, the game end's ranking and reasons, finished tables in the
lobby and the rules panel. Every refusal a client can provoke is provoked, and changes nothing."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient

import langbord
from langbord.agents import heuristics
from langbord.server.bots import Job, advise
from langbord.server.config import ServerConfig
from langbord.server.errors import Conflict
from langbord.server.features.chat import CHAT_BURST
from langbord.server.http.app import create_app
from langbord.server.service import Service
from langbord.server.views import result_json

from .conftest import GENEROUS, fresh_postgres

Headers = dict[str, str]
QUICK = ServerConfig(
    create_rate="100000/minute",
    join_rate="100000/minute",
    move_rate="100000/minute",
    bot_seconds=1.0,
    bot_workers=1,
)


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    """The API with a one-second bot budget (hints) and one bot worker process."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'quick.db'}", config=QUICK)) as client:
        yield client


def bearer(token: str) -> Headers:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "skibe", "options": {"players": len(seats)}, "seats": seats, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def join(client: TestClient, table_id: str, name: str, seat: int) -> Headers:
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat})
    assert response.status_code == 200, response.text
    return bearer(response.json()["token"])


def humans(client: TestClient, count: int) -> tuple[str, list[Headers]]:
    """A Skibe table of ``count`` humans, every seat taken."""
    table_id = create(client, ["human"] * count)["id"]
    return table_id, [join(client, table_id, f"P{p}", p) for p in range(count)]


def look(client: TestClient, table_id: str, headers: Headers | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}", headers=headers or {})
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()
    return table


def move(client: TestClient, table_id: str, headers: Headers, kind: str | None = None) -> None:
    """The seat plays its first legal action (of ``kind`` if named)."""
    table = look(client, table_id, headers)
    legal = [a for a in table["legal"] if kind is None or a["kind"] == kind]
    response = client.post(
        f"/api/tables/{table_id}/actions",
        headers=headers,
        json={"action": legal[0]["id"], "move": table["move"]},
    )
    assert response.status_code == 200, response.text


def refused(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and words in detail, detail


def play_out(client: TestClient, table_id: str, tokens: dict[int, Headers]) -> dict[str, Any]:
    """Plays the table to its end (each seat a random legal action) and returns it."""
    rng = random.Random(7)
    for _ in range(5000):
        table = look(client, table_id)
        if table["status"] == "over":
            return table
        headers = tokens.get(table["to_move"])
        mine = look(client, table_id, headers) if headers is not None else {"legal": []}
        if not mine["legal"]:  # a bot's turn
            time.sleep(0.01)
            continue
        assert headers is not None
        response = client.post(
            f"/api/tables/{table_id}/actions",
            headers=headers,
            json={"action": rng.choice(mine["legal"])["id"], "move": mine["move"]},
        )
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


# ---- undo ---------------------------------------------------------------------------------------


def test_undo_at_a_bot_table_takes_back_ones_own_decisions_at_once(client: TestClient) -> None:
    table_id = create(client, ["human", "random", "random"])["id"]
    you = join(client, table_id, "Ann", 0)
    start = look(client, table_id, you)  # red starts (SB-2)
    assert start["undo"] == {"available": False, "request": None} and start["undone"] == 0
    refused(client.post(f"/api/tables/{table_id}/undo", headers=you), 409, "nothing to undo")
    move(client, table_id, you, "take")  # then the card taken is laid: still your decision
    taken = look(client, table_id, you)
    assert taken["undo"]["available"] and taken["to_move"] == 0
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_text(you["Authorization"])
        assert ws.receive_json()["move"] == taken["move"]
        answer = client.post(f"/api/tables/{table_id}/undo", headers=you)
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"undone": 1, "request": None}
        pushed = ws.receive_json()
        assert pushed["undone"] == 1 and pushed["log_start"] == 0  # the log, whole again
        assert len(pushed["log"]) == start["move"] == pushed["move"]
    back = look(client, table_id, you)
    assert back["move"] == start["move"] and back["legal"] == start["legal"]
    assert back["view"] == start["view"] and back["log"] == start["log"]
    # Back at the setup's last card: chance has spoken since any decision of yours.
    refused(client.post(f"/api/tables/{table_id}/undo", headers=you), 409, "no decision yet")
    move(client, table_id, you, "take")
    assert look(client, table_id, you)["move"] == start["move"] + 1  # the table plays on


def test_undo_refusals(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    other_id, others = humans(client, 3)
    undo = f"/api/tables/{table_id}/undo"
    refused(client.post(undo), 401, "token")
    refused(client.post(undo, headers=bearer("made-up")), 401, "unknown token")
    refused(client.post(undo, headers=others[0]), 403, "another table")
    refused(client.post("/api/tables/nope/undo", headers=seats[0]), 403, "another table")
    move(client, table_id, seats[0], "take")
    move(client, table_id, seats[0], "lay")
    before = look(client, table_id, seats[0])
    refused(client.post(undo, headers=seats[1]), 409, "no decision yet")
    refused(
        client.post(f"/api/tables/{table_id}/undo/answer", headers=seats[1], json={"accept": True}),
        409,
        "no undo request",
    )
    for body in ({"accept": "yes"}, {"accept": 1}, {}, {"accept": True, "more": 1}, [True]):
        response = client.post(f"/api/tables/{table_id}/undo/answer", headers=seats[1], json=body)
        assert response.status_code == 422, (body, response.text)
    assert look(client, table_id, seats[0]) == before
    assert look(client, other_id)["undo"] == {"available": False, "request": None}


def test_undo_at_a_table_of_humans_asks_the_others(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    undo, answer = f"/api/tables/{table_id}/undo", f"/api/tables/{table_id}/undo/answer"
    start = look(client, table_id, seats[0])
    move(client, table_id, seats[0], "take")
    taken = look(client, table_id, seats[0])
    asked = client.post(undo, headers=seats[0])
    assert asked.status_code == 200, asked.text
    request = {"by": 0, "moves": 1, "waiting_for": [1, 2]}
    assert asked.json() == {"undone": 0, "request": request}
    assert look(client, table_id)["undo"] == {"available": False, "request": request}
    refused(client.post(undo, headers=seats[0]), 409, "already waiting")
    refused(client.post(answer, headers=seats[0], json={"accept": True}), 409, "you asked")
    yes = client.post(answer, headers=seats[1], json={"accept": True})
    assert yes.json() == {"undone": 0, "request": {**request, "waiting_for": [2]}}
    refused(client.post(answer, headers=seats[1], json={"accept": True}), 409, "already")
    no = client.post(answer, headers=seats[2], json={"accept": False})
    assert no.json() == {"undone": 0, "request": None}
    assert look(client, table_id, seats[0])["move"] == taken["move"]  # nothing undone
    # A move cancels a request.
    assert client.post(undo, headers=seats[0]).json()["request"]["moves"] == 1
    move(client, table_id, seats[0], "lay")
    assert look(client, table_id)["undo"]["request"] is None
    # Both accept: both decisions are taken back.
    assert client.post(undo, headers=seats[0]).json()["request"]["moves"] == 2
    assert client.post(answer, headers=seats[2], json={"accept": True}).json()["undone"] == 0
    done = client.post(answer, headers=seats[1], json={"accept": True})
    assert done.json() == {"undone": 2, "request": None}
    back = look(client, table_id, seats[0])
    assert back["move"] == start["move"] and back["legal"] == start["legal"]
    assert back["undone"] == 1 and back["undo"] == {"available": False, "request": None}


def test_an_undo_is_not_reapplied_by_a_stale_bot_decision(tmp_path: Path) -> None:
    """A bot's decision computed before an undo is dropped, even when the move number is the
    same again (the history says the table is not as the job found it)."""
    service = Service(f"sqlite:///{tmp_path / 't.db'}")
    try:
        table_id = service.create_table("skibe", {"players": 3}, ["human", "random", "random"])
        service.join(table_id, 0, "Ann")
        live = service.get_live(table_id)
        take = [a for a in service.table_json(table_id, 0)["legal"] if a["kind"] == "take"]
        service.act(table_id, 0, take[0]["id"], live.moves)
        stale = Job(table_id, "skibe", {"players": 3}, [0], live.moves, 1, "random", 1, 1.0)
        service.moves.bot_move(stale, 0)  # not the table's history: nothing happens
        assert live.state.current_player() == 0 and live.log[-1].player == 0
    finally:
        service.stop()


# ---- hotseat ------------------------------------------------------------------------------------


def test_a_hotseat_table_gives_its_creator_every_human_seat(client: TestClient) -> None:
    made = create(client, ["human", "random", "human"], hotseat=True, names=["Ann", None, "Bo"])
    tokens = made["tokens"]
    assert set(tokens) == {"0", "2"}
    table = look(client, made["id"], bearer(tokens["0"]))
    assert table["status"] == "playing" and table["hotseat"] and table["you"] == 0
    assert [p["name"] for p in table["players"]] == ["Ann", "random", "Bo"]
    assert look(client, made["id"], bearer(tokens["2"]))["you"] == 2
    assert made["id"] in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    # Undo needs nobody's consent at a hotseat table.
    move(client, made["id"], bearer(tokens["0"]), "take")
    answer = client.post(f"/api/tables/{made['id']}/undo", headers=bearer(tokens["0"]))
    assert answer.json() == {"undone": 1, "request": None}
    plain = create(client, ["human", "human", "human"], hotseat=True)
    assert [p["name"] for p in look(client, plain["id"])["players"]] == [
        "Player 1",
        "Player 2",
        "Player 3",
    ]


def test_hotseat_refusals(client: TestClient) -> None:
    body = {"game": "skibe", "options": {"players": 3}, "seats": ["random"] * 3, "hotseat": True}
    refused(client.post("/api/tables", json=body), 400, "needs human seats")
    body["seats"] = ["human", "random", "human"]
    refused(client.post("/api/tables", json={**body, "names": ["A", "B", "C"]}), 400, "a bot's")
    refused(client.post("/api/tables", json={**body, "names": ["A"]}), 400, "name the 3 seats")
    for bad in ({"hotseat": "yes"}, {"hotseat": 1}, {"names": ["A\u202eB", None, "C"]}):
        response = client.post("/api/tables", json={**body, **bad})
        assert response.status_code == 422, (bad, response.text)
    assert client.get("/api/tables").json()["tables"] == []


# ---- hints --------------------------------------------------------------------------------------


def test_a_hint_is_the_best_agents_choice_for_your_decision(quick: TestClient) -> None:
    table_id = create(quick, ["human", "random", "random"])["id"]
    you = join(quick, table_id, "Ann", 0)
    table = look(quick, table_id, you)
    assert table["hints"] is True
    response = quick.get(f"/api/tables/{table_id}/hint", headers=you)
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["action"] in table["legal"]
    assert 0.0 <= hint["win_chance"] <= 1.0
    assert isinstance(hint["seconds"], float) and hint["seconds"] >= 0.0  # exact: the next test
    assert hint["agent"] == heuristics.best_agent(langbord.load("skibe"))
    again = quick.get(f"/api/tables/{table_id}/hint", headers=you).json()
    assert again == hint  # one search per position
    assert look(quick, table_id, you) == table  # a hint changes nothing


@pytest.mark.parametrize(
    ("game", "seats", "offered"),
    [
        ("skoventyr", ["human"], True),  # one person alone: a hint outplays nobody
        ("skoventyr", ["human", "human"], True),  # the players win or lose together
        ("knarr", ["human", "human"], False),  # a hint would outplay the other person
        ("knarr", ["human", "random"], True),  # against a bot
    ],
)
def test_hints_by_default(quick: TestClient, game: str, seats: list[str], offered: bool) -> None:
    """A table offers hints unless its host says, where no person can be outplayed by another's
    hint: a bot seated, one person alone, or a cooperative game (solo Skoventyr has a Hint)."""
    body = {"game": game, "options": {"players": len(seats)}, "seats": seats}
    made = quick.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    assert look(quick, made.json()["id"])["hints"] is offered


def test_hint_refusals(quick: TestClient) -> None:
    table_id, seats = humans(quick, 3)
    assert look(quick, table_id)["hints"] is False
    hint = f"/api/tables/{table_id}/hint"
    refused(quick.get(hint, headers=seats[0]), 403, "hints are off")
    refused(quick.get(hint), 401, "token")
    refused(quick.get(hint, headers=bearer("made-up")), 401, "unknown")
    bots = create(quick, ["human", "random", "random"], hints=False)["id"]
    you = join(quick, bots, "Ann", 0)
    refused(quick.get(f"/api/tables/{bots}/hint", headers=you), 403, "hints are off")
    on = create(quick, ["human", "human", "human"], hints=True)["id"]
    tokens = [join(quick, on, f"P{p}", p) for p in range(3)]
    refused(quick.get(f"/api/tables/{on}/hint", headers=tokens[1]), 409, "not your turn")
    waiting = create(quick, ["human", "random", "human"])["id"]
    early = join(quick, waiting, "Ann", 0)
    refused(quick.get(f"/api/tables/{waiting}/hint", headers=early), 409, "while the game")
    refused(quick.get(f"/api/tables/{on}/hint", headers=seats[0]), 403, "another table")
    response = quick.post("/api/tables", json={"game": "skibe", "seats": ["human"] * 4, "hints": 1})
    assert response.status_code == 422, response.text


def test_a_hint_knows_only_what_the_seat_knows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's agent searches a re-deal of what the seat cannot see: the same to that
    seat, the other hands dealt anew; capped at the job's seconds, it reports the time it took
    by the worker's clock."""
    game = langbord.load("knarr", players=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.current_player() < 0:
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    seat = state.current_player()
    searched: list[Any] = []

    class Spy:
        def step(self, seen: Any) -> int:
            searched.append(seen)
            return int(seen.legal_actions()[0])

    caps: list[object] = []

    def make_agent(*_args: object, max_seconds: object = None, **_kw: object) -> Spy:
        caps.append(max_seconds)
        return Spy()

    # The worker's clock moves a quarter second between its two reads: the hint says so.
    reads = iter(float(k) / 4 for k in range(1000))
    clock = SimpleNamespace(perf_counter=lambda: next(reads))
    monkeypatch.setattr("langbord.server.bots.make_agent", make_agent)
    monkeypatch.setattr("langbord.server.bots.time", clock)
    deals = set()
    for seed in range(8):
        job = Job("t", "knarr", {"players": 2}, state.history(), 0, seat, "mcts", seed, 1.0, True)
        answer = advise(job)
        assert answer["action"] in state.legal_actions() and 0 <= answer["win_chance"] <= 1
        assert answer["seconds"] == 0.25 and caps[-1] == 1.0  # searched under the bot budget
        seen = searched[-1]
        assert seen.view(seat) == state.view(seat)
        deals.add(repr(seen.view(None if False else 1 - seat)))
    assert len(deals) > 1  # the hand it cannot see is dealt anew, not read from the table


# ---- chat ---------------------------------------------------------------------------------------


def test_chat_is_kept_shown_to_everyone_and_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, web=False, config=GENEROUS)) as client:
        table_id, seats = humans(client, 3)
        response = client.post(
            f"/api/tables/{table_id}/chat", headers=seats[1], json={"text": "  Skål! 🍺  "}
        )
        assert response.status_code == 201, response.text
        message = response.json()
        assert {k: message[k] for k in ("n", "seat", "name", "text")} == {
            "n": 0,
            "seat": 1,
            "name": "P1",
            "text": "Skål! 🍺",
        }
        with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
            ws.send_text("")
            assert ws.receive_json()["chat"] == [message]
            client.post(f"/api/tables/{table_id}/chat", headers=seats[0], json={"text": "hej"})
            assert [m["text"] for m in ws.receive_json()["chat"]] == ["Skål! 🍺", "hej"]
        assert look(client, table_id)["chat"][0] == message
    with TestClient(create_app(db_url, web=False, config=GENEROUS)) as client:
        chat = look(client, table_id, seats[2])["chat"]
        assert [m["text"] for m in chat] == ["Skål! 🍺", "hej"] and chat[0] == message
        later = client.post(f"/api/tables/{table_id}/chat", headers=seats[2], json={"text": "ok"})
        assert later.json()["n"] == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("   \t ", "empty"),
        ("x" * 301, "at most 300"),
        ("bell\x07", "U+0007"),
        ("del\x7f", "U+007F"),
        ("c1\x9bc", "U+009B"),
        ("spoof\u202eevil", "U+202E"),
        ("\u200b\u3164", "nothing to see"),
    ],
)
def test_chat_refuses_bad_text_and_keeps_nothing(client: TestClient, text: str, words: str) -> None:
    table_id, seats = humans(client, 3)
    refused(
        client.post(f"/api/tables/{table_id}/chat", headers=seats[0], json={"text": text}),
        400,
        words,
    )
    assert look(client, table_id)["chat"] == []


def test_chat_refusals(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    other_id, others = humans(client, 3)
    chat = f"/api/tables/{table_id}/chat"
    refused(client.post(chat, json={"text": "hi"}), 401, "token")
    refused(client.post(chat, headers=others[0], json={"text": "hi"}), 403, "another table")
    for body in (
        {"text": "x" * 2000},
        {"text": 5},
        {},
        {"text": "a", "seat": 1},
        {"text": "a\u0000"},
    ):
        response = client.post(chat, headers=seats[0], json=body)
        assert response.status_code == 422, (body, response.text)
    count, _window = CHAT_BURST
    for k in range(count):
        assert client.post(chat, headers=seats[0], json={"text": f"{k}"}).status_code == 201
    flood = client.post(chat, headers=seats[0], json={"text": "more"})
    refused(flood, 429, "too many messages")
    assert int(flood.headers["Retry-After"]) >= 1
    assert client.post(chat, headers=seats[1], json={"text": "mine"}).status_code == 201
    assert [m["text"] for m in look(client, table_id)["chat"]] == [*map(str, range(count)), "mine"]
    assert look(client, other_id)["chat"] == []


def stopped_at(moment: datetime) -> Callable[[], datetime]:
    """A clock that says ``moment``."""
    return lambda: moment


def test_the_table_shows_the_last_100_messages(tmp_path: Path) -> None:
    service = Service(f"sqlite:///{tmp_path / 't.db'}")
    try:
        table_id = service.create_table("skibe", {"players": 3}, ["human"] * 3)
        for seat in range(3):
            service.join(table_id, seat, f"P{seat}")
        start = service.clock()
        for k in range(104):
            service.clock = stopped_at(start + timedelta(minutes=k))  # the flood limit: above
            service.chat(table_id, k % 3, f"m{k}")
        chat = service.table_json(table_id, None)["chat"]
        assert isinstance(chat, list) and len(chat) == 100
        assert [m["text"] for m in chat] == [f"m{k}" for k in range(4, 104)]
        service.live.clear()  # read again from the database
        assert service.table_json(table_id, 0)["chat"] == chat
    finally:
        service.stop()


# ---- rematch and the game's end -----------------------------------------------------------------


def test_a_finished_game_ranks_its_seats_and_offers_a_rematch(client: TestClient) -> None:
    made = create(client, ["human", "random", "human"], hotseat=True, names=["Ann", None, "Bo"])
    table_id, tokens = made["id"], {int(s): bearer(t) for s, t in made["tokens"].items()}
    rematch = f"/api/tables/{table_id}/rematch"
    refused(client.post(rematch, headers=tokens[0]), 409, "not over")
    over = play_out(client, table_id, tokens)
    result = over["result"]
    ranking = result["ranking"]
    assert sorted(r["seat"] for r in ranking) == [0, 1, 2]
    assert [r["score"] for r in ranking] == sorted(result["scores"], reverse=True)
    assert ranking[0]["place"] == 1 and [r["name"] for r in ranking if r["seat"] == 0] == ["Ann"]
    assert isinstance(result["reason"], str) and result["reason"]
    assert len(result["breakdown"]["values"]) == len(result["breakdown"]["rows"])
    assert all(len(row) == 3 for row in result["breakdown"]["values"])
    finished = client.get("/api/tables").json()["finished"]
    listed = [t for t in finished if t["id"] == table_id]
    assert listed and listed[0]["title"] == "Skibe" and listed[0]["winners"] == result["winners"]

    refused(client.post(rematch), 401, "token")
    other = create(client, ["human"] * 3, hotseat=True)
    refused(client.post(rematch, headers=bearer(other["tokens"]["0"])), 403, "another table")
    first = client.post(rematch, headers=tokens[2])
    assert first.status_code == 200, first.text
    new_id = first.json()["id"]
    assert client.post(rematch, headers=tokens[0]).json() == {"id": new_id}  # the same table
    assert look(client, table_id)["rematch"] == new_id
    fresh = look(client, new_id)
    assert fresh["status"] == "open" and fresh["rematch_of"] == table_id
    assert [p["bot"] for p in fresh["players"]] == [None, "random", None]
    assert fresh["options"] == over["options"] and fresh["hints"] == over["hints"]

    join = f"/api/tables/{new_id}/join"
    refused(client.post(join, json={"name": "Eve"}), 409, "kept for the last game's players")
    refused(client.post(join, json={"rematch_of": table_id}), 401, "token")
    refused(
        client.post(join, headers=bearer(other["tokens"]["1"]), json={"rematch_of": table_id}),
        403,
        "another table",
    )
    refused(
        client.post(join, headers=tokens[0], json={"rematch_of": other["id"]}),
        409,
        "not the rematch",
    )
    refused(
        client.post(join, headers=tokens[0], json={"rematch_of": table_id, "seat": 2}),
        409,
        "was 0",
    )
    for bad in ({"rematch_of": "no/such"}, {"rematch_of": 5}, {"rematch_of": "x" * 40}):
        assert client.post(join, headers=tokens[0], json=bad).status_code == 422
    claimed = client.post(join, headers=tokens[0], json={"rematch_of": table_id})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 0
    refused(client.post(join, headers=tokens[0], json={"rematch_of": table_id}), 409, "taken")
    assert look(client, new_id)["status"] == "open"
    bo = client.post(join, headers=tokens[2], json={"rematch_of": table_id, "name": "Bo!"})
    assert bo.json()["seat"] == 2
    now = look(client, new_id, bearer(claimed.json()["token"]))
    assert now["status"] == "playing" and now["you"] == 0
    assert [p["name"] for p in now["players"]] == ["Ann", "random", "Bo!"]


def test_rematch_of_an_unfinished_or_abandoned_table_is_refused(client: TestClient) -> None:
    table_id, seats = humans(client, 3)
    refused(client.post(f"/api/tables/{table_id}/rematch", headers=seats[1]), 409, "not over")
    assert look(client, table_id)["rematch"] is None
    assert client.get("/api/tables").json()["finished"] == []


def test_the_ranking_shares_places_between_ties() -> None:
    scores, returns = [5.0, 9.0, 9.0, 2.0], [0.0, 0.5, 0.5, 0.0]
    state = SimpleNamespace(
        scores=lambda: scores,
        returns=lambda: returns,
        outcome=lambda: {"reason": "it ended", "breakdown": {"rows": ["a"], "values": [scores]}},
    )
    game = langbord.load("skibe", players=4)
    seats = [SimpleNamespace(bot=False, kind="human", name=f"P{p}") for p in range(4)]
    live = SimpleNamespace(state=state, game=game, seats=seats)
    result = result_json(live)  # type: ignore[arg-type]
    places = [(r["seat"], r["place"], r["tied"]) for r in result["ranking"]]
    assert places == [(1, 1, True), (2, 1, True), (0, 3, False), (3, 4, False)]
    assert result["winners"] == [1, 2] and result["reason"] == "it ended"


# ---- the rules panel ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", langbord.games())
def test_each_game_has_a_rules_panel(client: TestClient, name: str) -> None:
    response = client.get(f"/api/games/{name}/rules")
    assert response.status_code == 200, response.text
    rules = response.json()
    game = langbord.load(name)
    assert rules["title"] == game.info.title and rules["card"] == game.rules()
    assert rules["notation"] and all(line in rules["card"] for line in rules["notation"])
    assert isinstance(rules["rulings"], list)
    for ruling in rules["rulings"]:
        assert isinstance(ruling["id"], str) and isinstance(ruling["text"], str)
    guide = rules["guide"]  # the players' page: every section kind, every ruling in words
    assert [s["kind"] for s in guide["sections"]][:5] == ["goal", "setup", "turn", "scoring", "end"]
    assert [c["ruling"] for c in guide["clarifications"]] == [r["id"] for r in rules["rulings"]]
    for picture in (s["picture"] for s in guide["sections"] if s["picture"]):
        step = client.get(f"/api/tutorials/{picture['tutorial']}/steps/{picture['step']}")
        assert step.status_code == 200 and step.json()["game"] == name


def test_rules_of_no_game(client: TestClient) -> None:
    refused(client.get("/api/games/chess/rules"), 404, "no game 'chess'")
    assert client.get("/api/games/..%2F..%2Fetc/rules").status_code in (404, 422)
    assert client.get("/api/games/" + "a" * 40 + "/rules").status_code == 422


# ---- several server processes (PostgreSQL) ------------------------------------------------------


@pytest.fixture
def postgres() -> Iterator[str]:
    yield from fresh_postgres()


def test_an_undo_in_one_server_process_reaches_the_others(postgres: str) -> None:
    """Server A undoes; server B, which had the longer log cached, reads the log again, and a
    move B would commit on its stale copy is refused with nothing written."""
    a, b = Service(postgres), Service(postgres)
    try:
        table_id, tokens = a.create("skibe", {"players": 3}, ["human"] * 3, hotseat=True)
        assert tokens is not None
        start = a.get_live(table_id).moves
        take = [x for x in a.table_json(table_id, 0)["legal"] if x["kind"] == "take"]
        a.act(table_id, 0, take[0]["id"], start)
        stale = b.get_live(table_id)
        assert stale.moves == start + 1
        lay = [x["id"] for x in b.table_json(table_id, 0)["legal"]]
        assert a.undo(table_id, 0) == {"undone": 1, "request": None}
        with pytest.raises(Conflict):
            b.moves.commit(stale, 0, lay[0])  # B has not heard of the undo: refused by the database
        with pytest.raises(Conflict):
            b.act(table_id, 0, lay[0], start + 1)  # B reads the table again first
        assert stale.moves == start and stale.undone == 1
        assert b.table_json(table_id, 0)["log"] == a.table_json(table_id, 0)["log"]
        a.live.clear()
        assert a.get_live(table_id).moves == start  # nothing of B's refused move was written
        b.act(table_id, 0, take[-1]["id"], start)
        assert a.refresh(a.get_live(table_id)) and a.get_live(table_id).moves == start + 1
    finally:
        a.stop()
        b.stop()
