"""The browser lobby over a server with tables of every kind: only tables someone sat down at
are listed, finished and abandoned ones apart (a finished one links its replay), and an
abandoned table's page says so; games and tables are named by the games' titles."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from server.dbtools import backdate
from server.server_process import ServerProcess

Headers = dict[str, str]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[ServerProcess, str]]:
    url = f"sqlite:///{tmp_path / 'lobby.db'}"
    server = ServerProcess(url, tmp_path / "serve.log")
    server.start()
    try:
        yield server, url
    finally:
        server.stop()


def sit(client: httpx.Client, seats: list[str], names: list[str]) -> tuple[str, list[Headers]]:
    body = {"game": "skibe", "options": {"players": len(seats)}, "seats": seats}
    table_id: str = client.post("/api/tables", json=body).json()["id"]
    tokens = []
    for name in names:
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": name}).json()
        tokens.append({"Authorization": f"Bearer {joined['token']}"})
    return table_id, tokens


def play_out(client: httpx.Client, table_id: str, tokens: list[Headers]) -> None:
    rng = random.Random(3)
    for _ in range(2000):
        table = client.get(f"/api/tables/{table_id}").json()
        if table["status"] == "over":
            return
        mine = client.get(f"/api/tables/{table_id}", headers=tokens[table["to_move"]]).json()
        client.post(
            f"/api/tables/{table_id}/actions",
            headers=tokens[table["to_move"]],
            json={"action": rng.choice(mine["legal"])["text"], "move": mine["move"]},
        )
    pytest.fail("the game did not end")


def test_the_lobby_lists_tables_people_sat_at(
    served: tuple[ServerProcess, str], page: Page
) -> None:
    server, url = served
    with httpx.Client(base_url=server.base, timeout=20) as client:
        empty, _ = sit(client, ["human", "human", "human"], [])
        waiting, _ = sit(client, ["human", "human", "human"], ["Ann"])
        done, tokens = sit(client, ["human", "human", "human"], ["Bo", "Cy", "Di"])
        play_out(client, done, tokens)
        left, _ = sit(client, ["human", "human", "human"], ["Ed", "Fi", "Gu"])
    server.stop()
    backdate(url, left, days=8)
    server.start()  # which finds it abandoned
    page.goto(f"{server.base}/#/table/{left}")
    expect(page.locator("#prompt")).to_contain_text("Abandoned")
    page.goto(f"{server.base}/#/")
    expect(page.locator(f'#tables [data-table="{waiting}"]')).to_contain_text("Skibe (open)")
    # Games are named by the catalogue's titles, with the tagline of their cards.
    expect(page.locator('#game option[value="skaal"]')).to_have_text(
        "Skåål — dwarf clans prospect for gold and run Royal Inns."
    )
    expect(page.locator(f'#tables [data-table="{empty}"]')).to_have_count(0)
    finished = page.locator("#finished li")
    expect(finished).to_have_count(2)
    expect(page.locator(f'#finished [data-table="{left}"]')).to_contain_text("(abandoned)")
    over = page.locator(f'#finished [data-table="{done}"]')
    expect(over).to_contain_text("(over)")
    over.get_by_text("Replay").click()
    expect(page.locator("#step-label")).to_contain_text("step 0 of")
