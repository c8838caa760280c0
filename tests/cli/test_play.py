"""``langbord play`` and the replay viewer, driven through the installed ``langbord`` script with
scripted input (plain text through a pipe), and through a pseudo-terminal for the rich output."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import langbord
from langbord.agents import MCTSAgent, RandomAgent, RolloutAgent, heuristics
from langbord.cli.play import hint_agent, records_dir, seat_specs
from langbord.record import load, replay
from terminal import run_in_terminal

SCRIPT = shutil.which("langbord", path=str(Path(sys.executable).parent))
COMMAND = [SCRIPT] if SCRIPT else [sys.executable, "-m", "langbord.cli.main"]

# Every game with one human seat and quick bots; "1" picks the first option every time.
FULL_GAMES = {
    "skibe": ["--players", "human,random,random"],
    "skaal": ["--players", "human,random,random,random"],
    "knarr": ["--players", "human,random,random"],
    "skoventyr": ["--players", "human"],
}


def play(
    *args: str, lines: list[str] | None = None, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``langbord play ARGS`` with ``lines`` as its input (a pipe, so plain output)."""
    text = "".join(line + "\n" for line in lines) if lines is not None else None
    return subprocess.run(
        [*COMMAND, *args],
        input=text,
        stdin=None if text is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "120"},
    )


