"""The server's JSON keeps its contract: real answers of every group of routes (the catalogue and
rules, tables and the lobby, moves and undos, chat, hints and "why not?", steps and records,
tutorials, analyses, the WebSocket) are instances of their shape's JSON Schema, exported from
``langbord.server.shapes``; the committed schema and the browser's types are what
``tools/contracts.py`` writes from the shapes today. A server change that breaks the contract
fails here."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from jsonschema import Draft202012Validator

import langbord
from langbord.core.contracts import schema_for
from langbord.core.registry import view_type
from langbord.server import shapes
from langbord.server.config import ServerConfig
from langbord.server.http.app import create_app
from langbord.server.service import Service

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "src/langbord/server/table.schema.json").read_text(encoding="utf-8"))
QUICK = ServerConfig(
    create_rate="100000/minute",
    join_rate="100000/minute",
    move_rate="100000/minute",
    bot_seconds=1.0,
    bot_workers=0,
)
SEATS = {"skibe": 3, "skaal": 4, "knarr": 2, "skoventyr": 2}
"""Seats of each game's hotseat table (Skåål is played by four)."""
LOOKED = 12
"""Decisions of each game played through the API, the table looked at before each."""

Headers = dict[str, str]


def bearer(token: str) -> Headers:
    return {"Authorization": f"Bearer {token}"}


def fits(shape: str, answer: Response | Any) -> Any:
    """The answer's JSON, if it is an instance of ``shape``; else the schema's complaints."""
    if isinstance(answer, Response):
        assert answer.status_code < 300, (answer.status_code, answer.text)
        answer = answer.json()
    check = Draft202012Validator(schema_for(SCHEMA, shape))
    errors = [f"{list(e.absolute_path)}: {e.message[:300]}" for e in check.iter_errors(answer)]
    assert not errors, f"not a {shape}: {errors[:3]}"
    return answer


def a_table(table: Any) -> Any:
    """A ``Table`` whose view is its own game's."""
    fits("Table", table)
    assert table["view"]["game"] == table["game"]
    return table


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The API on a fresh SQLite file, bots on a thread of this process."""
    url = f"sqlite:///{tmp_path_factory.mktemp('contract') / 'contract.db'}"
    with TestClient(create_app(url, web=False, config=QUICK)) as test_client:
        yield test_client


def tool() -> ModuleType:
    """``tools/contracts.py`` as a module."""
    spec = importlib.util.spec_from_file_location("contracts_tool", ROOT / "tools" / "contracts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def service_of(client: TestClient) -> Service:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    return service


def test_the_committed_files_are_what_the_shapes_give() -> None:
    written = tool().expected()
    for path in (
        "src/langbord/server/table.schema.json",
        "src/langbord/web/static/contracts/table.js",
    ):
        assert ROOT / path in written
        assert (ROOT / path).read_text(encoding="utf-8") == written[ROOT / path], path
    Draft202012Validator.check_schema(SCHEMA)
    assert set(SCHEMA["$defs"]) >= {shape.__name__ for shape in shapes.SHAPES}


def test_the_view_is_every_declared_games_view() -> None:
    """A game added to the registry is added to the table's ``view`` too."""
    declared = {view_type(game) for game in langbord.games()}
    assert set(get_args(shapes.View)) == declared


def test_the_catalogue_rules_and_tutorials(client: TestClient) -> None:
    catalogue = fits("Catalogue", client.get("/api/games"))
    assert [g["name"] for g in catalogue["games"]] == langbord.games()
    for game in langbord.games():
        fits("Rules", client.get(f"/api/games/{game}/rules"))
    listed = client.get("/api/tutorials").json()
    assert listed
    for tutorial in listed:
        fits("TutorialInfo", tutorial)
        path = f"/api/tutorials/{tutorial['id']}/steps"
        step = fits("TutorialStep", client.get(f"{path}/0"))
        assert step["view"]["game"] == tutorial["game"]
        expect = step["tutorial"]["expect"]
        right = fits("Attempt", client.post(f"{path}/0/try", json={"action": expect["id"]}))
        assert right["ok"] and right["next"] is not None
        a_table(right["next"])
        wrong = client.post(f"{path}/0/try", json={"kind": "nowhere", "args": {}})
        assert fits("Attempt", wrong)["next"] is None
        parts = {"kind": expect["kind"], "args": expect["args"]}
        assert fits("WhyAnswer", client.post(f"{path}/0/why", json=parts))["legal"] is True


