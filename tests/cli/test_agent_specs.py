"""A bad agent spec on the command line: exit status 2 and one clear line, never a traceback, and
``langbord serve --bot-seconds`` takes only a sensible limit."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from langbord.cli.main import main

TIME_RANGE = "time must be a number of seconds from 0.001 to 3,600"


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "langbord.cli.main", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "LANGBORD_DEBUG": ""},
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["arena", "skibe", "--agents", "mcts:time=nan,random", "--games", "1"],
            f"langbord: error: mcts option time=nan: {TIME_RANGE}",
        ),
        (
            ["play", "skibe", "--players", "mcts:time=nan,random,random", "--fast"],
            f"langbord: error: seat 1: mcts option time=nan: {TIME_RANGE}; or 'human'",
        ),
        (
            ["arena", "knarr", "--agents", "rollouts:rollouts=1000000000,random", "--games", "1"],
            "langbord: error: rollouts option rollouts=1000000000: rollouts must be a whole "
            "number from 1 to 1,000,000",
        ),
        (
            ["play", "knarr", "--players", "mcts:iterations=1e3,greedy,greedy", "--fast"],
            "langbord: error: seat 1: mcts option iterations=1e3: iterations must be a whole "
            "number from 1 to 1,000,000; or 'human'",
        ),
    ],
)
def test_a_bad_spec_is_one_line_and_status_2(argv: list[str], message: str) -> None:
    done = run(*argv)
    assert done.returncode == 2
    assert done.stderr.strip() == message
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0", "1e999", "99999"])
def test_serve_takes_a_sensible_bot_limit(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--bot-seconds", seconds, "--db", "sqlite:///:memory:"]) == 2
    err = capsys.readouterr().err
    assert err == "langbord: error: --bot-seconds must be a number of seconds from 0.01 to 3600\n"


def test_serve_names_its_bot_limit_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "--bot-seconds S" in capsys.readouterr().out
