"""The table's page as a player meets it, at 1280x800 and 390x844: a friend sits down by the
shared link, the bots' moves are shown one after another, the turn bar stays in view, nothing
scrolls sideways on a phone, and a finished game ends in a ranking with its reason."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from web.conftest import SHOTS
from web.test_browser import create_in_lobby

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
SEATS = {
    "skibe": ["human", "random", "random"],
    "skaal": ["human", "random", "random"],
    "knarr": ["human", "random"],
    "skoventyr": ["human"],
}

# Elements wider than the screen, outside the board's own box (a board may scroll inside it).
TOO_WIDE = """(width) => {
  const out = [];
  for (const node of document.querySelectorAll("body *")) {
    if (node.closest("#board") || node.closest("details:not([open])")) continue;
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      out.push(`${node.tagName}#${node.id}.${node.className} ${box.left}..${box.right}`);
    }
  }
  return { scroll: document.documentElement.scrollWidth, out: out.slice(0, 10) };
}"""

# Touch targets lower than 44 px: visible buttons, selects, inputs and button links.
SMALL_TARGETS = """() => {
  const out = [];
  for (const node of document.querySelectorAll("button, select, input, a.button, summary")) {
    if (node.type === "checkbox" || node.closest("#board")) continue;
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (box.height < 43.5) out.push(`${node.tagName} ${node.id} ${node.textContent} ${box.height}`);
  }
  return out;
}"""


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def contexts() -> Iterator[list[BrowserContext]]:
    """Browser contexts a test opens (``open_page``), closed after it (their pages' errors fail
    the test: the ``browser`` fixture watches every page)."""
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def open_page(browser: Browser, made: list[BrowserContext], size: ViewportSize) -> Page:
    """A page in a new context (nothing stored) of ``size``."""
    context = browser.new_context(viewport=size, is_mobile=size is PHONE, has_touch=size is PHONE)
    made.append(context)
    return context.new_page()


def assert_fits(page: Page, width: int) -> None:
    found: dict[str, Any] = page.evaluate(TOO_WIDE, width)
    assert found["scroll"] <= width, found
    assert not found["out"], found


def test_a_friend_joins_by_the_shared_link(server: str, browser: Browser, contexts: Any) -> None:
    host = open_page(browser, contexts, DESKTOP)
    table_id = create_in_lobby(host, server, "knarr", ["human", "human"], name="Ann")
    bar = host.locator("#turn-bar")
    expect(bar).to_contain_text("Waiting for players")
    expect(bar).not_to_contain_text("to move")
    link = host.locator("#share-link").input_value()
    assert link.endswith(f"#/table/{table_id}")
    expect(host.locator("h1")).not_to_contain_text(table_id)  # the id only in the link
    shoot(host, "friend-host-waiting")

    friend = open_page(browser, contexts, PHONE)  # another browser, nothing stored
    friend.goto(link)
    expect(friend.locator("#turn-bar")).to_contain_text("Waiting for players")
    sit = friend.locator("#join [data-join='1']")
    expect(sit).to_have_text("Sit at Player 2")
    sit.click()  # no name yet: the page asks for one, in the page
    expect(friend.locator("#waiting .error")).to_contain_text("Type your name")
    shoot(friend, "friend-asked-for-a-name")
    friend.fill("#join-name", "Bo")
    sit.click()
    expect(friend.locator("#players")).to_contain_text("Bo (you)")
    expect(host.locator("#players")).to_contain_text("Bo")  # pushed to the host
    expect(friend.locator("#waiting")).to_be_hidden()
    expect(host.locator("#turn-bar")).to_contain_text(re.compile("Your turn|Player 2.s turn"))
    expect(friend.locator("#turn-bar")).to_contain_text(re.compile("Your turn|Player 1.s turn"))
    assert friend.evaluate("() => localStorage.getItem('langbord.name')") == "Bo"
    shoot(friend, "friend-seated-phone")


def test_the_bots_moves_are_shown_one_after_another(
    server: str, browser: Browser, contexts: Any
) -> None:
    page = open_page(browser, contexts, DESKTOP)
    create_in_lobby(page, server, "skaal", ["human", "random", "random"])
    expect(page.locator("#prompt")).to_contain_text("Your move")
    page.select_option("#speed", "normal")
    # Record every "Showing k of n" the bar says and whether the board marks a move meanwhile.
    page.evaluate(
        """() => {
          window.shown = [];
          const showing = document.getElementById("showing");
          new MutationObserver(() => {
            const board = document.getElementById("board");
            if (showing.textContent && !showing.hidden) window.shown.push({
              text: showing.textContent,
              marked: board.querySelectorAll(".last-move").length,
              replaying: board.classList.contains("replaying"),
            });
          }).observe(showing, { childList: true, characterData: true, subtree: true });
        }"""
    )
    page.locator("#actions [data-action-list]").first.click()
    expect(page.locator("#showing")).to_contain_text("Showing 2 of", timeout=30_000)
    shoot(page, "bots-moves-shown")
    expect(page.locator("#since li")).not_to_have_count(0)
    page.wait_for_function("() => window.shown.length >= 2")
    shown: list[dict[str, Any]] = page.evaluate("() => window.shown")
    steps = [re.match(r"Showing (\d+) of (\d+)", s["text"]) for s in shown]
    numbers = [int(m.group(1)) for m in steps if m]
    numbers = [n for k, n in enumerate(numbers) if k == 0 or numbers[k - 1] != n]  # redraws
    assert numbers[:2] == [1, 2], shown  # one after another, in turn
    assert all(s["replaying"] for s in shown), shown
    assert any(s["marked"] for s in shown), shown  # the move shown is marked on the board
    # The words of the shown moves name seats, not numbers.
    assert all("seat" not in s["text"].lower() for s in shown), shown
    # Once all is shown the board is live again, its last move still marked.
    expect(page.locator("#showing")).to_be_hidden(timeout=30_000)
    expect(page.locator("#board")).not_to_have_class(re.compile("replaying"))
    # Instant: the next moves are not paced.
    page.select_option("#speed", "instant")
    if page.locator("#actions [data-action-list]").count():
        logged = page.locator("#log li").count()
        page.locator("#actions [data-action-list]").first.click()
        page.wait_for_function(  # the move is on the board and in the log ...
            "(before) => document.querySelectorAll('#log li').length > before",
            arg=logged,
            timeout=30_000,
        )
        assert page.locator("#showing").is_hidden()  # ... and was not shown step by step


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_turn_bar_stays_in_view(
    server: str, browser: Browser, contexts: Any, game: str, size: str
) -> None:
    viewport = SIZES[size]
    page = open_page(browser, contexts, viewport)
    create_in_lobby(page, server, game, SEATS[game])
    expect(page.locator("#prompt")).to_contain_text("Your move")
    expect(page.locator("h1")).not_to_contain_text(re.compile(r"table|seat \d"))
    page.wait_for_function(  # scrolled to the bottom (again while the page grows), then measured
        """() => {
            const page = document.documentElement;
            window.scrollTo(0, page.scrollHeight);
            return Math.ceil(window.scrollY + window.innerHeight) >= page.scrollHeight - 1;
        }"""
    )
    box = page.locator("#turn-bar").bounding_box()
    assert box is not None
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= viewport["height"], box
    page.screenshot(path=str(SHOTS / f"bar-{game}-{size}-scrolled.png"))
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, f"table-{game}-{size}")
    if size == "phone":
        assert_fits(page, viewport["width"])
        small = page.evaluate(SMALL_TARGETS)
        assert not small, small


def test_nothing_scrolls_sideways_in_the_lobby_on_a_phone(
    server: str, browser: Browser, contexts: Any
) -> None:
    page = open_page(browser, contexts, PHONE)
    page.goto(f"{server}/#/")
    expect(page.locator("#new-table")).to_be_visible()
    for game in sorted(SEATS):
        page.select_option("#game", game)
        assert_fits(page, PHONE["width"])
    small = page.evaluate(SMALL_TARGETS)
    assert not small, small
    shoot(page, "lobby-phone")


def finished_table(server: str, game: str) -> str:
    seats = ["random"] * len(SEATS[game])
    body: dict[str, Any] = {"game": game, "options": {"players": len(seats)}, "seats": seats}
    if game == "skoventyr":
        body["options"] = {}
    made = httpx.post(f"{server}/api/tables", json=body)
    assert made.status_code == 201, made.text
    table_id: str = made.json()["id"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server}/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table_id


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_game_end_panel(server: str, browser: Browser, contexts: Any, game: str) -> None:
    table_id = finished_table(server, game)
    table = httpx.get(f"{server}/api/tables/{table_id}").json()
    for size, viewport in SIZES.items():
        page = open_page(browser, contexts, viewport)
        page.goto(f"{server}/#/table/{table_id}")
        result = page.locator("#result")
        expect(result).to_be_visible()
        expect(page.locator("#turn-bar")).to_contain_text("Game over")
        expect(page.locator("#headline")).to_contain_text(re.compile("wins|win"))
        rows = page.locator("#ranking tbody tr")
        expect(rows).to_have_count(len(table["players"]))
        scores = [float(s) for s in page.locator("#ranking tbody td.num").all_text_contents()]
        winners = set(table["result"]["winners"])
        seats = [int(s) for s in rows.evaluate_all("(rows) => rows.map((r) => r.dataset.seat)")]
        assert [s in winners for s in seats] == sorted((s in winners for s in seats), reverse=True)
        assert "seat 0" not in (result.text_content() or "")
        # Words only: the rulings behind the end are shown on request, in their words.
        assert not re.search(r"\b[A-Z]{2}-\d+\b", result.inner_text()), result.inner_text()
        if table["result"]["rulings"]:
            why = result.locator("details.rulings")
            why.locator("summary").click()
            expect(why.locator("li")).to_have_count(len(table["result"]["rulings"]))
            expect(why.locator("li").first).to_have_text(table["result"]["rulings"][0]["text"])
            why.locator("summary").click()
        if table["result"].get("reason"):
            expect(page.locator("#reason")).to_be_visible()
        if table["result"].get("breakdown"):
            expect(page.locator("#breakdown")).to_be_visible()
        expect(page.locator("#replay-link")).to_be_visible()
        expect(page.locator("#new-table-link")).to_have_attribute("href", f"#/?game={game}")
        assert len(scores) == len(seats)
        # The panel is above the board: on a phone the winner is seen without scrolling past it.
        panel = result.bounding_box()
        board = page.locator("#board").bounding_box()
        assert panel is not None and board is not None and panel["y"] < board["y"]
        shoot(page, f"end-{game}-{size}")
        if size == "phone":
            assert_fits(page, viewport["width"])
        page.click("#new-table-link")
        expect(page.locator("#game")).to_have_value(game)


def test_the_log_reads_in_words_and_notation_only_when_asked(
    server: str, browser: Browser, contexts: Any
) -> None:
    """The log, "since your turn" and the action buttons speak in words; the "Notation"
    setting adds each move's notation (in brackets in the log, small on the buttons), and the
    device remembers it."""
    page = open_page(browser, contexts, DESKTOP)
    table_id = create_in_lobby(page, server, "skibe", ["human", "random", "random"])
    expect(page.locator("#prompt")).to_contain_text("Your move")
    page.select_option("#speed", "instant")
    table = httpx.get(f"{server}/api/tables/{table_id}").json()
    moved = len(table["log"])
    page.locator("#actions [data-action-list]").first.click()
    page.wait_for_function(
        "(before) => document.querySelectorAll('#log li').length > before", arg=moved
    )
    log = httpx.get(f"{server}/api/tables/{table_id}").json()["log"]
    told = [e for e in log if e["words"] != e["action"]]
    assert told, log  # Skibe's moves have words of their own
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) >= len(told)
    for entry in told:
        assert any(entry["words"] in line for line in lines), (entry, lines)
    assert not any("[" in line for line in lines), lines
    expect(page.locator("#actions small.notation")).to_have_count(0)

    toggle = page.locator("#show-notation")
    expect(toggle).not_to_be_checked()
    toggle.check()
    expect(page.locator("#log li").filter(has_text=f"[{told[0]['action']}]")).not_to_have_count(0)
    if page.locator("#actions [data-action-list]").count():
        expect(page.locator("#actions small.notation")).not_to_have_count(0)
    page.reload()
    expect(page.locator("#show-notation")).to_be_checked()
    expect(page.locator("#log li").filter(has_text=f"[{told[0]['action']}]")).not_to_have_count(0)
    page.locator("#show-notation").uncheck()
    expect(page.locator("#log li").filter(has_text="[")).to_have_count(0)


@pytest.mark.parametrize("game", ["knarr", "skoventyr"])
def test_a_tap_on_the_board_skips_the_moves_shown(
    server: str, browser: Browser, contexts: Any, game: str
) -> None:
    """While the others' moves are shown the bar does not say "Your move" (nothing can be
    chosen); a tap on the board goes to the table as it is now, in every game."""
    page = open_page(browser, contexts, DESKTOP)
    create_in_lobby(page, server, game, SEATS[game])
    expect(page.locator("#prompt")).to_contain_text("Your move", timeout=30_000)
    page.select_option("#speed", "slow")
    for _ in range(20):  # moves until the others' (or chance's) are shown after one
        page.locator("#actions [data-action-list]").first.click()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        try:
            expect(page.locator("#showing")).to_be_visible(timeout=5_000)
            break
        except AssertionError:
            expect(page.locator("#prompt")).to_contain_text("Your move", timeout=30_000)
    else:
        pytest.fail("no move of another seat or of chance was shown")
    expect(page.locator("#prompt")).not_to_contain_text("Your move")
    expect(page.locator("#turn-bar")).to_contain_text("tap the board")
    page.locator("#board").click(position={"x": 5, "y": 5})
    expect(page.locator("#showing")).to_be_hidden(timeout=3_000)
    expect(page.locator("#board")).not_to_have_class(re.compile("replaying"))
    if page.locator("#actions [data-action-list]").count():
        expect(page.locator("#prompt")).to_contain_text("Your move")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_play_now_starts_each_game_in_one_tap(
    server: str, browser: Browser, contexts: Any, size: str
) -> None:
    """Every game's "Play now" is on the first screen, at both sizes; one tap starts a table of
    it against bots at the level a new player meets, the player seated and to move or to wait."""
    viewport = SIZES[size]
    games = httpx.get(f"{server}/api/games").json()["games"]
    page = open_page(browser, contexts, viewport)
    page.goto(f"{server}/#/")
    for game in games:
        button = page.locator(f"[data-play-now={game['name']}]")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= viewport["height"], (game, box)
    shoot(page, f"play-now-{size}")
    if size == "phone":
        assert_fits(page, viewport["width"])
    for game in games:
        page.goto(f"{server}/#/")
        page.locator(f"[data-play-now={game['name']}]").click()
        page.wait_for_url(re.compile(r"#/table/"))
        table_id = page.url.rsplit("/", 1)[1]
        table = httpx.get(f"{server}/api/tables/{table_id}").json()
        assert table["game"] == game["name"] and table["status"] == "playing"
        kinds = [p["bot"] or p["kind"] for p in table["players"]]
        assert kinds[0] == "human" and set(kinds[1:]) <= {game["first_level"]}, kinds
        expect(page.locator("#players")).to_contain_text("(you)")
