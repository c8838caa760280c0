"""The records ``langbord play`` saves on its own go to a folder of each test's, never to the
user's data folder."""

from pathlib import Path

import pytest

from langbord.cli.play import RECORDS_ENV


@pytest.fixture(autouse=True)
def records_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("records")
    monkeypatch.setenv(RECORDS_ENV, str(folder))
    return folder
