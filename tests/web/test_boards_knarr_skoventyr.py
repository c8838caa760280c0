"""Knarr's and Skoventyr's boards in Debian's Chromium: whole games on a phone (390x844) played
only through the board, the page never scrolling sideways, every decision offered clickable on the
board and big enough for a finger; on a desktop (1280x800) what the player clicks is in view;
screenshots of both sizes in tests/web/screenshots/."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from web.conftest import SHOTS, click_and_wait

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
GAMES: dict[str, tuple[list[str], dict[str, bool]]] = {
    "knarr": (["human", "random"], {"skali": True}),
    "knarr-plain": (["human", "random", "random"], {}),
    "skoventyr": (["human"], {}),
    "skoventyr-modules": (["human", "random"], {"lygtemands": True, "rescue": True}),
}

# What the page tells of the board at a decision: the legal actions listed beside it, those with
# a place on the board, the smallest of those places and how far the page scrolls sideways.
STATE = """() => {
  const listed = [...document.querySelectorAll('#actions [data-action-list]')]
    .map((b) => Number(b.getAttribute('data-action-list')));
  const places = [...document.querySelectorAll('#board [data-action]')];
  const sizes = places.map((p) => { const r = p.getBoundingClientRect();
    return [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10,
            p.getAttribute('aria-label')]; });
  const tips = document.querySelectorAll('#board [data-tip]').length;
  return {
    listed,
    onBoard: [...new Set(places.map((p) => Number(p.getAttribute('data-action'))))],
    sizes,
    tips,
    sideways: document.documentElement.scrollWidth - window.innerWidth,
    over: document.getElementById('game-over') !== null,
  };
}"""


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def new_table(page: Page, server: str, game: str) -> None:
    seats, options = GAMES[game]
    create_in_lobby_with(page, server, game.split("-")[0], seats, options)


def create_in_lobby_with(
    page: Page, server: str, game: str, seats: list[str], options: dict[str, bool]
) -> None:
    """The lobby's form filled with the seats and the module options, and sat down."""
    page.goto(f"{server}/#/")
    page.select_option("#game", game)
    page.fill("#options [name=players]", str(len(seats)))
    page.locator("#options [name=players]").dispatch_event("change")
    for name, value in options.items():
        page.locator(f"#options [name={name}]").set_checked(value)
    selects = page.locator("#seats select")
    expect(selects).to_have_count(len(seats))
    for k, spec in enumerate(seats):
        selects.nth(k).select_option(spec)
    page.fill("#name", "Ann")
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    expect(page.locator("#board")).to_be_visible()


def wait_for_decision(page: Page) -> dict[str, Any]:
    """The page's state once a decision is offered and the board drawn for it (the list and the
    board are drawn one after the other: a look between the two is given 5 s to settle)."""
    deadline = time.monotonic() + 30
    settled: float | None = None
    while True:
        state: dict[str, Any] = page.evaluate(STATE)
        if state["over"]:
            return state
        if state["listed"]:
            settled = settled or time.monotonic() + 5
            if set(state["listed"]) <= set(state["onBoard"]) or time.monotonic() > settled:
                return state
        assert time.monotonic() < deadline, "no decision came"
        page.wait_for_timeout(50)


def legal_kinds(server: str, page: Page) -> dict[int, str]:
    """The kind of each legal action of the page's seat, from the server (the page's token)."""
    table_id = page.url.rsplit("/", 1)[1]
    stored = page.evaluate("(id) => localStorage.getItem(`langbord.seat.${id}`)", table_id)
    token = json.loads(stored)["token"]
    table = httpx.get(
        f"{server}/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return {a["id"]: a["kind"] for a in table["legal"]}


def play_through_the_board(page: Page, server: str, name: str, seed: int) -> set[str]:
    """Plays the table to its end clicking only the board, a seeded random choice among the
    places offered; asserts at each decision that the page does not scroll sideways and that
    every legal action has a place on the board at least 44 CSS px each way. Returns the kinds
    of action offered."""
    rng = random.Random(seed)
    kinds: set[str] = set()
    moves = 0
    while True:
        state = wait_for_decision(page)
        assert state["sideways"] <= 0, f"the page scrolls sideways by {state['sideways']} px"
        if state["over"]:
            break
        offered = legal_kinds(server, page)
        kinds |= set(offered.values())
        missing = {offered.get(a, a) for a in set(state["listed"]) - set(state["onBoard"])}
        assert not missing, f"{missing} offered but not clickable on the board"
        small = [s for s in state["sizes"] if s[0] < 44 or s[1] < 44]
        assert not small, f"places smaller than 44 px: {small}"
        assert state["tips"] > 10, "components without explanations"
        choice = rng.choice(state["onBoard"])
        click_and_wait(page, page.locator(f"#board [data-action='{choice}']").first)
        moves += 1
        if moves in (3, 40):
            shoot(page, f"{name}-phone-move{moves}")
        assert moves < 3000
    shoot(page, f"{name}-phone-over")
    assert moves > 0
    return kinds


# Knarr's whole games, the longest, play in the slow suite (Skoventyr's in the default one).
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.slow) if g.startswith("knarr") else g
        for g in sorted(GAMES)
    ],
)
def test_a_whole_game_on_a_phone_through_the_board(
    server: str, browser: Browser, game: str
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()  # its errors fail the test (the browser fixture watches it)
    new_table(page, server, game)
    expect(page.locator("#board svg.fits-phone")).to_be_visible()
    shoot(page, f"{game}-phone")
    kinds = play_through_the_board(page, server, game, seed=sum(map(ord, game)))
    assert len(kinds) >= 3, kinds
    context.close()


# What a turn clicks, that a desktop shows without scrolling: the market and your hand in Knarr,
# your hand and the Future in Skoventyr.
IN_VIEW = {"knarr": [".kn-market", ".kn-hand"], "skoventyr": [".sv-hand", ".sv-future"]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_on_a_desktop_what_you_click_is_in_view(server: str, page: Page, game: str) -> None:
    new_table(page, server, game)
    state = wait_for_decision(page)
    assert state["sideways"] <= 0
    assert state["onBoard"], "nothing to click on the board"
    for selector in IN_VIEW[game.split("-")[0]]:
        # One look at the page (the board is redrawn as the bots move).
        bottoms = page.evaluate(
            "(s) => [...document.querySelectorAll(`#board ${s}`)]"
            ".map((n) => n.getBoundingClientRect().bottom)",
            selector,
        )
        assert bottoms, f"no {selector} on the board"
        assert max(bottoms) <= DESKTOP["height"], f"{selector} ends at {max(bottoms)} px"
    shoot(page, f"{game}-desktop")
