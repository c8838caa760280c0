"""The lobby's bot picker: each bot seat offers the game's levels by name and what each is like
(the same words at every game), starting at the level a new player meets; a table is created
with a level, and "Another spec…" reveals a field for any agent spec."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from langbord.agents.levels import FIRST_LEVEL, LEVEL_WORDS, LEVELS


def test_the_picker_offers_levels_and_creates_a_table_with_one(server: str, page: Page) -> None:
    page.goto(f"{server}/#/")
    page.select_option("#game", "skibe")
    bot = page.locator("#seats select").nth(1)
    expect(bot).to_have_value(FIRST_LEVEL)
    levels = bot.locator("optgroup[label='Bot levels'] option")
    expect(levels).to_have_count(len(LEVELS))
    texts = levels.all_inner_texts()
    assert texts == [f"{name.capitalize()} — {LEVEL_WORDS[name]}" for name in LEVELS], texts
    assert not any(re.search(r"\d", t) for t in texts), texts  # no game's own rating scale
    helps = page.locator("#seats .seat-help")
    expect(helps.nth(0)).to_be_hidden()  # a person's seat needs no word
    expect(helps.nth(1)).to_have_text(re.compile(r"^Level 2 of 5: plays sensible moves"))
    bot.select_option("club")
    club = r"^Level 3 of 5: looks a little ahead; "
    expect(helps.nth(1)).to_have_text(re.compile(club + r"(about .+ s a move|answers at once)\.$"))
    page.locator("#seats select").nth(2).select_option("beginner")
    expect(helps.nth(2)).to_contain_text("Level 1 of 5: plays almost at random")
    page.fill("#name", "Ann")
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    table_id = page.url.rsplit("/", 1)[1]
    entry = httpx.get(f"{server}/api/tables/{table_id}").json()
    assert [p["bot"] for p in entry["players"][1:3]] == ["club", "beginner"]


def test_advanced_reveals_the_spec_field(server: str, page: Page) -> None:
    """The field keeps what is typed into it though the player count changes as the count's
    field loses focus (the seats were redrawn then, and the typing was lost), and the table is
    created with the spec typed."""
    page.goto(f"{server}/#/")
    page.select_option("#game", "skoventyr")
    page.fill("#options [name=players]", "2")
    page.locator("#options [name=players]").dispatch_event("change")
    texts = page.locator("#seats select").nth(1).locator("option").all_inner_texts()
    assert any(t.startswith("Best — ") for t in texts), texts  # the same levels, cooperative too
    field = page.locator("#seats input.spec").nth(1)
    expect(field).to_be_hidden()
    page.locator("#seats select").nth(1).select_option("advanced")
    expect(field).to_be_visible()
    field.click()  # the player count's change fires now, as the count's field loses focus
    page.keyboard.type("mcts:iterations=30")
    expect(field).to_have_value("mcts:iterations=30")
    page.locator("#seats select").nth(0).select_option("greedy")
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    table_id = page.url.rsplit("/", 1)[1]
    entry = httpx.get(f"{server}/api/tables/{table_id}").json()
    assert [p["bot"] for p in entry["players"]] == ["greedy", "mcts:iterations=30"]
