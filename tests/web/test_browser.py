"""The browser table in Debian's Chromium: a whole game of each game through clicks, two players
at one table, a reload mid-game, the replay viewer, phone-sized screens."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from web.conftest import SHOTS, click_and_wait

SEATS = {
    "skibe": ["human", "random", "random"],
    "skaal": ["human", "random", "random"],
    "knarr": ["human", "random"],
    "skoventyr": ["human"],
}


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fill_lobby(page: Page, server: str, game: str, seats: list[str]) -> None:
    """Opens the lobby and picks ``game``, its player count and who plays each seat."""
    page.goto(f"{server}/#/")
    page.select_option("#game", game)
    if page.locator("#options [name=players]").count():
        page.fill("#options [name=players]", str(len(seats)))
        page.locator("#options [name=players]").dispatch_event("change")
    selects = page.locator("#seats select")
    expect(selects).to_have_count(len(seats))
    for k, spec in enumerate(seats):
        selects.nth(k).select_option(spec)


def create_in_lobby(page: Page, server: str, game: str, seats: list[str], name: str = "Ann") -> str:
    """Fills the lobby's form and sits down; returns the table id."""
    fill_lobby(page, server, game, seats)
    page.fill("#name", name)
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    expect(page.locator("#board")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def log_length(page: Page) -> int:
    return page.locator("#log li").count()


def click_once(page: Page) -> bool:
    """Clicks one legal action, on the board if it offers one, else in the list; waits for the
    table to move on. False when the game is over."""
    deadline = time.monotonic() + 30
    while True:
        if page.locator("#game-over").is_visible():
            return False
        board = page.locator("#board [data-action]")
        listed = page.locator("#actions [data-action-list]")
        showing = page.locator("#showing").is_visible()  # moves still being shown: wait
        if not showing and (board.count() or listed.count()):
            break
        assert time.monotonic() < deadline, "no action became available"
        page.wait_for_timeout(50)
    if not board.count() and not listed.first.is_visible():
        page.click("#your-actions > summary")  # folded on a phone: a tap opens it
    click_and_wait(page, board.first if board.count() else listed.first)
    return True


# The longest games (Skåål's many rounds, Knarr's) play in the slow suite.
@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.slow) if g in ("skaal", "knarr") else g
        for g in sorted(SEATS)
    ],
)
def test_a_whole_game_through_clicks(server: str, page: Page, browser: Browser, game: str) -> None:
    create_in_lobby(page, server, game, SEATS[game])
    expect(page.locator("#prompt")).to_contain_text("Your move")
    shoot(page, f"{game}-board")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    small = phone.new_page()
    small.goto(page.url)
    expect(small.locator("#board")).to_be_visible()
    shoot(small, f"{game}-phone")
    phone.close()
    clicks = 0
    while click_once(page):
        clicks += 1
        assert clicks < 2000
    expect(page.locator("#result")).to_contain_text("Game over")
    expect(page.locator("#players")).to_contain_text("(you)")
    shoot(page, f"{game}-over")
    assert clicks > 0


def test_two_players_at_one_table(server: str, browser: Browser) -> None:
    first = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    table_id = create_in_lobby(first, server, "knarr", ["human", "human"], name="Ann")
    second = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    second.goto(f"{server}/#/")
    second.fill("#name", "Bo")
    expect(second.locator(f"[data-table='{table_id}']")).to_contain_text("free")
    second.click(f"[data-table='{table_id}'] [data-join='1']")
    second.wait_for_url(re.compile(rf"#/table/{table_id}"))
    expect(second.locator("#players")).to_contain_text("Bo (you)")
    expect(first.locator("#players")).to_contain_text("Bo")  # pushed to the first player
    for _ in range(8):
        mover = first if first.locator("#actions [data-action-list]").count() else second
        other = second if mover is first else first
        expect(mover.locator("#prompt")).to_contain_text("Your move")
        before = log_length(other)
        click_once(mover)
        other.wait_for_function(
            "(before) => document.querySelectorAll('#log li').length > before", arg=before
        )
        assert log_length(other) == log_length(mover)
    # Each sees their own hand, and only the size of the other's.
    for page, seat in ((first, 0), (second, 1)):
        text = page.locator("details pre.text").text_content() or ""
        assert re.search(rf"player {2 - seat}: .*\n\s+hand: \d+ cards?", text), text
    shoot(first, "two-players-first")
    shoot(second, "two-players-second")
    first.context.close()
    second.context.close()


def test_a_reload_resumes_the_game(server: str, page: Page) -> None:
    create_in_lobby(page, server, "skibe", ["human", "random", "random"])
    for _ in range(3):
        click_once(page)
    moves = log_length(page)
    page.reload()
    expect(page.locator("#players")).to_contain_text("Ann (you)")
    page.wait_for_function(
        "(moves) => document.querySelectorAll('#log li').length >= moves", arg=moves
    )
    assert click_once(page)


