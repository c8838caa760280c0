"""The replay's analysis in Chromium: a short finished game is analysed at the smallest depth
with a progress bar, its win-chance graph is drawn (a line per seat, the marked decisions on it),
each seat's marked decisions are listed, and a click on a mark takes the replay to that move,
where the better move is told and highlighted on the board. The game's end offers the analysis."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from web.test_browser import shoot


def finished_table(server: str, game: str, options: dict[str, Any], seats: list[str]) -> str:
    """A table of bots, played to its end; returns its id."""
    created = httpx.post(
        f"{server}/api/tables", json={"game": game, "options": options, "seats": seats}
    )
    created.raise_for_status()
    table_id: str = created.json()["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{server}/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return table_id


def analyse_in_page(page: Page, server: str, table_id: str) -> dict[str, Any]:
    """Opens the replay, asks for a quick analysis, waits for the graph; returns the analysis."""
    page.goto(f"{server}/#/replay/{table_id}")
    expect(page.locator("#analyse")).to_be_visible(timeout=30_000)
    page.select_option("#analysis-depth", "0.1")
    page.click("#analyse")
    expect(page.locator("#analysis-progress, #analysis-graph").first).to_be_visible(timeout=30_000)
    expect(page.locator("#analysis-graph")).to_be_visible(timeout=240_000)
    answer = httpx.get(f"{server}/api/tables/{table_id}/analysis").json()
    assert answer["status"] == "done"
    analysis: dict[str, Any] = answer["analysis"]
    return analysis


def test_a_finished_game_is_analysed_and_its_marks_go_to_their_moves(
    server: str, page: Page
) -> None:
    table_id = finished_table(server, "skibe", {"players": 3}, ["random"] * 3)
    analysis = analyse_in_page(page, server, table_id)
    expect(page.locator("#analysis-graph .an-line")).to_have_count(3)  # a line per seat
    marked = [d for d in analysis["decisions"] if d["mark"]]
    assert marked, "random play makes mistakes the analysis marks"
    expect(page.locator("#analysis-graph .an-mark")).to_have_count(len(marked))
    expect(page.locator("#analysis-marks .an-go")).to_have_count(len(marked))
    shoot(page, "analysis-graph")
    worst = max(marked, key=lambda d: d["loss"])
    # By the keyboard: on the graph, marks close together may overlap under a pointer.
    page.locator(f"#analysis-graph .an-mark[data-move='{worst['move']}']").press("Enter")
    expect(page.locator("#step-label")).to_contain_text(f"step {worst['move']} of")
    better = page.locator("#better-move")
    expect(better).to_be_visible()
    expect(better).to_contain_text(worst.get("best_words") or worst["best"])
    kind = worst.get("best_kind")
    # Where the board draws a place for the better move itself (its kind and its arguments,
    # not only its kind: which decision is worst varies with the time-bounded search), that
    # place is highlighted.
    offered = page.evaluate(
        """([kind, args]) => {
             const key = (a) => JSON.stringify(Object.entries(a).sort());
             return [...document.querySelectorAll(`#board [data-kind="${kind}"]`)]
               .some((n) => key(JSON.parse(n.getAttribute("data-args") || "{}")) === key(args));
           }""",
        [kind, worst.get("best_args", {})],
    )
    if kind and offered:
        expect(page.locator("#board .highlight").first).to_be_attached()
    shoot(page, "analysis-at-mark")
    # A click on the graph and the list go there too.
    last = marked[-1]
    page.locator(f"#analysis-graph .an-mark[data-move='{last['move']}']").click()
    expect(page.locator("#step-label")).to_contain_text(f"step {last['move']} of")
    first = marked[0]
    page.locator(f"#analysis-marks .an-go[data-move='{first['move']}']").click()
    expect(page.locator("#step-label")).to_contain_text(f"step {first['move']} of")


def test_the_analysis_on_a_phone_and_from_the_games_end(server: str, browser: Browser) -> None:
    """A cooperative game: one line for the team. The game's end links to the analysis, which
    is asked for at once; on a phone the graph fits the screen."""
    table_id = finished_table(server, "skoventyr", {}, ["random"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{server}/#/table/{table_id}")
    link = page.locator("#analyse-link")
    expect(link).to_be_visible(timeout=30_000)
    httpx.post(
        f"{server}/api/tables/{table_id}/analysis", json={"seconds": 0.05}
    ).raise_for_status()
    link.click()
    expect(page.locator("#analysis-graph")).to_be_visible(timeout=240_000)
    expect(page.locator("#analysis-graph .an-line")).to_have_count(1)
    width = page.evaluate(
        "() => document.getElementById('analysis-graph').getBoundingClientRect().width"
    )
    assert 250 < width <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shoot(page, "analysis-phone")
    context.close()
