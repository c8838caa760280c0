"""Every page a player meets, read in player mode (the notation setting off): the lobby with each
game's table form, each lesson, and a finished game's replay with its analysis. What the page
says (its text, tooltips and screen-reader labels) holds no quoted notation, no backtick, no bare
ruling id, no seat counted from 0 and no agent spec outside "Advanced" (``check_words``, shared
with the tables' own check in ``test_languages``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from langbord.tutorials import tutorials
from web.test_analysis_view import analyse_in_page, finished_table
from web.test_languages import check_words
from web.test_table_page import SIZES

GAMES = ("skibe", "skaal", "knarr", "skoventyr")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_lobby_and_each_table_form_read_words(server: str, browser: Browser, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(f"{server}/#/")
    expect(page.locator("[data-play-now=skibe]")).to_be_visible()
    check_words(page, "en", "header")
    check_words(page, "en", "#play-now")
    for game in GAMES:
        page.select_option("#game", game)
        expect(page.locator("#seats select").first).to_be_visible()
        check_words(page, "en", "#main")
    context.close()


def lesson_steps(every: bool) -> list[tuple[str, int]]:
    """Each lesson's first and last step, or every step."""
    found: list[tuple[str, int]] = []
    for lesson in tutorials():
        last = len(lesson.steps) - 1
        found += [(lesson.id, k) for k in (range(last + 1) if every else sorted({0, last}))]
    return found


def read_lesson(page: Page, server: str, tid: str, k: int) -> None:
    page.goto(f"{server}/#/learn/{tid}/{k}")
    expect(page.locator("#board [data-action]").first).to_be_attached(timeout=30_000)
    check_words(page, "en", "#main")


@pytest.mark.parametrize(("tid", "k"), lesson_steps(every=False))
def test_each_lesson_reads_words(server: str, page: Page, tid: str, k: int) -> None:
    read_lesson(page, server, tid, k)


@pytest.mark.slow
def test_every_lesson_step_reads_words(server: str, page: Page) -> None:
    for tid, k in lesson_steps(every=True):
        read_lesson(page, server, tid, k)


def test_a_replay_and_its_analysis_read_words(server: str, page: Page) -> None:
    """A finished cooperative game analysed: the page reads words, and every decision marked is
    told against a better move that is another move (never "played X, better X")."""
    table_id = finished_table(server, "skoventyr", {"players": 2}, ["random", "random"])
    analysis = analyse_in_page(page, server, table_id)
    marked = [d for d in analysis["decisions"] if d["mark"]]
    for decision in marked:
        assert decision["best"] != decision["played"], decision
        assert decision["best_words"] != decision["played_words"], decision
    check_words(page, "en", "#main")
    for line in page.locator("#analysis-marks .an-go").all_inner_texts():
        assert line.count("call f1") <= 1, line
