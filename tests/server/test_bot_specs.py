"""Bot seats cannot be weapons: a spec that is no number, or that cannot promise a decision within
the server's limit (``ServerConfig.bot_seconds``), is refused with 422 and creates nothing; the
seat kinds the catalogue offers are all accepted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select

import langbord
from langbord.agents import heuristics
from langbord.server.http.app import create_app
from langbord.server.store.schema import MoveRow, SeatRow, TableRow
from server.conftest import GENEROUS

ATTACKS = [
    ("skibe", "mcts:time=nan", "mcts option time=nan: time must be a number of seconds from 0"),
    ("knarr", "rollouts:time=nan", "rollouts option time=nan: time must be a number of seconds"),
    (
        "skibe",
        "rollouts:rollouts=1000000000",
        "rollouts option rollouts=1000000000: rollouts must be a whole number from 1 to 1,000,000",
    ),
    (
        "knarr",
        "mcts:rollout_depth=1000000000",
        "rollout_depth must be a whole number from 0 to 10,000",
    ),
    (
        "skibe",
        "mcts:iterations=200000",
        r"mcts:iterations=200000 would think about (?P<s>[0-9,]+) s a decision at Skibe; this "
        r"server allows 10 s a decision \(try mcts:time=10\)",
    ),
    ("skibe", "mcts:time=inf", "mcts option time=inf: time must be a number of seconds"),
    ("skibe", "mcts:time=-1", "mcts option time=-1: time must be a number of seconds"),
    ("skibe", "mcts:time=1e999", "mcts option time=1e999: time must be a number of seconds"),
    (
        "skaal",
        "mcts:time=11",
        r"mcts:time=11 would think about 11 s a decision at Skåål; this server allows 10 s a "
        r"decision \(try mcts:time=10\)",
    ),
    ("skibe", "mcts:iterations=2000", "would think about"),
    (
        "skoventyr",
        "rollouts:rollouts=1000000",
        r"^seat 1: rollouts:rollouts=1000000 would think about [0-9,]+ s a decision at Skoventyr; "
        r"this server allows 10 s a decision \(try rollouts:time=10\)$",
    ),
    ("knarr", "mcts:time=1,time=1", "mcts option time is given twice"),
    ("knarr", "mcts:iterations=1e3", "iterations must be a whole number"),
]
"""(game, the bot seat's spec, a pattern of what the refusal says)"""


def counts(url: str) -> tuple[int, int, int]:
    """Rows in the database: tables, seats, moves."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            tables, seats, moves = (
                connection.execute(select(func.count()).select_from(row)).scalar_one()
                for row in (TableRow, SeatRow, MoveRow)
            )
            return tables, seats, moves
    finally:
        engine.dispose()


def app_client(url: str, **settings: Any) -> TestClient:
    # GENEROUS: the limits per address stay on, but these tests make many tables from one client.
    return TestClient(create_app(url, config=replace(GENEROUS, bot_workers=0, **settings)))


@pytest.fixture
def served(db_url: str) -> Iterator[tuple[TestClient, str]]:
    """A started server on an empty database of each kind (bots in the server's own process),
    and the database's URL."""
    with app_client(db_url) as client:
        yield client, db_url


def seats_for(game: str, bot: str) -> list[str]:
    """A human (who has not sat down yet, so no bot moves) and ``bot``, then random bots."""
    n = langbord.load(game, **OPTIONS.get(game, {})).num_players()
    return (["human", bot] + ["random"] * n)[:n]


OPTIONS = {"skoventyr": {"players": 2}}


def create(client: TestClient, game: str, seats: list[str]) -> Any:
    body = {"game": game, "options": OPTIONS.get(game, {}), "seats": seats}
    return client.post("/api/tables", json=body)


@pytest.mark.parametrize(("game", "spec", "detail"), ATTACKS)
def test_a_weapon_bot_is_refused_and_nothing_is_created(
    served: tuple[TestClient, str], game: str, spec: str, detail: str
) -> None:
    client, url = served
    kept = create(client, "skibe", ["human", "random", "random", "random"])
    assert kept.status_code == 201
    lobby = client.get("/api/tables").json()
    rows = counts(url)
    seats = seats_for(game, spec)
    response = create(client, game, seats)
    assert response.status_code == 422, response.text
    message = response.json()["detail"]
    assert message.startswith(f"seat {seats.index(spec)}: ")
    found = re.search(detail, message)
    assert found and "\n" not in message, message
    if "s" in found.groupdict():  # about 21 minutes on an idle machine: the estimate is above
        assert int(found["s"].replace(",", "")) > 1200
    assert client.get("/api/tables").json() == lobby
    assert counts(url) == rows


def test_a_bot_within_the_limit_is_seated(served: tuple[TestClient, str]) -> None:
    client, url = served
    before = counts(url)
    for game, spec in [
        ("skibe", "mcts:time=10"),
        ("skibe", "mcts"),  # the game's default budget: 50 greedy iterations
        ("knarr", "rollouts:rollouts=64,depth=40"),
        ("skoventyr", heuristics.best_agent(langbord.load("skoventyr"))),
        ("skaal", "mcts:iterations=2000"),
    ]:
        response = create(client, game, seats_for(game, spec))
        assert response.status_code == 201, response.text
        table_id = response.json()["id"]
        entry = client.get(f"/api/tables/{table_id}").json()
        assert entry["players"][1]["bot"] == spec
    assert counts(url)[0] == before[0] + 5


def test_the_limit_is_the_hosts(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'strict.db'}"
    with app_client(url, bot_seconds=0.5) as client:
        offered = client.get("/api/games").json()["agents"]
        assert "mcts:time=1" not in offered and {"human", "random", "greedy"} <= set(offered)
        response = create(client, "skibe", ["human", "mcts:time=1", "random", "random"])
        assert response.status_code == 422
        assert response.json()["detail"] == (
            "seat 1: mcts:time=1 would think about 1.0 s a decision at Skibe; this server allows "
            "0.5 s a decision (try mcts:time=0.5)"
        )
        assert create(client, "skibe", ["human", "mcts:time=0.5", "random", "random"]).is_success
        assert counts(url)[0] == 1


def test_every_offered_seat_kind_is_accepted(served: tuple[TestClient, str]) -> None:
    client, _ = served
    body = client.get("/api/games").json()
    everywhere = body["agents"]  # accepted at every game
    assert everywhere[0] == "human" and {"random", "greedy", "mcts", "mcts:time=1"} <= set(
        everywhere
    )
    for game in body["games"]:
        offered = game["agents"]  # accepted at this game: what its lobby form offers
        assert offered[0] == "human" and set(everywhere) <= set(offered)
        assert game["best_agent"] in offered  # the lobby's default for a bot seat
        for spec in offered[1:]:
            response = create(client, game["name"], seats_for(game["name"], spec))
            assert response.status_code == 201, (game["name"], spec, response.text)
    skibe = next(game for game in body["games"] if game["name"] == "skibe")
    assert "mcts:iterations=2000" not in skibe["agents"]
