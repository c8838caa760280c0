"""The arena: seat rotation, statistics, determinism across processes, JSON lines, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import langbord
from langbord import OptionError
from langbord.agents.specs import split_specs
from langbord.cli.main import main
from langbord.sim.arena import run_arena, seating
from langbord.sim.stats import wilson


def test_split_specs_keeps_mcts_options_together() -> None:
    assert split_specs("mcts,greedy,random") == ["mcts", "greedy", "random"]
    assert split_specs("mcts:time=0.25,rollout=greedy,random") == [
        "mcts:time=0.25,rollout=greedy",
        "random",
    ]
    with pytest.raises(OptionError):
        split_specs("mcts,,random")


def test_seating_rotates_and_fills_with_the_last_agent() -> None:
    assert seating(["a", "b"], 4, 0) == ["a", "b", "b", "b"]
    assert seating(["a", "b"], 4, 1) == ["b", "a", "b", "b"]
    assert [seating(["a", "b", "c"], 3, i)[0] for i in range(3)] == ["a", "c", "b"]


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and low > 0.69


def test_arena_counts_every_seat_game_and_is_the_same_with_two_processes(
    tmp_path: Path,
) -> None:
    one = run_arena("skibe", ["greedy", "random"], 6, seed=2, options={"players": 3})
    out = tmp_path / "games.jsonl"
    two = run_arena(
        "skibe", ["greedy", "random"], 6, seed=2, options={"players": 3}, jobs=2, out=out
    )
    assert one.table() == two.table()
    assert one.agents["greedy"].plays == 6 and one.agents["random"].plays == 12
    total = one.agents["greedy"].wins + one.agents["random"].wins
    assert total == pytest.approx(6.0)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["game"] for g in lines] == list(range(6))
    assert [g["seats"].index("greedy") for g in lines] == [0, 1, 2, 0, 1, 2]
    assert all(g["record"]["game"] == "skibe" for g in lines)


def test_arena_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    status = main(
        [
            *("arena", "skaal", "--agents", "greedy,random", "--games", "2", "--players", "3"),
            *("--option", "max_rounds=10", "--out", str(out)),
        ]
    )
    text = capsys.readouterr().out
    assert status == 0
    assert "95% interval" in text and "greedy" in text and "x fair" in text
    assert "time per decision" in text and "longest s" in text
    assert len(out.read_text().splitlines()) == 2


def test_arena_times_every_decision_of_every_agent(tmp_path: Path) -> None:
    """Each game's line counts, per seat, the decisions its agent was asked for (every step of
    that seat in the record) and their time; the arena adds them up per agent."""
    out = tmp_path / "games.jsonl"
    result = run_arena("skibe", ["greedy", "random"], 3, seed=4, options={"players": 3}, out=out)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    asked = {"greedy": 0, "random": 0}
    for line in lines:
        state = langbord.load("skibe", players=3).new_initial_state()
        movers = []
        for text in line["record"]["actions"]:
            movers.append(state.current_player())
            state.apply_action(state.string_to_action(text))
        for seat, spec in enumerate(line["seats"]):
            decisions, seconds, longest = line["think"][seat]
            assert decisions == movers.count(seat) > 0
            assert 0.0 <= longest <= seconds
            asked[spec] += decisions
    for spec, count in asked.items():
        watch = result.thinking[spec]
        assert watch.decisions == count
        assert 0.0 < watch.longest <= watch.seconds
        assert max(line["think"][s][2] for line in lines for s in range(3)) >= watch.longest
    timing = result.timing().splitlines()
    assert timing[0].split() == ["agent", "decisions", "mean", "s", "longest", "s"]
    assert [row.split()[0] for row in timing[1:]] == ["greedy", "random"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "skibe", "--agents", "wizard"], "unknown agent 'wizard'"),
        (["arena", "skibe", "--agents", "random", "--games", "0"], "--games must be at least 1"),
        (["arena", "skibe", "--agents", "random", "--jobs", "0"], "--jobs must be at least 1"),
        (["arena", "skibe", "--agents", "random", "--players", "9"], "players=9"),
        (["arena", "skibe"], "--agents"),
    ],
)
def test_arena_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
