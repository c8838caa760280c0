"""Shared test configuration: Hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` runs more examples),
the number of parallel workers, a records folder per test."""

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=400, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker per core and two more, since the browser and server tests spend
    much of their time waiting on Chromium and server processes."""
    return (os.cpu_count() or 1) + 2


@pytest.fixture(autouse=True)
def records_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """The records ``langbord play`` saves on its own go to a folder of the test's, never to the
    user's data folder."""
    folder = tmp_path_factory.mktemp("records")
    monkeypatch.setenv("LANGBORD_RECORDS", str(folder))
    return folder
