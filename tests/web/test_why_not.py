"""The "why not?" of every board in Debian's Chromium, at 1280x800 and 390x844: at the seat's first
decision a place that cannot be chosen now is clicked; the popover beside it (role status) gives
the engine's reason, stays inside the window and off the turn bar, and closes on a second tap,
on Escape and on a click elsewhere; no move is made meanwhile. Screenshots in
tests/web/screenshots/why-GAME-WIDTH.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from web.conftest import SHOTS
from web.test_browser import create_in_lobby

SIZES: dict[str, ViewportSize] = {
    "1280": {"width": 1280, "height": 800},
    "390": {"width": 390, "height": 844},
}
# The seats, and the kind of place to ask about first (another place that asks will do).
GAMES: dict[str, tuple[list[str], str]] = {
    "skaal": (["human", "random", "random"], "prospect"),
    "skibe": (["human", "random", "random"], "stern"),
    "skoventyr": (["human"], "wrath"),
    "knarr": (["human", "random"], "take"),
}

# Marks one place that asks why (of `kind` if there is one): a place with nothing clickable or
# asking inside it, big enough to tap; returns its kind and arguments, or null.
PICK = """(kind) => {
  const asking = [...document.querySelectorAll('#board .why')].filter((n) => {
    const r = n.getBoundingClientRect();
    return !n.querySelector('.clickable, .why') && r.width >= 20 && r.height >= 20;
  });
  const chosen = asking.find((n) => n.getAttribute('data-kind') === kind) || asking[0];
  if (!chosen) return null;
  document.querySelectorAll('[data-why-test]').forEach((n) => n.removeAttribute('data-why-test'));
  chosen.setAttribute('data-why-test', '1');
  return { kind: chosen.getAttribute('data-kind'), args: chosen.getAttribute('data-args'),
           label: chosen.getAttribute('aria-label') };
}"""

# Where the popover is, against the window and the turn bar.
BOXES = """() => {
  const pop = document.querySelector('.why-pop').getBoundingClientRect();
  const bar = document.querySelector('.bar-area')?.getBoundingClientRect() ?? null;
  return { pop: [pop.left, pop.top, pop.right, pop.bottom],
           bar: bar && [bar.left, bar.top, bar.right, bar.bottom],
           width: window.innerWidth, height: window.innerHeight,
           sideways: document.documentElement.scrollWidth - window.innerWidth };
}"""


@pytest.fixture(params=list(SIZES))
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page at each size (its errors fail the test, as every page's do)."""
    context = browser.new_context(viewport=SIZES[request.param])
    page = context.new_page()
    yield page
    context.close()


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def ask(page: Page, place: Any) -> str:
    """Clicks the place marked and returns the popover's words once the answer is in."""
    place.click()
    pop = page.locator(".why-pop[role=status]")
    expect(pop).to_be_visible(timeout=10_000)
    expect(pop).not_to_have_attribute("aria-busy", "true", timeout=10_000)
    # The answer takes the place of the tooltip a tap shows (the two would cover each other).
    expect(page.locator("#tip")).to_be_hidden()
    return pop.inner_text()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_place_that_cannot_be_chosen_says_why(
    server: str, sized: Page, game: str, request: pytest.FixtureRequest
) -> None:
    page = sized
    width = page.viewport_size["width"] if page.viewport_size else 0
    seats, kind = GAMES[game]
    create_in_lobby(page, server, game, seats)
    expect(page.locator("#actions [data-action-list]").first).to_be_attached(timeout=30_000)
    page.wait_for_selector("#board .why", timeout=10_000)
    picked = page.evaluate(PICK, kind)
    assert picked, "no place on the board answers why not"
    moves = page.locator("#log li").count()
    # Found again by what it is, not by the mark: the board may draw itself anew meanwhile.
    place = page.locator(
        f"#board .why[data-kind='{picked['kind']}'][data-args='{picked['args']}']"
    ).first
    name = (place.get_attribute("aria-label") or "").removesuffix(": why not?")
    words = ask(page, place)
    # The question names the place tapped (and the move it stands for), the answer follows in
    # words: no quoted move, no ruling id (the rulings are in words behind a summary).
    asked, said, *_rest = [line for line in words.split("\n") if line.strip()]
    assert asked.startswith(name) and name, (name, words)
    assert said.startswith("Why not:"), words
    reason = said.removeprefix("Why not:").strip()
    assert len(reason) > 8 and "Could not ask" not in words, f"{picked}: {words!r}"
    assert not re.search(r"\('|\b[A-Z]{2}-\d+\b", words), words
    boxes = page.evaluate(BOXES)
    left, top, right, bottom = boxes["pop"]
    assert left >= 0 and right <= boxes["width"] + 0.5, f"the popover leaves the window: {boxes}"
    assert boxes["sideways"] <= 0, "the popover widens the page"
    if boxes["bar"]:
        assert not overlap(boxes["pop"], boxes["bar"]), f"the popover covers the turn bar: {boxes}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"why-{game}-{width}.png"))
    # A second tap, Escape and a click elsewhere close it; nothing was played.
    place.click()
    expect(page.locator(".why-pop")).to_have_count(0)
    ask(page, place)
    page.keyboard.press("Escape")
    expect(page.locator(".why-pop")).to_have_count(0)
    ask(page, place)
    page.locator("#prompt").click()  # words in the turn bar: nothing to do there
    expect(page.locator(".why-pop")).to_have_count(0)
    assert page.locator("#log li").count() == moves, "asking why played a move"
    assert top < bottom
