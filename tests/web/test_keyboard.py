"""The table by keyboard: the first Tab reaches a skip link that goes to the board's first place
to choose, and after a move made with Enter the focus is back on the board, not on the page's
body (nine Tabs away from the next choice)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

IN_BOARD = "() => { const a = document.activeElement; return !!a && !!a.closest('#board'); }"


def test_skip_link_and_focus_after_a_move(server: str, page: Page) -> None:
    page.goto(f"{server}/#/")
    page.locator("[data-play-now=skibe]").click()
    page.wait_for_url(re.compile(r"#/table/"))
    page.reload()  # the page as it opens from the table's link
    expect(page.locator("#board [data-action]").first).to_be_visible()
    before = page.url
    page.keyboard.press("Tab")
    skip = page.locator("#skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    assert page.url == before  # the page's address (its route) is untouched
    assert page.evaluate(IN_BOARD)
    moves = page.locator("#log li").count()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {moves}")
    page.wait_for_function(IN_BOARD)
    assert page.evaluate("document.activeElement !== document.body")