def test_the_replay_viewer(server: str, page: Page) -> None:
    created = httpx.post(
        f"{server}/api/tables",
        json={"game": "skibe", "options": {"players": 3}, "seats": ["random"] * 3},
    ).json()
    table_id = created["id"]
    deadline = time.monotonic() + 30
    while httpx.get(f"{server}/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    total = len(httpx.get(f"{server}/api/tables/{table_id}").json()["log"])
    page.goto(f"{server}/#/replay/{table_id}")
    expect(page.locator("#step-label")).to_have_text(f"step 0 of {total}")
    page.click("#next")
    expect(page.locator("#step-label")).to_have_text(f"step 1 of {total}")
    expect(page.locator("#log li.current")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-label")).to_have_text(f"step 2 of {total}")
    page.click("#last")
    expect(page.locator("#step-label")).to_have_text(f"step {total} of {total}")
    expect(page.locator("#board")).to_be_visible()
    shoot(page, "replay")
    page.locator("#slider").fill("5")
    expect(page.locator("#step-label")).to_have_text(f"step 5 of {total}")


@pytest.mark.console_errors("status of 409")  # the stale move's refusal, which it shows
def test_a_stale_click_shows_the_servers_message(server: str, browser: Browser) -> None:
    """Two tabs of the same seat, the second one deaf to the server's pushes: after the first
    tab's move, the second tab's click is refused with the server's message, not applied
    twice."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    one = context.new_page()
    table_id = create_in_lobby(one, server, "skibe", ["human", "random", "random"])
    expect(one.locator("#prompt")).to_contain_text("Your move")
    two = context.new_page()  # the same seat (the same stored token), in another tab
    two.route_web_socket(re.compile(r".*/ws(\?.*)?$"), lambda socket: None)  # never hears a push
    two.goto(one.url)
    expect(two.locator("#prompt")).to_contain_text("Your move")
    click_once(one)
    two.locator("#actions [data-action-list]").first.click()
    expect(two.locator("#error")).to_contain_text("is not the current move")
    log = httpx.get(f"{server}/api/tables/{table_id}").json()["log"]
    assert len([e for e in log if e["player"] == 0]) == 1  # applied once
    shoot(two, "stale-click")
    context.close()


def test_the_lobby_seats_the_level_a_new_player_meets(server: str, page: Page) -> None:
    """Seats after the first default to the level a new player should meet (``casual``, not the
    strongest and slowest), and each level's option says which spec it plays."""
    page.goto(f"{server}/#/")
    page.select_option("#game", "skibe")
    expect(page.locator("#seats select").nth(1)).to_have_value("casual")
    page.select_option("#game", "skoventyr")
    page.fill("#options [name=players]", "2")
    page.locator("#options [name=players]").dispatch_event("change")
    selects = page.locator("#seats select")
    expect(selects).to_have_count(2)
    expect(selects.nth(0)).to_have_value("human")
    expect(selects.nth(1)).to_have_value("casual")
    best = selects.nth(1).locator("option[value=best]")
    expect(best).not_to_have_attribute("title", re.compile(".*"))  # a spec only under Advanced
    advanced = selects.nth(1).locator("optgroup[data-advanced] option")
    expect(advanced.first).to_be_attached()


def test_the_lobby_names_options_for_players(server: str, page: Page) -> None:
    """Knarr's options read as words: their names and choices, the rulings behind them
    only on request and in their words, never a bare ruling id or a raw value."""
    page.goto(f"{server}/#/")
    page.select_option("#game", "knarr")
    options = page.locator("#options")
    expect(options.locator("label[for=option-boat]")).to_have_text("Boat side")
    expect(options.locator("#option-artifact option[value=mead_cup]")).to_have_text("Mead Cup")
    expect(options.locator("#option-boat option[value=random]")).to_have_text("At random")
    why = options.locator("details.rulings").first
    expect(why).not_to_have_attribute("open", "")
    seen = options.inner_text()
    assert "mead_cup" not in seen and "skali_board" not in seen, seen
    assert not re.search(r"\b[A-Z]{2}-\d+\b", seen), seen  # no id while the rulings are shut
    why.locator("summary").click()
    expect(why.locator("li").first).to_be_visible()
    page.select_option("#option-artifact", "mead_cup")
    assert page.locator("#option-artifact").input_value() == "mead_cup"  # the value sent


def test_a_hotseat_table_keeps_the_names_typed(server: str, page: Page) -> None:
    """With "Hotseat" ticked, each human seat gets a name field; the names typed are the
    players' at the table (the lobby's own name stands for the first seat left empty)."""
    fill_lobby(page, server, "knarr", ["human", "human"])
    names = page.locator("#seats input.seat-name")
    expect(names.first).to_be_hidden()
    page.check("#hotseat")
    expect(names).to_have_count(2)
    expect(names.nth(1)).to_be_visible()
    page.fill("#name", "Ann")
    names.nth(1).fill("Bo")
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    table = httpx.get(f"{server}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
    assert [p["name"] for p in table["players"]] == ["Ann", "Bo"]
