"""Learn to play, in Chromium: every tutorial is completed from the lobby by following its
prompts (the move each step asks for, clicked on the board where the board offers it, else in the
list of moves), on a desk's screen and a phone's; a wrong move is refused with the step's teaching
message and changes nothing; the progress is kept on the device."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from langbord.tutorials import tutorials
from web.test_browser import shoot

SIZES = {"desk": (1280, 800), "phone": (390, 844)}

TUTORIALS = [t.id for t in tutorials()]


def step_of(server: str, tid: str, k: int) -> dict[str, Any]:
    """The step's JSON as the page gets it (its ``tutorial.expect`` names the move asked for)."""
    answer = httpx.get(f"{server}/api/tutorials/{tid}/steps/{k}", timeout=30)
    answer.raise_for_status()
    step: dict[str, Any] = answer.json()
    return step


def target(page: Page, action: int) -> Any:
    """The place to click for legal action ``action``: on the board if it offers it there, else
    its button in the list of moves."""
    on_board = page.locator(f"#board [data-action='{action}']")
    return (
        on_board.first
        if on_board.count()
        else page.locator(f"#actions [data-action-list='{action}']")
    )


def try_wrong_move(page: Page, step: dict[str, Any], k: int, steps: int) -> bool:
    """Clicks a legal move the step does not ask for, if it has one: the teaching message shows
    and the step stays as it was. Returns whether it could."""
    wanted = step["tutorial"]["expect"]["id"]
    others = [a["id"] for a in step["legal"] if a["id"] != wanted]
    if not others:
        return False
    target(page, others[0]).click()
    message = page.locator("#lesson-message.refused")
    expect(message).to_be_visible(timeout=30_000)
    assert message.inner_text().strip()
    expect(page.locator("#lesson-step")).to_contain_text(f"Step {k + 1} of {steps}")
    expect(page.locator("#lesson-next-step, #lesson-play")).to_have_count(0)  # nothing changed
    expect(page.locator(f"#actions [data-action-list='{wanted}']")).to_have_count(1)
    return True


def play_step(page: Page, server: str, tid: str, k: int, steps: int, wrong: bool) -> bool:
    """Plays step ``k`` by its prompt (a wrong move first when ``wrong``); returns whether a wrong
    move was tried."""
    expect(page.locator("#lesson-step")).to_contain_text(f"Step {k + 1} of {steps}")
    step = step_of(server, tid, k)
    lesson = step["tutorial"]
    expect(page.locator("#lesson-title")).to_have_text(lesson["step_title"])
    tried = wrong and try_wrong_move(page, step, k, steps)
    target(page, lesson["expect"]["id"]).click()
    expect(page.locator("#lesson-message.right")).to_be_visible(timeout=30_000)
    return tried


def sized_runs() -> list[Any]:
    """Every tutorial at both sizes: in the default suite each at one of them, taking turns down
    the list (so both sizes are walked there), the other in the slow suite."""
    sizes = sorted(SIZES)
    return [
        pytest.param(
            tid,
            size,
            id=f"{tid}-{size}",
            marks=() if size == sizes[k % len(sizes)] else pytest.mark.slow,
        )
        for k, tid in enumerate(TUTORIALS)
        for size in sizes
    ]


@pytest.mark.parametrize(("tid", "size"), sized_runs())
def test_a_tutorial_completed_by_its_prompts(
    server: str, browser: Browser, tid: str, size: str
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=size == "phone"
    )
    page = context.new_page()
    page.goto(f"{server}/#/")
    card = page.locator(f"#learn [data-tutorial='{tid}']")
    expect(card).to_be_visible(timeout=30_000)
    card.locator("[data-start]").click()
    page.wait_for_url(re.compile(rf"#/learn/{re.escape(tid)}/0$"))
    listed = httpx.get(f"{server}/api/tutorials").json()
    info = next(t for t in listed if t["id"] == tid)
    steps = info["steps"]
    shoot(page, f"learn-{tid}-{size}-first")
    wrong_tried = False
    for k in range(steps):
        wrong_tried |= play_step(page, server, tid, k, steps, wrong=not wrong_tried)
        if k == 0:
            shoot(page, f"learn-{tid}-{size}-right")
        if k < steps - 1:
            page.click("#lesson-next-step")
            page.wait_for_url(re.compile(rf"#/learn/{re.escape(tid)}/{k + 1}$"))
    play = page.locator("#lesson-play")
    expect(play).to_have_text("You're ready: play a game")
    shoot(page, f"learn-{tid}-{size}-done")
    play.click()
    expect(page.locator("#game")).to_have_value(info["game"])  # a new table of that game
    expect(page.locator(f"#learn [data-tutorial='{tid}']")).to_contain_text("Done")
    context.close()


def test_the_lesson_links_its_rule_and_keeps_the_progress(server: str, page: Page) -> None:
    tid = TUTORIALS[0]
    ruled = next(k for k in range(50) if step_of(server, tid, k)["tutorial"]["rule"])
    rule = step_of(server, tid, ruled)["tutorial"]["rule"]
    page.goto(f"{server}/#/learn/{tid}/{ruled}")
    page.click("#lesson-rule-box summary")
    page.click("#lesson-rule")
    named = page.locator("#rules-panel .ctl-ruling-named").first  # its clarification, in words
    expect(named).to_have_attribute("data-ruling", rule, timeout=30_000)
    expect(named).not_to_contain_text(rule)
    page.click("#rules-close")
    expect(page.locator("#rules-panel")).to_have_count(0)
    step = step_of(server, tid, ruled)
    target(page, step["tutorial"]["expect"]["id"]).click()
    expect(page.locator("#lesson-message.right")).to_be_visible(timeout=30_000)
    page.goto(f"{server}/#/")
    card = page.locator(f"#learn [data-tutorial='{tid}']")
    expect(card).to_contain_text("1 of")
    expect(card.locator("[data-start]")).to_have_text("Continue")
    # It goes on at the first step not done.
    expect(card.locator("[data-start]")).to_have_attribute(
        "href", f"#/learn/{tid}/{0 if ruled else 1}"
    )


@pytest.mark.skipif("skaal" not in TUTORIALS, reason="no Skåål tutorial")
def test_a_place_that_cannot_be_chosen_says_why_in_the_lesson(server: str, page: Page) -> None:
    """Step 2 of Skåål's lesson asks for Belsamati: the taken Jarama answers why not beside the
    place, once (not again in the lesson's line), and the step stays as it was."""
    page.goto(f"{server}/#/learn/skaal/1")
    taken = page.locator('#board .why[data-args=\'{"region":"Jarama"}\']')
    expect(taken).to_have_count(1, timeout=30_000)
    taken.click()
    answer = page.locator(".why-pop")
    expect(answer).to_contain_text("Jarama", timeout=30_000)
    expect(page.locator("#lesson-message")).to_be_hidden()
    expect(page.locator("#lesson-step")).to_contain_text("Step 2 of")
    expect(page.locator("#lesson-next-step")).to_have_count(0)
    page.click("#lesson-back")
    expect(page.locator("#lesson-step")).to_contain_text("Step 1 of")
