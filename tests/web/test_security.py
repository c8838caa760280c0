"""The browser table under the server's Content-Security-Policy: the page, its modules and its
style sheet come with the policy and the other security headers; Chromium enforces it (an
injected inline script or style attribute does nothing and is reported), and a table of each
game draws its board without breaching it."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, ConsoleMessage, expect

from web.test_browser import SEATS, create_in_lobby


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/style.css", "/api/games"])
def test_every_answer_has_the_headers(server: str, path: str) -> None:
    answer = httpx.get(f"{server}{path}", timeout=10)
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "frame-ancestors 'none'" in policy
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.console_errors("Content Security Policy")  # the breach it provokes, and checks
def test_chromium_enforces_the_policy(server: str, browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    breaches: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            breaches.append(message.text)

    page.on("console", heard)
    page.goto(f"{server}/#/")
    expect(page.locator("#game")).to_be_visible()
    assert breaches == []  # the lobby itself is within the policy
    page.evaluate(
        """() => {
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.appendChild(script);
          document.body.setAttribute("style", "background: rgb(255, 0, 0)");
        }"""
    )
    # Both refusals are reported before the checks read the page (no fixed wait).
    for _ in range(500):
        if len(breaches) >= 2:
            break
        page.wait_for_timeout(10)  # lets Playwright deliver the console events
    assert page.evaluate("() => window.injected === undefined")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 0, 0)"
    assert len(breaches) >= 2, breaches  # the script and the style attribute, both refused
    context.close()


@pytest.mark.parametrize("game", sorted(SEATS))
def test_each_board_draws_within_the_policy(server: str, browser: Browser, game: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    breaches: list[str] = []
    page.on(
        "console",
        lambda message: (
            breaches.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    create_in_lobby(page, server, game, SEATS[game])
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#board svg")).to_have_class(re.compile(rf"\bboard-{game}\b"))
    assert breaches == []
    context.close()
