"""Skåål's and Skibe's boards in Debian's Chromium: a whole game of each on a phone (390×844)
through board clicks alone, the page never scrolling sideways, touch targets of at least 44 CSS
px, and every kind of action offered clickable on the board at some point; at 1280×800 what must
be clicked is above the fold. Screenshots of both boards at both sizes in tests/web/screenshots/."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from web.conftest import SHOTS, click_and_wait

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
OPTIONS = {
    "skaal": {"players": 3, "prospects": 10, "max_rounds": 14},
    "skibe": {"players": 3},
}

# Boards, places, kinds: read in the page (a function, not a string: the page's CSP forbids eval).
STATE_JS = """() => {
  const board = document.querySelector('#board');
  const places = [...board.querySelectorAll('.clickable')].map((n) => {
    const r = n.getBoundingClientRect();
    return { kind: n.getAttribute('data-kind'), pick: n.getAttribute('data-pick'),
             tip: n.closest('[data-tip]')?.getAttribute('data-tip') ?? null,
             action: n.getAttribute('data-action'), w: r.width, h: r.height,
             left: r.left, right: r.right };
  });
  return {
    scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    scrollX: window.scrollX, places, over: document.getElementById('game-over') !== null,
    log: document.querySelectorAll('#log li').length,
    tips: board.querySelectorAll('[data-tip]').length,
  };
}"""


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def sit(server: str, game: str) -> tuple[str, int, str]:
    """A new table of `game` with a human seat 0 and random bots; returns (id, seat, token)."""
    seats = ["human"] + ["random"] * (OPTIONS[game]["players"] - 1)
    made = httpx.post(
        f"{server}/api/tables", json={"game": game, "options": OPTIONS[game], "seats": seats}
    )
    assert made.status_code in (200, 201), made.text
    table_id = made.json()["id"]
    joined = httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": "Ann", "seat": 0})
    assert joined.status_code in (200, 201), joined.text
    return table_id, joined.json()["seat"], joined.json()["token"]


def context_for(
    browser: Browser, viewport: ViewportSize, table_id: str, seat: int, token: str, phone: bool
) -> BrowserContext:
    """A browser context that holds the seat (as the lobby would have stored it)."""
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    stored = json.dumps({"seat": seat, "token": token})
    context.add_init_script(  # not at about:blank, whose storage is closed
        "try {"
        f"localStorage.setItem({json.dumps(f'langbord.seat.{table_id}')}, {json.dumps(stored)});"
        "localStorage.setItem('langbord.name', 'Ann');"
        "} catch { }"
    )
    return context


@pytest.fixture
def seated(
    server: str, browser: Browser, request: pytest.FixtureRequest
) -> Iterator[tuple[str, int, str, list[BrowserContext]]]:
    game = request.param
    table_id, seat, token = sit(server, game)
    contexts: list[BrowserContext] = []
    yield table_id, seat, token, contexts
    for context in contexts:
        context.close()  # their pages' errors fail the test: the browser fixture watches them


def offered_kinds(server: str, table_id: str, token: str) -> tuple[set[str], str]:
    """The kinds of the seat's legal actions and the table's status, as the server says."""
    table = httpx.get(
        f"{server}/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return {a["kind"] for a in table["legal"]}, table["status"]


@pytest.mark.parametrize("seated", ["skaal", "skibe"], indirect=True)
def test_a_whole_game_on_a_phone_through_the_board(
    server: str,
    browser: Browser,
    seated: tuple[str, int, str, list[BrowserContext]],
) -> None:
    table_id, seat, token, contexts = seated
    game = httpx.get(f"{server}/api/tables/{table_id}").json()["game"]
    url = f"{server}/#/table/{table_id}"

    # The desktop: what must be clicked first is above the fold.
    desk_context = context_for(browser, DESKTOP, table_id, seat, token, phone=False)
    contexts.append(desk_context)
    desk = desk_context.new_page()
    desk.goto(url)
    desk.wait_for_selector("#board [data-action]")
    shoot(desk, f"boards-{game}-1280-start")
    fold = desk.evaluate(
        "() => [...document.querySelectorAll('#board .clickable')]"
        ".map((n) => n.getBoundingClientRect().bottom)"
    )
    assert fold, "nothing to click on the board at 1280×800"
    assert max(fold) <= DESKTOP["height"], f"places to click below the fold at 1280×800: {fold}"

    phone_context = context_for(browser, PHONE, table_id, seat, token, phone=True)
    contexts.append(phone_context)
    page = phone_context.new_page()
    page.goto(url)
    page.wait_for_selector("#board svg")
    rng = random.Random(19)
    offered: set[str] = set()
    on_board: set[str] = set()
    decisions = 0
    shots = 0
    picked_shot = False
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        kinds, status = offered_kinds(server, table_id, token)
        if status == "over":
            break
        if not kinds:
            page.wait_for_timeout(60)
            continue
        # The board has caught up with the table when it offers something to click.
        page.wait_for_function(
            "() => document.querySelector('#board .clickable') !== null", timeout=10_000
        )
        state = page.evaluate(STATE_JS)
        assert state["scrollWidth"] <= state["innerWidth"], (
            f"the page is wider than the phone: {state['scrollWidth']}"
        )
        assert state["tips"] > 10, "components without data-tip"
        places = state["places"]
        for p in places:
            assert p["right"] <= state["innerWidth"] + 0.5, f"a place off the screen: {p}"
            assert min(p["w"], p["h"]) >= 43.5, f"a touch target under 44 px: {p}"
            assert p["tip"], f"a place without a data-tip explaining it: {p}"
        offered |= kinds
        on_board |= {p["kind"] for p in places if p["kind"]}
        if decisions in (2, 12) and shots < 2:
            shoot(page, f"boards-{game}-390-{'start' if shots == 0 else 'play'}")
            desk.reload()
            desk.wait_for_selector("#board svg")
            shoot(desk, f"boards-{game}-1280-{'board' if shots == 0 else 'play'}")
            shots += 1
        # A first step of two that leads to a kind not yet seen on the board, else any place.
        picks = [i for i, p in enumerate(places) if p["pick"] and not p["action"]]
        fresh = [i for i in picks if set(places[i]["pick"].split(",")) - on_board]
        direct = [i for i, p in enumerate(places) if p["action"]]
        unseen = [i for i in direct if places[i]["kind"] not in on_board]
        if fresh:
            choice = rng.choice(fresh)
        elif direct and (not picks or rng.random() < 0.6):
            choice = rng.choice(unseen or direct)
        else:
            assert picks, f"nothing to click on the board for {sorted(kinds)}"
            choice = rng.choice(picks)
        clicked = page.locator("#board .clickable").nth(choice)
        if places[choice]["action"]:
            decisions += 1
            click_and_wait(page, clicked)
        else:  # the first step is shown: the places it leads to are offered
            clicked.click()
            page.wait_for_function(
                """(kinds) => [...document.querySelectorAll('#board .clickable')].some((n) =>
                   kinds.includes(n.getAttribute('data-kind')) && n.hasAttribute('data-action')
                 )""",
                arg=places[choice]["pick"].split(","),
                timeout=10_000,
            )
            if not picked_shot:
                shoot(page, f"boards-{game}-390-picked")
                picked_shot = True
            state = page.evaluate(STATE_JS)
            on_board |= {p["kind"] for p in state["places"] if p["kind"]}
    else:
        pytest.fail("the game did not end in time")
    page.wait_for_selector("#game-over")
    shoot(page, f"boards-{game}-390-over")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert decisions > 5
    assert offered <= on_board, f"offered but never on the board: {sorted(offered - on_board)}"
