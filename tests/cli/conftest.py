"""The terminal's tests read English: the locale a test runs under (``LANG=da_DK.UTF-8`` on a
Danish machine) must not change what ``langbord`` says, in this process or in the ones it
starts, so every test here runs in the C locale unless it sets another."""

from __future__ import annotations

import pytest

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
