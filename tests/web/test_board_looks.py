"""How the four boards look and move in Debian's Chromium, at 1280×800 and at 390×844, at the
start, the middle and the end of a game: every board text is readable as drawn (12 px on a
desktop, 13 px on a phone, after the board's scale), no two of a board's texts overlap, and a
move shown runs an animation unless the player asked for reduced motion. Screenshots of every
board at both sizes and the three stages are in tests/web/screenshots/ (``looks-*.png``)."""

from __future__ import annotations

import json
import random
import time
from typing import Any, Literal

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from web.conftest import SHOTS, click_and_wait

OPTIONS: dict[str, dict[str, Any]] = {
    "skaal": {"players": 3},
    "skibe": {"players": 3},
    "knarr": {"players": 3},
    "skoventyr": {"players": 2},
}
SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}
SMALLEST = {"desktop": 12.0, "phone": 13.0}
"""The smallest board text a player can read, in CSS px as drawn."""
Stage = Literal["start", "middle", "end"]
STAGES: tuple[Stage, ...] = ("start", "middle", "end")
MIDDLE = 15
"""The seat's decisions played before the middle of a game is looked at."""

# The board's texts as drawn: their size after the board's scale and their boxes (a function,
# not a string: the page's CSP forbids eval). A text drawn at no size (hidden) is left out, and
# so are the points flying to a score (they go when their flight ends).
TEXTS_JS = """() => {
  const svg = document.querySelector('#board svg');
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()
    && !t.classList.contains('lb-points') && t.getBoundingClientRect().width > 0);
  return texts.map((t) => {
    const m = t.getScreenCTM();
    const r = t.getBoundingClientRect();
    const scale = m ? Math.hypot(m.a, m.b) : 1;
    return { text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize) * scale,
             box: [r.left, r.top, r.right, r.bottom] };
  });
}"""

# The page's and the board's lengths, in CSS px.
LENGTHS_JS = """() => ({
  page: document.documentElement.scrollHeight,
  board: Math.round(document.querySelector('#board svg').getBoundingClientRect().height),
})"""

# Every animation the page runs from now on, as "css:NAME" or "waapi:WHAT" (what it moves).
WATCH_JS = """() => {
  window.lbSeen = [];
  const what = (a) => {
    const t = a.effect && a.effect.target;
    if (!t) return '?';
    for (const name of ['data-piece', 'data-from', 'data-reveal', 'data-roll', 'data-score']) {
      if (t.hasAttribute(name)) return name;
    }
    return t.getAttribute('class') || t.tagName;
  };
  const tick = () => {
    for (const a of document.getAnimations()) {
      const seen = (a instanceof CSSAnimation ? 'css:' + a.animationName : 'waapi:') + what(a);
      if (!window.lbSeen.includes(seen)) window.lbSeen.push(seen);
    }
    requestAnimationFrame(tick);
  };
  tick();
}"""


def sit(server: str, game: str) -> tuple[str, str]:
    """A new table of `game`, a human in the first seat and random bots; (id, token)."""
    seats = ["human"] + ["random"] * (OPTIONS[game]["players"] - 1)
    made = httpx.post(
        f"{server}/api/tables", json={"game": game, "options": OPTIONS[game], "seats": seats}
    )
    assert made.status_code in (200, 201), made.text
    table_id = str(made.json()["id"])
    joined = httpx.post(f"{server}/api/tables/{table_id}/join", json={"name": "Ann", "seat": 0})
    assert joined.status_code in (200, 201), joined.text
    return table_id, str(joined.json()["token"])


def play_to(server: str, table_id: str, token: str, stage: Stage, seed: int) -> None:
    """Plays the seat's decisions at random until `stage`: none for the start, MIDDLE for the
    middle (stopping where the seat has a decision), all for the end."""
    rng = random.Random(seed)
    auth = {"Authorization": f"Bearer {token}"}
    played = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        table = httpx.get(f"{server}/api/tables/{table_id}", headers=auth).json()
        if table["status"] == "over" or (
            stage != "end" and played >= _goal(stage) and table["legal"]
        ):
            return
        if not table["legal"]:
            time.sleep(0.05)
            continue
        action = rng.choice(table["legal"])
        sent = httpx.post(
            f"{server}/api/tables/{table_id}/actions",
            json={"action": action["id"], "move": table["move"]},
            headers=auth,
        )
        assert sent.status_code in (200, 201), sent.text
        played += 1
    raise AssertionError(f"{table_id} did not reach its {stage} in time")


def _goal(stage: Stage) -> int:
    return 0 if stage == "start" else MIDDLE


def open_seat(
    browser: Browser,
    server: str,
    table_id: str,
    token: str,
    size: str,
    reduced: bool = False,
) -> tuple[BrowserContext, Page]:
    """The table's page for its first seat at `size`, the seat's token stored as the lobby
    would have stored it."""
    phone = size == "phone"
    context = browser.new_context(
        viewport=SIZES[size],
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce" if reduced else "no-preference",
    )
    stored = json.dumps({"seat": 0, "token": token})
    context.add_init_script(
        "try {"
        f"localStorage.setItem({json.dumps(f'langbord.seat.{table_id}')}, {json.dumps(stored)});"
        "localStorage.setItem('langbord.name', 'Ann');"
        "} catch { }"
    )
    page = context.new_page()
    page.goto(f"{server}/#/table/{table_id}")
    page.wait_for_selector("#board svg")
    return context, page


