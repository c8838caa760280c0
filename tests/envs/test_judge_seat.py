"""``benchmarks/judge_seat.py``: langbord agents judged in a trained baseline's seat and deals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts import load_benchmark, refusal

pytest.importorskip("gymnasium", reason="the seat environment needs langbord[rl]")


def test_agents_are_judged_on_the_baselines_deals(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_benchmark("judge_seat")
    arguments = ["skibe", "--players", "3", "--agents", "greedy,random", "--against", "random"]
    assert script.main([*arguments, "--games", "12"]) == 0
    out = capsys.readouterr().out
    lines = re.findall(
        r"  (\S+) against random: wins ([\d.]+)% \[.*\] of 12 games, ([\d.]+) s", out
    )
    assert [name for name, _, _ in lines] == ["greedy", "random"]
    shares = {name: float(share) for name, share, _ in lines}
    assert shares["greedy"] > shares["random"]

    from langbord.envs.training import Recipe, agent_chooser, judge

    won, _ = judge(Recipe("skibe", {"players": 3}), agent_chooser("greedy", 0), 12)
    assert shares["greedy"] == pytest.approx(100 * won / 12, abs=0.05)


def test_no_games_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_benchmark("judge_seat")
    err = refusal(script, ["skibe", "--agents", "greedy", "--games", "0"], capsys)
    assert "--games must be at least 1" in err


@pytest.mark.parametrize(
    "arguments",
    [
        ["skibe", "--agents", "rollouts:64"],
        ["skibe", "--agents", "greedy", "--against", "grandmaster"],
        ["skibe", "--players", "9", "--agents", "greedy"],
    ],
)
def test_a_bad_agent_game_or_option_is_refused_before_any_game(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    refusal(load_benchmark("judge_seat"), arguments, capsys)


def test_a_spec_with_several_options_is_one_agent(capsys: pytest.CaptureFixture[str]) -> None:
    """``rollouts:rollouts=4,credit=0.3,policy``: the comma before ``credit`` continues the
    spec, the one before ``policy`` starts the next agent."""
    script = load_benchmark("judge_seat")
    arguments = ["skoventyr", "--agents", "rollouts:rollouts=4,credit=0.3,policy"]
    assert script.main([*arguments, "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "  rollouts:rollouts=4,credit=0.3 against random: wins" in out
    assert "  policy against random: wins" in out


def test_skoventyr_strength_takes_specs_with_options_and_refuses_bad_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_benchmark("skoventyr_strength")
    out = tmp_path / "strength.txt"
    arguments = ["--agents", "rollouts:rollouts=2,credit=0.3,policy", "--games", "1"]
    assert (
        script.main([*arguments, "--modules", "lygtemands", "--players", "1", "--out", str(out)])
        == 0
    )
    rows = [line for line in out.read_text().splitlines() if "| lygtemands |" in line]
    assert [row.split("|")[1].strip() for row in rows] == [
        "rollouts:rollouts=2,credit=0.3",
        "policy",
    ]
    # The agent column is as wide as the longest spec: every row's bars line up with the header's.
    table = [line for line in out.read_text().splitlines() if line.startswith("|")]
    bars = {tuple(i for i, c in enumerate(line) if c == "|") for line in table}
    assert len(table) == 4 and len(bars) == 1, table
    for bad in (["--agents", "rollouts:credit=2"], ["--modules", "giants"], ["--players", "5"]):
        refusal(script, [*bad, "--out", str(out)], capsys)
