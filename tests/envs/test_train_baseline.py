"""``benchmarks/train_baseline.py``: a tiny training run, then both policies judged on the same
seeds."""

from __future__ import annotations

import pytest

from scripts import load_benchmark

pytest.importorskip("sb3_contrib", reason="the baseline needs langbord[train]")


def test_a_short_run_trains_and_judges(capsys: pytest.CaptureFixture[str]) -> None:
    baseline = load_benchmark("train_baseline")
    arguments = ["skoventyr", "--reward", "shaped", "--minutes", "0.01", "--games", "3"]
    assert baseline.main([*arguments, "--n-steps", "64", "--option", "trees=7"]) == 0
    out = capsys.readouterr().out
    assert "MaskablePPO trained" in out and "reward shaped" in out and "'trees': 7" in out
    assert out.count("of 3 games") == 2
