"""A new player meets every game in their own language: "Play now" in a browser whose language is
Danish (or English), then a whole game to its end through clicks, at 1280x800 and 390x844; in
German and French a dozen moves of each game. Along the way, everything the page says (its text,
its tooltips and screen-reader labels) is words: no quoted notation, no backtick, no "seat 0",
and in another language no English interface words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from web.conftest import SHOTS
from web.test_browser import click_once
from web.test_table_page import SIZES, assert_fits

GAMES = ("skibe", "skoventyr", "knarr", "skaal")

SAID = """(root) => {
  const top = document.querySelector(root);
  // What a player asks for is not what the page says: the agent specs under "Advanced" (a
  // select's text lists all its options, so their lines are left out).
  const advanced = new Set(
    [...top.querySelectorAll("[data-advanced] option")].map((o) => o.textContent.trim()));
  const lines = top.innerText.split("\\n").filter((line) => !advanced.has(line.trim()));
  const parts = [lines.join("\\n")];
  for (const node of top.querySelectorAll("[aria-label], [title]")) {
    if (node.closest("details:not([open])") || node.closest("#notation-card")) continue;
    if (node.closest("[data-advanced]")) continue;
    parts.push(node.getAttribute("aria-label") ?? "", node.getAttribute("title") ?? "");
  }
  for (const node of top.querySelectorAll("#board svg title")) {
    parts.push(node.textContent ?? "");
  }
  return parts.join("\\n");
}"""
"""Everything a player reads, or hears from a screen reader, on the page."""

NOTATION = re.compile(
    r"\('[^']+'|`|\bseat 0\b|\bplads 0\b|\b[A-Z]{2}-\d+\b|\b[a-z]+:[a-z_]+=[\w.]+"
)
"""Notation quoted for a player (``('take d1')``), a backtick, a seat counted from 0, a bare
ruling id (``SB-3``: a ruling is told in words, behind a summary) or an agent spec
(``mcts:time=5``, only under "Advanced")."""

ENGLISH = re.compile(
    r"\b(the|your|you|with|turn|move|moves|waiting|player|players|take|cards|ship|ships|"
    r"draw|game|play|score|round|choose|chooses|must|from|into|which|while|there|why|not)\b",
    re.IGNORECASE,
)
"""English words that no Danish, German or French sentence uses (proper names and notation
aside), but those a language shares (``SHARED``)."""

SHARED = {"fr": {"score"}}
"""Words of ``ENGLISH`` that a language also uses."""

PROPER = re.compile(r"Gamle Erik|Vogter|Skaalland|Skåål|Skoventyr|Knarr|Skali|Skibe|langbord")


def said(page: Page, root: str) -> str:
    text: str = page.evaluate(SAID, root)
    return text


def english_in(text: str, lang: str) -> list[str]:
    """The English words of ``text``'s lines, with proper names taken out first."""
    found: list[str] = []
    shared = SHARED.get(lang, set())
    for line in text.splitlines():
        plain = PROPER.sub("", line)
        found += [
            f"{m.group(0)!r} in {line.strip()[:120]!r}"
            for m in ENGLISH.finditer(plain)
            if m.group(0).lower() not in shared
        ]
    return found


def check_words(page: Page, lang: str, root: str = "body") -> None:
    """What ``root`` says is words (in Danish, no English ones)."""
    text = said(page, root)
    quoted = [line for line in text.splitlines() if NOTATION.search(line)]
    assert not quoted, quoted[:5]
    if lang != "en":
        found = english_in(text, lang)
        assert not found, found[:8]


def play_now_to_the_end(
    browser: Browser, server: str, game: str, size: str, lang: str, clicks_at_most: int
) -> tuple[Page, Any]:
    viewport = SIZES[size]
    context = browser.new_context(
        viewport=viewport,
        is_mobile=size == "phone",
        has_touch=size == "phone",
        locale={"en": "en-GB", "da": "da-DK", "de": "de-DE", "fr": "fr-FR"}[lang],
    )
    page = context.new_page()
    page.goto(f"{server}/#/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(f"[data-play-now={game}]")).to_be_visible()
    # The lobby's lists of tables hold other people's names: its own words are checked.
    check_words(page, lang, "header")
    check_words(page, lang, "#play-now")
    page.locator(f"[data-play-now={game}]").click()
    page.wait_for_url(re.compile(r"#/table/"))
    expect(page.locator("#board")).to_be_visible()
    clicks = 0
    while click_once(page):
        if clicks % 5 == 0:
            check_words(page, lang)
        clicks += 1
        if clicks >= clicks_at_most:
            break
    if size == "phone":
        assert_fits(page, viewport["width"])
    check_words(page, lang)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"language-{lang}-{game}-{size}.png"), full_page=True)
    return page, context


@pytest.mark.parametrize("game", ["skibe", "skoventyr"])
def test_play_now_in_danish_reads_only_words(server: str, browser: Browser, game: str) -> None:
    """The default suite's short case: Skibe and Skoventyr to their end in Danish at 1280x800."""
    page, context = play_now_to_the_end(browser, server, game, "desktop", "da", 2000)
    expect(page.locator("#game-over")).to_be_visible()
    context.close()


@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_moves_in_german_and_french_read_only_words(
    server: str, browser: Browser, game: str, lang: str
) -> None:
    """German and French: "Play now" and a dozen moves of every game, reading only words."""
    _page, context = play_now_to_the_end(browser, server, game, "desktop", lang, 12)
    context.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_play_now_to_the_end_reading_only_words(
    server: str, browser: Browser, game: str, size: str, lang: str
) -> None:
    """Every game, both sizes, English and Danish: "Play now", then a whole game through clicks,
    reading only words."""
    page, context = play_now_to_the_end(browser, server, game, size, lang, 5000)
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#game-over")).to_be_in_viewport()
    if game == "skoventyr":  # the team won or lost together: nobody is "1st (tie)"
        expect(page.locator("#ranking .tie")).to_have_count(0)
        expect(page.locator("#ranking th")).to_have_count(2)
    context.close()
