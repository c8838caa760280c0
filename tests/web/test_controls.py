"""The table's controls in Debian's Chromium, at a phone's size (390x844, touch) and a desktop's
(1280x800): undo (and its request at a table of several humans), hint, chat, hotseat, the
confirmation of a choice that forgoes something, the board's zoom, the rules panel and
tooltips. Every control is at least 44 px high and wide; any page or console error fails.

The server's side of undo, hint, chat, hotseat and the rules (the API contract of issue 19) is
played here by Playwright's ``page.route``: the table's JSON is the real server's with the
contract's fields added (``undo``, ``chat``, ``hotseat``), and the new endpoints answer as the
contract says, recording what the page sent. The WebSocket is closed at once, so the page
polls the table (through the same route) and sees what the test sets.
"""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Request, Route, expect

from web.conftest import SHOTS

SIZES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
FORGOING = {"pass", "skip", "done", "end turn"}


@dataclass
class Contract:
    """The contract's endpoints as a test sets them up; `calls` is what the page sent."""

    undo: dict[str, Any] = field(default_factory=lambda: {"available": False, "request": None})
    chat: list[dict[str, Any]] = field(default_factory=list)
    hotseat: bool = False
    hint: Callable[[dict[str, Any]], tuple[int, dict[str, Any]]] | None = None
    calls: list[tuple[str, str, Any, str | None]] = field(default_factory=list)
    last: dict[str, Any] = field(default_factory=dict)
    server: str = ""
    deaf: bool = False  # the WebSocket stays open and silent: no polling, the board stays still

    def record(self, request: Request) -> None:
        body = json.loads(request.post_data) if request.post_data else None
        self.calls.append((request.method, request.url, body, request.headers.get("authorization")))

    def called(self, method: str, tail: str) -> list[tuple[str, str, Any, str | None]]:
        return [c for c in self.calls if c[0] == method and c[1].endswith(tail)]

    def table(self, route: Route, request: Request) -> None:
        if request.method != "GET":
            route.fallback()
            return
        response = route.fetch()
        data = response.json()
        if response.ok:
            data.update(undo=self.undo, chat=self.chat, hotseat=self.hotseat)
            self.last = data
        route.fulfill(response=response, json=data)

    def chat_post(self, route: Route, request: Request) -> None:
        self.record(request)
        text = json.loads(request.post_data or "{}")["text"]
        you = self.last.get("you") or 0
        name = self.last["players"][you].get("name") or "someone"
        self.chat.append(
            {
                "n": len(self.chat),
                "seat": you,
                "name": name,
                "text": text,
                "at": "2026-12-01T12:03:00Z",
            }
        )
        route.fulfill(status=201, json={"n": len(self.chat) - 1})

    def undo_post(self, route: Route, request: Request) -> None:
        self.record(request)
        route.fulfill(json={"undone": 1})

    def hint_get(self, route: Route, request: Request) -> None:
        self.record(request)
        assert self.hint is not None
        status, body = self.hint(self.last)
        route.fulfill(status=status, json=body)

    def rules_get(self, route: Route, request: Request) -> None:
        self.record(request)
        route.fulfill(
            json={
                "title": "Knarr",
                "card": "Knarr: 2-4 players recruit Vikings and explore.\n"
                "The first to 40 points wins.",
                "notation": ["take d2 — take the card in slot d2", "end — end the turn"],
                "rulings": [{"id": "KN-1", "text": "<b>A trade</b> needs the goods in hand."}],
                "guide": {
                    "summary": "Recruit Vikings, explore and trade.",
                    "sections": [
                        {
                            "kind": kind,
                            "heading": f"The {kind}",
                            "paragraphs": ["The first to 40 points wins."]
                            if kind == "goal"
                            else [f"What the {kind} is."],
                            "picture": None,
                        }
                        for kind in ("goal", "setup", "turn", "scoring", "end")
                    ],
                    "clarifications": [
                        {"ruling": "KN-1", "text": "<b>A trade</b> needs the goods in hand."}
                    ],
                },
            }
        )

    def install(self, page: Page) -> None:
        page.route_web_socket(
            re.compile(r".*/ws(\?.*)?$"), lambda socket: None if self.deaf else socket.close()
        )
        page.route(re.compile(r".*/api/tables/[^/]+$"), self.table)
        page.route(re.compile(r".*/api/tables/[^/]+/chat$"), self.chat_post)
        page.route(re.compile(r".*/api/tables/[^/]+/undo(/answer)?$"), self.undo_post)
        page.route(re.compile(r".*/api/tables/[^/]+/hint$"), self.hint_get)
        page.route(re.compile(r".*/api/games/[^/]+/rules$"), self.rules_get)


