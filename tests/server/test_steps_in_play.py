"""A past position of a table still being played, as a seat saw it then (``GET
/api/tables/{id}/steps/{n}`` with the seat's token): what the table page shows, one move after
another, of the moves since a seat's last decision. Nothing is shown that the seat did not see
at that moment: its own hand, the others' hands as counts, hidden draws without their card."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from langbord.record import replay
from server.test_api import join, look, new_table, wait_for


def test_a_seat_sees_a_past_position_as_it_saw_it_then(client: TestClient) -> None:
    table_id = new_table(client, "knarr", ["human", "random"], {"players": 2})
    _, ann = join(client, table_id, "Ann")
    table = wait_for(client, table_id, ann, lambda t: bool(t["legal"]))
    assert table["status"] == "playing" and table["move"] > 3
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["public_actions"] and "actions" not in record  # hidden while played
    now = look(client, table_id, ann)
    for number in (0, 3, table["move"]):
        seen: dict[str, Any] = client.get(
            f"/api/tables/{table_id}/steps/{number}", headers=ann
        ).json()
        assert seen["step"] == number and seen["steps"] == table["move"]
        assert seen["log"] == now["log"][:number]  # told as the seat was told
    assert seen["view"] == now["view"]  # the last step is the table as the seat sees it now
    last = table["move"]
    spectator = client.get(f"/api/tables/{table_id}/steps/{last}").json()
    mine = client.get(f"/api/tables/{table_id}/steps/{last}", headers=ann).json()
    assert spectator["view"] != mine["view"]  # Ann's own hand is hers alone
    hidden = [e for e in spectator["log"] if "kind" not in e]
    assert hidden  # the cards drawn into hands are not named to a spectator
    assert all("hand" in e["action"] for e in hidden)


def test_a_past_position_of_a_finished_game_is_the_whole_table(client: TestClient) -> None:
    table_id = new_table(client, "skibe", ["random", "random", "random"], {"players": 3})
    table = wait_for(client, table_id, None, lambda t: t["status"] == "over")
    whole = client.get(f"/api/tables/{table_id}/steps/5").json()
    state = replay(client.get(f"/api/tables/{table_id}/record").json(), upto=5)
    assert whole["view"] == state.view(None) and whole["steps"] == table["move"]
