"""The tooltip in Debian's Chromium against the real server, on a Skibe table: a small box,
beside its element where it covers no place that can be chosen (when some spot beside it
covers none), gone after a tap elsewhere, a tap or click on a place that acts, or its element
leaving the page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from web.test_browser import create_in_lobby, shoot

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
SEATS = ["human", "random", "random"]

# Points to tap or hover on the board's elements with a tip, in view: one point of each,
# where the element (and neither a place that can be chosen nor one that asks "why not?") is
# what the point finds. `choosable`: places that can be chosen instead of places that cannot.
POINTS = """(choosable) => {
  const out = [];
  for (const el of document.querySelectorAll('#board [data-tip], #board .clickable')) {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (box.width < 4 || box.height < 4 || x < 1 || y < 1) continue;
    if (x > innerWidth - 1 || y > innerHeight - 1) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !hit.closest('[data-tip]')) continue;
    const place = hit.closest('.clickable, .why, [role=button]');
    const wanted = choosable ? place === el && el.matches('.clickable')
      : !place && hit.closest('[data-tip]') === el;
    if (!wanted) continue;
    out.push({ x, y, tip: hit.closest('[data-tip]').getAttribute('data-tip') });
  }
  return out;
}"""

# The tooltip shown and its surroundings: its box and font size, whether it covers any place
# that can be chosen (but its element's own), and whether a spot beside its element (above,
# below, right or left, 8 px away, inside the window) covers none.
SHOWN = """() => {
  const tip = document.getElementById('tip');
  const owner = document.querySelector('[aria-describedby=tip]');
  const t = tip.getBoundingClientRect();
  const o = owner.getBoundingClientRect();
  const places = [...document.querySelectorAll('.clickable')]
    .filter((p) => !p.contains(owner) && !owner.contains(p))
    .map((p) => p.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
  const covers = (b) => places.some((p) => b.left < p.right && p.left < b.left + b.width
    && b.top < p.bottom && p.top < b.top + b.height);
  const clamp = (lo, v, hi) => Math.max(lo, Math.min(hi, v));
  const across = clamp(8, o.left + o.width / 2 - t.width / 2, innerWidth - t.width - 8);
  const down = clamp(8, o.top + o.height / 2 - t.height / 2, innerHeight - t.height - 8);
  const fits = (s) => s.left >= 8 && s.top >= 8 && s.left + s.width <= innerWidth - 8
    && s.top + s.height <= innerHeight - 8;
  const above = { left: across, top: o.top - t.height - 8, width: t.width, height: t.height };
  const spots = [
    above, { left: across, top: o.bottom + 8 },
    { left: o.right + 8, top: down }, { left: o.left - t.width - 8, top: down },
  ].map((s) => ({ ...s, width: t.width, height: t.height })).filter(fits);
  return {
    box: [t.left, t.top, t.right, t.bottom], view: [innerWidth, innerHeight],
    size: parseFloat(getComputedStyle(tip).fontSize),
    headSize: parseFloat(getComputedStyle(tip.firstElementChild ?? tip).fontSize),
    text: tip.textContent,
    covers: covers({ left: t.left, top: t.top, width: t.width, height: t.height }),
    free: spots.some((s) => !covers(s)),
    aboveCovers: fits(above) && covers(above),
  };
}"""

HIDDEN = "() => document.getElementById('tip').hidden"


@pytest.fixture
def skibe(browser: Browser, server: str) -> Iterator[Callable[[dict[str, Any]], Page]]:
    """Opens a Skibe table at a size (a context's options), waiting for the player's first
    decision: taking a display card, places that can be chosen on the board."""
    contexts: list[BrowserContext] = []

    def opened(size: dict[str, Any]) -> Page:
        context = browser.new_context(**size)
        contexts.append(context)
        page = context.new_page()
        create_in_lobby(page, server, "skibe", SEATS)
        # On a phone the list of actions may be folded under the board: the board's places.
        expect(page.locator("#actions [data-action-list]").first).to_be_attached(timeout=30_000)
        expect(page.locator("#board .clickable").first).to_be_visible()
        return page

    yield opened
    for context in contexts:
        context.close()


def small_and_clear(page: Page, least: float) -> dict[str, Any]:
    """Checks the tooltip shown: its font at least ``least`` px as drawn, inside the window, and
    covering no place that can be chosen when a spot beside its element covers none."""
    shown: dict[str, Any] = page.evaluate(SHOWN)
    assert shown["size"] >= least and shown["headSize"] >= least, shown
    left, top, right, bottom = shown["box"]
    width, height = shown["view"]
    assert left >= 0 and top >= 0 and right <= width and bottom <= height, shown
    assert right - left <= 16 * shown["size"] + 1, shown  # a small box
    if shown["free"]:
        assert not shown["covers"], shown
    return shown


def test_a_tapped_tip_is_small_clear_of_the_choices_and_goes_on_a_tap_elsewhere(
    skibe: Callable[[dict[str, Any]], Page],
) -> None:
    page = skibe(PHONE)
    tip = page.locator("#tip")
    points = page.evaluate(POINTS, False)
    assert points, "no element with a tip to tap"
    avoided = 0
    for point in points[:8]:
        page.touchscreen.tap(point["x"], point["y"])
        expect(tip).to_be_visible()
        shown = small_and_clear(page, 13)
        assert " ".join(shown["text"].split()) == " ".join(point["tip"].split())
        avoided += shown["aboveCovers"] and not shown["covers"]
        page.locator(".table-title").tap()  # elsewhere
        expect(tip).to_be_hidden()
    # Above a display card's tip is another place to choose: the tips went elsewhere.
    assert avoided, "no tip had a place that can be chosen above its element"
    # A tapped tip lingers; its element leaving the page (the board drawn again) takes it.
    page.touchscreen.tap(points[0]["x"], points[0]["y"])
    expect(tip).to_be_visible()
    page.evaluate("() => document.querySelector('[aria-describedby=tip]').remove()")
    expect(tip).to_be_hidden()
    page.touchscreen.tap(points[1]["x"], points[1]["y"])
    expect(tip).to_be_visible()
    shoot(page, "tooltip-phone")
    # A tap on a place that acts hides the tip shown, at once.
    page.touchscreen.tap(points[1]["x"], points[1]["y"])
    expect(tip).to_be_visible()
    card = page.evaluate(POINTS, True)[0]
    prompt = page.locator("#prompt").inner_text()
    page.touchscreen.tap(card["x"], card["y"])
    assert page.evaluate(HIDDEN)
    expect(page.locator("#prompt")).not_to_have_text(prompt, timeout=30_000)  # it acted
    page.wait_for_timeout(600)  # and the board drawn again shows no tip
    assert page.evaluate(HIDDEN)


def test_a_hovered_tip_goes_with_the_click_that_acts(
    skibe: Callable[[dict[str, Any]], Page],
) -> None:
    page = skibe(DESKTOP)
    tip = page.locator("#tip")
    prompt = page.locator("#prompt").inner_text()
    # The move the click sends is held until the end, so the board stays as it is meanwhile.
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/tables/*/actions", hold)
    card = page.evaluate(POINTS, True)[0]
    page.mouse.move(card["x"], card["y"])
    expect(tip).to_be_visible()
    small_and_clear(page, 12)
    shoot(page, "tooltip-desktop")
    page.mouse.click(card["x"], card["y"])
    assert page.evaluate(HIDDEN)  # at once, before the board changes
    page.mouse.move(card["x"] + 2, card["y"] + 1)  # within the card clicked: not again
    page.wait_for_timeout(600)
    assert page.evaluate(HIDDEN)
    assert held, "the click sent no move"
    held[0].continue_()
    expect(page.locator("#prompt")).not_to_have_text(prompt, timeout=30_000)  # it acted
    # The board drawn again puts the focus back on a place, under the resting mouse: no tip.
    page.wait_for_timeout(600)
    assert page.evaluate(HIDDEN)