@dataclass
class Table:
    page: Page
    contract: Contract
    size: str


@pytest.fixture(params=sorted(SIZES))
def at(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Table]:
    """A page at each size with the contract stubbed; page and console errors fail the test."""
    size = request.param
    context = browser.new_context(**SIZES[size])
    page = context.new_page()  # its errors fail the test (the browser fixture watches it)
    contract = Contract(server=server)
    contract.install(page)
    yield Table(page, contract, size)
    context.close()


def shoot(table: Table, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    table.page.screenshot(path=str(SHOTS / f"controls-{name}-{table.size}.png"), full_page=True)


def create(table: Table, game: str, seats: list[str], hotseat: bool = False) -> str:
    page = table.page
    page.goto(f"{table.contract.server}/#/")
    page.select_option("#game", game)
    if page.locator("#options [name=players]").count():
        page.fill("#options [name=players]", str(len(seats)))
        page.locator("#options [name=players]").dispatch_event("change")
    selects = page.locator("#seats select")
    expect(selects).to_have_count(len(seats))
    for k, spec in enumerate(seats):
        selects.nth(k).select_option(spec)
    page.fill("#name", "Ann")
    if hotseat:
        page.check("#hotseat")
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    expect(page.locator("#board")).to_be_attached()  # hidden at once by a hotseat's hand-over
    expect(page.locator("#controls")).to_be_attached()
    wait_for(page, lambda: bool(table.contract.last), "the table was fetched")
    return page.url.rsplit("/", 1)[1]


def wait_for(page: Page, condition: Callable[[], bool], what: str, seconds: float = 30) -> None:
    """Waits on the page's clock: the routes' handlers run only while Playwright waits."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out: {what}"
        page.wait_for_timeout(50)


def my_turn(table: Table) -> dict[str, Any]:
    """Waits until the seat has a decision (bots move between), returns the table."""

    wait_for(table.page, lambda: bool(table.contract.last.get("legal")), "the seat's turn")
    return table.contract.last


def unfold(page: Page, panel: str) -> None:
    """Opens the side panel `panel` (a selector) if it is folded, as on a phone, with a tap on
    its heading."""
    if page.locator(panel).evaluate("(d) => !d.open"):
        page.locator(f"{panel} > summary").click()


def choose(table: Table, action: dict[str, Any], confirm: bool = True) -> None:
    """Clicks `action` in the list of actions and waits for the move (saying yes if asked)."""
    before = table.contract.last["move"]
    unfold(table.page, "#your-actions")
    table.page.locator(f'#actions [data-action-list="{action["id"]}"]').click()
    if confirm and table.page.locator("#confirm").count():
        table.page.click("#confirm-yes")
    wait_for(table.page, lambda: table.contract.last["move"] > before, "the move was taken")


def big_enough(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["height"] >= 44 and box["width"] >= 44, (selector, box)


def no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page scrolls sideways by {wide} px"


def test_undo_at_a_table_with_a_bot_and_when_others_are_asked(at: Table) -> None:
    page, contract = at.page, at.contract
    create(at, "knarr", ["human", "random"])
    expect(page.locator("#undo")).to_be_disabled()
    for selector in ("#undo", "#hint", "#rules", "#zoom-in", "#zoom-out", "#zoom-reset"):
        big_enough(page, selector)
    contract.undo = {"available": True, "request": None}
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    wait_for(page, lambda: bool(contract.called("POST", "/undo")), "the undo was sent")
    token = contract.called("POST", "/undo")[0][3]
    assert token and token.startswith("Bearer ")
    # At a table of several humans: another asks, this seat answers.
    contract.undo = {"available": False, "request": {"by": 1, "moves": 2, "waiting_for": [0]}}
    expect(page.locator("#undo-request")).to_contain_text("random asks to take back 2 decisions")
    # The turn bar, which stays on screen, says so too, and leads to the answer.
    expect(page.locator("#bar-undo")).to_contain_text("random asks to take back 2 decisions")
    page.click("#bar-undo-answer")
    expect(page.locator("#undo-accept")).to_be_focused()
    expect(page.locator("#undo-accept")).to_be_in_viewport()
    expect(page.locator("#undo")).to_be_disabled()
    big_enough(page, "#undo-accept")
    big_enough(page, "#undo-refuse")
    no_sideways_scroll(page)
    shoot(at, "undo-asked")
    page.click("#undo-accept")
    wait_for(page, lambda: bool(contract.called("POST", "/undo/answer")), "the answer was sent")
    assert contract.called("POST", "/undo/answer")[0][2] == {"accept": True}
    contract.undo = {"available": False, "request": {"by": 1, "moves": 1, "waiting_for": [0]}}
    expect(page.locator("#undo-request")).to_contain_text("1 decision")
    page.click("#undo-refuse")
    wait_for(
        page, lambda: len(contract.called("POST", "/undo/answer")) == 2, "the refusal was sent"
    )
    assert contract.called("POST", "/undo/answer")[1][2] == {"accept": False}
    # This seat asked: it waits, and cannot answer itself.
    contract.undo = {"available": False, "request": {"by": 0, "moves": 1, "waiting_for": [1]}}
    expect(page.locator("#undo-request")).to_contain_text(
        "You asked to take back 1 decision: waiting for random"
    )
    expect(page.locator("#undo-accept")).to_be_hidden()
    expect(page.locator("#bar-undo-answer")).to_be_hidden()
    contract.undo = {"available": False, "request": None}
    expect(page.locator("#undo-request")).to_be_hidden()
    expect(page.locator("#bar-undo")).to_be_hidden()


def test_a_hint_in_words_with_its_chance_marked_on_the_board(at: Table) -> None:
    page, contract = at.page, at.contract
    create(at, "skibe", ["human", "random", "random"])
    my_turn(at)
    expect(page.locator("#board [data-action]").first).to_be_visible()
    on_board = int(page.locator("#board [data-action]").first.get_attribute("data-action") or -1)
    suggested = next(a for a in contract.last["legal"] if a["id"] == on_board)

    def answer(_table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        # Another id than the page's: the page finds the action by its kind and arguments.
        return 200, {
            "action": {**suggested, "id": 10_000},
            "win_chance": 0.634,
            "agent": "mcts",
            "seconds": 1.24,
        }

    contract.hint = answer
    expect(page.locator("#hint")).to_be_enabled()
    page.click("#hint")
    said = suggested.get("words") or suggested["text"]  # in words, the notation beside them
    expect(page.locator("#hint-result")).to_contain_text(f"Suggested: {said}")
    expect(page.locator("#hint-result")).to_contain_text(suggested["text"])
    expect(page.locator("#hint-result")).to_contain_text("63 % chance of winning")
    expect(page.locator(f'#board [data-action="{on_board}"]')).to_have_class(
        re.compile("ctl-hinted")
    )
    expect(page.locator(f'#actions [data-action-list="{on_board}"]')).to_have_class(
        re.compile("ctl-hinted")
    )
    no_sideways_scroll(page)
    shoot(at, "hint")
    # The mark goes with the decision it was for.
    choose(at, suggested)
    expect(page.locator("#hint-result")).to_be_hidden()
    expect(page.locator(".ctl-hinted")).to_have_count(0)


@pytest.mark.console_errors("status of 403")  # the refusal it provokes, shown to the player
def test_hints_off_at_the_table(at: Table) -> None:
    page, contract = at.page, at.contract
    create(at, "knarr", ["human", "random"])
    my_turn(at)
    contract.hint = lambda _t: (403, {"detail": "hints are off at this table"})
    page.click("#hint")
    expect(page.locator("#hint-result")).to_contain_text("Hints are off at this table.")
    expect(page.locator("#hint")).to_be_hidden()


def test_chat_is_text_only_and_length_limited(at: Table) -> None:
    page, contract = at.page, at.contract
    create(at, "knarr", ["human", "random"])
    expect(page.locator("#chat-log")).to_contain_text("No messages yet.")
    unfold(page, "#chat")  # folded under the board on a phone
    big_enough(page, "#chat-send")
    big_enough(page, "#chat-text")
    page.click("#chat-send")  # empty: refused here, not sent
    expect(page.locator("#chat-error")).to_contain_text("Type a message first")
    hostile = '<img src=x onerror="document.title=1"><b>bold</b>'
    page.fill("#chat-text", f"  {hostile}  ")
    page.press("#chat-text", "Enter")
    expect(page.locator("#chat-log li")).to_contain_text(hostile)
    expect(page.locator("#chat-log img, #chat-log b")).to_have_count(0)
    assert contract.called("POST", "/chat")[0][2] == {"text": hostile}
    expect(page.locator("#chat-text")).to_have_value("")
    # The input holds at most 300 characters; a message of 300 goes.
    page.fill("#chat-text", "x" * 320)
    assert len(page.input_value("#chat-text")) == 300
    page.click("#chat-send")
    expect(page.locator("#chat-log li")).to_have_count(2)
    # Another seat's message comes with the table.
    contract.chat.append(
        {"n": 2, "seat": 1, "name": "random", "text": "skål!", "at": "2026-12-01T12:04:00Z"}
    )
    expect(page.locator("#chat-log li").last).to_contain_text("skål!")
    assert len(contract.called("POST", "/chat")) == 2
    page.locator("#chat").scroll_into_view_if_needed()
    no_sideways_scroll(page)
    shoot(at, "chat")


def test_a_choice_that_forgoes_something_is_confirmed(at: Table) -> None:
    """Knarr: ending the turn while a trade could still be made asks first."""
    page, contract = at.page, at.contract
    create(at, "knarr", ["human", "random"])
    for _ in range(200):
        table = my_turn(at)
        kinds = {a["kind"] for a in table["legal"]}
        forgoing = [a for a in table["legal"] if a["kind"] in FORGOING]
        if forgoing and kinds - FORGOING:
            break
        # Onwards with a choice that gives nothing up (else the first one).
        others = [a for a in table["legal"] if a["kind"] not in FORGOING] or table["legal"]
        choose(at, others[-1])
    else:
        pytest.fail("no choice that forgoes something came up")
    end = forgoing[0]
    before = table["move"]
    page.locator(f'#actions [data-action-list="{end["id"]}"]').click()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm")).to_contain_text("You could still")
    said = page.locator("#confirm").inner_text()  # in the actions' words, not their kinds
    assert any(a["words"] in said for a in table["legal"] if a["kind"] not in FORGOING), said
    assert end["words"][0].upper() + end["words"][1:] in said, said
    big_enough(page, "#confirm-yes")
    big_enough(page, "#confirm-no")
    no_sideways_scroll(page)
    shoot(at, "confirm")
    sent: list[str] = []  # the moves the page posts from here on, in order
    page.on(
        "request",
        lambda r: (
            sent.append(r.post_data or "")
            if r.method == "POST" and r.url.endswith("/actions")
            else None
        ),
    )
    page.click("#confirm-no")
    expect(page.locator("#confirm")).to_have_count(0)
    # Asked again on the board's place for it, if the board has one; yes sends it.
    placed = page.locator(f'#board [data-action="{end["id"]}"]')
    (
        placed if placed.count() else page.locator(f'#actions [data-action-list="{end["id"]}"]')
    ).click()
    expect(page.locator("#confirm")).to_be_visible()
    page.click("#confirm-yes")
    wait_for(page, lambda: contract.last["move"] > before, "the confirmed move was taken")
    # The page posts in order: the confirmed move is the only one, so going back sent none.
    wait_for(page, lambda: bool(sent), "the confirmed move was posted")
    assert len(sent) == 1, f"going back sent the move: {sent}"
    # A choice that forgoes nothing is not asked.
    table = my_turn(at)
    plain = [a for a in table["legal"] if a["kind"] not in FORGOING]
    if plain:
        choose(at, plain[0], confirm=False)


def test_the_boards_zoom_is_remembered_on_the_device(at: Table) -> None:
    page = at.page
    create(at, "skibe", ["human", "random", "random"])
    expect(page.locator("#zoom-reset")).to_have_text("100 %")
    expect(page.locator("#board svg")).to_be_visible()
    # Measured in one step in the page: the bots' moves may draw the board anew meanwhile.
    measure = "() => document.querySelector('#board svg').getBoundingClientRect().width"
    width = page.evaluate(measure)
    page.click("#zoom-in")
    page.click("#zoom-in")
    expect(page.locator("#zoom-reset")).to_have_text("125 %")
    zoomed = page.evaluate(measure)
    assert zoomed > width * 1.2, (width, zoomed)
    no_sideways_scroll(page)  # the board scrolls in its box, not the page
    shoot(at, "zoom")
    page.reload()
    expect(page.locator("#zoom-reset")).to_have_text("125 %")
    page.click("#zoom-reset")
    expect(page.locator("#zoom-reset")).to_have_text("100 %")
    for _ in range(12):
        page.click("#zoom-out") if page.locator("#zoom-out").is_enabled() else None
    expect(page.locator("#zoom-reset")).to_have_text("50 %")
    expect(page.locator("#zoom-out")).to_be_disabled()
    no_sideways_scroll(page)


def test_the_rules_panel_from_the_table(at: Table) -> None:
    page = at.page
    create(at, "knarr", ["human", "random"])
    page.click("#rules")
    panel = page.locator("#rules-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Rules: Knarr")
    expect(panel).to_contain_text("The first to 40 points wins.")
    expect(panel.locator(".guide-section h3")).to_have_count(5)
    clarification = panel.locator("[data-ruling=KN-1]")
    expect(clarification).to_have_text("<b>A trade</b> needs the goods in hand.")  # as text
    expect(panel).not_to_contain_text("KN-1")  # the id stays out of a player's sight
    notation = panel.locator(".ctl-notation")
    expect(notation).to_be_hidden()  # notation only on request
    panel.locator(".ctl-notation-box summary").click()
    expect(notation).to_contain_text("take d2")
    box = panel.bounding_box()
    width = SIZES[at.size]["viewport"]["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    big_enough(page, "#rules-close")
    shoot(at, "rules")
    page.click("#rules-close")
    expect(panel).to_have_count(0)
    page.click("#rules")
    expect(page.locator("#rules-panel")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#rules-panel")).to_have_count(0)


def test_tooltips_on_hover_and_on_tap(at: Table) -> None:
    page = at.page
    at.contract.deaf = True  # the board is not drawn again under the tip
    create(at, "knarr", ["human", "random"])
    expect(page.locator("#board svg")).to_be_visible()
    # A board component with a tip, as the boards give them.
    page.evaluate(
        "(tip) => document.querySelector('#board svg > text').setAttribute('data-tip', tip)",
        "A Viking card: recruit it to your crew",
    )
    part = page.locator('#board [data-tip="A Viking card: recruit it to your crew"]')
    tip = page.locator("#tip")
    if at.size == "phone":
        part.tap(force=True)
        expect(tip).to_be_visible()
        expect(tip).to_have_text("A Viking card: recruit it to your crew")
        shoot(at, "tip")
        page.locator(".table-title").tap()
        expect(tip).to_be_hidden()
        page.locator("#zoom-reset").tap()
        expect(tip).to_contain_text("Board size")
        page.locator(".table-title").tap()
        expect(tip).to_be_hidden()
    else:
        # The table page scrolls to the top as it opens: let that scroll's event come (two
        # frames) before the hover, since a scroll of the page hides a tip it finds shown.
        part.scroll_into_view_if_needed()
        frames = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
        page.evaluate(frames)
        part.hover(force=True)
        expect(tip).to_be_visible()
        expect(tip).to_have_text("A Viking card: recruit it to your crew")
        shoot(at, "tip")
        page.mouse.move(5, 5)
        expect(tip).to_be_hidden()
        page.hover("#zoom-reset")
        expect(tip).to_contain_text("Board size")
        page.locator("#zoom-reset").focus()
        expect(tip).to_be_visible()
        page.keyboard.press("Escape")
        expect(tip).to_be_hidden()
    box = tip.bounding_box() if tip.is_visible() else None
    assert box is None or box["x"] >= 0


def test_hotseat_passes_the_device_between_two_humans(at: Table) -> None:
    page, contract = at.page, at.contract
    seat_tokens: dict[str, str] = {}

    def created(route: Route, request: Request) -> None:
        """The contract's creation with ``hotseat``: the creator gets every human seat's token."""
        if request.method != "POST":
            route.fallback()
            return
        body = json.loads(request.post_data or "{}")
        assert body.pop("hotseat") is True
        made = httpx.post(f"{contract.server}/api/tables", json=body).json()
        for seat, name in ((0, "Ann"), (1, "Bo")):
            joined = httpx.post(
                f"{contract.server}/api/tables/{made['id']}/join", json={"name": name, "seat": seat}
            ).json()
            seat_tokens[str(seat)] = joined["token"]
        route.fulfill(status=201, json={"id": made["id"], "tokens": seat_tokens})

    page.route(re.compile(r".*/api/tables$"), created)
    contract.hotseat = True
    page.goto(f"{contract.server}/#/")
    big_enough(page, "label:has(#hotseat)")
    create(at, "knarr", ["human", "human"], hotseat=True)
    pass_screen = page.locator("#pass-device")
    shown: list[int] = []
    for _ in range(3):  # three hand-overs

        def someone_moves() -> bool:
            if pass_screen.count():
                return True
            return bool(contract.last.get("legal"))

        wait_for(page, someone_moves, "a decision or a hand-over")
        if not pass_screen.count():
            seat = contract.last["you"]
            while contract.last["to_move"] == seat and not pass_screen.count():
                legal = contract.last["legal"]
                choose(at, legal[0])
        expect(pass_screen).to_be_visible()
        # Nothing of the table shows: the screen covers the viewport and the page is inert.
        box = pass_screen.bounding_box()
        viewport = SIZES[at.size]["viewport"]
        assert box == {"x": 0, "y": 0, "width": viewport["width"], "height": viewport["height"]}
        assert page.evaluate("document.getElementById('main').inert")
        assert (
            page.evaluate("getComputedStyle(document.getElementById('main')).visibility")
            == "hidden"
        )
        big_enough(page, "#pass-ready")
        if not shown:
            shoot(at, "hotseat-pass")
        to = contract.last["to_move"]
        expect(pass_screen).to_contain_text(["Ann", "Bo"][to])
        page.click("#pass-ready")
        expect(pass_screen).to_have_count(0)
        seen = functools.partial(lambda seat: contract.last.get("you") == seat, to)
        wait_for(page, seen, "the table as the next seat")
        expect(page.locator("#players")).to_contain_text(f"{['Ann', 'Bo'][to]} (you)")
        assert page.evaluate("document.getElementById('main').inert") is False
        shown.append(to)
    assert set(shown) == {0, 1}
    no_sideways_scroll(page)
    shoot(at, "hotseat-next")