def settle(page: Page) -> None:
    """Waits until the board's animations have run (the pulses of CSS excepted)."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => a instanceof CSSAnimation)",
        timeout=10_000,
    )


def overlapping(texts: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The pairs of texts whose boxes overlap by more than a pixel each way."""
    pairs = []
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            w = min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0])
            h = min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1])
            if w > 1 and h > 1:
                pairs.append((a["text"], b["text"]))
    return pairs


class Stages:
    """Tables of every game at every stage, each played once for the module when first asked
    for: ``stages(game, stage)`` is (id, token)."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.made: dict[tuple[str, Stage], tuple[str, str]] = {}

    def __call__(self, game: str, stage: Stage) -> tuple[str, str]:
        if (game, stage) not in self.made:
            table_id, token = sit(self.server, game)
            seed = 10 * list(OPTIONS).index(game) + ("start", "middle", "end").index(stage)
            play_to(self.server, table_id, token, stage, seed)
            self.made[(game, stage)] = (table_id, token)
        return self.made[(game, stage)]


@pytest.fixture(scope="module")
def stages(server: str) -> Stages:
    return Stages(server)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(OPTIONS))
def test_every_board_is_shown_at_its_start_middle_and_end(
    browser: Browser,
    server: str,
    stages: Stages,
    game: str,
    size: str,
) -> None:
    """A screenshot of the board at each stage, every text drawn large enough to read, and no
    two texts over each other."""
    SHOTS.mkdir(exist_ok=True)
    figures = []
    for stage in STAGES:
        table_id, token = stages(game, stage)
        context, page = open_seat(browser, server, table_id, token, size)
        try:
            settle(page)
            page.screenshot(path=str(SHOTS / f"looks-{game}-{size}-{stage}.png"), full_page=True)
            texts = page.evaluate(TEXTS_JS)
            figures.append({"stage": stage, **page.evaluate(LENGTHS_JS), "texts": len(texts)})
            figures[-1]["smallest"] = round(min((t["size"] for t in texts), default=0), 1)
            (SHOTS / f"looks-{game}-{size}.json").write_text(json.dumps(figures, indent=1))
            assert texts, f"{game} {stage}: no text on the board"
            small = sorted(
                (round(t["size"], 1), t["text"]) for t in texts if t["size"] < SMALLEST[size]
            )
            assert not small, f"{game} {size} {stage}: texts under {SMALLEST[size]} px: {small[:8]}"
            assert not overlapping(texts), f"{game} {size} {stage}: {overlapping(texts)[:6]}"
        finally:
            context.close()


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
@pytest.mark.parametrize("game", list(OPTIONS))
def test_a_move_shown_moves_the_board_unless_less_motion_is_asked(
    browser: Browser, server: str, game: str, reduced: bool
) -> None:
    """Your move, and the bots' after it, run animations on the board (a piece travelling, a
    card turning, a die rolling, points flying or the move's place settling in); with
    ``prefers-reduced-motion: reduce`` the page runs none at all."""
    table_id, token = sit(server, game)
    context, page = open_seat(browser, server, table_id, token, "desktop", reduced)
    try:
        page.wait_for_selector("#board svg [data-action]")
        page.evaluate(WATCH_JS)
        click_and_wait(page, page.locator("#board svg [data-action]").first)
        page.wait_for_timeout(1200)  # the refetched board, and the bots' moves, drawn
        seen: list[str] = page.evaluate("() => window.lbSeen")
        if reduced:
            assert seen == [], f"{game}: animations with reduced motion: {seen}"
        else:
            moved = [s for s in seen if s.startswith("waapi:")]
            assert moved, f"{game}: no animation for the move shown ({seen})"
    finally:
        context.close()


FOLDS_JS = """() => ({
  open: [...document.querySelectorAll('.side details.fold')].filter((d) => !d.hidden)
    .map((d) => d.open),
  below: document.documentElement.scrollHeight
    - (document.querySelector('#board').getBoundingClientRect().bottom + window.scrollY),
  page: document.documentElement.scrollHeight,
})"""


@pytest.mark.parametrize("game", list(OPTIONS))
def test_on_a_phone_the_side_panels_fold_under_the_board(
    browser: Browser, server: str, stages: Stages, game: str
) -> None:
    """On a phone, opened in the middle of a game, your actions, the moves since your turn, the
    players, the log and the chat are folded under the board (a tap opens one); on a desktop
    they are open beside it."""
    table_id, token = stages(game, "middle")
    context, page = open_seat(browser, server, table_id, token, "phone")
    try:
        page.wait_for_selector("#chat")
        folds = page.evaluate(FOLDS_JS)
        assert len(folds["open"]) >= 4 and not any(folds["open"]), folds
        assert folds["below"] <= 700, f"{game}: {folds['below']} px under the board"
        page.locator("#log").locator("xpath=..").locator("summary").click()
        page.wait_for_selector("#log li", state="visible")
    finally:
        context.close()
    context, page = open_seat(browser, server, table_id, token, "desktop")
    try:
        page.wait_for_selector("#chat")
        assert all(page.evaluate(FOLDS_JS)["open"])
    finally:
        context.close()