@pytest.mark.parametrize("name", sorted(FULL_GAMES))
def test_a_whole_game_with_a_human_seat(name: str, tmp_path: Path) -> None:
    """The human answers '1' to every decision, to the end; then saves the record, which
    replays to the same result."""
    args = ["play", name, *FULL_GAMES[name], "--seed", "5", "--fast"]
    done = play(*args, lines=["1"] * 3000 + ["final.json"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "to move ===" in out and "Your options" in out
    assert "=== Game over ===" in out and "Scores:" in out
    assert "Input ended" not in out
    record = load(tmp_path / "1")  # the end-of-game question took the next '1' as a file name
    final = replay(record)
    assert final.is_terminal()
    assert record["meta"]["agent_specs"][0] == "human"


def test_seats_default_to_one_human_and_the_best_agents_bots() -> None:
    done = play("play", "skibe", "--seed", "2", "--fast", lines=["quit", ""])
    assert done.returncode == 0, done.stderr
    bots = ", ".join(f"{colour}: mcts:prior=10" for colour in ("blue", "yellow", "green"))
    assert f"Seats — red: you, {bots}. Seed 2." in done.stdout
    assert "Goodbye." in done.stdout


def test_bot_seats_and_hints_come_from_the_games_best_agent() -> None:
    """Skoventyr's best agent is not MCTS (greedy and MCTS lose nearly every game): seats left
    to bots get its ``BEST_AGENT``, and so does ``hint``, which rates the actions by rollouts."""
    game = langbord.load("skoventyr", players=2)
    best = heuristics.best_agent(game)
    assert best.startswith("rollouts:") and heuristics.best_agent("skibe").startswith("mcts")
    assert seat_specs(game, None) == ["human", best]
    assert isinstance(hint_agent(game, 1), RolloutAgent)
    assert isinstance(hint_agent(langbord.load("skibe"), 1), MCTSAgent)
    done = play(
        *("play", "skoventyr", "--option", "players=2", "--seed", "3", "--fast"),
        lines=["hint", "quit", ""],
    )
    assert done.returncode == 0, done.stderr
    assert f"player 2: {best}" in done.stdout
    assert re.search(
        r"hint: \S.* — estimated chance of winning \d+% \(\d+ simulations\)", done.stdout
    )


def test_only_bots_play_to_the_end_without_input() -> None:
    done = play("play", "skibe", "--players", "random,greedy,random", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "=== Game over ===" in done.stdout
    assert re.search(r"Scores: red \d+, blue \d+, yellow \d+", done.stdout)
    assert "blue (greedy): " in done.stdout  # bots' moves are shown with their notation
    assert "  chance: reveal " in done.stdout  # and so are chance events


def test_hint_undo_save_and_resume(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    lines = ["take d1", "hint", "2", "undo", "lay 3", f"save {saved}", "quit", ""]
    done = play(
        "play", "skibe", "--players", "human,greedy,greedy", "--seed", "3", "--fast", lines=lines
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"hint: \S.* — estimated chance of winning \d+% \(\d+ simulations\)", out)
    assert "Undone: back before 'lay 2'." in out
    assert f"Saved to {saved} (continue with: langbord play --resume {saved})" in out
    record = load(saved)
    actions = record["actions"]
    assert isinstance(actions, list)
    human = [a for a in actions if a in ("take d1", "lay 2", "lay 3")]
    assert human == ["take d1", "lay 3"]  # the undone 'lay 2' left no trace
    state = replay(record)
    assert not state.is_terminal() and state.current_player() == 0

    resumed = play("play", "--resume", str(saved), "--fast", lines=["1"] * 500 + [""], cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert "Resumed." in resumed.stdout and "blue: greedy" in resumed.stdout
    assert "=== Game over ===" in resumed.stdout


def test_undo_stops_at_chance() -> None:
    """'draw' reveals the top card of the pile: the decision before it cannot be taken back."""
    lines = ["draw", "undo", "quit", ""]
    done = play(
        "play", "skibe", "--players", "human,random,random", "--seed", "3", "--fast", lines=lines
    )
    assert "Cannot undo: chance has spoken since your last decision" in done.stdout
    first = play(
        "play",
        "skibe",
        "--players",
        "human,random,random",
        "--seed",
        "3",
        "--fast",
        lines=["undo", "quit", ""],
    )
    assert "Nothing to undo: this is your first decision." in first.stdout


def test_garbage_input_explains_itself_and_loses_nothing(tmp_path: Path) -> None:
    lines = [
        "",
        "   ",
        "0",
        "999",
        "xyzzy",
        "\x01\x02 \u2603",
        "x" * 5000,
        "lay",  # not legal now: the engine says why
        "ta",  # ambiguous: take d1, take d2, take d3
        "save",
        f"save {tmp_path}/no/such/dir/g.json",
        "quit",
        "back",  # play on after all
        "take d",
        "take d2",
        "quit",
        str(tmp_path / "kept.json"),
    ]
    done = play(
        "play", "skibe", "--players", "human,random,random", "--seed", "3", "--fast", lines=lines
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "there is no option 0: choose 1 to 4" in out
    assert "there is no option 999: choose 1 to 4" in out
    assert "skibe: 'xyzzy' is not an action" in out
    assert "'ta' could be 'take d1', 'take d2', 'take d3': type more of it, or its number" in out
    assert "'take d' could be" in out
    assert "save needs a file name" in out
    assert "cannot write" in out
    record = load(tmp_path / "kept.json")
    actions = record["actions"]
    assert isinstance(actions, list) and "take d2" in actions
    assert next(a for a in actions if a.startswith(("take", "draw", "lay"))) == "take d2"


def test_end_of_input_saves_the_game(tmp_path: Path) -> None:
    done = play(
        "play",
        "knarr",
        "--players",
        "human,random",
        "--seed",
        "4",
        "--fast",
        lines=["1", "1"],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Input ended." in done.stdout
    assert not list(tmp_path.glob("*.json"))  # not in the working directory
    saved = list(records_dir().glob("langbord-knarr-*.json"))
    assert len(saved) == 1
    assert f"Saved to {saved[0]} (continue with: langbord play --resume {saved[0]})" in (
        " ".join(done.stdout.split())
    )
    state = replay(load(saved[0]))
    assert not state.is_terminal()


def test_records_go_to_the_folder_named_by_the_option(tmp_path: Path) -> None:
    folder = tmp_path / "my" / "games"
    done = play(
        "play", "skibe", "--players", "human,random,random", "--seed", "2", "--fast",
        "--records", str(folder), lines=["1"], cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (saved,) = folder.glob("langbord-skibe-*.json")
    assert f"Saved to {saved}" in " ".join(done.stdout.split())
    assert not list(records_dir().glob("*.json"))


def test_the_records_folder_is_the_users_data_folder_unless_named() -> None:
    assert records_dir({"LANGBORD_RECORDS": "~/games"}) == Path.home() / "games"
    assert records_dir({"XDG_DATA_HOME": "/srv/data"}) == Path("/srv/data/langbord/records")
    assert records_dir({}) == Path.home() / ".local/share/langbord/records"


def test_two_humans_pass_the_keyboard_and_see_only_their_own_hands() -> None:
    done = play(
        "play",
        "knarr",
        "--players",
        "human,human",
        "--seed",
        "6",
        "--fast",
        lines=["1"] * 12 + ["quit", ""],
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Pass the keyboard to player 2" in out
    assert "Pass the keyboard to player 1" in out
    tables = re.findall(r"=== player (\d) \(human\) to move ===\n(.*?)\nYour options", out, re.S)
    assert {seat for seat, _ in tables} == {"1", "2"}
    for seat, table in tables:
        other = 3 - int(seat)
        block = table.split(f"player {other}: ")[1].split("\n  player")[0]
        hand = next(line for line in block.splitlines() if "hand:" in line)
        assert re.match(r"\s+hand: \d+ cards?(:|$)", hand), hand
    # Chance is told without the other seat's secrets.
    assert "a viking is drawn into player 2's hand" in out
    assert "a viking is drawn into player 1's hand" in out


def test_the_engine_explains_an_illegal_move() -> None:
    done = play(
        "play",
        "skaal",
        "--players",
        "human,random,random",
        "--seed",
        "1",
        "--fast",
        lines=["move Kamau>Kippis", "quit", ""],
    )
    assert (
        "'move Kamau>Kippis': now black places a setup dwarf "
        "('place Kamau', 'place Jarama' or 'place Topa')"
    ) in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play"], "name a game to play: knarr, skaal, skibe, skoventyr"),
        (["play", "skibe", "--players", "human,alphazero"], "seat 2: unknown agent 'alphazero'"),
        (["play", "skibe", "--players", ",".join(["human"] * 6)], "seats at most 5 players"),
        (
            ["play", "skibe", "--option", "players=3", "--players", "human,mcts,mcts,mcts"],
            "Skibe has 3 seats here, but 4 were named",
        ),
        (["play", "--resume", "no-such-file.json"], "cannot read record 'no-such-file.json'"),
        (["play", "skibe", "--resume", "x.json"], "--resume FILE continues a saved game"),
    ],
)
def test_bad_arguments_are_one_line(args: list[str], message: str) -> None:
    done = play(*args, lines=[])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("langbord: error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1


def test_resume_a_finished_game_points_to_replay(tmp_path: Path) -> None:
    game = langbord.load("skibe", players=3)
    record = langbord.play_game(game, [RandomAgent(i) for i in range(3)], 1)
    path = tmp_path / "done.json"
    path.write_text(json.dumps(record))
    done = play("play", "--resume", str(path), lines=[])
    assert done.returncode == 2
    assert f"is over; watch it with: langbord replay {path}" in done.stderr


# ---- a real terminal --------------------------------------------------------------------------


def test_rich_output_on_a_terminal(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    out = run_in_terminal(
        [*COMMAND, "play", "skaal", "--players", "human,random,random", "--seed", "2", "--fast"],
        ["hlep", "1", f"save {saved}", "quit", ""],
    )
    assert "\x1b[" in out  # colour
    assert "╭" in out and "╰" in out  # the table in a frame
    assert "to move" in out and "Your options" in out
    assert "'hlep' is not an action" in out
    assert "Goodbye." in out
    assert saved.exists()


def test_replay_viewer_steps_through_a_record(tmp_path: Path) -> None:
    game = langbord.load("skibe", players=3)
    record = langbord.play_game(game, [RandomAgent(i) for i in range(3)], 2)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    out = run_in_terminal([*COMMAND, "replay", str(path)], ["", "", "b", "10", "zz", "q"])
    assert "Skibe: step 0 of" in out
    assert "Skibe: step 2 of" in out
    assert f"Skibe: step 10 of {len(record['actions'])}" in out
    assert "'zz' is not a viewer command" in out