@pytest.mark.parametrize("game", list(SEATS))
def test_a_hotseat_game_from_its_start_to_its_end(client: TestClient, game: str) -> None:
    """Each game's table, seen by each seat and a spectator, while it is played (a chat, "why
    not?", an undo, a step and the partial record among the moves) and at its end (the result,
    the replay's steps, the record, the rematch)."""
    seats = SEATS[game]
    options = {} if game == "skaal" else {"players": seats}
    made = client.post(
        "/api/tables",
        json={"game": game, "options": options, "seats": ["human"] * seats, "hotseat": True},
    )
    tokens = {int(seat): token for seat, token in fits("Created", made)["tokens"].items()}
    table_id = made.json()["id"]
    rng = random.Random(7)
    a_table(client.get(f"/api/tables/{table_id}").json())
    for decision in range(LOOKED):
        spectator = a_table(client.get(f"/api/tables/{table_id}").json())
        if spectator["status"] == "over":
            break
        mover = spectator["to_move"]
        you = bearer(tokens[mover])
        seen = a_table(client.get(f"/api/tables/{table_id}", headers=you).json())
        assert seen["legal"] and seen["prompt"] is not None
        if decision == 2:
            chat = client.post(f"/api/tables/{table_id}/chat", headers=you, json={"text": "hej"})
            fits("ChatMessage", chat)
            parts = {"kind": seen["legal"][0]["kind"], "args": seen["legal"][0]["args"]}
            fits("WhyAnswer", client.post(f"/api/tables/{table_id}/why", json=parts))
            nowhere = {"kind": "nowhere", "args": {}}
            why = client.post(f"/api/tables/{table_id}/why", headers=you, json=nowhere)
            assert fits("WhyAnswer", why)["action"] is None
            fits("Step", client.get(f"/api/tables/{table_id}/steps/1", headers=you))
            fits("PartialRecord", client.get(f"/api/tables/{table_id}/record"))
        action = rng.choice(seen["legal"])["id"]
        body = {"action": action, "move": seen["move"]}
        fits("Accepted", client.post(f"/api/tables/{table_id}/actions", headers=you, json=body))
        if decision == 4:
            undone = client.post(f"/api/tables/{table_id}/undo", headers=you)
            if undone.status_code == 200:  # else chance spoke since (a card drawn)
                assert fits("Undone", undone)["undone"] > 0
    finish(service_of(client), table_id, rng)
    for seat in [None, *tokens]:
        headers = bearer(tokens[seat]) if seat is not None else {}
        end = a_table(client.get(f"/api/tables/{table_id}", headers=headers).json())
        assert end["status"] == "over" and end["result"] is not None
    fits("Step", client.get(f"/api/tables/{table_id}/steps/3"))
    fits("GameRecord", client.get(f"/api/tables/{table_id}/record"))
    fits("Rematch", client.post(f"/api/tables/{table_id}/rematch", headers=bearer(tokens[0])))
    lobby = fits("Lobby", client.get("/api/tables"))
    assert table_id in {t["id"] for t in lobby["finished"]}


def finish(service: Service, table_id: str, rng: random.Random) -> None:
    """Plays the rest of a hotseat table's game by random moves, through the service."""
    while True:
        live = service.get_live(table_id)
        with live.lock:
            if live.state.is_terminal():
                return
            seat, moves = live.state.current_player(), live.moves
            action = rng.choice(live.state.legal_actions())
        service.act(table_id, seat, action, moves)


def test_joining_an_undo_request_a_hint_and_the_websocket(client: TestClient) -> None:
    """Two people and a bot: the seats taken, an undo asked of the other person and answered,
    a hint, and the table pushed over the WebSocket (as a seat and as a spectator)."""
    made = client.post(
        "/api/tables",
        json={"game": "skibe", "options": {"players": 3}, "seats": ["human", "human", "random"]},
    )
    table_id = fits("Created", made)["id"]
    assert made.json()["tokens"] is None
    tokens = {}
    for seat, name in enumerate(["Ann", "Bo"]):
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": name, "seat": seat})
        tokens[seat] = fits("Joined", joined)["token"]
    fits("AnalysisStatus", client.get(f"/api/tables/{table_id}/analysis"))
    mover = to_move(client, table_id, set(tokens))
    you = bearer(tokens[mover])
    hint = fits("Hint", client.get(f"/api/tables/{table_id}/hint", headers=you))
    seen = a_table(client.get(f"/api/tables/{table_id}", headers=you).json())
    assert hint["action"] in seen["legal"]
    body = {"action": hint["action"]["id"], "move": seen["move"]}
    fits("Accepted", client.post(f"/api/tables/{table_id}/actions", headers=you, json=body))
    asked = client.post(f"/api/tables/{table_id}/undo", headers=you)
    if asked.status_code == 200:  # else chance spoke since
        assert fits("Undone", asked)["request"] is not None
        other = bearer(tokens[1 - mover])
        waiting = a_table(client.get(f"/api/tables/{table_id}", headers=other).json())
        assert waiting["undo"]["request"] is not None
        answer = client.post(
            f"/api/tables/{table_id}/undo/answer", headers=other, json={"accept": True}
        )
        fits("Undone", answer)
    for token in [tokens[0], ""]:
        with client.websocket_connect(f"/api/tables/{table_id}/ws") as socket:
            socket.send_text(token)
            a_table(socket.receive_json())


def to_move(client: TestClient, table_id: str, seats: set[int]) -> int:
    """The seat of ``seats`` to move, once the bots have played up to it."""
    deadline = time.monotonic() + 30
    while True:
        table = client.get(f"/api/tables/{table_id}").json()
        if table["to_move"] in seats:
            return int(table["to_move"])
        assert time.monotonic() < deadline, table
        time.sleep(0.05)


def test_an_analysis_asked_for_and_done(client: TestClient) -> None:
    """A finished Skibe game of three hotseat seats, analysed at the shortest search."""
    made = client.post(
        "/api/tables",
        json={"game": "skibe", "options": {"players": 3}, "seats": ["human"] * 3, "hotseat": True},
    )
    table_id = fits("Created", made)["id"]
    finish(service_of(client), table_id, random.Random(3))
    fits("AnalysisStatus", client.get(f"/api/tables/{table_id}/analysis"))
    asked = client.post(f"/api/tables/{table_id}/analysis", json={"seconds": 0.05})
    assert asked.status_code == 202, asked.text
    fits("AnalysisProgress", asked.json())
    deadline = time.monotonic() + 120
    while True:
        seen = fits("AnalysisStatus", client.get(f"/api/tables/{table_id}/analysis"))
        if seen["status"] == "done":
            break
        assert seen["status"] in ("queued", "running") and time.monotonic() < deadline, seen
        time.sleep(0.1)
    assert seen["analysis"] is not None and seen["analysis"]["decisions"]
