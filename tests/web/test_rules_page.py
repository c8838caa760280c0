"""The Rules button at a table opens the game's page for players: its summary, the goal, the
setup, a turn, scoring and the end (and the game's modules), drawn with the boards of real
positions, then the clarifications, all in words in the page's language; the notation only on
request. At 1280x800 and 390x844, with no page error and nothing wider than the dialog."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from langbord.core.i18n import speaking
from langbord.guides import guide
from web.conftest import SHOTS
from web.test_languages import check_words
from web.test_table_page import SIZES

GAMES = ("skibe", "skaal", "knarr", "skoventyr")
LOCALES = {"en": "en-GB", "da": "da-DK", "de": "de-DE", "fr": "fr-FR"}


def open_rules(browser: Browser, server: str, game: str, size: str, lang: str) -> None:
    context = browser.new_context(
        viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone",
        locale=LOCALES[lang],
    )  # fmt: skip
    page = context.new_page()
    page.goto(f"{server}/#/")
    page.locator(f"[data-play-now={game}]").click()
    page.wait_for_url(re.compile(r"#/table/"))
    page.locator("#rules").click()
    panel = page.locator("#rules-panel")
    with speaking(lang):
        said = guide(game)
    assert said is not None
    expect(panel.locator(".guide-summary")).to_have_text(said.summary)
    expect(panel.locator(".guide-section > h3")).to_have_text([s.heading for s in said.sections])
    pictures = sum(s.picture is not None for s in said.sections)
    expect(panel.locator(".guide-picture.drawn svg")).to_have_count(pictures, timeout=30_000)
    expect(panel.locator(".guide-picture figcaption")).to_have_text(
        [s.picture.caption for s in said.sections if s.picture is not None]
    )
    expect(panel.locator(".guide-clarifications li")).to_have_count(len(said.clarifications))
    # Words only: the notation is behind its summary, closed; no ruling id shows.
    expect(panel.locator(".ctl-notation")).to_be_hidden()
    check_words(page, lang, "#rules-panel")
    text = panel.inner_text()
    assert not re.search(r"\b[A-Z]{2}-\d+\b", text), re.findall(r"\b[A-Z]{2}-\d+\b", text)
    wide = panel.evaluate("(d) => d.scrollWidth - d.clientWidth")
    assert wide <= 1, f"the rules are {wide}px wider than their dialog"
    SHOTS.mkdir(exist_ok=True)
    panel.evaluate("(d) => { d.style.maxHeight = 'none'; }")  # the whole page in one picture
    panel.screenshot(path=str(SHOTS / f"rules-{game}-{size}-{lang}.png"))
    context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_in_english(server: str, browser: Browser, game: str, size: str) -> None:
    open_rules(browser, server, game, size, "en")


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_in_danish(server: str, browser: Browser, game: str) -> None:
    open_rules(browser, server, game, "phone", "da")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_in_german_and_french(
    server: str, browser: Browser, game: str, lang: str
) -> None:
    open_rules(browser, server, game, "desktop", lang)
