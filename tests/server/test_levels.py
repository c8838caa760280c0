"""Bot levels on the server: the catalogue offers each game's levels with their strength and
think time, a table seats a level by its name (its bot plays the level's spec), specs stay
accepted, and a name that is no level is refused with 422, creating nothing."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import langbord
from langbord.agents.levels import LEVELS, level_spec

OPTIONS: dict[str, dict[str, Any]] = {"skoventyr": {"players": 2}, "skibe": {"players": 3}}


def create(client: TestClient, game: str, seats: list[str]) -> Any:
    body = {"game": game, "options": OPTIONS.get(game, {}), "seats": seats}
    return client.post("/api/tables", json=body)


def test_the_catalogue_lists_every_games_levels_with_strength_and_think_time(
    client: TestClient,
) -> None:
    listed = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for name in langbord.games():
        menu = listed[name]["levels"]
        assert [level["name"] for level in menu] == list(LEVELS)
        for level in menu:
            assert level["spec"] == level_spec(name, level["name"])
            assert level["measure"] in ("rating", "win rate")
            assert isinstance(level["rating"], float)
            low, high = level["interval"]
            assert low <= level["rating"] <= high
            assert level["seconds"] >= 0 and level["max_seconds"] > 0
        ratings = [level["rating"] for level in menu]
        assert ratings[-1] > ratings[0]  # best above beginner


def test_a_table_seats_levels_by_name_and_their_bots_play(client: TestClient) -> None:
    made = create(client, "skibe", ["beginner", "CASUAL", " club "])
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    entry = client.get(f"/api/tables/{table_id}").json()
    assert [p["bot"] for p in entry["players"]] == ["beginner", "casual", "club"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = client.get(f"/api/tables/{table_id}").json()
        if view["status"] == "over" or len(view.get("log", [])) > 12:
            break
        time.sleep(0.1)
    assert view["status"] == "over" or len(view["log"]) > 12, view.get("status")


def test_a_spec_is_still_accepted_beside_a_level(client: TestClient) -> None:
    made = create(client, "knarr", ["human", "strong", "mcts:iterations=30"])
    assert made.status_code == 201, made.text
    entry = client.get(f"/api/tables/{made.json()['id']}").json()
    assert [p["bot"] for p in entry["players"][1:]] == ["strong", "mcts:iterations=30"]


@pytest.mark.parametrize(
    ("seat", "detail"),
    [
        (
            "clubb",
            "unknown agent 'clubb'; agents are: random, greedy, policy, mcts, rollouts, noisy; "
            "levels (where the game is known) are: beginner, casual, club, strong, best",
        ),
        ("club:iterations=5", "unknown agent 'club:iterations=5'; agents are: "),
        ("best" * 50, "unknown agent 'bestbestbest"),
        ("cl\u00fab", "unknown agent 'cl\u00fab'"),
        ("level:club", "unknown agent 'level:club'"),
    ],
)
def test_a_name_that_is_no_level_is_refused(client: TestClient, seat: str, detail: str) -> None:
    before = client.get("/api/tables").json()
    response = create(client, "skaal", ["human", seat, "random", "random"])
    assert response.status_code == 422, response.text
    message = response.json()["detail"]
    assert message.startswith("seat 1: ") and detail in message, message
    assert "\n" not in message and len(message) < 300
    assert client.get("/api/tables").json() == before
