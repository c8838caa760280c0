"""``benchmarks/train_baseline.py``: a tiny training run, then both policies judged on the same
seeds."""

from __future__ import annotations

import pytest

from scripts import load_benchmark, refusal

pytest.importorskip("sb3_contrib", reason="the baseline needs langbord[train]")


def test_a_short_run_trains_and_judges(capsys: pytest.CaptureFixture[str]) -> None:
    baseline = load_benchmark("train_baseline")
    arguments = ["skoventyr", "--reward", "shaped", "--minutes", "0.01", "--games", "3"]
    assert baseline.main([*arguments, "--n-steps", "64", "--option", "trees=7"]) == 0
    out = capsys.readouterr().out
    assert "MaskablePPO trained" in out and "reward shaped" in out and "'trees': 7" in out
    assert out.count("of 3 games") == 2


def test_a_run_may_start_by_imitating_an_agent(capsys: pytest.CaptureFixture[str]) -> None:
    baseline = load_benchmark("train_baseline")
    arguments = ["skoventyr", "--imitate", "policy", "--demonstrations", "4"]
    arguments += ["--imitation-epochs", "1", "--net", "32,32", "--minutes", "0.01"]
    assert baseline.main([*arguments, "--n-steps", "64", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "imitated 4 games of policy" in out and out.count("of 2 games") == 2


def test_a_malformed_network_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    baseline = load_benchmark("train_baseline")
    with pytest.raises(SystemExit):
        baseline.main(["skibe", "--net", "wide"])
    assert "--net must be layer widths" in capsys.readouterr().err


@pytest.mark.parametrize(
    "arguments",
    [
        ["skibe", "--warmup", "grandmaster"],
        ["skoventyr", "--reward", "margin"],
        ["skibe", "--opponents", "nobody"],
        ["skibe", "--players", "9"],
    ],
)
def test_a_bad_recipe_is_refused_before_training(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    refusal(load_benchmark("train_baseline"), [*arguments, "--minutes", "0.01"], capsys)


def test_a_curriculum_run_trains(capsys: pytest.CaptureFixture[str]) -> None:
    baseline = load_benchmark("train_baseline")
    arguments = ["skoventyr", "--reward", "shaped", "--warmup", "policy", "--minutes", "0.01"]
    assert baseline.main([*arguments, "--n-steps", "64", "--games", "2"]) == 0
    assert capsys.readouterr().out.count("of 2 games") == 2
