"""``langbord play GAME --players human,club,…``: a level's name seats that level's bot."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import langbord
from langbord.agents import heuristics
from langbord.agents.levels import level_spec

SCRIPT = shutil.which("langbord", path=str(Path(sys.executable).parent))
COMMAND = [SCRIPT] if SCRIPT else [sys.executable, "-m", "langbord.cli.main"]


def play(*args: str, lines: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, "play", *args],
        cwd=cwd,
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "120"},
    )


def test_a_human_plays_against_levels(tmp_path: Path) -> None:
    """A whole game of Skibe against a beginner and a casual bot, the human answering '1'."""
    done = play(
        "skibe",
        "--players",
        "human,beginner,casual",
        "--seed",
        "3",
        "--fast",
        lines=["1"] * 400,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    beginner, casual = level_spec("skibe", "beginner"), level_spec("skibe", "casual")
    assert f"blue: beginner ({beginner}), yellow: casual ({casual})" in done.stdout
    assert "blue (beginner): " in done.stdout  # its moves, under the level's name
    assert "=== Game over ===" in done.stdout
    record = (tmp_path / "1").read_text("utf-8")  # the end-of-game question took a '1'

    assert '"beginner"' in record and '"casual"' in record


def test_a_level_and_a_spec_seat_side_by_side() -> None:
    done = play("knarr", "--players", "random,CLUB,mcts:iterations=5", "--seed", "2", lines=[])
    assert done.returncode == 0, done.stderr
    assert f"club ({level_spec('knarr', 'club')})" in done.stdout
    assert "mcts:iterations=5" in done.stdout


def test_an_unknown_level_is_one_line_naming_the_levels() -> None:
    done = play("skaal", "--players", "human,clubb,random", lines=[])
    assert done.returncode == 2
    assert done.stderr.startswith("langbord: error: seat 2: unknown agent 'clubb'; agents are: ")
    assert done.stderr.count("\n") == 1
    assert heuristics.best_agent(langbord.load("skaal"))  # the game itself still loads


def test_the_rules_list_the_levels_with_their_strength() -> None:
    done = subprocess.run(
        [*COMMAND, "rules", "skibe", "--card"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "Bot levels (langbord play skibe --players human,LEVEL;" in done.stdout
    for level in ("beginner", "casual", "club", "strong", "best"):
        assert f"\n  {level} — {level_spec('skibe', level)}, rating " in done.stdout
