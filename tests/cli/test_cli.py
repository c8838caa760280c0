"""The ``langbord`` command, driven through ``main()`` and once through the installed script."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import langbord
from langbord.agents import heuristics
from langbord.cli.main import main
from langbord.guides import guide


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == langbord.games()
    # Each game by the name to type, then its title (the rulebook's spelling) and tagline.
    assert "skaal      Skåål — dwarf clans prospect for gold and run Royal Inns." in out
    assert "players: integers 3..5" in out


def test_rules_prints_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "skibe", "--card")
    assert status == 0
    for text in ("SB-1", "SB-6", "take d2", "move equip", "players: number of players"):
        assert text in out
    assert out.rstrip().endswith(
        "Best agent (bot seats and hints unless another is named): mcts:prior=10"
    )
    _, out, _ = run(capsys, "rules", "skoventyr", "--card")
    assert out.rstrip().endswith(f": {heuristics.best_agent(langbord.load('skoventyr'))}")


def test_rules_print_the_page_for_players(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --card: the players' page, in words, every section and clarification, and
    where the card is."""
    page = guide("skaal")
    assert page is not None
    status, out, _ = run(capsys, "rules", "skaal")
    assert status == 0
    flat = " ".join(out.split())
    for section in page.sections:
        assert section.heading in out
        assert " ".join(section.paragraphs[0].split()) in flat
    for clarification in page.clarifications:
        assert " ".join(clarification.text.split()) in flat
    assert "SA-" not in out and "`" not in out  # no ruling id, no markup
    assert "langbord rules skaal --card" in flat


def test_random_writes_a_record_that_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "g.json"
    status, out, err = run(
        capsys, "random", "skibe", "--players", "3", "--seed", "4", "--out", str(out_file)
    )
    assert status == 0, err
    assert "game over" in out
    assert f"record written to {out_file}" in out
    record = json.loads(out_file.read_text())
    assert record["options"] == {"players": 3}
    assert record["meta"]["seed"] == 4

    status, again, _ = run(
        capsys, "random", "skibe", "--players", "3", "--seed", "4", "--out", str(out_file)
    )
    assert again == out  # same seed, same game

    status, out, _ = run(capsys, "replay", str(out_file), "--step", "9")
    assert status == 0
    assert out.startswith(f"=== Skibe: after step 9 of {len(record['actions'])} ===")
    assert "red to take a display card" in out

    status, out, _ = run(capsys, "replay", str(out_file))
    assert status == 0
    assert f"=== step 1: chance: {record['actions'][0]} ===" in out
    assert f"=== step 10: red: {record['actions'][9]} ===" in out
    assert "game over" in out


def test_random_default_record_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, _out, _ = run(capsys, "random", "skibe", "--seed", "12")
    assert status == 0
    assert (tmp_path / "skibe-seed12.json").exists()


def test_random_with_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    status, _, err = run(capsys, "random", "skibe", "--option", "players=5", "--out", str(path))
    assert status == 0, err
    assert json.loads(path.read_text())["options"] == {"players": 5}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["random", "chess"], "unknown game 'chess'; games are: " + ", ".join(langbord.games())),
        (["random", "skibe", "--players", "9"], "players=9 is not allowed; allowed: integers 3..5"),
        (["random", "skibe", "--players", "x"], "invalid int value"),
        (["random", "skibe", "--option", "colour=red"], "unknown option colour"),
        (["random", "skibe", "--option", "players"], "--option takes key=value"),
        (["random", "skibe", "--out", "/nonexistent/dir/x.json"], "cannot write"),
        (["rules", "chess"], "unknown game"),
        (["replay", "/nonexistent.json"], "cannot read record"),
        (["bench", "chess"], "unknown game"),
        (["bench", "skibe", "--seconds", "0"], "--seconds must be positive"),
        (["fly"], "invalid choice: 'fly'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _out, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert err.startswith("langbord: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a JSON object"),
        ('{"game": "skibe"}', "record field 'version' is missing"),
        (
            '{"game": "skibe", "version": 1, "options": {"players": 3}, '
            '"actions": ["reveal red F", "take d1"]}',
            "step 2 ('take d1') does not replay",
        ),
    ],
)
def test_broken_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2
    assert message in err
    assert out == ""


def test_replay_step_out_of_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run(capsys, "random", "skibe", "--seed", "1", "--out", str(path))
    status, _, err = run(capsys, "replay", str(path), "--step", "100000")
    assert status == 2
    assert "outside the record" in err


def test_bench_reports_throughput(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bench", "skibe", "--seconds", "0.2")
    assert status == 0
    header, row = out.splitlines()[:2]
    assert header.split()[:4] == ["game", "steps/s", "(median)", "games/s"]
    assert "mcts it/s" in header
    assert row.startswith("skibe")
    assert float(row.split()[1].replace(",", "")) > 0
    assert "KiB" in row
    assert row.endswith("players=4")
    assert "peak RSS" in out


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    assert status == 2
    assert "usage: langbord" in out


def test_installed_script_runs(tmp_path: Path) -> None:
    """The console script a user types, in a real process."""
    script = shutil.which("langbord", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "langbord.cli.main"]
    env = dict(os.environ, PYTHONWARNINGS="error")
    done = subprocess.run(
        [*command, "random", "skibe", "--seed", "2", "--out", str(tmp_path / "x.json")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "record written to" in done.stdout
    bad = subprocess.run(
        [*command, "replay", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("langbord: error: cannot read record")


@pytest.mark.parametrize(
    ("flag", "value", "detail"),
    [
        ("--live-tables", "0", "--live-tables must be 1 to 1000000"),
        ("--abandon-days", "nan", "--abandon-days must be a number of more than 0"),
        ("--abandon-days", "-1", "--abandon-days must be a number of more than 0"),
        ("--write-wait", "inf", "--write-wait must be a number of more than 0 and at most 600"),
    ],
)
def test_serve_refuses_bad_settings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flag: str, value: str, detail: str
) -> None:
    url = f"sqlite:///{tmp_path / 'langbord.db'}"
    code, out, err = run(capsys, "serve", "--db", url, flag, value)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"langbord: error: {detail}")
    assert not (tmp_path / "langbord.db").exists()  # refused before the database is opened
