"""The boards read actions' structure (``kind`` and ``args``), never their text: with every
action text and log entry garbled, a board offers the same places and marks the same last move,
and a whole table is played through board clicks (sent by id)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Route, WebSocketRoute, expect

from web.conftest import SHOTS
from web.test_browser import create_in_lobby

SEATS = {
    "skibe": ["human", "random", "random"],
    "skaal": ["human", "random", "random"],
    "knarr": ["human", "random"],
    "skoventyr": ["human"],
}


def garble(table: dict[str, Any]) -> dict[str, Any]:
    """The table with every action text and log text, notation and words, replaced by
    nonsense."""
    for action in table.get("legal", []):
        action["text"] = f"#{action['id']} ?"
        action["words"] = f"#{action['id']} ?!"
    for entry in table.get("log", []):
        entry["action"] = f"entry {entry['move']} ?"
        entry["words"] = f"entry {entry['move']} ?!"
    return table


def seated_table(server: str, game: str) -> tuple[str, str, dict[str, Any]]:
    """A table of ``game`` with its first seat ours; its id, our token and our first decision."""
    seats = SEATS[game]
    body = {"game": game, "options": {"players": len(seats)}, "seats": seats}
    if game == "skoventyr":
        body["options"] = {}
    made = httpx.post(f"{server}/api/tables", json=body)
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    token = httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": "Ann"}).json()["token"]
    deadline = time.monotonic() + 30
    while True:
        table = httpx.get(
            f"{server}/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"}
        ).json()
        if table["legal"]:
            return table_id, token, table
        assert time.monotonic() < deadline, "our seat never got a decision"
        time.sleep(0.05)


DRAW_BOARD = """async ([game, table]) => {
  const board = await import(`/static/boards/${game}.js`);
  const { boardContext } = await import("/static/svg.js");
  const sent = [];
  const ctx = boardContext(table, (action) => sent.push(action.id));
  const svg = board.draw(table, ctx);
  document.body.append(svg);
  const places = [...svg.querySelectorAll("[data-action]")];
  const ids = places.map((node) => Number(node.getAttribute("data-action")));
  if (places.length) places[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const marked = svg.querySelectorAll(".last-move").length;
  svg.remove();
  return { ids: [...new Set(ids)].sort((a, b) => a - b), sent, marked };
}"""


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_board_offers_the_same_places_whatever_the_texts(
    server: str, page: Page, game: str
) -> None:
    _, _, table = seated_table(server, game)
    page.goto(f"{server}/#/")
    expect(page.locator("#new-table")).to_be_visible()
    plain = page.evaluate(DRAW_BOARD, [game, table])
    garbled = page.evaluate(DRAW_BOARD, [game, garble(json.loads(json.dumps(table)))])
    legal = {a["id"] for a in table["legal"]}
    assert plain["ids"], f"{game}: no legal action has a place on the board"
    assert set(plain["ids"]) <= legal
    assert garbled["ids"] == plain["ids"]
    assert len(plain["sent"]) == 1 and plain["sent"][0] in legal  # a click sends the id
    assert garbled["sent"] == plain["sent"]
    assert garbled["marked"] == plain["marked"]


LAST_PLACES = """async () => {
  const knarr = await import("/static/boards/knarr.js");
  const skaal = await import("/static/boards/skaal.js");
  const skibe = await import("/static/boards/skibe.js");
  const skoventyr = await import("/static/boards/skoventyr.js");
  const ships = { ships: [{ vikings: [] }, { vikings: ["red F", "blue E"] }, { vikings: [] }] };
  const plan = skibe.plan([
    { id: 1, text: "?", kind: "take", args: { slot: "d2" } },
    { id: 2, text: "?", kind: "food", args: { from: 1, to: 3 } },
    { id: 3, text: "?", kind: "move equip", args: { from: "stock", to: "2.1" } },
    { id: 4, text: "?", kind: "swap", args: { slot: "1.2", with: "d1" } },
    { id: 5, text: "?", kind: "chief", args: { action: "food", ship: 3 } },
  ]);
  return {
    knarr: [
      knarr.lastPlace({ player: 1, action: "?", kind: "take", args: { slot: "blue" } }),
      knarr.lastPlace({ player: 1, action: "?", kind: "recruit", args: { card: "green vp" } }),
      knarr.lastPlace({ player: 0, action: "?", kind: "activate", args: { card: "building 7" } }),
      knarr.lastPlace({ player: 0, action: "?", kind: "renew", args: { slot: 2, with: 3 } }),
      knarr.lastPlace({ player: null, action: "a viking is drawn into player 2's hand" }),
    ],
    skaal: [
      skaal.lastTargets({
        player: 0, action: "?", kind: "move", args: { from: "Sláinte", to: "Le Chaim" },
      }),
      skaal.lastTargets({ player: null, action: "?", kind: "roll", args: { face: "Ooops" } }),
    ],
    skibe: {
      last: [
        skibe.lastPlaces({ player: 0, action: "?", kind: "lay", args: { ship: 2 } }, ships),
        skibe.lastPlaces(
          { player: 0, action: "?", kind: "move food", args: { from: "stock", to: 2 } }, ships,
        ),
      ],
      one: [...plan.one.entries()].map(([place, a]) => [place, a.id]),
      two: [...plan.two.entries()].map(
        ([from, to]) => [from, [...to.entries()].map(([place, a]) => [place, a.id])],
      ),
    },
    skoventyr: [
      skoventyr.lastPlace({ player: 0, action: "?", kind: "call risky", args: { slot: "f2" } }),
      skoventyr.lastPlace({ player: 0, action: "?", kind: "bottom", args: { card: "Trold" } }),
      skoventyr.lastPlace({ player: 0, action: "?", kind: "discard", args: { ally: "Nisse" } }),
      skoventyr.lastPlace({ player: 0, action: "?", kind: "vogter to", args: { tree: "C" } }),
    ],
  };
}"""


def test_boards_map_parts_to_their_places(server: str, page: Page) -> None:
    page.goto(f"{server}/#/")
    expect(page.locator("#new-table")).to_be_visible()
    found = page.evaluate(LAST_PLACES)
    assert found["knarr"] == [
        "market:blue",
        "crew:1:green",
        "village:0:building 7",
        "bslot:2",
        "deck",
    ]
    assert found["skaal"] == [
        {"regions": ["lechaim"], "die": False, "pawn": False, "road": ["slainte", "lechaim"]},
        {"regions": [], "die": True, "pawn": False, "road": None},
    ]
    assert found["skibe"]["last"] == [["card:2.2"], ["stock-food", "bow:2"]]
    assert found["skibe"]["one"] == [["card:d2", 1]]
    assert found["skibe"]["two"] == [
        ["bow:1", [["bow:3", 2]]],
        ["stock-equip", [["card:2.1", 3]]],
        ["card:1.2", [["card:d1", 4]]],
        ["card:d1", [["card:1.2", 4]]],
        ["chief:food", [["ship:3", 5]]],
    ]
    assert found["skoventyr"] == ["future:f2", "deck", "hand:0", "tree:C"]


def test_a_table_plays_through_the_board_with_garbled_texts(server: str, page: Page) -> None:
    """Every table the page gets, fetched or pushed, has its texts garbled: the board still
    offers its places and the moves it sends (by id) are taken."""

    def fetched(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, json=garble(response.json()))

    def pushed(socket: WebSocketRoute) -> None:
        server_side = socket.connect_to_server()
        server_side.on_message(lambda message: socket.send(json.dumps(garble(json.loads(message)))))

    page.route(re.compile(r".*/api/tables/[A-Za-z0-9_-]+$"), fetched)
    page.route_web_socket(re.compile(r".*/ws(\?.*)?$"), pushed)
    create_in_lobby(page, server, "skibe", SEATS["skibe"])
    expect(page.locator("#prompt")).to_contain_text("Your move")
    on_board = 0
    for _ in range(6):
        expect(page.locator("#actions [data-action-list]").first).to_be_attached(timeout=30_000)
        expect(page.locator("#actions button").first).to_contain_text("?")  # garbled
        before = page.locator("#log li").count()
        board = page.locator("#board [data-action]")
        if board.count():
            on_board += 1
            board.first.click()
        else:
            page.locator("#actions [data-action-list]").first.click()
        if page.locator("#confirm").count():  # a choice that forgoes something is asked first
            page.click("#confirm-yes")
        page.wait_for_function(
            "(before) => document.querySelectorAll('#log li').length > before",
            arg=before,
            timeout=30_000,
        )
        if page.locator("#game-over").is_visible():
            break
    assert on_board >= 3
    expect(page.locator("#error")).to_have_text("")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "garbled-texts.png"), full_page=True)
