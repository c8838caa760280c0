"""The table's controls against the real server, in Chromium: undo takes a decision back, a hint
suggests a legal move with its chance of winning, and chat is shown to the table as text."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from web.test_browser import create_in_lobby, shoot


def my_decision(page: Page) -> str:
    """Waits until the seat decides; returns the prompt it is shown."""
    expect(page.locator("#actions [data-action-list]").first).to_be_visible(timeout=30_000)
    return page.locator("#prompt").inner_text()


def test_undo_takes_a_decision_back(server: str, page: Page) -> None:
    create_in_lobby(page, server, "skibe", ["human", "random", "random"])
    first = my_decision(page)
    assert "take a display card" in first
    logged = page.locator("#log li").count()
    page.locator("#board [data-kind=take]").first.click()
    expect(page.locator("#prompt")).not_to_have_text(first, timeout=30_000)
    assert "lay the" in page.locator("#prompt").inner_text()
    expect(page.locator("#undo")).to_be_enabled(timeout=30_000)
    page.click("#undo")
    expect(page.locator("#prompt")).to_have_text(first, timeout=30_000)
    expect(page.locator("#log li")).to_have_count(logged)
    shoot(page, "undo-real-server")


def test_a_hint_names_a_legal_move_with_its_chance(server: str, page: Page) -> None:
    create_in_lobby(page, server, "skibe", ["human", "greedy", "greedy"])
    my_decision(page)
    page.click("#hint")
    result = page.locator("#hint-result")
    expect(result).to_contain_text("%", timeout=60_000)
    listed = page.locator("#actions [data-action-list]").all_inner_texts()
    suggested = result.inner_text()
    shown = {part.strip() for line in listed for part in line.split("\n") if part.strip()}
    assert any(part in suggested for part in shown), (suggested, listed)  # a legal move
    shoot(page, "hint-real-server")


def test_chat_reaches_the_table_as_text(server: str, page: Page) -> None:
    create_in_lobby(page, server, "knarr", ["human", "random"])
    my_decision(page)
    page.fill("#chat-text", "<b>Skål!</b>")
    page.click("#chat-send")
    expect(page.locator("#chat-log")).to_contain_text("<b>Skål!</b>", timeout=30_000)
    assert page.locator("#chat-log b").count() == 0  # shown as text, never as markup
