"""The table's controls against the real server, in Chromium: undo takes a decision back, a hint
suggests a legal move with its chance of winning, chat is shown to the table as text, hotseat
passes the device between human seats, and a rematch seats the player at a new table."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from web.test_browser import click_once, create_in_lobby, fill_lobby, shoot


def my_decision(page: Page) -> str:
    """Waits until the seat decides; returns the prompt it is shown."""
    expect(page.locator("#actions [data-action-list]").first).to_be_attached(timeout=30_000)
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


def test_hotseat_passes_the_device_between_the_human_seats(server: str, page: Page) -> None:
    """Two humans on one device: when the other human is to move, a screen hides the table until
    that player says they hold the device; then the page shows their seat (their own hand)."""
    fill_lobby(page, server, "knarr", ["human", "human"])
    page.fill("#name", "Ann")
    page.check("#hotseat")
    page.click("#create")
    page.wait_for_url(re.compile(r"#/table/"))
    passes = 0
    for _ in range(60):
        screen_or_move = "#pass-device, #actions [data-action-list]"
        expect(page.locator(screen_or_move).first).to_be_visible(timeout=30_000)
        if page.locator("#pass-device").is_visible():
            assert page.evaluate("() => document.getElementById('main').inert")  # hidden
            seat = page.locator("#pass-device").get_attribute("data-seat")
            page.click("#pass-ready")
            expect(page.locator("#pass-device")).to_have_count(0)
            expect(page.locator("#players .you, #players li").first).to_be_visible()
            table_id = page.url.rsplit("/", 1)[1]
            held = page.evaluate("(id) => localStorage.getItem(`langbord.seat.${id}`)", table_id)
            assert held is not None and f'"seat":{seat}' in held.replace(" ", "")
            passes += 1
            if passes == 2:
                break
            continue
        if not click_once(page):
            break
    assert passes == 2
    shoot(page, "hotseat-real-server")


def test_a_rematch_seats_the_same_player_at_a_new_table(server: str, page: Page) -> None:
    create_in_lobby(page, server, "skoventyr", ["human"])
    first = page.url.rsplit("/", 1)[1]
    while click_once(page):
        pass
    expect(page.locator("#ranking")).to_be_visible()
    expect(page.locator("#reason")).not_to_be_empty()
    page.click("#rematch")
    page.wait_for_url(lambda url: "#/table/" in url and not url.endswith(first))
    my_decision(page)  # seated at the new table, deciding
    again = page.url.rsplit("/", 1)[1]
    assert again != first
    shoot(page, "rematch-real-server")


def test_at_a_table_of_two_humans_an_undo_asks_the_other(server: str, browser: Browser) -> None:
    """Ann takes a card, then asks to undo it: Bo, at his own device, is asked and allows it,
    and Ann's decision is taken back."""
    ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    table_id = create_in_lobby(ann, server, "skibe", ["human", "human", "random"])
    bo = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    bo.goto(f"{server}/#/table/{table_id}")
    bo.locator("#join [data-join='1']").click()
    if bo.locator("#join-name").is_visible():
        bo.fill("#join-name", "Bo")
        bo.locator("#join [data-join='1']").click()
    first = my_decision(ann)
    ann.locator("#board [data-kind=take]").first.click()
    expect(ann.locator("#prompt")).not_to_have_text(first, timeout=30_000)
    expect(ann.locator("#undo")).to_be_enabled(timeout=30_000)
    ann.click("#undo")
    expect(ann.locator("#undo-request")).to_be_visible(timeout=30_000)  # waiting for Bo
    expect(bo.locator("#undo-accept")).to_be_visible(timeout=30_000)
    shoot(bo, "undo-asked-real-server")
    bo.click("#undo-accept")
    expect(ann.locator("#prompt")).to_have_text(first, timeout=30_000)
    expect(bo.locator("#undo-request")).to_be_hidden(timeout=30_000)
