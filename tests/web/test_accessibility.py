"""The table's text can be read: axe-core, the accessibility engine, finds no text whose contrast
with what is behind it is under 4.5:1 (3:1 for large text), on the lobby and on every game's
table after "Play now", at 1280x800 and 390x844."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from web.test_browser import click_once
from web.test_table_page import SIZES

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

RULES = ["color-contrast"]


def contrast_problems(page: Page) -> list[str]:
    """What axe-core finds against ``RULES`` on the page as it is, one line per element."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: npm ci installs axe-core")
    # Evaluated through the browser's debugging protocol, not a <script>: the page's CSP stays.
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    found: list[dict[str, Any]] = page.evaluate(
        "(rules) => axe.run(document, { runOnly: { type: 'rule', values: rules } })"
        ".then((r) => r.violations)",
        RULES,
    )
    return [
        f"{v['id']}: {node['target']} {node.get('any', [{}])[0].get('message', '')}"
        for v in found
        for node in v["nodes"]
    ]


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", ["skibe", "skoventyr", "knarr", "skaal"])
def test_text_contrast_on_each_table(server: str, browser: Browser, game: str, size: str) -> None:
    context = browser.new_context(
        viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone"
    )
    page = context.new_page()
    page.goto(f"{server}/#/")
    expect(page.locator(f"[data-play-now={game}]")).to_be_visible()
    lobby = contrast_problems(page)
    assert not lobby, json.dumps(lobby[:10], indent=1)
    page.locator(f"[data-play-now={game}]").click()
    page.wait_for_url(re.compile(r"#/table/"))
    expect(page.locator("#board")).to_be_visible()
    for _ in range(3):
        if not click_once(page):
            break
    found = contrast_problems(page)
    assert not found, json.dumps(found[:10], indent=1)
    context.close()


def test_the_check_sees_poor_contrast(server: str, page: Page) -> None:
    """The engine is really at work: a grey line on the page's light paper is found."""
    page.goto(f"{server}/#/")
    expect(page.locator("#play-now")).to_be_visible()
    page.evaluate(
        "() => { const p = document.createElement('p'); p.id = 'faint';"
        " p.textContent = 'faint words'; p.style.color = '#d8d2c8';"
        " document.querySelector('#play-now').append(p); }"
    )
    assert any("#faint" in line for line in contrast_problems(page))
