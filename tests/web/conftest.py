"""A real ``langbord serve`` and Debian's Chromium, driven by Playwright.

Chromium comes from the system (``apt-get install chromium``; ``LANGBORD_CHROMIUM`` names another
binary): Playwright's own browser download is not used. Without it these tests are skipped,
except in CI, where they fail. Screenshots go to
``tests/web/screenshots/`` (kept: a failing test's last screen is there too).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    sync_playwright,
)

SHOTS = Path(__file__).parent / "screenshots"

MOVED = (  # a function, not a string: the page's CSP forbids eval
    "(before) => document.querySelectorAll('#log li').length > before || "
    "document.getElementById('game-over') !== null"
)


def click_and_wait(page: Page, target: Locator) -> None:
    """Clicks ``target``, a legal move, and waits for the table to move on (its log grows, or
    the game ends). A choice that forgoes something is asked first, and the question may come a
    moment after the click: whichever comes, the move or the question, is waited for, and the
    question answered yes."""
    before = page.locator("#log li").count()
    target.click()
    page.wait_for_function(
        f"(before) => ({MOVED})(before) || document.getElementById('confirm') !== null",
        arg=before,
        timeout=30_000,
    )
    if page.locator("#confirm").count():
        page.click("#confirm-yes")
        page.wait_for_function(MOVED, arg=before, timeout=30_000)


def chromium() -> str:
    """Debian's Chromium. Without it the browser tests are skipped, saying how to install it
    (in CI, where ``CI`` is set and ``.ci/run`` installs it, they fail instead)."""
    found = os.environ.get("LANGBORD_CHROMIUM") or shutil.which("chromium")
    if not found:
        reason = "no Chromium: apt-get install chromium (or set LANGBORD_CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a ``langbord serve`` on a fresh SQLite file, one for every browser test
    of a worker (each test makes its own tables; a test that needs a server of its own, or
    restarts it, starts one)."""
    db = tmp_path_factory.mktemp("web") / "web.db"
    port = free_port()
    log = (tmp_path_factory.getbasetemp() / f"serve-{port}.log").open("wb")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "langbord.cli.main",
            "serve",
            "--db",
            f"sqlite:///{db}",
            "--port",
            str(port),
            # The limits per client address stay on; one browser plays many games quickly.
            "--create-rate",
            "10000/minute",
            "--join-rate",
            "10000/minute",
            "--move-rate",
            "100000/minute",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"langbord serve did not start (see {log.name})")
        time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(10)
    log.close()


ERRORS: list[str] = []
"""The page errors and console errors of the running test's pages, but those it expects."""
EXPECTED: list[str] = []
"""Parts of console errors the running test provokes on purpose (``console_errors`` marker)."""


INSTANT = (
    "try { if (!localStorage.getItem('langbord.speed'))"
    " localStorage.setItem('langbord.speed', 'instant'); } catch { /* about:blank */ }"
)
"""The others' moves are shown at once unless a test chooses a pace (``#speed``): tests of the
boards click the live table, and the pacing has tests of its own (test_table_page.py)."""


def _on_console(message: ConsoleMessage) -> None:
    text = message.text
    wrong = message.type == "error" or "Content Security Policy" in text
    if wrong and not any(part in text for part in EXPECTED):
        ERRORS.append(text)


def watch(page: Page) -> None:
    """Count ``page``'s errors against the running test (every page of every context made from
    the ``browser`` fixture is watched already)."""
    page.on("pageerror", lambda exc: ERRORS.append(str(exc)))
    page.on("console", _on_console)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Chromium, one for every browser test of a worker (each test has contexts of its own),
    whose every new context watches its pages' errors (see ``no_page_errors``)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=chromium(), args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        new_context = launched.new_context

        def watched_context(*args: Any, **kwargs: Any) -> BrowserContext:
            context = new_context(*args, **kwargs)
            context.on("page", watch)
            context.add_init_script(INSTANT)
            close = context.close

            def quiet_close(*args: Any, **kwargs: Any) -> None:
                # A route handler still fetching when its page closes would raise "Response
                # has been disposed" into whichever Playwright call runs next (the next
                # test's setup): the handlers are dropped, their late errors ignored, first.
                for opened in context.pages:
                    with contextlib.suppress(Exception):
                        opened.unroute_all(behavior="ignoreErrors")
                with contextlib.suppress(Exception):
                    context.unroute_all(behavior="ignoreErrors")
                close(*args, **kwargs)

            context.close = quiet_close  # type: ignore[method-assign]
            return context

        launched.new_context = watched_context  # type: ignore[method-assign]
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def no_page_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser test fails on any page error or console error of any of its pages
    (breaches of the server's Content-Security-Policy among them), but those it names with
    ``@pytest.mark.console_errors("text", ...)`` (e.g. the 409 a stale click earns)."""
    marker = request.node.get_closest_marker("console_errors")
    ERRORS.clear()
    EXPECTED[:] = marker.args if marker else ()
    yield
    found = list(ERRORS)
    ERRORS.clear()
    assert not found, f"errors in the page: {found}"


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page at 1280x800 (its errors fail the test, see ``no_page_errors``); its last screen
    is saved."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    opened = context.new_page()
    yield opened
    SHOTS.mkdir(exist_ok=True)
    name = request.node.name.replace("/", "_")
    with contextlib.suppress(Exception):  # the page may be gone; the test's result stands
        opened.screenshot(path=str(SHOTS / f"{name}-last.png"), full_page=True)
    context.close()
