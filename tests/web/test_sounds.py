"""The sounds setting at a real table in Chromium: off until the player turns it on, remembered
on the device across a reload, and turning it on (which plays a sound at once) raises no error
in the page and needs nothing the page's Content-Security-Policy forbids."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from web.test_browser import create_in_lobby

STORED = "() => localStorage.getItem('langbord.sounds')"

COUNT_STARTS = """
for (const kind of [window.OscillatorNode, window.AudioBufferSourceNode]) {
  const start = kind.prototype.start;
  kind.prototype.start = function (...args) {
    window.soundParts = (window.soundParts || 0) + 1;
    return start.apply(this, args);
  };
}
"""
"""Counts the tones and noises the page starts, in ``window.soundParts``."""


def test_sounds_are_off_until_turned_on_and_remembered(server: str, page: Page) -> None:
    page.add_init_script(COUNT_STARTS)
    create_in_lobby(page, server, "knarr", ["human", "random"])
    toggle = page.locator("#controls #sounds")
    expect(toggle).not_to_be_checked()
    assert page.evaluate(STORED) is None
    expect(toggle).to_have_accessible_name("Sounds")

    assert page.evaluate("() => window.soundParts ?? 0") == 0  # silent while off
    toggle.check()  # plays a sound at once: any page error fails the test
    assert page.evaluate(STORED) == "on"
    page.wait_for_function("() => window.soundParts > 0", timeout=5_000)
    page.reload()
    expect(page.locator("#controls #sounds")).to_be_checked()

    page.locator("#controls #sounds").uncheck()
    assert page.evaluate(STORED) == "off"
    page.reload()
    expect(page.locator("#controls #sounds")).not_to_be_checked()


def test_the_sounds_toggle_fits_a_phone(server: str, browser: Browser) -> None:
    """On a phone the setting is a touch target of 44 px or more, and the control bar, one
    setting longer, still wraps within the screen."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        create_in_lobby(page, server, "skibe", ["human", "random", "random"])
        label = page.locator("#controls label:has(#sounds)")
        expect(label).to_be_visible()
        box = label.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"the page scrolls sideways by {wide} px"
    finally:
        context.close()
